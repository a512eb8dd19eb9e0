#!/usr/bin/env bash
# End-to-end test of `maeil lotto check|add` on a fresh SQLite data folder: exact output
# and exit status for a real winning ticket, a typed 2nd prize, speetto, and refusals.
#   swift build --product maeil && scripts/cli-lotto-test.sh [path/to/maeil]
set -uo pipefail
cd "$(dirname "$0")/.."
MAEIL=$(realpath "${1:-.build/debug/maeil}")
source scripts/cli-test-lib.sh lotto

# expect NAME STATUS EXPECTED_STDOUT [STDERR_FRAGMENT] -- ARGS…
expect() {
    local name=$1 status=$2 want=$3 fragment=""
    shift 3
    if [ "$1" != "--" ]; then fragment=$1; shift; fi
    shift
    local got rc
    got=$("$MAEIL" lotto "$@" --data-dir "$WORK/data" 2>"$WORK/stderr")
    rc=$?
    if [ "$got" == "$want" ] && [ "$rc" == "$status" ] \
        && { [ -z "$fragment" ] || grep -qF -- "$fragment" "$WORK/stderr"; }; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name (exit $rc, expected $status)"
        diff -u --label expected --label got <(printf '%s\n' "$want") <(printf '%s\n' "$got") | sed 's/^/  /'
        sed 's/^/  stderr: /' "$WORK/stderr"
    fi
}

MAEIL_PASSWORD="correct horse" "$MAEIL" user create kim --data-dir "$WORK/data" >/dev/null
T868='http://m.dhlottery.co.kr/?v=0868m041120213645m010306132438m142933354042m021823262731m1217284143441293818248'

expect "check a 2nd prize" 0 $'Round 1049 (2023-01-07): 3 5 13 20 21 37 + 17\n3 5 13 17 20 21: 2nd prize (5 matched + bonus, 48,533,992 won)\n1 2 3 4 5 6: no win (2 matched)' \
    -- check 1049 3 5 13 20 21 17 1 2 3 4 5 6
expect "check needs six per game" 1 "" "six numbers per game" -- check 1049 1 2 3
expect "check a round to come" 1 "" "round 5000 is drawn on 2098-09-27" -- check 5000 1 2 3 4 5 6
expect "add from the QR" 0 $'Added round 868, bought 2019-07-20: 5,000 won.\nA  4 11 20 21 36 45: no win (0 matched)\nB  1 3 6 13 24 38: no win (0 matched)\nC  14 29 33 35 40 42: no win (0 matched)\nD  2 18 23 26 27 31: no win (0 matched)\nE  12 17 28 41 43 44: 1st prize (6 matched, 3,233,804,250 won)\nWon 3,233,804,250 won in all.' \
    -- add "$T868"
expect "the same ticket twice" 1 "" "already in the diary" -- add "$T868"
expect "the store's receipt" 1 "" "purchase slip" -- add MSG_ESLIP00012
expect "typed numbers" 0 $'Added round 1049, bought 2023-01-03: 1,000 won.\nA  3 5 13 17 20 21: 2nd prize (5 matched + bonus, 48,533,992 won)\nWon 48,533,992 won in all.' \
    -- add --round 1049 --numbers "21 20 17 13 5 3" --date 2023-01-03
expect "a number 46" 1 "" "46 is not a number from 1 to 45" -- add --round 1049 --numbers "1 2 3 4 5 46"
expect "speetto" 0 "Added speetto 2000, bought 2026-11-20: 6,000 won spent, 2,000 won won." \
    -- add --speetto 2000 --amount 6000 --won 2000 --date 2026-11-20
expect "speetto in 500s" 1 "" "multiple of 500" -- add --speetto 500 --amount 1200

cli_test_summary cli-lotto-test
