#!/bin/bash
# scroll_marks.sh: a list that does not fit shows where it is (DESIGN 8):
# an up mark beside its first row shown when rows are above, a down mark
# beside its last when rows are below (arrows in a UTF-8 locale, ^ and v in
# the C locale and on a vt100), and the selected row's position: on the
# status line for a panel's rows and the Hybrid table, on the box's border
# for a picker. A list that fits shows neither. At 80x22, 80x23, 80x24 and
# 132x43, in a UTF-8 and the C locale, and a vt100 in UTF-8.
. "$(dirname "$0")/lib.sh"

have_utf8=1
[ "$(LC_ALL=C.UTF-8 locale charmap 2>/dev/null)" = UTF-8 ] || have_utf8=0
# 40 scenarios in the current directory: the open picker never fits.
for i in $(seq 10 49); do cp "$SCEN/default.yaml" "$TMP/work/plan$i.yaml"; done
chmod -R u+w "$TMP/work"

walk() { # SIZE LOCALE TERM
    local size=$1 loc=$2 term=$3 up down
    if [ "$loc" = C ] || [ "$term" = vt100 ]; then up='\^' down='v'; else up='↑' down='↓'; fi
    local rows=${size#*x} what="$size $loc $term"
    START_SIZE=$size start NO_COLOR=1 LC_ALL="$loc" TERM="$term" -- default
    wait_re " Hardware +Facility " 10 "panel tabs at $what" || give_up
    if [ "$rows" -lt 43 ]; then
        # Hardware's 11 fields do not fit: more below, none above.
        wait_for "1/11 hardware.gpu_model: " 5 "the position on the status line at $what"
        wait_re "^($down)[A-Z][a-z]" 2 "a down mark on the last row shown at $what"
        refute_re "^($up)[A-Z][a-z]" "an up mark with nothing above at $what"
        keys Down Down Down Down Down Down Down Down Down Down
        wait_for "11/11 hardware." 5 "the last field's position at $what"
        wait_re "^($up)[A-Z][a-z]" 2 "an up mark on the first row shown at $what"
        refute_re "^($down)[A-Z][a-z]" "a down mark with nothing below at $what"
        keys Up Up Up
        wait_for "8/11 hardware." 5 "Up moves the position at $what"
    else
        # 132x43: every field shows; no mark, no position.
        wait_for "hardware.gpu_model: The GPU" 5 "help at $what"
        refute "1/11 " "a position for a list that fits at $what"
        refute_re "^($down|$up)[A-Z][a-z]" "a mark for a list that fits at $what"
    fi
    # The open picker: 40 files here, then the shipped ones.
    keys F3
    wait_for "open a scenario" 5 "the picker at $what"
    wait_re " 2/5[0-9], PgDn for more " 5 "the picker's position on its border at $what"
    wait_re "plan[0-9]+\.yaml +($down)\$" 2 "a down mark on the picker's border at $what"
    refute_re "\.ya?ml +($up)\$" "an up mark on the picker's first row at $what"
    keys End
    wait_re " (5[0-9])/\\1, PgUp for more " 5 "End: the last of the list at $what"
    wait_re "\.ya?ml +($up)\$" 2 "an up mark on the picker's border at $what"
    keys Escape
    wait_gone "open a scenario" 5
    # The help screen scrolls with the same marks.
    keys F1
    wait_re " 1-[0-9]+ of [0-9]+, PgDn for more " 5 "the help's lines at $what"
    # On its right border (two columns in from the screen's edge), beside
    # its last row.
    local row=$(( ${size#*x} - 3 )) u8=C
    [ "$have_utf8" = 1 ] && u8=C.UTF-8
    screen | sed -n "${row}p" | LC_ALL=$u8 grep -qE "($down).{0,2}\$" &&
        ok || fail "no down mark on the help's border at $what"
    keys Escape
    wait_gone "gpuplan help" 5
    keys q
    wait_for "EXIT=0" 10
}

# The Hybrid panel's table: its lines above and below are marked the same.
hybrid() { # SIZE LOCALE
    local size=$1 loc=$2 up down
    if [ "$loc" = C ]; then up='\^' down='v'; else up='↑' down='↓'; fi
    START_SIZE=$size start NO_COLOR=1 LC_ALL="$loc" TERM=xterm-256color -- logistics-hybrid
    wait_re " Hardware +Facility " 10 "planner at $size $loc" || give_up
    keys M-8
    wait_for "hybrid.days:" 5 "the Hybrid panel at $size $loc"
    if [ "${size#*x}" -lt 43 ]; then
        wait_re "^1/[0-9]+ hybrid.days: " 5 "the table's position at $size $loc"
        wait_re "^($down)" 2 "a down mark below the table at $size $loc"
        keys Down Down Down Down Down Down Down Down Down Down
        wait_re "^11/11 warning 1 of 1" 5 "the position follows to the warning at $size $loc"
        wait_re "^($up)" 2 "an up mark above the table at $size $loc"
    else
        refute_re "^[0-9]+/[0-9]+ hybrid" "a position for a table that fits at $size $loc"
        refute_re "^($down|$up)" "a mark for a table that fits at $size $loc"
    fi
    keys q
    wait_for "EXIT=0" 10
}

for size in 80x22 80x23 80x24 132x43; do
    [ "$have_utf8" = 1 ] && walk "$size" C.UTF-8 xterm-256color && hybrid "$size" C.UTF-8
    walk "$size" C xterm-256color
    hybrid "$size" C
done
[ "$have_utf8" = 1 ] && walk 80x24 C.UTF-8 vt100
finish
