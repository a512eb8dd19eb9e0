#!/usr/bin/env bash
# Writes fresh py-fsrs 6.3.2 reference cases (../shared/tools/fsrs/gen_vectors.py, 3000
# cases) to a temporary file and prints its path. Installs fsrs==6.3.2 from PyPI when
# it is missing. The FSRS differential test reads it:
#   export MAEIL_FSRS_REFERENCE=$(scripts/fsrs-reference.sh [SEED])
#   swift test --filter FSRSTests
# The seed is the first argument, else MAEIL_FSRS_SEED, else a new one each run (printed
# to stderr so a failure can be reproduced). Progress goes to stderr; stdout is the path.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
GEN="$ROOT/../shared/tools/fsrs/gen_vectors.py"
VERSION=6.3.2

if [ ! -f "$GEN" ]; then
    echo "fsrs-reference: $GEN not found (shared/ must sit beside the checkout)" >&2
    exit 1
fi

installed() {
    python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('fsrs') != '$VERSION')" 2>/dev/null
}

if ! installed; then
    echo "fsrs-reference: installing fsrs==$VERSION from PyPI" >&2
    python3 -m pip install -q --user "fsrs==$VERSION" >&2 2>/dev/null ||
        python3 -m pip install -q "fsrs==$VERSION" >&2 2>/dev/null ||
        python3 -m pip install -q --break-system-packages "fsrs==$VERSION" >&2
    if ! installed; then
        echo "fsrs-reference: could not install fsrs==$VERSION for $(command -v python3)" >&2
        exit 1
    fi
fi

SEED=${1:-${MAEIL_FSRS_SEED:-$(( $(date +%s) % 1000000 ))}}
OUT=$(mktemp "${TMPDIR:-/tmp}/fsrs-reference.XXXXXX")
echo "fsrs-reference: 3000 cases, seed $SEED" >&2
python3 "$GEN" 3000 "$SEED" > "$OUT"

echo "$OUT"
