# Shared by the benchmarks' run.sh scripts (sourced): progress lines, quiet commands,
# installing what a fresh machine lacks, Anki in a virtual environment, and timing a
# command against Anki's (`timed`, `paired_medians`).

# The Anki 26.9.3 environment scripts/anki-packages.sh makes, and the cache it sits in.
MAEIL_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/maeil
ANKI_PYTHON="$MAEIL_CACHE/anki-26.9.3/bin/python"

step() { echo "[$(printf '%4d' "$SECONDS") s] $*"; }

quiet() {  # runs a command, showing its output only when it fails ($WORK must be set)
    "$@" >"$WORK/last.log" 2>&1 || { local rc=$?; cat "$WORK/last.log" >&2; return $rc; }
}

apt_install() {  # PACKAGE... (the package lists may be stale or absent on a new machine)
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get install -y -q "$@" >/dev/null 2>&1 ||
        { $sudo apt-get update -q >/dev/null && $sudo apt-get install -y -q "$@" >/dev/null; }
}

ensure_anki() {  # VENV VERSION: Anki from PyPI in its own virtual environment
    local venv=$1 version=$2
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv" 2>/dev/null || { apt_install python3-venv && python3 -m venv "$venv"; }
    fi
    # Anki's buildinfo spells the version with a two-digit month (26.09.3).
    if ! "$venv/bin/python" -c "from anki.buildinfo import version; assert version.replace('.0', '.') == '$version'" 2>/dev/null; then
        "$venv/bin/pip" install -q "anki==$version"
    fi
}

install_missing() {  # PACKAGE-CHECKS are done by the caller: installs "$@" when any are named
    if [ $# -gt 0 ]; then
        step "installing $*"
        apt_install "$@"
    fi
}

cleanup_bench() {  # stops the server ($SERVER_PID) and PostgreSQL, removes $WORK
    if [ -n "${SERVER_PID:-}" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    stop_postgres
    rm -rf "$WORK"
}

prepare_maeil() {  # builds the release binary (unless MAEIL_BENCH_SKIP_BUILD=1); sets MAEIL and REVISION
    if [ "${MAEIL_BENCH_SKIP_BUILD:-}" != 1 ]; then
        swift build -c release --product maeil --scratch-path .build-release >/dev/null
    fi
    MAEIL="$ROOT/.build-release/release/maeil"
    # What was measured (read-only git: the tree may hold someone's uncommitted work).
    REVISION="commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    git diff --quiet HEAD -- Sources Package.swift 2>/dev/null || REVISION+=" with uncommitted changes"
    export MAEIL_RESOURCES="$ROOT/Sources/MaeilServer/Resources" MAEIL_BCRYPT_COST=10
}

await_owner_indexes() {  # BINARY LOG PID: on PostgreSQL, after the server's first pass over big owners
    # (`OwnerSearchIndexBuilder` builds their search indexes in the background), so that nothing
    # timed runs beside a build. A build without that builder is not waited for.
    local ready="owners' search indexes are ready"
    grep -qaF "$ready" "$1" || return 0
    for _ in $(seq 1200); do
        grep -qF "$ready" "$2" && { grep -F "$ready" "$2" | tail -n 1 | sed 's/^.*ready /  /'; return 0; }
        kill -0 "$3" 2>/dev/null || break
        sleep 0.5
    done
    echo "the server did not report its big owners' search indexes ready:" >&2
    tail -n 20 "$2" >&2
    return 1
}

timed() {  # COMMAND...: "SECONDS PEAK_MB" of the whole command, from /usr/bin/time ($WORK must be set)
    /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >"$WORK/out" 2>&1 || { cat "$WORK/out" >&2; exit 1; }
    read -r seconds kb <"$WORK/time"
    echo "$seconds $((kb / 1024))"
}

paired_medians() {  # "MAEIL_TIMES" "ANKI_TIMES": both medians and the pairwise median of Anki ÷ Maeil
    python3 - "$1" "$2" <<'PY'
import statistics, sys
m = [float(x) for x in sys.argv[1].split()]
a = [float(x) for x in sys.argv[2].split()]
ratios = [y / x for x, y in zip(m, a)]
print(f"median: maeil {statistics.median(m):.2f}s, anki {statistics.median(a):.2f}s, "
      f"anki/maeil {statistics.median(ratios):.2f} (pairwise median; above 1: Maeil is faster)")
PY
}
