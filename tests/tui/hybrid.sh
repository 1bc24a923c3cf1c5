#!/bin/bash
# hybrid.sh: the Hybrid panel on the article's logistics scenario. The
# hybrid totals on screen are the report's, they follow every change to
# onprem_nodes and to a workload (nudge, typed rate, run cycling with r and
# Space, :set, the priority, max_wait and cloud price cells the table
# scrolls to), undo brings them back, and `c` reaches the cost-against-nodes
# chart.
. "$(dirname "$0")/lib.sh"

FILE=$SCEN/logistics-hybrid.yaml

# money VALUE: the planner's rounding and thousands separators (110,233).
money() { printf '%.0f' "$1" | sed ':a;s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/;ta'; }
# report_total [--set K=V]...: results.hybrid.total_monthly of the report.
report_total() {
    "$GPUPLAN" report --format json "$@" "$FILE" |
        awk '/"results"/ { r = 1 } r && /"hybrid"/ { h = 1 }
             h && /"total_monthly"/ { sub(/,$/, "", $2); print $2; exit }'
}
# report_to_cloud NAME: the workload's to_cloud_pct in the report.
report_to_cloud() {
    "$GPUPLAN" report --format json "$FILE" |
        awk -v n="\"$1\"," '/"results"/ { r = 1 } r && $2 == n { w = 1 }
             w && /"to_cloud_pct"/ { sub(/,$/, "", $2); print $2; exit }'
}
# hybrid_total: the "total monthly" figure of the hybrid results box.
hybrid_total() { screen | grep -o 'total monthly  *[0-9,]*' | head -1 | awk '{ print $3 }'; }
# expect_total WANT WHAT: poll until the box shows WANT.
expect_total() {
    local i=0
    while [ "$(hybrid_total)" != "$1" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    if [ "$(hybrid_total)" = "$1" ]; then ok; else
        fail "$2: hybrid total is '$(hybrid_total)', expected $1"
    fi
}

T2=$(money "$(report_total)")
T1=$(money "$(report_total --set hybrid.onprem_nodes=1)")
TRATE=$(money "$(report_total --set 'hybrid.workloads[2].per_day=24')")
TRATE6=$(money "$(report_total --set 'hybrid.workloads[2].per_day=6')")
TRATE2=$(money "$(report_total --set 'hybrid.workloads[2].per_day=2')")
TCRON=$(money "$(report_total --set 'hybrid.workloads[2].schedule=0 */6 * * *')")
TRUN=$(money "$(report_total --set 'hybrid.workloads[2].run=cloud')")
TPRIO=$(money "$(report_total --set 'hybrid.workloads[2].priority=50')")
TWAIT=$(money "$(report_total --set 'hybrid.workloads[2].priority=50' \
    --set 'hybrid.workloads[2].max_wait_minutes=30')")
TALL3=$(money "$(report_total --set 'hybrid.workloads[2].priority=50' \
    --set 'hybrid.workloads[2].max_wait_minutes=30' --set 'hybrid.workloads[2].cloud_gpu_hour=3.5')")
for t in "$T2" "$T1" "$TRATE6" "$TRATE2" "$TRATE" "$TCRON" "$TRUN" "$TPRIO" "$TWAIT" "$TALL3"; do
    case $t in [0-9]*,[0-9][0-9][0-9]) ok ;; *) fail "report total '$t' is not money" ;; esac
done
# At list prices (the file's notes): 105,161, and all-AWS, 97,930, is the
# cheapest plan.
[ "$T2" = 105,161 ] && ok || fail "logistics-hybrid total is $T2, not 105,161 at list prices"
[ "$T1" != "$T2" ] && [ "$TRATE" != "$T2" ] && [ "$TRUN" != "$T2" ] &&
    [ "$TPRIO" != "$T2" ] && [ "$TWAIT" != "$TPRIO" ] && [ "$TALL3" != "$TWAIT" ] && ok ||
    fail "the changes tried here do not move the report's total"

