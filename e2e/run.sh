#!/usr/bin/env bash
# Browser tests: headless Chromium (Debian's chromium + chromium-driver)
# against a real `maeil serve` on a temporary SQLite database.
# Build first (`swift build`); screenshots go to e2e-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
export MAEIL_BIN="${MAEIL_BIN:-$PWD/.build/debug/maeil}"
if [ ! -x "$MAEIL_BIN" ]; then
  echo "e2e: $MAEIL_BIN not found; run 'swift build' first" >&2
  exit 2
fi
for tool in /usr/bin/chromium /usr/bin/chromedriver; do
  if [ ! -x "$tool" ]; then
    echo "e2e: $tool missing; install with: apt-get install -y chromium chromium-driver fonts-nanum" >&2
    exit 2
  fi
done
exec python3 -m pytest e2e -p no:cacheprovider -v "$@"
