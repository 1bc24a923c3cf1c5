#!/bin/bash
# utf8.sh: names with CJK characters and combining marks in a UTF-8 locale.
# Editing moves by whole characters (a mark stays with its letter), the
# cursor and the scrolled text count display columns (a CJK character
# takes two), and nothing is cut inside a character: the scenario name in
# its row and the title, a workload name in its narrow cell, and a long
# `:` line that scrolls.
. "$(dirname "$0")/lib.sh"


locale -a 2>/dev/null | grep -qix 'c.utf-\?8' || exit 77
E_ACUTE=$(printf 'e\314\201') # e + U+0301 COMBINING ACUTE ACCENT
TEN=一二三四五六七八九十       # ten CJK characters, twenty columns

start LC_ALL=C.UTF-8 --
wait_re " Hardware +Facility " 10 "panel tabs" || give_up
# Business panel (four back from Hardware), its first row is the name.
keys BTab BTab BTab BTab
wait_for "Scenario name" 5 "business panel" || give_up
keys Enter C-u
type_text "中文 ${E_ACUTE}x"
# Two steps left from the end: before x, then before e + its mark (one
# character); A goes in front of it.
keys Left Left
type_text "A"
wait_for "中文 A${E_ACUTE}x" 5 "A inserted before the accented e, not inside it"
keys Enter
wait_for "gpuplan — 中文 A${E_ACUTE}x — (no file) [+]" 5 "the name in the title"
type_text ":w cjk.yaml"
keys Enter
wait_for "saved cjk.yaml" 5
grep -qF "中文 A${E_ACUTE}x" "$TMP/work/cjk.yaml" && ok ||
    fail "the saved file does not hold the name as typed"

# A long `:` line scrolls by columns: its end, the last characters typed,
# is on screen whole.
type_text ":set name=$TEN$TEN$TEN$TEN"
wait_re "^:.*七八九十$" 5 "the command line shows its end after scrolling"
keys Escape
wait_gone "set name=" 5

# A workload name longer than its cell: the cell shows the characters
# before the cursor, from a character boundary.
keys BTab BTab BTab BTab BTab
keys BTab BTab
wait_for "a adds one" 5 "hybrid panel without a plan" || give_up
keys a
wait_for "example" 5 "example workload added" || give_up
# Down past the plan's six rows (days ... backfill) to the workload.
keys Down Down Down Down Down Down
wait_for "hybrid.workloads[0].name:" 5 "the workload's name cell"
keys Enter C-u
type_text "$TEN"
wait_re "^ 八九十 +4/day" 5 "the cell shows the name's end from a character boundary"
keys Escape
wait_re "^ example +4/day" 5 "Esc keeps the old name"

# In the C locale a non-ASCII byte (é typed from a UTF-8 terminal) is no
# character: it is dropped with a message, and the keys after it still work.
start LANG=C LC_ALL=C LC_CTYPE=C --
wait_for " Hardware " 10 "planner in the C locale" || give_up
type_text "é"
wait_for "no character in this locale" 5 "the byte is dropped with a message"
keys Tab
wait_for "facility.node_power_max_kw" 5 "Tab after the byte switches the panel"
keys Enter
wait_for "Power, provisioned 10.2 " 5 "Enter after the byte edits in place"
keys Escape
wait_for "Power, provisioned       10.2 kW" 5 "Esc after the byte cancels"
keys q
wait_for "EXIT=0" 10 "q after the byte quits"
finish
