#!/bin/bash
# notes.sh: the notes open in a multi-line editor (DESIGN 8): lines typed
# with Enter, Up/Down/End to move, Backspace joining lines, Esc keeps the
# text as one undo step, and the notes saved into the file's block scalar
# load back exactly; notes being typed survive an SSH drop. Long names end
# in an ellipsis and open whole.
. "$(dirname "$0")/lib.sh"

# A file whose notes are a block scalar of two lines.
sed 's/^notes: .*/notes: |\n  first line\n  second line/' "$SCEN/default.yaml" \
    >"$TMP/work/plan.yaml"
sed -i 's/^name: .*/name: "A scenario name long enough to be cut on the Business panel at 80x24"/' \
    "$TMP/work/plan.yaml"
"$GPUPLAN" check "$TMP/work/plan.yaml" >/dev/null || { echo "bad fixture"; exit 99; }
# json_notes FILE: the "notes" member of the report, as JSON writes it.
json_notes() { "$GPUPLAN" report --format json "$1" | sed -n 's/^[[:space:]]*"notes":[[:space:]]*//p' | head -1; }

start -- plan.yaml
wait_for "plan.yaml" 10 "title shows the file" || give_up
keys BTab BTab BTab BTab
wait_for "Notes " 5 "Shift-Tab four times shows the Business panel"
# The long name ends in an ellipsis on the panel and opens whole on Enter.
wait_for " Scenario name      A scenari…" 2 "a long name ends in an ellipsis"
keys Enter
wait_for "at 80x24" 5 "Enter opens the whole name (its end shows)"
wait_for "A scenario name long enough to be cut on the Business panel at 80x24" 2 \
    "Enter opens the whole name, from its first character"
keys Escape
# The notes row shows the first line and an ellipsis: there is more.
keys Down
wait_for " Notes              first lin…" 5 "the notes row: its first line, cut"
keys Enter
wait_for "Notes: line 1 of 3, 23 of 4000 characters" 5 "Enter opens the notes editor"
wait_for "Ctrl-S/Esc done  Enter new line  Up/Down row" 2 "the editor's keys on the hint line"
screen | grep -q "^ second line" && ok || fail "the second line is shown on its own row"

# The cursor starts at the top: type a line above the first, then join
# two lines with Backspace at the start of the second.
type_text "top"
keys Enter
type_text "wrap é 世界 "
wait_for "Notes: line 2 of 4," 2 "Enter started a new line"
screen | grep -q "^ wrap é 世界 first line$" && ok || fail "typed text is before the old first line"
keys Down Home BSpace
wait_for "wrap é 世界 first linesecond line" 5 "Backspace at a line's start joins the lines"
keys End Enter
type_text "after"
keys Up Up End
type_text "!"
wait_for "Notes: line 1 of 4," 2 "Up twice reaches the first line"
screen | grep -q "^ top!$" && ok || fail "End reached the first line's end"
keys Escape
wait_for "notes kept: 4 lines" 5 "Esc keeps the text"
wait_for "[+]" 2 "the change is unsaved"
wait_for " Notes                   top!…" 2 "the panel shows the new first line"

# One undo step takes back the whole edit, redo brings it again.
keys u
wait_for "first lin…" 5 "u undoes the whole edit"
wait_gone "[+]" 5
keys C-r
wait_for "top!…" 5 "Ctrl-R redoes it"

# Save: the block scalar is edited, the rest of the file stays, and the
# notes load back exactly.
keys C-s
wait_for "saved plan.yaml" 5 "Ctrl-S saves"
WANT='"top!\nwrap é 世界 first linesecond line\nafter\n"'
[ "$(json_notes "$TMP/work/plan.yaml")" = "$WANT," ] && ok ||
    fail "saved notes are $(json_notes "$TMP/work/plan.yaml"), not $WANT"
grep -q '^notes: |' "$TMP/work/plan.yaml" && ok || fail "the notes are no longer a block scalar"
"$GPUPLAN" check "$TMP/work/plan.yaml" >/dev/null 2>&1 && ok || fail "the saved file does not load"

