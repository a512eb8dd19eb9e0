#!/usr/bin/env bash
# End-to-end test of `maeil autofill TERM` on a fresh SQLite data folder: the account's
# own meaning first, the course data, WordNet and espeak-ng's IPA (both installed by the
# test command), a book's languages, JSON, and refusals.
#   scripts/cli-autofill-test.sh [path/to/maeil]
set -uo pipefail
cd "$(dirname "$0")/.."
MAEIL=$(realpath "${1:-.build/debug/maeil}")
source scripts/cli-test-lib.sh autofill
unset MAEIL_DEEPL_KEY MAEIL_DEEPL_URL

MAEIL_PASSWORD="correct horse" "$MAEIL" user create mina --data-dir "$WORK/data" >/dev/null
printf 'passport\t여권\n' >"$WORK/words.tsv"
expect_output "a book with passport" 0 "Imported 1" -- import "$WORK/words.tsv" --book Travel --format tsv
expect_output "the account's own meaning first" 0 "1. 여권  [your books]" -- autofill passport
expect_output "the reading in IPA" 0 "passport  /pˈæspoːɹt/" -- autofill passport
expect_output "WordNet's definition" 0 "(명사) a document issued by a country" -- autofill passport
expect_output "the starter book's meaning" 0 "사과  [course]" -- autofill apple
expect_output "Japanese, from the course" 0 "1. 물  [course]" -- autofill 水 --from ja --to ko
expect_output "a book's languages" 0 "1. 여권  [your books]" -- autofill passport --book Travel
expect_output "JSON" 0 '"source":"myBooks"' -- autofill passport --json
expect_output "nothing known" 0 "No proposals." -- autofill qwzxvv --from en --to ko
expect_output "no such book" 1 "not found" -- autofill passport --book Nowhere
expect_output "a bad language" 1 "is not a language code" -- autofill passport --from english

cli_test_summary cli-autofill-test
