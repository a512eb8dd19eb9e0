# What the CLI end-to-end scripts share (sourced, not run): a fresh work folder, the
# environment of a plain SQLite run, pass/fail counts, and `expect_output`.
#   source scripts/cli-test-lib.sh NAME   # after MAEIL is set; NAME names the work folder

WORK=$(mktemp -d "/tmp/maeil-cli-$1.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
unset DATABASE_URL MAEIL_DATA_DIR
export MAEIL_BCRYPT_COST=4 MAEIL_LOTTO_FETCH=off
passed=0
failed=0

# expect_output NAME STATUS FRAGMENT -- ARGS…: `maeil ARGS --data-dir …` (DATA_DIR, else
# the work folder's data) exits with STATUS, and FRAGMENT is in its stdout (or, for a
# failure, its stderr); an empty FRAGMENT expects empty stdout.
expect_output() {
    local name=$1 status=$2 fragment=$3
    shift 4
    local out rc
    out=$("$MAEIL" "$@" --data-dir "${DATA_DIR:-$WORK/data}" 2>"$WORK/stderr")
    rc=$?
    local where=$out
    [ "$status" != 0 ] && where=$(cat "$WORK/stderr")
    if [ "$rc" == "$status" ] && { { [ -z "$fragment" ] && [ -z "$out" ]; } || { [ -n "$fragment" ] && grep -qF -- "$fragment" <<<"$where"; }; }; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name (exit $rc, expected $status; looked for: $fragment)"
        sed 's/^/  stdout: /' <<<"$out"
        sed 's/^/  stderr: /' "$WORK/stderr"
    fi
}

# cli_test_summary NAME: the counts, and the script's exit status.
cli_test_summary() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" == 0 ]
}
