#!/usr/bin/env bash
# End-to-end test of `maeil backup` and `maeil restore` on SQLite: a data folder with
# words, an Anki import (history, media) and a server running and writing while the
# backup is made; the backup restored into a second folder equals it table by table,
# row by row (scripts/compare-sqlite.py); refusals change nothing.
#   scripts/cli-backup-test.sh [path/to/maeil] [ANKI_PACKAGES_FOLDER]
set -uo pipefail
cd "$(dirname "$0")/.."
MAEIL=$(realpath "${1:-.build/debug/maeil}")
PACKAGES=${2:-${MAEIL_ANKI_PACKAGES:-$(scripts/anki-packages.sh)}}
source scripts/cli-test-lib.sh backup

MAEIL_PASSWORD="correct horse" "$MAEIL" user create mina --data-dir "$WORK/data" >/dev/null
printf 'term,meaning\napple,사과\npear,배\n' >"$WORK/fruit.csv"
"$MAEIL" import "$WORK/fruit.csv" --book "과일" --data-dir "$WORK/data" >/dev/null
"$MAEIL" import "$PACKAGES/D.apkg" --data-dir "$WORK/data" >/dev/null

expect_output "backup" 0 "Backed up to" -- backup "$WORK/copy.sqlite"
# Private like the database (it holds password hashes), and nothing left beside it.
if [ "$(stat -c %a "$WORK/copy.sqlite")" == 600 ] && [ ! -e "$WORK/copy.sqlite.partial" ]; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL: the backup is $(stat -c %a "$WORK/copy.sqlite"), or its .partial is left"
fi
expect_output "not over a file" 1 "exists already" -- backup "$WORK/copy.sqlite"
DATA_DIR="$WORK/second" expect_output "restore into a new folder" 0 "Restored" -- restore "$WORK/copy.sqlite"
# Every table, row for row (the restored folder as the command wrote it).
if python3 scripts/compare-sqlite.py "$WORK/data/maeil.sqlite" "$WORK/second/maeil.sqlite"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL: the restored database differs"
fi
DATA_DIR="$WORK/second" expect_output "not over accounts" 1 "add --force" -- restore "$WORK/copy.sqlite"
DATA_DIR="$WORK/second" expect_output "with --force" 0 "Restored" -- restore "$WORK/copy.sqlite" --force
printf 'not a database' >"$WORK/bad.sqlite"
DATA_DIR="$WORK/second" expect_output "not a backup" 1 "not a sound Maeil backup" -- restore "$WORK/bad.sqlite" --force
DATA_DIR="$WORK/second" expect_output "still there" 0 "apple" -- export --book "과일" --format csv

# While a server runs and writes, the backup is still whole.
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$MAEIL" serve --port "$PORT" --data-dir "$WORK/data" >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
TOKEN=$(curl -sf -X POST "http://127.0.0.1:$PORT/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"mina","password":"correct horse"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
BOOK=$(curl -sf -X POST "http://127.0.0.1:$PORT/api/v1/books" -H "Authorization: Bearer $TOKEN" \
    -H 'Content-Type: application/json' -d '{"name":"live"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
(for i in $(seq 200); do
    curl -sf -X POST "http://127.0.0.1:$PORT/api/v1/books/$BOOK/words" -H "Authorization: Bearer $TOKEN" \
        -H 'Content-Type: application/json' -d "{\"term\":\"word$i\"}" >/dev/null
done) &
WRITER=$!
sleep 0.5
expect_output "backup while the server writes" 0 "Backed up to" -- backup "$WORK/live.sqlite"
wait "$WRITER"
kill "$SERVER" && wait "$SERVER" 2>/dev/null
DATA_DIR="$WORK/third" expect_output "that backup restores" 0 "Restored" -- restore "$WORK/live.sqlite"
DATA_DIR="$WORK/third" expect_output "with the words written before it" 0 "word1" -- export --book live --format csv

cli_test_summary cli-backup-test
