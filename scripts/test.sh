#!/usr/bin/env bash
# The one test command (README): installs what the tests need when it is
# missing, then runs the Swift tests on SQLite, again on PostgreSQL (a private
# server on loopback), and the browser tests against a real `maeil serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

log() { printf '\n== %s\n' "$*"; }

install_missing() {
    local apt=()
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt+=(postgresql)
    command -v chromium >/dev/null 2>&1 || apt+=(chromium)
    [ -x /usr/bin/chromedriver ] || apt+=(chromium-driver)
    fc-list 2>/dev/null | grep -qi nanum || apt+=(fonts-nanum fontconfig)
    if [ ${#apt[@]} -gt 0 ]; then
        log "installing ${apt[*]}"
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${apt[@]}" >/dev/null
    fi
    if ! python3 -c "import selenium, pytest, requests" 2>/dev/null; then
        log "installing selenium, pytest, requests from PyPI"
        python3 -m pip install -q selenium pytest requests
    fi
}

PGDIR=""
PGPORT=${MAEIL_TEST_PG_PORT:-55432}
start_postgres() {
    local bin
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    PGDIR=$(mktemp -d /tmp/maeil-pg.XXXXXX)
    local run=()
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres "$PGDIR"
        run=(runuser -u postgres --)
    fi
    "${run[@]}" "$bin/initdb" -D "$PGDIR/data" -A trust -U postgres -E UTF8 >/dev/null
    "${run[@]}" "$bin/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -w \
        -o "-p $PGPORT -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null
    trap stop_postgres EXIT
}
stop_postgres() {
    [ -n "$PGDIR" ] || return 0
    local bin run=()
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    [ "$(id -u)" -eq 0 ] && run=(runuser -u postgres --)
    "${run[@]}" "$bin/pg_ctl" -D "$PGDIR/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$PGDIR"
}

install_missing

log "building (debug, with tests)"
swift build --build-tests

log "Swift tests on SQLite"
swift test --skip-build

log "Swift tests on PostgreSQL"
start_postgres
MAEIL_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres?sslmode=disable" \
    swift test --skip-build --filter MaeilServerTests

if [ -x e2e/run.sh ]; then
    log "browser tests (Chromium)"
    e2e/run.sh
fi
