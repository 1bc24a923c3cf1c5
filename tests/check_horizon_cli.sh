#!/usr/bin/env bash
# check_horizon_cli.sh: the horizon's figures as a user reads them from the
# command line (DESIGN 2.7, 4.1 results.horizon). tests/data/good/horizon-hand.yaml
# is the hand-worked case of tests/check_horizon.c (hand_worked_case derives
# every figure below in its comments): `gpuplan report --format json` must
# give its NPVs to the cent, its break-even months and its IRRs to 0.01
# percentage point, and `gpuplan sweep` must vary the horizon's keys.
. "$top_srcdir/tests/lib.sh"
HAND=$top_srcdir/tests/data/good/horizon-hand.yaml

# horizon_figures FILE: results.horizon of a JSON report, one "group.key
# value" line a figure (the cumulative arrays left out), numbers rounded
# to two decimals.
horizon_figures() {
    awk '
        /^\t"results":/ { in_results = 1 }
        in_results && /^\t\t"horizon":/ { on = 1; next }
        on && /^\t\t\t"cumulative":/ { exit }
        on && /^\t\t\t"[a-z_]+":\t\{$/ {
            group = $1; gsub(/[":]/, "", group)
            skip = group ~ /_spans$|_roots_pct$/; next }
        on && /^\t\t\t\}/ { group = ""; skip = 0; next }
        on && !skip {
            key = $1; gsub(/[":]/, "", key)
            val = $2; sub(/,$/, "", val)
            if (val != "null")
                val = sprintf("%.2f", val)
            print (group == "" ? "" : group ".") key " " val
        }' "$1"
}

expect_status 0 "report --format json of the hand-worked case" -- \
    "$GPUPLAN" report --format json "$HAND"
horizon_figures "$TMP/out" >"$TMP/got"
# The second 12-month term runs months 13-24: 6 months at 75 past T = 18,
# 450 still owed, none prepaid (no upfront).
# Reserved: owning is ahead in months 10-11 only (11 discounted), so no
# break-even; each IRR is the one rate in range though the flows change
# sign 3 and 5 times, and the MIRR at 1% a month comes with it.
cat >"$TMP/want" <<'EOF'
months 18.00
discount_rate_pct 12.00
discount_rate_effective_pct 12.68
npv.onprem 1765.77
npv.on_demand 2905.29
npv.reserved 2074.00
npv.spot 581.06
break_even_month.on_demand 7.00
break_even_month.reserved null
break_even_month.spot null
discounted_break_even_month.on_demand 7.00
discounted_break_even_month.reserved null
discounted_break_even_month.spot null
irr_pct.on_demand 210.93
irr_pct.reserved 53.20
irr_pct.spot -65.59
irr_sign_changes.on_demand 3.00
irr_sign_changes.reserved 3.00
irr_sign_changes.spot 5.00
mirr_pct.on_demand 59.36
mirr_pct.reserved 26.08
mirr_pct.spot -44.87
commitment.months_past_horizon 6.00
commitment.owed_past_horizon 450.00
commitment.prepaid_past_horizon 0.00
EOF
if diff "$TMP/want" "$TMP/got" >"$TMP/diff"; then
    ok
else
    fail "results.horizon of the hand-worked case:"
    head -20 "$TMP/diff" >&2
fi
# The stretches owning is ahead, and the rates, as lists.
flat=$(tr -d ' \t\n' <"$TMP/out")
for want in '"break_even_spans":{"on_demand":[{"from":7,"to":18}],"reserved":[{"from":10,"to":11}],"spot":[]}' \
    '"discounted_break_even_spans":{"on_demand":[{"from":7,"to":18}],"reserved":[{"from":11,"to":11}],"spot":[]}' \
    '"irr_roots_pct":{"on_demand":[210.93'; do
    case $flat in *"$want"*) ok ;; *) fail "results.horizon lacks $want" ;; esac
done
# The cumulative spend is there too, one point a month from 0 to 18.
grep -q $'^\t\t\t"cumulative":' "$TMP/out" && ok ||
    fail "results.horizon has no cumulative spend"

# "Monthly" is the levelized figure: the hand-worked case's on-prem
# 1765.767775 / a_18 = 107.680135 (DESIGN 2.7).
grep -q $'^\t\t\t\t"monthly":\t107.6801350' "$TMP/out" && ok ||
    fail "on-prem's monthly figure is not the levelized 107.680135"

# sweep varies a horizon key: at -50%/yr (the file's own value) the row
# gives the hand-worked levelized costs; at 0 only the ramp is left, and
# on-demand levelizes to 300 * sum(r_t v^t) / a_18 = 300 * 0.93982100296
# = 281.946301 (on-prem does not move). The JSON rows keep every digit
# (the CSV rounds money to the cent).
expect_status 0 "sweep over a horizon key" -- "$GPUPLAN" sweep --format json \
    --vary horizon.cloud_price_change_pct_year=-50:0:50 "$HAND"
sed -n 's/.*"horizon.cloud_price_change_pct_year": \([^,]*\), "onprem.monthly": \([^,]*\),.*"on_demand.monthly": \([^,]*\),.*/\1 \2 \3/p' \
    "$TMP/out" | awk '{ printf "%s %.6f %.6f\n", $1, $2, $3 }' >"$TMP/got"
cat >"$TMP/want" <<'EOF'
-50 107.680135 177.170559
0 107.680135 281.946301
EOF
if diff "$TMP/want" "$TMP/got" >"$TMP/diff"; then
    ok
else
    fail "sweep over horizon.cloud_price_change_pct_year:"
    head -10 "$TMP/diff" >&2
fi
finish
