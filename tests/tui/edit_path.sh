#!/bin/bash
# edit_path.sh: the planner's one edit path as a user meets it (DESIGN 8):
# undo and redo say what they took back; Esc after a refused value leaves
# no figure marked stale; :set leaves the selection where
# it was, so the next nudge moves the same field; F10 while typing keeps
# what is typed and quits (asking about unsaved changes), or says why it
# does not; the price book's values go through the fields' rules, so a
# price a field does not allow is refused with the field's reason and
# nothing is copied (the scenario still saves and loads).
. "$(dirname "$0")/lib.sh"

# Issue 24 item 12 at 80x22, 80x23, 80x24 and 132x43, in a UTF-8 and the
# C locale, each size a planner started at it.
for walk in C.UTF-8:80x22 C.UTF-8:80x23 C.UTF-8:80x24 C.UTF-8:132x43 \
            C:80x22 C:80x23 C:80x24 C:132x43; do
    loc=${walk%%:*} size=${walk#*:}
    arrow='→'
    [ "$loc" = C ] && arrow='->'
    START_SIZE=$size start "LANG=$loc" "LC_ALL=$loc" --
    at="$loc $size"
    wait_for "7.67" 10 "$at: default screen" || give_up

    # Undo and redo say what they did.
    keys Down Right
    wait_re "^ Nodes +5 nodes" 5 "$at: Right nudges Nodes to 5"
    keys u
    wait_for "undone: Nodes 5 $arrow 4" 5 "$at: undo says what it took back"
    keys C-r
    wait_for "redone: Nodes 4 $arrow 5" 5 "$at: redo says what it put again"
    keys Right Right
    wait_re "^ Nodes +7 nodes" 5 "$at: two more nudges"
    keys u
    wait_for "undone: Nodes 7 $arrow 6 (2 more to undo)" 5 "$at: and how many steps are left"
    # A value refused from its first keystroke marks the figures stale; Esc
    # brings back the committed value's, unmarked.
    keys 0
    wait_for "stale" 5 "$at: a refused first digit marks the figures stale"
    keys Escape
    wait_gone "stale" 5

    # :set changes another field and leaves the selection on Nodes.
    type_text ":set facility.pue=1.3"
    keys Enter
    wait_for "facility.pue = 1.3 (Facility panel); still on hardware.nodes" 5 \
        "$at: :set says where the field is and where the selection stayed"
    keys +
    wait_re "^ Nodes +7 nodes" 5 "$at: the next + moves Nodes, not the field :set changed"
    keys M-2
    wait_re "^ PUE +1\.3 " 5 "$at: PUE has the value :set gave it"
    keys M-1
    wait_re "^ Nodes +7 nodes" 5 "$at: back on Nodes"
    # Undo of a typed money value says it with the screen's grouping.
    keys Down Down
    wait_for "hardware.node_price: Per node" 5 "$at: on the node price"
    type_text "345000"
    keys Enter
    wait_re "^ Node price +345,000 USD" 5 "$at: the typed node price"
    keys u
    wait_for "undone: Node price 345,000 $arrow 310,000" 5 "$at: undo says the value it took back"
    keys Up Up
    wait_for "hardware.nodes: Owned GPU servers" 5 "$at: back on Nodes again"
    keys q
    wait_for "unsaved changes: (s)ave / (d)iscard / (c)ancel" 5 "$at: quit asks"
    keys c
    wait_gone "unsaved changes:" 5
    # F10 while a value is typed commits it, then asks.
    keys 9
    wait_for "Enter commit" 5 "$at: a digit opens the editor"
    keys F10
    wait_for "unsaved changes: (s)ave / (d)iscard / (c)ancel" 5 "$at: F10 while typing asks"
    wait_re "^ Nodes +9 nodes" 5 "$at: the typed value was committed first"
    keys d
    wait_for "EXIT=0" 10 "$at: discard quits"
done

# F10 while a value is typed: the value is committed, then quitting asks
# about the unsaved change; a value that is refused stays in the editor
# and the message says why the planner did not quit.
start --
wait_for "7.67" 10 "default screen" || give_up
keys Down 9
wait_for "Enter commit" 5 "a digit opens the editor"
keys F10
wait_for "unsaved changes: (s)ave / (d)iscard / (c)ancel" 5 "F10 while typing asks"
wait_re "^ Nodes +9 nodes" 5 "the typed value was committed first"
keys c
wait_gone "unsaved changes:" 5 "cancel stays"
keys Enter C-u
type_text "x"
keys F10
wait_for "not quitting: hardware.nodes: " 5 "F10 on a refused value says why it does not quit"
wait_for "Enter commit" 2 "the editor stays open with the value"
refute "unsaved changes:" "F10 asked to quit with a refused value"
keys Escape
wait_gone "Enter commit" 5 "Esc drops the value"
wait_re "^ Nodes +9 nodes" 5 "Nodes keeps its committed value"

# F10 on the command line closes it unrun and quits as ever; in a list
# or the help it says to close it first.
keys :
type_text "set hardware.nodes=3"
keys F10
wait_for "unsaved changes: (s)ave / (d)iscard / (c)ancel" 5 "F10 on the command line asks"
keys c
wait_re "^ Nodes +9 nodes" 5 "the command line was not run"
keys F1
wait_for "gpuplan help" 5 "help"
keys F10
wait_for "F10 quits once this help is closed (Esc closes it)" 5 "F10 in the help says why not"
keys Escape
wait_gone "gpuplan help" 5

# F10 in the notes editor keeps the notes, then asks.
type_text ":goto notes"
keys Enter Enter
wait_for "Ctrl-S or Esc keeps the text" 5 "the notes editor"
type_text "kept by F10"
keys F10
wait_for "unsaved changes: (s)ave / (d)iscard / (c)ancel" 5 "F10 in the notes editor asks"
keys c
wait_re "^ Notes +kept by F" 5 "the notes were kept"
keys q
wait_for "unsaved changes:" 5
keys d
wait_for "EXIT=0" 10 "discard quits"

# The price book: a row whose price per GPU-hour is out of the field's
# range (9,000 an hour on one GPU; the field allows 0 to 1000) is refused
# with the field's reason and copies nothing; a row within range copies.
mkdir -p "$TMP/book"
cat >"$TMP/book/prices.yaml" <<'EOF'
gpuplan_prices: 1
instances:
  - name: big.metal
    provider: AWS
    gpu: H100 SXM 80GB
    gpus: 1
    date: "2026-01-31"
    regions:
      us-east-1: {on_demand: 9000, spot: 2}
  - name: fair.metal
    provider: AWS
    gpu: H100 SXM 80GB
    gpus: 8
    date: "2026-01-31"
    regions:
      us-east-1: {on_demand: 40, spot: 16}
EOF
START_SIZE=80x30 start "GPUPLAN_SCENARIO_DIR=$TMP/book" --
wait_for "7.67" 10 "default screen" || give_up
keys M-5
wait_re "^ On-demand +6\.88 " 5 "the Cloud panel's on-demand price"
keys p
wait_for "od/res/spot" 5 "the picker" || give_up
wait_re "big\.metal .* 9000\.00 / - / 2\.00" 2 "the row says 9000 an hour a GPU"
keys Enter
wait_for "cloud.on_demand_gpu_hour: 9,000 is above" 5 "refused with the field's reason, its numbers grouped as the screen's"
wait_for "nothing copied" 2 "and says nothing was copied"
wait_re "^ On-demand +6\.88 " 5 "the on-demand price is unchanged"
wait_re "^ Spot +2\.96 " 2 "the spot price is unchanged too (all or nothing)"
refute "[+]" "a refused pick changed the scenario"
keys p
wait_for "od/res/spot" 5 "the picker again"
keys Down Enter
wait_for "fair.metal us-east-1: on-demand 5.00, " 5 "a row within range copies"
wait_re "^ On-demand +5 " 5 "the copied price"
keys F2
wait_for "save as:" 5 "F2 asks for a path"
keys C-u
type_text "$TMP/picked.yaml"
keys Enter
wait_for "saved $TMP/picked.yaml" 5 "the scenario saves"
"$GPUPLAN" check "$TMP/picked.yaml" >/dev/null 2>&1 && ok || fail "the saved file does not load"
# A path too long to keep whole is refused, never cut to a shorter name.
keys :
type_text "w $TMP/$(printf 'd%.0s' $(seq 1 4200)).yaml"
keys Enter
wait_for "4095 bytes; not saved" 5 "a path too long for the planner is refused"
keys q
wait_for "EXIT=0" 10 "quit"
finish
