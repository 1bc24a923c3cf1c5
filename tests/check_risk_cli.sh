#!/usr/bin/env bash
# check_risk_cli.sh: `gpuplan risk` and `gpuplan seek` (DESIGN 2.8, 3): their
# formats, exit codes, --set, and the figures they print.
. "$top_srcdir/tests/lib.sh"
G=$GPUPLAN

# risk: the tornado and the Monte Carlo of the shipped case
expect_status 0 "risk text" -- "$G" risk diagflow-risk
expect_grep "$TMP/out" "TORNADO" "risk prints the tornado"
expect_grep "$TMP/out" "Owning is the cheapest option in 31.2% of the draws" \
    "risk gives P(owning cheapest) in a sentence"
expect_grep "$TMP/out" "          P10          P50          P90" "risk prints the percentiles"
first=$(grep -A1 "^On-prem minus spot, USD a month" "$TMP/out" | tail -1)
case "$first" in
"spot_gpu_hour 2.4..3.8 "*) ok ;;
*) fail "the widest bar is not the first row of the chart: $first" ;;
esac
awk 'length($0) > 78 { bad = 1 } END { exit bad }' "$TMP/out" && ok ||
    fail "risk text is wider than 78 columns"
# the same figures every run, and under another locale
"$G" risk diagflow-risk >"$TMP/a"
LC_ALL=de_DE.UTF-8 "$G" risk diagflow-risk >"$TMP/b"
cmp -s "$TMP/a" "$TMP/b" && ok || fail "risk differs between runs or locales"
expect_status 0 "risk md" -- "$G" risk --format md diagflow-risk
expect_grep "$TMP/out" "## Risk" "md has the Risk section"
expect_status 0 "risk csv" -- "$G" risk --format csv diagflow-risk
expect_grep "$TMP/out" "key,low,high,delta_low,delta_high,crossover_low,crossover_high" \
    "csv header of DESIGN 4.3"
[ "$(wc -l <"$TMP/out")" -eq 8 ] && ok || fail "csv: a header and 7 rows"
expect_status 0 "risk json" -- "$G" risk --format json diagflow-risk
expect_grep "$TMP/out" '"p_onprem_cheapest":	0.3117,' "json results.risk"
# no uncertainty section: the default ±20% tornado, no Monte Carlo
expect_status 0 "risk of the default" -- "$G" risk default
expect_grep "$TMP/out" "No uncertainty inputs are listed: every non-zero number" "default set"
if grep -q "MONTE CARLO" "$TMP/out"; then fail "a Monte Carlo without inputs"; else ok; fi
expect_status 0 "risk json of the default" -- "$G" risk --format json default
expect_grep "$TMP/out" '"monte_carlo":	null' "json: no Monte Carlo without inputs"
# report carries risk only when the scenario has ranges
expect_status 0 "report of the case" -- "$G" report --format json diagflow-risk
expect_grep "$TMP/out" '"risk":' "report json has results.risk"
expect_status 0 "report of the default" -- "$G" report --format json default
if grep -q '"risk":' "$TMP/out"; then fail "results.risk without a section"; else ok; fi
# --set reaches the section and is checked like the file
expect_status 0 "risk --set draws" -- "$G" risk --set uncertainty.draws=200 diagflow-risk
expect_grep "$TMP/out" "  200 draws of 7 inputs" "--set uncertainty.draws"
expect_status 65 "risk --set a bad range" -- "$G" risk \
    --set 'uncertainty.inputs[0].low=90' diagflow-risk
expect_grep "$TMP/err" "uncertainty.inputs[0].high: high 86 is not above low 90" "the bad range is named"
# A value set outside its input's range is taken; the risk section says the
# range no longer holds it and draws from the range as written.
expect_status 0 "risk --set a value out of its range" -- "$G" risk \
    --set utilization.measured_pct=30 diagflow-risk
tr '\n' ' ' <"$TMP/out" | tr -s ' ' >"$TMP/flat"
expect_grep "$TMP/flat" "The range of utilization.measured_pct, 56 to 86, no longer holds its value, 30" \
    "the risk section names the range that no longer holds the value"
expect_grep "$TMP/flat" "with the mode at 56, the end nearest the value" \
    "and the mode the draws use"
expect_status 0 "risk --format json, value out of its range" -- "$G" risk \
    --format json --set utilization.measured_pct=95 diagflow-risk
flat=$(tr -d ' \t\n' <"$TMP/out")
case $flat in
*'"ranges_outside":[{"key":"utilization.measured_pct","value":95,"low":56,"high":86,"mode":86}]'*) ok ;;
*) fail "results.risk.ranges_outside lacks the input out of its range" ;;
esac
expect_status 0 "report --set a value out of its range" -- "$G" report \
    --set utilization.measured_pct=30 diagflow-risk
