#!/usr/bin/env bash
# Two builds of Maeil on the same data in the same sitting, their runs interleaved:
#   bench/anki/ab.sh BASELINE CANDIDATE [N]
# BASELINE, CANDIDATE: release `maeil` binaries, e.g. main's and a change's:
#   git worktree add /tmp/maeil-main main
#   (cd /tmp/maeil-main && swift build -c release --product maeil)
#   swift build -c release --product maeil
#   bench/anki/ab.sh /tmp/maeil-main/.build/release/maeil .build/release/maeil
# N: only the first N EDICT entries (default: all, ~267,000).
# Env: MAEIL_AB_ROUNDS (default 3) rounds of the served measures, MAEIL_AB_IMPORTS
# (default 2) imports each, MAEIL_AB_BACKENDS (default "sqlite postgres"),
# MAEIL_AB_WRITES (default 3000) words another user adds before the last search
# mix (0: none), MAEIL_BENCH_PORT (18090; the candidate listens on the next port)
# and MAEIL_TEST_PG_PORT (55440).
#
# bench/anki/run.sh measures one build against Anki; sittings on this machine differ
# by more than most changes (its PostgreSQL search lines by ±20%). Here each measure
# alternates between the builds (A B, then B A, …) on twin databases that each build
# imported itself: the EDICT import (whole command), Anki's 20-query search mix x 5,
# and wrk on the EDICT book's JSON page and web word list, a different page each
# time. Prints each measure's medians and the candidate's ratio to the baseline. Then
# the search mix once more, the builds taking turns request by request (each query
# ROUNDS x 20 times to each), with each query's medians and ratio; and again after
# another user of each build added MAEIL_AB_WRITES words one by one (in turns, 100 at
# a time), which is what a search pays for others' writes (on PostgreSQL, the GIN
# indexes' pending lists: `GINPendingList`).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
SHARED="$ROOT/../shared"
[ $# -ge 2 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
BASELINE=$(realpath "$1")
CANDIDATE=$(realpath "$2")
N=${3:-}
for binary in "$BASELINE" "$CANDIDATE"; do
    [ -x "$binary" ] || { echo "not an executable: $binary" >&2; exit 2; }
done
PORT=${MAEIL_BENCH_PORT:-18090}
export MAEIL_TEST_PG_PORT=${MAEIL_TEST_PG_PORT:-55440}
ROUNDS=${MAEIL_AB_ROUNDS:-3}
IMPORTS=${MAEIL_AB_IMPORTS:-2}
BACKENDS=${MAEIL_AB_BACKENDS:-sqlite postgres}
WRITES=${MAEIL_AB_WRITES:-3000}
PASSWORD=benchpass1
WORK=$(mktemp -d /tmp/maeil-ab.XXXXXX)
SERVER_PID=""
CANDIDATE_PID=""

source bench/lib.sh

missing=()
[ -f /usr/share/edict/edict ] || missing+=(edict)
command -v wrk >/dev/null || missing+=(wrk)
[ -x /usr/bin/time ] || missing+=(time)
command -v curl >/dev/null || missing+=(curl)
ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || missing+=(postgresql)
install_missing "${missing[@]}"

source scripts/postgres.sh
stop_servers() {
    for pid in "$SERVER_PID" "$CANDIDATE_PID"; do
        if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    done
    SERVER_PID="" CANDIDATE_PID=""
}
cleanup() { stop_servers; cleanup_bench; }
trap cleanup EXIT
trap 'exit 130' INT TERM
export MAEIL_RESOURCES="$ROOT/Sources/MaeilServer/Resources" MAEIL_BCRYPT_COST=10

python3 "$SHARED/tools/anki/edict_tsv.py" /usr/share/edict/edict >"$WORK/edict-all.tsv"
{
    printf 'term\treading\tmeaning\n'
    if [ -n "$N" ]; then head -n "$N" "$WORK/edict-all.tsv"; else cat "$WORK/edict-all.tsv"; fi
} >"$WORK/edict.tsv"
ENTRIES=$(($(wc -l <"$WORK/edict.tsv") - 1))
echo "EDICT entries: $ENTRIES  machine: $(nproc) cores"
echo "baseline:  $BASELINE"
echo "candidate: $CANDIDATE"

# Each build's database: a data folder on SQLite, a database of the private server
# on PostgreSQL. Sets the array DB_ENV, the build's env for it.
database_env() {  # BACKEND WHICH
    if [ "$1" = sqlite ]; then DB_ENV=(MAEIL_DATA_DIR="$WORK/sqlite-$2")
    else DB_ENV=(DATABASE_URL="${PG_URL/\/postgres\?//ab_$2?}"); fi
}

fresh_database() {  # BACKEND WHICH
    database_env "$1" "$2"
    if [ "$1" = sqlite ]; then rm -rf "$WORK/sqlite-$2"
    else PGOPTIONS="-c client_min_messages=warning" psql "$PG_URL" -q -c "DROP DATABASE IF EXISTS ab_$2 WITH (FORCE)" -c "CREATE DATABASE ab_$2"; fi
}

import_into() {  # BACKEND WHICH BINARY: a fresh database, the user, the timed import
    local backend=$1 which=$2 binary=$3
    fresh_database "$backend" "$which"
    quiet env "${DB_ENV[@]}" "$binary" migrate
    echo "$PASSWORD" | quiet env "${DB_ENV[@]}" "$binary" user create edict
    echo "$PASSWORD" | quiet env "${DB_ENV[@]}" "$binary" user create writer
    local start end
    start=$(date +%s.%N)
    quiet env "${DB_ENV[@]}" "$binary" import "$WORK/edict.tsv" --book EDICT --user edict
    end=$(date +%s.%N)
    python3 -c 'import json, sys; print(json.dumps({"backend": sys.argv[1], "build": sys.argv[2],
        "import_s": float(sys.argv[4]) - float(sys.argv[3])}))' "$backend" "$which" "$start" "$end" \
        >>"$WORK/imports.jsonl"
}

