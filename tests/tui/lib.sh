# tests/tui/lib.sh: drive the real planner in a private tmux server (sourced).
#
# Every test gets its own tmux socket, HOME and XDG directories; the server
# is killed on exit. Screens are read with capture-pane and polled until the
# expected text appears (never a fixed sleep alone).
set -u
: "${GPUPLAN:?GPUPLAN must name the binary under test}"
: "${top_srcdir:?top_srcdir must name the source tree}"
command -v tmux >/dev/null 2>&1 || exit 77

TMP=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-tui.XXXXXX")
SOCK=gpuplan-test-$$
TM() { tmux -L "$SOCK" -f /dev/null "$@"; }
cleanup() { TM kill-server >/dev/null 2>&1; rm -rf "$TMP"; }
trap cleanup EXIT
mkdir -p "$TMP/home" "$TMP/state" "$TMP/data" "$TMP/work"
SCEN=$top_srcdir/scenarios
# A session that outlives the planner's, so killing the planner's session
# never ends the server while the next one is being created.
TM new-session -d -s keep -x 80 -y 24 "sleep 100000" || exit 99
# No status line, set before the planner's session exists: turning it off
# later resizes the pane under a running planner (a SIGWINCH can split an
# Alt key the test is sending into Esc and the key).
TM set-option -g status off >/dev/null
failures=0
passes=0
ok() { passes=$((passes + 1)); }
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
    echo "--- screen:" >&2
    TM capture-pane -p -t planner 2>/dev/null | sed 's/^/  |/' >&2
}
. "$top_srcdir/tests/golden.sh"
# finish: the counts; fails when a check failed or goldens were rewritten.
finish() {
    echo "$passes passed, $failures failed"
    golden_finish || return 1
    [ "$failures" -eq 0 ]
}

# start [ENV=VALUE...] -- [ARGS...]: run the planner in a new 80x24 session
# (START_SIZE=COLSxROWS for another size, so the first frame has it),
# in $TMP/work. The planner's pid goes to $TMP/pid; after it exits the pane
# shows EXIT=status and the terminal's modes (stty -a).
start() {
    local envs=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    rm -f "$TMP/pid"
    local q="" a
    for a in "$@"; do q="$q '$a'"; done
    TM kill-session -t planner >/dev/null 2>&1
    local size=${START_SIZE:-80x24}
    TM new-session -d -s planner -x "${size%x*}" -y "${size#*x}" -c "$TMP/work" \
        "env HOME='$TMP/home' XDG_STATE_HOME='$TMP/state' XDG_DATA_HOME='$TMP/data' ${envs[*]:-} \
         sh -c 'echo \$\$ >\"$TMP/pid\"; exec \"$GPUPLAN\" $q'; echo EXIT=\$?; stty -a; sleep 600"
    local i=0
    while [ ! -s "$TMP/pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    PID=$(cat "$TMP/pid" 2>/dev/null)
}

screen() { TM capture-pane -p -t planner; }

# wait_for TEXT [SECONDS] [DESCRIPTION]: poll the screen until it shows
# the fixed string TEXT.
wait_for() {
    local text=$1 secs=${2:-10} what=${3:-"screen shows '$1'"} i=0
    while [ $i -lt $((secs * 10)) ]; do
        if screen | grep -qF -- "$text"; then ok; return 0; fi
        sleep 0.1
        i=$((i + 1))
    done
    fail "$what (waited ${secs}s for '$text')"
    return 1
}

# wait_re REGEX [SECONDS] [DESCRIPTION]: poll the screen until a line
# matches the extended regular expression.
wait_re() {
    local re=$1 secs=${2:-10} what=${3:-"screen matches /$1/"} i=0
    while [ $i -lt $((secs * 10)) ]; do
        if screen | grep -qE -- "$re"; then ok; return 0; fi
        sleep 0.1
        i=$((i + 1))
    done
    fail "$what (waited ${secs}s for /$re/)"
    return 1
}

# wait_gone TEXT [SECONDS]: poll until the screen, not empty, no longer
# shows TEXT.
wait_gone() {
    local text=$1 secs=${2:-10} i=0 s
    while [ $i -lt $((secs * 10)) ]; do
        s=$(screen 2>/dev/null)
        if ! blank "$s" && ! grep -qF -- "$text" <<<"$s"; then ok; return 0; fi
        sleep 0.1
        i=$((i + 1))
    done
    if blank "$s"; then
        fail "the screen is empty (no pane, or nothing drawn): cannot tell that '$text' is gone"
    else
        fail "'$text' still on the screen after ${secs}s"
    fi
    return 1
}

# A check that something is NOT on the screen would pass on an empty one
# (the pane gone, the planner not drawn yet), so such checks read the screen
# through capture, which fails the test on an empty capture first.

# blank TEXT: true when TEXT has nothing but white space.
blank() { [ -z "${1//[[:space:]]/}" ]; }

# capture: the screen into $SCREEN; an empty capture fails the test and
# returns 1.
capture() {
    SCREEN=$(screen 2>/dev/null)
    if blank "$SCREEN"; then
        fail "the screen is empty (no pane, or nothing drawn): cannot check what it lacks"
        return 1
    fi
}

# refute TEXT DESCRIPTION: the screen, not empty, lacks the fixed string
# TEXT (else fail DESCRIPTION). Returns 1 when the check failed.
refute() {
    capture || return 1
    if grep -qF -- "$1" <<<"$SCREEN"; then fail "$2"; return 1; fi
    ok
}

# refute_re REGEX DESCRIPTION: the same for an extended regular expression.
refute_re() {
    capture || return 1
    if grep -qE -- "$1" <<<"$SCREEN"; then fail "$2"; return 1; fi
    ok
}

# row_of LABEL: the results row of an option ("On-prem"), as shown.
row_of() { screen | grep -o -- "$1  *[0-9,]*  *[0-9.]*" | head -1; }

keys() { TM send-keys -t planner "$@"; }
# type_text TEXT: literal keys, one tmux call (no key-name lookup).
type_text() { TM send-keys -t planner -l -- "$1"; }

# give_up: stop at once (the planner did not come up; later checks would
# only wait out their timeouts).
give_up() {
    finish
    exit 1
}

# wait_msg TEXT [SECONDS] [DESCRIPTION]: poll until the screen, read as one
# line (rows joined by a blank, runs of blanks as one), holds TEXT: for a
# message that wraps over several rows.
wait_msg() {
    local text=$1 secs=${2:-10} what=${3:-"screen says '$1'"} i=0
    while [ $i -lt $((secs * 10)) ]; do
        if screen | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$text"; then ok; return 0; fi
        sleep 0.1
        i=$((i + 1))
    done
    fail "$what (waited ${secs}s for '$text')"
    return 1
}
