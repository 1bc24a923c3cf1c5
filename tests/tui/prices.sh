#!/bin/bash
# prices.sh: the Cloud panel's price book picker (DESIGN 5, 8): p and :prices
# list every instance x region, the arrows and PgUp/PgDn move, Enter copies
# the prices as one undo step, Esc changes nothing, a broken price book shows
# its located error; and the export offers every format (F4 and :export).
. "$(dirname "$0")/lib.sh"


# res_row LABEL: the results row of an option (its monthly figure has a
# thousands comma, which the panel's prices do not).
res_row() { screen | grep -o -- "$1  *[0-9]*,[0-9,]*  *[0-9.]*" | head -1; }

# selected: the picker row shown in reverse video (monochrome run).
selected() {
    TM capture-pane -p -e -t planner | grep -F -- $'\e[7m' | grep -F "xlarge" |
        sed 's/\x1b\[[0-9;]*m//g' | head -1
}

start NO_COLOR=1 --
wait_re " Hardware +Facility " 10 "panel tabs" || give_up
wait_for "7.67" 10 "default on-demand per useful GPU-hour"
od0=$(res_row On-demand)
[ -n "$od0" ] && ok || fail "no on-demand results row"
# The key table puts p on the hint line (wide terminals) and the help screen.
keys F1
wait_for "gpuplan help" 5
# The help scrolls: look for p's line from the last page upwards.
keys End
sleep 0.3
for _ in 1 2 3 4 5 6; do
    screen | grep -qE "│ p +price book" && break
    keys PPage
    sleep 0.3
done
wait_re "│ p +price book" 2 "help screen lists p"
keys Escape
wait_gone "gpuplan help" 5

# Cloud panel, then p; 80x30, so that the panel shows every price row
# (at 80x24 the verdict's own rows leave it eight).
TM resize-window -t planner -x 80 -y 30
keys Tab Tab Tab Tab
wait_for "Spot goodput" 5 "cloud panel"
wait_re "^ On-demand +6\.88 " 5 "default on-demand price in the panel"
keys p
wait_for "price book" 5 "p opens the price book picker" || give_up
wait_for "od/res/spot" 2 "picker column titles"
wait_re "p5\.48xlarge +8x H100 SXM 80GB +us-east-1 +6\.88 / 3\.93 / - +2026-01-31" 2 \
    "p5.48xlarge row: per-GPU-hour prices and date"
wait_re "p5en\.48xlarge +8x H200 141GB +us-east-1 +7\.91 / 5\.20 / 3\.40 " 2 "p5en.48xlarge row"
wait_re "us-west-1 +- / " 2 "a region without on-demand price shows -"
# Every instance x region of the shipped book is a row.
want=$(awk '/^ *[a-z0-9-]+: *\{/ {n++} END {print n}' "$SCEN/prices.yaml")
got=$(screen | grep -cE "^│ [a-z0-9-]+\.[0-9]+xlarge ")
[ "$got" = "$want" ] && ok || fail "picker shows $got rows, the price book has $want"

# Navigation: the first row is selected; PgDn, PgUp and Down move.
case "$(selected)" in *"p5.48xlarge"*"us-east-1"*) ok ;; *) fail "first row not selected: $(selected)" ;; esac
keys PgDn
i=0; while [ "$(selected)" = "" ] || selected | grep -q "p5.48xlarge.*us-east-1"; do
    sleep 0.1; i=$((i + 1)); [ $i -gt 50 ] && break; done
case "$(selected)" in
    "") fail "PgDn: no row shown selected" ;;
    *"p5.48xlarge"*"us-east-1"*) fail "PgDn did not move" ;;
    *) ok ;;
esac
keys PgUp
sleep 0.2
case "$(selected)" in *"p5.48xlarge"*"us-east-1"*) ok ;; *) fail "PgUp did not return to the top" ;; esac
# Down to p5en.48xlarge us-east-1, wherever the book lists it.
idx=$(screen | grep -E "^│ [a-z0-9-]+\.[0-9]+xlarge " | grep -nE "p5en\.48xlarge .*us-east-1" |
    cut -d: -f1 | head -1)
[ -n "$idx" ] || { fail "no p5en.48xlarge us-east-1 row"; give_up; }
for _ in $(seq 2 "$idx"); do keys Down; done
i=0; until selected | grep -q "p5en.48xlarge.*us-east-1"; do
    sleep 0.1; i=$((i + 1)); [ $i -gt 50 ] && break; done
selected | grep -q "p5en.48xlarge.*us-east-1" && ok || fail "Down did not reach p5en us-east-1"
keys Enter
wait_gone "od/res/spot" 5
wait_for "p5en.48xlarge us-east-1: on-demand 7.91, reserved 5.20 (capacity_block, 6 mo" 5 \
    "status line says what was copied and which commitment the reserved rate is"
wait_re "^ Commitment term +6 months" 2 "the commitment's term copied"
wait_re "^ On-demand +7\.91" 2 "on-demand 7.91 in the panel"
wait_re "^ Reserved +5\.20" 2 "reserved copied"
wait_re "^ Spot +3\.4 " 2 "spot copied"
wait_re "^ Instance +p5en\.48" 2 "cloud.instance copied"
wait_for "[+]" 2 "modified marker"
od1=$(res_row On-demand)
[ -n "$od1" ] && [ "$od1" != "$od0" ] && ok || fail "on-demand result did not change ($od0 -> $od1)"

