#!/bin/bash
# hybrid_fleet.sh: the planner never waits on the simulation (DESIGN 6, 9).
# On the 1,024-node busy bench fleet over 90 days, whose hybrid plan takes
# a few seconds (the optimizer simulates some 440 of its sizes, DESIGN
# 6.6), each digit typed into the Hybrid panel is on the screen at once,
# while the box says `computing… N%`; the plan's own figures come first,
# the optimizer's after, and both are the report's for the same value;
# stale work is dropped (undo right after a commit ends on the undone
# figures); an export made while the
# plan computes waits for complete figures; nothing runs while idle; and
# SIGTERM in the middle of a computation still keeps the edits.
. "$(dirname "$0")/lib.sh"

sed 's/^  days: 30$/  days: 90/' "$top_srcdir/tests/bench/fleet-1024-busy.yaml" \
    >"$TMP/work/fleet.yaml"
FILE=$TMP/work/fleet.yaml
grep -q '^  days: 90$' "$FILE" && ok || fail "the fleet's copy does not simulate 90 days"

# money VALUE: the planner's rounding and thousands separators.
money() { printf '%.0f' "$1" | sed ':a;s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/;ta'; }
# json_total FILE: results.hybrid.total_monthly of a JSON report.
json_total() {
    awk '/"results"/ { r = 1 } r && /"hybrid"/ { h = 1 }
         h && /"total_monthly"/ { sub(/,$/, "", $2); print $2; exit }' "$1"
}
# json_optimum FILE: results.hybrid.optimum.total_monthly.
json_optimum() {
    awk '/"results"/ { r = 1 } r && /"hybrid"/ { h = 1 } h && /"optimum"/ { o = 1 }
         o && /"total_monthly"/ { sub(/,$/, "", $2); print $2; exit }' "$1"
}
report_total() {
    "$GPUPLAN" report --format json "$@" "$FILE" >"$TMP/r.json" &&
        json_total "$TMP/r.json"
}
hybrid_total() { screen | grep -o 'total monthly  *[0-9,]*' | head -1 | awk '{ print $3 }'; }
hybrid_optimum() { screen | grep -o 'optimum  *[0-9,]*' | head -1 | awk '{ print $2 }'; }
now_ms() { date +%s%3N; }

T1024=$(money "$(report_total)")
T900=$(money "$(report_total --set hybrid.onprem_nodes=900)")
O900=$(money "$(json_optimum "$TMP/r.json")")
[ -n "$T900" ] && [ "$T900" != "$T1024" ] && ok ||
    fail "900 and 1,024 nodes give the same report total ($T900)"

start -- "$FILE"
wait_for " Hybrid" 20 "panel tabs" || give_up
keys BTab BTab # Hybrid is before Risk, the last panel
wait_for "On-prem nodes           1,024 nodes" 10 "the Hybrid panel" || give_up
wait_for "total monthly  $T1024" 60 "the opening figures are the report's" || give_up
wait_gone "computing" 60

# Type 9, 0, 0 into onprem_nodes: each digit must be on the screen while
# the plan of the value before is still computing (the screen that shows
# the digit also says `computing…`), which is what shows that typing does
# not wait for the plan. The budget itself (16 ms) is measured by `make
# bench`; ECHO_MS only catches a stall, with room for a test machine
# running other tests beside this one and the tmux round trip (300 ms was
# seen to be exceeded at a load average of 4 on 2 cores).
ECHO_MS=1000
keys Down
wait_for "hybrid.onprem_nodes:" 5 "onprem_nodes selected"
typed=""
for d in 9 0 0; do
    typed=$typed$d
    t0=$(now_ms)
    type_text "$d"
    shown=""
    while [ $(($(now_ms) - t0)) -lt 5000 ]; do
        s=$(screen)
        if printf '%s\n' "$s" | grep -qE "^ On-prem nodes +$typed +nodes"; then
            shown=$s
            break
        fi
    done
    took=$(($(now_ms) - t0))
    if [ -z "$shown" ]; then
        fail "'$typed' never shown while typing"
        continue
    fi
    [ "$took" -le "$ECHO_MS" ] && ok ||
        fail "'$typed' took $took ms to appear (bound $ECHO_MS ms)"
    printf '%s\n' "$shown" | grep -q "computing… [0-9]*%" && ok ||
        fail "the screen showing '$typed' does not say the plan is computing"