start -- "$FILE"
wait_for " Hybrid" 10 "panel tabs" || give_up
# Alt-8, the first key after opening, while the plan may still be
# computing: the Hybrid panel, never an Esc and an 8 typed into a field.
keys M-8
wait_for "On-prem nodes               2 nodes" 5 "Alt-8 shows the Hybrid panel"
wait_for "a add  d delete  r run  m mode  F1 help" 2 "the panel's keys lead the hint line"
wait_for "Hybrid: 2 nodes, 66.3% used, 1 warning" 2 "hybrid results box"
expect_total "$T2" "on opening"
wait_for "optimum            97,930 (0 nodes)" 2 "optimum in the box"
# The workload table: a header, and whole words once there is room.
wait_for " name    arrivals   gpu hrs  run    mode" 2 "workload header at 80 columns"
wait_for " 30 * * * * 12  0.25 onprem od" 2 "a whole cron schedule at 80 columns"
TM resize-window -t planner -x 132 -y 43
wait_for " daily training  0 2 * * *  16  8    onprem on_demand (0) (90) (6.88)" 5 \
    "names and modes spelled out at 132 columns, with every workload key"
# ... with each workload's results beside it: share to the cloud, p95 wait.
wait_for "mode      pri wait price  cloud     p95" 2 "results columns at 132 columns"
PCT=$(printf '%.0f' "$(report_to_cloud experiments)")
screen | grep -q "^ experiments .*burst  spot .*  *$PCT%  " && ok ||
    fail "experiments' share to the cloud is not the report's $PCT%"
TM resize-window -t planner -x 80 -y 24
wait_re "^(.|↓|↑)experi… 12/day     4   2    burst  spot" 5 "back to 80 columns"

# Nudge onprem_nodes 2 -> 1: the box follows, and the report agrees.
keys Down
wait_for "hybrid.onprem_nodes:" 5 "help line of onprem_nodes"
keys -
expect_total "$T1" "after nudging onprem_nodes to 1"
wait_for "Hybrid: 1 node, 47.4% used, 3 warnings" 2 "one node, with the warnings counted"
wait_for "[+]" 2 "modified marker"
keys c c c
wait_for "Total monthly (USD) against on-prem nodes" 5 "c three times shows the nodes chart"
wait_for "O optimum 0: 97,930 USD" 2 "optimum named in the chart legend"
wait_for "P plan" 2 "the plan's point in the legend"
# z: the nodes chart full-screen, each size in its own column, and back.
keys z
wait_for "z/Esc back" 5 "z on the nodes chart"
screen | sed -n 3p | grep -qF "Total monthly (USD) against on-prem nodes" && ok ||
    fail "the nodes chart is not full-screen"
screen | grep -qE '^ +0 +1 +2 +3 +4 *$' && ok || fail "node counts 0..4 not each in a column"
keys z
wait_for "F1 help" 5 "z again: back to the panels"
keys u
expect_total "$T2" "undo of the nudge"
wait_gone "[+]" 2
keys +
wait_for "more than hardware.nodes" 5 "3 of 2 nodes refused with the rule"
expect_total "$T2" "a refused nudge changes nothing"

# The experiments row (third workload): type a new rate in its schedule
# column, one digit at a time.
keys Down Down Down Down Down Down Down
wait_for "hybrid.workloads[2]." 5 "experiments row selected"
keys Right
wait_for "hybrid.workloads[2].per_day:" 5 "schedule column selected (a rate here)"
chart0=$(screen | sed -n '14,22p')
keys 2
expect_total "$TRATE2" "while typing: experiments at 2 a day"
keys 4
expect_total "$TRATE" "while typing: experiments at 24 a day"
capture && { [ -n "$chart0" ] && [ "$(sed -n '14,22p' <<<"$SCREEN")" != "$chart0" ] && ok ||
    fail "the nodes chart did not follow the typed rate"; }
keys Enter
wait_for "24/day" 2 "the new rate in the row"
expect_total "$TRATE" "experiments at 24 a day, committed"
keys u
expect_total "$T2" "undo of the rate"

