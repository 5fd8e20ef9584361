import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

// Patterns of imports that reach the database layer (db/client, db/schema, …).
const dbImports = [
  '@/db',
  '@/db/*',
  // Relative paths into db/ from anywhere under components/.
  '**/db',
  '**/db/*',
  '../db',
  '../db/*',
];

// The unit of work (lib/context) is the one place that opens the database for a request.
const contextOnly = {
  paths: [
    {
      name: '@/db/client',
      importNames: ['getDb', 'getDatabaseHandle', 'openDatabase', 'closeDb'],
      message:
        'Open the database only through the unit of work: staffPage / staffRoute (lib/context/staff.ts), staffAction, runGuestWork or runSystemWork (lib/context/unit-of-work.ts).',
    },
    {
      name: '@/db/tenant-scope',
      importNames: ['tenantTransaction', 'withTenant', 'scopeHandle'],
      message: 'The campsite scope is built by the unit of work (lib/context), never by a page, route or service.',
    },
  ],
  patterns: [
    {
      group: ['postgres', 'drizzle-orm/postgres-js', 'drizzle-orm/pglite', '@electric-sql/pglite', '@electric-sql/pglite/*'],
      allowTypeImports: true,
      message: 'Database drivers belong to db/client.ts; go through the unit of work (lib/context).',
    },
  ],
};

// lib/ files that build a unit of work or run outside any request (jobs, cached guest reads);
// every other lib/ file receives its handle from its caller.
const contextBuilders = [
  'lib/context/**',
  'lib/auth/auth.ts',
  'lib/auth/staff.ts',
  'lib/jobs/**',
  'lib/workflows/job-runner.ts',
  'lib/mail/mailer.ts',
  'lib/mailbox/jobs.ts',
  'lib/legacy-import/job.ts',
  'lib/newsletter/worker.ts',
  'lib/newsletter/confirm-page.ts',
  'lib/newsletter/unsubscribe-page.ts',
  'lib/public-quotes/cached-view.ts',
  'lib/requests/contact-page.ts',
  'lib/legacy-api/dispatcher.ts',
  'lib/contacts/export-copy.ts',
  // The ready check (select 1, the migrations table) and the shutdown (closing the pools) read no campsite's rows.
  'lib/health/**',
];

const eslintConfig = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '.data/**',
      'db/migrations/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      // Destructuring a key away to keep the rest ({ position: _position, ...item }) is how this
      // code omits a field from an object: the named sibling is not dead code.
      '@typescript-eslint/no-unused-vars': ['warn', { ignoreRestSiblings: true }],
    },
  },
  {
    // The tests hold no React component: useTestDatabase (tests/helpers/db.ts) is a vitest helper
    // that registers afterAll, not a React hook, and test files call it at the top level.
    files: ['tests/**'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
    },
  },
  {
    files: ['app/**', 'lib/**'],
    ignores: contextBuilders,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', contextOnly] },
  },
  {
    // The server logs through lib/ops/logger.mjs: one JSON line per event, scrubbed of secrets and
    // personal data. The commands meant for a terminal (seed, migrate, scripts/) keep the console.
    files: ['app/**', 'lib/**', 'db/**', 'instrumentation.ts', 'proxy.ts'],
    ignores: ['db/seed.ts', 'db/migrate.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['components/**'],
    rules: {
      // Types included: the shapes components render live in lib/ (lib/campsites/shapes.ts).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: dbImports,
              message:
                'Components receive their data from pages or lib/, never query the database: load it in the app/ page (or a lib/ function it calls) and pass it as props.',
            },
          ],
        },
      ],
    },
  },
];

export default eslintConfig;
