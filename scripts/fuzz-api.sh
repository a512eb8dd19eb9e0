#!/usr/bin/env bash
# Checks the served OpenAPI document with openapi-spec-validator, then fuzzes
# the API from it with schemathesis (both PyPI) against a
# real `maeil serve`: a signed-in user with data (the starter book, a Korean book,
# reviews, games and mistake notes), whose ids the fuzzer uses half the time in
# place of made-up ones. Coverage and fuzzing phases; fails on any 5xx and on any
# answer the document does not describe (status, schema, Content-Type). The two
# operations that revoke the fuzzer's own token (logout, deleting a token) are left
# out, or every later request would only test the 401.
#   scripts/fuzz-api.sh [--long] [--database-url postgres://…] [--maeil path/to/maeil]
# --long runs for 15 minutes with many more cases per operation and a random seed.
set -euo pipefail
cd "$(dirname "$0")/.."
MAEIL=.build/debug/maeil
DATABASE=""
LONG=0
while [ $# -gt 0 ]; do
    case "$1" in
        --long) LONG=1 ;;
        --database-url) DATABASE=$2; shift ;;
        --maeil) MAEIL=$2; shift ;;
        *) echo "fuzz-api: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
[ -x "$MAEIL" ] || { echo "fuzz-api: $MAEIL not found; run swift build first" >&2; exit 2; }
command -v schemathesis >/dev/null || python3 -m pip install -q "schemathesis>=4.3,<5"

WORK=$(mktemp -d /tmp/maeil-fuzz.XXXXXX)
SERVER_PID=""
NAME=""
cleanup() {
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    [ -n "$NAME" ] && psql -q "$DATABASE" -c "DROP DATABASE IF EXISTS $NAME" >/dev/null 2>&1
    rm -rf "$WORK"
}
trap cleanup EXIT

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BASE="http://127.0.0.1:$PORT"
if [ -n "$DATABASE" ]; then
    # A database of its own, so the run starts empty and leaves the others alone.
    NAME="maeil_fuzz_$$"
    psql -q "$DATABASE" -c "CREATE DATABASE $NAME" >/dev/null
    URL=$(python3 -c 'import sys, urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/"+sys.argv[2])))' "$DATABASE" "$NAME")
    DB_ARGS=(--database-url "$URL")
    echo "fuzz-api: PostgreSQL database $NAME"
else
    DB_ARGS=(--data-dir "$WORK/data")
    echo "fuzz-api: SQLite in $WORK/data"
fi
MAEIL_BCRYPT_COST=4 MAEIL_SIGNUPS_PER_HOUR=0 MAEIL_LOTTO_FETCH=off "$MAEIL" serve --port "$PORT" "${DB_ARGS[@]}" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 300); do
    curl -fs "$BASE/healthz" >/dev/null 2>&1 && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
    sleep 0.2
done

# The served document must be valid OpenAPI 3.1 before anything is generated from it.
curl -fs "$BASE/api/v1/openapi.json" -o "$WORK/openapi.json"
command -v openapi-spec-validator >/dev/null || python3 -m pip install -q "openapi-spec-validator>=0.7,<1"
openapi-spec-validator "$WORK/openapi.json"

# The user and its data; writes schemathesis.toml with the ids, prints the token.
TOKEN=$(python3 - "$BASE" "$WORK/schemathesis.toml" <<'PY'
import datetime, json, sys, urllib.request

base, config = sys.argv[1], sys.argv[2]

def call(method, path, body=None, token=None):
    request = urllib.request.Request(base + "/api/v1" + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request) as response:
        text = response.read()
        return json.loads(text) if text else None

token = call("POST", "/auth/signup", {"username": "fuzzer", "password": "correct horse"})["token"]
starter = call("POST", "/books/starter", token=token)
korean = call("POST", "/books", {"name": "한국어", "description": "과일"}, token)
words = [call("POST", f"/books/{korean['id']}/words", {"term": t, "meaning": m}, token)
         for t, m in [("사과", "apple"), ("배", "pear"), ("포도", "grape"), ("복숭아", "peach")]]
queue = call("GET", "/study/queue", token=token)
for card in queue["cards"][:3]:
    call("POST", "/study/answer", {"wordID": card["wordID"], "direction": card["direction"],
                                   "rating": 3, "version": card["version"]}, token)
test = call("POST", "/games", {"kind": "test", "bookID": korean["id"]}, token)
for _ in range(4):
    test = call("POST", f"/games/{test['id']}/moves", {"action": "mark", "mark": "unknown"}, token)
quiz = call("POST", "/games", {"kind": "quiz", "bookID": korean["id"]}, token)
hangman = call("POST", "/games", {"kind": "hangman", "bookID": korean["id"]}, token)
ticket = call("POST", "/lotto/entries", {"round": 1049, "games": [[3, 5, 13, 20, 21, 37]]}, token)
ids = ([starter["id"], korean["id"], test["id"], quiz["id"], hangman["id"], ticket["id"]]
       + [w["id"] for w in words])
today = datetime.date.today().isoformat()
with open(config, "w") as out:
    out.write(f"""[dictionaries.ids]
values = {json.dumps(ids)}

[dictionaries.dates]
values = {json.dumps([today, today[:7]])}

[dictionaries.rounds]
values = [1, 1049, 1238]

[parameters]
"path.id" = {{ dictionary = "ids", probability = 0.5 }}
"path.round" = {{ dictionary = "rounds", probability = 0.5 }}
"path.date" = {{ dictionary = "dates", probability = 0.5 }}
"query.book" = {{ dictionary = "ids", probability = 0.3 }}
""")
print(token)
PY
)

# No 5xx, and every answer as the document says: its status, its schema, its
# Content-Type.
CHECKS=not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance
if [ "$LONG" -eq 1 ]; then
    RUN=(--max-time 900 -n 500)
else
    RUN=(-n 30 --seed 20261122)
fi
cd "$WORK"
set +e
# One worker: with two, CPython 3.11's ast.parse (hypothesis describes lambdas with
# it) can fail across threads (python/cpython#106905) and end the run with an error.
# Each request may take 30 s: the server gives a speech engine 10 s
# (SpeechService.timeout), and Open JTalk reads the longest text the API takes,
# 500 zeros, for 9.7 s on an idle 2-core machine, so a client limit of 10 s
# (schemathesis's default) raced the server's own and once lost.
schemathesis run "$BASE/api/v1/openapi.json" --url "$BASE" -H "Authorization: Bearer $TOKEN" \
    --phases coverage,fuzzing --checks "${MAEIL_FUZZ_CHECKS:-$CHECKS}" -w 1 "${RUN[@]}" \
    --request-timeout 30 \
    --exclude-operation-id postAuthLogout --exclude-operation-id deleteTokensId \
    --warnings off --no-color 2>&1 | tee "$WORK/run.log" | grep -vE '^\s*$' | tail -25
status=${PIPESTATUS[0]}
set -e
[ -n "${MAEIL_FUZZ_LOG:-}" ] && cp "$WORK/run.log" "$MAEIL_FUZZ_LOG"
server_errors=$(grep -c ' 500 \|level=error\|\[ ERROR \]' "$WORK/server.log" || true)
echo "fuzz-api: schemathesis exit $status; server log error lines: $server_errors"
if [ "$status" -ne 0 ]; then
    echo "fuzz-api: server log tail:"; tail -40 "$WORK/server.log"
    exit 1
fi