# One undo step restores every copied field.
keys u
wait_re "^ On-demand +6\.88 " 5 "undo restores 6.88"
wait_re "^ Reserved +3\.93 " 2 "undo restores reserved"
wait_re "^ Spot +2\.96 " 2 "undo restores spot"
wait_re "^ Commitment term +36 months" 2 "undo restores the term"
wait_re "^ Instance +p5\.48" 2 "undo restores the instance"
wait_gone "[+]" 2
[ "$(res_row On-demand)" = "$od0" ] && ok || fail "undo did not restore the results"
keys C-r
wait_re "^ On-demand +7\.91" 5 "redo"
keys u
wait_re "^ On-demand +6\.88 " 5

# At 132x43: p on the hint line, the unit on every row; a resize while the
# picker is open lays its rows out again.
TM resize-window -t planner -x 132 -y 43
wait_for "p prices" 5 "hint line shows p at 132 columns"
type_text ":prices"
keys Enter
wait_for "od/res/spot" 5 ":prices opens the picker"
wait_re "p5\.48xlarge +8x H100 SXM 80GB +us-east-1 +6\.88 / 3\.93 / - +per GPU-h \(od/res/spot\) +2026-01-31" \
    5 "wide rows name the unit"
TM resize-window -t planner -x 80 -y 24
wait_gone "per GPU-h (od/res/spot)" 5
wait_re "p5\.48xlarge +8x H100 SXM 80GB +us-east-1 +6\.88 / 3\.93 / - +2026-01-31" 2 \
    "rows laid out again for 80 columns"
TM resize-window -t planner -x 132 -y 43
wait_for "per GPU-h (od/res/spot)" 5
# A book entry without a spot price keeps the scenario's, and says so.
keys Enter
wait_for "p5.48xlarge us-east-1: on-demand 6.88, reserved 3.93 (capacity_block, 6 mo) per GPU-h (2026-01-31); spot not in the book, kept 2.96" \
    5 "status line names the dated entry and the price kept"
keys u
wait_gone "[+]" 5
TM resize-window -t planner -x 80 -y 24
wait_gone "p prices" 5

# Esc closes the picker and changes nothing.
keys p
wait_for "od/res/spot" 5
keys Down Down Escape
wait_gone "od/res/spot" 5
wait_re "^ On-demand +6\.88 " 2 "Esc keeps the prices"
refute "[+]" "Esc marked the scenario modified"

# Export: F4 offers every format; :export FORMAT FILE writes each one.
keys F4
wait_for "(t)ext / (m)arkdown / (h)tml / (j)son / (c)sv" 5 "F4 offers all five formats"
keys c
wait_for "export csv to:" 5 "F4 c asks for a csv path"
keys C-u
type_text "f4.csv"
keys Enter
wait_for "exported csv to f4.csv" 5
type_text ":export csv $TMP/work/out.csv"
keys Enter
wait_re "exported csv to .*out\.csv" 5 ":export csv message" # (not the F4 one above)
head -1 "$TMP/work/out.csv" 2>/dev/null | grep -q "^option,allowed,monthly" && ok ||
    fail "CSV header: $(head -1 "$TMP/work/out.csv" 2>&1)"
head -1 "$TMP/work/f4.csv" 2>/dev/null | grep -q "^option,allowed,monthly" && ok ||
    fail "F4 CSV header: $(head -1 "$TMP/work/f4.csv" 2>&1)"
for f in text md json html; do
    type_text ":export $f $TMP/work/out.$f"
    keys Enter
    wait_for "exported $f to" 5 ":export $f message"
done
head -c 1 "$TMP/work/out.json" 2>/dev/null | grep -q "{" && ok || fail "json export"
head -1 "$TMP/work/out.md" 2>/dev/null | grep -q "^# " && ok || fail "md export"
[ -s "$TMP/work/out.text" ] && ok || fail "text export"
head -1 "$TMP/work/out.html" 2>/dev/null | grep -q "^<!DOCTYPE html>" && ok || fail "html export"
keys F4
wait_for "(h)tml" 5
keys h
wait_for "export html to:" 5 "F4 h asks for an html path"
keys Escape

keys q
wait_for "EXIT=0" 10 "quit exits 0"

# A price book that does not load: its located error, nothing changes.
mkdir -p "$TMP/book"
printf 'gpuplan_prices: 1\ninstances:\n  - name: x\n    gpus: many\n' >"$TMP/book/prices.yaml"
start "GPUPLAN_SCENARIO_DIR=$TMP/book" --
wait_for "7.67" 10 "default screen" || give_up
keys p
wait_for "prices.yaml:4:" 5 "located error for a bad price book"
refute "od/res/spot" "picker opened on a bad book"
refute "[+]" "bad book changed the scenario"
rm "$TMP/book/prices.yaml"
type_text ":prices"
keys Enter
wait_for "prices.yaml: cannot open" 5 "missing price book"
keys q
wait_for "EXIT=0" 10 "quit exits 0"
finish
