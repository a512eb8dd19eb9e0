#!/usr/bin/env bash
# An Anki package of 20,000 notes with review history imported by Maeil and by Anki
# 26.9.3 (PyPI), in turns, on this machine (release build):
#   bench/anki-import/run.sh [NOTES] [RUNS]
# The package (make_deck.py) is made once by real Anki from the first NOTES EDICT
# entries (Debian's edict) with every card answered through Anki's scheduler, and
# exported in the current default layout (zstd collection.anki21b). Each run imports
# it into an empty place: `maeil import FILE.apkg` into a new data folder (the whole
# command, start-up included), and Anki's import_anki_package into a new collection
# (anki_import.py, the whole Python process). Prints each run, the medians and the
# ratio Anki ÷ Maeil (above 1: Maeil is faster), with /usr/bin/time's peak memory.
# Env: MAEIL_BENCH_SKIP_BUILD=1 uses the existing .build-release binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
source bench/lib.sh
NOTES=${1:-20000}
RUNS=${2:-5}
WORK=$(mktemp -d /tmp/maeil-anki-import.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
if ! "$ANKI_PYTHON" -c "import anki" 2>/dev/null; then
    scripts/anki-packages.sh >/dev/null  # makes the virtual environment
fi
[ -x /usr/bin/time ] || { sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo; $sudo apt-get install -y -qq time >/dev/null; }
[ -e /usr/share/edict/edict ] || { echo "anki-import bench: apt-get install edict" >&2; exit 1; }
if [ "${MAEIL_BENCH_SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --product maeil --scratch-path .build-release >&2
fi
MAEIL="$ROOT/.build-release/release/maeil"
DECK="$MAEIL_CACHE/bench-anki-$NOTES.apkg"
if [ ! -s "$DECK" ]; then
    python3 "$ROOT/../shared/tools/anki/edict_tsv.py" /usr/share/edict/edict >"$WORK/edict.tsv"
    (cd "$WORK" && "$ANKI_PYTHON" "$ROOT/bench/anki-import/make_deck.py" "$WORK/edict.tsv" "$NOTES" "$DECK" >&2)
fi
echo "package: $DECK ($(du -h "$DECK" | cut -f1))"

maeil_times=()
anki_times=()
for run in $(seq "$RUNS"); do
    rm -rf "$WORK/data"
    MAEIL_PASSWORD=benchpass1 MAEIL_BCRYPT_COST=4 "$MAEIL" user create bench --data-dir "$WORK/data" >/dev/null
    read -r m mpeak < <(timed "$MAEIL" import "$DECK" --data-dir "$WORK/data")
    grep -q "Imported $NOTES words" "$WORK/out" || { cat "$WORK/out" >&2; exit 1; }
    read -r a apeak < <(timed "$ANKI_PYTHON" "$ROOT/bench/anki-import/anki_import.py" "$DECK")
    grep -q "anki: $NOTES notes" "$WORK/out" || { cat "$WORK/out" >&2; exit 1; }
    echo "run $run: maeil ${m}s (${mpeak} MB peak), anki ${a}s (${apeak} MB peak), anki/maeil $(python3 -c "print(f'{$a / $m:.2f}')")"
    maeil_times+=("$m")
    anki_times+=("$a")
done
paired_medians "${maeil_times[*]}" "${anki_times[*]}"
