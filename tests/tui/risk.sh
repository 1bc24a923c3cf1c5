#!/bin/bash
# risk.sh: risk in the planner (DESIGN 2.8, 8): `c` cycles to the tornado
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
# Negative with the screen's minus sign: U+2212 in UTF-8, '-' in C (DESIGN 8).
if [ "$(locale charmap 2>/dev/null)" = UTF-8 ]; then minus=$'\xe2\x88\x92'; else minus=-; fi
wait_for "now ${minus}27K" 5 "the tornado follows the typed value"
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
wait_re "undone: Node price 263,471\.556[0-9]* (→|->) 310,000$" 5 "one undo step, said, its numbers grouped"
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
wait_for "On-prem stays cheaper than on-demand for every value of residual value from 0" 5 \
    ":seek says when no value works"
type_text ":seek name spot"
keys Enter
wait_for "seek: name is not a number field" 5 ":seek refuses a text field"
type_text ":seek nodez spot"
keys Enter
wait_for "seek: unknown key \`nodez\` (did you mean \`hardware.nodes\`?)" 5 \
    ":seek words an unknown key as :set does"
type_text ":seek hardware.nodes cloud"
keys Enter
wait_for "seek: expected KEY OPTION" 5 ":seek refuses an unknown option"

# The Risk panel (DESIGN 8, the last tab): the inputs as rows of cells, and
# the Monte Carlo of the scenario on screen, which ends equal to `gpuplan
# risk` (same file, same seed).
# mc_line FILE [--set K=V]: the CLI's P(owning cheapest), X and Delta lines
# as the panel words them.
mc_lines() {
    "$GPUPLAN" risk --format json "$@" | awk '
        /"monte_carlo"/ { mc = 1 }
        mc && /"p_onprem_cheapest"/ { gsub(/[^0-9.e-]/, "", $2); p = $2 }
        mc && /"delta":/ { sect = "d" }
        mc && /"crossover":/ { sect = "x" }
        mc && /"(cheapest_cloud|break_even)/ { sect = "o" }
        mc && /"p10"/ { gsub(/[^0-9.e-]/, "", $2); v[sect "10"] = $2 }
        mc && /"p90"/ { gsub(/[^0-9.e-]/, "", $2); v[sect "90"] = $2 }
        END { printf "P(owning cheapest) %.1f%%\n", 100 * p
              printf "X spot P10..P90 %.1f%%..%.1f%%\n", v["x10"], v["x90"] }'
}
keys BTab
wait_for "input             low     mode     high" 5 "Shift-Tab shows the Risk panel" || give_up
wait_re "^ Node price +290,000 +310,000 +345,000" 2 "an input's cells"
wait_for "a add  d delete  F1 help" 2 "the panel's keys lead the hint line"
mc_lines "$SCEN/diagflow-risk.yaml" >"$TMP/cli0"
while read -r line; do
    wait_for "$line" 10 "'$line' as gpuplan risk says"
done <"$TMP/cli0"
# At 80x22 the figures the panel is for lead the box.
TM resize-window -t planner -x 80 -y 22
wait_for "$(head -2 "$TMP/cli0" | tail -1)" 5 "the crossover's range at 80x22"
screen | grep -qF "$(head -1 "$TMP/cli0")" && ok || fail "P at 80x22"
# DESIGN 8: the options' titles and the cheapest option's row, which the
# verdict names, at every size; the other options' rows give way first.
for size in 80x22 80x23 80x24 132x43; do
    TM resize-window -t planner -x "${size%x*}" -y "${size#*x}"
    wait_re "Option +per month +GPU-h vs cheapest" 5 "the options' titles at $size"
    wait_re "Spot +61,732 +3\.78 +cheapest" 5 "the cheapest option's row at $size"
    wait_for "Spot is cheapest at 70%" 5 "the verdict at $size"
done
TM resize-window -t planner -x 80 -y 24
wait_for "draws, 0 rejected" 5 "the draws at 80x24"
# Typing a node price's low value: the probability follows each keystroke
# (the Monte Carlo of the value being typed) and ends at the CLI's figure.
keys Down Down Down Right
wait_msg "uncertainty.inputs[1].low of hardware.node_price: 0 to 1,000,000,000,000 USD" 5 \
    "the low cell selected, its range grouped (DESIGN 8)"
