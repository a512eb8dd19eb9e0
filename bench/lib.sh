# Shared by the benchmarks' run.sh scripts (sourced): progress lines, quiet commands,
# installing what a fresh machine lacks, and Anki in a virtual environment.

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
