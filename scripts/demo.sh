#!/usr/bin/env bash
# npm run demo: a session secret, the embedded database migrated and seeded, a production build,
# then the server; the demo logins are printed again just before it starts.
set -euo pipefail
node scripts/ensure-local-env.mjs
# APP_URL is required in production: the address this demo serves, unless set here or in .env.local.
if [ -z "${APP_URL:-}" ] && ! grep -qs '^APP_URL=' .env.local; then export APP_URL="http://localhost:${PORT:-3000}"; fi
tsx db/migrate.ts
tsx db/seed.ts
next build
tsx scripts/print-demo-logins.ts
# The demo is read by a person: one readable line per event (production writes JSON, docs/deploy.md).
export LOG_FORMAT="${LOG_FORMAT:-pretty}"
exec node server.mjs
