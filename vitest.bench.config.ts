import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `npm run bench:import`: measurements that need the test helpers (a second instance to import from); they print figures, they assert no timings. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: ['tests/bench/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 3_600_000,
    hookTimeout: 1_800_000,
    env: {
      NODE_ENV: 'test',
      AUTH_SECRET: 'bench-only-secret-bench-only-secret-0123456789',
      DATA_ENCRYPTION_KEY: 'bench-only-data-key-bench-only-data-key-0123',
    },
  },
});
