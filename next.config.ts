import { execSync } from 'node:child_process';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import packageJson from './package.json' with { type: 'json' };

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'sviluppo';
  }
}

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and jsdom its data files from their own package folders:
  // bundled, every query (or every sanitised render) would fail.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'jsdom'],
  env: { APP_VERSION: packageJson.version, APP_COMMIT: process.env.APP_COMMIT || gitCommit() },
  poweredByHeader: false,
  // CSV imports of a few thousand guests travel through a server action.
  experimental: { serverActions: { bodySizeLimit: '10mb' } },
  typedRoutes: false,
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
    ];
  },
};

export default createNextIntlPlugin('./lib/i18n/request.ts')(nextConfig);
