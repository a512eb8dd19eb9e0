#!/usr/bin/env bash
# Maeil against Anki 26.9.3 on the same data (release build), one command:
#   bench/anki/run.sh [N]
# N: only the first N EDICT entries (a quick run; default: all, ~267,000). A quick
# run also shrinks the due-queue book and the Korean words to at most N.
# Env: MAEIL_BENCH_SKIP_BUILD=1 uses the existing .build-release binary;
# MAEIL_BENCH_QUEUE_WORDS (default 100000) and MAEIL_BENCH_KOREAN_WORDS (default
# 300000) override those sizes; MAEIL_BENCH_PORT (18090) and MAEIL_TEST_PG_PORT
# (55440) keep clear of other servers.
#
# Measured: import of the EDICT TSV (Anki: its CSV import into a new collection;
# Maeil: the whole `maeil import` command and its peak RSS), Anki's 20-query search
# mix x 5 (col.find_notes against GET /api/v1/search), the due queue of a
# 100,000-word book (get_queued_cards against GET /api/v1/study/queue), and for
# Maeil alone the Korean query kinds of bench/notebook, wrk on a 50-word JSON page
# and the web word list against /healthz, and the server's RSS at the end. Writes
# the table into bench/README.md and prints it.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
SHARED="$ROOT/../shared"  # the repository is always cloned beside shared/
N=${1:-}
PORT=${MAEIL_BENCH_PORT:-18090}
export MAEIL_TEST_PG_PORT=${MAEIL_TEST_PG_PORT:-55440}
VENV="$ROOT/.bench-venv/anki"
ANKI_VERSION=26.9.3
PASSWORD=benchpass1
COMMAND="bench/anki/run.sh${N:+ $N}"
WORK=$(mktemp -d /tmp/maeil-anki-bench.XXXXXX)
SERVER_PID=""

source bench/lib.sh

# --- Tools: CI machines are fresh, so install what is missing -------------------
missing=()
[ -f /usr/share/edict/edict ] || missing+=(edict)
command -v wrk >/dev/null || missing+=(wrk)
[ -x /usr/bin/time ] || missing+=(time)  # GNU time, for the import's peak RSS
command -v curl >/dev/null || missing+=(curl)
ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || missing+=(postgresql)
install_missing "${missing[@]}"
ensure_anki "$VENV" "$ANKI_VERSION"

source scripts/postgres.sh
trap cleanup_bench EXIT
trap 'exit 130' INT TERM

prepare_maeil

# --- Data ------------------------------------------------------------------------
python3 "$SHARED/tools/anki/edict_tsv.py" /usr/share/edict/edict >"$WORK/edict-all.tsv"
if [ -n "$N" ]; then head -n "$N" "$WORK/edict-all.tsv" >"$WORK/edict.tsv"; else cp "$WORK/edict-all.tsv" "$WORK/edict.tsv"; fi
ENTRIES=$(wc -l <"$WORK/edict.tsv")
LIMIT=${N:-300000}  # a quick run caps the other two sets at N too
QUEUE_WORDS=${MAEIL_BENCH_QUEUE_WORDS:-$((LIMIT < 100000 ? LIMIT : 100000))}
KOREAN_WORDS=${MAEIL_BENCH_KOREAN_WORDS:-$((LIMIT < 300000 ? LIMIT : 300000))}
head -n "$QUEUE_WORDS" "$WORK/edict-all.tsv" >"$WORK/queue.tsv"
# Maeil reads a header-less table as term, meaning, reading; EDICT's TSV is term,
# reading, meaning, so Maeil's copies get a header naming the columns.
for f in edict queue; do
    { printf 'term\treading\tmeaning\n'; cat "$WORK/$f.tsv"; } >"$WORK/$f-maeil.tsv"
done
python3 bench/notebook/make_words.py "$KOREAN_WORDS" "$WORK/korean.csv"
echo "EDICT entries: $ENTRIES  queue book: $QUEUE_WORDS words  Korean words: $KOREAN_WORDS  machine: $(nproc) cores"

# --- Anki (nothing else running) --------------------------------------------------
step "anki: import and search"
"$VENV/bin/python" bench/anki/anki_bench.py search "$WORK/edict.tsv" "$WORK/anki" >"$WORK/anki-search.json"
step "anki: due queue"
"$VENV/bin/python" bench/anki/anki_bench.py queue "$WORK/queue.tsv" "$WORK/anki" >"$WORK/anki-queue.json"
step "anki: ../shared/tools/anki/bench_anki.py as it is"
"$VENV/bin/python" "$SHARED/tools/anki/bench_anki.py" "$WORK/edict.tsv" "$WORK/anki-shared" >"$WORK/anki-shared.txt"
rm -rf "$WORK/anki" "$WORK/anki-shared"

# --- Maeil -------------------------------------------------------------------------
run_backend() {  # NAME, then env for the database
    local name=$1; shift
    quiet env "$@" "$MAEIL" migrate
    for user in edict korean queue; do echo "$PASSWORD" | quiet env "$@" "$MAEIL" user create "$user"; done
    step "$name: import"
    local start end
    start=$(date +%s.%N)
    quiet env "$@" /usr/bin/time -v -o "$WORK/time-$name.txt" \
        "$MAEIL" import "$WORK/edict-maeil.tsv" --book EDICT --user edict
    end=$(date +%s.%N)
    local peak_kb
    peak_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/time-$name.txt")
    quiet env "$@" "$MAEIL" import "$WORK/korean.csv" --book Korean --user korean
    quiet env "$@" "$MAEIL" import "$WORK/queue-maeil.tsv" --book Queue --user queue
    local tokens=()
    for user in edict korean queue; do tokens+=("$(env "$@" "$MAEIL" user token "$user")"); done

    env "$@" "$MAEIL" serve --port "$PORT" >"$WORK/server-$name.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    if [ "$name" = postgres ]; then
        step "$name: waiting for the server's search indexes of big owners"
        await_owner_indexes "$MAEIL" "$WORK/server-$name.log" "$SERVER_PID"
    fi
    step "$name: search, Korean kinds, due queue, wrk"
    python3 bench/anki/maeil_bench.py "http://127.0.0.1:$PORT" "${tokens[0]}" "${tokens[1]}" \
        "$WORK/korean.csv" 1000 "${tokens[2]}" "$PASSWORD" >"$WORK/api-$name.json" ||
        { echo "server log:" >&2; tail -n 20 "$WORK/server-$name.log" >&2; exit 1; }
    local rss_kb
    rss_kb=$(awk '/^VmRSS:/ {print $2}' "/proc/$SERVER_PID/status")
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
    python3 -c 'import json, sys; print(json.dumps({"words": int(sys.argv[1]), "import_s": float(sys.argv[3]) - float(sys.argv[2]),
        "import_peak_kb": int(sys.argv[4]), "server_rss_kb": int(sys.argv[5])}))' \
        "$ENTRIES" "$start" "$end" "$peak_kb" "$rss_kb" >"$WORK/import-$name.json"
}

run_backend sqlite MAEIL_DATA_DIR="$WORK/sqlite"
start_postgres
trap cleanup_bench EXIT  # start_postgres sets its own EXIT trap; ours stops the server too
run_backend postgres DATABASE_URL="$PG_URL"

# --- Table -------------------------------------------------------------------------
step "done; the table:"
python3 bench/anki/report.py "$WORK" bench/README.md \
    --command "$COMMAND" --anki "$ANKI_VERSION" --entries "$ENTRIES" --revision "$REVISION" \
    --queue-words "$QUEUE_WORDS" --korean-words "$KOREAN_WORDS"
