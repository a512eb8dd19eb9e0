#!/usr/bin/env bash
# The offline Japanese dictionary (release build), one command:
#   bench/dictionary/run.sh [RUNS]
# Times `maeil import edict` on Debian's EDICT (267,380 entries; the whole command
# into a freshly migrated database, SQLite and PostgreSQL) next to Anki 26.9.3's
# import of the same entries (bench/anki's CSV import of the EDICT TSV: a note of
# three fields and two cards per entry, timed around `col.import_csv`), RUNS times
# each (default 3, median), then the lookups of bench/dictionary/queries.py x 5 over
# HTTP on each database (p50 and p99). Writes the table into bench/README.md.
# Env: MAEIL_BENCH_SKIP_BUILD=1 uses the existing .build-release binary;
# MAEIL_BENCH_PORT (18091) and MAEIL_TEST_PG_PORT (55441) keep clear of other servers.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
SHARED="$ROOT/../shared"
RUNS=${1:-3}
PORT=${MAEIL_BENCH_PORT:-18091}
export MAEIL_TEST_PG_PORT=${MAEIL_TEST_PG_PORT:-55441}
VENV="$ROOT/.bench-venv/anki"
ANKI_VERSION=26.9.3
WORK=$(mktemp -d /tmp/maeil-dictionary-bench.XXXXXX)
SERVER_PID=""
source bench/lib.sh

missing=()
[ -f /usr/share/edict/edict ] || missing+=(edict)
ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || missing+=(postgresql)
install_missing "${missing[@]}"
ensure_anki "$VENV" "$ANKI_VERSION"

source scripts/postgres.sh
trap cleanup_bench EXIT
trap 'exit 130' INT TERM

prepare_maeil

python3 "$SHARED/tools/anki/edict_tsv.py" /usr/share/edict/edict >"$WORK/edict.tsv"

seconds_of() {  # COMMAND...: wall seconds of the whole command
    local start end
    start=$(date +%s.%N)
    quiet "$@"
    end=$(date +%s.%N)
    python3 -c "print(round($end - $start, 3))"
}

step "anki: import x $RUNS"
: >"$WORK/anki.txt"
for _ in $(seq "$RUNS"); do
    "$VENV/bin/python" bench/anki/anki_bench.py import "$WORK/edict.tsv" "$WORK/anki" >>"$WORK/anki.txt"
done

run_backend() {  # NAME, then env for the database
    local name=$1; shift
    : >"$WORK/import-$name.txt"
    for run in $(seq "$RUNS"); do
        # A fresh database for every run.
        if [ "$name" = sqlite ]; then rm -rf "$WORK/sqlite"; else
            quiet psql -q "$PG_URL" -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public;"; fi
        quiet env "$@" "$MAEIL" migrate
        step "$name: maeil import edict ($run/$RUNS)"
        seconds_of env "$@" "$MAEIL" import edict >>"$WORK/import-$name.txt"
    done
    echo benchpass1 | quiet env "$@" "$MAEIL" user create dict
    local token
    token=$(env "$@" "$MAEIL" user token dict)
    env "$@" "$MAEIL" serve --port "$PORT" >"$WORK/server-$name.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    step "$name: lookups"
    python3 bench/dictionary/lookups.py "http://127.0.0.1:$PORT" "$token" >"$WORK/lookups-$name.json"
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
}

run_backend sqlite MAEIL_DATA_DIR="$WORK/sqlite"
start_postgres
trap cleanup_bench EXIT
run_backend postgres DATABASE_URL="$PG_URL"

step "done; the table:"
python3 bench/dictionary/report.py "$WORK" bench/README.md --runs "$RUNS" --revision "$REVISION" \
    --anki "$ANKI_VERSION" --entries "$(wc -l <"$WORK/edict.tsv")"
