#!/bin/bash
# compare.sh: the planner's `:compare FILE` and `:diff` (DESIGN 11.5) at
# 80x22, 80x23, 80x24 and 132x43, in a UTF-8 and the C locale. B opens
# read-only beside A: side by side where the results have the columns
# (132), else one at a time with v switching, its first line saying which;
# the cost chart draws both; the figures follow an edit of A; a bad file
# changes nothing; B is never written; :compare off closes it. :diff lists
# the inputs changed since the file was opened and the results that moved.
. "$(dirname "$0")/lib.sh"

have_utf8=1
[ "$(LC_ALL=C.UTF-8 locale charmap 2>/dev/null)" = UTF-8 ] || have_utf8=0

cat "$SCEN/b200-2-nodes.yaml" >"$TMP/work/b.yaml"
sum=$(cksum <"$TMP/work/b.yaml")
printf 'name: broken\nhardware:\n  nodes: -3\n' >"$TMP/work/bad.yaml"

walk() { # SIZE LOCALE
    local size=$1 loc=$2 at="$1 $2" arrow='->'
    [ "$loc" = C ] || arrow='→'
    cat "$SCEN/h100-4-nodes.yaml" >"$TMP/work/a.yaml"
    START_SIZE=$size start NO_COLOR=1 LC_ALL="$loc" TERM=xterm-256color -- a.yaml
    wait_re " Hardware +Facility " 10 "planner at $at" || give_up
    keys v
    wait_msg "none is open" 5 "v without a comparison says so at $at"
    type_text ":compare b.yaml"
    keys Enter
    wait_msg "comparing with B, b.yaml (read-only)" 5 ":compare opens B at $at"
    wait_for "A B on-prem" 5 "the chart draws both at $at"
    if [ "${size%x*}" -ge 132 ]; then
        wait_for "B: b.yaml, read-only; * cheapest of both" 5 "B's line at $at"
        wait_re "Option +A monthly +GPU-h +B monthly +GPU-h" 5 "both columns at $at"
        wait_re "Spot +53,665\* +3\.83 +55,300 +7\.89" 5 "spot of both, A's marked, at $at"
        wait_re "X on-demand +above 35\.5% +above 28\.1%" 5 "crossovers of both at $at"
        keys v
        wait_msg "both scenarios are side by side" 5 "v with both shown at $at"
    else
        wait_for "A this scenario; v: B b.yaml" 5 "the one-column line at $at"
        wait_re "Spot +53,665 +3\.83 +cheapest" 5 "A's figures at $at"
        keys v
        wait_for "B b.yaml, read-only; v: A" 5 "v shows B at $at"
        wait_re "On-prem +54,829 +7\.82 +cheapest" 5 "B's figures at $at"
        wait_msg "B: On-prem is cheapest at 60%" 5 "B's verdict, labelled, at $at"
        keys v
        wait_for "A this scenario; v: B b.yaml" 5 "v shows A again at $at"
    fi
    # An edit of A is followed: spot dearer, B's on-prem is the cheapest.
    type_text ":set cloud.spot_gpu_hour=9"
    keys Enter
    if [ "${size%x*}" -ge 132 ]; then
        wait_re "On-prem +65,659 +[0-9.]+ +54,829\* +7\.82" 5 "the cheapest follows the edit at $at"
    else
        wait_for "Cheapest of both: B on-prem, 54,829" 5 "the cheapest follows the edit at $at"
    fi
    # A bad file: a message with its place, the comparison stays.
    type_text ":compare bad.yaml"
    keys Enter
    wait_msg "bad.yaml:3:" 5 "a bad file says where at $at"
    wait_for "A B on-prem" 5 "the comparison stays after a bad file at $at"
    # :diff: the input changed since opening and what moved.
    type_text ":diff"
    keys Enter
    wait_for "diff: since a.yaml was opened" 5 ":diff opens at $at"
    wait_msg "Spot: 2.96 USD/GPU-h $arrow 9 USD/GPU-h" 5 "the input, old $arrow new, at $at"
    wait_msg "Monthly cost, spot:" 5 "a result that moved at $at"
    keys Escape
    type_text ":compare off"
    keys Enter
    wait_msg "comparison closed" 5 ":compare off at $at"
    wait_gone "A B on-prem" 5
    keys u
    type_text ":diff"
    keys Enter
    wait_for "Nothing changed." 5 ":diff after undo at $at"
    keys Escape
    keys q
    wait_for "EXIT=0" 10 "quit at $at"
    [ "$(cksum <"$TMP/work/b.yaml")" = "$sum" ] && ok || fail "b.yaml was written at $at"
}

for size in 80x22 80x23 80x24 132x43; do
    [ "$have_utf8" = 1 ] && walk "$size" C.UTF-8
    walk "$size" C
done
finish
