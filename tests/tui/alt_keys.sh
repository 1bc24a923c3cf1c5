#!/bin/bash
# alt_keys.sh: the first Alt+digit after opening a scenario whose figures
# are computed in the background switches the panel, whole: never an Esc
# and a digit typed into the first field (DESIGN 6 keys). Sent as soon as
# the screen is up, while the Monte Carlo, the hybrid plan or the
# 1,024-node fleet's plan is still being computed.
. "$(dirname "$0")/lib.sh"

# alt_first SCENARIO KEY PANEL_TEXT: open SCENARIO, send KEY (M-8, M-9)
# the moment the panel tabs show, and expect PANEL_TEXT with no field of
# the first panel being edited.
alt_first() {
    start -- "$1"
    wait_for " Risk" 10 "$1: panel tabs" || return
    keys "$2"
    wait_for "$3" 5 "$1: $2 shows its panel at once"
    refute "GPU model" "$1: $2 left the first panel"
    refute_re "GPU model +[^ ]*[0-9]$" "$1: $2's digit was typed into GPU model"
}

alt_first "$SCEN/logistics-hybrid.yaml" M-8 "On-prem nodes               2 nodes"
alt_first "$SCEN/diagflow-risk.yaml" M-9 "P(owning cheapest)"
alt_first "$SCEN/logistics-hybrid.yaml" M-9 "no uncertainty ranges in this scenario"
cp "$top_srcdir/tests/bench/fleet-1024.yaml" "$TMP/work/fleet.yaml"
alt_first "$TMP/work/fleet.yaml" M-8 "On-prem nodes           1,024 nodes"
# While the fleet's plan is computing after an edit: Alt-2 goes to the
# Facility panel, and the digit lands nowhere.
keys -
wait_for "computing" 5 "the fleet's plan recomputes after a nudge"
keys M-2
wait_for "Power, provisioned" 5 "M-2 during the computation shows Facility"
refute "GPU model" "M-2 during the computation was split"
finish
