#!/usr/bin/env bash
# check_reports.sh: the md, text and csv reports of shipped scenarios are
# byte for byte the golden files in tests/data/reports (SOURCE_DATE_EPOCH
# fixes the date). GPUPLAN_UPDATE_GOLDEN=1 rewrites the files instead and
# fails the run (tests/golden.sh); read the diff before committing it.
. "$top_srcdir/tests/lib.sh"
export SOURCE_DATE_EPOCH=1767225600 # 2026-01-01
dir=$top_srcdir/tests/data/reports
for name in default diagflow logistics-hybrid diagflow-risk diagflow-horizon; do
    for fmt in md text csv; do
        golden=$dir/$name.$fmt
        if ! "$GPUPLAN" report --format "$fmt" "$name" >"$TMP/out" 2>"$TMP/err"; then
            fail "$name $fmt: exit $?: $(head -1 "$TMP/err")"
            continue
        fi
        golden_check "$TMP/out" "$golden" "$name $fmt"
    done
done
# Reports are reproducible and locale-independent.
LC_ALL=de_DE.UTF-8 "$GPUPLAN" report --format md diagflow >"$TMP/de"
cmp -s "$TMP/de" "$dir/diagflow.md" && ok || fail "md report changes under de_DE.UTF-8"
finish