keys Enter
wait_re "^ Node price +290000 +310,000 +345,000" 5 "editing starts from the plain value"
keys Escape
p0=$(head -1 "$TMP/cli0")
type_text "6"
wait_gone "$p0" 10 || fail "P did not move while the value was typed"
type_text "5"
keys Enter
wait_re "^ Node price +65 +310,000 +345,000" 5 "low committed"
mc_lines "$SCEN/diagflow-risk.yaml" --set "uncertainty.inputs[1].low=65" >"$TMP/cli1"
[ "$(head -1 "$TMP/cli1")" != "$p0" ] && ok || fail "the CLI's P did not change either"
while read -r line; do
    wait_for "$line" 10 "'$line' after typing 65, as gpuplan risk --set says"
done <"$TMP/cli1"
refute "refining" "still refining when the CLI's figures show"
keys u
wait_re "^ Node price +290,000 " 5 "u undoes the edit in one step"
# A value outside the named field's range is refused with the rule.
keys Right Right
type_text "120"
keys Enter
wait_for "uncertainty.inputs[1].high: high 120 is not above low 290,000" 5 "the rule said"
keys Escape
# a adds the input that moves the decision most, d deletes after a question.
keys a
wait_re "input [0-9]+ added: [a-z_.]+ from" 5 "a adds an input"
keys d
wait_for "delete input " 5 "d asks first"
keys y
wait_re "input [a-z_.]+ deleted" 5 "y deletes it"
# :set and :goto reach the panel's cells.
type_text ":set uncertainty.draws=5"
keys Enter
wait_for "set: uncertainty.draws: 5 is below 100" 5 ":set says the draws' range"
type_text ":set uncertainty.inputs[0].mode=60"
keys Enter
wait_for "uncertainty.inputs[0].mode = 60" 5 ":set takes an input's mode"
wait_re "^ Utilization +56 +60 +86" 5 "the mode shows in its cell"
# Tab completes a list's key up to the item's number, then its keys.
type_text ":set uncertainty.in"
keys Tab
wait_re "^:set uncertainty\.inputs\[ *$" 5 "Tab stops at the index"
keys Tab
wait_for "type the item's number (from 0)" 5 "and says what comes next"
type_text "2].hi"
keys Tab
wait_re "^:set uncertainty\.inputs\[2\]\.high= *$" 5 "Tab completes the item's key"
keys Escape
# A million draws refine in stages, marked until the last is in.
type_text ":set uncertainty.draws=1000000"
keys Enter
wait_for "P(owning cheapest)" 5
wait_for "refining" 5 "figures of a first stage are marked"
keys u
wait_gone "refining" 10
# A value set outside its input's range is taken (DESIGN 2.8): the range
# stays as written and the figures follow; the input's help line says the
# range no longer holds the value.
type_text ":set utilization.measured_pct=30"
keys Enter
wait_for "utilization.measured_pct = 30" 5 ":set takes a value outside its range"
wait_re "^ Utilization +56 +60 +86" 5 "the range stays as written"
wait_for "draws, 0 rejected" 10 "the Monte Carlo runs on the range as written"

type_text ":q!"
keys Enter
wait_for "EXIT=0" 10 "quit"

# DESIGN 7: a signal stops an export in the middle of its Monte Carlo (a

# A low value typed above the mode is refused while typed: the last valid
# figures stay, marked stale (DESIGN 8), as the main results are; Esc brings
# back the current ones, unmarked.
start -- "$SCEN/diagflow-risk.yaml"
wait_re " Hardware +Facility " 10 "diagflow-risk opens again" || give_up
keys BTab
wait_for "draws, 0 rejected" 10 "the Risk panel's figures"
keys Down Down Right
wait_for "uncertainty.inputs[0].low of utilization.measured_pct" 5 "utilization's low cell"
type_text "9"
wait_re "P\\(owning cheapest\\) [0-9.]+% *$" 10 "P of the low value 9"
wait_for "draws, 0 rejected" 10 "every draw of the low value 9"
type_text "0"
wait_for "high 86 is not above low 90" 5 "90 above the high end is refused"
wait_re "P\\(owning cheapest\\) [0-9.]+% stale" 5 "the last valid P is marked stale"
wait_for "stale: the value typed is refused" 2 "the box says why the figures are stale"
refute "draws, 0 rejected" "stale figures still claim every draw"
keys Escape
wait_gone "stale" 5
wait_for "draws, 0 rejected" 10 "Esc: the current figures, unmarked"

# million draws over a 20-year horizon: about a minute of work) at once.
sed 's/^  draws: 10000$/  draws: 1000000/' "$SCEN/diagflow-risk.yaml" >"$TMP/work/long.yaml"
printf 'horizon:\n  months: 240\n  ramp_months: 24\n  cloud_price_change_pct_year: -10\n' \
    >>"$TMP/work/long.yaml"
