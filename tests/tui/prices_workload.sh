#!/bin/bash
# prices_workload.sh: the price book picker on a Hybrid workload's
# cloud_gpu_hour cell (DESIGN 5, 6): p opens it for that workload, Enter
# sets the workload's price per GPU-hour from the chosen row where the
# workload runs in the cloud (spot for a spot workload, on-demand for the
# others) as one undo step, and the totals are the report's for that
# value; a row without that price changes nothing and says so.
. "$(dirname "$0")/lib.sh"

cp "$SCEN/logistics-hybrid.yaml" "$TMP/work/logistics.yaml"
FILE=$TMP/work/logistics.yaml

money() { printf '%.0f' "$1" | sed ':a;s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/;ta'; }
report_total() {
    "$GPUPLAN" report --format json "$@" "$FILE" |
        awk '/"results"/ { r = 1 } r && /"hybrid"/ { h = 1 }
             h && /"total_monthly"/ { sub(/,$/, "", $2); print $2; exit }'
}
hybrid_total() { screen | grep -o 'total monthly  *[0-9,]*' | head -1 | awk '{ print $3 }'; }
expect_total() {
    local i=0
    while [ "$(hybrid_total)" != "$1" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    if [ "$(hybrid_total)" = "$1" ]; then ok; else
        fail "$2: hybrid total is '$(hybrid_total)', expected $1"
    fi
}
# selected: the picker row shown in reverse video (monochrome run).
selected() {
    TM capture-pane -p -e -t planner | grep -F -- $'\e[7m' | grep -F "xlarge" |
        sed 's/\x1b\[[0-9;]*m//g' | head -1
}
# pick INSTANCE REGION: move the picker's selection down to that row.
pick() {
    local i=0
    while [ $i -lt 40 ]; do
        case "$(selected)" in *"$1 "*"$2 "*) ok; return 0 ;; esac
        keys Down
        sleep 0.1
        i=$((i + 1))
    done
    fail "the picker has no row $1 $2"
}

# The price book's per-GPU-hour spot and on-demand prices of two rows.
# (gpuplan prices: a paragraph per instance, "NAME: ..." then its regions'
# rows, the last column the spot price per GPU-hour)
SPOT=$("$GPUPLAN" prices | awk '/^[^ ]/ { inst = $1 }
    inst == "p5en.48xlarge:" && $1 == "us-east-1" { print $NF }')
[ "$SPOT" = 3.4 ] && ok || fail "p5en.48xlarge us-east-1 spot per GPU-hour is '$SPOT', not 3.4"
T0=$(money "$(report_total)")
TSPOT=$(money "$(report_total --set 'hybrid.workloads[3].cloud_gpu_hour=3.4')")
TOD=$(money "$(report_total --set 'hybrid.workloads[0].cloud_gpu_hour=2.7447')")
[ "$TSPOT" != "$T0" ] && ok || fail "evals at 3.4 a GPU-hour gives the same total"

start NO_COLOR=1 -- "$FILE"
wait_for " Hybrid" 10 "panel tabs" || give_up
keys BTab BTab # Hybrid is before Risk, the last panel
wait_for "On-prem nodes               2 nodes" 5 "the Hybrid panel" || give_up
expect_total "$T0" "on opening"

# evals (a spot workload): p on its price cell.
type_text ":goto hybrid.workloads[3].cloud_gpu_hour"
keys Enter
wait_for "hybrid.workloads[3].cloud_gpu_hour:" 5 "evals' price cell selected"
keys p
wait_for "Enter sets evals's cloud_gpu_hour" 5 "the picker opens for evals"
pick p5en.48xlarge us-east-1
keys Enter
wait_for "evals: cloud_gpu_hour = 3.40 per GPU-h, p5en.48xlarge us-east-1 spot" 5 \
    "the spot price per GPU-hour is set, and said"
expect_total "$TSPOT" "evals at the p5en spot price"
wait_for " Hybrid" 2 "still on the Hybrid panel"
screen | grep -qE "^(.|↓|↑)evals .* 3\.4 " && ok || fail "evals' price cell does not show 3.4"
keys u
wait_re "undone: workload 'evals' Cloud price 3\.4 (→|->) 2\.04$" 5 "one undo step, said"
expect_total "$T0" "undo of the pick"

# A row without a spot price: nothing changes, and the message says why.
keys p
wait_for "Enter sets evals's cloud_gpu_hour" 5 "the picker again"
pick p4d.24xlarge us-east-1
keys Enter
wait_for "p4d.24xlarge us-east-1 has no spot price in the book" 5 "no spot price: said"
expect_total "$T0" "a row without the price changes nothing"
refute "[+]" "the scenario is marked modified"

# daily training runs on-prem (on-demand when it cannot): the on-demand price.
type_text ":goto hybrid.workloads[0].cloud_gpu_hour"
keys Enter
wait_for "hybrid.workloads[0].cloud_gpu_hour:" 5 "daily training's price cell"
keys p
wait_for "Enter sets daily training's cloud_gpu_hour" 5 "the picker for daily training"
pick p4d.24xlarge us-east-1
keys Enter
wait_for "daily training: cloud_gpu_hour = 2.74 per GPU-h, p4d.24xlarge us-east-1" 5 \
    "the on-demand price is set"
screen | tr -s ' \n' '  ' | grep -q "us-east-1 on-demand (2026-01-31)" && ok ||
    fail "the message does not say the on-demand price was taken"
expect_total "$TOD" "daily training at the p4d on-demand price"

# Elsewhere p still fills the Cloud panel.
keys Up
wait_for "hybrid." 2
keys Escape
type_text ":goto cloud.spot_gpu_hour"
keys Enter
keys p
wait_for "price book" 5 "the picker from the Cloud panel"
refute "Enter sets" "the Cloud panel's picker names a workload"
keys Escape
finish
