#!/usr/bin/env bash
# check_compare_cli.sh: `gpuplan diff` and `gpuplan compare` (DESIGN 11).
#   - every format of each is byte for byte its golden file in
#     tests/data/compare (SOURCE_DATE_EPOCH fixes the date;
#     GPUPLAN_UPDATE_GOLDEN=1 rewrites them and fails the run);
#   - text fits 80 columns, whatever the scenarios;
#   - the figures are the report's own (the JSON of both, side by side);
#   - -o OUT takes the format from its extension, refuses its own input,
#     and bad arguments and files get their exit status and a message.
. "$top_srcdir/tests/lib.sh"
export SOURCE_DATE_EPOCH=1767225600 # 2026-01-01
G=$GPUPLAN
cd "$top_srcdir" || exit 1 # file names in the goldens are relative to it
D=tests/data/compare

# run NAME ARGS...: the command's output against the golden NAME.
run() {
    local name=$1
    shift
    if ! "$G" "$@" >"$TMP/out" 2>"$TMP/err"; then
        fail "$name: exit $?: $(head -1 "$TMP/err")"
        return
    fi
    [ -s "$TMP/err" ] && fail "$name: wrote to stderr: $(head -1 "$TMP/err")"
    golden_check "$TMP/out" "$D/$name" "$name"
    cp "$TMP/out" "$TMP/got-$name"
}

# ---- goldens: the shipped pair in every format
for fmt in text md json; do
    run "diff-pair.$fmt" diff --format "$fmt" h100-4-nodes b200-2-nodes
done
for fmt in text md json csv html; do
    run "compare-pair.$fmt" compare --format "$fmt" h100-4-nodes b200-2-nodes
done
# Lists matched by name, a rename in place, items added and removed, the
# order, a section on one side only.
run diff-plans.text diff $D/plan-a.yaml $D/plan-b.yaml
run diff-plans.json diff --format json $D/plan-a.yaml $D/plan-b.yaml
run diff-section.text diff default $D/plan-b.yaml
# Three scenarios that share two cloud curves and tie on the cheapest;
# four, one in another currency with the cloud forbidden.
run compare-three.text compare $D/colo.yaml $D/own-dc.yaml $D/commit-1yr.yaml
run compare-three.md compare --format md $D/colo.yaml $D/own-dc.yaml $D/commit-1yr.yaml
run compare-four.text compare $D/colo.yaml $D/own-dc.yaml $D/commit-1yr.yaml $D/sovereign.yaml
run compare-four.csv compare --format csv $D/colo.yaml $D/own-dc.yaml $D/commit-1yr.yaml $D/sovereign.yaml
# The same scenario twice: nothing differs, nothing moves.
run diff-same.text diff default default

# ---- text fits 80 columns
for f in "$TMP"/got-*.text "$TMP"/got-*.md; do
    [ -f "$f" ] || continue
    case $f in *.md) continue ;; esac
    wide=$(awk '{ n = length($0) } n > 80 { print FILENAME ":" NR ": " n " columns" }' "$f")
    [ -z "$wide" ] && ok || fail "text wider than 80 columns: $wide"
done
# A long name and file name do not widen it either.
mkdir -p "$TMP/a-directory-with-a-rather-long-name-for-the-scenario-files"
long=$TMP/a-directory-with-a-rather-long-name-for-the-scenario-files/option.yaml
sed 's/^name: .*/name: An option whose name takes all of the eighty characters a name may have here/' \
    scenarios/b200-2-nodes.yaml >"$long"
for cmd in diff compare; do
    expect_status 0 "$cmd with a long name" -- "$G" $cmd h100-4-nodes "$long"
    wide=$(awk 'length($0) > 80' "$TMP/out" | head -3)
    [ -z "$wide" ] && ok || fail "$cmd: a long name makes lines wider than 80: $wide"
done

# ---- the figures are the report's
"$G" report --format json h100-4-nodes >"$TMP/ra.json"
"$G" report --format json b200-2-nodes >"$TMP/rb.json"
if command -v python3 >/dev/null; then
    python3 - "$TMP/ra.json" "$TMP/rb.json" "$TMP/got-compare-pair.json" "$TMP/got-diff-pair.json" <<'PY' && ok || fail "compare and diff JSON disagree with the reports"
import json, sys
ra, rb, cmp, diff = (json.load(open(p)) for p in sys.argv[1:5])
for rep, sc in zip((ra, rb), cmp["scenarios"]):
    res = rep["results"]
    for o in ("onprem", "on_demand", "reserved", "spot"):
        assert sc["options"][o]["monthly"] == res["options"][o]["monthly"], o
        assert sc["options"][o]["per_useful_gpu_hour"] == res["options"][o]["per_useful_gpu_hour"], o
        assert sc["horizon"]["npv"][o] == res["horizon"]["npv"][o], o
    for o in ("on_demand", "reserved", "spot"):
        assert sc["crossovers"][o] == res["crossovers"][o], o
        assert sc["horizon"]["break_even_month"][o] == res["horizon"]["break_even_month"][o], o
    assert sc["cheapest"] == res["cheapest"]
    assert sc["verdict"] == res["verdict"]