# The same column takes a cron schedule instead of a rate.
keys Enter C-u
type_text "0 */6 *"
wait_for "is not a cron schedule: expected 5 fields" 5 "a partial schedule says why"
wait_for "stale" 2 "results marked stale"
type_text " * *"
keys Enter
expect_total "$TCRON" "experiments every six hours"
wait_for "0 */6 * *" 2 "the schedule in the row"
keys u
expect_total "$T2" "undo of the schedule"

# A rate written as the cell shows it, "6/day", is a rate.
keys Enter C-u
type_text "6/day"
keys Enter
expect_total "$TRATE6" "experiments at 6/day"
keys u
expect_total "$T2" "undo of 6/day"

# r cycles the run rule burst -> onprem -> cloud; u twice restores burst.
keys r
wait_for "hybrid.workloads[2].run = onprem" 5 "r cycles to onprem"
keys r
wait_for "hybrid.workloads[2].run = cloud" 5 "r cycles to cloud"
expect_total "$TRUN" "experiments all in the cloud"
keys u u
expect_total "$T2" "two undos restore burst"

# Space cycles the choice under the cursor (the run cell), one undo step.
keys Right Right Right
wait_for "hybrid.workloads[2].run:" 5 "Right three more times: the run cell"
keys Space
wait_for "hybrid.workloads[2].run = onprem (u undoes)" 5 "Space cycles run"
keys u
expect_total "$T2" "undo of Space"
wait_for " experi… 12/day     4   2    burst" 2 "burst again after the undo"

# Every workload key has a cell: past cloud_mode the table scrolls (the
# name stays; '<' marks the columns out of view), and the optional keys
# show the value they take, in parentheses, until a workload sets them.
keys Right Right
wait_for "hybrid.workloads[2].priority:" 5 "Right past cloud_mode: the priority cell"
wait_for "<name      gpu hrs  run    mode pri wait>" 2 "the table scrolled, marked on its header"
wait_for " experime… 4   2    burst  spot (0) (90)" 2 "priority and max_wait at their defaults"
keys 5 0
expect_total "$TPRIO" "while typing: experiments at priority 50"
keys Enter
wait_for " experime… 4   2    burst  spot 50  (90)" 5 "the priority in its cell"
keys Right Enter
wait_for "hybrid.workloads[2].max_wait_minutes:" 5 "the max_wait cell"
keys C-u
type_text "30"
keys Enter
expect_total "$TWAIT" "experiments wait at most 30 minutes"
wait_for " experime… 4   2    burst  spot 50  30" 2 "max_wait in its cell"
# An empty value unsets it again: the plan's threshold, in parentheses.
keys Enter
wait_for "max_wait_minutes: empty unsets it" 5 "editing an optional key says how to unset it"
keys C-u Enter
expect_total "$TPRIO" "max_wait unset: the plan's threshold again"
wait_for " experime… 4   2    burst  spot 50  (90)" 2 "the unset max_wait in parentheses"
keys u
expect_total "$TWAIT" "undo of the unset"
keys Right
wait_for "hybrid.workloads[2].cloud_gpu_hour:" 5 "the cloud price cell"
wait_for "mode pri wait price " 2 "the price column scrolled into view"
wait_for " daily trai… onprem od   (0) (90) (6.88)" 2 "an unset price shows its mode's price"
keys Enter C-u
type_text "3.5"
keys Enter
expect_total "$TALL3" "experiments' cloud price 3.5"
keys u u u
expect_total "$T2" "three undos take back priority, max_wait and price"
keys Left Left Left Left Left Left Left Left
wait_for "hybrid.workloads[2].name:" 5 "Left back to the name cell"

# :set takes hybrid keys, and refuses a bad one with the reason.
type_text ":set hybrid.onprem_nodes=1"
keys Enter
wait_for "hybrid.onprem_nodes = 1" 5 ":set message"
expect_total "$T1" ":set hybrid.onprem_nodes=1"
type_text ":set hybrid.workloads[0].schedule=0 25 * * *"
keys Enter
wait_for "is not a cron schedule" 5 ":set refuses a bad cron hour"
expect_total "$T1" "a refused :set changes nothing"