grep -q "draws: 1000000" "$TMP/work/long.yaml" && ok || fail "long.yaml lacks the draws"
start NO_COLOR=1 -- long.yaml
wait_re " Hardware +Facility " 10 "long.yaml opens" || give_up
type_text ":export json long.json"
keys Enter
sleep 1 # the Monte Carlo is under way
[ ! -e "$TMP/work/long.json" ] && ok || fail "the export finished within a second"
kill -TERM "$PID"
wait_for "EXIT=143" 3 "SIGTERM stops the export's Monte Carlo within seconds"
[ ! -e "$TMP/work/long.json" ] && ok || fail "a stopped export left long.json"

# Issue 24 items 5 and 8 at 80x22, 80x23, 80x24 and 132x43, in a UTF-8
# locale and in C on a vt100; each size is a planner started at it, so no
# frame of another size can be caught.
have_utf8=1
[ "$(LC_ALL=C.UTF-8 locale charmap 2>/dev/null)" = UTF-8 ] || have_utf8=0
cp "$SCEN/diagflow-risk.yaml" "$SCEN/default.yaml" "$TMP/work/"
# open_risk SIZE LOCALE FILE: the planner on FILE at SIZE, on its Risk panel.
open_risk() {
    local envs
    if [ "$2" = C ]; then
        envs=(LANG=C LC_ALL=C TERM=vt100 NO_COLOR=1)
    else
        envs=(LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color NO_COLOR=1)
    fi
    START_SIZE=$1 start "${envs[@]}" -- "$3"
    wait_re " Hardware +Facility " 10 "$2 $1: $3 opens" || give_up
    keys BTab
}
quit_risk() {
    type_text ":q!"
    keys Enter
    wait_for "EXIT=0" 10 "quit at $1"
}
locales=C
[ "$have_utf8" = 1 ] && locales="C.UTF-8 C"
for loc in $locales; do
    for size in 80x22 80x23 80x24 132x43; do
        at="$loc $size"
        # Item 8: a digit on an input's field cell types its low value (the
        # field cell takes a key, which never starts with a digit).
        open_risk "$size" "$loc" diagflow-risk.yaml
        wait_re "^ input +low +mode +high" 5 "$at: the Risk panel" || give_up
        keys Down Down Down
        wait_for "uncertainty.inputs[1].key: hardware.node_price" 5 "$at: node price's field cell"
        type_text "2"
        wait_re "^(↓|v| )Node price +2 +310,000 +345,000" 5 "$at: the digit types the low value"
        wait_for "uncertainty.inputs[1].low of hardware.node_price" 5 "$at: the low cell is the one typed"
        refute_re "^(↓|v| )2 " "$at: the digit typed into the field cell"
        keys Escape
        wait_re "^(↓|v| )Node price +290,000 +310,000 +345,000" 5 "$at: Esc brings the low value back"
        quit_risk "$at"
        # Item 5: without uncertainty ranges the panel's sentences wrap at
        # whole words beside the results and never run into them; the
        # results' titles and the cheapest option's row show.
        open_risk "$size" "$loc" default.yaml
        wait_for "no uncertainty ranges in this scenario" 5 "$at: the default's Risk panel" || give_up
        if [ "${size%x*}" -ge 132 ]; then
            wait_re "^ a adds them, with the input that moves the decision most {2,}[^ ]" 5 \
                "$at: the second sentence whole, apart from the box"
        else
            wait_re "^ a adds them, with the input that moves {2,}[^ ]" 5 \
                "$at: the second sentence's first line, apart from the box"
            wait_re "^ the decision most {2,}[^ ]" 5 "$at: the second sentence wrapped whole"
        fi
        refute_re "moves t?adds" "$at: the panel's sentence runs into the box"
        wait_re "Option +per month +GPU-h vs cheapest" 2 "$at: the results' titles"
        wait_re "Spot +45,598 +3\.90 +cheapest" 2 "$at: the cheapest option's row"
        wait_for "Spot is cheapest at 50%" 2 "$at: the verdict"
        # Item 8: a adds the input the tornado ranks highest that is not an
        # int (a count or a term the plan fixes: GPUs per node, months). The
        # default scenario's tornado ranks GPUs per node first, then the spot
        # price (gpuplan risk --format csv default).
        keys a
        wait_msg "uncertainty section and input 0 added: cloud.spot_gpu_hour from 2.368 to 3.552" 5 \
            "$at: a adds the highest-ranked input that is not an int"
        wait_re "^ Spot +2\.368 +2\.96 +3\.552" 5 "$at: its row in the table"
        refute "gpus_per_node" "$at: a suggested a hardware count"
        refute "GPUs per node" "$at: a added a hardware count's row"
        quit_risk "$at"
    done
done
finish
