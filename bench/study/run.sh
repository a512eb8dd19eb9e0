#!/usr/bin/env bash
# Review benchmark (release build), one command:
#   bench/study/run.sh [WORDS] [ANSWERS]
# WORDS words in one book studied in both directions (2 × WORDS cards), on
# SQLite and PostgreSQL: the time to build today's queue through the HTTP API
# (GET /api/v1/study/queue), and to answer ANSWERS cards one by one (each
# answer: FSRS update, card write, log insert), against the server's trivial
# /healthz route with the same client (baseline: "HTTP alone").
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
WORDS=${1:-50000}
ANSWERS=${2:-1000}
PORT=${MAEIL_BENCH_PORT:-18081}
WORK=$(mktemp -d /tmp/maeil-study-bench.XXXXXX)
SERVER_PID=""
source scripts/postgres.sh
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true; stop_postgres; rm -rf "$WORK"; }
trap cleanup EXIT

swift build -c release --product maeil --scratch-path .build-release >/dev/null 2>&1
MAEIL="$ROOT/.build-release/release/maeil"
export MAEIL_RESOURCES="$ROOT/Sources/MaeilServer/Resources" MAEIL_BCRYPT_COST=10

python3 bench/notebook/make_words.py "$WORDS" "$WORK/words.csv"
echo "words: $WORDS  cards: $((WORDS * 2))  answers: $ANSWERS  machine: $(nproc) cores"

run_backend() {  # NAME, then env for the database
    local name=$1; shift
    env "$@" "$MAEIL" migrate >/dev/null
    echo "benchpass1" | env "$@" "$MAEIL" user create bench >/dev/null
    env "$@" "$MAEIL" import "$WORK/words.csv" --book Bench >/dev/null 2>&1
    local token
    token=$(env "$@" "$MAEIL" user token bench)
    env "$@" "$MAEIL" serve --port "$PORT" >"$WORK/server-$name.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    echo "$name: $(python3 bench/study/bench.py "http://127.0.0.1:$PORT" "$token" "$ANSWERS")"
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
}

run_backend sqlite MAEIL_DATA_DIR="$WORK/sqlite"
start_postgres
run_backend postgres DATABASE_URL="$PG_URL"
