#!/usr/bin/env bash
# check_sweep_cli.sh: what `gpuplan sweep` writes does not depend on how
# fast it is written (DESIGN 4.3, 9). A sweep evaluates again only the part
# of the figures an axis reaches, keeps a crossover whose lines did not
# move, keeps a column's text while its number repeats and writes numbers
# from their digits; each row must still be the row a fresh evaluation of
# that one combination gives, and the outputs stay byte for byte the golden
# files in tests/data/sweep (written before any of that was added).
# GPUPLAN_UPDATE_GOLDEN=1 rewrites them and fails the run (tests/golden.sh).
. "$top_srcdir/tests/lib.sh"
G=$GPUPLAN
dir=$top_srcdir/tests/data/sweep

# Goldens: on-prem, reserved with a spot overflow (so a step of spot's
# price moves reserved's line too), and a JSON sweep where every option is
# the cheapest somewhere and delta turns negative.
expect_status 0 "sweep csv, spot overflow" -- "$G" sweep \
    --vary hardware.nodes=1:2:1 --vary facility.pue=1.1:1.3:0.1 \
    --vary cloud.reserved_coverage_pct=0:100:50 --vary cloud.spot_gpu_hour=0.5:6:0.5 \
    --set cloud.reserved_overflow=spot default
golden_check "$TMP/out" "$dir/default-spot-overflow.csv" "sweep csv, spot overflow"
expect_status 0 "sweep json" -- "$G" sweep --format json \
    --vary utilization.measured_pct=40:90:25 --vary cloud.reserved_coverage_pct=0:100:50 \
    --vary cloud.spot_gpu_hour=0.5:4.5:1 cluster-64-at-85
golden_check "$TMP/out" "$dir/cluster-64-at-85.json" "sweep json"

# Every row against a sweep of that one combination: the first row of a
# sweep is a full evaluation with no text kept from a row before it. The
# axes take turns at the innermost place, so each part of the figures is
# the one updated in some run.
row_check() { # NAME SCENARIO AXIS...: AXIS is KEY=FROM:TO:STEP
    local name=$1 scen=$2
    shift 2
    local keys=() args=() a
    for a in "$@"; do
        keys+=("${a%%=*}")
        args+=(--vary "$a")
    done
    if ! "$G" sweep "${args[@]}" "$scen" >"$TMP/all" 2>"$TMP/err"; then
        fail "$name: exit $?: $(head -1 "$TMP/err")"
        return
    fi
    local n=0 bad=0 line one k i vals
    while IFS= read -r line; do
        IFS=, read -r -a vals <<<"${line%$'\r'}"
        one=()
        for ((i = 0; i < ${#keys[@]}; i++)); do
            one+=(--vary "${keys[i]}=${vals[i]}:${vals[i]}:1")
        done
        k=$("$G" sweep "${one[@]}" "$scen" | sed -n 2p)
        n=$((n + 1))
        if [ "$k" != "$line" ]; then
            bad=$((bad + 1))
            [ "$bad" -le 3 ] && echo "$name row $n: $line; alone: $k" >&2
        fi
    done < <(sed 1d "$TMP/all")
    [ "$n" -gt 1 ] && [ "$bad" -eq 0 ] && ok || fail "$name: $bad of $n rows differ from a fresh evaluation"
}
sed 's/^\( *reserved_overflow:\) on_demand/\1 spot/' "$top_srcdir/scenarios/default.yaml" \
    >"$TMP/spot-overflow.yaml"
grep -q "reserved_overflow: spot" "$TMP/spot-overflow.yaml" && ok || fail "no spot overflow to sweep"
row_check "spot price innermost" "$TMP/spot-overflow.yaml" hardware.nodes=1:2:1 \
    cloud.reserved_coverage_pct=0:100:50 facility.pue=1.1:1.3:0.2 cloud.spot_gpu_hour=0.5:4.5:1
row_check "facility innermost" cluster-64-at-85 cloud.spot_gpu_hour=0.5:4.5:2 \
    utilization.measured_pct=30:90:30 facility.power_price_kwh=0.05:0.25:0.1
row_check "coverage innermost" onprem-regret facility.pue=1.1:1.5:0.4 \
    cloud.on_demand_gpu_hour=1:7:3 cloud.reserved_coverage_pct=0:100:25
finish
