#!/usr/bin/env bash
# End-to-end test of `maeil import FILE.apkg` on a fresh SQLite data folder, with the
# packages real Anki made (scripts/anki-packages.sh): each layout into its deck's book,
# a second import skipped, refusals that change nothing; a book exported as a package
# and imported by another account.
#   scripts/cli-anki-test.sh [path/to/maeil] [PACKAGES_FOLDER]
set -uo pipefail
cd "$(dirname "$0")/.."
MAEIL=$(realpath "${1:-.build/debug/maeil}")
PACKAGES=${2:-${MAEIL_ANKI_PACKAGES:-$(scripts/anki-packages.sh)}}
source scripts/cli-test-lib.sh anki

MAEIL_PASSWORD="correct horse" "$MAEIL" user create mina --data-dir "$WORK/data" >/dev/null
expect_output "current Anki (zstd)" 0 'Imported 4 words into "Korean › Basics".' -- import "$PACKAGES/D.apkg"
expect_output "old Anki, same notes" 0 "Skipped 4 the book had already." -- import "$PACKAGES/B.apkg"
expect_output "the words" 0 "The cat sat on the mat." -- export --book "Korean › Basics" --format csv
expect_output "no --book" 64 "leave out --book" -- import "$PACKAGES/A.apkg" --book Other
printf 'not a zip' >"$WORK/bad.apkg"
expect_output "not a package" 1 "not a zip file" -- import "$WORK/bad.apkg"
expect_output "no file" 1 "there is no file at" -- import "$WORK/missing.apkg"
expect_output "nothing else made" 0 "Korean › Basics" -- export --book "Korean › Basics" --format json
# Out as an Anki package, and into another account from it: the same four words.
expect_output "export an Anki package" 0 "" -- export --book "Korean › Basics" --format apkg -o "$WORK/out.apkg"
MAEIL_PASSWORD="correct horse" "$MAEIL" user create jun --data-dir "$WORK/data" >/dev/null
expect_output "the package, imported again" 0 'Imported 4 words into "Korean › Basics".' -- import "$WORK/out.apkg" --user jun

cli_test_summary cli-anki-test
