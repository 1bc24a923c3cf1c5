#!/bin/bash
# helpers.sh: the checks of tests/tui/lib.sh can fail. A check that text
# must NOT be on the screen (refute, refute_re, wait_gone) passes on a
# screen that lacks the text and fails on one that shows it, and fails on
# an empty capture (the pane gone, or a pane nothing was drawn in) instead
# of passing on it; a golden rewritten under GPUPLAN_UPDATE_GOLDEN=1 fails
# the run. Each helper runs in a subshell, whose count of failures is read.
. "$(dirname "$0")/lib.sh"

# probe HELPER ARGS...: the number of failures the helper records.
probe() { ( failures=0 passes=0; "$@" >/dev/null 2>&1; echo "$failures" ); }
# expect_probe WANT DESCRIPTION -- HELPER ARGS...
expect_probe() {
    local want=$1 what=$2 got
    shift 3
    got=$(probe "$@")
    [ "$got" = "$want" ] && ok || fail "$what ($* recorded $got failures, expected $want)"
}

start -- default
wait_for "F1 help" 10 "the planner's first frame" || give_up

# A drawn screen.
expect_probe 0 "refute fails on a screen that lacks its text" -- refute "no such text" x
expect_probe 1 "refute passes on a screen that shows its text" -- refute "F1 help" x
expect_probe 0 "refute_re fails on a screen that lacks its match" -- refute_re "no +such" x
expect_probe 1 "refute_re passes on a screen that matches" -- refute_re "F1 +help" x
expect_probe 0 "wait_gone fails for text that is not there" -- wait_gone "no such text" 1
expect_probe 1 "wait_gone passes while the text stays" -- wait_gone "F1 help" 1
expect_probe 0 "capture fails on a drawn screen" -- capture

# A pane with nothing drawn in it, then no pane at all.
TM kill-session -t planner
TM new-session -d -s planner -x 80 -y 24 "sleep 600"
sleep 0.3
for state in "a blank pane" "no pane"; do
    expect_probe 1 "refute passes on $state" -- refute "anything" x
    expect_probe 1 "refute_re passes on $state" -- refute_re "any.*thing" x
    expect_probe 1 "wait_gone passes on $state" -- wait_gone "anything" 1
    expect_probe 1 "capture passes on $state" -- capture
    TM kill-session -t planner 2>/dev/null
done

# Goldens: compared without the variable, rewritten and failing with it.
printf 'new\n' >"$TMP/got"
printf 'old\n' >"$TMP/golden"
expect_probe 1 "golden_check passes on a differing golden" -- golden_check "$TMP/got" "$TMP/golden" g
(
    export GPUPLAN_UPDATE_GOLDEN=1
    failures=0 passes=0
    golden_check "$TMP/got" "$TMP/golden" g
    finish
) >/dev/null 2>"$TMP/err"
[ $? -ne 0 ] && ok || fail "a run that rewrote a golden passed"
expect_grep_file() { grep -qF -- "$2" "$1" && ok || fail "$3: no '$2'"; }
expect_grep_file "$TMP/err" "goldens rewritten; read them, then rerun without GPUPLAN_UPDATE_GOLDEN" \
    "the update run's message"
cmp -s "$TMP/got" "$TMP/golden" && ok || fail "the update run did not write the golden"
expect_probe 0 "golden_check fails on an equal golden" -- golden_check "$TMP/got" "$TMP/golden" g
finish
