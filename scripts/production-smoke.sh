#!/usr/bin/env bash
# The production path, as the Dockerfile runs it (no container engine runs on CI machines): a copy
# of the committed tree, `npm ci`, `npm run build`, `npm prune --omit=dev`, then the built server
# with NODE_ENV=production and safe settings against PostgreSQL, and a smoke of its pages and API.
# Usage: bash scripts/production-smoke.sh [postgres://...]  (default: scripts/start-postgres.sh's)
# SMOKE_PORT picks the port (default 3999). Prints "Production smoke: passed" or fails.
set -euo pipefail
cd "$(dirname "$0")/.."

server_url=${1:-$(bash scripts/start-postgres.sh | tail -1)}
port=${SMOKE_PORT:-3999}
database=si_production_smoke_$$
database_url="${server_url%/*}/$database"
work=$(mktemp -d)
server_pid=

fail() {
  echo "Production smoke: FAILED: $*" >&2
  [ -f "$work/server.log" ] && tail -20 "$work/server.log" >&2
  exit 1
}
cleanup() {
  # npm and the server it started are one process group: stop both.
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  psql -q "$server_url" -c "drop database if exists $database with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

step() { echo "▶ production smoke: $*"; }

step "copy of the committed tree in $work"
git archive HEAD | tar -x -C "$work"
cd "$work"

step "npm ci"
npm ci --no-audit --no-fund --loglevel=error >"$work/install.log" 2>&1 || fail "npm ci (see output above)"
full_packages=$(ls node_modules | wc -l)
step "npm run build"
npm run build >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "npm run build"; }
step "npm prune --omit=dev"
npm prune --omit=dev --no-audit --no-fund --loglevel=error >/dev/null 2>&1 || fail "npm prune"
echo "  node_modules: $full_packages entries installed, $(ls node_modules | wc -l) after the prune ($(du -sh node_modules | cut -f1))"

psql -q "$server_url" -c "create database $database" || fail "could not create database $database"

# Safe production settings: https is not needed on localhost, the mail server need not answer for
# these requests, and the Stripe stand-in is off (no keys), with test checkout allowed. No drain
# after SIGTERM (ADR 036): no balancer waits on this server.
export NODE_ENV=production PORT=$port HOST=127.0.0.1 PUBLIC_URL=http://localhost:$port \
  DATABASE_URL=$database_url DATA_DIR=$work/data SMTP_URL=smtp://127.0.0.1:2525 \
  EMAIL_FROM='Scaling Impact <no-reply@scalingimpact.org>' SUPPORT_EMAIL=support@scalingimpact.org \
  TEST_CHECKOUT_IN_PRODUCTION=on LOG_LEVEL=warn SHUTDOWN_DRAIN_MS=0

step "npm run cli -- seed-demo (the built CLI)"
npm run --silent cli -- seed-demo >"$work/seed.log" 2>&1 || { cat "$work/seed.log" >&2; fail "seed-demo"; }

curl -s "http://127.0.0.1:$port/" >/dev/null 2>&1 && fail "port $port is in use (set SMOKE_PORT)"
step "npm run serve"
started=$(date +%s%N)
setsid npm run --silent serve >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 240); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited before it was ready"
  sleep 0.25
done
curl -sf "http://127.0.0.1:$port/readyz" >/dev/null || fail "not ready within 60 s"
echo "  ready after $((($(date +%s%N) - started) / 1000000)) ms"

expect() { # path, text the answer must contain
  local body
  body=$(curl -sf "http://127.0.0.1:$port$1") || fail "GET $1 did not answer 200"
  grep -qF -- "$2" <<<"$body" || fail "GET $1 does not contain $2"
  echo "  GET $1: 200"
}
expect /readyz ''
expect / '<html'
expect /api/organizations '"data":[{'
org_id=$(curl -sf "http://127.0.0.1:$port/api/organizations?limit=1" | node -e \
  'let s="";process.stdin.on("data",(c)=>(s+=c)).on("end",()=>console.log(JSON.parse(s).data[0].id))')
expect "/organizations/$org_id" '<h1'
expect /api/docs/json '"openapi"'

echo "Production smoke: passed"
