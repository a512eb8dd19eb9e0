#!/usr/bin/env bash
# End-to-end test of `maeil backup` and `maeil restore` on PostgreSQL (pg_dump and
# pg_restore, and Maeil's own portable format): a database with words and an Anki import (history, media) backed up,
# restored into a second database on the same server and compared with it table by
# table, row by row (scripts/compare-postgres.py); refusals change nothing.
#   scripts/cli-backup-postgres-test.sh PG_URL [path/to/maeil] [ANKI_PACKAGES_FOLDER]
# PG_URL: postgres://user@host:port/db?… of a server where the test may make databases.
set -uo pipefail
cd "$(dirname "$0")/.."
PG_URL=$1
MAEIL=$(realpath "${2:-.build/debug/maeil}")
PACKAGES=${3:-${MAEIL_ANKI_PACKAGES:-$(scripts/anki-packages.sh)}}
source scripts/cli-test-lib.sh backup-postgres
export PGOPTIONS="-c client_min_messages=warning"

SERVER_URL=${PG_URL%%\?*}
SERVER_URL=${SERVER_URL%/*}
QUERY=""
[[ "$PG_URL" == *\?* ]] && QUERY="?${PG_URL#*\?}"
for db in maeil_backup_a maeil_backup_b maeil_backup_c; do
    psql -X -q -d "$PG_URL" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null
done
A="$SERVER_URL/maeil_backup_a$QUERY"
B="$SERVER_URL/maeil_backup_b$QUERY"
C="$SERVER_URL/maeil_backup_c$QUERY"

DATABASE_URL=$A MAEIL_PASSWORD="correct horse" "$MAEIL" user create mina >/dev/null
printf 'term,meaning\napple,사과\npear,배\n' >"$WORK/fruit.csv"
DATABASE_URL=$A "$MAEIL" import "$WORK/fruit.csv" --book "과일" >/dev/null
DATABASE_URL=$A "$MAEIL" import "$PACKAGES/D.apkg" >/dev/null

DATABASE_URL=$A expect_output "backup" 0 "Backed up to" -- backup "$WORK/copy.dump"
DATABASE_URL=$A expect_output "not over a file" 1 "exists already" -- backup "$WORK/copy.dump"
DATABASE_URL=$B expect_output "restore into an empty database" 0 "Restored" -- restore "$WORK/copy.dump"
if python3 scripts/compare-postgres.py "$A" "$B"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL: the restored database differs"
fi
DATABASE_URL=$B expect_output "not over accounts" 1 "add --force" -- restore "$WORK/copy.dump"
DATABASE_URL=$B expect_output "with --force" 0 "Restored" -- restore "$WORK/copy.dump" --force
python3 scripts/compare-postgres.py "$A" "$B" >/dev/null && passed=$((passed + 1)) || {
    failed=$((failed + 1))
    echo "FAIL: the database restored over itself differs"
}
cp "$WORK/fruit.csv" "$WORK/not-a-dump"
DATABASE_URL=$B expect_output "not a backup" 1 "not a pg_dump archive" -- restore "$WORK/not-a-dump" --force
DATABASE_URL=$B expect_output "still there" 0 "apple" -- export --book "과일" --format csv

# Maeil's own portable format (what a machine without pg_dump gets), over B's rows.
DATABASE_URL=$A expect_output "portable backup" 0 "Backed up to" -- backup "$WORK/copy.jsonl" --portable
DATABASE_URL=$B expect_output "portable restore" 0 "Restored" -- restore "$WORK/copy.jsonl" --force
python3 scripts/compare-postgres.py "$A" "$B" >/dev/null && passed=$((passed + 1)) || {
    failed=$((failed + 1))
    echo "FAIL: the database restored from the portable backup differs"
}
DATABASE_URL=$C expect_output "portable restore into an empty database" 0 "Restored" -- restore "$WORK/copy.jsonl"
python3 scripts/compare-postgres.py "$A" "$C" >/dev/null && passed=$((passed + 1)) || {
    failed=$((failed + 1))
    echo "FAIL: the empty database restored from the portable backup differs"
}

# A portable backup cut short at a line (a copy that stopped) is refused; C keeps its rows.
python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); open(sys.argv[2], "wb").write(d[: d.rindex(b"\n", 0, len(d) * 2 // 3) + 1])' \
    "$WORK/copy.jsonl" "$WORK/cut.jsonl"
DATABASE_URL=$C expect_output "a cut-short portable backup is refused" 1 "cut short" -- restore "$WORK/cut.jsonl" --force
python3 scripts/compare-postgres.py "$A" "$C" >/dev/null && passed=$((passed + 1)) || {
    failed=$((failed + 1))
    echo "FAIL: a refused restore changed the database"
}
# One word moved by hand into a book that is not there: refused, and C keeps its rows.
python3 - "$WORK/copy.jsonl" "$WORK/stray.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
index = next(i for i, line in enumerate(lines) if line.startswith('{"table":"words"'))
line = json.loads(lines[index])
line["row"]["book_id"] = "00000000-0000-4000-8000-000000000000"
lines[index] = json.dumps(line, ensure_ascii=False, separators=(",", ":"))
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines) + "\n")
PY
DATABASE_URL=$C expect_output "a word outside its user's books is refused" 1 "belong to no books" -- restore "$WORK/stray.jsonl" --force
python3 scripts/compare-postgres.py "$A" "$C" >/dev/null && passed=$((passed + 1)) || {
    failed=$((failed + 1))
    echo "FAIL: a refused restore changed the database"
}
for db in maeil_backup_a maeil_backup_b maeil_backup_c; do
    psql -X -q -d "$PG_URL" -c "DROP DATABASE IF EXISTS $db" >/dev/null
done
cli_test_summary cli-backup-postgres-test
