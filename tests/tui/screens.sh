#!/bin/bash
# screens.sh: golden screens of the planner (DESIGN 8). The default scenario
# and diagflow at 80x22, 80x23, 80x24, 100x30 and 132x43, each in a UTF-8
# locale (C.UTF-8, TERM=xterm-256color: braille curves) and in the C locale
# (TERM=vt100: letters), compared with tests/data/screens/*.txt after the
# file in the title is masked; at 80x24 also diagflow's chart full-screen
# (z) and its breakdown (c). On diagflow's chart at 80x24 every option
# shows its letter (and, in UTF-8, its braille curve) and its legend entry.
#
# Regenerate after an intended change to the screen (the run then fails on
# purpose; read every file before committing it):
#     GPUPLAN_UPDATE_GOLDEN=1 make check TESTS=tests/tui/screens.sh
# or, from the build directory,
#     GPUPLAN=./gpuplan top_srcdir=SRCDIR tests/tui/screens.sh --update
[ "${1:-}" = --update ] && export GPUPLAN_UPDATE_GOLDEN=1
. "$(dirname "$0")/lib.sh"

dir=$top_srcdir/tests/data/screens
updating_goldens && mkdir -p "$dir"
cp "$SCEN/diagflow.yaml" "$TMP/work/diagflow.yaml"
chmod u+w "$TMP/work/diagflow.yaml"

have_utf8=1
[ "$(LC_ALL=C.UTF-8 locale charmap 2>/dev/null)" = UTF-8 ] || have_utf8=0
[ "$have_utf8" = 1 ] || echo "C.UTF-8 is not installed: the UTF-8 screens are skipped" >&2

# The title's file (after its last separator) as <file>: the golden
# screens do not depend on where the test runs.
mask() { sed '1s/^\(.* [-—] \).*$/\1<file>/'; }

# stable ROWS HINT: the screen once it has ROWS lines, HINT on its last
# line and three captures over half a second agree (the frame is drawn
# whole).
stable() {
    local rows=$1 hint=$2 prev="" cur i=0 same=0
    while [ $i -lt 150 ]; do
        cur=$(screen)
        if [ "$cur" = "$prev" ] && [ "$(printf '%s\n' "$cur" | wc -l)" -eq "$rows" ] &&
            printf '%s\n' "$cur" | tail -1 | grep -qF -- "$hint"; then
            same=$((same + 1))
            if [ $same -ge 2 ]; then
                printf '%s\n' "$cur"
                return 0
            fi
        else
            same=0
        fi
        prev=$cur
        sleep 0.25
        i=$((i + 1))
    done
    return 1
}

# compare NAME: the screen on stdin against tests/data/screens/NAME.txt.
compare() {
    local golden=$dir/$1.txt
    mask >"$TMP/shot"
    golden_check "$TMP/shot" "$golden" "screen $1"
}

# open SCENARIO LOCALE SIZE: a planner on SCENARIO (default: none) in
# LOCALE (utf8 or c) at SIZE, its first frame drawn.
open_at() {
    local scen=$1 loc=$2 size=$3 envs
    if [ "$loc" = utf8 ]; then
        envs=(LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color NO_COLOR=1)
    else
        envs=(LANG=C LC_ALL=C TERM=vt100 NO_COLOR=1)
    fi
    # Started at its size: no resize, so no frame of another size can be
    # caught on the way.
    if [ "$scen" = default ]; then
        START_SIZE=$size start "${envs[@]}" --
    else
        START_SIZE=$size start "${envs[@]}" -- "$scen.yaml"
    fi
}

for loc in utf8 c; do
    [ "$loc" = utf8 ] && [ "$have_utf8" = 0 ] && continue
    for scen in default diagflow; do
        for size in 80x22 80x23 80x24 100x30 132x43; do
            open_at "$scen" "$loc" "$size"
            if ! stable "${size#*x}" "F1 help" >"$TMP/screen"; then
                fail "$scen $loc $size: no whole frame"
                continue
            fi
            compare "$scen-$size-$loc" <"$TMP/screen"
        done
    done
    # diagflow at 80x24: every option's letter (in UTF-8 once, at its
    # braille curve) and legend entry, then z and the breakdown.
    open_at diagflow "$loc" 80x24
    stable 24 "F1 help" >"$TMP/screen" || fail "diagflow $loc 80x24: no whole frame"
    # The chart: the rows from the first y label to the legend.
    chart=$(sed -n '14,$p' "$TMP/screen")
    plot=$(printf '%s\n' "$chart" | grep -E '^ *[^ ]* *[+|]' | grep -v -- '+---')
    legend=$(printf '%s\n' "$chart" | grep -F 'o on-prem')
    for o in "o on-prem" "d on-demand" "r reserved" "s spot"; do
        l=${o%% *}
        printf '%s\n' "$legend" | grep -qF -- "$o" && ok || fail "$loc: no legend entry '$o'"
        n=$(printf '%s\n' "$plot" | sed 's/^[^|+]*[|+]//' | grep -o "$l" | wc -l)
        if [ "$loc" = utf8 ]; then
            [ "$n" -eq 1 ] && ok || fail "$loc: letter $l $n times on the plot (once)"
        else
            [ "$n" -ge 3 ] && ok || fail "$loc: curve $l has $n cells on the plot"
        fi
    done
    # A braille cell's UTF-8 bytes (U+2800..U+28FF), matched byte-wise.
    braille=$'\xe2[\xa0-\xa3][\x80-\xbf]'
    if [ "$loc" = utf8 ]; then
        b=$(printf '%s\n' "$plot" | LC_ALL=C grep -o "$braille" | wc -l)
        [ "$b" -ge 100 ] && ok || fail "utf8: only $b braille cells on the plot"
        printf '%s\n' "$legend" | grep -qF "X on-demand 98.9%↑" && ok ||
            fail "utf8: no 'X on-demand 98.9%↑' in the legend"
    else
        printf '%s\n' "$chart" | LC_ALL=C grep -q "$braille" && fail "c: braille in the C locale" || ok
        printf '%s\n' "$legend" | grep -qF "X on-demand 98.9%^" && ok ||
            fail "c: no 'X on-demand 98.9%^' in the legend"
    fi
    keys z
    if stable 24 "z/Esc back" >"$TMP/screen"; then
        compare "diagflow-80x24-$loc-zoom" <"$TMP/screen"
    else
        fail "$loc: z shows no full-screen chart"
    fi
    # Every chart full-screen: c cycles them there (diagflow has no hybrid
    # plan: breakdown, cumulative spend, tornado), each from the third row.
    for title in "Monthly cost at u=42%" "Cumulative spend (USD)" "On-prem minus spot"; do
        keys c
        wait_for "$title" 5 "$loc: z shows '$title'"
        screen | sed -n 3p | grep -qF -- "$title" && screen | tail -1 | grep -qF "z/Esc back" &&
            ok || fail "$loc: '$title' is not full-screen"
        # The breakdown full-screen has the rows for its table.
        [ "${title%% *}" = Monthly ] && { wait_for "per month" 5 "$loc: the breakdown's table"; }
    done
    keys c
    wait_for "u=42%" 5 "$loc: back to the cost chart"
    keys Escape
    stable 24 "F1 help" >/dev/null && ok || fail "$loc: Esc does not leave the full-screen chart"
    keys c
    wait_for "Monthly cost at u=42%" 5 "$loc: the breakdown"
    if stable 24 "F1 help" >"$TMP/screen"; then
        compare "diagflow-80x24-$loc-breakdown" <"$TMP/screen"
    else
        fail "$loc: no whole frame of the breakdown"
    fi
done
finish
