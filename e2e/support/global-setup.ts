import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { builtApp, launchServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the built app has migrated and seeded with its demo data, once per run. */
    seededDataDir: string;
  }
}

/**
 * The browser tests' one cold start: the built app on an empty data folder (initdb, migrations,
 * reference data, catalogue, demo accounts), stopped cleanly. Each test file's server starts on a
 * copy of that folder (support/server.ts), so every file begins from the same known state.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lavoura-e2e-seed-'));
  const dataDir = path.join(dir, 'data');
  if (builtApp()) {
    const server = await launchServer(dataDir);
    await server.stop({ keepData: true });
  }
  project.provide('seededDataDir', dataDir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
