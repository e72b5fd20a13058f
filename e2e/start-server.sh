#!/bin/sh
# Starts a fresh server (new embedded PostgreSQL, demo seed) for the browser tests.
set -e
cd "$(dirname "$0")/.."
rm -rf .test-data/e2e-db
export DATA_DIR=.test-data/e2e-db PORT="${E2E_PORT:-8091}" HOST=127.0.0.1 EMBEDDED_PG_PORT="${E2E_PG_PORT:-54391}"
# E-mail goes to the test mail server (e2e/mail-sink.ts), started before this one.
export SMTP_URL="smtp://127.0.0.1:${E2E_SMTP_PORT:-$(( ${E2E_PORT:-8091} + 1 ))}"
export PUBLIC_URL="http://127.0.0.1:${PORT}/"
# The core platform's hand-over (tests/core-handover.spec.ts signs its calls with the same secret, e2e-env.ts).
export CORE_HANDOVER_SECRET="${E2E_CORE_HANDOVER_SECRET:-e2e-core-handover-secret-0123456789abcdef}"
export LOG_LEVEL=warn LOGIN_RATE_LIMIT_PER_MINUTE=1000 NODE_ENV=test
# The tests' identity providers listen on loopback (OUTBOUND_ALLOW_PRIVATE_HOSTS, README configuration).
export OUTBOUND_ALLOW_PRIVATE_HOSTS=true
# Node 24 (the `node` devDependency) strips the types itself: no TypeScript compiler at start-up.
exec node_modules/.bin/node apps/server/src/main.ts
