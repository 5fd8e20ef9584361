import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';

import { e2eDatabaseUrl } from './tests/e2e/database';
import { E2E_PLATFORM_KEY } from './tests/e2e/support';

const port = Number(process.env.E2E_PORT ?? 3100);
// Read by the server script and by the test that edits a row behind the application's back.
const e2eDatabase = e2eDatabaseUrl(process.env.DATABASE_URL);
if (e2eDatabase) process.env.E2E_DATABASE_URL = e2eDatabase;
// Set once in the runner, inherited by the workers: a test that writes an encrypted secret (the
// mailbox's password) straight to the database encrypts it with the server's key.
process.env.E2E_DATA_ENCRYPTION_KEY ??= randomBytes(32).toString('base64url');
// The server's own secret, so a test can sign a call between instances (the revalidation route).
process.env.E2E_AUTH_SECRET ??= randomBytes(32).toString('base64url');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // One browser at a time: on two cores two browsers starve each other's first renders (a login's
  // landing took 20–25 s with two workers, on this code and on the previous release alike), and the
  // embedded PGlite runs every query on the server's one thread anyway.
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  // Two cores run the server and the browser: the first request of each page is cold.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          // This machine has no internet: keep Chromium from trying to reach Google at start.
          args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
        },
      },
    },
  ],
  webServer: {
    command: 'bash scripts/e2e-server.sh',
    url: `http://127.0.0.1:${port}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(port),
      AUTH_SECRET: process.env.E2E_AUTH_SECRET,
      DATA_ENCRYPTION_KEY: process.env.E2E_DATA_ENCRYPTION_KEY,
      BOOKING_PLATFORM_API_KEY: E2E_PLATFORM_KEY,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
