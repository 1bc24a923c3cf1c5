#!/bin/bash
# hybrid_layout.sh: the cheapest option and the verdict on every panel at
# every size (DESIGN 8), the Hybrid panel included, whose workload table
# keeps its rows: at 80x22, 80x23 and 80x24 the verdict's first clause has
# a row of its own above the chart, the box keeps the options' titles and
# the cheapest option's row, and with a workload selected the whole table
# (its header and four workloads) shows, with the marks of the lines above
# and below; at 132x43 the box leads with the whole verdict. In a UTF-8
# locale and in the C locale on a vt100, without colour.
. "$(dirname "$0")/lib.sh"

FILE=$SCEN/logistics-hybrid.yaml
verdict=$("$GPUPLAN" report --format json "$FILE" |
    sed -n 's/^[[:space:]]*"verdict":[[:space:]]*"\(.*\)",*$/\1/p' | head -1)
# Its first clause: the cheapest option and by how much.
lead=${verdict%%;*}
case $lead in
"Spot is cheapest at 45%: it costs 24,825 USD a month (34.5%) less than on-prem") ok ;;
*) fail "the report's verdict starts '$lead'"; give_up ;;
esac
lead_re=$(sed 's/[][().*^$+?{}|\\]/\\&/g' <<<"$lead")

# The screen's words in one line (runs of blanks as one).
flat() { screen | tr -s ' \n' '  '; }
# wait_flat TEXT WHAT: poll until the words of the screen hold TEXT.
wait_flat() {
    local i=0
    while [ $i -lt 50 ]; do
        case "$(flat)" in *"$1"*) ok; return 0 ;; esac
        sleep 0.1
        i=$((i + 1))
    done
    fail "$2: '$1' not on the screen"
}

have_utf8=1
[ "$(LC_ALL=C.UTF-8 locale charmap 2>/dev/null)" = UTF-8 ] || have_utf8=0

for loc in C.UTF-8 C; do
    [ "$loc" = C.UTF-8 ] && [ "$have_utf8" = 0 ] && continue
    if [ "$loc" = C ]; then term=vt100 up='\^' down='v'; else term=xterm-256color up='↑' down='↓'; fi
    for size in 80x22 80x23 80x24 132x43; do
        at="$size $loc"
        rows=${size#*x}
        START_SIZE=$size start NO_COLOR=1 LC_ALL=$loc TERM=$term -- "$FILE"
        wait_re " Hardware +Facility " 10 "planner at $at" || give_up
        # Every panel: the options' titles, the cheapest option's row and
        # the verdict's first clause.
        for p in 1 2 3 4 5 6 7 8 9; do
            keys M-$p
            sleep 0.2
            wait_re "Option +per month +GPU-h" 5 "the options' titles on panel $p at $at"
            wait_re "Spot +47,187 +8\.98 +cheapest" 2 "the cheapest option's row on panel $p at $at"
            if [ "$rows" -lt 43 ]; then
                wait_flat "$lead" "the verdict on panel $p at $at"
            else
                wait_for "Spot is cheapest at 45%: it costs" 2 "the verdict on panel $p at $at"
            fi
        done
        keys M-8
        wait_for "hybrid.days:" 5 "the Hybrid panel at $at"
        wait_for "total monthly     105,161" 2 "the plan's total at $at"
        if [ "$rows" -lt 43 ]; then
            # The first clause alone, on one row of its own, full width.
            wait_re "^$lead_re\.\$" 2 "the verdict's first clause on its own row at $at"
        else
            wait_for "on-demand above 47.1% and spot above 99.6%;" 2 "the whole verdict at $at"
        fi
        # Into the table: the header and every workload row show, the
        # lines above and below marked, the position on the status line.
        keys Down Down Down Down Down Down
        wait_for "hybrid.workloads[0].name:" 5 "the first workload selected at $at"
        wait_re "^.name +(arrivals|schedule) " 2 "the table's header at $at"
        capture && {
            n=$(grep -cE '^.(daily|batch|experi|evals)' <<<"$SCREEN")
            [ "$n" = 4 ] && ok || fail "$n of the 4 workload rows show at $at"
        }
        if [ "$rows" -lt 43 ]; then
            wait_re "^7/1[0-9] " 2 "the position of the selected row at $at"
            wait_re "^($up)[A-Z]" 2 "an up mark above the table at $at"
            wait_re "^($down)" 2 "a down mark below it at $at"
            wait_re "^$lead_re\.\$" 2 "the verdict with the table selected at $at"
        fi
        wait_re "Spot +47,187 +8\.98 +cheapest" 2 "the cheapest option with the table at $at"
        keys q
        wait_for "EXIT=0" 10 "quit at $at"
    done
done
finish
