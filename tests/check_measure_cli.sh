#!/usr/bin/env bash
# check_measure_cli.sh: `gpuplan measure` as a user runs it (DESIGN 3, 10):
# the first line, the exit codes, --strict, standard input, JSON, and the
# located reports of malformed lines.
. "$top_srcdir/tests/lib.sh"
G=$GPUPLAN
M=$top_srcdir/tests/data/measure
export TZ=UTC

expect_status 0 "sacct fixture" -- "$G" measure --gpus 16 "$M/sacct-basic.txt"
[ "$(head -1 "$TMP/out")" = "utilization.measured_pct = 54.69" ] && ok ||
    fail "first line: $(head -1 "$TMP/out")"
expect_grep "$TMP/out" "jobs: 11 read, 10 with GPUs, 6 counted, 4 skipped" "counts"
expect_grep "$TMP/out" "skipped: 3 never started, 1 end unknown" "reasons"
expect_grep "$TMP/out" "4 job steps" "steps"
expect_grep "$TMP/out" "GPUs held, hour by hour (4 hours): mean 8.75, P50 6, P90 13, P99 13, highest 13" "hourly"
expect_grep "$TMP/err" "sacct-basic.txt:16:62: the start time '2024-13-04T01:00:00' has a month" "located problem"
expect_status 65 "--strict refuses a malformed line" -- "$G" measure --strict --gpus 16 "$M/sacct-basic.txt"
expect_grep "$TMP/err" "--strict: 1 malformed line; nothing measured" "strict says why"
[ ! -s "$TMP/out" ] && ok || fail "--strict printed figures"
expect_status 0 "standard input" -- sh -c "'$G' measure --gpus 16 - <'$M/sacct-basic.txt'"
expect_grep "$TMP/out" "read: - (sacct)" "stdin named"
expect_status 0 "json" -- "$G" measure --format json --gpus 16 "$M/sacct-basic.txt"
if command -v python3 >/dev/null; then
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["utilization"]["measured_pct"] == 54.69, d["utilization"]; assert d["records"]["skipped"]["not_started"] == 3; assert len(d["week_by_hour"]["days"]) == 7; assert d["week_by_hour"]["days"][0][0] == 13' "$TMP/out" && ok || fail "json content"
fi
# In New York the file's times are New York's too: 01:00-03:00 holds 10 + 6
# GPU-hours of 16 x 2.
expect_status 0 "a window and a zone" -- "$G" measure --gpus 16 --tz America/New_York --from 2024-03-04T01:00 --to 2024-03-04T03:00 "$M/sacct-basic.txt"
expect_grep "$TMP/out" "utilization.measured_pct = 50" "the window's share"
expect_grep "$TMP/out" "window: 2024-03-04 01:00 -05:00 to 2024-03-04 03:00 -05:00 (2 hours; times in America/New_York)" "local window"
expect_status 64 "no capacity" -- "$G" measure "$M/sacct-basic.txt"
expect_grep "$TMP/err" "give --gpus N" "capacity hint"
expect_status 64 "no file" -- "$G" measure --gpus 8
expect_status 64 "bad --gpus" -- "$G" measure --gpus -3 "$M/sacct-basic.txt"
expect_status 64 "bad --from" -- "$G" measure --gpus 8 --from 2024-02-30 "$M/sacct-basic.txt"
expect_grep "$TMP/err" "--from 2024-02-30: has a day that is not in its month" "bad --from said"
expect_status 64 "bad --tz" -- "$G" measure --gpus 8 --tz Mars/Olympus "$M/sacct-basic.txt"
expect_status 64 "bad --format-in" -- "$G" measure --gpus 8 --format-in yaml "$M/sacct-basic.txt"
expect_status 64 "--to before --from" -- "$G" measure --gpus 8 --from 2024-03-05 --to 2024-03-04 "$M/sacct-basic.txt"
expect_status 66 "missing file" -- "$G" measure --gpus 8 "$TMP/none.txt"
expect_status 65 "not a job history" -- "$G" measure --gpus 8 "$top_srcdir/scenarios/default.yaml"
expect_grep "$TMP/err" "default.yaml:1:1: not a job history" "what it is not"
expect_status 65 "more than the GPUs give" -- "$G" measure --gpus 2 "$M/sacct-basic.txt"
expect_grep "$TMP/err" "the cluster has more GPUs than --gpus says" "over 100% said"
expect_status 65 "nothing in the window" -- "$G" measure --gpus 8 --from 2030-01-01 "$M/sacct-basic.txt"
# More than 20 malformed lines: 20 described, then the count.
{ echo "submit,start,end,gpus"; echo "2024-03-04,2024-03-04,2024-03-05,1"
  for i in $(seq 1 23); do echo "2024-03-04,2024-03-04,2024-03-05,many"; done; } >"$TMP/bad.csv"
expect_status 0 "many malformed lines" -- "$G" measure --gpus 1 "$TMP/bad.csv"
[ "$(grep -c "bad.csv:[0-9]*:34: gpus 'many'" "$TMP/err")" -eq 20 ] && ok ||
    fail "20 problems described: $(grep -c "gpus 'many'" "$TMP/err")"
