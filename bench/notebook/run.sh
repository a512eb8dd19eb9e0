#!/usr/bin/env bash
# Notebook benchmark (release build), one command:
#   bench/notebook/run.sh [ROWS] [QUERIES]
# Import speed of a ROWS-row CSV through `maeil import` (one transaction) on SQLite
# and PostgreSQL, against Python's sqlite3 executemany of the same rows into the
# same table shape (baseline: "the database alone"); search latency over the
# imported words through the HTTP API, against the server's trivial /healthz
# route with the same client (baseline: "HTTP alone").
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
ROWS=${1:-50000}
QUERIES=${2:-1000}
PORT=${MAEIL_BENCH_PORT:-18080}
WORK=$(mktemp -d /tmp/maeil-bench.XXXXXX)
SERVER_PID=""
source scripts/postgres.sh
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true; stop_postgres; rm -rf "$WORK"; }
trap cleanup EXIT

swift build -c release --product maeil --scratch-path .build-release >/dev/null
MAEIL="$ROOT/.build-release/release/maeil"
export MAEIL_RESOURCES="$ROOT/Sources/MaeilServer/Resources" MAEIL_BCRYPT_COST=10

python3 bench/notebook/make_words.py "$ROWS" "$WORK/words.csv"
echo "rows: $ROWS  queries: $QUERIES  machine: $(nproc) cores"

run_backend() {  # NAME, then env for the database
    local name=$1; shift
    env "$@" "$MAEIL" migrate >/dev/null
    echo "benchpass1" | env "$@" "$MAEIL" user create bench >/dev/null
    local start end
    start=$(date +%s.%N)
    env "$@" "$MAEIL" import "$WORK/words.csv" --book Bench 2>/dev/null >/dev/null
    end=$(date +%s.%N)
    local rate
    rate=$(python3 -c "print(round($ROWS / ($end - $start)))")
    echo "$name import: $rate rows/s (whole command, incl. start-up and parsing)"
    local token
    token=$(env "$@" "$MAEIL" user token bench)
    env "$@" "$MAEIL" serve --port "$PORT" >"$WORK/server-$name.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    echo "$name search: $(python3 bench/notebook/bench.py search "http://127.0.0.1:$PORT" "$token" "$WORK/words.csv" "$QUERIES")"
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
    echo "$rate" > "$WORK/rate-$name"
}

echo "baseline sqlite3 executemany: $(python3 bench/notebook/bench.py import-baseline "$WORK/words.csv") rows/s"
run_backend sqlite MAEIL_DATA_DIR="$WORK/sqlite"
start_postgres
run_backend postgres DATABASE_URL="$PG_URL"
