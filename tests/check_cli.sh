#!/usr/bin/env bash
# check_cli.sh: the command line's exit codes and outputs (DESIGN 3).
. "$top_srcdir/tests/lib.sh"
G=$GPUPLAN
S=$top_srcdir/scenarios

expect_status 0 "--version" -- "$G" --version
expect_grep "$TMP/out" "gpuplan 0.1.0" "--version prints the version"
expect_status 0 "--help" -- "$G" --help
expect_grep "$TMP/out" "Exit status" "--help lists exit codes"

# report: formats, shipped names, --set, -o
expect_status 0 "report json default" -- "$G" report --format json default
expect_grep "$TMP/out" '"cheapest":	"spot"' "json cheapest"
expect_grep "$TMP/out" '"monthly":	66075.517220' "json on-prem monthly"
expect_status 0 "report text" -- "$G" report "$S/default.yaml"
expect_grep "$TMP/out" "66,075.52" "text report on-prem monthly"
expect_status 0 "report --set" -- "$G" report --format json --set utilization.measured_pct=80 default
expect_grep "$TMP/out" '"zone":	"onprem"' "--set changes the zone"
expect_status 65 "--set out of range" -- "$G" report --set utilization.measured_pct=140 default
expect_grep "$TMP/err" "140 is above 100" "--set says why"
expect_status 65 "--set unknown key" -- "$G" report --set hardware.nods=2 default
expect_grep "$TMP/err" "did you mean \`hardware.nodes\`?" "--set suggests"
expect_status 65 "--set cross-field" -- "$G" report --set facility.node_power_busy_kw=12 default
# One edit path: the last part of a key is matched, and every rule that
# involves a field is checked, whichever side of it is set.
expect_status 65 "--set by the last part of a key" -- "$G" report --set nodes=2 default
expect_grep "$TMP/err" "did you mean \`hardware.nodes\`?" "--set suggests the full key"
expect_status 65 "--set below the plan's nodes" -- "$G" report --set hardware.nodes=1 \
    logistics-hybrid
expect_grep "$TMP/err" "hybrid.onprem_nodes: 2 on-prem nodes is more than hardware.nodes (1)" \
    "--set names the rule on the other field"
expect_status 0 "--set in any order" -- "$G" report --set facility.node_power_max_kw=5 \
    --set facility.node_power_busy_kw=4 default
expect_status 65 "--vary below the plan's nodes" -- "$G" sweep --vary hardware.nodes=1:3:1 \
    logistics-hybrid
expect_grep "$TMP/err" "breaks a rule: hybrid.onprem_nodes" "--vary checks the plan's rule"
expect_status 64 "--vary a plan's field" -- "$G" sweep --vary hybrid.days=1:3:1 logistics-hybrid
expect_grep "$TMP/err" "not the hybrid plan" "--vary says the plan is not swept"
expect_status 64 "--set without =" -- "$G" report --set hardware.nodes default
# A not-allowed option cheaper than the cheapest allowed one: one sign.
expect_status 0 "report, cloud forbidden" -- "$G" report \
    --set constraints.compliance_forbids_cloud=true default
expect_grep "$TMP/out" "Spot (not allowed)            45,597.64           3.90    -20,477.88 (-31.0%)" \
    "negative difference, aligned"
