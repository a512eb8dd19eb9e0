# Sourced by scripts/test.sh and bench/: a private PostgreSQL server on loopback
# in a temporary folder, stopped and removed on exit. Sets PG_URL.
PGDIR=""
PGPORT=${MAEIL_TEST_PG_PORT:-55432}

pg_bin() { ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1; }

pg_as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# max_connections: the Swift tests run side by side, each app with its own pools
# (up to 4 connections per core, 2 more for searches, one listening); at 300 a run
# on 2 cores ran out ("sorry, too many clients already", answered as 500), and at
# 1000 a CI run did too: the PostgreSQL suite holds 940-980 at its peak
# (pg_stat_activity sampled every 0.25 s). 2000 leaves it room to grow.
start_postgres() {
    local bin
    bin=$(pg_bin)
    PGDIR=$(mktemp -d /tmp/maeil-pg.XXXXXX)
    [ "$(id -u)" -eq 0 ] && chown postgres "$PGDIR"
    pg_as_owner "$bin/initdb" -D "$PGDIR/data" -A trust -U postgres -E UTF8 >/dev/null
    pg_as_owner "$bin/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -w \
        -o "-p $PGPORT -k $PGDIR -c listen_addresses=127.0.0.1 -c max_connections=2000" start >/dev/null
    PG_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres?sslmode=disable"
    trap stop_postgres EXIT
}

stop_postgres() {
    [ -n "$PGDIR" ] || return 0
    pg_as_owner "$(pg_bin)/pg_ctl" -D "$PGDIR/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$PGDIR"
    PGDIR=""
}
