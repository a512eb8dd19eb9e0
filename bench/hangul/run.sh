#!/usr/bin/env bash
# Hangul engine benchmark (release build), one command:
#   bench/hangul/run.sh [KEYS] [SYLLABLES] [REPEAT]
# defaults: 10,000,000 keystrokes, 2,000,000 syllables, best of 10 runs (3 for Python).
#
# - Corpus (make_corpus.py, fixed seed): KEYS 2-beolsik keystrokes typing words of
#   random valid syllables, and SYLLABLES random valid syllables.
# - Automaton: libhangul's hangul_ic_process (Debian libhangul-dev, C harness
#   libhangul_bench.c) against Swift's HangulInputContext, one context over the whole
#   key stream, both key by key (process + commit string) and Swift's whole-string
#   HangulInputContext.type.
# - Decompose and choseong: libhangul's hangul_syllable_to_jamo against Swift's
#   Hangul.decompose / decomposeToConjoining / choseong and Python's hangul-jamo (PyPI).
#
# Every harness reads its input before the clock starts, times only the hot loop, runs it
# REPEAT times and keeps the best; it prints a CRC-32 of its output as UTF-8, and the
# run fails unless every engine doing the same work prints the same checksum.
# libhangul gets its best case: text already decoded to UCS-4, output into a buffer
# allocated once; Swift goes through its public String API (UTF-8 in, new String
# out). Above 2-3 M syllables the result strings outgrow glibc's mmap threshold
# (32 MB), so every Swift call pays the kernel's page faults for fresh memory while the
# C buffer stays mapped; the default size keeps the comparison about the engines.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
KEYS=${1:-10000000}
SYLLABLES=${2:-2000000}
REPEAT=${3:-10}
PY_REPEAT=$(( REPEAT < 3 ? REPEAT : 3 ))
OUT="$ROOT/bench/hangul/.build"   # gitignored (.build/)
mkdir -p "$OUT"

log() { echo "$*" >&2; }

# libhangul-dev (and pkg-config) from Debian when missing.
if ! pkg-config --exists libhangul 2>/dev/null; then
    log "installing libhangul-dev"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libhangul-dev pkg-config >&2
fi
# hangul-jamo from PyPI when missing.
if ! python3 -c "import hangul_jamo" 2>/dev/null; then
    log "installing hangul-jamo from PyPI"
    python3 -m pip install -q hangul-jamo >&2
fi

log "building the C harness (libhangul $(pkg-config --modversion libhangul))"
# shellcheck disable=SC2046
cc -O2 -Wall bench/hangul/libhangul_bench.c $(pkg-config --cflags --libs libhangul) -o "$OUT/libhangul_bench"
log "building the Swift harness (release)"
swift build -c release --package-path bench/hangul/swift --scratch-path "$OUT/swift" >&2
SWIFT_BENCH="$OUT/swift/release/hangul-bench"
C_BENCH="$OUT/libhangul_bench"
PY_BENCH="python3 bench/hangul/hangul_jamo_bench.py"

log "generating the corpus: $KEYS keystrokes, $SYLLABLES syllables"
python3 bench/hangul/make_corpus.py "$KEYS" "$SYLLABLES" "$OUT/corpus"
KEYS_FILE="$OUT/corpus/keys.txt"
SYL_FILE="$OUT/corpus/syllables.txt"

RESULTS="$OUT/results.tsv"
: >"$RESULTS"
# run WORK UNIT ENGINE API COMMAND…: one harness line (mode items seconds crc) → RESULTS.
run() {
    local work=$1 unit=$2 engine=$3 api=$4
    shift 4
    log "  $work: $engine $api"
    local line
    line=$("$@")
    printf '%s\t%s\t%s\t%s\t%s\n' "$work" "$unit" "$engine" "$api" "$(cut -f2- <<<"$line")" >>"$RESULTS"
}

log "running (best of $REPEAT; Python best of $PY_REPEAT)"
run automaton keys/s libhangul "hangul_ic_process + get_commit_string" "$C_BENCH" ic "$KEYS_FILE" "$REPEAT"
run automaton keys/s Swift "HangulInputContext.process + appendCommit" "$SWIFT_BENCH" ic "$KEYS_FILE" "$REPEAT"
run automaton keys/s Swift "HangulInputContext.type (whole string)" "$SWIFT_BENCH" type "$KEYS_FILE" "$REPEAT"
run decompose syllables/s libhangul "hangul_syllable_to_jamo + hangul_jamo_to_cjamo" "$C_BENCH" decompose "$SYL_FILE" "$REPEAT"
run decompose syllables/s Swift "Hangul.decompose" "$SWIFT_BENCH" decompose "$SYL_FILE" "$REPEAT"
run decompose syllables/s Python "hangul_jamo.decompose" $PY_BENCH decompose "$SYL_FILE" "$PY_REPEAT"
run "decompose (conjoining)" syllables/s libhangul "hangul_syllable_to_jamo" "$C_BENCH" conjoining "$SYL_FILE" "$REPEAT"
run "decompose (conjoining)" syllables/s Swift "Hangul.decomposeToConjoining" "$SWIFT_BENCH" conjoining "$SYL_FILE" "$REPEAT"
run choseong syllables/s libhangul "hangul_syllable_to_jamo + hangul_jamo_to_cjamo" "$C_BENCH" choseong "$SYL_FILE" "$REPEAT"
run choseong syllables/s Swift "Hangul.choseong" "$SWIFT_BENCH" choseong "$SYL_FILE" "$REPEAT"
run choseong syllables/s Python "hangul_jamo.decompose_syllable per syllable" $PY_BENCH choseong "$SYL_FILE" "$PY_REPEAT"

echo "Hangul benchmark: $KEYS keystrokes, $SYLLABLES syllables; best of $REPEAT (Python $PY_REPEAT); $(nproc) cores"
echo "command: bench/hangul/run.sh $KEYS $SYLLABLES $REPEAT"
echo
python3 - "$RESULTS" <<'EOF'
import sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1], encoding="utf-8")]
base, crc_of, failed = {}, {}, False
for work, unit, engine, api, items, secs, crc in rows:
    if engine == "libhangul":
        base[work] = int(items) / float(secs)
    if crc_of.setdefault(work, crc) != crc:
        failed = True
header = ("work", "engine", "API", "rate", "time", "vs libhangul", "crc32")
table = [header]
for work, unit, engine, api, items, secs, crc in rows:
    rate = int(items) / float(secs)
    table.append((work, engine, api, f"{rate / 1e6:,.1f} M {unit}", f"{float(secs) * 1000:,.1f} ms",
                  f"{rate / base[work]:.2f}x", crc))
widths = [max(len(r[i]) for r in table) for i in range(len(header))]
for k, r in enumerate(table):
    print("  ".join(c.ljust(w) if i < 3 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    if k == 0:
        print("  ".join("-" * w for w in widths))
if failed:
    print("\nFAIL: engines doing the same work printed different checksums", file=sys.stderr)
    sys.exit(1)
print("\nchecksums: every engine printed the same CRC-32 for the same work")
EOF
