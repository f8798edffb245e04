import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { builtApp, launchServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the built app has migrated and seeded with its demo data, once per run. */
    seededDataDir: string;
    /** The one server the files that only read share (support/server.ts, `readOnlyServer`). */
    readOnlyServerUrl: string;
  }
}

/**
 * The browser tests' one cold start: the built app on an empty data folder (initdb, migrations,
 * reference data, catalogue, demo accounts), stopped cleanly. Each test file's server starts on a
 * copy of that folder (support/server.ts), so every file begins from the same known state; the
 * files that only read share one more server on another copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-e2e-seed-'));
  const dataDir = path.join(dir, 'data');
  let shared: RunningServer | undefined;
  if (builtApp()) {
    const seeding = await launchServer(dataDir, {}, 300_000);
    await seeding.stop({ keepData: true });
    const sharedDir = path.join(dir, 'read-only');
    fs.cpSync(dataDir, sharedDir, { recursive: true });
    shared = await launchServer(sharedDir);
  }
  project.provide('seededDataDir', dataDir);
  project.provide('readOnlyServerUrl', shared?.baseUrl ?? '');
  return async () => {
    await shared?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
