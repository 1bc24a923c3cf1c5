#!/bin/bash
# choices.sh: Space toggles a yes/no field and cycles a choice field (DESIGN
# 8), one undo step each, and the figures follow as the report computes
# them; Space on a number says what it does instead. The `:` line
# completes command names with Tab, and an unknown command names the
# commands near it.
. "$(dirname "$0")/lib.sh"

FILE=$SCEN/default.yaml
# reserved_row [--set K=V]...: the Reserved option's monthly cost as the
# planner shows it (whole currency units, thousands separated).
reserved_row() {
    "$GPUPLAN" report --format text "$@" "$FILE" |
        awk '$1 == "Reserved" && $2 ~ /^[0-9,.]+$/ { sub(/\.[0-9]*$/, "", $2); print $2; exit }'
}
R_OD=$(reserved_row --set cloud.reserved_coverage_pct=25)
R_SPOT=$(reserved_row --set cloud.reserved_coverage_pct=25 --set cloud.reserved_overflow=spot)
# shown_reserved: the monthly cost on the results' Reserved row (not the
# Cloud panel's Reserved price).
shown_reserved() { screen | grep -o 'Reserved  *[0-9]*,[0-9,]*' | head -1 | awk '{ print $2 }'; }
# expect_reserved WANT WHAT: poll until the Reserved row shows WANT.
expect_reserved() {
    local i=0
    while [ "$(shown_reserved)" != "$1" ] && [ $i -lt 50 ]; do
        sleep 0.1
        i=$((i + 1))
    done
    [ "$(shown_reserved)" = "$1" ] && ok || fail "$2: Reserved shows '$(shown_reserved)', expected $1"
}
case $R_OD in [0-9]*,[0-9][0-9][0-9]) ok ;; *) fail "report's reserved cost '$R_OD' is not money" ;; esac
[ "$R_OD" != "$R_SPOT" ] && ok || fail "the overflow does not change the reserved cost ($R_OD)"

start -- "$FILE"
wait_for " Hardware " 10 "planner started" || give_up
type_text ":set cloud.reserved_coverage_pct=25"
keys Enter
wait_for "cloud.reserved_coverage_pct = 25" 5 ":set the committed share"
expect_reserved "$R_OD" "reserved cost with on-demand overflow"
# Space on a number does not change it, and says what does.
keys Space
wait_for "Space toggles a yes/no field and cycles a choice" 5 "Space on a number explains"
type_text ":goto cloud.reserved_overflow"
keys Enter
wait_for "cloud.reserved_overflow:" 5 ":goto the overflow choice"
keys Space
wait_for "cloud.reserved_overflow = spot (u undoes)" 5 "Space cycles the choice"
expect_reserved "$R_SPOT" "reserved cost with spot overflow, as the report"
keys Space
wait_for "cloud.reserved_overflow = on_demand (u undoes)" 5 "Space cycles back to the first word"
expect_reserved "$R_OD" "on-demand overflow again"
keys u
expect_reserved "$R_SPOT" "u undoes one Space"
keys u
expect_reserved "$R_OD" "u undoes the other"
# A yes/no field toggles.
type_text ":goto constraints.compliance_forbids_cloud"
keys Enter
wait_for "constraints.compliance_forbids_cloud:" 5 ":goto a yes/no field"
keys Space
wait_for "constraints.compliance_forbids_cloud = yes (u undoes)" 5 "Space toggles yes/no"
keys u
wait_for "undone" 5 "u undoes the toggle"

# Tab completes command names; an unknown command says what is near it.
type_text ":mes"
keys Tab
wait_for ":messages" 5 "Tab completes a command name"
keys C-u
type_text "se"
keys Tab
wait_for "set seek" 5 "Tab lists the commands that start alike"
keys Escape
type_text ":sett hardware.nodes=8"
keys Enter
wait_for "unknown command 'sett': did you mean set?" 5 "a slip names the command near it"
type_text ":exp"
keys Enter
wait_for "unknown command 'exp': did you mean export?" 5 "a start names the command it begins"
keys q
wait_for "unsaved changes: (s)ave / (d)iscard / (c)ancel" 5 "q asks: the coverage is unsaved"
keys d
wait_for "EXIT=0" 10 "discard quits"
finish
