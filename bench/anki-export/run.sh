#!/usr/bin/env bash
# A book of 20,000 words with review history exported as an Anki package by Maeil and
# the same deck by Anki 26.9.3 (PyPI), in turns, on this machine (release build):
#   bench/anki-export/run.sh [NOTES] [RUNS]
# Both start from the package bench/anki-import makes (real Anki, NOTES EDICT entries,
# every card answered): Maeil imports it once into a data folder and runs
# `maeil export --format apkg` (the whole command, start-up included); Anki imports it
# once into a collection and exports that deck in the same legacy layout with
# scheduling and media (anki_export.py, the whole Python process). Prints each run, the
# medians and the ratio Anki ÷ Maeil (above 1: Maeil is faster).
# Env: MAEIL_BENCH_SKIP_BUILD=1 uses the existing .build-release binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
source bench/lib.sh
NOTES=${1:-20000}
RUNS=${2:-5}
WORK=$(mktemp -d /tmp/maeil-anki-export.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
DECK="$MAEIL_CACHE/bench-anki-$NOTES.apkg"
if [ ! -s "$DECK" ] || ! "$ANKI_PYTHON" -c "import anki" 2>/dev/null; then
    bench/anki-import/run.sh "$NOTES" 1 >&2  # makes the package and the environment
fi
if [ "${MAEIL_BENCH_SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --product maeil --scratch-path .build-release >&2
fi
[ -x /usr/bin/time ] || { sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo; $sudo apt-get install -y -qq time >/dev/null; }
MAEIL="$ROOT/.build-release/release/maeil"
MAEIL_PASSWORD=benchpass1 MAEIL_BCRYPT_COST=4 "$MAEIL" user create bench --data-dir "$WORK/data" >/dev/null
"$MAEIL" import "$DECK" --data-dir "$WORK/data" >"$WORK/out"
BOOK=$(sed -n 's/^Imported [0-9]* words into "\(.*\)"\.$/\1/p' "$WORK/out" | head -1)
mkdir -p "$WORK/anki"
"$ANKI_PYTHON" bench/anki-export/anki_export.py setup "$DECK" "$WORK/anki/collection.anki2"
echo "deck: $DECK, book \"$BOOK\""

maeil_times=()
anki_times=()
for run in $(seq "$RUNS"); do
    rm -f "$WORK/maeil.apkg" "$WORK/anki.apkg"
    read -r m mpeak < <(timed "$MAEIL" export --book "$BOOK" --format apkg -o "$WORK/maeil.apkg" --data-dir "$WORK/data")
    read -r a apeak < <(timed "$ANKI_PYTHON" bench/anki-export/anki_export.py export "$WORK/anki/collection.anki2" "$WORK/anki.apkg")
    grep -q "anki: $NOTES notes" "$WORK/out" || { cat "$WORK/out" >&2; exit 1; }
    echo "run $run: maeil ${m}s (${mpeak} MB peak, $(du -k "$WORK/maeil.apkg" | cut -f1) KB), anki ${a}s (${apeak} MB peak, $(du -k "$WORK/anki.apkg" | cut -f1) KB), anki/maeil $(python3 -c "print(f'{$a / $m:.2f}')")"
    maeil_times+=("$m")
    anki_times+=("$a")
done
paired_medians "${maeil_times[*]}" "${anki_times[*]}"
