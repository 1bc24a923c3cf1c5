#!/bin/bash
# risk.sh: risk in the planner (SPEC 2.8, 8): `c` cycles to the tornado
# chart, which follows a value being typed; `:seek KEY OPTION` finds the
# value, offers to apply it, applies it as one undo step, and says so when
# no value works.
. "$(dirname "$0")/lib.sh"

start NO_COLOR=1 -- diagflow-risk
wait_re " Hardware +Facility " 10 "panel tabs" || give_up
# cost curves -> breakdown -> cumulative spend -> tornado (no hybrid plan)
keys c c
wait_for "Cumulative spend (USD) over 48 months" 5 "c twice: cumulative spend"
keys c
wait_for "On-prem minus spot, USD a month, each input at its low and its high" 5 \
    "c reaches the tornado" || give_up
wait_for "spot_gpu_hour 2.4..3.8" 2 "the widest input first"
wait_for "now +4.7K" 2 "the base figure in the legend"
wait_re "\.\.\. [0-9]+ more inputs \(gpuplan risk lists all\)" 2 "rows that do not fit are counted"
# The tornado follows a value as it is typed (node price 2: owning is cheap).
keys Down Down Down
wait_for "hardware.node_price:" 5 "node price selected"
type_text "2"
wait_for "now -27K" 5 "the tornado follows the typed value"
keys Escape
wait_for "now +4.7K" 5 "Esc brings the figures back"
keys c
wait_gone "On-prem minus spot, USD" 5 "c leaves the tornado"

# :seek finds the node price, asks, applies it as one undo step.
type_text ":seek hardware.node_price spot"
keys Enter
wait_for "Apply hardware.node_price = 263471.5565? (y/n)" 5 ":seek asks to apply" || give_up
keys y
wait_for "hardware.node_price = 263471.556" 5 "the value is applied"
wait_for "Spot          61,732   3.78          +0" 5 "the two costs are equal"
keys u
wait_for "undone (0 more)" 5 "one undo step"
wait_for "On-prem       66,458" 5 "undo brings the old cost back"
# n leaves the scenario as it is
type_text ":seek cloud.spot_gpu_hour spot"
keys Enter
wait_for "Apply cloud.spot_gpu_hour = " 5 ":seek on the spot price"
keys n
wait_for "Spot          61,732" 5 "n changes nothing"
# no root: said with the sign at both ends
type_text ":seek hardware.residual_pct on_demand"
keys Enter
wait_for "On-prem stays cheaper than on-demand for every residual value from 0 to" 5 \
    ":seek says when no value works"
type_text ":seek name spot"
keys Enter
wait_for "seek: name is not a number field" 5 ":seek refuses a text field"
type_text ":seek hardware.nodes cloud"
keys Enter
wait_for "seek: expected KEY OPTION" 5 ":seek refuses an unknown option"

type_text ":q!"
keys Enter
wait_for "EXIT=0" 10 "quit"

# SPEC 7: a signal stops an export in the middle of its Monte Carlo (a
# million draws over a 20-year horizon: about a minute of work) at once.
sed 's/^  draws: 10000$/  draws: 1000000/' "$SCEN/diagflow-risk.yaml" >"$TMP/work/long.yaml"
printf 'horizon:\n  months: 240\n  ramp_months: 24\n  cloud_price_change_pct_year: -10\n' \
    >>"$TMP/work/long.yaml"
grep -q "draws: 1000000" "$TMP/work/long.yaml" && ok || fail "long.yaml lacks the draws"
start NO_COLOR=1 -- long.yaml
wait_for " Hardware   Facility " 10 "long.yaml opens" || give_up
type_text ":export json long.json"
keys Enter
sleep 1 # the Monte Carlo is under way
[ ! -e "$TMP/work/long.json" ] && ok || fail "the export finished within a second"
kill -TERM "$PID"
wait_for "EXIT=143" 3 "SIGTERM stops the export's Monte Carlo within seconds"
[ ! -e "$TMP/work/long.json" ] && ok || fail "a stopped export left long.json"
finish
