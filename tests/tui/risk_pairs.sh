#!/bin/bash
# risk_pairs.sh: the Risk panel's pairs of inputs drawn together (DESIGN
# 2.8, 8) as a user meets them: below the inputs, each pair's two inputs,
# the rank correlation asked and the one the Monte Carlo's draws have (as
# `gpuplan risk` gives it); a adds a pair, Enter types its rank
# correlation, d deletes it, each one undo step through the edit path; a
# rank correlation the other pairs cannot hold with is refused with the
# pair and the values it may take, and nothing is lost; an input a pair
# names is deleted after the pair. Every number of the
# panel is grouped as the other panels' are (290,000); editing starts from
# the plain value.
. "$(dirname "$0")/lib.sh"

cat "$SCEN/diagflow-risk.yaml" >"$TMP/work/pair.yaml"
printf '%s\n' "  correlations:" "    - input: cloud.spot_gpu_hour" \
    "      with: cloud.on_demand_gpu_hour" "      rho: 0.8" >>"$TMP/work/pair.yaml"
"$GPUPLAN" check "$TMP/work/pair.yaml" >/dev/null && ok || fail "pair.yaml does not check"

# drawn FILE: each pair's rank correlation in the draws, as gpuplan risk
# gives it, to the panel's three places.
drawn() {
    "$GPUPLAN" risk --format json "$1" |
        awk '/"rank_correlation_drawn"/ { gsub(/[^0-9.eE+-]/, "", $2); printf "%.3f\n", $2 }'
}
d0=$(drawn "$TMP/work/pair.yaml")
[ "$d0" = 0.786 ] && ok || fail "gpuplan risk draws the pair at $d0, not 0.786 (DESIGN 2.8)"

# At every size, in both locales: the pair's row below the inputs, the
# numbers grouped, and the cheapest option's row and the verdict (DESIGN 8).
for loc in C.UTF-8 C; do
    for size in 80x22 80x23 80x24 132x43; do
        term=xterm
        [ "$loc" = C ] && term=vt100
        START_SIZE=$size start NO_COLOR=1 "TERM=$term" "LANG=$loc" "LC_ALL=$loc" -- pair.yaml
        wait_re " Hardware +Facility " 10 "$loc $size: pair.yaml opens" || give_up
        keys BTab
        wait_re "^ input +low +mode +high" 5 "$loc $size: the Risk panel" || give_up
        wait_re "Node price +290,000 +310,000 +345,000" 5 \
            "$loc $size: an input's values grouped as on Hardware"
        wait_re "^ Draws +10,000 draws" 2 "$loc $size: the draws grouped"
        # A digit on an input's field cell types its low value.
        keys Down Down Down
        wait_msg "uncertainty.inputs[1].key: hardware.node_price" 5 \
            "$loc $size: node price's field cell"
        type_text "2"
        wait_re "Node price +2 +310,000 +345,000" 5 "$loc $size: the digit types the low value"
        keys Escape
        wait_re "Node price +290,000 +310,000" 5 "$loc $size: Esc"
        # Down to the pair: 5 more inputs, the heading.
        keys Down Down Down Down Down Down Down
        wait_re "^ pair +with +rho +drawn" 5 "$loc $size: the pairs' heading"
        wait_re "^ Spot +On-demand +0\.8 +$d0" 10 \
            "$loc $size: the pair, its rank correlation and the one drawn"
        wait_msg "uncertainty.correlations[0].with: cloud.on_demand_gpu_hour" 5 \
            "$loc $size: the pair's cell under the low value selected"
        wait_re "Option +per month +GPU-h vs cheapest" 2 "$loc $size: the options' titles"
        wait_re "Spot +61,732 +3\.78 +cheapest" 2 "$loc $size: the cheapest option's row"
        wait_for "Spot is cheapest at 70%" 2 "$loc $size: the verdict"
        refute_re "[0-9]{6}" "$loc $size: a number of six digits or more without grouping"
        type_text ":q!"
        keys Enter
        wait_for "EXIT=0" 10 "$loc $size: quit"
    done
done

# Adding, typing, refusing, deleting, undoing: on diagflow-risk, no pair yet.
cat "$SCEN/diagflow-risk.yaml" >"$TMP/work/risk.yaml"
start NO_COLOR=1 -- risk.yaml
wait_re " Hardware +Facility " 10 "risk.yaml opens" || give_up
keys BTab
wait_re "^ input +low +mode +high" 5 "the Risk panel" || give_up
keys Down Down Down Down Down Down Down Down Down
wait_for "inputs drawn together: none (a adds)" 5 "the pairs' heading without a pair"
wait_msg "uncertainty.correlations: no inputs are drawn together yet; a adds a pair" 5 \
    "the heading's help"
keys Enter
wait_msg "the pairs' heading has no value: a adds a pair" 5 "Enter on the heading says why not"
keys a
wait_msg "pair 0 added: utilization.measured_pct and hardware.node_price, rank correlation 0" 5 \
    "a adds the first two inputs not paired, at 0"
