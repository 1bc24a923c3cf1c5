#!/usr/bin/env bash
# check_trace_cli.sh: a hybrid plan that replays a job history (DESIGN
# 10.8), as a user runs it: gpuplan report gives the hand-worked queue of
# check_trace_jobs.c to the minute; the groups' rules are checked with
# their place in the file; a trace that cannot be used stops the report
# with a reason; malformed lines are reported as gpuplan measure reports
# them.
. "$top_srcdir/tests/lib.sh"
G=$GPUPLAN
D=$top_srcdir/tests/data/trace
export TZ=UTC

cp "$D/queue.csv" "$D/queue.yaml" "$TMP/"
expect_status 0 "the replay" -- "$G" report --format json "$TMP/queue.yaml"
# Per workload: [name, jobs, to_cloud_pct, mean wait, P95 wait] (by hand:
# train waits 0 and 90 each day, eval goes to the cloud, D waits 120).
got=$(python3 -c '
import json, sys
h = json.load(open(sys.argv[1]))["results"]["hybrid"]
for w in h["workloads"]:
    print(w["name"], w["jobs"], w["to_cloud_pct"], w.get("wait_mean_minutes"), w.get("wait_p95_minutes"))
' "$TMP/out" 2>&1)
want="trace train 4 0 45 90
trace eval 2 100 None None
trace, other groups 2 0 120 120"
[ "$got" = "$want" ] && ok || fail "the queue: got
$got"
expect_status 0 "the text report" -- "$G" report "$TMP/queue.yaml"
expect_grep "$TMP/out" "trace train              2 a day                8    1.5 onprem on_demand" \
    "the group described by its replay"

# Beside a workload of its own: the plan's jobs and the history's, merged.
sed 's/  workloads: \[\]/  workloads:\n    - {name: nightly, schedule: "0 6 * * *", gpus: 8, hours: 1}/' \
    "$TMP/queue.yaml" >"$TMP/beside.yaml"
expect_status 0 "beside the workloads" -- "$G" report --format json "$TMP/beside.yaml"
# nightly at 06:00 each day finds the node free (the history's queue ends
# at 03:10): 2 jobs, no wait; the history's figures stay as they were.
got=$(python3 -c '
import json, sys
h = json.load(open(sys.argv[1]))["results"]["hybrid"]
print(" / ".join("%s %s %s" % (w["name"], w["jobs"], w.get("wait_mean_minutes")) for w in h["workloads"]))
' "$TMP/out" 2>&1)
[ "$got" = "nightly 2 0 / trace train 4 45 / trace eval 2 None / trace, other groups 2 120" ] && ok ||
    fail "beside: got $got"

# The groups' rules, located.
sed 's/name: eval/name: train/' "$TMP/queue.yaml" >"$TMP/dup.yaml"
expect_status 65 "a group named twice" -- "$G" check "$TMP/dup.yaml"
expect_grep "$TMP/err" "dup.yaml:11:3: hybrid.trace: hybrid.groups[1] names the group 'train' of hybrid.groups[0] again" \
    "said where"
grep -v "trace:" "$TMP/queue.yaml" >"$TMP/notrace.yaml"
expect_status 65 "groups without a trace" -- "$G" check "$TMP/notrace.yaml"
expect_grep "$TMP/err" "no hybrid.trace is given" "said why"

# A trace that cannot be used.
sed 's/trace: queue.csv/trace: none.csv/' "$TMP/queue.yaml" >"$TMP/none.yaml"
expect_status 66 "a missing trace" -- "$G" report "$TMP/none.yaml"
expect_grep "$TMP/err" "none.csv" "the file named"
printf 'submit,start,end,gpus\n2024-03-04T00:00Z,2024-03-04T00:00Z,2024-03-04T01:00Z,0\n' >"$TMP/nogpu.csv"
sed 's/trace: queue.csv/trace: nogpu.csv/' "$TMP/queue.yaml" >"$TMP/nogpu.yaml"
expect_status 65 "no job to replay" -- "$G" report "$TMP/nogpu.yaml"
expect_grep "$TMP/err" "nogpu.csv: no job to replay" "said why"

# Malformed lines: located, the report still made from the rest.
{ cat "$TMP/queue.csv"; printf '2024-03-04T02:00Z,2024-13-04T02:00Z,2024-03-04T03:00Z,1,train\n'; } >"$TMP/bad.csv"
sed 's/trace: queue.csv/trace: bad.csv/' "$TMP/queue.yaml" >"$TMP/bad.yaml"
expect_status 0 "a malformed line" -- "$G" report "$TMP/bad.yaml"
expect_grep "$TMP/err" "bad.csv:6:" "the line located"

# Relative to the scenario's folder, wherever the command runs.
(cd / && "$G" report "$TMP/queue.yaml" >/dev/null 2>"$TMP/err") && ok ||
    fail "the trace beside the scenario: $(cat "$TMP/err")"
# The shipped example: two weeks of a 32-GPU team's records replayed for
# four weeks. All on-prem on its 4 nodes holds the jobs for the share
# gpuplan measure gives the same records (the history, twice).
expect_status 0 "the example measured" -- "$G" measure --gpus 32 "$D/example-sacct.txt"
expect_grep "$TMP/out" "utilization.measured_pct = 23.53" "the example's share"
expect_status 0 "the example replayed" -- "$G" report "$D/example.yaml"
expect_grep "$TMP/out" "All on-prem: 4 nodes, 23.5% utilization" "the replay holds the same load"
expect_grep "$TMP/out" "trace dev                burst      298      0.0%" "every dev job replayed twice"
# The optimizer and the commitment from the load work on a trace as on
# workloads: a trace of an 8-GPU, two-hour job every 30 minutes for two
# days replays exactly as the workload with the schedule "*/30 * * * *"
# (the trace's first job at the plan's start), so every figure of the two
# JSON reports is the same: the optimum (4 nodes), the commitment (24
# GPUs, the three jobs always in the cloud at 1 node), every size's total.
t0=$(date -u -d 2024-04-01T00:00:00Z +%s)
{
    echo "submit,start,end,gpus,group"
    for k in $(seq 0 95); do
        s=$((t0 + 1800 * k))
        echo "$s,$s,$((s + 7200)),8,train"
    done
} >"$TMP/halfhour.csv"
sed '/^hybrid:/,$d' "$top_srcdir/scenarios/logistics-hybrid.yaml" >"$TMP/half-base.yaml"
{ cat "$TMP/half-base.yaml"; printf 'hybrid:\n  days: 2\n  onprem_nodes: 1\n  max_wait_minutes: 30\n  trace: halfhour.csv\n  workloads: []\n  groups:\n    - name: train\n      run: burst\n'; } >"$TMP/half-trace.yaml"
{ cat "$TMP/half-base.yaml"; printf 'hybrid:\n  days: 2\n  onprem_nodes: 1\n  max_wait_minutes: 30\n  workloads:\n    - name: train\n      schedule: "*/30 * * * *"\n      gpus: 8\n      hours: 2\n      run: burst\n'; } >"$TMP/half-plan.yaml"
TZ=UTC "$G" report --format json "$TMP/half-trace.yaml" >"$TMP/half-trace.json" 2>"$TMP/err" && ok ||
    fail "the half-hour trace: $(cat "$TMP/err")"
TZ=UTC "$G" report --format json "$TMP/half-plan.yaml" >"$TMP/half-plan.json" 2>"$TMP/err" && ok ||
    fail "the half-hour plan: $(cat "$TMP/err")"
python3 - "$TMP/half-trace.json" "$TMP/half-plan.json" >"$TMP/half.txt" 2>&1 <<'PY' && ok || fail "the trace and the plan differ: $(cat "$TMP/half.txt")"
import json, sys
a, b = (json.load(open(p))["results"]["hybrid"] for p in sys.argv[1:])
assert a["optimum"]["onprem_nodes"] == 4, a["optimum"]
assert a["commit"]["gpus"] == 24, a["commit"]
assert a["cheapest"]["onprem_nodes"] == 4, a["cheapest"]
for k in sorted(set(a) | set(b)):
    if k != "workloads":
        assert a.get(k) == b.get(k), (k, a.get(k), b.get(k))
PY
# A history longer than one block (131,072 records) is sorted on a scratch
# file in $TMPDIR and replayed from it, as the same history held in memory
# would be: a one-GPU, ten-minute job every minute for 100 days (144,000
# records, the file in reverse order) replays exactly as the workload
# with the schedule "* * * * *", and leaves nothing in the folder.
t0=$(date -u -d 2024-04-01T00:00:00Z +%s)
awk -v t0="$t0" 'BEGIN { for (k = 143999; k >= 0; k--) { s = t0 + 60 * k; printf "%d,%d,%d,1,train\n", s, s, s + 600 } }' \
    >"$TMP/minutes-body.csv"
{ echo "submit,start,end,gpus,group"; cat "$TMP/minutes-body.csv"; } >"$TMP/minutes.csv"
{ cat "$TMP/half-base.yaml"; printf 'hybrid:\n  days: 100\n  onprem_nodes: 1\n  max_wait_minutes: 30\n  trace: minutes.csv\n  workloads: []\n  groups:\n    - name: train\n      run: burst\n'; } >"$TMP/min-trace.yaml"
{ cat "$TMP/half-base.yaml"; printf 'hybrid:\n  days: 100\n  onprem_nodes: 1\n  max_wait_minutes: 30\n  workloads:\n    - name: train\n      schedule: "* * * * *"\n      gpus: 1\n      hours: 0.16666666666666666\n      run: burst\n'; } >"$TMP/min-plan.yaml"
mkdir "$TMP/scratch"
TMPDIR=$TMP/scratch "$G" report --format json "$TMP/min-trace.yaml" >"$TMP/min-trace.json" 2>"$TMP/err" && ok ||
    fail "the long trace: $(cat "$TMP/err")"
"$G" report --format json "$TMP/min-plan.yaml" >"$TMP/min-plan.json" 2>"$TMP/err" && ok ||
    fail "the minute plan: $(cat "$TMP/err")"
python3 - "$TMP/min-trace.json" "$TMP/min-plan.json" >"$TMP/min.txt" 2>&1 <<'PY' && ok || fail "the long trace and the plan differ: $(cat "$TMP/min.txt")"
import json, sys
a, b = (json.load(open(p))["results"]["hybrid"] for p in sys.argv[1:])
assert sum(w["jobs"] for w in a["workloads"]) == 144000, a["workloads"]
for k in sorted(set(a) | set(b)):
    if k != "workloads":
        assert a.get(k) == b.get(k), (k, a.get(k), b.get(k))
PY
[ -z "$(ls -A "$TMP/scratch")" ] && ok || fail "the scratch folder kept: $(ls -A "$TMP/scratch")"
# A scratch folder that is not there: an I/O error that says where.
expect_status 74 "no scratch folder" -- env TMPDIR="$TMP/none" "$G" report "$TMP/min-trace.yaml"
expect_grep "$TMP/err" "cannot create the replay's scratch file in $TMP/none: No such file or directory" \
    "said where and why"
finish
