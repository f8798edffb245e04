// Date-only agronomic days must not shift with the machine's zone: tests run in a negative-offset zone.
process.env.TZ = process.env.TZ || 'America/Manaus';

import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One Vitest run over every workspace. API tests run on a fresh embedded PGlite per file and, when
 * DATABASE_URL is set, a second time against that PostgreSQL (a schema per test file, dropped
 * after). Browser tests (e2e) drive Debian's chromium against the built app.
 */
const apiProject = (
  name: string,
  database: 'pglite' | 'postgres',
): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DATABASE: database },
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
  { test: { name: 'i18n', root: 'packages/i18n', include: ['src/**/*.test.ts'] } },
  // The checks of `npm run check` themselves (layering, error texts), each broken on purpose.
  { test: { name: 'checks', root: 'scripts', include: ['checks/**/*.test.ts'], testTimeout: 60_000 } },
  {
    test: {
      name: 'web',
      root: 'apps/web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
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
      testTimeout: 60_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  },
];

if (process.env.DATABASE_URL) projects.push(apiProject('api-postgres', 'postgres'));

export default defineConfig({
  test: {
    projects,
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
