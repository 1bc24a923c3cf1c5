#!/bin/bash
# layout.sh: the full layout from 80x22 up (DESIGN 8): at 80x22, 80x23 and
# 80x24 the planner shows the verdict whole (the JSON's words, wrapped), the
# four options' figures, a chart with at least 6 plot rows, its legend and
# the hint line; below 80x22 the too-small screen still asks before quitting
# with unsaved changes and still saves on Ctrl-S. A long message shows
# whole and :messages keeps it; figures too wide for their columns are
# scaled, and shown whole where the terminal is wide.
. "$(dirname "$0")/lib.sh"

verdict=$("$GPUPLAN" report --format json "$SCEN/diagflow.yaml" |
    sed -n 's/^[[:space:]]*"verdict":[[:space:]]*"\(.*\)",*$/\1/p')
[ -n "$verdict" ] || { fail "no verdict in the JSON report"; give_up; }


# The screen's words in one line (runs of blanks as one), to find a text
# wrapped over several rows.
flat() { screen | tr -s ' \n' '  '; }
# The chart's plot rows: lines that start with a y label and `+`, or with
# blanks (or the unit, "USD" and "/GPU-h") and `|`, above the x axis (`+---`).
plot_rows() { screen | grep -E '^ *([0-9][0-9.,]*[kM]? +\+|[A-Z/a-z-]* +\|)' | grep -cv -- '+---'; }

# A copy: saving must not touch the shipped file.
cp "$SCEN/diagflow.yaml" "$TMP/work/diagflow.yaml"
chmod u+w "$TMP/work/diagflow.yaml" # the source tree may be read-only (distcheck)
# A negative figure on screen: U+2212 in UTF-8, '-' in C (DESIGN 8).
if [ "$(locale charmap 2>/dev/null)" = UTF-8 ]; then minus=$'\xe2\x88\x92'; else minus=-; fi
start -- diagflow.yaml
wait_re " Hardware +Facility " 10 "panel tabs" || give_up
# 80x23 is an 80x24 window under tmux's status line (a detached test
# session has no client to draw one, so the pane is sized directly).
for size in 80x22 80x23 80x24; do
    TM resize-window -t planner -x "${size%x*}" -y "${size#*x}"
    wait_for "o on-prem  d on-demand" 5 "legend at $size" || continue
    # The legend was there before the resize too: wait for the new frame,
    # whose last row is the hint line and whose verdict has its own rows
    # below 24.
    i=0
    while [ $i -lt 50 ]; do
        if [ "$size" = 80x24 ] || flat | grep -qF -- "$verdict"; then
            screen | tail -1 | grep -q "F1 help" && break
        fi
        sleep 0.1
        i=$((i + 1))
    done
    [ "$(screen | wc -l)" -eq "${size#*x}" ] && ok || fail "not ${size#*x} rows at $size"
    refute "terminal too small" "too small at $size"
    # At 80x24 the verdict shares its rows with the panel's, beside it.
    if [ "$size" != 80x24 ]; then
        flat | grep -qF -- "$verdict" && ok || fail "the whole verdict at $size"
    fi
    for o in "On-prem +111,872" "On-demand +48,075" "Reserved +74,752" "Spot +31,396"; do
        screen | grep -qE -- "$o" && ok || fail "'$o' at $size"
    done
    # DESIGN 8: the options' titles at every size; the horizon line (owning
    # against the cheapest cloud option) in the row after the table, which
    # 80x22 gives to the titles.
    screen | grep -qE "Option +per month +GPU-h vs cheapest" && ok ||
        fail "the options' titles at $size"
    if [ "$size" != 80x22 ]; then
        screen | grep -qE "Buy vs spot: no payback, IRR ${minus}99\.9%" && ok ||
            fail "the horizon line at $size"
    fi
    n=$(plot_rows)
    [ "$n" -ge 6 ] && ok || fail "$n plot rows at $size (at least 6)"
    i=0
    while ! screen | tail -1 | grep -q "F1 help" && [ $i -lt 20 ]; do sleep 0.1; i=$((i + 1)); done
    screen | tail -1 | grep -q "F1 help" && ok || fail "hint line on the last row at $size"
done

# The Horizon panel, seventh of the tabs: its own fields, not Business's.
keys Tab Tab Tab Tab Tab Tab
wait_for "horizon.months: Months the cash flows run over" 5 "Tab x6 shows the Horizon panel"
wait_re "^ Horizon +0 months" 2 "horizon.months on the Horizon panel"
wait_re "^ Ramp-up +0 months" 2 "the ramp on the Horizon panel"
keys BTab
wait_for "name: A name for this scenario" 5 "Business before Horizon"
keys Tab

