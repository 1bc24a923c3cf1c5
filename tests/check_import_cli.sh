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
expect_status 73 "OUT in a missing directory" -- "$G" import -o "$TMP/no/dir/s.yaml" "$R/routing-article.json"
finish
