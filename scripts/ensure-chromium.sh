#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; Playwright never downloads a browser of its own.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installo Chromium da Debian (apt-get install -y chromium)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Manca /usr/bin/chromium: installalo con 'sudo apt-get install -y chromium' (Debian/Ubuntu) e riprova." >&2
exit 1
