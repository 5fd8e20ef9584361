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
    // Imports point down (docs: ARCHITECTURE). A file cycle makes module order decide which export
    // is still undefined at load time. The rule skips type-only imports (they vanish when compiled);
    // scripts/check-layers.mjs, chained in `npm run lint`, counts them and checks the folders.
    files: ['lib/**', 'db/**', 'app/**', 'components/**', 'emails/**'],
    settings: {
      // The plugin forgets a parsed module after 30 s by default; a lint of the whole project takes
      // longer, so the rule re-parsed the import graph over and over (minutes instead of seconds).
      'import/cache': { lifetime: '∞' },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
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
