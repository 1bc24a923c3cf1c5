#!/bin/bash
# horizon.sh: the horizon in the planner follows a value as it is typed
# (DESIGN 2.7, 8). On diagflow-risk (48 months, no ramp, no price change)
# typing a yearly cloud price decline into the Horizon panel moves, at each
# keystroke, the results box's horizon line (owning against spot, the
# cheapest); the break-even months in the cumulative chart's legend follow
# the committed value (the price change's help takes two rows, over the
# legend, before and while a value is typed: typing moves no row). The
# figures are those `gpuplan report` gives for the same value.
. "$(dirname "$0")/lib.sh"

# be_legend PCT: the chart legend's break-even months at that decline, as
# the command line computes them ("d m18 r m24 s never").
be_legend() {
    "$GPUPLAN" report --format json \
        --set horizon.cloud_price_change_pct_year="$1" diagflow-risk |
        awk '/^\t"results":/ { r = 1 }
             r && /^\t\t\t"break_even_month":/ { on = 1; next }
             on && /^\t\t\t\}/ { exit }
             on { v = $2; sub(/,$/, "", v)
                  w = (v == "null") ? "never" : "m" v
                  k = $1; gsub(/[":]/, "", k)
                  out = out (out ? " " : "") substr(k, 1, 1) " " w }
             END { print out }' | sed 's/^o /d /'
}

# In a UTF-8 locale a negative figure on screen has U+2212, the minus sign
# (DESIGN 8); what is typed stays ASCII.
M=$'\xe2\x88\x92'
start LC_ALL=C.UTF-8 -- diagflow-risk
wait_re " Hardware +Facility " 10 "panel tabs" || give_up
# cost curves -> breakdown -> cumulative spend
keys c c
wait_for "Cumulative spend (USD) over 48 months" 5 "c twice: cumulative spend" || give_up
wait_for "X break-even: d m17 r m24 s m48" 2 "break-even months at no price change"
wait_for "Buy vs spot: payback month 48, IRR 0.7%" 2 "the horizon line"

# The Horizon panel, seventh of the tabs; its second row is the cloud's
# yearly price change. Enter, Ctrl-U, then the text: '-' alone would nudge.
keys Tab Tab Tab Tab Tab Tab
wait_for "horizon.months: Months the cash flows run over" 5 "the Horizon panel" || give_up
keys Down Enter C-u
wait_for "Enter commit  Esc cancel" 5 "an edit of the price change" || give_up

type_text "-"
wait_for "stale" 5 "'-' alone is not a number: the figures are marked stale"
type_text "2"
wait_for "Buy vs spot: no payback, IRR ${M}2.4%" 5 "-2%/yr moves the horizon line"
type_text "0"
wait_for "Buy vs spot: no payback, IRR ${M}31.9%" 5 "-20%/yr: the horizon line again"
keys Enter
wait_re "^ Cloud price change +${M}20 %/yr" 5 "Enter keeps -20, shown with the minus sign"
# The price change's help takes two rows, over the chart's key: Horizon's
# fits one. The months are those of -20%/yr, not of the -2 typed before.
keys Up
wait_for "X break-even: $(be_legend -20)" 5 "the committed value's months"
[ "$(be_legend -20)" != "$(be_legend -2)" ] && ok || fail "-2 and -20 give the same months"

keys F10
wait_for "(s)ave / (d)iscard / (c)ancel" 5
keys d
wait_for "EXIT=0" 10 "quit exits 0"
finish
