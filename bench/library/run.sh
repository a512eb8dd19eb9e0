#!/usr/bin/env bash
# The library's search (release build, SQLite), one command:
#   bench/library/run.sh
# Seeds 10,000 public books by 20 owners through the API (seed.py), times 16
# searches x 10 over HTTP (measure.py: p50, p99, and each query's median), then
# `wrk -t2 -c32 -d10s` on the library's first page next to /healthz, the baseline,
# in the same run.
# Env: MAEIL_BENCH_SKIP_BUILD=1 uses the existing .build-release binary;
# MAEIL_BENCH_PORT (18092) keeps clear of other servers.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
PORT=${MAEIL_BENCH_PORT:-18092}
WORK=$(mktemp -d /tmp/maeil-library-bench.XXXXXX)
SERVER_PID=""
source bench/lib.sh
stop_postgres() { :; }  # SQLite only
command -v wrk >/dev/null || install_missing wrk
trap cleanup_bench EXIT
trap 'exit 130' INT TERM

prepare_maeil
step "server ($REVISION)"
MAEIL_DATA_DIR="$WORK/data" MAEIL_BCRYPT_COST=4 MAEIL_SIGNUPS_PER_HOUR=0 MAEIL_LOTTO_FETCH=off \
    "$MAEIL" serve --port "$PORT" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
URL="http://127.0.0.1:$PORT"
step "seeding 10,000 public books"
python3 bench/library/seed.py "$URL" >/dev/null
step "searches"
python3 bench/library/measure.py "$URL" | tee "$WORK/measure.txt" | grep -v '^TOKEN'
TOKEN=$(sed -n 's/^TOKEN //p' "$WORK/measure.txt")
rps() { wrk -t2 -c32 -d10s "$@" | sed -n 's/Requests\/sec: *//p'; }
library=$(rps -H "Authorization: Bearer $TOKEN" "$URL/api/v1/library")
healthz=$(rps "$URL/healthz")
python3 -c "import sys; l, h = float(sys.argv[1]), float(sys.argv[2]); print(f'GET /api/v1/library: {l:,.0f} req/s, /healthz: {h:,.0f} req/s ({l / h:.1%})')" "$library" "$healthz"