wait_re "^ Utilization +Node price +0 +indep\. " 10 "a pair at 0 is drawn independently"
keys Enter
wait_for "Enter commit  Esc cancel" 5 "Enter edits the rank correlation" || give_up
keys C-u
type_text "0.9"
keys Enter
wait_re "^ Utilization +Node price +0\.9 +0\.8[0-9]{2} " 10 "0.9 taken, and drawn"
keys a
wait_msg "pair 1 added: utilization.measured_pct and cloud.spot_gpu_hour" 5 "a adds the next pair"
keys Enter C-u
type_text "0.9"
keys Enter
# Utilization-Node price 0.9 and Utilization-Spot x leave Node price-Spot at
# 0: the matrix's determinant is 1 - 0.81 - x^2, so |x| <= sqrt(0.19) = 0.4359.
wait_msg "uncertainty.correlations[1].rho: the rank correlation 0.9 of utilization.measured_pct and cloud.spot_gpu_hour cannot hold with the other pairs" \
    5 "a rank correlation the others cannot hold with is refused, the pair named"
# The refusal's numbers as the screen writes them: U+2212 in UTF-8 (DESIGN 8).
if [ "$(locale charmap 2>/dev/null)" = UTF-8 ]; then minus=$'\xe2\x88\x92'; else minus=-; fi
wait_msg "with the others as written it may be ${minus}0.43 to 0.43" 2 "and the values it may take"
wait_for "Enter commit  Esc cancel" 2 "the refused value stays in the editor"
wait_for "stale" 2 "the figures of the refused value are marked stale"
keys Escape
wait_gone "stale" 5
wait_re "^ Utilization +Spot +0 +" 5 "Esc keeps the pair as it was"
keys Enter C-u
type_text "0.4"
keys Enter
wait_re "^ Utilization +Spot +0\.4 +" 5 "0.4 holds with the other pair"
type_text ":w"
keys Enter
wait_for "saved" 5 ":w saves the pairs"
drawn "$TMP/work/risk.yaml" >"$TMP/drawn"
[ "$(wc -l <"$TMP/drawn")" -eq 2 ] && ok || fail "the saved file lacks its two pairs"
wait_re "^ Utilization +Node price +0\.9 +$(sed -n 1p "$TMP/drawn") " 10 \
    "pair 0's rank correlation drawn, as gpuplan risk gives it"
wait_re "^ Utilization +Spot +0\.4 +$(sed -n 2p "$TMP/drawn") " 10 \
    "pair 1's rank correlation drawn, as gpuplan risk gives it"
keys Left Right # the help line again, in place of the message
wait_msg "uncertainty.correlations[1].rho of utilization.measured_pct and cloud.spot_gpu_hour: 0.4, -1 to 1; $(sed -n 2p "$TMP/drawn") in the draws" \
    5 "the help line gives both"
# From an input's high cell, Down onto a pair selects its rank correlation:
# Enter edits it in its own cell, the one drawn stays beside it.
keys Up Up Up Right
wait_msg "uncertainty.inputs[6].high of staffing.engineers" 5 "Engineers' high cell"
keys Down Down Down Enter
wait_re "^ Utilization +Spot +0\.4 +$(sed -n 2p "$TMP/drawn") " 5 \
    "the rank correlation edited in its cell, the one drawn beside it"
keys Escape
wait_gone "Enter commit" 5
# A digit on an input's cell types the rank correlation.
keys Left Left
wait_msg "uncertainty.correlations[1].input: utilization.measured_pct; Enter types" 5 \
    "Left reaches the pair's input"
type_text "1"
wait_for "Enter commit  Esc cancel" 5 "a digit edits"
refute_re "^ 1 " "the digit typed into the input's cell"
keys Escape
keys d
wait_for "delete pair utilization.measured_pct and cloud.spot_gpu_hour? (y)es / (n)o" 5 \
    "d asks before deleting a pair"
keys y
wait_for "pair utilization.measured_pct and cloud.spot_gpu_hour deleted (u undoes)" 5 "y deletes it"
wait_gone "Utilization  Spot" 5
keys u Down
wait_re "^ Utilization +Spot +0\.4 +" 5 "u brings the pair back"
keys u
wait_msg "undone: pair utilization.measured_pct and cloud.spot_gpu_hour Rank corr. 0.4" 5 \
    "undo names the pair by both inputs"
# The input's values are grouped; editing starts from the plain value.
keys Up Up Up Up Up Up Up Up Left Left Left Right
wait_msg "uncertainty.inputs[1].low of hardware.node_price: 0 to 1,000,000,000,000 USD" 5 \
    "the low cell's help, grouped"
keys Enter
wait_re "Node price +290000 +310,000 +345,000" 5 "editing starts from the plain value"
keys Escape
wait_re "Node price +290,000 +310,000 +345,000" 5 "Esc shows it grouped again"
# A value the range no longer holds: the help line's note is grouped too.
type_text ":set hardware.node_price=400000"
keys Enter
wait_for "hardware.node_price = 400000" 5 ":set takes a value outside the range"
keys Left Right # the help line again, in place of the message
wait_msg "the range of hardware.node_price, 290,000 to 345,000, no longer holds its value, 400,000" \
    5 "the note of a range that no longer holds the value, grouped"
# An input a pair names is deleted after the pair, never leaving the pair
# naming nothing.
keys d
wait_msg "input hardware.node_price is in pair 0 (utilization.measured_pct and hardware.node_price): d on that pair deletes it first" \
    5 "d on an input a pair names says which pair"
refute "delete input" "d asked to delete an input a pair names"
type_text ":q!"
keys Enter
wait_for "EXIT=0" 10 "quit"
finish