if grep -q -- "+-[0-9]" "$TMP/out"; then fail "a +- sign in the report"; else ok; fi
# -o - is standard output, as usual.
expect_status 0 "report -o -" -- "$G" report --format json -o - default
expect_grep "$TMP/out" '"zone":' "-o - writes the report to standard output"
[ ! -e ./- ] && ok || fail "-o - created a file named -"
# -o never replaces the scenario it reports on.
cp "$top_srcdir/scenarios/diagflow.yaml" "$TMP/self.yaml"
chmod u+w "$TMP/self.yaml"
expect_status 73 "report -o its own scenario" -- "$G" report -o "$TMP/self.yaml" "$TMP/self.yaml"
expect_grep "$TMP/err" "report -o $TMP/self.yaml: that is the file being read" "-o over the input says why"
cmp -s "$TMP/self.yaml" "$top_srcdir/scenarios/diagflow.yaml" && ok || fail "the scenario was changed"
# ... nor through a hard or a symbolic link, nor does import, --force or
# not, replace its routing file or its --from scenario.
ln "$TMP/self.yaml" "$TMP/hard.yaml"
ln -s self.yaml "$TMP/soft.yaml"
expect_status 73 "report -o a hard link to its scenario" -- "$G" report -o "$TMP/hard.yaml" "$TMP/self.yaml"
expect_status 73 "report -o a symbolic link to its scenario" -- "$G" report -o "$TMP/soft.yaml" "$TMP/self.yaml"
cmp -s "$TMP/self.yaml" "$top_srcdir/scenarios/diagflow.yaml" && ok || fail "the scenario was changed through a link"
# cat, not cp: a release tarball's source tree is read-only and cp keeps
# the mode, which would make the later `report -o r.json` refuse the file.
cat "$top_srcdir/tests/data/routing/routing-article.json" > "$TMP/r.json"
cp "$TMP/r.json" "$TMP/r.orig"
for force in "" --force; do
    # shellcheck disable=SC2086
    expect_status 73 "import $force -o its own input" -- "$G" import $force -o "$TMP/r.json" "$TMP/r.json"
    expect_grep "$TMP/err" "import -o $TMP/r.json: that is the file being read ($TMP/r.json)" "import -o its input says why"
    cmp -s "$TMP/r.json" "$TMP/r.orig" && ok || fail "import $force replaced its own input"
    # shellcheck disable=SC2086
    expect_status 73 "import $force -o its --from" -- "$G" import $force --from "$TMP/self.yaml" -o "$TMP/hard.yaml" "$TMP/r.json"
    cmp -s "$TMP/self.yaml" "$top_srcdir/scenarios/diagflow.yaml" && ok || fail "import $force replaced its --from scenario"
done
expect_status 0 "import --force -o another file" -- "$G" import --force -o "$TMP/other.yaml" "$TMP/r.json"
# Output that cannot be written is exit 74 for every command.
if [ -w /dev/full ]; then
    for c in list prices "check diagflow" --help --version "report default"; do
        # shellcheck disable=SC2086
        "$G" $c >/dev/full 2>"$TMP/err"
        rc=$?
        [ "$rc" -eq 74 ] && ok || fail "$c to a full disk: exit $rc, expected 74"
        expect_grep "$TMP/err" "cannot write the output" "$c to a full disk says why"
    done
fi
expect_status 64 "SOURCE_DATE_EPOCH past 9999" -- \
    env SOURCE_DATE_EPOCH=99999999999999999 "$G" report default
expect_status 64 "--vary twice on one field" -- "$G" sweep --vary hardware.nodes=1:3:1 \
    --vary hardware.nodes=1:2:1 default
expect_grep "$TMP/err" "that field is already varied" "--vary twice says why"

# --set into the hybrid plan: a scalar and a workload's values.
expect_status 0 "--set a workload" -- "$G" report --format json \
    --set 'hybrid.workloads[2].per_day=24' --set 'hybrid.workloads[3].run=burst' \
    logistics-hybrid
expect_grep "$TMP/out" '"per_day":	24' "--set workload rate in the scenario"
expect_grep "$TMP/out" '"run":	"burst"' "--set workload run in the scenario"
expect_status 65 "--set a bad cron" -- "$G" report \
    --set 'hybrid.workloads[0].schedule=0 2 * * 8' logistics-hybrid
expect_grep "$TMP/err" "is not a cron schedule" "--set cron says why"
expect_status 65 "--set a missing workload" -- "$G" report \
    --set 'hybrid.workloads[9].gpus=1' logistics-hybrid
