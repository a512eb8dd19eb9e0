#!/usr/bin/env bash
# Makes the Anki packages the import tests read, with real Anki from PyPI, and prints
# the folder that holds them (A.apkg … D.apkg, D.colpkg: the four layouts of
# ../shared/data/anki/README.md; scripts/anki/make_packages.py says what is in them),
# and in anki-python the path of the Python with current Anki, for the export tests:
#   export MAEIL_ANKI_PACKAGES=$(scripts/anki-packages.sh)
#   swift test --filter Anki
# anki==26.9.3 makes C and D; anki==2.1.49 (with protobuf 3.20, which it was built
# against) makes A and B. Each version lives in its own virtual environment under
# ~/.cache/maeil, made once. Progress goes to stderr; stdout is the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/maeil

venv() {  # venv NAME PACKAGES...: a virtual environment with these installed
    local dir="$CACHE/$1"
    shift
    if [ ! -x "$dir/bin/python" ] || ! "$dir/bin/python" -c "import anki" 2>/dev/null; then
        echo "anki-packages: installing $* into $dir" >&2
        rm -rf "$dir"
        python3 -m venv "$dir" >&2
        "$dir/bin/pip" install -q "$@" >&2
    fi
    echo "$dir/bin/python"
}

NEW=$(venv anki-26.9.3 "anki==26.9.3")
OLD=$(venv anki-2.1.49 "anki==2.1.49" "protobuf==3.20.3")
OUT=$(mktemp -d "${TMPDIR:-/tmp}/anki-packages.XXXXXX")
(cd "$OUT" && "$NEW" "$ROOT/scripts/anki/make_packages.py" "$OUT" >&2)
(cd "$OUT" && "$OLD" "$ROOT/scripts/anki/make_packages.py" "$OUT" --old >&2)
# The export tests read Maeil's packages back with current Anki (scripts/anki/read_package.py).
echo "$NEW" > "$OUT/anki-python"
echo "$OUT"
