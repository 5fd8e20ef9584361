import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    server: { deps: { inline: ['next-auth'] } },
    globalSetup: ['tests/helpers/global-setup.ts'],
    env: {
      NODE_ENV: 'test',
      AUTH_SECRET: 'test-only-secret-test-only-secret-0123456789',
      DATA_ENCRYPTION_KEY: 'test-only-data-key-test-only-data-key-0123',
      BOOKING_PLATFORM_API_KEY: 'test-platform-key-0123456789',
      // The tests stand for the balancer: each call names its address in X-Forwarded-For.
      TRUST_PROXY: '1',
    },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
