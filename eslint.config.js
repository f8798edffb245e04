import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layering the code keeps, proven by `npm run check` (scripts/checks/layering.test.ts breaks
 * each rule on purpose in a fixture and expects the check to fail). Import cycles and packages/*
 * importing apps/* are dependency-cruiser's (.dependency-cruiser.cjs); here:
 * - SQL only in services: drizzle and the table definitions are imported by `*.service.ts`,
 *   `db/` and tests only (routes parse, authorise and call a service; policies are pure);
 * - a module's routes never import another module's routes;
 * - an error key is never written as a literal outside the registry of packages/domain;
 * - an app defines no object schema: bodies, answers, params and query strings are the contract
 *   of packages/domain/src/contracts, imported by the API route and the web client alike.
 */
const DATABASE_IMPORTS = {
  paths: [
    { name: 'drizzle-orm', message: 'SQL lives in *.service.ts (or db/): call a service.' },
    { name: 'pg', message: 'SQL lives in *.service.ts (or db/): call a service.' },
  ],
  patterns: [
    { group: ['drizzle-orm/*'], message: 'SQL lives in *.service.ts (or db/): call a service.' },
    {
      // Presenters may name a row's type; reading the table is a service's.
      group: ['**/db/schema.ts'],
      allowTypeImports: true,
      message: 'Tables are read in *.service.ts (or db/) only.',
    },
  ],
};
const OTHER_MODULE_ROUTES = {
  group: ['../*/*.routes.ts', '../../modules/*/*.routes.ts'],
  message: "A module's routes never import another module's routes: share a service or a policy.",
};
const ERROR_KEY_LITERAL = {
  selector: 'Literal[value=/^(plan\\.)?exception\\./]',
  message:
    'Error keys live in the registry (ERRORS / ERROR_KEYS of @lavoura/domain): name the entry.',
};

const APP_OBJECT_SCHEMA = {
  selector:
    "CallExpression[callee.object.name='z'][callee.property.name=/^(object|strictObject|looseObject|interface)$/]",
  message:
    'Bodies, answers, params and query strings are contracts: define the object schema in packages/domain/src/contracts/<area>.ts and import it on both sides.',
};
/**
 * Tenancy is written once (apps/api/src/policies/tenancy.ts): a query's account condition is
 * `ofAccount(table, session)`, never a hand-written `eq(table.accountId, …)`. Joins between two
 * tables' account columns and prepared statements' placeholders are not tenancy filters.
 */
const HAND_WRITTEN_TENANCY = {
  selector:
    "CallExpression[callee.name='eq'][arguments.0.property.name='accountId']:not([arguments.1.object.object.name='t']):not([arguments.1.callee.object.name='sql'])",
  message: 'Scope a query to its account with ofAccount(table, session) from policies/tenancy.ts.',
};
/**
 * Where an app may define an object schema: only what is no HTTP contract (every body, answer,
 * params and query string lives in packages/domain/src/contracts, issue 29 item 1).
 */
export const APP_OBJECT_SCHEMA_ALLOWED = [
  // The environment, parsed once at start: no client sends or reads it.
  'apps/api/src/config.ts',
  // The bundled catalogue's data files as the rebuild script writes them: read from disk only.
  'apps/api/src/db/catalogue/catalogue-files.ts',
  // Pure UI form state (text fields before they become a body, a toggle per row): no body shape.
  'apps/web/src/lib/phone-input.tsx',
  'apps/web/src/areas/farms/farm-notifications-dialog.tsx',
  // Form state whose fields pipe typed text into the domain body's own field schemas (`.shape`).
  'apps/web/src/areas/farms/farm-form.ts',
  'apps/web/src/areas/users/member-dialog.tsx',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/drizzle/**',
      'coverage/**',
      'scripts/checks/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['{apps,packages,scripts}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ERROR_KEY_LITERAL, HAND_WRITTEN_TENANCY] },
  },
  {
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: APP_OBJECT_SCHEMA_ALLOWED,
    rules: {
      'no-restricted-syntax': ['error', ERROR_KEY_LITERAL, APP_OBJECT_SCHEMA, HAND_WRITTEN_TENANCY],
    },
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@lavoura/api', '@lavoura/web', '**/apps/**'] }] },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.service.ts',
      'apps/api/src/db/**',
      'apps/api/src/**/*.test.ts',
      // The account condition every service query starts with: SQL, written once.
      'apps/api/src/policies/tenancy.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...DATABASE_IMPORTS, patterns: [...DATABASE_IMPORTS.patterns, OTHER_MODULE_ROUTES] },
      ],
    },
  },
  {
    files: ['apps/api/src/test/**/*.ts', 'apps/api/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The registry itself, and tests, which assert the keys a client receives.
    files: [
      'packages/domain/src/errors.ts',
      '**/*.test.{ts,tsx}',
      'e2e/**/*.ts',
      'apps/api/src/test/**',
      'apps/web/src/test/**',
      'scripts/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
