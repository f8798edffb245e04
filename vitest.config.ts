// Date-only agronomic days must not shift with the machine's zone: tests run in a negative-offset zone.
process.env.TZ = process.env.TZ || 'America/Manaus';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import BrowserFirstSequencer from './scripts/test-sequencer.ts';

/**
 * One Vitest run over every tier (docs/testing.md):
 * - unit tiers: domain, i18n, checks, and the API's files that touch no database (`api-unit`);
 * - web: the React app in jsdom, its HTTP answered by MSW;
 * - API on the embedded PGlite and, when DATABASE_URL is set, on that PostgreSQL: each file gets
 *   a database of its own copied from the run's one migrated, seeded template;
 * - e2e: Debian's chromium against the built app, each file's server on a copy of one seeded
 *   data folder.
 */
const API_ROOT = 'apps/api';

/** The API's test files, split by whether they start the app on a database (test/test-app.ts). */
function apiTestFiles(): { database: string[]; unit: string[] } {
  const files = (fs.readdirSync(path.join(API_ROOT, 'src'), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join('src', file).split(path.sep).join('/'))
    .sort();
  const usesDatabase = (file: string) =>
    /\btest-app\.ts'/.test(fs.readFileSync(path.join(API_ROOT, file), 'utf8'));
  return {
    database: files.filter(usesDatabase),
    unit: files.filter((file) => !usesDatabase(file)),
  };
}
const apiFiles = apiTestFiles();

const apiProject = (
  name: string,
  database: 'pglite' | 'postgres',
): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: API_ROOT,
    include: apiFiles.database,
    environment: 'node',
    env: { TEST_DATABASE: database },
    globalSetup: ['src/test/global-setup.ts'],
    // A worker keeps the app's modules and the template between its files; each file still opens
    // a database of its own (test/test-app.ts), so nothing a file writes reaches another.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
  { test: { name: 'i18n', root: 'packages/i18n', include: ['src/**/*.test.ts'] } },
  // The checks of `npm run check` themselves (layering, error texts), each broken on purpose.
  {
    test: {
      name: 'checks',
      root: 'scripts',
      include: ['checks/**/*.test.ts'],
      testTimeout: 60_000,
    },
  },
  {
    test: {
      name: 'api-unit',
      root: API_ROOT,
      include: apiFiles.unit,
      environment: 'node',
      testTimeout: 30_000,
    },
  },
  {
    test: {
      name: 'web',
      root: 'apps/web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      // A worker keeps jsdom, MUI and the app's modules between its files (setup.ts resets the
      // session, storage, language, HTTP answers, mocks and timers after every test).
      isolate: false,
      // A form test types and clicks through MUI in jsdom: seconds on a busy 2-core machine.
      testTimeout: 20_000,
    },
  },
  apiProject('api-pglite', 'pglite'),
  {
    test: {
      name: 'e2e',
      root: 'e2e',
      include: ['**/*.e2e.ts'],
      environment: 'node',
      globalSetup: ['support/global-setup.ts'],
      // A worker imports playwright, the texts and the helpers once for all its browser files
      // (seconds per file on a loaded machine); each file still starts its own server and chromium.
      isolate: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  },
];

if (process.env.DATABASE_URL) projects.push(apiProject('api-postgres', 'postgres'));

export default defineConfig({
  test: {
    projects,
    // Vitest's default on 2 cores is one worker: the tiers wait on databases and browsers enough
    // for two files at a time to use both cores.
    maxWorkers: Math.max(2, os.availableParallelism()),
    sequence: { sequencer: BrowserFirstSequencer },
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