done
# The plan's own figures for 900 nodes come first, the report's, while the
# optimizer still computes.
wait_for "Hybrid: 900 " 30 "the plan's own figures for 900 nodes"
s=$(screen)
printf '%s\n' "$s" | grep -q "optimum  *computing… [0-9]*%" && ok ||
    fail "the plan's figures came after the optimizer's (no computing line)"
[ "$(printf '%s\n' "$s" | grep -o 'total monthly  *[0-9,]*' | awk '{ print $3 }')" = "$T900" ] &&
    ok || fail "900 nodes: the plan's total on the screen is not the report's $T900"
# The progress is a figure that moves, not a spinner: a later reading
# differs (read every quarter second, for 10 s at most: the search for the
# all-on-prem size moves it slowly, and a loaded machine more slowly).
p1=$(screen | grep -o 'computing… [0-9]*%' | head -1)
p2=$p1
for _ in $(seq 40); do
    sleep 0.25
    p2=$(screen | grep -o 'computing… [0-9]*%' | head -1)
    [ "$p2" != "$p1" ] && break
done
[ -n "$p1" ] && [ -n "$p2" ] && [ "$p1" != "$p2" ] && ok ||
    fail "the progress did not move ('$p1', then '$p2')"
keys Enter
wait_for "Hybrid: 900 " 60 "complete figures for 900 nodes"
wait_gone "computing" 60
[ "$(hybrid_total)" = "$T900" ] && ok ||
    fail "900 nodes: the box shows '$(hybrid_total)', the report $T900"
[ "$(hybrid_optimum)" = "$O900" ] && ok ||
    fail "900 nodes: the optimum shown is '$(hybrid_optimum)', the report's $O900"

# Idle, the planner uses no CPU: no timers, no polling (DESIGN 9).
cpu() { awk '{ print $14 + $15 }' "/proc/$PID/stat"; }
if [ -r "/proc/$PID/stat" ]; then
    # the last figures may still be drawn under load: settle a second first
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        c0=$(cpu); sleep 1; [ "$c0" = "$(cpu)" ] && break
    done
    c0=$(cpu)
    sleep 2
    c1=$(cpu)
    [ "$c0" = "$c1" ] && ok || fail "idle for 2 s, the planner used $((c1 - c0)) ticks of CPU"
fi

# Stale work is dropped: undo at once after a change; the figures that
# stay are the undone value's, and the change's never come back.
keys +
wait_for "computing…" 5 "a nudge starts a computation"
keys u
wait_for "Hybrid: 900 " 60 "undo while computing"
wait_gone "computing" 60
[ "$(hybrid_total)" = "$T900" ] && ok ||
    fail "after undo while computing: '$(hybrid_total)', want $T900"
sleep 1
[ "$(hybrid_total)" = "$T900" ] && screen | grep -q "Hybrid: 900 " && ok ||
    fail "the dropped computation's figures replaced the undone ones"

# An export while the plan computes waits for the complete figures.
keys u
wait_for "computing…" 5 "undo to 1,024 nodes computes"
type_text ":export json $TMP/work/out.json"
keys Enter
wait_for "exported json to" 60 "the export is written once the plan is complete"
[ "$(money "$(json_total "$TMP/work/out.json")")" = "$T1024" ] && ok ||
    fail "the export's hybrid total is not the report's $T1024"
wait_for "Hybrid: 1024 " 10 "figures shown after the export"

# The nodes chart marks the sizes the optimizer left out at their lower
# bound, `^`, and says so under its legend (DESIGN 6.6).
keys c c c
wait_for "Total monthly (USD) against on-prem nodes" 5 "c three times shows the nodes chart"
wait_re "^\\^ lower bound \([0-9]+ of 1,0[0-9][0-9] sizes simulated in full\)" 5 \
    "the nodes chart's legend row for the bounds"
screen | grep -A8 "against on-prem nodes" | grep -q '|.*\^' && ok ||
    fail "no ^ in the nodes chart"

# SIGTERM in the middle of a computation: the edit is kept, at once.
keys Down
wait_for "hybrid.max_wait_minutes:" 5 "max_wait_minutes selected"
type_text "3"
wait_for "computing…" 5 "typing computes"
t0=$(now_ms)
kill -TERM "$PID"
wait_for "EXIT=143" 10 "SIGTERM ends the planner while it computes"
took=$(($(now_ms) - t0))
[ "$took" -le 2000 ] && ok || fail "SIGTERM took $took ms to act on"
wait_for "unsaved changes kept in" 2 "the edits are kept"

finish
