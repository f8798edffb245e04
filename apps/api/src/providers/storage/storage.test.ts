import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from './file-storage.ts';
import { localStorage } from './local-storage.ts';
import { s3Storage } from './s3-storage.ts';

/** Both adapters keep the one contract: put, get back the same bytes, delete, gone. */
const folders: string[] = [];
const tempFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-storage-'));
  folders.push(folder);
  return folder;
};

let server: S3rver;
let s3: ReturnType<typeof s3Storage>;
let local: FileStorage;
let localRoot: string;

beforeAll(async () => {
  localRoot = tempFolder();
  local = localStorage(localRoot);
  // A local S3-compatible server (pure JavaScript), on a free port.
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempFolder() });
  const { port } = await server.run();
  s3 = s3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'lavoura-files',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'test',
  });
  await s3.client.send(new CreateBucketCommand({ Bucket: 'lavoura-files' }));
});
afterAll(async () => {
  s3.client.destroy();
  await server.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe.each([
  ['local', () => local],
  ['s3', () => s3 as FileStorage],
] as const)('the %s storage', (kind, storage) => {
  it('gives back the bytes it was given, and nothing once deleted', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 10, 13]);
    const key = `notes/1/2/${kind}-photo`;
    expect(storage().kind).toBe(kind);
    await storage().put(key, bytes, 'image/png');
    expect(await storage().get(key)).toEqual(bytes);
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    // Deleting what is gone is no error.
    await storage().delete(key);
  });

  it('answers null for a key never written', async () => {
    expect(await storage().get('notes/9/9/never')).toBeNull();
  });

  it('refuses a key that could leave its folder', async () => {
    await expect(storage().put('../escape', new Uint8Array([1]), 'text/plain')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage().get('notes/../../etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('the local storage', () => {
  it('keeps each key as a file under its folder', async () => {
    await local.put('notes/3/4/abc', new Uint8Array([1, 2, 3]), 'application/pdf');
    expect(fs.readFileSync(path.join(localRoot, 'notes', '3', '4', 'abc'))).toEqual(
      Buffer.from([1, 2, 3]),
    );
  });
});
