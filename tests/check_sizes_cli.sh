#!/usr/bin/env bash
# check_sizes_cli.sh: the reports of a plan whose optimizer leaves sizes
# out (DESIGN 6.6), the 1,024-node bench fleet: JSON gives each such size
# a null total and its lower bound, and says how many sizes ran; every
# bound is below the optimum's total and every size is listed; the text
# and Markdown reports say "Sizes simulated in full: N of M" and their chart marks
# the bounds `^` with a legend row; the HTML chart draws them as a dashed
# line. A small plan's reports say none of it.
. "$top_srcdir/tests/lib.sh"
G=$GPUPLAN
FLEET=$top_srcdir/tests/bench/fleet-1024.yaml

expect_status 0 "the fleet's JSON report" -- "$G" report --format json "$FLEET"
cp "$TMP/out" "$TMP/fleet.json"
got=$(python3 -c '
import json, sys
h = json.load(open(sys.argv[1]))["results"]["hybrid"]
bn = h["by_nodes"]
left = [x for x in bn if x["total_monthly"] is None]
ran = [x for x in bn if x["total_monthly"] is not None]
best = h["optimum"]["total_monthly"]
ok = all(x["lower_bound_monthly"] > best for x in left)
ok = ok and all("lower_bound_monthly" not in x for x in ran)
ok = ok and [x["onprem_nodes"] for x in bn] == list(range(len(bn)))
ok = ok and min(x["total_monthly"] for x in ran) == best
print(len(bn), h["sizes_simulated"], len(ran), len(left) > 0, ok)
' "$TMP/fleet.json")
set -- $got
[ "$1" = 1025 ] && ok || fail "the fleet lists $1 sizes, not 0..1,024"
[ "$2" = "$3" ] && ok || fail "sizes_simulated $2, but $3 sizes have a total"
[ "$4" = True ] && ok || fail "no size was left out"
[ "$5" = True ] && ok || fail "a bound, a total or a size is wrong: $got"
ran=$3

"$G" report --format text "$FLEET" >"$TMP/fleet.text" && ok || fail "the text report"
expect_grep "$TMP/fleet.text" "Sizes simulated in full: $ran of 1,025" "the text report"
expect_grep "$TMP/fleet.text" "^ lower bound ($ran of 1,025 sizes simulated in full)" \
    "the text chart's legend"
grep -A12 "Total monthly (USD) against on-prem nodes" "$TMP/fleet.text" |
    grep -q '^ .*|.*\^' && ok || fail "no ^ in the text chart's plot"
"$G" report --format md "$FLEET" >"$TMP/fleet.md" && ok || fail "the Markdown report"
expect_grep "$TMP/fleet.md" "- Sizes simulated in full: $ran of 1,025" "the Markdown report"
"$G" report --format html "$FLEET" >"$TMP/fleet.html" && ok || fail "the HTML report"
expect_grep "$TMP/fleet.html" '<path class="bound" d="M' "the HTML chart's bounds"
expect_grep "$TMP/fleet.html" "<style>svg .bound{fill:none;stroke:var(--threshold)" \
    "the bounds' style, in their chart"
expect_grep "$TMP/fleet.html" "lower bound ($ran of 1,025 sizes simulated in full)" \
    "the HTML chart's key"
expect_grep "$TMP/fleet.html" "<li>Sizes simulated in full: $ran of 1,025" "the HTML summary"

# A small plan simulates every size: none of it.
"$G" report --format json logistics-hybrid >"$TMP/small.json" && ok || fail "small JSON"
for word in sizes_simulated lower_bound_monthly; do
    grep -q "\"$word\"" "$TMP/small.json" && fail "a small plan's JSON has $word" || ok
done
"$G" report --format html logistics-hybrid >"$TMP/small.html" && ok || fail "small HTML"
grep -q 'class="bound"\|Sizes simulated' "$TMP/small.html" &&
    fail "a small plan's page shows bounds" || ok
finish
