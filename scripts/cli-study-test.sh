#!/usr/bin/env bash
# End-to-end test of `maeil study`, the terminal study client: runs the built binary
# in a detached tmux session of 80×24 on a private tmux server, sends keys with
# `tmux send-keys`, reads the screen with `tmux capture-pane -p` and checks it.
# Covers reviews (the counts change after two answers, undo), bookmarked words only, a Korean answer typed
# as Latin keys (tkrhk composed into 사과 and judged correct), a Japanese one typed as
# romaji (gakkou → がっこう; 学生 answered by its reading がくせい), the quiz, Korean
# hangman, the non-terminal error, and the same client against a real `maeil serve`.
#   swift build --product maeil && scripts/cli-study-test.sh [path/to/maeil]
set -uo pipefail
cd "$(dirname "$0")/.."
MAEIL=$(realpath "${1:-.build/debug/maeil}")
if [ ! -x "$MAEIL" ]; then
    echo "cli-study-test: $MAEIL not found; run: swift build --product maeil" >&2
    exit 2
fi
if ! command -v tmux >/dev/null 2>&1; then
    echo "cli-study-test: tmux is needed (apt-get install tmux)" >&2
    exit 2
fi

WORK=$(mktemp -d /tmp/maeil-cli-study.XXXXXX)
DATA="$WORK/data"
TMUX_SOCKET="$WORK/tmux.socket"  # a private tmux server, removed with $WORK
SESSION=""
runs=0
SERVER_PID=""
cleanup() {
    tmux -S "$TMUX_SOCKET" kill-server 2>/dev/null
    if [ -n "$SERVER_PID" ]; then
        kill "$SERVER_PID" 2>/dev/null
        wait "$SERVER_PID" 2>/dev/null
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
unset DATABASE_URL MAEIL_DATA_DIR MAEIL_TOKEN
export LANG=C.UTF-8 LC_ALL=C.UTF-8
# The checks count learning cards that come back early, which stops at the end
# of the day: run in a zone where it is about noon now, so a run near midnight
# (as CI's at 23:57 UTC was) sees the same screens. Etc/GMT+N is UTC-N.
shift_hours=$(( 10#$(date -u +%H) - 12 ))
if [ "$shift_hours" -ge 0 ]; then export MAEIL_TIMEZONE="Etc/GMT+$shift_hours"; else export MAEIL_TIMEZONE="Etc/GMT$shift_hours"; fi

passed=0
failed=0
CURRENT=""

fail() {
    failed=$((failed + 1))
    echo "FAIL: $CURRENT: $*"
    if [ -n "$(tmux -S "$TMUX_SOCKET" list-sessions 2>/dev/null)" ]; then
        echo "  screen:"
        tmux -S "$TMUX_SOCKET" capture-pane -p -t "$SESSION" 2>/dev/null | sed 's/^/  | /'
    fi
}

screen() { tmux -S "$TMUX_SOCKET" capture-pane -p -t "$SESSION" 2>/dev/null; }
keys() { tmux -S "$TMUX_SOCKET" send-keys -t "$SESSION" "$@"; }
type_text() { tmux -S "$TMUX_SOCKET" send-keys -t "$SESSION" -l "$1"; }

# expect TEXT [SECONDS]: waits until TEXT is on the screen (fixed string).
expect() {
    local text=$1 deadline=$((SECONDS + ${2:-10}))
    while [ $SECONDS -le $deadline ]; do
        if screen | grep -qF -- "$text"; then
            passed=$((passed + 1))
            return 0
        fi
        tmux -S "$TMUX_SOCKET" has-session -t "$SESSION" 2>/dev/null || break
        sleep 0.1
    done
    fail "\"$text\" never appeared"
    return 1
}

# expect_not TEXT: TEXT is not on the screen now.
expect_not() {
    if screen | grep -qF -- "$1"; then fail "\"$1\" is on the screen"; else passed=$((passed + 1)); fi
}

# start NAME ARGS…: runs `maeil ARGS…` in a fresh 80×24 session; when it exits, the
# pane prints its exit status and whether the terminal is back in canonical mode.
# The new session is made before the last one is closed, so the tmux server stays up.
start() {
    CURRENT=$1
    shift
    local previous=$SESSION command
    runs=$((runs + 1))
    SESSION="study-$runs"
    command=$(printf '%q ' "$MAEIL" "$@")
    tmux -S "$TMUX_SOCKET" -f /dev/null new-session -d -s "$SESSION" -x 80 -y 24 \
        "$command; echo \"exit status \$?\"; stty -a | grep -q -- ' icanon' && echo 'terminal restored'; sleep 600"
    [ -z "$previous" ] || tmux -S "$TMUX_SOCKET" kill-session -t "$previous" 2>/dev/null
}

# finished: the program has exited with status 0 and left the terminal as it was.
finished() {
    expect "exit status 0" && expect "terminal restored"
}

# --- a data dir with one account and three books --------------------------------
"$MAEIL" migrate --data-dir "$DATA" >/dev/null || { echo "cli-study-test: migrate failed" >&2; exit 1; }
MAEIL_PASSWORD=correct-horse-battery "$MAEIL" user create kim --data-dir "$DATA" >/dev/null \
    || { echo "cli-study-test: user create failed" >&2; exit 1; }
printf 'term,meaning\nwater,물\nbook,책\napple,사과\ntree,나무\n' >"$WORK/words.csv"
printf 'term,meaning\n사과,apple\n' >"$WORK/korean.csv"
printf 'term,meaning\ncat,고양이\ndog,개\n' >"$WORK/remote.csv"
printf 'term,meaning\nlonely,\n' >"$WORK/bare.csv"
printf 'term,meaning,reading\nschool,がっこう,\nstudent,学生,がくせい\n' >"$WORK/japanese.csv"
for book in words korean remote japanese bare; do
    name=$(tr '[:lower:]' '[:upper:]' <<<"${book:0:1}")${book:1}
    "$MAEIL" import "$WORK/$book.csv" --book "$name" --data-dir "$DATA" >/dev/null 2>&1 \
        || { echo "cli-study-test: import of $book.csv failed" >&2; exit 1; }
done

# --- no terminal: a clear error, nothing drawn -------------------------------------
CURRENT="no terminal"
out=$("$MAEIL" study --data-dir "$DATA" </dev/null 2>&1)
status=$?
if [ $status -ne 0 ] && grep -qF "maeil study needs a terminal" <<<"$out" && ! grep -qF $'\e[' <<<"$out"; then
    passed=$((passed + 1))
else
    fail "expected a non-zero exit and \"maeil study needs a terminal\", got status $status: $out"
fi

# --- reviews: two answers change the counts; undo takes one back -----------------
start "review" study --book Words --data-dir "$DATA"
expect "Review · Words"
expect "New 4 · Learning 0 · Review 0"
expect "water"
expect_not "물"
keys Space
expect "물"
expect "3 Good"
keys 3
expect "New 3 · Learning 0 · Review 0"
expect "water → Good"
expect "book"
keys Space
expect "책"
keys 4
expect "New 2 · Learning 0 · Review 0"
expect "apple"
keys u
expect "Took back the answer to book"
expect "New 3 · Learning 0 · Review 0"
keys Space 4
expect "New 2 · Learning 0 · Review 0"
keys q
expect "Answered 2 cards."
finished

# --- undo stays in its book: Words' answers are not Korean's to take back ---------
start "undo in another book" study --book Korean --data-dir "$DATA"
expect "Review · Korean"
keys u
expect "there is no answer to undo"
expect "New 1 · Learning 0 · Review 0"
keys q
finished

# --- a word without a meaning: its card says what is missing ----------------------
start "card without a meaning" study --book Bare --data-dir "$DATA"
expect "lonely"
expect "This word has no meaning yet: add one on its page in the web app."
keys q
finished

# --- a Korean answer typed as Latin keys, composed live ---------------------------
start "typed Korean answer" study review --type --book Words --data-dir "$DATA"
expect "apple"
expect "Type the answer   [한]"
type_text "tkrh"
expect "> 사고"
type_text "k"
expect "> 사과"
keys BSpace
expect "> 사고"
type_text "k"
expect "> 사과"
keys Enter
expect "> 사과   ✓ correct"
expect "[3 Good"
expect "Enter: 3 Good"
keys Enter
expect "apple → Good"
expect "New 1 · Learning 0 · Review 0"
# The next card's answer line is open, yet u is still undo (not ㅕ) until typing starts.
expect "Space show it · u undo · q quit"
keys u
expect "Took back the answer to apple"
expect "New 2 · Learning 0 · Review 0"
type_text "tkrhk"
expect "> 사과"
keys Enter Enter
expect "apple → Good"
# The next card (tree → 나무) typed one jamo off, after a detour through the Latin
# layout: almost, with Hard proposed; 1 rates it Again all the same.
expect "tree"
keys Tab
expect "[EN]"
type_text "ab"
expect "> ab"
keys BSpace BSpace Tab
expect "[한]"
type_text "skaj"
expect "> 나머"
keys Enter
expect "≈ almost: 나무"
expect "Enter: 2 Hard"
keys 1
expect "tree → Again"
# No new cards left: the learning ones due within 20 minutes come back early.
expect "New 0 · Learning 3 · Review 0"
# Ctrl-C quits cleanly from anywhere, typing included.
keys C-c
expect "Answered 2 cards."
finished

# --- a Japanese answer typed as romaji, turned into kana live ------------------------
start "typed Japanese answer" study review --type --book Japanese --data-dir "$DATA"
expect "school"
expect "Type the answer   [かな]"
type_text "gakko"
expect "> がっこ"
type_text "u"
expect "> がっこう"
keys Enter
expect "> がっこう   ✓ correct"
keys Enter
expect "school → Good"
# A kanji answer is right typed as its reading; a lone n waits, and Enter finishes it.
expect "student"
type_text "gakusein"
expect "> がくせいn"
keys BSpace
expect "> がくせい"
keys Enter
expect "> がくせい   ✓ correct"
keys Enter
expect "student → Good"
keys C-c
expect "Answered 2 cards."
finished

# --- quiz: keys 1–4, a final score -------------------------------------------------
start "quiz" study quiz --book Words --count 2 --data-dir "$DATA"
expect "Question 1/2 · Score 0"
expect "  1  "
expect "  4  "
keys 1
expect "Question 2/2"
keys 2
expect "Quiz over:"
expect "of 2 right"
keys q
expect "Quiz: "
finished

# --- SIGINT sent from outside: the terminal is restored on the way out --------------
start "SIGINT" study quiz --book Words --count 2 --data-dir "$DATA"
expect "Question 1/2"
pane_pid=$(tmux -S "$TMUX_SOCKET" display-message -p -t "$SESSION" '#{pane_pid}')
maeil_pid=$(pgrep -P "$pane_pid" | head -1)
if [ -n "$maeil_pid" ]; then kill -INT "$maeil_pid"; else fail "no maeil process under the pane"; fi
expect "exit status 130"
expect "terminal restored"

# --- hangman on a Korean word: Latin keys guess jamo ---------------------------------
start "Korean hangman" study hangman --book Korean --data-dir "$DATA"
expect "Hint: apple"
expect "Word: _ _"
expect "Guess: [한]"
type_text "t"
expect "Last key: t → ㅅ"
expect "Word: ㅅ _"
type_text "q"
expect "Last key: q → ㅂ"
expect "Misses 1/7"
expect "Wrong:   ㅂ"
type_text "kr"
expect "Word: 사 ㄱㅏ"
type_text "h"
expect "✓ Found: 사과"
expect "Game over: 1 of 1 found"
keys Enter
expect "Hangman: 1 of 1 word found."
finished

# --- remote: the same client against a real server ---------------------------------
TOKEN=$("$MAEIL" user token kim --data-dir "$DATA")
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$MAEIL" serve --port "$PORT" --data-dir "$DATA" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 100); do
    curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/v1/openapi.json" 2>/dev/null && break
    sleep 0.2
done

start "remote review" study --server "http://127.0.0.1:$PORT" --token "$TOKEN" --book Remote
expect "Review · Remote"
expect "New 2 · Learning 0 · Review 0"
expect "cat"
keys Space
expect "고양이"
keys 3
expect "New 1 · Learning 0 · Review 0"
expect "dog"
keys t
expect "[한]"
type_text "ro"
expect "> 개"
keys Enter
expect "✓ correct"
keys Enter
expect "New 0 · Learning 2 · Review 0"
keys u
expect "Took back the answer to dog"
expect "New 1 · Learning 0 · Review 0"
keys q
expect "Answered 1 card."
finished

# The server really has the answer: its queue for the book still holds 1 new card.
CURRENT="remote state"
book_id=$(curl -fsS -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/books" \
    | python3 -c 'import json, sys; print(next(b["id"] for b in json.load(sys.stdin) if b["name"] == "Remote"))')
new_count=$(curl -fsS -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/study/queue?bookID=$book_id" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["newCount"])')
if [ "$new_count" == 1 ]; then passed=$((passed + 1)); else fail "the server's queue has $new_count new cards, expected 1"; fi

# --- bookmarked words only: dog bookmarked on the server, studied alone ----------------
CURRENT="bookmark over the API"
dog_id=$(curl -fsS -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/books/$book_id/words" \
    | python3 -c 'import json, sys; print(next(w["id"] for w in json.load(sys.stdin)["items"] if w["term"] == "dog"))')
curl -fsS -o /dev/null -X PATCH -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \
    -d '{"bookmarked": true}' "http://127.0.0.1:$PORT/api/v1/words/$dog_id" && passed=$((passed + 1)) \
    || fail "could not bookmark dog"
start "remote bookmarked review" study --bookmarked --server "http://127.0.0.1:$PORT" --token "$TOKEN" --book Remote
expect "Review · Remote, bookmarked"
expect "New 1 · Learning 0 · Review 0"
expect "dog"
keys q
finished
start "local bookmarked review" study --bookmarked --data-dir "$DATA"
expect "Review · all books, bookmarked"
expect "New 1 · Learning 0 · Review 0"
expect "dog"
keys q
finished

start "remote quiz needs 4 words" study quiz --server "http://127.0.0.1:$PORT" --token "$TOKEN" --book Remote
expect "needs at least 4"
keys q
finished

start "remote bad token" study --server "http://127.0.0.1:$PORT" --token not-a-token
expect "the server refused the token"
expect "exit status 1"

start "remote unknown book" study --server "http://127.0.0.1:$PORT" --token "$TOKEN" --book Nope
expect "book \"Nope\" not found"
expect "exit status 1"

# --- two books of one name: refused with their ids, here and on the server; an id works
curl -fsS -o /dev/null -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \
    -d '{"name": "Remote"}' "http://127.0.0.1:$PORT/api/v1/books"
start "remote ambiguous book" study --server "http://127.0.0.1:$PORT" --token "$TOKEN" --book Remote
expect "2 books are named \"Remote\"; name one by its id: "
expect "exit status 1"
start "local ambiguous book" study --book Remote --data-dir "$DATA"
expect "2 books are named \"Remote\""
expect "${book_id:0:8}"
expect "exit status 1"
start "book by id" study --book "$book_id" --data-dir "$DATA"
expect "Review · Remote"
expect "New 1 · Learning 0 · Review 0"
keys q
finished
CURRENT="export of an ambiguous book"
out=$("$MAEIL" export --book Remote --data-dir "$DATA" 2>&1)
status=$?
if [ $status -ne 0 ] && grep -qF "2 books are named \"Remote\"" <<<"$out"; then
    passed=$((passed + 1))
else
    fail "expected the export to refuse the ambiguous name, got status $status: $out"
fi
CURRENT="import into an ambiguous book, then by id"
out=$("$MAEIL" import "$WORK/remote.csv" --book Remote --data-dir "$DATA" 2>&1)
status=$?
out_by_id=$("$MAEIL" import "$WORK/remote.csv" --book "$book_id" --data-dir "$DATA" 2>&1)
# The book by that id has cat and dog already: skipped, not added twice.
if [ $status -ne 0 ] && grep -qF "2 books are named \"Remote\"" <<<"$out" \
    && grep -qF "Imported 0 words" <<<"$out_by_id" && grep -qF "Skipped 2 the book had already." <<<"$out_by_id"; then
    passed=$((passed + 1))
else
    fail "expected the name refused and the id taken, got status $status: $out / $out_by_id"
fi
CURRENT="import keeping duplicates"
out=$("$MAEIL" import "$WORK/remote.csv" --book "$book_id" --duplicates keep --data-dir "$DATA" 2>&1)
if grep -qF "Imported 2 words" <<<"$out"; then passed=$((passed + 1)); else fail "got: $out"; fi

# --- a book's own limit ends the session with a summary; m studies more ------------
limited_id=$(curl -fsS -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \
    -d '{"name": "Limited"}' "http://127.0.0.1:$PORT/api/v1/books" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
printf 'term,meaning\nsun,해\nmoon,달\nstar,별\n' >"$WORK/limited.csv"
"$MAEIL" import "$WORK/limited.csv" --book "$limited_id" --data-dir "$DATA" >/dev/null 2>&1
curl -fsS -o /dev/null -X PUT -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \
    -d '{"newPerDay": 1}' "http://127.0.0.1:$PORT/api/v1/study/books/$limited_id/limits"
start "summary at a book's limit" study --server "http://127.0.0.1:$PORT" --token "$TOKEN" --book "$limited_id"
expect "New 1 · Learning 0 · Review 0"
keys Space
expect "4 Easy"
keys 4
expect "Nothing to review right now."
expect "Today: 1 answered · 100% right"
expect "Next card in "
expect "2 new cards wait: this book's daily limit (1) is reached."
# Easy's 8 days are fuzzed (FSRS): sun may fall due within the week, and then
# "a review ahead" is offered too; the new cards are offered either way.
expect "m +10 new cards · "
expect "r reload · u undo · q quit"
keys m
expect "10 more new cards today."
expect "New 2 · Learning 0 · Review 0"
keys q
finished

# --- an administrator resets a forgotten password at the terminal: typed unseen and
# twice; the account's tokens end and the new password signs in
start "password typed twice, differently" user password kim --data-dir "$DATA"
expect "Password:"
type_text "new-horse-battery"
keys Enter
expect "Password again:"
type_text "other-horse-battery"
keys Enter
expect "the two passwords differ; nothing was changed"
expect "exit status 1"
expect_not "new-horse-battery"
start "password reset" user password kim --data-dir "$DATA"
expect "Password:"
type_text "new-horse-battery"
keys Enter
expect "Password again:"
type_text "new-horse-battery"
keys Enter
expect "Set the password of kim. Their sessions and tokens have ended."
finished
expect_not "new-horse-battery"
CURRENT="after the reset"
me=$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/auth/me")
login=$(curl -sS -o /dev/null -w '%{http_code}' -H "Content-Type: application/json" \
    -d '{"username": "kim", "password": "new-horse-battery"}' "http://127.0.0.1:$PORT/api/v1/auth/login")
if [ "$me" = "401" ] && [ "$login" = "200" ]; then
    passed=$((passed + 1))
else
    fail "expected the old token refused (401) and the new password taken (200), got $me and $login"
fi
CURRENT="an invitation code"
code=$("$MAEIL" user invite --days 3 --data-dir "$DATA" 2>"$WORK/invite.err")
if [[ "$code" =~ ^[0-9a-f]{24}$ ]] && grep -qF "sign-up is open here" "$WORK/invite.err"; then
    passed=$((passed + 1))
else
    fail "expected a 24-digit hex code and a note that sign-up is open, got \"$code\" / $(cat "$WORK/invite.err")"
fi

echo "cli-study-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
