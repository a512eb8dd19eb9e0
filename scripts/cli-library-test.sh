#!/usr/bin/env bash
# End-to-end test of `maeil books publish` and `maeil library search|copy` on a fresh
# SQLite data folder: one user publishes, another finds the book (by its first
# consonants, on the wrong keyboard layout) and adds a copy; refusals change nothing.
#   swift build --product maeil && scripts/cli-library-test.sh [path/to/maeil]
set -uo pipefail
cd "$(dirname "$0")/.."
MAEIL=$(realpath "${1:-.build/debug/maeil}")
WORK=$(mktemp -d /tmp/maeil-cli-library.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
unset DATABASE_URL MAEIL_DATA_DIR
export MAEIL_BCRYPT_COST=4 MAEIL_LOTTO_FETCH=off
passed=0
failed=0

# expect NAME STATUS FRAGMENT -- ARGS…: the exit status, and FRAGMENT in stdout
# (or, for a failure, in stderr); an empty FRAGMENT expects empty stdout.
expect() {
    local name=$1 status=$2 fragment=$3
    shift 4
    local out rc
    out=$("$MAEIL" "$@" --data-dir "$WORK/data" 2>"$WORK/stderr")
    rc=$?
    local where=$out
    [ "$status" != 0 ] && where=$(cat "$WORK/stderr")
    if [ "$rc" == "$status" ] && { { [ -z "$fragment" ] && [ -z "$out" ]; } || { [ -n "$fragment" ] && grep -qF -- "$fragment" <<<"$where"; }; }; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name (exit $rc, expected $status; looked for: $fragment)"
        sed 's/^/  stdout: /' <<<"$out"
        sed 's/^/  stderr: /' "$WORK/stderr"
    fi
}

for name in kim lee; do
    MAEIL_PASSWORD="correct horse" "$MAEIL" user create "$name" --data-dir "$WORK/data" >/dev/null
done
printf 'term,meaning\napple,사과\npear,배\n' >"$WORK/fruit.csv"
"$MAEIL" import "$WORK/fruit.csv" --book "토익 필수 단어" --user kim --data-dir "$WORK/data" >/dev/null 2>&1

expect "nothing published yet" 0 "No public books yet." -- library search --user lee
expect "publish" 0 "“토익 필수 단어” is in the library." -- books publish "토익 필수 단어" --public --user kim
expect "another user's book" 1 "not found" -- books publish "토익 필수 단어" --private --user lee
expect "one choice at a time" 64 "" -- books publish "토익 필수 단어" --public --private --user kim
expect "by first consonants" 0 "토익 필수 단어" -- library search ㅌㅇ --user lee
expect "typed on the wrong layout" 0 "2 words · added 0 times · by kim" -- library search xhdlr --user lee
expect "no match" 0 "No public book matches." -- library search 없는말 --user lee
id=$("$MAEIL" library search --user lee --data-dir "$WORK/data" | head -1 | cut -d' ' -f1)
expect "copy" 0 "Added “토익 필수 단어” (2 words) to your books." -- library copy "$id" --user lee
expect "counted" 0 "added once" -- library search --sort most-copied --user lee
expect "one copy each" 1 "added this book already" -- library copy "$id" --user lee
expect "one's own book" 1 "yours already" -- library copy "$id" --user kim
expect "not an id" 1 "is not a book id" -- library copy nonsense --user lee
expect "the copy is lee's" 0 "apple" -- export --book "토익 필수 단어" --format csv --user lee
expect "unlisted" 0 "can be seen by anyone with its link" -- books publish "토익 필수 단어" --unlisted --user kim
expect "unlisted is not listed" 0 "No public books yet." -- library search --user lee
expect "an administrator" 0 "kim is an administrator now." -- user admin kim
expect "not one any more" 0 "kim is no longer an administrator." -- user admin kim --revoke
expect "no such user" 1 "not found" -- user admin nobody
expect "private again" 0 "is private." -- books publish "토익 필수 단어" --private --user kim
expect "a private book cannot be copied" 1 "not found" -- library copy "$id" --user lee

echo "cli-library-test: $passed passed, $failed failed"
[ "$failed" == 0 ]
