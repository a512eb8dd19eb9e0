#!/usr/bin/env bash
# Builds the libhangul reference tool (../shared/tools/hangul/hic_lines.c) into
# .build-tools/hic_lines and prints its path. Installs Debian's libhangul-dev with
# apt-get when it is missing. The Hangul differential test runs it:
#   export MAEIL_HIC_LINES=$(scripts/hangul-reference.sh)
#   swift test --filter HangulTests
# Progress goes to stderr; stdout is only the path.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SRC="$ROOT/../shared/tools/hangul/hic_lines.c"
OUT_DIR="$ROOT/.build-tools"
OUT="$OUT_DIR/hic_lines"

if [ ! -f "$SRC" ]; then
    echo "hangul-reference: $SRC not found (shared/ must sit beside the checkout)" >&2
    exit 1
fi

if ! pkg-config --exists libhangul 2>/dev/null; then
    echo "hangul-reference: installing libhangul-dev" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libhangul-dev pkg-config >&2
fi

if ! command -v cc >/dev/null 2>&1; then
    echo "hangul-reference: no C compiler (cc) found" >&2
    exit 1
fi

mkdir -p "$OUT_DIR"
if [ ! -x "$OUT" ] || [ "$SRC" -nt "$OUT" ]; then
    # shellcheck disable=SC2046
    cc -O2 "$SRC" $(pkg-config --cflags --libs libhangul) -o "$OUT.tmp" >&2
    mv "$OUT.tmp" "$OUT"
fi

# Smoke check: the tool must reproduce a known line of the vectors.
got=$(printf 'dkssud\n' | "$OUT")
if [ "$got" != "$(printf 'dkssud\t안녕')" ]; then
    echo "hangul-reference: $OUT does not behave like libhangul (got: $got)" >&2
    exit 1
fi

echo "$OUT"
