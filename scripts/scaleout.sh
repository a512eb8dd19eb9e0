#!/usr/bin/env bash
# Maeil for a group: PostgreSQL, several `maeil serve` processes and HAProxy in
# front, under a mixed load (scripts/scaleout-load.py: browsing in a browser
# session, searching, adding words, answering reviews) for a fixed time, with one
# process killed (kill -9) half-way. Passes when no client saw an error, nothing
# was lost or doubled, the sign-in limit held across processes, and the hourly
# session clean-up ran once for all of them.
#   scripts/scaleout.sh [--duration S] [--clients N] [--processes N] [--database-url URL] [path/to/maeil]
# Defaults: 20 s, 8 clients, 3 processes, a private PostgreSQL (scripts/postgres.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
DURATION=20
CLIENTS=8
PROCESSES=3
URL=""
MAEIL=.build/debug/maeil
while [ $# -gt 0 ]; do
    case $1 in
    --duration) DURATION=$2; shift 2 ;;
    --clients) CLIENTS=$2; shift 2 ;;
    --processes) PROCESSES=$2; shift 2 ;;
    --database-url) URL=$2; shift 2 ;;
    *) MAEIL=$1; shift ;;
    esac
done
MAEIL=$(realpath "$MAEIL")
command -v haproxy >/dev/null || { echo "scaleout: haproxy is missing (apt-get install haproxy)"; exit 1; }

WORK=$(mktemp -d /tmp/maeil-scaleout.XXXXXX)
PIDS=()
source scripts/postgres.sh
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
    for pid in "${PIDS[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
    [ -n "${DB:-}" ] && psql "$URL" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1
    stop_postgres
    rm -rf "$WORK"
}
trap cleanup EXIT
if [ -z "$URL" ]; then
    PGPORT=${MAEIL_SCALEOUT_PG_PORT:-55439}
    start_postgres
    trap cleanup EXIT
    URL=$PG_URL
fi
# A database of its own, so that a shared server is left as it was.
DB="maeil_scaleout_$$"
psql "$URL" -qc "CREATE DATABASE $DB" >/dev/null || exit 1
APP_URL=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' "$URL" "$DB")
PSQL_URL=$APP_URL

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_ready() {
    for _ in $(seq 300); do curl -sf "http://127.0.0.1:$1/healthz" >/dev/null && return 0; sleep 0.1; done
    echo "scaleout: nothing answers on port $1"; return 1
}

# Behind the balancer the client's address comes in X-Forwarded-For, which the
# processes believe from 127.0.0.1 only (MAEIL_TRUSTED_PROXIES).
export DATABASE_URL=$APP_URL MAEIL_BCRYPT_COST=4 MAEIL_LOTTO_FETCH=off \
    MAEIL_TRUSTED_PROXIES=127.0.0.1 MAEIL_SIGNUPS_PER_HOUR=1000
PORTS=()
for n in $(seq "$PROCESSES"); do
    port=$(free_port)
    PORTS+=("$port")
    "$MAEIL" serve --port "$port" >"$WORK/serve-$n.log" 2>&1 &
    PIDS+=($!)
    disown  # its kill -9 is part of the test, not news
    # The first migrates the database; the others start once it is done.
    [ "$n" == 1 ] && { wait_ready "$port" || exit 1; }
done
for port in "${PORTS[@]}"; do wait_ready "$port" || exit 1; done

FRONT=$(free_port)
{
    cat <<EOF
global
    maxconn 1024
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    retries 3
    option redispatch 1
    # Only requests that never reached a process: a request a dying process took
    # may have been applied, and a blind retry would apply it twice (seen: a word
    # added, its process killed before answering, the retry refused as a duplicate).
    retry-on conn-failure
frontend maeil
    bind 127.0.0.1:$FRONT
    option forwardfor
    default_backend app
backend app
    balance roundrobin
    option httpchk GET /healthz
EOF
    for n in "${!PORTS[@]}"; do
        echo "    server maeil$n 127.0.0.1:${PORTS[$n]} check inter 250ms fall 1 rise 2"
    done
} >"$WORK/haproxy.cfg"
haproxy -f "$WORK/haproxy.cfg" -db >"$WORK/haproxy.log" 2>&1 &
PIDS+=($!)
wait_ready "$FRONT" || exit 1
BASE="http://127.0.0.1:$FRONT"
failed=0

# Failed sign-ins count across processes: the balancer sends each to the next
# one, and the sixth is still held back (five are free, SignInThrottle).
curl -sf -X POST "$BASE/api/v1/auth/signup" -H 'Content-Type: application/json' \
    -d '{"username":"guarded","password":"guarded-pass"}' >/dev/null
statuses=""
for _ in 1 2 3 4 5 6; do
    statuses+=$(curl -s -o /dev/null -w '%{http_code} ' -X POST "$BASE/api/v1/auth/login" \
        -H 'Content-Type: application/json' -d '{"username":"guarded","password":"wrong-guess"}')
done
if [ "$statuses" == "401 401 401 401 401 429 " ]; then
    echo "sign-in limit across $PROCESSES processes: $statuses"
else
    echo "FAIL: sign-in limit across processes: $statuses (expected five 401 then 429)"
    failed=1
fi

# Half-way through, one process dies without a word. Then, on a PostgreSQL of its
# own, the database stops for three seconds (`pg_ctl stop -m fast`: every
# connection cut) and starts again: the processes answer 503 meanwhile, which
# the clients retry, and reconnect by themselves.
VICTIM=${PIDS[1]:-${PIDS[0]}}
(sleep "$(python3 -c "print($DURATION / 2)")" && kill -9 "$VICTIM") &
OUTAGE=""
if [ -n "$PGDIR" ]; then
    OUTAGE=", PostgreSQL stopped for 3 s at $(python3 -c "print($DURATION * 3 / 4)") s"
    (
        sleep "$(python3 -c "print($DURATION * 3 / 4)")"
        pg_as_owner "$(pg_bin)/pg_ctl" -D "$PGDIR/data" -m fast stop >/dev/null
        sleep 3
        pg_as_owner "$(pg_bin)/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -w \
            -o "-p $PGPORT -k $PGDIR -c listen_addresses=127.0.0.1 -c max_connections=1000" start >/dev/null
    ) &
fi
if python3 scripts/scaleout-load.py "$BASE" "$PSQL_URL" --duration "$DURATION" --clients "$CLIENTS" \
    >"$WORK/load.json" 2>"$WORK/load.err"; then
    echo "load through HAProxy, $PROCESSES processes, one killed at $(python3 -c "print($DURATION / 2)") s$OUTAGE: $(cat "$WORK/load.json")"
else
    echo "FAIL: load: $(cat "$WORK/load.json")"
    head -20 "$WORK/load.err"
    failed=1
fi

sweeps=$(psql "$PSQL_URL" -tAc "SELECT COUNT(*) FROM scheduled_runs WHERE job = 'session-sweep'")
if [ "$sweeps" -ge 1 ] && [ "$sweeps" -le 2 ]; then
    echo "session clean-up: $sweeps run(s) for $PROCESSES processes (one per hour)"
else
    echo "FAIL: session clean-up ran $sweeps times"
    failed=1
fi
[ "$failed" == 0 ] && echo "scaleout: passed" || echo "scaleout: FAILED"
exit "$failed"