expect_grep "$TMP/err" "there is no workload 9 (the plan has 4" "--set names the count"
expect_status 64 "report without file" -- "$G" report
expect_status 64 "report bad format" -- "$G" report --format pdf default
expect_status 64 "unknown option" -- "$G" report --frobnicate default
expect_status 66 "report missing file" -- "$G" report "$TMP/nope.yaml"
expect_status 0 "report -o" -- "$G" report --format md -o "$TMP/r.md" default
expect_grep "$TMP/r.md" "## Options" "md report written"
expect_status 73 "report -o into a missing directory" -- "$G" report -o "$TMP/no/such/dir/r.txt" default
[ ! -e "$TMP/no" ] && ok || fail "-o failure left something behind"
printf 'gpuplan: 1\nhardware:\n  nodes: -3\n' >"$TMP/bad.yaml"
expect_status 65 "report bad file" -- "$G" report -o "$TMP/out.txt" "$TMP/bad.yaml"
[ ! -e "$TMP/out.txt" ] && ok || fail "failed report left OUT behind"
expect_grep "$TMP/err" "bad.yaml:3:10: hardware.nodes:" "located error"
SOURCE_DATE_EPOCH=86400 "$G" report --format md default >"$TMP/a.md"
SOURCE_DATE_EPOCH=86400 "$G" report --format md default >"$TMP/b.md"
cmp -s "$TMP/a.md" "$TMP/b.md" && ok || fail "reports differ with SOURCE_DATE_EPOCH"
expect_grep "$TMP/a.md" "1970-01-02" "SOURCE_DATE_EPOCH sets the date"

# sweep: inclusive ends, first --vary slowest, combinations validated
expect_status 0 "sweep 1:10:0.1" -- "$G" sweep --vary utilization.measured_pct=1:10:0.1 default
[ "$(wc -l <"$TMP/out")" -eq 92 ] && ok || fail "sweep 1:10:0.1 gives $(wc -l <"$TMP/out") lines, not 91 rows + header"
expect_grep "$TMP/out" "utilization.measured_pct,onprem.monthly,onprem.per_useful_gpu_hour,on_demand.monthly" "sweep header"
tail -n 1 "$TMP/out" | grep -q '^10,' && ok || fail "sweep last row is not exactly 10"
expect_status 0 "sweep two axes" -- "$G" sweep --vary hardware.nodes=1:3:1 --vary utilization.measured_pct=50:60:10 default
sed -n '2,$p' "$TMP/out" | cut -d, -f1,2 | tr -d '\r' | tr '\n' ' ' >"$TMP/order"
expect_grep "$TMP/order" "1,50 1,60 2,50 2,60 3,50 3,60" "first --vary changes slowest"
expect_status 0 "sweep json" -- "$G" sweep --format json --vary utilization.measured_pct=50:50:1 default
expect_grep "$TMP/out" '"onprem.monthly": 66075.5' "sweep json numbers"
expect_status 65 "sweep breaks a rule" -- "$G" sweep --vary facility.node_power_busy_kw=7:12:1 default
expect_grep "$TMP/err" "facility.node_power_busy_kw=12" "names the combination"
[ ! -s "$TMP/out" ] && ok || fail "a failed sweep wrote rows"
expect_status 65 "sweep out of range" -- "$G" sweep --vary utilization.measured_pct=0:140:10 default
expect_status 64 "sweep without --vary" -- "$G" sweep default
# A sweep too big to write: sizes in words, never "e26 YB"; --max-rows
# suggested only with a value it takes; a malformed --vary is a usage
# error (64), a range the field refuses bad data (65).
expect_status 64 "sweep of 1e30 rows" -- "$G" sweep --vary hardware.node_price=0:1e12:0.001 \
    --vary facility.power_price_kwh=0:10:0.0000001 --vary utilization.measured_pct=0:100:0.0001 default
expect_grep "$TMP/err" "rows (more than " "a huge sweep gives its size"
if grep -Eq "e[0-9]* [kMGTPEZY]B|[0-9]{4,}(\.[0-9]+)? [kMGTPEZY]B|inf|--max-rows [0-9]" "$TMP/err"; then
    fail "a huge sweep: $(cat "$TMP/err")"; else ok; fi
expect_grep "$TMP/err" "is more than a sweep writes (at most 10^18 rows, with --max-rows); narrow the ranges" \
    "a sweep beyond any --max-rows says so"
expect_grep "$TMP/err" "sweep: 100,000,101,000,001,100,000,101,000,001 rows (more than 10,000,000 YB of CSV)" \
    "a huge sweep: the exact count, its size a bound in YB"
