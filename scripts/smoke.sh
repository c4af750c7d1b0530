#!/usr/bin/env bash
# Starts the service the way a user does (npm start, fresh embedded database), gets a token with the
# printed demo credentials, checks the health probes, two error bodies and a graceful SIGTERM. Prints start-up timings.
# SMOKE_DATABASE_URL: the same on that PostgreSQL database instead (directly or through a pooler such as
# scripts/pgbouncer.sh); the demo shop is loaded into it first (--purge: whatever it held goes).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
port=${SMOKE_PORT:-18000}
export PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn
if [ -n "${SMOKE_DATABASE_URL:-}" ]; then
  export DATABASE_URL="$SMOKE_DATABASE_URL"
  where="the database at SMOKE_DATABASE_URL"
else
  export DATA_DIR="$work/db"
  where="a new embedded database"
fi
base="http://127.0.0.1:$port"

# `npm start` runs on the project's runtime (node_modules/.bin/node) whatever the PATH says; SMOKE_DIRECT=1
# starts the build with the `node` on the PATH instead (CI's Node 24 run), with npm start's flags.
if [ "${SMOKE_DIRECT:-}" = 1 ]; then
  node scripts/ensure-build.js
  start=(node --max-old-space-size=192 --max-semi-space-size=16 dist/main.js)
else
  start=(npm start --silent)
fi
echo "first start: ${start[*]} ($( [ "${SMOKE_DIRECT:-}" = 1 ] && node --version || node_modules/.bin/node --version))"
if [ -n "${SMOKE_DATABASE_URL:-}" ]; then
  # The demo shop the embedded database loads at its first start (migrations included).
  node scripts/ensure-build.js
  "$( [ "${SMOKE_DIRECT:-}" = 1 ] && echo node || echo node_modules/.bin/node)" dist/cli/fixtures.js fixtures/demo.yaml --purge >/dev/null 2>"$work/fixtures.log" ||
    { cat "$work/fixtures.log" >&2; exit 1; }
  echo "demo shop loaded into $where"
fi

start_ms=$(date +%s%3N)
# setsid: npm does not pass signals on to the service, so signal the whole process group.
setsid "${start[@]}" >"$work/out.log" 2>&1 &
pid=$!
cleanup() { kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

for _ in $(seq 1 600); do
  curl -sf -o /dev/null "$base/health/live" && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/out.log"; echo "server exited" >&2; exit 1; }
  sleep 0.1
done
echo "cold start on $where$( [ -z "${SMOKE_DATABASE_URL:-}" ] && echo ' (demo load included)'): $(( $(date +%s%3N) - start_ms )) ms"

token=$(curl -sf -X POST "$base/api/oauth/v2/token" -H 'Content-Type: application/json' \
  -d '{"grant_type":"password","client_id":"client_id","client_secret":"secret","username":"sylius","password":"sylius"}' |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).access_token))')
[ -n "$token" ] || { echo "no token" >&2; exit 1; }

expect() { # name expected actual
  if [ "$2" != "$3" ]; then printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3" >&2; exit 1; fi
  echo "ok   $1"
}
expect "liveness probe" '{"status":"ok","info":{},"error":{},"details":{}}' "$(curl -s "$base/health/live")"
# responseTime (ms) varies from run to run: it is checked for a number, then left out.
expect "readiness probe" '{"status":"ok","info":{"database":{"status":"up"},"webhookQueue":{"status":"up"}},"error":{},"details":{"database":{"status":"up"},"webhookQueue":{"status":"up"}}}' \
  "$(curl -s "$base/health/ready" | sed -E 's/"responseTime":[0-9]+,?//g')"
expect "unknown route with token" '{"code":404,"message":"No route found for \"GET /api/v1/nope\""}' \
  "$(curl -s -H "Authorization: Bearer $token" "$base/api/v1/nope")"
expect "real route without token" '{"error":"access_denied","error_description":"OAuth2 authentication required"}' \
  "$(curl -s "$base/api/v1/channels/WEB")"
expect "real route with token" '200' "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "$base/api/v1/channels/WEB")"

kill -TERM -- -"$pid"; wait "$pid" || true   # npm itself reports the signal as 143

# Second start, straight from node (the PATH's) so the exit code is the service's own.
start_ms=$(date +%s%3N)
setsid node dist/main.js >"$work/out2.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do curl -sf -o /dev/null "$base/health/live" && break; sleep 0.05; done
echo "start again on $( [ -n "${SMOKE_DATABASE_URL:-}" ] && echo "$where" || echo 'the existing embedded database'): $(( $(date +%s%3N) - start_ms )) ms"
expect "demo data kept across restarts" '200' "$(curl -s -o /dev/null -w '%{http_code}' -H 'Authorization: Bearer SampleToken' "$base/api/v1/customers/1")"
kill -TERM "$pid"
if wait "$pid"; then echo "ok   graceful shutdown on SIGTERM"; else echo "FAIL exit code $? after SIGTERM" >&2; exit 1; fi