serve() {  # BACKEND WHICH BINARY PORT: the build on the database it imported into; sets STARTED_PID
    local backend=$1 which=$2 binary=$3 port=$4
    database_env "$backend" "$which"
    env "${DB_ENV[@]}" "$binary" serve --port "$port" >"$WORK/server-$backend-$which.log" 2>&1 &
    STARTED_PID=$!
    for _ in $(seq 200); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return; sleep 0.1; done
    echo "the $which build's server did not start:" >&2
    tail -n 20 "$WORK/server-$backend-$which.log" >&2
    exit 1
}

token() {  # BACKEND WHICH BINARY [USER]
    database_env "$1" "$2"
    env "${DB_ENV[@]}" "$3" user token "${4:-edict}"
}

for backend in $BACKENDS; do
    if [ "$backend" = postgres ]; then
        start_postgres
        trap cleanup EXIT
    fi
    step "$backend: imports, alternating ($IMPORTS each)"
    for round in $(seq "$IMPORTS"); do
        if [ $((round % 2)) = 1 ]; then order="baseline candidate"; else order="candidate baseline"; fi
        for which in $order; do
            if [ "$which" = baseline ]; then import_into "$backend" baseline "$BASELINE"
            else import_into "$backend" candidate "$CANDIDATE"; fi
        done
    done
    serve "$backend" baseline "$BASELINE" "$PORT"; SERVER_PID=$STARTED_PID
    serve "$backend" candidate "$CANDIDATE" "$((PORT + 1))"; CANDIDATE_PID=$STARTED_PID
    if [ "$backend" = postgres ]; then
        await_owner_indexes "$BASELINE" "$WORK/server-$backend-baseline.log" "$SERVER_PID"
        await_owner_indexes "$CANDIDATE" "$WORK/server-$backend-candidate.log" "$CANDIDATE_PID"
    fi
    base_token=$(token "$backend" baseline "$BASELINE")
    cand_token=$(token "$backend" candidate "$CANDIDATE")
    base_writer=$(token "$backend" baseline "$BASELINE" writer)
    cand_writer=$(token "$backend" candidate "$CANDIDATE" writer)
    step "$backend: search and pages, alternating ($ROUNDS rounds), then $WRITES words added by another user"
    python3 bench/anki/ab.py serve "$backend" "$ROUNDS" "$PASSWORD" \
        "http://127.0.0.1:$PORT" "$base_token" "http://127.0.0.1:$((PORT + 1))" "$cand_token" \
        "$WRITES" "$base_writer" "$cand_writer" >>"$WORK/served.jsonl"
    stop_servers
    [ "$backend" = postgres ] && stop_postgres
done

step "done"
python3 bench/anki/ab.py report "$WORK/imports.jsonl" "$WORK/served.jsonl" "$ENTRIES"