tr '\n' ' ' <"$TMP/out" | tr -s ' ' >"$TMP/flat"
expect_grep "$TMP/flat" "no longer holds its value, 30" "the report's risk section too"
expect_status 64 "risk bad format" -- "$G" risk --format html diagflow-risk
expect_status 64 "risk without a file" -- "$G" risk
# more than half the draws breaking a rule is an error
cat >"$TMP/rej.yaml" <<'YAML'
gpuplan: 2
uncertainty:
  draws: 1000
  inputs:
    - key: facility.node_power_idle_kw
      low: 2
      high: 20
      mode: 15
YAML
expect_status 65 "risk, most draws rejected" -- "$G" risk "$TMP/rej.yaml"
expect_grep "$TMP/err" "break a cross-field rule" "rejections say why"
# -o: atomic, and never over its own scenario
expect_status 0 "risk -o" -- "$G" risk --format csv -o "$TMP/t.csv" diagflow-risk
[ -s "$TMP/t.csv" ] && ok || fail "risk -o wrote nothing"
# Without --format the extension of -o says the format, as for report.
expect_status 0 "risk -o FILE.json" -- "$G" risk -o "$TMP/r.json" diagflow-risk
head -c 1 "$TMP/r.json" | grep -q '{' && ok || fail "risk -o r.json is not JSON: $(head -1 "$TMP/r.json")"
expect_status 0 "risk -o FILE.csv" -- "$G" risk -o "$TMP/r.csv" diagflow-risk
head -1 "$TMP/r.csv" | grep -q '^key,low,high' && ok || fail "risk -o r.csv is not CSV: $(head -1 "$TMP/r.csv")"
expect_status 0 "risk -o FILE.md" -- "$G" risk -o "$TMP/r.md" diagflow-risk
head -1 "$TMP/r.md" | grep -q '^# ' && ok || fail "risk -o r.md is not Markdown: $(head -1 "$TMP/r.md")"
expect_status 64 "risk -o FILE.html" -- "$G" risk -o "$TMP/r.html" diagflow-risk
expect_grep "$TMP/err" "risk has no HTML output (report --format html has the Risk section)" "risk -o .html says where HTML is"
[ ! -e "$TMP/r.html" ] && ok || fail "risk -o r.html wrote a file"
expect_status 64 "risk -o FILE.foo" -- "$G" risk -o "$TMP/r.foo" diagflow-risk
expect_grep "$TMP/err" "risk -o $TMP/r.foo: unknown extension; the formats are .md, .json, .csv or .txt" "risk lists the extensions"
expect_status 0 "risk --format text -o FILE.foo" -- "$G" risk --format text -o "$TMP/r.foo" diagflow-risk

# seek: the Done-when case, the put-back check and the no-root sentence
expect_status 0 "seek node price" -- "$G" seek --vary hardware.node_price \
    --target onprem=spot default
