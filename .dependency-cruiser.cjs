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
    // The web app's layers, top to bottom: app/ (router, providers, session and farm state), areas/
    // (one folder per area, lazy-loaded), areas/shared/ (what several areas show), shell/, lib/,
    // api/. An import points down, never up.
    {
      name: 'web-areas-meet-in-shared',
      severity: 'error',
      comment:
        'An area imports another area only through areas/shared/: move the piece both show there.',
      from: {
        path: '(?:^|/)apps/web/src/areas/([^/]+)/',
        pathNot: '(?:^|/)apps/web/src/areas/shared/',
      },
      to: {
        path: '(?:^|/)apps/web/src/areas/[^/]+/',
        pathNot: ['(?:^|/)apps/web/src/areas/$1/', '(?:^|/)apps/web/src/areas/shared/'],
      },
    },
    {
      name: 'web-shared-never-imports-areas',
      severity: 'error',
      comment: 'areas/shared/ is below the areas that use it: it never imports one of them.',
      from: { path: '(?:^|/)apps/web/src/areas/shared/' },
      to: {
        path: '(?:^|/)apps/web/src/areas/[^/]+/',
        pathNot: '(?:^|/)apps/web/src/areas/shared/',
      },
    },
    {
      name: 'web-shell-never-imports-areas',
      severity: 'error',
      comment: 'The shell (drawer, top bar, dialogs) frames every area and knows none of them.',
      from: { path: '(?:^|/)apps/web/src/shell/' },
      to: { path: '(?:^|/)apps/web/src/areas/' },
    },
    {
      name: 'web-lib-stays-below',
      severity: 'error',
      comment:
        'lib/ (form fields, dates, maps, i18n) is used by every layer above and imports none.',
      from: { path: '(?:^|/)apps/web/src/lib/' },
      to: { path: '(?:^|/)apps/web/src/(app|shell|areas)/' },
    },
    {
      name: 'web-api-at-the-bottom',
      severity: 'error',
      comment:
        'api/ (client and query hooks) knows no app state, screen or helper above it: the app registers what the client must call (session end).',
      from: { path: '(?:^|/)apps/web/src/api/' },
      to: { path: '(?:^|/)apps/web/src/(app|shell|areas|lib)/' },
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