# A 150-character message is readable whole (wrapped upward over the
# chart), and :messages keeps it.
long=$(printf 'x%.0s' $(seq 1 150))
type_text ":goto hardware.$long"
keys Enter
wait_for "goto: unknown key" 5 "the message's start"
flat | tr -d ' ' | grep -qF "hardware.$long\`" && ok || fail "the 150-character message whole"
keys Up # stays on Horizon, whose help fits the line
wait_gone "goto: unknown key" 5
wait_for "o on-prem  d on-demand" 5 "the chart back under the message"
keys Down # the next field, where the steps below start
type_text ":messages"
keys Enter
wait_for "messages: the last" 5 ":messages opens"
# The box's inside only (its sides are │ or |).
screen | sed -n 's/^[^│|]*[│|]\(.*\)[│|].*$/\1/p' | tr -d ' \n' |
    grep -qF "hardware.$long\`" && ok || fail ":messages shows the message whole"
keys Escape
wait_gone "messages: the last" 5

# Below 80x22: the too-small screen, which still asks and still saves.
keys Down +
wait_for " [+]" 5 "a change marks the title"
TM resize-window -t planner -x 80 -y 21
wait_for "terminal too small: gpuplan needs 80x22, this one is 80x21" 5 "too small at 80x21"
keys q
wait_for "unsaved changes: (s)ave / (d)iscard / (c)ancel" 5 "q asks on the too-small screen"
keys c
wait_gone "unsaved changes:" 5
before=$(cksum <"$TMP/work/diagflow.yaml")
keys C-s
wait_for "saved" 5 "Ctrl-S on the too-small screen says it saved"
[ "$(cksum <"$TMP/work/diagflow.yaml")" != "$before" ] && ok ||
    fail "Ctrl-S on the too-small screen did not save"
TM resize-window -t planner -x 80 -y 22
wait_for "o on-prem  d on-demand" 5 "back at 80x22"
keys q
wait_for "EXIT=0" 10 "quit after saving exits at once"

# Figures too wide for their columns are scaled, never cut; a wide
# terminal shows the value whole.
start -- diagflow.yaml
wait_re " Hardware +Facility " 10 "planner again" || give_up
type_text ":set hardware.node_price=1e12"
keys Enter
wait_re "^ Node price +1T USD" 5 "1e12 scaled in the panel at 80 columns"
wait_re "On-prem +[0-9.]+[GT] +[0-9.]+[KMG] +\+[0-9.]+[GT]$" 5 "results scaled at 80 columns"
TM resize-window -t planner -x 132 -y 43
wait_re "^ Node price +1,000,000,000,000 USD" 5 "the whole value at 132 columns, grouped as the results"
wait_re "On-prem +[0-9]{1,3}(,[0-9]{3}){3,} +[0-9.]+ +\+[0-9]{1,3}(,[0-9]{3}){3,}$" 5 \
    "results whole at 132 columns, the panel giving them its spare columns"
# A key that does nothing says so, and what is near it.
keys b
wait_for "b is not a key here; near it: c cycle the chart" 5 "b says what is near"
# Help scrolls, and says where it is.
TM resize-window -t planner -x 80 -y 24
keys F1
wait_re " 1-[0-9]+ of [0-9]+, PgDn for more " 5 "help's position marker"
keys PageDown
wait_re " [0-9]+-[0-9]+ of [0-9]+" 5 "the marker follows the page"
refute_re " 1-[0-9]* of" "PgDn did not move the help"
# The help fills its box: at 80 columns a long line wraps, at 132 it is
# one row, rewrapped on the resize.
keys Home
wait_re "F2, Ctrl-S +save the scenario \(asks for a file name when it has none\) " 2 \
    "help's F2 line whole at 80 columns"
wait_re "F10, q +quit \(asks to save, discard or cancel when there are +[^ a-z]+$" 2 \
    "help's F10 line wrapped at 80 columns"
TM resize-window -t planner -x 132 -y 43
wait_re "F10, q +quit \(asks to save, discard or cancel when there are unsaved changes\)" 5 \
    "help's F10 line on one row at 132 columns"
keys Escape
wait_gone "gpuplan help" 5
# The Utilization panel opens on the field its name promises.
keys Tab Tab Tab
wait_for "utilization.measured_pct:" 5 "Utilization opens on measured_pct"
wait_re "^ Utilization +42 %" 2 "measured_pct is the panel's first row"
keys F10
wait_for "(s)ave / (d)iscard / (c)ancel" 5
keys d
wait_for "EXIT=0" 10
# At 132 columns the results take the panel's spare columns: diagflow's
# advice reads whole; with a row too few it ends with an ellipsis.
START_SIZE=132x43 start -- diagflow.yaml
wait_for "month less than on-prem." 10 "the whole advice at 132x43"
TM resize-window -t planner -x 132 -y 36
wait_re "spot costs 80,477 USD a(…|~)$" 5 "advice out of rows ends with an ellipsis"
keys F10
wait_for "EXIT=0" 10
finish
