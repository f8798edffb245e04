import type { KnipConfig } from 'knip';

/**
 * `npm run lint:unused`: an export, a type or a file that nothing imports fails `npm run check`.
 * Each workspace names where its code starts (the servers, the web entry, the tests, the scripts);
 * knip follows the imports from there, and what it never reaches is dead.
 */
const config: KnipConfig = {
  // Unused code only: dependencies are not checked (some are loaded by path, e.g. font files).
  // Nor are duplicate exports: our two names for one value say two rules that agree today
  // (RENEWAL_GRACE_DAYS = BANK_SLIP_DUE_DAYS, cropSchema = enumeratedSchema).
  include: ['files', 'exports', 'nsExports', 'types', 'nsTypes', 'enumMembers'],
  workspaces: {
    '.': {
      // Besides these, the files package.json's scripts run and vitest.config.ts imports.
      entry: [
        'bench/*.mjs',
        'scripts/*.mjs',
        'scripts/checks/*.test.ts',
        // Run by hand over two repositories' files (docs/data-sources.md).
        'scripts/data/varieties-extract.ts',
      ],
      // The fixtures are broken on purpose and read by path by scripts/checks/layering.test.ts.
      project: ['scripts/**/*.{ts,mjs}', 'bench/*.mjs', '!scripts/checks/fixtures/**'],
    },
    'packages/domain': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
      // Its index re-exports nearly every file: without this, anything it re-exports counts as used.
      includeEntryExports: true,
    },
    'packages/i18n': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
      includeEntryExports: true,
    },
    // The servers' entries come from knip's plugins: src/main.ts from the API's package.json
    // scripts, src/main.tsx from Vite's index.html, the tests' setup files from vitest.config.ts.
    'apps/api': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
    'apps/web': {
      entry: ['src/**/*.test.{ts,tsx}'],
      project: ['src/**/*.{ts,tsx}'],
    },
    e2e: {
      entry: ['**/*.e2e.ts'],
      project: ['**/*.ts'],
    },
  },
};

export default config;
