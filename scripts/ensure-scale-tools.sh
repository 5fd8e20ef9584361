#!/usr/bin/env bash
# The scale test's load balancer (nginx) and, when none runs on 6379, a Redis server: from Debian.
set -euo pipefail
missing=()
command -v nginx >/dev/null 2>&1 || missing+=(nginx-light)
if ! command -v redis-server >/dev/null 2>&1 && ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then missing+=(redis-server); fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installo ${missing[*]} da Debian…"
  apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null
fi
