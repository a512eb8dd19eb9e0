#!/usr/bin/env bash
# Crash safety (issue 16, item 4): `kill -9` at random moments during an import of R rows,
# during a stream of review answers (the server killed), and during a backup, N times
# each, on SQLite or PostgreSQL. Each operation is timed once uninterrupted first, and
# each kill falls at a uniformly random moment within that time. Afterwards: SQLite's
# `PRAGMA integrity_check` is ok and its search index has no import left pending; an
# import is all or nothing (the book holds 0 or exactly the file's R rows, each word
# with its two cards, the book's kept count right) and one that said it was done lost
# nothing; no answer is half-applied (each card's row agrees with its review log: as
# many answers as `reps`, the last one's card_after equal to the row, the mistakes
# counted) and every acknowledged answer is there; the source of a backup is
# untouched, and the backup's file is either absent or a complete backup that
# `maeil restore` takes back into a fresh database; the server starts again each time
# and at the end, and its search finds what the books hold.
#   scripts/crash-test.sh [--runs N] [--rows R] [--database-url postgres://…] [--seed S] [path/to/maeil]
# Defaults: 3 runs of 20,000 rows on a fresh SQLite folder (scripts/test.sh's short
# form); the long form is `--runs 20 --rows 100000` (with the release binary). With
# --database-url, a database of its own made on that server and dropped at the end.
# Each kill reaches every process of the command (`maeil backup`'s pg_dump too, as a crash
# of the machine or a cgroup's would); on PostgreSQL the backup is also tried with
# --portable, Maeil's own format.
set -uo pipefail
cd "$(dirname "$0")/.."
SCRIPTS=$(pwd)/scripts
RUNS=3
ROWS=20000
DATABASE=""
SEED=$(( $(date +%s) % 100000 ))
MAEIL=.build/debug/maeil
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) RUNS=$2; shift ;;
        --rows) ROWS=$2; shift ;;
        --database-url) DATABASE=$2; shift ;;
        --seed) SEED=$2; shift ;;
        -*) echo "crash-test: unknown argument $1" >&2; exit 2 ;;
        *) MAEIL=$1 ;;
    esac
    shift
done
[ -x "$MAEIL" ] || { echo "crash-test: $MAEIL not found; run swift build first" >&2; exit 2; }
MAEIL=$(realpath "$MAEIL")
RANDOM=$SEED
# The review scenario: a book of this many words per run, answered (forward cards) by
# four client threads until its queue is empty or this many answers are given.
REVIEW_WORDS=300
REVIEW_ANSWERS=600