if grep -Eq "e\+[0-9]" "$TMP/err"; then fail "a huge sweep in e-notation: $(cat "$TMP/err")"; else ok; fi
# Row counts past 10^18 and past 2^53 are exact (a double says 1e+18 and
# rounds 11,000,000,000,000,011 to an even number), so is --max-rows.
expect_status 64 "sweep of just over 10^18 rows" -- "$G" sweep --vary hardware.nodes=1:1001:1 \
    --vary utilization.measured_pct=0:100:1e-13 default
expect_grep "$TMP/err" "sweep: 1,001,000,000,000,001,001 rows (about 88.1 EB of CSV) is more than a sweep writes" \
    "rows past 10^18 exactly"
expect_status 64 "sweep of 2^53 + more rows" -- "$G" sweep --vary hardware.nodes=1:11:1 \
    --vary utilization.measured_pct=0:100:1e-13 default
expect_grep "$TMP/err" "sweep: 11,000,000,000,000,011 rows (about 968.0 PB of CSV)" "rows past 2^53 exactly"
expect_grep "$TMP/err" "give --max-rows 11000000000000011 to write them" "the --max-rows that allows them, exactly"
expect_status 64 "--max-rows one below rows past 2^53" -- timeout 20 "$G" sweep \
    --max-rows 11000000000000010 --vary hardware.nodes=1:11:1 \
    --vary utilization.measured_pct=0:100:1e-13 default
expect_grep "$TMP/err" "is more than --max-rows 11,000,000,000,000,010 allows" "--max-rows read exactly"
expect_status 64 "sweep of 10^16 values on one axis" -- "$G" sweep \
    --vary hardware.node_price=0:1e12:0.0001 default
expect_grep "$TMP/err" "the range has more than 10^16 values" "too many values in words"
expect_status 64 "sweep of 2e8 rows" -- "$G" sweep --vary hardware.nodes=1:20000:1 \
    --vary utilization.measured_pct=0:100:0.01 default
max=$(sed -n 's/.*--max-rows \([0-9]*\) to write them.*/\1/p' "$TMP/err")
[ -n "$max" ] && "$G" sweep --max-rows "$max" --vary hardware.nodes=1:1:1 default >/dev/null &&
    ok || fail "sweep suggests --max-rows '$max', which --max-rows refuses"
expect_status 64 "sweep more values than a double counts" -- "$G" sweep \
    --vary hardware.node_price=0:1e300:1e-300 default
if grep -q "inf" "$TMP/err"; then fail "sweep says inf: $(cat "$TMP/err")"; else ok; fi
expect_status 64 "sweep an uncertainty field" -- "$G" sweep --vary uncertainty.draws=1:2:1 diagflow-risk
expect_grep "$TMP/err" "a field of the uncertainty section" "sweep names the uncertainty section"
if grep -q "hybrid plan" "$TMP/err"; then fail "sweep blames the hybrid plan: $(cat "$TMP/err")"; else ok; fi
for bad in hardware.nodes=1:x:1 hardware.nodes=1:3 hardware.nodes=1:2:3:4 \
    hardware.nodes=1:3:0 hardware.nodes=3:1:1; do
    expect_status 64 "sweep --vary $bad" -- "$G" sweep --vary "$bad" default
done
expect_status 65 "sweep --vary outside the field's range" -- "$G" sweep --vary hardware.nodes=0:3:1 default

