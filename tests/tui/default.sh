#!/bin/bash
# default.sh: the default scenario's screen, live recompute while typing,
# Esc, :set and :goto, undo and redo, and quitting restores the terminal.
. "$(dirname "$0")/lib.sh"

start --
wait_re " Hardware +Facility " 10 "panel tabs" || give_up
wait_for "gpuplan" 2 "title line"
wait_for "5.66" 10 "on-prem per GPU-hour"
wait_for "7.67" 2 "on-demand per GPU-hour"
wait_for "3.90" 2 "spot per GPU-hour"
wait_for "on-demand 35.9%" 2 "on-demand crossover"
wait_for "Hardware" 2 "panel tabs"
wait_for "F1 help" 2 "hint line from the key table"

# Utilization panel (Tab x3), which opens on measured_pct (DESIGN 8); type
# 7, 0, 5 one at a time.
keys Tab Tab Tab
wait_for "Measured for" 5 "utilization panel"
wait_for "utilization.measured_pct:" 5 "help line of the selected field"
# wait_change OLD: the on-prem row differs from OLD within 10 s.
wait_change() {
    local i=0
    while [ "$(row_of On-prem)" = "$1" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    [ "$(row_of On-prem)" != "$1" ]
}
r0=$(row_of On-prem)
keys 6
wait_change "$r0" && ok || fail "on-prem figure did not follow the first digit (6%)"
r1=$(row_of On-prem)
keys 5
wait_change "$r1" && ok || fail "on-prem figure did not follow the second digit (65%)"
keys 0
wait_for "650 is above 100" 5 "out of range says why"
wait_for "stale" 2 "results marked stale"
wait_for "650" 2 "typed value shown"
keys BSpace
wait_gone "stale" 5
keys Escape
wait_for "5.66" 5 "Esc restores the results"
wait_gone "[+]" 2

# :set and :goto
type_text ":set utilization.measured_pct=80"
keys Enter
wait_for "utilization.measured_pct = 80" 5 ":set message"
wait_for "[+]" 2 "modified marker"
wait_gone "5.66" 5
type_text ":goto cloud.spot_gpu_hour"
keys Enter
wait_re "^(.|↓|↑)Spot +2\.96 " 5 ":goto shows the cloud panel"
wait_for "cloud.spot_gpu_hour:" 2 ":goto selects the field"
type_text ":frobnicate"
keys Enter
wait_for "unknown command 'frobnicate'" 5 "bad command message"
type_text ":set utilization.measured_pct=140"
keys Enter
wait_for "140 is above 100" 5 ":set out of range refused"

# undo and redo
keys u
wait_for "5.66" 5 "undo restores 50%"
wait_gone "[+]" 2
keys C-r
wait_gone "5.66" 5
wait_for "[+]" 2 "redo marks modified"
keys u
wait_for "5.66" 5

# nudges count as undo steps
keys : ; type_text "goto utilization.measured_pct"; keys Enter
wait_for "utilization.measured_pct:" 5
keys Right
wait_gone "5.66" 5
keys u
wait_for "5.66" 5 "undo a nudge"

# The built-in template's notes are marked as a template to replace; notes
# of one's own are not (DESIGN 4.2).
type_text ":goto notes"; keys Enter
wait_for "template" 5 "template notes marked on the Business panel"
screen | grep -q -- "template . replace" && ok || fail "marker reads 'template - replace'"
type_text ":set notes=Our own assumptions"; keys Enter
wait_gone "replace" 5
keys u
wait_for "replace" 5 "undo brings the template back, marked"

# quit (nothing unsaved) restores the terminal
keys q
wait_for "EXIT=0" 10 "quit exits 0"
screen | grep -q -- " icanon" && ok || fail "icanon not restored"
screen | grep -q -- " echo " && ok || fail "echo not restored"
finish
