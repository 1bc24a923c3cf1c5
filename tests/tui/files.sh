#!/bin/bash
# files.sh: the planner and the command line follow the same file rules,
# and nothing the planner writes replaces a file without a question:
# the report date (a bad SOURCE_DATE_EPOCH is refused by both), exports
# onto an existing file or onto the open scenario, a second planner on the
# same file, an edit made on disk by another program, and hard links.
. "$(dirname "$0")/lib.sh"

W=$TMP/work

# --- the report date: a bad SOURCE_DATE_EPOCH is refused the same way ----
SOURCE_DATE_EPOCH=soon "$GPUPLAN" report default >/dev/null 2>"$TMP/err"
rc=$?
[ $rc -eq 64 ] && ok || fail "report with a bad SOURCE_DATE_EPOCH exits $rc, not 64"
grep -q "SOURCE_DATE_EPOCH=soon is not a number of seconds since 1970" "$TMP/err" && ok ||
    fail "report does not say why it refuses SOURCE_DATE_EPOCH"
start SOURCE_DATE_EPOCH=soon --
wait_for " Hardware   Facility " 10 "panel tabs" || give_up
type_text ":export text r.txt"
keys Enter
wait_for "SOURCE_DATE_EPOCH=soon is not a number of seconds since 1970" 5 \
    "the planner refuses the same SOURCE_DATE_EPOCH"
[ ! -e "$W/r.txt" ] && ok || fail "an export was written with a bad SOURCE_DATE_EPOCH"
keys q
wait_for "EXIT=0" 10
finish
