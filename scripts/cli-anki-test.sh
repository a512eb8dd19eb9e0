#!/usr/bin/env bash
# End-to-end test of `maeil import FILE.apkg` on a fresh SQLite data folder, with the
# packages real Anki made (scripts/anki-packages.sh): each layout into its deck's book,
# a second import skipped, refusals that change nothing.
#   scripts/cli-anki-test.sh [path/to/maeil] [PACKAGES_FOLDER]
set -uo pipefail
cd "$(dirname "$0")/.."
MAEIL=$(realpath "${1:-.build/debug/maeil}")
PACKAGES=${2:-${MAEIL_ANKI_PACKAGES:-$(scripts/anki-packages.sh)}}
WORK=$(mktemp -d /tmp/maeil-cli-anki.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
unset DATABASE_URL MAEIL_DATA_DIR
export MAEIL_BCRYPT_COST=4 MAEIL_LOTTO_FETCH=off
passed=0
failed=0

# expect NAME STATUS FRAGMENT -- ARGS…: the exit status, and FRAGMENT in stdout (or,
# for a failure, in stderr).
expect() {
    local name=$1 status=$2 fragment=$3
    shift 4
    local out rc
    out=$("$MAEIL" "$@" --data-dir "$WORK/data" 2>"$WORK/stderr")
    rc=$?
    local where=$out
    [ "$status" != 0 ] && where=$(cat "$WORK/stderr")
    if [ "$rc" == "$status" ] && grep -qF -- "$fragment" <<<"$where"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name (exit $rc, expected $status; looked for: $fragment)"
        sed 's/^/  stdout: /' <<<"$out"
        sed 's/^/  stderr: /' "$WORK/stderr"
    fi
}

MAEIL_PASSWORD="correct horse" "$MAEIL" user create mina --data-dir "$WORK/data" >/dev/null
expect "current Anki (zstd)" 0 'Imported 4 words into "Korean › Basics".' -- import "$PACKAGES/D.apkg"
expect "old Anki, same notes" 0 "Skipped 4 the book had already." -- import "$PACKAGES/B.apkg"
expect "the words" 0 "The cat sat on the mat." -- export --book "Korean › Basics" --format csv
expect "no --book" 64 "leave out --book" -- import "$PACKAGES/A.apkg" --book Other
printf 'not a zip' >"$WORK/bad.apkg"
expect "not a package" 1 "not a zip file" -- import "$WORK/bad.apkg"
expect "no file" 1 "there is no file at" -- import "$WORK/missing.apkg"
expect "nothing else made" 0 "Korean › Basics" -- export --book "Korean › Basics" --format json

echo "cli-anki-test: $passed passed, $failed failed"
[ "$failed" == 0 ]
