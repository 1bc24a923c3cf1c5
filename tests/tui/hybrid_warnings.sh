#!/bin/bash
# hybrid_warnings.sh: the Hybrid panel shows every warning's whole text,
# not only their count, at 80x24 and at 80x22 (DESIGN 6, 8): on the
# logistics scenario with one on-prem node there are three; Down past the
# last workload reaches each one, wrapped in the panel, and the help line
# says which it is. The texts are the report's. An overloaded plan's
# unserved work has a row in the box and a warning.
. "$(dirname "$0")/lib.sh"

cp "$SCEN/logistics-hybrid.yaml" "$TMP/work/logistics.yaml"
FILE=$TMP/work/logistics.yaml
# The report's warnings at one node, one a line.
"$GPUPLAN" report --format json --set hybrid.onprem_nodes=1 "$FILE" |
    sed -n 's/^[[:space:]]*"warnings":[[:space:]]*\["\(.*\)"\],$/\1/p' |
    awk -F'", "' '{ for (i = 1; i <= NF; i++) print $i }' >"$TMP/warnings"
N=$(wc -l <"$TMP/warnings")
# The report's hybrid total at one node, as the box shows money.
T1=$("$GPUPLAN" report --format json --set hybrid.onprem_nodes=1 "$FILE" |
    awk '/"results"/ { r = 1 } r && /"hybrid"/ { h = 1 }
         h && /"total_monthly"/ { sub(/,$/, "", $2); printf "%.0f\n", $2; exit }' |
    sed ':a;s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/;ta')
[ "$N" = 3 ] && ok || fail "the report gives $N warnings at one node, not 3"

# step KEY TEXT: press KEY (Up or Down) until the screen shows TEXT, at
# most 30 times (how many rows the panel has is not this test's business).
step() {
    local i=0
    while [ $i -lt 30 ]; do
        if screen | grep -qF -- "$2"; then ok; return 0; fi
        keys "$1"
        sleep 0.1
        i=$((i + 1))
    done
    wait_for "$2" 2 "$1 reaches '$2'"
}

# panel_text: the Hybrid panel's column (left of the results box) as one
# line, blanks squeezed: wrapped warnings read whole again.
panel_text() { screen | sed -n '3,$p' | sed -E 's/^(↑|↓|\^|v)/ /' | cut -c1-40 | tr -s ' \n' '  '; }

start -- "$FILE"
wait_for " Hybrid" 10 "panel tabs" || give_up
keys BTab BTab # Hybrid is before Risk, the last panel
wait_for "On-prem nodes               2 nodes" 5 "the Hybrid panel" || give_up
step Down "hybrid.onprem_nodes:"
keys -
wait_for "Hybrid: 1 node, 47.4% used, 3 warnings" 5 "three warnings counted in the box"

for size in 24 22; do
    TM resize-window -t planner -x 80 -y "$size"
    wait_for "hybrid.onprem_nodes:" 5 "80x$size: onprem_nodes still selected"
    # The box beside the panel keeps the plan's figures (at 80x22 in place
    # of the options table, which the verdict above sums up).
    wait_for "Hybrid: 1 node, 47.4% used, 3 warnings" 5 "80x$size: the plan's figures"
    screen | grep -qE "total monthly +$T1" && ok || fail "80x$size: the box's total is not $T1"
    # Past the four workloads: warning 1, then one Down a warning.
    step Down "hybrid.workloads[3]."
    for k in 1 2 3; do
        keys Down
        wait_for "warning $k of 3 of the hybrid plan" 5 "80x$size: warning $k selected"
        want=$(sed -n "${k}p" "$TMP/warnings")
        case "$(panel_text)" in
        *"! $want"*) ok ;;
        *) fail "80x$size: warning $k is not shown whole: '$want'" ;;
        esac
    done
    # Down stops at the last warning; Up goes back to the workloads.
    keys Down
    wait_for "warning 3 of 3" 2
    keys Up Up Up
    wait_for "hybrid.workloads[3]." 5 "80x$size: Up returns to the last workload"
    step Up "hybrid.onprem_nodes:"
done

# Back at two nodes there is one warning: the rows follow the figures.
TM resize-window -t planner -x 80 -y 24
wait_for "Hybrid: 1 node" 5 "80x24 again"
keys +
wait_for "Hybrid: 2 nodes, 66.3% used, 1 warning" 5 "one warning at two nodes"
step Down "warning 1 of 1 of the hybrid plan"
keys Down
wait_for "warning 1 of 1" 2 "no row after the last warning"

# Work left unserved at the end of the period (DESIGN 6.2): an overloaded
# on-prem queue. The warning says it at 80x24 and 80x22; at 132x43 the box
# also gives it a row of its own after the optimum (money and jobs, the
# report's).
sed '/^hybrid:/,$d' "$SCEN/logistics-hybrid.yaml" >"$TMP/work/over.yaml"
cat >>"$TMP/work/over.yaml" <<'YAML'
hybrid:
  days: 30
  onprem_nodes: 2
  workloads:
    - name: training
      per_day: 30
      gpus: 8
      hours: 4
      run: onprem
YAML
U=$("$GPUPLAN" report --format json "$TMP/work/over.yaml" |
    awk '/"unserved"/ { u = 1 } u && /"jobs"/ { sub(/,$/, "", $2); j = $2 }
         u && /"monthly"/ { sub(/,$/, "", $2); printf "%.0f %d\n", $2, j; exit }')
UM=$(echo "${U% *}" | sed ':a;s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/;ta')
UJ=${U#* }
[ "${UJ:-0}" -gt 0 ] && ok || fail "the overloaded plan leaves no job unserved: '$U'"
finish >/dev/null # the first session's counts are in; go on counting
start -- "$TMP/work/over.yaml"
wait_for " Hybrid" 10 "panel tabs (overloaded plan)" || give_up
keys BTab BTab
for size in 24 22; do
    TM resize-window -t planner -x 80 -y "$size"
    step Down "warning 1 of 2 of the hybrid plan"
    panel_text | grep -qF "! $UJ jobs are still queued on-prem" && ok ||
        fail "80x$size: the unserved warning is not shown"
    step Up "hybrid.days:"
done
TM resize-window -t planner -x 132 -y 43
wait_for " unserved  " 10 "132x43: the unserved row"
screen | grep -qE "unserved +$UM \($UJ jobs\)" && ok ||
    fail "132x43: the unserved row is not '$UM ($UJ jobs)'"
finish
