#!/usr/bin/env bash
# The mailbox tests start their own Dovecot (tests/helpers/dovecot.ts): the binary from Debian's
# dovecot-imapd is all they need, the package's own service is neither wanted nor started.
set -euo pipefail
[ -x /usr/sbin/dovecot ] && exit 0
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Manca /usr/sbin/dovecot: installalo con 'sudo apt-get install -y dovecot-imapd' (Debian/Ubuntu) e riprova." >&2
  exit 1
fi
echo "Installo dovecot-imapd da Debian…"
# Keeps the package's service from starting (exit 101: "action forbidden"), unless a policy is already there.
policy=/usr/sbin/policy-rc.d
own_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && own_policy=1
fi
trap 'if [ "$own_policy" = 1 ]; then rm -f "$policy"; fi' EXIT
apt-get update -qq >/dev/null 2>&1 || true
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends dovecot-imapd >/dev/null