unset DATABASE_URL MAEIL_DATA_DIR
export MAEIL_BCRYPT_COST=4 MAEIL_LOTTO_FETCH=off MAEIL_SIGNUPS_PER_HOUR=0
export PGOPTIONS="-c client_min_messages=warning"
WORK=$(mktemp -d /tmp/maeil-crash.XXXXXX)
SESSIONS=()
DBNAME=""
cleanup() {
    local pid
    for pid in "${SESSIONS[@]}"; do kill_session "$pid"; done
    wait 2>/dev/null
    if [ -n "$DBNAME" ]; then
        psql -X -q -d "$DATABASE" -c "DROP DATABASE IF EXISTS $DBNAME WITH (FORCE)" \
            -c "DROP DATABASE IF EXISTS ${DBNAME}_r WITH (FORCE)" >/dev/null 2>&1
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
# check NAME CMD…: CMD succeeds (its output, its complaints, shown only when it fails).
check() {
    local name=$1 out
    shift
    if out=$("$@" 2>&1); then ok; else fail "$name"; sed 's/^/  /' <<<"$out" | head -n 20; fi
}

if [ -n "$DATABASE" ]; then
    DBNAME="maeil_crash_$$"
    psql -X -q -d "$DATABASE" -c "CREATE DATABASE $DBNAME" -c "CREATE DATABASE ${DBNAME}_r" >/dev/null ||
        { echo "crash-test: cannot make databases on $DATABASE" >&2; DBNAME=""; exit 2; }
    url_of() { python3 -c 'import sys, urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/"+sys.argv[2])))' "$DATABASE" "$1"; }
    DB_URL=$(url_of "$DBNAME")
    RESTORE_URL=$(url_of "${DBNAME}_r")
    DB_ARGS=(--database-url "$DB_URL")
    export CRASH_DB=$DB_URL
    KIND="PostgreSQL database $DBNAME"
else
    DB_ARGS=(--data-dir "$WORK/data")
    export CRASH_DB=$WORK/data/maeil.sqlite
    KIND="SQLite in $WORK/data"
fi
echo "crash-test: $KIND, $RUNS runs, $ROWS rows, seed $SEED, $MAEIL"

# The checks and the review client: scripts/crash-test.py (standard library; psql for PostgreSQL).
py() { PYTHONHASHSEED=0 python3 "$SCRIPTS/crash-test.py" "$@"; }

now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$(now)"; }
# spread PERCENT…: "at 3,40,97% of it" (sorted), or nothing.
spread() { [ $# -gt 0 ] && printf 'at %s%% of it' "$(printf '%s\n' "$@" | sort -n | paste -sd ',')"; }
pct() { python3 -c "import sys; print(round(100 * float(sys.argv[1]) / float(sys.argv[2])))" "$1" "$2"; }

# start_session LOG CMD…: CMD in the background in a session of its own, so that a kill
# reaches what it starts (pg_dump, which Foundation's Process puts in a process group of
# its own: killing maeil's group alone leaves it writing the file); its pid in BG.
start_session() {
    local log=$1
    shift
    setsid "$@" >"$log" 2>&1 &
    BG=$!
    SESSIONS+=("$BG")
}
# kill_session PID: kill -9 every process of the session PID leads, by id, all at once,
# then any a dying one started meanwhile (a dead process starts none).
kill_session() {
    local pids
    for _ in 1 2 3; do
        pids=$(ps -eo pid=,sid= | awk -v s="$1" '$2 == s { print $1 }')
        [ -n "$pids" ] || break
        # shellcheck disable=SC2086
        kill -9 $pids 2>/dev/null
    done
    kill -9 "$1" 2>/dev/null
}
# kill_now PID: kill -9 its session; its exit status in KILLED_STATUS (137: it was running).
kill_now() {
    # (bash's "Killed" notice goes where its stderr goes meanwhile.)
    {
        kill_session "$1"
        wait "$1"
        KILLED_STATUS=$?
    } 2>/dev/null
    forget "$1"
}
forget() {
    local kept=() pid
    for pid in "${SESSIONS[@]}"; do [ "$pid" != "$1" ] && kept+=("$pid"); done
    SESSIONS=("${kept[@]+"${kept[@]}"}")
}

# PostgreSQL ends a killed client's session only when it next reads from it: wait for
# that (a transaction still running would otherwise be judged half-way).
settle() {
    [ -n "$DATABASE" ] || return 0
    local n
    for _ in $(seq 600); do
        n=$(psql -X -q -A -t -d "$DB_URL" -c "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        [ "$n" == 0 ] && return 0
        sleep 0.1
    done
    fail "a killed client's PostgreSQL session did not end in 60 s"
}

# pick_delay SECONDS: DELAY, a uniformly random moment within them (RANDOM, seeded by
# --seed, read here rather than in a subshell, so that it moves on).
pick_delay() {
    local r=$RANDOM
    DELAY=$(py delay "$1" "$r")
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# start_server LOG: `maeil serve` on the data; BASE and SERVER set; 1 when it does not answer.
start_server() {
    local port
    port=$(free_port)
    BASE="http://127.0.0.1:$port"
    start_session "$1" "$MAEIL" serve --port "$port" "${DB_ARGS[@]}"
    SERVER=$BG
    for _ in $(seq 600); do
        curl -sf "$BASE/healthz" >/dev/null 2>&1 && return 0
        kill -0 "$SERVER" 2>/dev/null || break
        sleep 0.1
    done
    fail "the server did not start (log: $(tail -n 3 "$1" | tr '\n' ' '))"
    return 1
}
stop_server() {
    kill "$SERVER" 2>/dev/null
    wait "$SERVER" 2>/dev/null
    forget "$SERVER"
}

maeil() { "$MAEIL" "$@" "${DB_ARGS[@]}"; }

# ---------------------------------------------------------------- setup
MAEIL_PASSWORD="crash-test password" maeil user create crash >/dev/null || { echo "crash-test: user create failed" >&2; exit 1; }
py rows "$WORK/rows.tsv" "$ROWS"
head -n $((REVIEW_WORDS + 1)) "$WORK/rows.tsv" >"$WORK/review.tsv"

# ---------------------------------------------------------------- 1. import
start=$(now)
IMPORT_RUNS=$RUNS
if maeil import "$WORK/rows.tsv" --book "Crash 0" --user crash >"$WORK/import-0.log" 2>&1; then
    ok
else
    fail "the uninterrupted import, so no kills: $(tail -n 1 "$WORK/import-0.log")"
    IMPORT_RUNS=0
fi
IMPORT_TIME=$(since "$start")
[ "$(py check-import "Crash 0" "$WORK/rows.tsv" 2>&1)" == whole ] && ok || fail "the uninterrupted import is not whole"
CRASH_BOOKS=("Crash 0")
kills=0 running=0 clean=0 whole=0 lost=0 at=()
for run in $(seq "$IMPORT_RUNS"); do
    book="Crash $run"
    CRASH_BOOKS+=("$book")
    pick_delay "$IMPORT_TIME"
    delay=$DELAY
    start_session "$WORK/import-$run.log" "$MAEIL" import "$WORK/rows.tsv" --book "$book" --user crash "${DB_ARGS[@]}"
    sleep "$delay"
    kill_now "$BG"
    kills=$((kills + 1))
    at+=("$(pct "$delay" "$IMPORT_TIME")")
    [ "$KILLED_STATUS" == 137 ] && running=$((running + 1))
    settle
    outcome=$(py check-import "$book" "$WORK/rows.tsv" 2>"$WORK/check.err")
    if [ $? == 0 ] && { [ "$outcome" == empty ] || [ "$outcome" == whole ]; }; then
        clean=$((clean + 1)); ok
        [ "$outcome" == whole ] && whole=$((whole + 1))
    else
        fail "import $run killed at ${delay}s left its book $outcome"; sed 's/^/  /' "$WORK/check.err"
    fi
    # An import that said it was done lost no row.
    if grep -q "Imported [0-9]* words" "$WORK/import-$run.log" && [ "$outcome" != whole ]; then
        lost=$((lost + ROWS))
        fail "import $run printed Imported but its book is $outcome"
    fi
    check "database sound after import kill $run" py check-db
done
echo "import (${ROWS} rows, ${IMPORT_TIME}s uninterrupted): $kills kills $(spread "${at[@]+"${at[@]}"}"), $running before it finished; $clean left nothing half-done ($whole whole, $((clean - whole)) empty), rows lost $lost"

# ---------------------------------------------------------------- 2. review answers
TOKEN=$(maeil user token crash --name crash-test 2>/dev/null | tail -n 1)
review_book() {
    local out
    out=$(maeil import "$WORK/review.tsv" --book "$1" --user crash 2>&1) ||
        { fail "import of $1"; sed 's/^/  /' <<<"$out" | tail -n 5; }
}
review_book "Review 0"
start_server "$WORK/server-0.log" || exit 1
curl -sf -X PATCH "$BASE/api/v1/study/settings" -H "Authorization: Bearer $TOKEN" \
    -H 'Content-Type: application/json' -d '{"newPerDay":9999,"reviewsPerDay":9999}' >/dev/null ||
    fail "PATCH study/settings"
start=$(now)
REVIEW_RUNS=$RUNS
if py client "$BASE" "$TOKEN" "Review 0" "$REVIEW_ANSWERS" "$SEED" "$WORK/acks" "$WORK/stats-0.json" >"$WORK/client-0.log" 2>&1; then
    ok
else
    fail "the uninterrupted review client, so no kills: $(tail -n 1 "$WORK/client-0.log")"
    REVIEW_RUNS=0
fi
REVIEW_TIME=$(since "$start")
REVIEW_DONE=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["answered"])' "$WORK/stats-0.json" 2>/dev/null)
stop_server
touch "$WORK/acks"
check "answers consistent after the uninterrupted run" py check-reviews "$WORK/acks"
ACKS_BEFORE=$(wc -l <"$WORK/acks")
kills=0 flowing=0 restarted=0 half=0 lostacks=0 acked=0 at=()
for run in $(seq "$REVIEW_RUNS"); do
    book="Review $run"
    review_book "$book"
    start_server "$WORK/server-$run.log" || continue
    py client "$BASE" "$TOKEN" "$book" "$REVIEW_ANSWERS" "$((SEED + run))" "$WORK/acks" "$WORK/stats-$run.json" \
        >"$WORK/client-$run.log" 2>&1 &
    CLIENT=$!
    pick_delay "$REVIEW_TIME"
    delay=$DELAY
    sleep "$delay"
    kill -0 "$CLIENT" 2>/dev/null && flowing=$((flowing + 1))
    kill_now "$SERVER"
    kills=$((kills + 1))
    at+=("$(pct "$delay" "$REVIEW_TIME")")
    wait "$CLIENT" 2>/dev/null
    settle
    start_server "$WORK/server-$run-again.log" || continue
    restarted=$((restarted + 1))
    check "the restarted server answers after kill $run" py restart "$BASE" "$TOKEN" "$book"
    result=$(py check-reviews "$WORK/acks" 2>"$WORK/check.err")
    status=$?
    # Counted over every answer and card so far: the latest check's numbers.
    read -r _ a lostacks half <<<"${result:-0 0 0 0}"
    acked=$((a - ACKS_BEFORE))
    if [ "$status" == 0 ]; then ok; else fail "answers after server kill $run"; sed 's/^/  /' "$WORK/check.err" | head -n 15; fi
    check "database sound after server kill $run" py check-db
    stop_server
done
echo "reviews (${REVIEW_DONE} answers in ${REVIEW_TIME}s uninterrupted): $kills server kills $(spread "${at[@]+"${at[@]}"}"), $flowing while answers flowed; restarted $restarted/$kills; $acked answers acknowledged, $lostacks lost; $half cards half-applied"

# ---------------------------------------------------------------- 3. backup
py counts >"$WORK/source-counts.json"
# backup_scenario LABEL EXTENSION [--portable]
backup_scenario() {
    local label=$1 ext=$2
    shift 2
    local start took kills=0 running=0 absent=0 complete=0 partial=0 accepted_partial=0 intact=0 at=()
    start=$(now)
    if ! maeil backup "$WORK/measure.$ext" "$@" >"$WORK/backup-0.log" 2>&1; then
        fail "the uninterrupted $label, so no kills: $(tail -n 1 "$WORK/backup-0.log")"
        return
    fi
    ok
    took=$(since "$start")
    restore_and_compare "$WORK/measure.$ext" && ok || fail "the uninterrupted $label does not restore whole"
    rm -f "$WORK/measure.$ext"
    for run in $(seq "$RUNS"); do
        local out="$WORK/backup-$run.$ext" delay
        pick_delay "$took"
        delay=$DELAY
        start_session "$WORK/backup-$run.log" "$MAEIL" backup "$out" "$@" "${DB_ARGS[@]}"
        sleep "$delay"
        kill_now "$BG"
        kills=$((kills + 1))
        at+=("$(pct "$delay" "$took")")
        [ "$KILLED_STATUS" == 137 ] && running=$((running + 1))
        settle
        # The source: sound, every table's rows as before.
        if py check-db >"$WORK/check.err" 2>&1 && py compare-counts "$WORK/source-counts.json" >>"$WORK/check.err" 2>&1; then
            intact=$((intact + 1)); ok
        else
            fail "the source after $label kill $run"; sed 's/^/  /' "$WORK/check.err" | head -n 10
        fi
        if [ ! -e "$out" ]; then
            absent=$((absent + 1)); ok
        else
            local size beside
            size=$(stat -c %s "$out")
            beside=$(ls "$out"?* 2>/dev/null | sed "s|^$WORK/||" | tr '\n' ' ' | sed 's/ $//')
            if restore_and_compare "$out"; then
                complete=$((complete + 1)); ok
            elif [ "$RESTORE_ACCEPTED" == 1 ]; then
                accepted_partial=$((accepted_partial + 1))
                fail "$label killed at ${delay}s (exit $KILLED_STATUS): the partial $(basename "$out") ($size bytes) was RESTORED: $(head -n 3 "$WORK/restore.err" | paste -sd ';' | sed 's/;/; /g')"
            else
                partial=$((partial + 1))
                fail "$label killed at ${delay}s (exit $KILLED_STATUS) left a partial $(basename "$out") ($size bytes${beside:+, beside it $beside}) at the backup's name; restore: $(grep -v '^$' "$WORK/restore.err" | tail -n 1 | cut -c1-160)"
            fi
        fi
        rm -rf "$out" "$out"-* "$WORK/restored"
    done
    echo "$label (${took}s uninterrupted): $kills kills $(spread "${at[@]+"${at[@]}"}"), $running before it finished; source intact $intact/$kills; file absent $absent, complete $complete, partial left $partial, partial restored $accepted_partial"
}
# restore_and_compare FILE: `maeil restore FILE` into a fresh database takes it
# (RESTORE_ACCEPTED=1) and the restored database has the source's rows, table by table.
restore_and_compare() {
    RESTORE_ACCEPTED=0
    rm -rf "$WORK/restored"
    if [ -n "$DATABASE" ]; then
        psql -X -q -d "$DATABASE" -c "DROP DATABASE IF EXISTS ${DBNAME}_r WITH (FORCE)" -c "CREATE DATABASE ${DBNAME}_r" >/dev/null
        "$MAEIL" restore "$1" --database-url "$RESTORE_URL" >/dev/null 2>"$WORK/restore.err" || return 1
        RESTORE_ACCEPTED=1
        py compare-counts "$WORK/source-counts.json" "$RESTORE_URL" >>"$WORK/restore.err" 2>&1
    else
        "$MAEIL" restore "$1" --data-dir "$WORK/restored" >/dev/null 2>"$WORK/restore.err" || return 1
        RESTORE_ACCEPTED=1
        py compare-counts "$WORK/source-counts.json" "$WORK/restored/maeil.sqlite" >>"$WORK/restore.err" 2>&1
    fi
}
if [ -n "$DATABASE" ]; then
    backup_scenario "backup" dump
    backup_scenario "backup --portable" jsonl --portable
else
    backup_scenario "backup" sqlite
fi

# ---------------------------------------------------------------- the server at the end
check "database sound at the end" py check-db
if [ -n "$DATABASE" ] && psql -X -q -d "$DB_URL" -c "CREATE EXTENSION IF NOT EXISTS amcheck" >/dev/null 2>&1; then
    # PostgreSQL's own check of every B-tree index against its table.
    check "amcheck: every B-tree index matches its table" psql -X -q -v ON_ERROR_STOP=1 -d "$DB_URL" -c \
        "SELECT bt_index_check(c.oid, true) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE a.amname = 'btree' AND n.nspname = 'public'"
fi
if start_server "$WORK/server-end.log"; then
    check "the server at the end: a killed run's words" py restart "$BASE" "$TOKEN" "Crash 0"
    check "the server at the end: search finds each word once in whole books, never in emptied ones" \
        py search "$BASE" "$TOKEN" "$WORK/rows.tsv" "${CRASH_BOOKS[@]}"
    stop_server
    echo "server at the end: started and answered"
fi

echo "crash-test: $passed passed, $failed failed"
[ "$failed" == 0 ]
