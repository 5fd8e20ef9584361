import { execSync } from 'node:child_process';
import path from 'node:path';
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

// Guest pages, in two rules rather than one per address: Next.js matches every header rule
// against every request (API calls and assets included), so each rule is paid on each call.
const GUEST_PATHS = ['/:page(visualizzaPreventivo|visualizzaPreventivoL|contattaci|contattaciL|unsubscribe|sondaggio)/:path*', '/mailing/:page(unsubscribe|conferma)/:path*'];

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and jsdom its data files from their own package folders:
  // bundled, every query (or every sanitised render) would fail.
  // @react-pdf/renderer draws the quote's PDF with its own React reconciler: bundled, it would meet
  // the server's React build instead of the one it expects.
  // The tagged quote PDF (lib/public-quotes/pdf/tagged-render.ts) calls react-pdf's own layout,
  // renderer and pdfkit, which reads its font metrics from its package folder: external as well.
  // pino and prom-client: the log, the request store and the metrics registry are shared with
  // server.mjs (lib/ops/*.mjs keep them on globalThis), so both must load the same copy.
  serverExternalPackages: ['pino', 'prom-client', '@electric-sql/pglite', '@node-rs/argon2', 'jsdom', 'sharp', 'pg-boss', '@react-pdf/renderer', '@react-pdf/layout', '@react-pdf/render', 'pdfkit'],
  env: { APP_VERSION: packageJson.version, APP_COMMIT: process.env.APP_COMMIT || gitCommit() },
  // A second build folder lets two builds run side by side (NEXT_DIST_DIR=.next-check).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Several instances share their page and data cache in Redis (lib/cache/redis-handler.mjs);
  // read when the server starts, so one build serves both the lone demo and a cluster.
  // Alone, the pages stay on disk and the hottest in memory: Next counts a page by its HTML's
  // length, while the heap holds it as UTF-16 plus its RSC buffers (about 2.6 times as much, a
  // heap snapshot after 1,000 guest views showed 130 MB held for the 50 MB default).
  ...(process.env.REDIS_URL ? { cacheHandler: path.resolve('lib/cache/redis-handler.mjs'), cacheMaxMemorySize: 0 } : { cacheMaxMemorySize: 16 * 1024 * 1024 }),
  // CSV imports of a few thousand guests travel through a server action.
  experimental: { serverActions: { bodySizeLimit: '10mb' } },
  typedRoutes: false,
  // The legacy API's contract writes some paths with a trailing slash (POST /api/notifications/markAllRead/):
  // Next's own redirect answered those 308, which a POST client does not follow as the same call.
  // The API matcher ignores a trailing slash; every other path keeps the redirect (redirects below).
  skipTrailingSlashRedirect: true,
  async redirects() {
    return [{ source: '/:path((?!api/).+)/', destination: '/:path', permanent: true }];
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
      // Campsites embed their contact form in their own site; every other page stays unframed. The
      // pages' Content-Security-Policy, frame-ancestors included, comes from proxy.ts with its nonce.
      { source: '/:path((?!contattaci).*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] },
      // Guest pages: the address is the guest's key, so it is never passed on nor indexed.
      ...GUEST_PATHS.map((source) => ({
        source,
        headers: [
          { key: 'Referrer-Policy', value: 'no-referrer' },
          { key: 'X-Robots-Tag', value: 'noindex, nofollow' },
        ],
      })),
    ];
  },
};

export default createNextIntlPlugin('./lib/i18n/request.ts')(nextConfig);
