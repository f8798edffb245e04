import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { lintOpenApiFile } from './openapi-lint.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
}
interface Document {
  servers: { url: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let document: Document;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-openapi-test-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method} ${url}`,
      operation,
    })),
  );

describe('the OpenAPI document', () => {
  it('declares the bearer and cookie schemes and the server', () => {
    expect(document.components.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
    });
    expect(document.servers).toHaveLength(1);
  });

  it('gives every operation a unique id, a summary and its area', () => {
    const ids = operations().map(({ route, operation }) => {
      expect(operation.summary, route).toBeTruthy();
      expect(operation.tags, route).toHaveLength(1);
      expect(operation.operationId, route).toMatch(/^[a-z][A-Za-z]+$/);
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(40);
  });

  it('says which operations need a session, from each route’s access rule', () => {
    const security = (route: string) =>
      operations().find((entry) => entry.route === route)?.operation.security;
    expect(security('post /admin-api/login')).toEqual([]);
    expect(security('get /api/crops')).toEqual([]);
    const session = [{ bearer: [] }, { cookie: [] }];
    expect(security('get /api/menu/dados-usuario')).toEqual(session);
    expect(security('get /admin-api/accounts')).toEqual(session);
    for (const { route, operation } of operations())
      expect(operation.security, route).toBeDefined();
  });

  it('passes the OpenAPI lint of npm run check', () => {
    const file = path.join(dir, 'app.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const result = lintOpenApiFile(file, 'pipe');
    expect(result.report).toMatch(/valid/);
    expect(result.ok).toBe(true);
  });

  it('fails npm run lint:openapi on a document with lint errors', () => {
    // An operation without summary and a security scheme nobody declared.
    const broken = structuredClone(document);
    const login = broken.paths['/admin-api/login']!.post!;
    delete login.summary;
    login.security = [{ undeclared: [] }];
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, JSON.stringify(broken));

    const script = fileURLToPath(new URL('./openapi-lint.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, file], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain('operation-summary');
    expect(run.stdout + run.stderr).toContain('security-defined');
  });
});
