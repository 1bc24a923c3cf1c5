#!/bin/bash
# save.sh: F2 asks for a path and writes a file the checker accepts; :e
# loads it back; a bad file shows its located error and keeps the scenario;
# quitting with unsaved changes asks save / discard / cancel.
. "$(dirname "$0")/lib.sh"

start --
wait_for "5.66" 10 "default screen" || give_up
type_text ":set utilization.measured_pct=70"
keys Enter
wait_for "[+]" 5 "modified"
printf 'keep me\n' >"$TMP/work/taken.yaml"
keys F2
wait_for "save as:" 5 "save asks for a path"
keys C-u
type_text "taken.yaml"
keys Enter
wait_for "taken.yaml exists: replace it? (y)es / (n)o" 5 "save as asks before replacing"
keys n
wait_for "not saved: taken.yaml kept as it was" 5 "n keeps the other file"
[ "$(cat "$TMP/work/taken.yaml")" = "keep me" ] && ok || fail "taken.yaml was replaced"
wait_for "[+]" 2 "still unsaved"
keys F2
wait_for "save as:" 5 "save asks for a path"
keys C-u
type_text "saved.yaml"
keys Enter
wait_for "saved saved.yaml" 5 "saved message"
wait_gone "[+]" 5
wait_for "saved.yaml" 2 "file name in the title"
[ -f "$TMP/work/saved.yaml" ] && ok || fail "saved.yaml not written"
if "$GPUPLAN" check "$TMP/work/saved.yaml" >"$TMP/check.out" 2>&1; then ok; else
    fail "gpuplan check rejects the saved file: $(cat "$TMP/check.out")"
fi
grep -q "measured_pct: 70" "$TMP/work/saved.yaml" && ok || fail "edit not in the saved file"

# Saving over another file asks first (F2 on a new scenario) or needs w!.
printf 'someone else\n' >"$TMP/work/other.yaml"
type_text ":w other.yaml"
keys Enter
wait_for "other.yaml exists: w! other.yaml replaces it" 5 ":w refuses another file"
[ "$(cat "$TMP/work/other.yaml")" = "someone else" ] && ok || fail ":w replaced other.yaml"
type_text ":w saved.yaml"
keys Enter
wait_for "saved saved.yaml" 5 ":w of the scenario's own file needs no !"
type_text ":w! other.yaml"
keys Enter
wait_for "saved other.yaml" 5 "w! replaces it"
grep -q "measured_pct: 70" "$TMP/work/other.yaml" && ok || fail "w! did not write other.yaml"
type_text ":e saved.yaml"
keys Enter
wait_for "opened saved.yaml" 5

# A bad file: located error, the open scenario stays.
printf 'gpuplan: 1\nhardware:\n  nodes: -3\n' >"$TMP/work/bad.yaml"
type_text ":e bad.yaml"
keys Enter
wait_for "bad.yaml:3:" 5 "located error for a bad file"
wait_for "saved.yaml" 2 "open scenario kept"

# Load back what was saved, from a changed state (e! drops the change).
type_text ":set utilization.measured_pct=20"
keys Enter
wait_for "[+]" 5
type_text ":e saved.yaml"
keys Enter
wait_for "unsaved changes" 5 ":e refuses to drop unsaved changes"
type_text ":e! saved.yaml"
keys Enter
wait_for "opened saved.yaml" 5 "e! opens"
keys : ; type_text "goto utilization.measured_pct"; keys Enter
wait_for "utilization.measured_pct:" 5
screen | grep -q "Utilization  *70 " && ok || fail "reloaded value is not 70"

# Quit with unsaved changes: cancel, then discard.
keys Right
wait_for "[+]" 5
keys q
wait_for "(s)ave / (d)iscard / (c)ancel" 5 "quit asks"
keys c
wait_gone "(s)ave / (d)iscard" 5
wait_for "[+]" 2 "cancel keeps the planner"
keys F10
wait_for "(s)ave / (d)iscard / (c)ancel" 5
keys d
wait_for "EXIT=0" 10 "discard quits"
grep -q "measured_pct: 70" "$TMP/work/saved.yaml" && ok || fail "discard changed the file"

# wq saves and quits.
start -- saved.yaml
wait_for "saved.yaml" 10
keys : ; type_text "goto utilization.measured_pct"; keys Enter
wait_for "utilization.measured_pct:" 5
keys Left
wait_for "[+]" 5
type_text ":wq"
keys Enter
wait_for "EXIT=0" 10 ":wq quits"
grep -q "measured_pct: 69" "$TMP/work/saved.yaml" && ok || fail ":wq did not save"

# export from the planner
start -- saved.yaml
wait_for "saved.yaml" 10
type_text ":export json out.json"
keys Enter
wait_for "exported json to out.json" 5
grep -q '"gpuplan"' "$TMP/work/out.json" && ok || fail "export json not written"
keys x
wait_for "(t)ext" 5 "export asks for a format"
keys c
wait_for "export csv to: saved.csv" 5 "export asks for a path"
keys Enter
wait_for "exported csv to saved.csv" 5
[ -s "$TMP/work/saved.csv" ] && ok || fail "csv export not written"
keys q
wait_for "EXIT=0" 10

# A shipped scenario opened by name is a template (DESIGN 1.3): Ctrl-S, :w and
# :w! ask for a path of the user's and never write over the shipped file.
mkdir -p "$TMP/shipped"
cp "$SCEN/diagflow.yaml" "$SCEN/prices.yaml" "$TMP/shipped/"
chmod u+w "$TMP/shipped/"*.yaml
cp "$TMP/shipped/diagflow.yaml" "$TMP/diagflow.orig"
start "GPUPLAN_SCENARIO_DIR='$TMP/shipped'" -- diagflow
wait_for "11.40" 10 "diagflow opened by name" || give_up
type_text ":set utilization.measured_pct=61"
keys Enter
wait_for "utilization.measured_pct = 61" 5
for how in C-s ":w!" ":w"; do
    case $how in
        C-s) keys C-s ;;
        *) type_text "$how"; keys Enter ;;
    esac
    wait_for "a shipped scenario is a template; save as:" 5 "$how asks for a path"
    keys Escape
    sleep 0.2
done
cmp -s "$TMP/shipped/diagflow.yaml" "$TMP/diagflow.orig" && ok ||
    fail "a save wrote over the shipped scenario"
keys C-s
wait_for "save as:" 5
keys Enter
wait_for "saved diagflow.yaml" 5 "the copy goes to the current directory"
grep -q "measured_pct: 61" "$TMP/work/diagflow.yaml" && ok ||
    fail "the user's copy lacks the edit"
cmp -s "$TMP/shipped/diagflow.yaml" "$TMP/diagflow.orig" && ok ||
    fail "saving the copy changed the shipped scenario"
keys q
wait_for "EXIT=0" 10
finish
