import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: PostgreSQL stopped and started again under load (tests/faults). It stops the
 * machine's PostgreSQL for a few seconds, so `.ci/run` runs it alone, after the other tests.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    env: {
      NODE_ENV: 'test',
      AUTH_SECRET: 'test-only-secret-test-only-secret-0123456789',
      DATA_ENCRYPTION_KEY: 'test-only-data-key-test-only-data-key-0123',
      TRUST_PROXY: '1',
    },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