# a adds a copy of the selected workload, d deletes it after asking.
keys u
expect_total "$T2" "undo of :set"
keys : ; type_text "set hybrid.workloads[3].name=evals"; keys Enter
wait_for "hybrid.workloads[3].name = evals; still on hybrid.workloads[2].name" \
    5 ":set a workload name, the selection staying where it was"
keys : ; type_text "goto hybrid.workloads[3].name"; keys Enter
wait_for "hybrid.workloads[3].name:" 5 ":goto the renamed workload"
keys a
wait_for "workload 5 added (a copy of 'evals')" 5 "a adds a copy of the selected workload"
[ "$(screen | grep -cE '^(.|↓|↑)evals  ')" = 2 ] && ok || fail "no second evals row"
t=$(hybrid_total)
[ -n "$t" ] && [ "$t" != "$T2" ] && ok || fail "a second evals stream does not change the total ('$t')"
keys d
wait_for "delete workload 'evals'? (y)es / (n)o" 5 "d asks first"
keys n
wait_for "hybrid.workloads[4].name:" 5 "n keeps the workload (its name cell, as :goto chose)"
keys d
wait_for "delete workload 'evals'?" 5 "d asks again"
keys y
wait_for "workload 'evals' deleted (u undoes)" 5 "y deletes"
[ "$(screen | grep -c '^ evals  ')" = 1 ] && ok || fail "the copy is still shown"
expect_total "$T2" "after add and delete"
# Undoing added rows keeps the selection on a row that exists.
keys a a
wait_for "workload 6 added" 5 "two copies added"
keys u u
wait_for "undone" 5
keys r
wait_for "hybrid.workloads[3].run = burst" 5 "r acts on the last row after the undos"
keys u
expect_total "$T2" "undo of r on the last row"

# :goto a workload's cell, and Tab completes the hybrid keys.
keys Escape
type_text ":goto hybrid.workloads[1].hours"
keys Enter
wait_for "hybrid.workloads[1].hours:" 5 ":goto selects a workload's cell"
type_text ":goto hybrid.workloads[7].hours"
keys Enter
wait_for "hybrid.workloads[7].hours: there is no workload 7" 5 ":goto past the last workload"
type_text ":set hybrid.onp"
keys Tab
wait_for ":set hybrid.onprem_nodes=" 5 "Tab completes a hybrid key"
type_text "1"
keys Enter
expect_total "$T1" ":set after Tab completion"

# The cost chart is not computed again for a change of the plan alone,
# and is for a change of the main view's fields: c to the cost chart,
# a change of the plan, then of the utilization.
for _ in 1 2 3 4 5 6; do
    screen | grep -qF "u=45%" && break
    keys c
    sleep 0.3
done
wait_for "u=45%" 5 "c cycles to the cost chart"
type_text ":set hybrid.onprem_nodes=2"
keys Enter
wait_for "hybrid.onprem_nodes = 2" 5 "a change of the plan with the cost chart shown"
wait_for "u=45%" 5 "the cost chart after changes of the plan"
type_text ":set utilization.measured_pct=61"
keys Enter
wait_for "u=61%" 5 "the cost chart follows the main view after changes of the plan"
type_text ":set utilization.measured_pct=45"
keys Enter
wait_for "u=45%" 5 "and back"

# :e takes a shipped scenario's name, as the command line does.
type_text ":e! diagflow"
keys Enter
wait_for "diagflow.yaml" 5 ":e! opens a shipped scenario by name"

type_text ":q!"
keys Enter
wait_for "EXIT=0" 10 "quit without saving exits 0"

# TERM=vt100 inside tmux: its terminfo lacks Shift-Tab and F5..F10, which
# tmux still sends the xterm way; they are decoded, or dropped, never typed.
start TERM=vt100 -- "$FILE"
wait_for " Hybrid" 10 "vt100 start" || give_up
keys BTab BTab
wait_for "On-prem nodes" 5 "Shift-Tab under vt100"
keys F5 Down
wait_gone "stale" 2
wait_for "hybrid.onprem_nodes:" 5 "F5 is dropped, not typed as '15~'"
keys F10
wait_for "EXIT=0" 10 "F10 quits under vt100"
finish