# Reopen: the editor shows what was saved.
keys q
wait_for "EXIT=0" 5 "q quits: nothing unsaved"
start -- plan.yaml
wait_for "plan.yaml" 10 "reopened" || give_up
keys BTab BTab BTab BTab Down Enter
wait_for "Notes: line 1 of 4," 5 "the reopened notes have four lines"
screen | grep -q "^ after$" && ok || fail "the third line is on its own row after reloading"
# Ctrl-S in the editor finishes it (it does not save the file): nothing
# changed, nothing to save.
keys C-s
wait_for "notes unchanged" 5 "Ctrl-S finishes the editor"

# A line typed on the empty last row (the block's final line break) keeps
# the break: the file's `notes: |` does not become `|-`.
keys Enter Down Down Down
type_text "last"
keys Escape
wait_for "notes kept: 5 lines" 5 "a line typed on the last row (the break after it counts a row)"
keys C-s
wait_for "saved plan.yaml" 5 "saved with the new last line"
grep -q '^notes: |$' "$TMP/work/plan.yaml" && ok ||
    fail "the block lost its chomping: $(grep '^notes:' "$TMP/work/plan.yaml")"
WANT='"top!\nwrap é 世界 first linesecond line\nafter\nlast\n"'
[ "$(json_notes "$TMP/work/plan.yaml")" = "$WANT," ] && ok ||
    fail "saved notes are $(json_notes "$TMP/work/plan.yaml"), not $WANT"

# An SSH drop while notes are being typed keeps them (DESIGN 7): the
# recovery file holds the text not yet finished.
keys Enter End
type_text "typed before the drop"
wait_for "typed before the drop" 5 "typing in the reopened editor"
kill -HUP "$PID"
wait_for "EXIT=129" 10 "SIGHUP exits 128+1"
REC=$(ls -d "$TMP/work/.plan.yaml".*.gpuplan-recover "$TMP/state/gpuplan/"*plan.yaml*.gpuplan-recover 2>/dev/null | head -1)
[ -n "$REC" ] && grep -q "typed before the drop" "$REC" && ok ||
    fail "the recovery file ${REC:-(none)} lacks the notes being typed"
# In the C locale a non-ASCII name opens whole with a '?' a character, one
# column each, and leaves the results column alone.
sed -i 's/^name: .*/name: "Cl\xc3\xbast\xc3\xa9r \xe6\x9d\xb1\xe4\xba\xac caf\xc3\xa9 end of a long name"/' \
    "$TMP/work/plan.yaml"
rm -f "$TMP/work/.plan.yaml".*.gpuplan-recover "$TMP/state/gpuplan/"*plan.yaml*.gpuplan-recover
start LANG=C LC_ALL=C LC_CTYPE=C -- plan.yaml
wait_for "plan.yaml" 10 "C locale: title shows the file" || give_up
keys BTab BTab BTab BTab
wait_for "Scenario name" 5 "C locale: the Business panel"
keys Enter
wait_for " Scenario name      Cl?st?r ?? caf? end of a long name" 5 \
    "C locale: Enter opens the name whole, a '?' a character"
refute_re "Scenario name.*~" "C locale: raw bytes in the edited name"
keys Escape
wait_for "Scenario name      Cl?st?r ?~" 5 "C locale: Esc closes the edit"
wait_for "Option     per month" 2 "C locale: the results back after the edit"
# The title maps the name the same way, so the file and [+] keep their row.
wait_for " gpuplan - Cl?st?r ?? caf? end of a long name - plan.yaml" 2 \
    "C locale: the title shows a '?' a character"
keys Enter End
type_text "x"
keys Enter
wait_for " gpuplan - Cl?st?r ?? caf? end of a long namex - plan.yaml [+]" 5 \
    "C locale: the title keeps the file and [+] on its row"
keys F10
wait_for "unsaved changes" 5 "C locale: quit asks about the change"
keys d
wait_for "EXIT=0" 5 "C locale: discarded and quit"
finish
