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
    // is still undefined at load time; scripts/check-layers.mjs (chained in `npm run lint`) checks
    // the same at folder level. Type-only imports count too: they tie the files together all the
    // same. maxDepth is left unbounded: a cycle through five files is still a cycle.
    files: ['lib/**', 'db/**', 'app/**', 'components/**', 'emails/**'],
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
