#!/usr/bin/env bash
# check_import_cli.sh: exit codes of `gpuplan import` (DESIGN 3, 6).
. "$top_srcdir/tests/lib.sh"
G=$GPUPLAN
R=$top_srcdir/tests/data/routing

expect_status 0 "import to stdout" -- "$G" import "$R/routing-article.json"
expect_grep "$TMP/out" "max_wait_minutes" "YAML on stdout"
expect_grep "$TMP/err" "workload experiments: per_day, gpus, hours" "fill-in list"
expect_status 0 "import -o" -- "$G" import -o "$TMP/s.yaml" "$R/routing-article.json"
expect_status 0 "written file loads" -- "$G" check "$TMP/s.yaml"
expect_status 73 "existing OUT refused" -- "$G" import -o "$TMP/s.yaml" "$R/routing-article.json"
expect_status 0 "--force overwrites" -- "$G" import --force -o "$TMP/s.yaml" "$R/routing-article.json"
expect_status 64 "no file" -- "$G" import
expect_status 64 "unknown option" -- "$G" import --frob "$R/routing-article.json"
expect_status 66 "missing input" -- "$G" import "$TMP/nope.json"
expect_status 65 "bad cron" -- "$G" import -o "$TMP/b.yaml" "$R/bad-cron.json"
expect_grep "$TMP/err" "bad-cron.json:3:39: schedule.on_prem.daily_training:" "located error"
[ ! -e "$TMP/b.yaml" ] && ok || fail "failed import left OUT behind"
expect_status 65 "unknown verb" -- "$G" import "$R/unknown-verb.json"
# A routing file whose name holds ESC or CR imports: the name is shown
# escaped in the notes (and on stderr), not pasted raw and refused.
esc=$(printf '\033') cr=$(printf '\r')
odd="$TMP/r${esc}]0;x${cr}.json"
cp "$R/routing-article.json" "$odd"
expect_status 0 "import a file named with ESC and CR" -- "$G" import -o "$TMP/odd.yaml" "$odd"
# (read back from the JSON export, where a backslash is written twice,
# whatever quoting or block the YAML file uses for the notes)
"$G" report --format json "$TMP/odd.yaml" >"$TMP/odd.json"
expect_grep "$TMP/odd.json" 'Imported from '"$TMP"'/r\\x1b]0;x\\x0d.json' "the notes show the name escaped"
expect_status 0 "the imported file loads" -- "$G" check "$TMP/odd.yaml"
if grep -q "$esc\|$cr" "$TMP/err"; then fail "import wrote a raw control byte"; else ok; fi
# Two rules that route one workload differently: refused, both named.
expect_status 65 "two rules for one workload" -- "$G" import "$top_srcdir/tests/data/hostile/two-rules-one-workload.routing.json"
expect_grep "$TMP/err" ":5:5: routing.daily_runs: routes the workload 'daily_training' to aws_spot, which routing.training_jobs routes to on_prem" "both rules named"
expect_status 73 "OUT in a missing directory" -- "$G" import -o "$TMP/no/dir/s.yaml" "$R/routing-article.json"
finish
