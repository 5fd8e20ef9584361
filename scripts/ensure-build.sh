#!/usr/bin/env bash
# The production build the scale test starts twice: built once, reused when the sources did not change.
set -euo pipefail
if [ -f .next/BUILD_ID ] && [ -z "$(find app components lib db emails messages proxy.ts instrumentation.ts next.config.ts package.json -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  echo "Build di produzione già aggiornata."
else
  npm run build
fi