# check
expect_status 0 "check good" -- "$G" check "$S/default.yaml" diagflow
expect_status 65 "check bad" -- "$G" check "$S/default.yaml" "$TMP/bad.yaml"
expect_grep "$TMP/err" "bad.yaml:3:10:" "check prints FILE:LINE:COL"
expect_status 66 "check missing" -- "$G" check "$TMP/missing.yaml"
# A bare name that is neither a file nor a shipped scenario: the nearest
# shipped name is suggested (a slip or a prefix), else where the names are.
expect_status 66 "report diagflo" -- "$G" report diagflo
expect_grep "$TMP/err" "diagflo: did you mean the shipped scenario diagflow?" "report suggests the shipped name"
expect_status 66 "new --from fintech" -- "$G" new --from fintech "$TMP/from.yaml"
expect_grep "$TMP/err" "fintech: did you mean the shipped scenario fintech-migration?" "new --from suggests by prefix"
expect_status 66 "check zzzz" -- "$G" check zzzz
expect_grep "$TMP/err" "zzzz: no shipped scenario has that name either ('gpuplan list' shows them)" "check says where the names are"
expect_status 66 "report help" -- "$G" report help
expect_grep "$TMP/err" "help: for a command's help, run 'gpuplan help COMMAND' or 'gpuplan COMMAND --help'" "report help points at the help"
expect_status 66 "check a missing path" -- "$G" check "$TMP/diagflo"
if grep -q "did you mean\|shipped scenario" "$TMP/err"; then fail "a path got a shipped-name hint"; else ok; fi
# check takes no options: one is a usage error before any file is read,
# and ./NAME reaches a file whose name starts with a dash.
expect_status 64 "check with an option" -- "$G" check --set nodes=2 default
expect_grep "$TMP/err" "check: unknown option '--set' (check takes only FILEs" "check names the option"
[ ! -s "$TMP/out" ] && ok || fail "check with an option checked files: $(cat "$TMP/out")"
cp "$top_srcdir/scenarios/default.yaml" "$TMP/-x.yaml"
expect_status 0 "check ./-x.yaml" -- "$G" check "$TMP/-x.yaml"
# a JSON file: every problem, each where it was written, then the next file
printf '{"gpuplan": 2,\n "hardware": {"nodes": 0, "nods": 3},\n "uncertainty": {"inputs": [{"key": "x", "low": 1, "high": 2}, 7]},\n "cloud": {"spot_gpu_hour": true}}\n' >"$TMP/bad.json"
expect_status 65 "check bad json" -- "$G" check "$TMP/bad.json" "$S/default.yaml"
cat >"$TMP/want" <<EOF
gpuplan: $TMP/bad.json:2:24: hardware.nodes: 0 is below 1 (expected a whole number from 1 to 100,000)
gpuplan: $TMP/bad.json:2:27: hardware.nods: unknown key \`nods\` (did you mean \`nodes\`?)
gpuplan: $TMP/bad.json:3:37: uncertainty.inputs[0].key: \`x\` is not a scenario field (unknown key \`x\` (the keys are listed in gpuplan-scenario(5)); expected the key path of a number field, such as utilization.measured_pct)
gpuplan: $TMP/bad.json:3:64: uncertainty.inputs[1]: an input is an object of its keys, not a number
gpuplan: $TMP/bad.json:4:29: cloud.spot_gpu_hour: expected a number from 0 to 1,000, not true or false
EOF
diff "$TMP/want" "$TMP/err" >"$TMP/diff" && ok || fail "check bad.json: $(cat "$TMP/diff")"
expect_grep "$TMP/out" "default.yaml: ok" "check goes on to the next file"
expect_status 64 "check nothing" -- "$G" check

# new
expect_status 0 "new" -- "$G" new "$TMP/n.yaml"
expect_status 0 "new file checks" -- "$G" check "$TMP/n.yaml"
cmp -s "$TMP/n.yaml" "$S/default.yaml" && ok || fail "new writes the shipped default"
expect_status 73 "new refuses to overwrite" -- "$G" new "$TMP/n.yaml"
expect_status 0 "new --from" -- "$G" new --from diagflow "$TMP/d.yaml"
expect_status 0 "new --from file checks" -- "$G" check "$TMP/d.yaml"
expect_status 66 "new --from unknown" -- "$G" new --from nosuchcase "$TMP/x.yaml"

# list
expect_status 0 "list" -- "$G" list
expect_grep "$TMP/out" "diagflow" "list names diagflow"
expect_grep "$TMP/out" "default" "list names default"
# Every shipped scenario is listed and offered by "did you mean", however
# many there are (no cap on the names read).
mkdir "$TMP/many"
for i in $(seq -w 1 600); do cat "$S/default.yaml" >"$TMP/many/case-$i.yaml"; done
GPUPLAN_SCENARIO_DIR=$TMP/many expect_status 0 "list, 600 scenarios" -- "$G" list
[ "$(grep -c '^case-' "$TMP/out")" -eq 600 ] && ok ||
    fail "list showed $(grep -c '^case-' "$TMP/out") of 600 shipped scenarios"
grep -q '^case-600 ' "$TMP/out" && ok || fail "list left out case-600"
# A FILE is used whole, never cut: the first 4095 bytes of this one name
# scenarios/default.yaml, which must not be what is checked.
abs=$(cd "$S" && pwd)/default.yaml
long=$(printf '%*s' $((4095 - ${#abs})) '' | tr ' ' /)$abs
[ ${#long} -eq 4095 ] && ok || fail "the long path is ${#long} bytes, not 4095"
expect_status 0 "a 4095-byte path loads" -- "$G" check "$long"
expect_status 66 "a longer path is not cut to one that loads" -- "$G" check "${long}x"

# JSON export read back gives the same results
"$G" report --format json diagflow >"$TMP/d.json"
expect_status 0 "report from json" -- "$G" report --format json "$TMP/d.json"
sed -n '/"results"/,$p' "$TMP/d.json" >"$TMP/r1"
sed -n '/"results"/,$p' "$TMP/out" >"$TMP/r2"
cmp -s "$TMP/r1" "$TMP/r2" && ok || fail "JSON round trip changed the results"

# help: the overview, one command's, COMMAND --help; an unknown one is 64
expect_status 0 "help" -- "$G" help
expect_grep "$TMP/out" "gpuplan report [--format text|md|html|json|csv]" "help lists the commands"
expect_grep "$TMP/out" "gpuplan help [COMMAND]" "help lists help"
expect_status 0 "help report" -- "$G" help report
expect_grep "$TMP/out" ".md, .html, .json, .csv or .txt" "help report tells the extensions"
expect_status 0 "sweep --help" -- "$G" sweep --help
expect_grep "$TMP/out" "Usage: gpuplan sweep --vary" "sweep --help is help sweep"
expect_status 64 "help of no command" -- "$G" help frobnicate
expect_grep "$TMP/err" "no command 'frobnicate'; the commands are report, risk, seek, check" "help lists the commands"
expect_status 64 "help twice" -- "$G" help report sweep

# report -o OUT: the extension says the format when --format does not
for ext in md html json csv txt; do
    expect_status 0 "report -o r.$ext" -- "$G" report -o "$TMP/r.$ext" default
done
head -1 "$TMP/r.md" | grep -q '^# ' && ok || fail "-o r.md is not Markdown"
head -1 "$TMP/r.html" | grep -q '^<!DOCTYPE html>' && ok || fail "-o r.html is not HTML"
head -c 1 "$TMP/r.json" | grep -q '{' && ok || fail "-o r.json is not JSON"
head -1 "$TMP/r.csv" | grep -q '^option,allowed' && ok || fail "-o r.csv is not CSV"
head -1 "$TMP/r.txt" | grep -q '^32x H100' && ok || fail "-o r.txt is not text"
expect_status 0 "report -o R.HTML" -- "$G" report -o "$TMP/R.HTML" default
head -1 "$TMP/R.HTML" | grep -q '^<!DOCTYPE html>' && ok || fail "-o R.HTML is not HTML"
expect_status 0 "--format beats the extension" -- "$G" report --format json -o "$TMP/j.md" default
head -c 1 "$TMP/j.md" | grep -q '{' && ok || fail "--format json -o j.md is not JSON"
expect_status 0 "report -o with no extension" -- "$G" report -o "$TMP/noext" default
head -1 "$TMP/noext" | grep -q '^32x H100' && ok || fail "-o noext is not text"
expect_status 0 "report -o /dev/null" -- "$G" report -o /dev/null default
for bad in r.yaml r.pdf r.; do
    expect_status 64 "report -o $bad" -- "$G" report -o "$TMP/$bad" default
    expect_grep "$TMP/err" ".md, .html, .json, .csv or .txt" "-o $bad lists the extensions"
    [ ! -e "$TMP/$bad" ] && ok || fail "-o $bad wrote a file"
done

# sweep: delta and each cloud option's first crossover (DESIGN 4.3)
expect_status 0 "sweep columns" -- "$G" sweep --vary utilization.measured_pct=50:50:1 default
head -1 "$TMP/out" | grep -q 'cheapest,zone,delta,on_demand.crossover_pct,reserved.crossover_pct,spot.crossover_pct' &&
    ok || fail "sweep header: $(head -1 "$TMP/out")"
# money to the cent, other numbers every digit (DESIGN 4.3)
sed -n 2p "$TMP/out" | grep -q '^50,66075.52,5.66,89639.03,7.67,97067.51,8.31,45597.64,3.9,spot,hybrid,20477.88,35.876536635[0-9]*,,76.001447149[0-9]*' &&
    ok || fail "sweep row: $(sed -n 2p "$TMP/out")"
expect_status 0 "sweep json columns" -- "$G" sweep --format json --vary utilization.measured_pct=50:50:1 default
expect_grep "$TMP/out" '"reserved.crossover_pct": null' "sweep json: no crossover is null"
expect_grep "$TMP/out" '"delta": 20477.877' "sweep json delta"
# --vary with an unknown key is a usage error, with the key meant
expect_status 64 "--vary unknown key" -- "$G" sweep --vary nodes=1:4:1 default
expect_grep "$TMP/err" "--vary nodes=1:4:1: unknown key \`nodes\` (did you mean \`hardware.nodes\`?)" "--vary suggests, worded as --set words it"
expect_status 64 "--vary key in the wrong section" -- "$G" sweep --vary hardware.power_price_kwh=0.1:0.2:0.1 default
expect_grep "$TMP/err" "(did you mean \`facility.power_price_kwh\`?)" "--vary suggests the section that has the key"
expect_status 64 "--vary misspelt key" -- "$G" sweep --vary utilisation.measured_pct=1:4:1 default
expect_grep "$TMP/err" "did you mean \`utilization.measured_pct\`?" "--vary suggests a spelling"
expect_status 64 "--vary a text field" -- "$G" sweep --vary name=1:4:1 default
# a hybrid key is named as such, not as an unknown key that suggests itself
expect_status 64 "--vary a workload's key" -- "$G" sweep --vary 'hybrid.workloads[0].gpus=1:2:1' logistics-hybrid
expect_grep "$TMP/err" "not the hybrid plan" "--vary a hybrid key says why"
if grep -q "unknown key" "$TMP/err"; then fail "--vary hybrid key called unknown"; else ok; fi
expect_status 65 "--vary out of the field's range" -- "$G" sweep --vary utilization.measured_pct=0:140:10 default

# prices: fits 80 columns; every price row is as long as its column heads,
# so the columns line up; the instances' sources are all there.
expect_status 0 "prices" -- "$G" prices
wide=$(awk 'length($0) > 80' "$TMP/out" | head -1)
[ -z "$wide" ] && ok || fail "prices: a line wider than 80 columns: $wide"
head_len=$(awk '/^  region / { print length($0); exit }' "$TMP/out")
rows=$(grep -E '^  [a-z][a-z0-9-]* +([0-9.]+|-) ' "$TMP/out" | awk -v w="$head_len" 'length($0) != w' | wc -l)
[ -n "$head_len" ] && [ "$rows" -eq 0 ] && ok || fail "prices: $rows rows do not line up under the heads"
[ "$(grep -c '^  source: ' "$TMP/out")" -eq "$(grep -c '^[a-z0-9.-]*: [0-9]* x ' "$TMP/out")" ] && ok ||
    fail "prices: not every instance has its source"
expect_grep "$TMP/out" "  us-west-1          -     39.33         -           -   4.91625         -" "prices: a row"
# check takes a price book among scenarios (a glob over scenarios/), and
# checks it as a price book.
expect_status 0 "check scenarios/*.yaml" -- "$G" check "$top_srcdir"/scenarios/*.yaml
expect_grep "$TMP/out" "prices.yaml: ok (a price book)" "check knows the price book"
mkdir "$TMP/book"
sed 's/^    gpus: 8$/    gpus: 80/' "$top_srcdir/scenarios/prices.yaml" >"$TMP/book/prices.yaml"
expect_status 65 "check a broken price book" -- "$G" check "$TMP/book/prices.yaml" diagflow
expect_grep "$TMP/err" "prices.yaml:31:11: gpus: expected a whole number of GPUs from 1 to 64" "the book's problem is located"
expect_grep "$TMP/out" "diagflow: ok" "check goes on after the book"

# The planner on a non-terminal points at report
expect_status 64 "planner without a terminal" -- "$G" default
expect_grep "$TMP/err" "gpuplan report" "suggests report"

finish
