#!/usr/bin/env bash
# Rolling deploys (docs/decisions/024-migrations-expand-then-contract.md): the previous release's
# code must keep working on the schema this commit's migrations make, because during a deploy the
# old instances still serve while the migrations have already run. Takes the previous release's
# sources (the newest tag release-*, else the commit before the newest one that changed
# db/migrations), migrates a fresh database with THIS commit's migrations, and runs the previous
# release's own tests of the legacy API and of the booking platform's calls on it. No build (it
# would not fit the CI's 4 minutes): the tests call the route handlers in process.
# Needs DATABASE_URL (a PostgreSQL where it may create a database). Exit 0 also when it skips,
# with the reason printed.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?DATABASE_URL mancante: serve un PostgreSQL dove poter creare un database}"
started=$(date +%s)
node_bin="$PWD/node_modules/.bin"

if tag=$(git tag --list 'release-*' --sort=-creatordate | head -n1) && [ -n "$tag" ]; then
  previous=$(git rev-parse "$tag^{commit}")
  label="rilascio $tag"
else
  newest=$(git log -1 --format=%H -- db/migrations)
  if [ -z "$newest" ] || ! previous=$(git rev-parse -q --verify "$newest^"); then
    echo "Rilascio precedente: nessun commit prima dell'ultima migrazione, controllo saltato."
    exit 0
  fi
  label="commit $(git rev-parse --short "$previous"), prima di $(git log -1 --format='%h «%s»' "$newest" | cut -c1-90)"
fi
echo "Rilascio precedente: $label"

# The old code runs on this checkout's node_modules: only if every package it names is still
# there at the same version (added packages do not matter to it).
if ! git show "$previous:package.json" | "$node_bin/node" -e '
  const old = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const now = require("./package.json");
  const changed = [];
  for (const field of ["dependencies", "devDependencies"])
    for (const [name, version] of Object.entries(old[field] ?? {}))
      if ((now.dependencies?.[name] ?? now.devDependencies?.[name]) !== version) changed.push(`${name} ${version} → ${now.dependencies?.[name] ?? now.devDependencies?.[name] ?? "tolto"}`);
  if (changed.length) { console.log(`Dipendenze cambiate dal rilascio precedente (${changed.join(", ")}): senza una sua installazione il controllo è saltato.`); process.exit(1); }
'; then
  exit 0
fi

old_tree=$(mktemp -d /tmp/crm-old-release-XXXXXX)
old_db="$(basename "${DATABASE_URL%%\?*}")_old_release"
old_url="${DATABASE_URL%/*}/$old_db"
admin() { psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -qc "$1" >/dev/null; }
cleanup() {
  rm -rf "$old_tree"
  admin "drop database if exists \"$old_db\" with (force)" || true
}
trap cleanup EXIT

git archive "$previous" | tar -x -C "$old_tree"
ln -s "$PWD/node_modules" "$old_tree/node_modules"
admin "drop database if exists \"$old_db\" with (force)"
admin "create database \"$old_db\""
DATABASE_URL="$old_url" "$node_bin/tsx" db/migrate.ts
echo "Schema di questo commit: $(ls db/migrations/*.sql | wc -l) migrazioni (il rilascio precedente ne ha $(ls "$old_tree"/db/migrations/*.sql | wc -l))."

# The old release's tests that speak for the clients that cannot be upgraded with us: the legacy
# API's contract (the booking platform and the old front end) and the booking platform's calls.
tests=()
for file in tests/contract/legacy-api.test.ts tests/integration/booking-platform-http.test.ts tests/integration/quote-booking.test.ts; do
  [ -f "$old_tree/$file" ] && tests+=("$file")
done
echo "Test del rilascio precedente sullo schema nuovo: ${tests[*]}"
# The old global setup migrates with the old migrations: none is newer than what is applied.
(cd "$old_tree" && DATABASE_URL="$old_url" timeout 200 "$node_bin/vitest" run "${tests[@]}") || {
  echo "Il codice del rilascio precedente NON funziona sullo schema di questo commit ($(( $(date +%s) - started )) s)."
  echo "Una migrazione toglie o cambia ciò che il rilascio precedente usa: prima aggiungere, togliere in un rilascio successivo (docs/decisions/024-migrations-expand-then-contract.md)."
  exit 1
}
echo "Il rilascio precedente funziona sullo schema nuovo ($(( $(date +%s) - started )) s)."
