#!/usr/bin/env bash
# JavaScript tests (Node 20+'s built-in runner, no packages): the on-screen keyboard's
# 2-beolsik automaton against the shared vectors and, when MAEIL_HIC_LINES names the
# libhangul reference tool, against libhangul itself:
#   MAEIL_HIC_LINES=$(scripts/hangul-reference.sh) js-tests/run.sh
# Without MAEIL_HIC_LINES the libhangul comparison is skipped, or fails when CI is set.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v node >/dev/null 2>&1; then
  echo "js-tests: node not found (Node 20 or newer is needed)" >&2
  exit 2
fi
exec node --test js-tests/
