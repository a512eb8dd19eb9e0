#!/usr/bin/env bash
# Study diary benchmark (release build), one command:
#   bench/diary/run.sh [LOGS] [WORDS]
# One user with WORDS words and LOGS answers spread over the last 400 days
# (plus 2,000 finished games and a fifth of the cards in review), on SQLite and
# PostgreSQL: p50/p99 of the dashboard, a month and a year of per-day numbers,
# each chart and the /diary page, against the server's trivial /healthz route
# and today's review queue with the same client (baselines).
# MAEIL_BIN=path skips the build and uses that binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
LOGS=${1:-100000}
WORDS=${2:-5000}
PORT=${MAEIL_BENCH_PORT:-18082}
WORK=$(mktemp -d /tmp/maeil-diary-bench.XXXXXX)
SERVER_PID=""
source scripts/postgres.sh
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true; stop_postgres; rm -rf "$WORK"; }
trap cleanup EXIT

if [ -z "${MAEIL_BIN:-}" ]; then
  swift build -c release --product maeil --scratch-path .build-release >/dev/null 2>&1
  MAEIL_BIN="$ROOT/.build-release/release/maeil"
fi
MAEIL="$MAEIL_BIN"
export MAEIL_RESOURCES="$ROOT/Sources/MaeilServer/Resources" MAEIL_BCRYPT_COST=10 MAEIL_TIMEZONE=Asia/Seoul

python3 bench/notebook/make_words.py "$WORDS" "$WORK/words.csv"
echo "answers: $LOGS over 400 days  words: $WORDS  machine: $(nproc) cores"

run_backend() {  # NAME, then env for the database
    local name=$1; shift
    env "$@" "$MAEIL" migrate >/dev/null
    echo "benchpass1" | env "$@" "$MAEIL" user create bench >/dev/null
    env "$@" "$MAEIL" import "$WORK/words.csv" --book Bench >/dev/null 2>&1
    local token
    token=$(env "$@" "$MAEIL" user token bench)
    if [ "$name" = sqlite ]; then
        python3 bench/diary/seed_sqlite.py "$WORK/sqlite/maeil.sqlite" "$LOGS"
    else
        psql -q -v logs="$LOGS" "$PG_URL" -f bench/diary/seed_postgres.sql
    fi
    env "$@" "$MAEIL" serve --port "$PORT" >"$WORK/server-$name.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    echo "$name:"
    python3 bench/diary/bench.py "http://127.0.0.1:$PORT" "$token" bench benchpass1
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
}

run_backend sqlite MAEIL_DATA_DIR="$WORK/sqlite"
start_postgres
run_backend postgres DATABASE_URL="$PG_URL"