# The cheapest of all is the lowest allowed monthly cost of both.
best = min((r["results"]["options"][o]["monthly"], i, o) for i, r in enumerate((ra, rb))
           for o in ("onprem", "on_demand", "reserved", "spot"))
assert cmp["cheapest"]["monthly"] == best[0] and cmp["cheapest"]["scenario"] == "AB"[best[1]]
# Every result the diff lists moved; every money move's change is new - old.
moved = {m["key"]: m for m in diff["results"]}
assert moved["options.onprem.monthly"]["old"] == ra["results"]["options"]["onprem"]["monthly"]
assert moved["options.onprem.monthly"]["new"] == rb["results"]["options"]["onprem"]["monthly"]
for m in diff["results"]:
    if "change" in m:
        assert abs(m["change"] - (m["new"] - m["old"])) <= 1e-9 * abs(m["new"]), m["key"]
assert "cheapest" in moved and moved["cheapest"]["old"] == "spot" and moved["cheapest"]["new"] == "onprem"
keys = [i["key"] for i in diff["inputs"]]
assert keys == ["name", "notes", "hardware.gpu_model", "hardware.nodes", "hardware.node_price",
                "facility.node_power_max_kw", "facility.node_power_busy_kw",
                "facility.node_power_idle_kw", "cloud.instance", "cloud.on_demand_gpu_hour",
                "cloud.reserved_gpu_hour", "cloud.spot_gpu_hour"], keys
PY
else
    echo "SKIP: no python3 for the JSON cross-checks"
fi

# ---- -o OUT
expect_status 0 "compare -o x.html" -- "$G" compare -o "$TMP/x.html" h100-4-nodes b200-2-nodes
cmp -s "$TMP/x.html" "$D/compare-pair.html" && ok || fail "compare -o x.html is not the html format"
expect_status 0 "diff -o x.json" -- "$G" diff -o "$TMP/x.json" h100-4-nodes b200-2-nodes
cmp -s "$TMP/x.json" "$D/diff-pair.json" && ok || fail "diff -o x.json is not the json format"
expect_status 64 "diff -o x.html (diff has no html)" -- "$G" diff -o "$TMP/x.html" default diagflow
expect_grep "$TMP/err" "unknown extension; the formats are .md, .json or .txt" "diff -o says which extensions"
expect_status 64 "diff --format csv" -- "$G" diff --format csv default diagflow
expect_grep "$TMP/err" "unknown diff format 'csv' (text, md or json)" "diff --format names the formats"
expect_status 64 "compare --format pdf" -- "$G" compare --format pdf default diagflow
cp scenarios/default.yaml "$TMP/mine.yaml"
cp "$TMP/mine.yaml" "$TMP/mine.orig"
expect_status 73 "compare -o its own input" -- "$G" compare -o "$TMP/mine.yaml" diagflow "$TMP/mine.yaml"
cmp -s "$TMP/mine.yaml" "$TMP/mine.orig" && ok || fail "compare -o replaced its own input"

# ---- operands and files
expect_status 64 "diff with one scenario" -- "$G" diff default
expect_grep "$TMP/err" "two scenarios" "diff says it needs two"
expect_status 64 "diff with three" -- "$G" diff default diagflow diagflow-risk
expect_grep "$TMP/err" "diff takes two scenarios, A and B (paths or shipped names); 'diagflow-risk' is one too many" "diff says what it takes"
expect_status 64 "compare with one" -- "$G" compare default
expect_status 64 "compare with five" -- "$G" compare default diagflow diagflow-risk h100-4-nodes b200-2-nodes
expect_grep "$TMP/err" "compare takes two to four scenarios, A B [C [D]] (paths or shipped names); 'b200-2-nodes' is one too many" "compare says what it takes"
expect_status 66 "compare a missing file" -- "$G" compare default "$TMP/nope.yaml"
expect_grep "$TMP/err" "$TMP/nope.yaml" "the missing file is named"
printf 'gpuplan: 2\nhardware:\n  nodes: -3\n' >"$TMP/bad.yaml"
expect_status 65 "diff an invalid file" -- "$G" diff default "$TMP/bad.yaml"
expect_grep "$TMP/err" "bad.yaml:3:10: hardware.nodes:" "the error is located"
[ ! -s "$TMP/out" ] && ok || fail "a failed diff printed a partial output"
expect_status 0 "help compare" -- "$G" help compare
expect_grep "$TMP/out" "gpuplan compare [--format text|md|html|json|csv] [-o OUT] A B [C [D]]" "compare's usage"
finish
