#!/bin/bash
# field_help.sh: the help of the selected field is never cut mid-word
# without a mark (DESIGN 8): longer than the status line it wraps upward over
# the chart, two rows at most, whole words to a row; longer still its last
# row ends in the ellipsis and says that ? shows it whole; typing a value
# moves none of its rows; ? opens the
# field's whole help (what it is, its value, what it allows, its default and
# step), F1 still the keys. At 80x22, 80x23, 80x24 and 132x43, in a UTF-8
# and the C locale.
. "$(dirname "$0")/lib.sh"

have_utf8=1
[ "$(LC_ALL=C.UTF-8 locale charmap 2>/dev/null)" = UTF-8 ] || have_utf8=0
HELP="Share of owned GPU-hours that jobs hold (scheduler accounting; DCGM only if jobs keep GPUs busy)"
NAME=$(printf 'w%.0s' $(seq 1 70))
RUN_HELP="where jobs run; burst goes to the cloud when the on-prem wait exceeds max_wait_minutes"

# above_hint N: the N rows above the hint line (the last row), joined by a
# blank, and each row's last and the next row's first word checked whole
# against the help: a row cut inside a word would join as two words.
above_hint() { screen | tail -$(($1 + 1)) | head -"$1" | sed 's/ *$//' | tr '\n' ' ' | sed 's/ $//'; }

walk() { # SIZE LOCALE
    local size=$1 loc=$2 cols=${1%x*} ell='…'
    [ "$loc" = C ] && ell='~'
    START_SIZE=$size start NO_COLOR=1 LC_ALL="$loc" TERM=xterm-256color -- logistics-hybrid
    wait_re " Hardware +Facility " 10 "planner at $size $loc" || give_up
    keys M-4 # Utilization: measured_pct first, its help 122 characters
    wait_for "utilization.measured_pct:" 5 "the Utilization panel at $size $loc"
    local line="utilization.measured_pct: $HELP"
    if [ "$cols" -ge 132 ]; then
        [ "$(above_hint 1)" = "$line" ] && ok || fail "the help on one row at $size $loc: $(above_hint 1)"
    else
        [ "$(above_hint 2)" = "$line" ] && ok ||
            fail "the help wrapped whole at whole words at $size $loc: '$(above_hint 2)'"
    fi
    # Typing a digit moves no row: the help keeps its rows during the edit
    # (DESIGN 8).
    keys 5
    wait_for "Enter commit  Esc cancel" 5 "an edit of the utilization at $size $loc"
    if [ "$cols" -ge 132 ]; then
        [ "$(above_hint 1)" = "$line" ] && ok || fail "typing keeps the help's row at $size $loc: $(above_hint 1)"
    else
        [ "$(above_hint 2)" = "$line" ] && ok ||
            fail "typing keeps the help's two rows at $size $loc: '$(above_hint 2)'"
    fi
    keys Escape
    wait_gone "Enter commit  Esc cancel" 5
    # ? shows it whole, with what the field allows.
    keys '?'
    wait_for "Utilization (utilization.measured_pct): Esc closes, F1 lists every key" 5 \
        "? opens the field's help at $size $loc"
    screen | sed -E 's/^[^|│]*[|│] ?//; s/ *[|│].*$//' | tr '\n' ' ' | tr -s ' ' |
        grep -qF "$HELP" && ok || fail "? shows the whole help at $size $loc"
    wait_for "Value: 45 %" 2 "its value"
    wait_for "Allowed: 0 to 100 %" 2 "what it allows"
    wait_for "Default: 50 %" 2 "its default"
    wait_for "Step: 1 (- and + nudge by it, < and > by ten)" 2 "its step"
    keys Escape
    wait_gone "Esc closes, F1 lists every key" 5
    keys F1
    wait_for "gpuplan help (Esc closes)" 5 "F1 still shows the keys at $size $loc"
    wait_for "the selected field's whole help" 2 "and the help lists ?"
    keys Escape
    wait_gone "gpuplan help" 5
    # A help too long for two rows: a workload's long name before its key.
    type_text ":set hybrid.workloads[0].name=$NAME"
    keys Enter
    wait_for "$NAME" 5 "the long name is set at $size $loc"
    type_text ":goto hybrid.workloads[0].run"
    keys Enter
    # (the name shows since :set; the goto is done once the utilization's
    # help has gone)
    wait_gone "utilization.measured_pct:" 5
    wait_for "$NAME" 5 "the run cell's help names the workload at $size $loc"
    if [ "$cols" -ge 132 ]; then
        above_hint 2 | grep -qF "hybrid.workloads[0].run: " && ok || fail "two rows at 132: $(above_hint 2)"
        refute "? shows all" "a cut at $size $loc"
    else
        wait_re "$ell \? shows all$" 2 "the cut row ends in the ellipsis and names ? at $size $loc"
        # The text before the mark is a head of the whole line that ends
        # at a word's end (after its position on the panel, when shown).
        local shown full rest
        shown=$(above_hint 2 | sed -E "s/^[0-9]+\/[0-9]+ //; s/$ell \? shows all\$//; s/ *\$//")
        full="$NAME — hybrid.workloads[0].run: $RUN_HELP"
        [ "$loc" = C ] && full="$NAME - hybrid.workloads[0].run: $RUN_HELP"
        rest=${full#"$shown"}
        [ "$rest" != "$full" ] && [ "${rest:0:1}" = " " ] && [ "${#shown}" -gt 100 ] && ok ||
            fail "not a head of the help at a word's end at $size $loc: '$shown'"
        keys '?'
        wait_for "Run (hybrid.workloads[0].run)" 5 "? shows the cut help whole at $size $loc" ||
            wait_for "(hybrid.workloads[0].run): Esc closes" 2 "? shows the cut help whole"
        wait_for "Allowed: onprem, cloud or burst (Space cycles)" 2 "a choice's words"
        keys Escape
        wait_gone "Esc closes, F1" 5
    fi
    keys q
    wait_for "unsaved changes" 5 && keys d
    wait_for "EXIT=0" 10
}

for size in 80x22 80x23 80x24 132x43; do
    [ "$have_utf8" = 1 ] && walk "$size" C.UTF-8
    walk "$size" C
done
finish
