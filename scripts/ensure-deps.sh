#!/bin/sh
# Installs the locked dependencies when they are missing or older than the lockfile.
# Runs under whatever Node the machine has; every later step runs under the pinned Node 24.
set -e
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "Installing dependencies (npm ci)..."
  npm ci --no-fund --no-audit --loglevel=error
fi
