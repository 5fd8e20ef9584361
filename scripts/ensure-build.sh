#!/usr/bin/env bash
# The production build the scale test starts twice: built once, reused when the sources did not change.
set -euo pipefail
if [ -f .next/BUILD_ID ] && [ -z "$(find app components lib db emails messages proxy.ts instrumentation.ts next.config.ts package.json -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  echo "Build di produzione già aggiornata."
elif [ "${NEXT_BUILD_WEBPACK:-}" = "1" ]; then
  # Turbopack refuses a node_modules linked from outside the project (a git worktree's): webpack builds it.
  npm run build -- --webpack
else
  npm run build
fi