expect_grep "$TMP/err" "3 more malformed lines not shown (23 in all)" "the rest counted"
# A control character in a group name is shown visibly, never raw.
printf 'submit,start,end,gpus,group\n2024-03-04,2024-03-04,2024-03-05,1,"a\033[31mb"\n' >"$TMP/esc.csv"
expect_status 0 "escape in a group" -- "$G" measure --gpus 1 "$TMP/esc.csv"
grep -q "$(printf '\033')" "$TMP/out" && fail "raw escape in the output" || ok
expect_grep "$TMP/out" 'a\x1b[31mb' "escape shown"
# --apply: the scenario's GPUs (diagflow: 4 x 8) when nothing else says,
# its layout kept, a comment that says where the figures came from.
# A writable copy: the release tarball's tree is read-only, and cp keeps that.
cat "$top_srcdir/scenarios/diagflow.yaml" >"$TMP/d.yaml"
expect_status 0 "--apply" -- "$G" measure --apply "$TMP/d.yaml" "$M/sacct-basic.txt"
expect_grep "$TMP/out" "utilization.measured_pct = 27.34" "the scenario's GPU count"
expect_grep "$TMP/err" "wrote $TMP/d.yaml: utilization.measured_pct 42 -> 27.34, measurement_weeks 26 -> 0.02 (its layout and comments kept)" "what changed"
expect_grep "$TMP/d.yaml" "  # gpuplan measure: $M/sacct-basic.txt, 2024-03-04 00:00 +00:00 to 2024-03-04 04:00 +00:00 (0.02 weeks of 32 GPUs)" "the comment"
expect_grep "$TMP/d.yaml" "  measured_pct: 27.34" "the value"
diff <(grep -v "measured_pct\|measurement_weeks\|gpuplan measure" "$top_srcdir/scenarios/diagflow.yaml") \
     <(grep -v "measured_pct\|measurement_weeks\|gpuplan measure" "$TMP/d.yaml") >/dev/null &&
    ok || fail "--apply changed more than the measured lines"
expect_status 0 "the applied file checks" -- "$G" check "$TMP/d.yaml"
expect_status 0 "--apply again, with activity" -- "$G" measure --gpus 2 --apply "$TMP/d.yaml" "$M/jobs-two-gpus.csv" "$M/activity-basic.csv"
[ "$(grep -c "# gpuplan measure:" "$TMP/d.yaml")" -eq 1 ] && ok || fail "the comment stacked"
expect_grep "$TMP/d.yaml" "active_pct: 50" "the active share written"
expect_grep "$TMP/err" "active_pct 100 -> 50" "the active share said"
# Nothing is written when the measurement is refused.
cp "$TMP/d.yaml" "$TMP/before.yaml"
expect_status 65 "--strict with --apply" -- "$G" measure --strict --apply "$TMP/d.yaml" "$M/sacct-basic.txt"
cmp -s "$TMP/d.yaml" "$TMP/before.yaml" && ok || fail "--strict wrote the scenario"
expect_status 65 "over 100% with --apply" -- "$G" measure --gpus 1 --apply "$TMP/d.yaml" "$M/sacct-basic.txt"
cmp -s "$TMP/d.yaml" "$TMP/before.yaml" && ok || fail "a refused share was written"
expect_status 64 "--apply to a shipped scenario" -- "$G" measure --apply diagflow "$M/sacct-basic.txt"
expect_grep "$TMP/err" "a shipped scenario is a template" "template said"
expect_status 66 "--apply to no file" -- "$G" measure --apply "$TMP/none.yaml" "$M/sacct-basic.txt"
printf 'gpuplan: 2\nhardware: {nodes: x}\n' >"$TMP/bad.yaml"
expect_status 65 "--apply to an invalid scenario" -- "$G" measure --apply "$TMP/bad.yaml" "$M/sacct-basic.txt"
# A file with no job that held GPUs is refused, and --apply writes nothing.
printf 'submit,start,end,gpus\n2024-03-04T00:00:00Z,2024-03-04T00:00:00Z,2024-03-04T01:00:00Z,0\n' >"$TMP/nogpu.csv"
expect_status 65 "no usable job with --apply" -- "$G" measure --apply "$TMP/d.yaml" "$TMP/nogpu.csv"
cmp -s "$TMP/d.yaml" "$TMP/before.yaml" && ok || fail "a file with no usable job wrote the scenario"
# DESIGN 10.2: SUSPENDED and COMPLETING keep their allocation, so with an
# Unknown end they are held to the window's end as RUNNING is; any other
# state with an Unknown end is skipped. By hand, --to 04:00: 2 x 4 h
# (suspended) + 1 x 3 h (completing, from 01:00) + 1 x 1 h (done) = 12 of 16.
printf '%s\n' 'JobID|Partition|State|Submit|Start|End|AllocTRES' \
    '1|gpu|SUSPENDED|2024-03-04T00:00:00|2024-03-04T00:00:00|Unknown|gres/gpu=2' \
    '2|gpu|COMPLETING|2024-03-04T01:00:00|2024-03-04T01:00:00|Unknown|gres/gpu=1' \
    '3|gpu|TIMEOUT|2024-03-04T00:00:00|2024-03-04T00:00:00|Unknown|gres/gpu=4' \
    '4|gpu|COMPLETED|2024-03-04T00:00:00|2024-03-04T00:00:00|2024-03-04T01:00:00|gres/gpu=1' >"$TMP/held.txt"
expect_status 0 "suspended and completing held" -- "$G" measure --gpus 4 --to 2024-03-04T04:00:00 "$TMP/held.txt"
expect_grep "$TMP/out" "utilization.measured_pct = 75" "held to the window's end"
expect_grep "$TMP/out" "skipped: 1 end unknown" "another state's Unknown end skipped"
expect_grep "$TMP/out" "2 still running, held to the window's end" "both said as running"
finish
