#!/usr/bin/env bash
# The library's search (release build, SQLite), one command:
#   bench/library/run.sh
# Seeds 10,000 public books by 20 owners through the API (seed.py), times 16
# searches x 10 over HTTP (measure.py: p50, p99, and each query's median), then
# `wrk -t2 -c32 -d10s` on the library's first page and on avatars (the reader's
# uploaded JPEG, 200 and 304, and an owner's generated SVG) next to /healthz, the
# baseline, in the same run.
# Env: MAEIL_BENCH_SKIP_BUILD=1 uses the existing .build-release binary;
# MAEIL_BENCH_PORT (18092) keeps clear of other servers.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
PORT=${MAEIL_BENCH_PORT:-18092}
WORK=$(mktemp -d /tmp/maeil-library-bench.XXXXXX)
SERVER_PID=""
source bench/lib.sh
stop_postgres() { :; }  # SQLite only
command -v wrk >/dev/null || install_missing wrk
trap cleanup_bench EXIT
trap 'exit 130' INT TERM

prepare_maeil
step "server ($REVISION)"
MAEIL_DATA_DIR="$WORK/data" MAEIL_BCRYPT_COST=4 MAEIL_SIGNUPS_PER_HOUR=0 MAEIL_LOTTO_FETCH=off \
    "$MAEIL" serve --port "$PORT" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
URL="http://127.0.0.1:$PORT"
step "seeding 10,000 public books"
python3 bench/library/seed.py "$URL" >/dev/null
step "searches"
python3 bench/library/measure.py "$URL" | tee "$WORK/measure.txt" | grep -v '^TOKEN'
TOKEN=$(sed -n 's/^TOKEN //p' "$WORK/measure.txt")
rps() { wrk -t2 -c32 -d10s "$@" | sed -n 's/Requests\/sec: *//p'; }
AUTH="Authorization: Bearer $TOKEN"
library=$(rps -H "$AUTH" "$URL/api/v1/library")
mine=$(curl -sf -X PUT -H "$AUTH" -H "Content-Type: image/jpeg" \
    --data-binary @Tests/ImagingTests/Fixtures/photo.jpg "$URL/api/v1/auth/me/avatar" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["url"])')
etag=$(curl -sf -o /dev/null -D - -H "$AUTH" "$URL$mine" | sed -n 's/^[Ee][Tt]ag: *//p' | tr -d '\r')
owner=$(curl -sf -H "$AUTH" "$URL/api/v1/library" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["items"][0]["owner"]["avatarURL"])')
avatar=$(rps -H "$AUTH" "$URL$mine")
avatar304=$(rps -H "$AUTH" -H "If-None-Match: $etag" "$URL$mine")
generated=$(rps -H "$AUTH" "$URL$owner")
healthz=$(rps "$URL/healthz")
python3 - "$healthz" "GET /api/v1/library" "$library" "an uploaded avatar (JPEG, 200)" "$avatar" \
    "the same, If-None-Match (304)" "$avatar304" "another user's generated avatar (SVG)" "$generated" <<'PY'
import sys
healthz, rest = float(sys.argv[1]), sys.argv[2:]
for name, value in zip(rest[0::2], rest[1::2]):
    print(f"{name}: {float(value):,.0f} req/s = {float(value) / healthz:.1%} of /healthz ({healthz:,.0f} req/s)")
PY
