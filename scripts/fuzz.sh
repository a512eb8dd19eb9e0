#!/usr/bin/env bash
# Parser fuzzing with libFuzzer (Swift's -sanitize=fuzzer,address): the word-list
# decoders (CSV, TSV, Quizlet text, the JSON book format, with text decoding), the Anki
# package reader (zip, zstd, media list, field HTML), the lotto ticket QR decoder, the
# Hangul automaton and keyboard conversions, and the kana converter. A crash, a trap or
# a memory error stops the run and leaves the input in fuzz-findings/.
#   scripts/fuzz.sh TARGET SECONDS    TARGET: csv tsv quizlet json anki qr hangul kana, or all
# Seeds come from real inputs: the shared reference vectors, the starter book, the test
# fixtures and, when MAEIL_ANKI_PACKAGES names them, Anki's own packages. The corpus
# grows in .build-fuzz/corpus/TARGET between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS=(csv tsv quizlet json anki qr hangul kana)
TARGET=${1:?usage: scripts/fuzz.sh TARGET SECONDS}
SECONDS_EACH=${2:-60}
if [ "$TARGET" == all ]; then
    for target in "${TARGETS[@]}"; do "$0" "$target" "$SECONDS_EACH"; done
    exit 0
fi
[[ " ${TARGETS[*]} " == *" $TARGET "* ]] || { echo "fuzz: unknown target $TARGET (${TARGETS[*]})"; exit 2; }

SHARED=${MAEIL_SHARED:-../shared}
BINARY=.build-fuzz/release/maeil-fuzz
mkdir -p .build-fuzz
MAEIL_FUZZ=1 swift build -c release --product maeil-fuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld \
    >.build-fuzz/build.log 2>&1 \
    || { tail -20 .build-fuzz/build.log; exit 1; }

CORPUS=.build-fuzz/corpus/$TARGET
SEEDS=.build-fuzz/seeds/$TARGET
rm -rf "$SEEDS"
mkdir -p "$CORPUS" "$SEEDS" fuzz-findings
# seed_lines FILE: each line of FILE (its first column) as a seed of its own.
seed_lines() {
    python3 - "$1" "$SEEDS" <<'EOF'
import pathlib, sys
lines = [l.split("\t")[0] for l in pathlib.Path(sys.argv[1]).read_text().splitlines() if l and not l.startswith("#")]
for n, line in enumerate(lines[:2000]):
    pathlib.Path(sys.argv[2], f"line{n}").write_text(line)
EOF
}
case $TARGET in
csv | tsv | quizlet)
    find Tests e2e -maxdepth 3 -type f \( -name '*.csv' -o -name '*.tsv' -o -name '*.txt' \) -size -64k \
        -exec cp -t "$SEEDS" {} + 2>/dev/null || true
    printf 'term,meaning\napple,사과\n"a, b","줄\n바꿈"\n' >"$SEEDS/quoted.csv"
    printf 'term\tmeaning\treading\n学校\t학교\tがっこう\n' >"$SEEDS/japanese.tsv"
    printf 'apple\t사과\nbanana\t바나나\n' >"$SEEDS/quizlet.txt"
    printf '\xff\xfe' >"$SEEDS/bom16"; printf '\xbb\xe7\xb0\xfa,apple\n' >"$SEEDS/cp949.csv"
    ;;
json)
    cp Sources/MaeilServer/Resources/Starter/*.json "$SEEDS/"
    printf '{"name":"책","words":[{"term":"a","examples":[{"sentence":"s"}]}]}' >"$SEEDS/small.json"
    ;;
anki)
    if [ -n "${MAEIL_ANKI_PACKAGES:-}" ]; then cp "$MAEIL_ANKI_PACKAGES"/*.apkg "$MAEIL_ANKI_PACKAGES"/*.colpkg "$SEEDS/" 2>/dev/null || true; fi
    printf '{{c1::학교::school}} <img src="a.png"> [sound:b.mp3] <b>bold</b>&nbsp;' >"$SEEDS/fields.html"
    ;;
qr) seed_lines "$SHARED/vectors/lotto/qr.tsv" ;;
hangul) seed_lines "$SHARED/vectors/hangul/2beolsik.tsv" ;;
kana) seed_lines "$SHARED/vectors/kana/wanakana.tsv" ;;
esac

# -max_len: word lists and packages need room; the text targets do not.
case $TARGET in anki) MAX_LEN=262144 ;; csv | tsv | quizlet | json) MAX_LEN=16384 ;; *) MAX_LEN=1024 ;; esac
LOG=.build-fuzz/$TARGET.log
if MAEIL_FUZZ_TARGET=$TARGET "$BINARY" "$CORPUS" "$SEEDS" -max_total_time="$SECONDS_EACH" \
    -max_len="$MAX_LEN" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="fuzz-findings/$TARGET-" >"$LOG" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$LOG" | grep -o '[0-9]*$' || echo "?")
    edges=$(grep -o 'cov: [0-9]*' "$LOG" | tail -1 | grep -o '[0-9]*' || echo "?")
    echo "fuzz $TARGET: ${SECONDS_EACH} s, $runs inputs, $edges edges covered, no finding (corpus $(ls "$CORPUS" | wc -l) files)"
else
    echo "fuzz $TARGET: FINDING — see $LOG and fuzz-findings/"
    grep -E "ERROR|SUMMARY|Fatal error|panic|Test unit written" "$LOG" | head -10
    exit 1
fi
