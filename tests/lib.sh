# lib.sh: helpers shared by gpuplan's shell tests (sourced, not run).
# Each test gets a private temporary directory, removed on exit.
set -u
: "${GPUPLAN:?GPUPLAN must name the binary under test}"
: "${top_srcdir:?top_srcdir must name the source tree}"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
failures=0
passes=0

ok() { passes=$((passes + 1)); }
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# expect_status WANT DESCRIPTION -- COMMAND...: run, compare the exit status.
expect_status() {
    local want=$1 what=$2
    shift 3
    "$@" >"$TMP/out" 2>"$TMP/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then ok; else
        fail "$what: exit $got, expected $want"
        sed 's/^/  stderr: /' "$TMP/err" | head -5 >&2
    fi
}

# expect_grep FILE PATTERN DESCRIPTION: FILE contains the fixed string.
expect_grep() {
    if grep -qF -- "$2" "$1"; then ok; else
        fail "$3: '$2' not found in $(basename "$1")"
        head -5 "$1" | sed 's/^/  got: /' >&2
    fi
}

. "$top_srcdir/tests/golden.sh"

# finish: the counts; fails when a check failed or goldens were rewritten.
finish() {
    echo "$passes passed, $failures failed"
    golden_finish || return 1
    [ "$failures" -eq 0 ]
}
