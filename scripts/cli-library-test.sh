#!/usr/bin/env bash
# End-to-end test of `maeil books publish` and `maeil library search|copy` on a fresh
# SQLite data folder: one user publishes, another finds the book (by its first
# consonants, on the wrong keyboard layout) and adds a copy; refusals change nothing.
#   swift build --product maeil && scripts/cli-library-test.sh [path/to/maeil]
set -uo pipefail
cd "$(dirname "$0")/.."
MAEIL=$(realpath "${1:-.build/debug/maeil}")
source scripts/cli-test-lib.sh library

for name in kim lee; do
    MAEIL_PASSWORD="correct horse" "$MAEIL" user create "$name" --data-dir "$WORK/data" >/dev/null
done
printf 'term,meaning\napple,사과\npear,배\n' >"$WORK/fruit.csv"
"$MAEIL" import "$WORK/fruit.csv" --book "토익 필수 단어" --user kim --data-dir "$WORK/data" >/dev/null 2>&1

expect_output "nothing published yet" 0 "No public books yet." -- library search --user lee
expect_output "publish" 0 "“토익 필수 단어” is in the library." -- books publish "토익 필수 단어" --public --user kim
expect_output "another user's book" 1 "not found" -- books publish "토익 필수 단어" --private --user lee
expect_output "one choice at a time" 64 "" -- books publish "토익 필수 단어" --public --private --user kim
expect_output "by first consonants" 0 "토익 필수 단어" -- library search ㅌㅇ --user lee
expect_output "typed on the wrong layout" 0 "2 words · added 0 times · by kim" -- library search xhdlr --user lee
expect_output "no match" 0 "No public book matches." -- library search 없는말 --user lee
id=$("$MAEIL" library search --user lee --data-dir "$WORK/data" | head -1 | cut -d' ' -f1)
expect_output "copy" 0 "Added “토익 필수 단어” (2 words) to your books." -- library copy "$id" --user lee
expect_output "counted" 0 "added once" -- library search --sort most-copied --user lee
expect_output "one copy each" 1 "added this book already" -- library copy "$id" --user lee
expect_output "one's own book" 1 "yours already" -- library copy "$id" --user kim
expect_output "not an id" 1 "is not a book id" -- library copy nonsense --user lee
expect_output "the copy is lee's" 0 "apple" -- export --book "토익 필수 단어" --format csv --user lee
expect_output "unlisted" 0 "can be seen by anyone with its link" -- books publish "토익 필수 단어" --unlisted --user kim
expect_output "unlisted is not listed" 0 "No public books yet." -- library search --user lee
expect_output "an administrator" 0 "kim is an administrator now." -- user admin kim
expect_output "not one any more" 0 "kim is no longer an administrator." -- user admin kim --revoke
expect_output "no such user" 1 "not found" -- user admin nobody
expect_output "private again" 0 "is private." -- books publish "토익 필수 단어" --private --user kim
expect_output "a private book cannot be copied" 1 "not found" -- library copy "$id" --user lee

cli_test_summary cli-library-test
