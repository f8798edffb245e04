/**
 * The layering `npm run check` proves with dependency-cruiser (`npm run lint:deps`), beside the
 * ESLint rules of eslint.config.js (SQL only in services, no route importing another module's
 * routes, no error key literal). scripts/checks/layering.test.ts breaks each rule on purpose.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that need each other belong together or share a third.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      comment: 'packages/* are shared by the apps and never import them.',
      from: { path: '(^|/)packages/' },
      to: { path: '(^|/)apps/' },
    },
    {
      name: 'api-never-imports-web',
      severity: 'error',
      comment: 'The API and the web app share code through packages/*, never directly.',
      from: { path: '(^|/)apps/api/' },
      to: { path: '(^|/)apps/web/' },
    },
    {
      name: 'web-never-imports-api',
      severity: 'error',
      comment: 'The API and the web app share code through packages/*, never directly.',
      from: { path: '(^|/)apps/web/' },
      to: { path: '(^|/)apps/api/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Built files, fixtures that break the rules on purpose, and test output are not our sources.
    exclude: {
      path: '(node_modules|(^|/)dist/|scripts/checks/fixtures/|test-results/|\\.d\\.ts$)',
    },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
