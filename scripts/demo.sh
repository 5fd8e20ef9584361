#!/usr/bin/env bash
# npm run demo: a session secret, the embedded database migrated and seeded, a production build,
# then the server; the demo logins are printed again just before it starts.
set -euo pipefail
node scripts/ensure-local-env.mjs
tsx db/migrate.ts
tsx db/seed.ts
next build
tsx scripts/print-demo-logins.ts
exec next start