line1=$(head -1 "$TMP/out")
case "$line1" in
"hardware.node_price = "*) ok ;;
*) fail "seek's first line is '$line1'" ;;
esac
v=${line1#hardware.node_price = }
"$G" report --format json --set "hardware.node_price=$v" default >"$TMP/pb.json"
python3 - "$TMP/pb.json" <<'PY' && ok || fail "the value put back does not equalise the costs"
import json, sys
o = json.load(open(sys.argv[1]))["results"]["options"]
a, b = o["onprem"]["monthly"], o["spot"]["monthly"]
sys.exit(0 if abs(a - b) <= 1e-6 * max(a, b) else 1)
PY
expect_status 0 "seek utilization is the crossover" -- "$G" seek \
    --vary utilization.measured_pct --target onprem=spot --format json default
expect_grep "$TMP/out" '"value": 76.00144' "seek json value"
expect_status 0 "seek without a root" -- "$G" seek \
    --vary hardware.cost_of_capital_pct --target onprem=spot default
[ "$(head -1 "$TMP/out")" = "hardware.cost_of_capital_pct = none" ] && ok ||
    fail "no root: first line"
expect_grep "$TMP/out" "On-prem stays dearer than spot for every value of cost of capital from 0% to 100%." \
    "no root: the sentence"
# The sentences name the options in words and read as English whatever the
# field's label ("for every value of engineers", not "for every engineers").
expect_status 0 "seek engineers against on-demand" -- "$G" seek \
    --vary staffing.engineers --target onprem=on_demand default
expect_grep "$TMP/out" "on-prem and on-demand both cost 89,639.03 USD a month at 50% utilization." \
    "the root's sentence says on-demand"
expect_grep "$TMP/out" "Now, at 1, on-prem costs 66,075.52 and on-demand 89,639.03." \
    "and the scenario's figures"
grep -q "on_demand" "$TMP/out" && fail "seek's text says on_demand" || ok
expect_status 0 "seek engineers against spot, no root" -- "$G" seek \
    --vary staffing.engineers --target onprem=spot diagflow
expect_grep "$TMP/out" "On-prem stays dearer than spot for every value of engineers from 0 to 10,000." \
    "a plural label reads as English"
expect_status 64 "seek a text field" -- "$G" seek --vary name --target onprem=spot default
expect_status 64 "seek an unknown field" -- "$G" seek --vary hardware.nods \
    --target onprem=spot default
expect_grep "$TMP/err" "unknown key \`hardware.nods\` (did you mean \`hardware.nodes\`?)" "seek words an unknown key as --set does"
# text from the command line reaches the terminal with its controls visible
esc=$(printf '\033')
expect_status 64 "seek a key with an escape" -- "$G" seek --vary "x${esc}[2J" \
    --target onprem=spot default
expect_grep "$TMP/err" 'seek --vary x\x1b[2J: unknown key' "the escape is shown, not sent"
if grep -q "$esc" "$TMP/err"; then fail "seek wrote a raw escape"; else ok; fi
cp "$top_srcdir/scenarios/diagflow-risk.yaml" "$TMP/self${esc}[2J.yaml"
expect_status 73 "risk -o its own scenario" -- "$G" risk -o "$TMP/self${esc}[2J.yaml" \
    "$TMP/self${esc}[2J.yaml"
expect_grep "$TMP/err" 'self\x1b[2J.yaml: that is the file being read' "risk names it visibly"
if grep -q "$esc" "$TMP/err"; then fail "risk wrote a raw escape"; else ok; fi
# seek refuses, with the reason, a field that cannot change the costs it
# compares (the hybrid plan's, the uncertainty section's, one that moves
# neither cost), never answers "none" for it; two --vary are refused, and
# a workload key is not suggested as itself.
expect_status 64 "seek hybrid.days" -- "$G" seek --vary hybrid.days --target onprem=spot logistics-hybrid
expect_grep "$TMP/err" "seek --vary hybrid.days: a field of the hybrid plan, which does not change the costs compared" "seek says why hybrid.days"
[ ! -s "$TMP/out" ] && ok || fail "seek hybrid.days answered: $(cat "$TMP/out")"
expect_status 64 "seek uncertainty.seed" -- "$G" seek --vary uncertainty.seed --target onprem=spot diagflow-risk
expect_grep "$TMP/err" "a field of the uncertainty section, which steers the Monte Carlo" "seek says why uncertainty.seed"
expect_status 64 "seek a latency budget" -- "$G" seek --vary constraints.latency_budget_ms --target onprem=spot default
expect_grep "$TMP/err" "constraints.latency_budget_ms does not change the costs compared here: on-prem's and spot's monthly costs are the same at every value from 0 to 10000" "seek says a field moves neither cost"
expect_status 64 "seek the reserved term against spot" -- "$G" seek --vary cloud.reserved_term_months --target onprem=spot default
expect_status 64 "seek two --vary" -- "$G" seek --vary hardware.nodes --vary hardware.node_price --target onprem=spot default
expect_grep "$TMP/err" "--vary is given twice ('hardware.nodes' and 'hardware.node_price')" "seek names both --vary"
expect_status 64 "seek a workload key" -- "$G" seek --vary 'hybrid.workloads[0].gpus' --target onprem=spot logistics-hybrid
if grep -q "did you mean" "$TMP/err"; then fail "seek suggests a key for a workload key: $(cat "$TMP/err")"; else ok; fi
expect_grep "$TMP/err" "hybrid.workloads[0].gpus: a field of the hybrid plan" "seek says why a workload key"
expect_status 64 "seek a bad target" -- "$G" seek --vary hardware.nodes \
    --target cloud=spot default
expect_status 64 "seek without --target" -- "$G" seek --vary hardware.nodes default

# DESIGN 7: a signal ends a long Monte Carlo (a million draws over a 20-year
# horizon, about a minute) at once, and nothing is left at -o OUT.
sed 's/^  draws: 10000$/  draws: 1000000/' "$top_srcdir/scenarios/diagflow-risk.yaml" >"$TMP/long.yaml"
printf 'horizon:\n  months: 240\n  ramp_months: 24\n' >>"$TMP/long.yaml"
# A run under nohup inherits SIGHUP ignored, which gpuplan rightly keeps:
# start the command with both signals at their default action.
for sig in TERM HUP; do # (a background job ignores SIGINT)
    env --default-signal=TERM,HUP "$G" risk -o "$TMP/long.json" "$TMP/long.yaml" 2>"$TMP/err" &
    pid=$!
    sleep 0.5
    kill -"$sig" "$pid"
    t0=$(date +%s%N)
    wait "$pid"
    st=$?
    ms=$((($(date +%s%N) - t0) / 1000000))
    [ "$st" -gt 128 ] && ok || fail "risk after SIG$sig: exit $st, not 128+signal"
    [ "$ms" -lt 1000 ] && ok || fail "risk took $ms ms to end after SIG$sig"
    ls "$TMP" | grep -q "long.json" && fail "SIG$sig left $(ls "$TMP" | grep long.json)" || ok
done
finish
