#!/usr/bin/env bash
# check_goldens.sh: a run with GPUPLAN_UPDATE_GOLDEN=1 rewrites the golden
# files and then fails, saying so, in every test that honours the variable
# (tests/golden.sh), so that rewriting goldens can never pass for a green
# run. Each test runs on a copy of what it reads from the source tree; the
# planner's golden screens (tests/tui/screens.sh) go through the same
# golden_check, whose failure under tmux tests/tui/helpers.sh checks.
. "$top_srcdir/tests/lib.sh"
src=$TMP/src
mkdir -p "$src/tests/data"
cp "$top_srcdir/tests/lib.sh" "$top_srcdir/tests/golden.sh" \
    "$top_srcdir/tests/check_reports.sh" "$src/tests/"
cp -R "$top_srcdir/tests/data/reports" "$src/tests/data/"
cp "$top_srcdir"/tests/data/chart_*.txt "$src/tests/data/"
chmod -R u+w "$src"
MESSAGE="goldens rewritten; read them, then rerun without GPUPLAN_UPDATE_GOLDEN"

# Reports: one golden spoiled; the update run writes it back and fails.
echo spoiled >"$src/tests/data/reports/default.md"
GPUPLAN_UPDATE_GOLDEN=1 top_srcdir=$src bash "$src/tests/check_reports.sh" \
    >"$TMP/out" 2>"$TMP/err"
status=$?
[ "$status" -ne 0 ] && ok || fail "check_reports.sh passed a run that rewrote its goldens"
expect_grep "$TMP/err" "$MESSAGE" "check_reports.sh under GPUPLAN_UPDATE_GOLDEN=1"
expect_grep "$TMP/err" "golden files written, 1 of them changed" "check_reports.sh counts what changed"
cmp -s "$src/tests/data/reports/default.md" "$top_srcdir/tests/data/reports/default.md" &&
    ok || fail "the update run did not rewrite default.md"
# Without the variable the rewritten goldens pass, and a spoiled one fails.
top_srcdir=$src bash "$src/tests/check_reports.sh" >"$TMP/out" 2>"$TMP/err" &&
    ok || fail "check_reports.sh fails on the goldens it wrote: $(head -3 "$TMP/err")"
echo spoiled >"$src/tests/data/reports/diagflow.csv"
top_srcdir=$src bash "$src/tests/check_reports.sh" >"$TMP/out" 2>"$TMP/err" &&
    fail "check_reports.sh passed a spoiled golden" || ok

# Charts (a Check program).
chart=$PWD/tests/check_chart
if [ -x "$chart" ]; then
    echo spoiled >"$src/tests/data/chart_default_40x12.txt"
    GPUPLAN_UPDATE_GOLDEN=1 top_srcdir=$src "$chart" >"$TMP/out" 2>&1
    [ $? -ne 0 ] && ok || fail "check_chart passed a run that rewrote its goldens"
    expect_grep "$TMP/out" "$MESSAGE" "check_chart under GPUPLAN_UPDATE_GOLDEN=1"
    for f in "$top_srcdir"/tests/data/chart_*.txt; do
        cmp -s "$f" "$src/tests/data/$(basename "$f")" && ok ||
            fail "check_chart did not rewrite $(basename "$f")"
    done
    top_srcdir=$src "$chart" >"$TMP/out" 2>&1 && ok ||
        fail "check_chart fails on the goldens it wrote: $(grep -m1 ':F:' "$TMP/out")"
else
    fail "no $chart to run (make check builds it first)"
fi
finish
