#!/bin/bash
# save_keeps.sh: saving a file the planner opened edits it (DESIGN 1.3): one
# value changed and saved with Ctrl-S is a one-line diff, comments, blank
# lines, quoting and CRLF line endings stay; a deleted workload goes as a
# block; a second save edits what the first one wrote.
. "$(dirname "$0")/lib.sh"

ORIG=$top_srcdir/tests/data/good/commented.yaml
cat "$ORIG" >"$TMP/work/plan.yaml" # writable even from a read-only tree

start -- plan.yaml
wait_for "plan.yaml" 10 "title shows the file" || give_up
type_text ":set hardware.node_price=295000"
keys Enter
wait_for "[+]" 5 "modified"
keys C-s
wait_for "saved plan.yaml" 5 "Ctrl-S saves"
wait_gone "[+]" 5
diff "$ORIG" "$TMP/work/plan.yaml" >"$TMP/diff1"
cat >"$TMP/want1" <<'EOF'
18c18
<   node_price: 310000  # per node, Q-4471 line 3
---
>   node_price: 295000  # per node, Q-4471 line 3
EOF
cmp -s "$TMP/diff1" "$TMP/want1" && ok ||
    fail "one value saved is not a one-line diff: $(cat "$TMP/diff1")"

# Delete the first workload on the Hybrid panel and save again (F2): its
# lines go, with its comment and the blank line after it.
cp "$TMP/work/plan.yaml" "$TMP/before2"
keys : ; type_text "goto hybrid.workloads[0].name"; keys Enter
wait_for "hybrid.workloads[0].name:" 5 "first workload selected"
keys d
wait_for "delete workload 'nightly train'? (y)es / (n)o" 5 "d asks"
keys y
wait_for "workload 'nightly train' deleted" 5 "deleted"
keys F2
wait_for "saved plan.yaml" 5 "F2 saves the opened file"
diff "$TMP/before2" "$TMP/work/plan.yaml" >"$TMP/diff2"
cat >"$TMP/want2" <<'EOF'
35,40d34
<     # nightly training
<     - name: nightly train
<       schedule: "0 1 * * *"
<       gpus: 8
<       hours: 4
< 
EOF
cmp -s "$TMP/diff2" "$TMP/want2" && ok ||
    fail "a deleted workload is not removed as a block: $(cat "$TMP/diff2")"
"$GPUPLAN" check "$TMP/work/plan.yaml" >/dev/null 2>&1 && ok ||
    fail "the saved file does not load"
keys F10
wait_for "EXIT=0" 5 "quits without asking: nothing unsaved"

# The same file with CRLF line endings: one line changes, every line
# still ends in CR LF.
sed 's/$/\r/' "$ORIG" >"$TMP/work/crlf.yaml"
cp "$TMP/work/crlf.yaml" "$TMP/crlf.orig"
start -- crlf.yaml
wait_for "crlf.yaml" 10 "title shows the CRLF file" || give_up
type_text ":set utilization.measured_pct=61"
keys Enter
wait_for "[+]" 5 "modified"
keys C-s
wait_for "saved crlf.yaml" 5 "Ctrl-S saves the CRLF file"
[ "$(diff "$TMP/crlf.orig" "$TMP/work/crlf.yaml" | grep -c '^[<>]')" = 2 ] && ok ||
    fail "CRLF file: not a one-line diff: $(diff "$TMP/crlf.orig" "$TMP/work/crlf.yaml")"
grep -q "^  measured_pct: 61"$'\r'"\$" "$TMP/work/crlf.yaml" && ok ||
    fail "the changed line lost its CR LF"
[ "$(grep -c $'\r$' "$TMP/work/crlf.yaml")" = "$(wc -l <"$TMP/work/crlf.yaml")" ] && ok ||
    fail "some line lost its CR"
keys F10
wait_for "EXIT=0" 5 "quits after the CRLF save"

# `:w` to another name of the opened file (a symbolic link, a hard link,
# ./NAME) saves that file as it is saved by Ctrl-S: edited, with its
# comments, and without asking whether to replace "another" file.
cat "$ORIG" >"$TMP/work/linked.yaml"
ln -s linked.yaml "$TMP/work/sym.yaml"
ln "$TMP/work/linked.yaml" "$TMP/work/hard.yaml"
start -- linked.yaml
wait_for "linked.yaml" 10 "title shows the linked file" || give_up
for name in sym.yaml hard.yaml ./linked.yaml; do
    type_text ":set hardware.node_price=295000"; keys Enter
    wait_for "[+]" 5 "modified before :w $name"
    type_text ":w $name"; keys Enter
    wait_for "saved linked.yaml" 5 ":w $name saves the opened file"
    wait_gone "[+]" 5
    diff "$ORIG" "$TMP/work/linked.yaml" >"$TMP/diff3"
    cmp -s "$TMP/diff3" "$TMP/want1" && ok ||
        fail ":w $name is not a one-line diff: $(head -5 "$TMP/diff3")"
    type_text ":set hardware.node_price=310000"; keys Enter
    wait_for "[+]" 5 "modified again"
    keys C-s
    wait_gone "[+]" 5
    cmp -s "$ORIG" "$TMP/work/linked.yaml" && ok || fail "not back to the original"
done
[ -L "$TMP/work/sym.yaml" ] && ok || fail "the symbolic link was replaced"
[ "$(stat -c %h "$TMP/work/linked.yaml")" = 2 ] && ok || fail "the hard link was broken"

finish
