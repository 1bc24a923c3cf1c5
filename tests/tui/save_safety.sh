#!/bin/bash
# save_safety.sh: the planner never writes a file it cannot read back
# (DESIGN 1.3, 7): every workload of a plan deleted on the Hybrid panel and
# the scenario saved gives a file that loads, with the empty plan; a device
# is never saved to; file names are shown with their controls visible.
. "$(dirname "$0")/lib.sh"

cp "$top_srcdir/tests/data/good/hybrid.yaml" "$TMP/work/plan.yaml"
chmod 0644 "$TMP/work/plan.yaml"
start -- plan.yaml
wait_for "plan.yaml" 10 || give_up
keys BTab BTab
wait_for "On-prem nodes" 5 "the Hybrid panel"
for name in 'nightly "train"' 'burst jobs' 'cloud only'; do
    keys : ; type_text "goto hybrid.workloads[0].name"; keys Enter
    keys d
    wait_for "delete workload '$name'? (y)es / (n)o" 5 "d asks about $name"
    keys y
    wait_for "workload '$name' deleted" 5 "$name deleted"
done
keys C-s
wait_for "saved plan.yaml" 5 "Ctrl-S saves the empty plan"
"$GPUPLAN" check "$TMP/work/plan.yaml" >"$TMP/out" 2>&1 && ok ||
    fail "the saved file does not load: $(cat "$TMP/out")"
grep -q '^  workloads: \[\]' "$TMP/work/plan.yaml" && ok || fail "no empty workload list in the file"
# A device is never saved to, and no w! is suggested that could not work.
type_text ":w /dev/full"; keys Enter
wait_for "cannot save to /dev/full: it is a device, pipe or socket" 5 ":w /dev/full says why"
refute "w! /dev/full" ":w /dev/full suggests w!"
type_text ":w! /dev/full"; keys Enter
wait_for "cannot save to /dev/full" 5 ":w! /dev/full is refused the same way"
[ -c /dev/full ] && ok || fail "/dev/full was replaced"
# Exports the same: a device or a directory is refused at once, without a
# "replace it?" whose yes cannot work.
mkdir -p "$TMP/work/d"
for target in /dev/full:"a device, pipe" d:"a directory, not a file"; do
    type_text ":export html ${target%%:*}"; keys Enter
    wait_for "cannot export to ${target%%:*}: it is ${target#*:}" 5 ":export onto ${target%%:*} says why"
    refute "replace it?" ":export ${target%%:*} asks to replace it" || keys n
done
[ -c /dev/full ] && [ -d "$TMP/work/d" ] && ok || fail "an export replaced a device or a directory"
# File names are data: the open picker and the messages show their
# control characters visibly (DESIGN 8), never send them to the terminal.
cp "$SCEN/default.yaml" "$TMP/work/evil"$'\033'"]2;pwned"$'\007'".yaml"
printf 'gpuplan: 1\nhardware:\n  nodes: 0\n' >"$TMP/work/bad"$'\033'"[2J.yaml"
keys o
wait_for 'evil\x1b]2;pwned\x07.yaml' 5 "the picker shows the escape visibly"
# The one that does not load is left out; the note under the list names
# it, visibly, with its error.
wait_for 'left out: bad\x1b[2J.yaml (here: 3:10: hardware.nodes: 0 is below 1)' 5 \
    "the note quoting the file name shows it visibly"
keys Down Enter # d/ is selected first; then evil...
wait_for 'opened ./evil\x1b]2;pwned\x07.yaml' 5 "the message quoting the file name shows it visibly"
keys q
wait_for "EXIT=0" 10
# The title line shows the file name the same way: a U+202E in it (which
# would show "evil...yaml.exe" reversed) and a zero-width space are
# escaped, in a UTF-8 locale and in the C locale, never sent raw.
EVIL=$(printf 'evil\342\200\256gnp.yaml')
ZWSP=$(printf 'zero\342\200\213width.yaml')
cp "$SCEN/default.yaml" "$TMP/work/$EVIL"
cp "$SCEN/default.yaml" "$TMP/work/$ZWSP"
for loc in C.UTF-8 C; do
    start LC_ALL=$loc -- "$EVIL"
    wait_for 'evil\u202egnp.yaml' 10 "the title escapes U+202E ($loc)"
    refute $'\xe2\x80\xae' "a raw U+202E reached the screen ($loc)"
    keys q
    wait_for "EXIT=0" 10
    start LC_ALL=$loc -- "$ZWSP"
    wait_for 'zero\u200bwidth.yaml' 10 "the title escapes U+200B ($loc)"
    keys q
    wait_for "EXIT=0" 10
done
finish
