#!/bin/bash
# file_picker.sh: the open picker (F3, DESIGN 8) offers only what opens:
# scenarios (YAML, a JSON export) and directories. A routing file, the price
# book and a scenario with an error are left out, and the note under the
# list says which and why; Enter goes into a directory and `..` back up, the
# directory just left selected. At 80x22, 80x23, 80x24 and 132x43, in a
# UTF-8 and the C locale.
. "$(dirname "$0")/lib.sh"

W=$TMP/work
cp "$SCEN/diagflow.yaml" "$W/client.yaml"
"$GPUPLAN" report -o "$W/export.json" default || fail "no JSON export to test with"
cp "$top_srcdir/tests/data/routing/routing-article.json" "$W/routing.json"
echo "minutes of the meeting" >"$W/notes.txt"
mkdir -p "$W/plans/deeper" "$W/.hidden"
cp "$SCEN/minimum-size.yaml" "$W/plans/one.yaml"
printf 'gpuplan: 1\nhardware:\n  nodes: 0\n' >"$W/plans/bad.yaml"
cp "$SCEN/prices.yaml" "$W/plans/prices.yaml" # a copy: p does not open it
chmod -R u+w "$W" # the source tree may be read-only (distcheck)
REAL=$(cd "$W" && pwd -P)

have_utf8=1
[ "$(LC_ALL=C.UTF-8 locale charmap 2>/dev/null)" = UTF-8 ] || have_utf8=0

# sel_row: the picker's selected row, in reverse video (monochrome run);
# the title line is reverse video too, the picker's rows are in its box.
sel_row() {
    TM capture-pane -p -e -t planner | grep -F -- $'\e[7m' | sed 's/\x1b\[[0-9;]*m//g' |
        grep -E '^(│|\|)' | sed -E 's/^(│|\|) *//; s/ *(│|\|)$//' | head -1
}

# wait_note TEXT: the box's rows, their borders taken off, read as one
# line hold TEXT (the note wraps over rows).
wait_note() {
    local text=$1 what=${2:-"the note says '$1'"} i=0
    while [ $i -lt 30 ]; do
        if screen | sed -E 's/^(│|\|) *//; s/ *(│|\|)$//' | tr '\n' ' ' | tr -s ' ' |
            grep -qF -- "$text"; then
            ok
            return 0
        fi
        sleep 0.1
        i=$((i + 1))
    done
    fail "$what"
    return 1
}

# selected NAME: the selected row ends in NAME.
selected() {
    local i=0 row
    while [ $i -lt 30 ]; do
        row=$(sel_row)
        [ "${row%"$1"}" != "$row" ] && { ok; return 0; }
        sleep 0.1
        i=$((i + 1))
    done
    fail "the selected row is '$row', not one ending in $1"
}

# pick NAME: move the selection to the row that ends in NAME; Enter.
pick() {
    local i=0 row
    keys Home
    while [ $i -lt 40 ]; do
        sleep 0.15
        row=$(sel_row)
        if [ "${row%"$1"}" != "$row" ]; then
            keys Enter
            ok
            return 0
        fi
        keys Down
        i=$((i + 1))
    done
    fail "no picker row ends in $1"
    return 1
}

walk() { # SIZE LOCALE
    local loc=$2
    START_SIZE=$1 start NO_COLOR=1 LC_ALL="$loc" TERM=xterm-256color --
    wait_re " Hardware +Facility " 10 "panel tabs at $1 $loc" || give_up
    keys F3
    wait_for "open a scenario" 5 "F3 opens the picker at $1 $loc" || give_up
    wait_for "here       ../" 5 "the parent directory is offered"
    wait_for "here       plans/" 2 "a directory is offered"
    wait_for "here       client.yaml" 2 "a YAML scenario is listed"
    wait_for "here       export.json" 2 "a JSON export is listed"
    wait_for "shipped    diagflow.yaml" 2 "the shipped scenarios are listed"
    refute "routing.json    " "routing.json is offered as a scenario"
    refute_re "(here|shipped) +(routing.json|prices.yaml|notes.txt|\.hidden)" \
        "a file that is not a scenario is offered at $1 $loc"
    wait_note "left out: routing.json (here: not a scenario, no gpuplan key)" \
        "the note says routing.json was left out, and why"
    wait_note "prices.yaml (shipped: a price book, p opens it)" "and the price book"
    wait_note "1 other file (not .yaml, .yml or .json)" "and counts notes.txt"
    selected "plans/"
    keys Enter
    wait_for "in $REAL/plans" 5 "Enter goes into plans/ at $1 $loc"
    wait_for "one.yaml" 2 "its scenario is listed"
    wait_note "left out: bad.yaml (3:10: hardware.nodes: 0 is below 1)" \
        "the scenario with an error is left out, with its first error"
    wait_note "prices.yaml (a price book, not a scenario)" \
        "a price book that p does not open is not said to open with p"
    refute "client.yaml" "plans/ lists the current directory's files"
    pick deeper/
    wait_for "in $REAL/plans/deeper" 5 "Enter goes deeper"
    wait_for "no scenario files or directories here" 2 "an empty directory says so"
    pick ../
    wait_for "in $REAL/plans" 5 ".. goes back up"
    selected "deeper/"
    pick ../
    wait_for "here       client.yaml" 5 ".. from plans/ shows the three places again"
    selected "plans/"
    pick ../
    wait_for "in $(dirname "$REAL")" 5 ".. above the current directory"
    selected "$(basename "$REAL")/"
    keys Enter
    wait_for "here       client.yaml" 5 "entering the current directory by name"
    pick plans/
    wait_for "in $REAL/plans" 5
    pick one.yaml
    wait_for "opened ./plans/one.yaml" 5 "Enter on a file opens it at $1 $loc"
    keys q
    wait_for "EXIT=0" 10
}

for size in 80x22 80x23 80x24 132x43; do
    [ "$have_utf8" = 1 ] && walk "$size" C.UTF-8
    walk "$size" C
done
finish
