#!/usr/bin/env bash
# The server the browser tests run against: the production build on a fresh embedded database
# (or the PostgreSQL of DATABASE_URL), migrated and seeded with the demo data.
set -euo pipefail
if [ -z "${DATABASE_URL:-}" ]; then
  export PGLITE_DIR=.data/e2e-pglite
  rm -rf "$PGLITE_DIR"
else
  # playwright.config.ts passes the tests' own database (DATABASE_URL + _e2e) as E2E_DATABASE_URL.
  tsx scripts/e2e-database.ts
  export DATABASE_URL="$E2E_DATABASE_URL"
fi
# APP_URL is required in production: the address the browser tests open.
export APP_URL="${APP_URL:-http://127.0.0.1:${E2E_PORT:-3100}}"
tsx db/migrate.ts
# On PostgreSQL the staff's work runs as the non-owner login, as in production; the server fails
# closed if a campsite's transaction ever ran as anyone else (db/tenant-scope.ts).
if [ -n "${DATABASE_URL:-}" ]; then
  DATABASE_APP_URL="$(tsx scripts/e2e-app-login.ts)"
  export DATABASE_APP_URL
fi
tsx db/seed.ts >/dev/null
# The import screen's tests read an old CRM on this machine (the server itself).
export LEGACY_IMPORT_PRIVATE_ADDRESSES=1
# As behind the production balancer: each test names its own client address (tests/e2e/fixtures.ts).
export TRUST_PROXY=1
exec node server.mjs --port "${E2E_PORT:-3100}" --hostname 127.0.0.1
