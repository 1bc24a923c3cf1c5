#!/bin/bash
# files.sh: the planner and the command line follow the same file rules,
# and nothing the planner writes replaces a file without a question:
# the report date (a bad SOURCE_DATE_EPOCH is refused by both), exports
# onto an existing file or onto the open scenario, a second planner on the
# same file, an edit made on disk by another program, and hard links.
. "$(dirname "$0")/lib.sh"

W=$TMP/work

# --- the report date: a bad SOURCE_DATE_EPOCH is refused the same way ----
SOURCE_DATE_EPOCH=soon "$GPUPLAN" report default >/dev/null 2>"$TMP/err"
rc=$?
[ $rc -eq 64 ] && ok || fail "report with a bad SOURCE_DATE_EPOCH exits $rc, not 64"
grep -q "SOURCE_DATE_EPOCH=soon is not a number of seconds since 1970" "$TMP/err" && ok ||
    fail "report does not say why it refuses SOURCE_DATE_EPOCH"
start SOURCE_DATE_EPOCH=soon --
wait_re " Hardware +Facility " 10 "panel tabs" || give_up
type_text ":export text r.txt"
keys Enter
wait_for "SOURCE_DATE_EPOCH=soon is not a number of seconds since 1970" 5 \
    "the planner refuses the same SOURCE_DATE_EPOCH"
[ ! -e "$W/r.txt" ] && ok || fail "an export was written with a bad SOURCE_DATE_EPOCH"
keys q
wait_for "EXIT=0" 10

# start_second [ENV=VALUE...] -- [ARGS...]: a second planner, in its own
# session; its pid goes to $TMP/pid2.
start_second() {
    local envs=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    rm -f "$TMP/pid2"
    local q="" a
    for a in "$@"; do q="$q '$a'"; done
    TM kill-session -t second >/dev/null 2>&1
    TM new-session -d -s second -x 80 -y 24 -c "$W" \
        "env HOME='$TMP/home' XDG_STATE_HOME='$TMP/state' XDG_DATA_HOME='$TMP/data' ${envs[*]:-} \
         sh -c 'echo \$\$ >\"$TMP/pid2\"; exec \"$GPUPLAN\" $q'; echo EXIT=\$?; sleep 600"
    local i=0
    while [ ! -s "$TMP/pid2" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
}
# wait_second TEXT [SECONDS] [DESCRIPTION]: wait_for on the second planner.
wait_second() {
    local text=$1 secs=${2:-10} what=${3:-"second planner shows '$1'"} i=0
    while [ $i -lt $((secs * 10)) ]; do
        if TM capture-pane -p -t second | grep -qF -- "$text"; then ok; return 0; fi
        sleep 0.1
        i=$((i + 1))
    done
    fail "$what (waited ${secs}s for '$text')"
    TM capture-pane -p -t second | sed 's/^/  2|/' >&2
    return 1
}
# set_nodes N: a change through the command line, then unsaved.
set_nodes() {
    type_text ":set hardware.nodes=$1"
    keys Enter
    wait_for "hardware.nodes = $1" 5 "nodes set to $1"
}

# --- exports never replace a file without a question -------------------
cp "$SCEN/default.yaml" "$W/plan.yaml"
chmod u+w "$W/plan.yaml" # the source tree may be read-only (distcheck)
cp "$W/plan.yaml" "$TMP/plan.orig"
echo keep >"$W/out.txt"
start -- plan.yaml
wait_re " Hardware +Facility " 10 "panel tabs" || give_up
PID1=$PID
type_text ":export text out.txt"
keys Enter
wait_for "out.txt exists: replace it? (y)es / (n)o" 5 ":export asks before replacing"
keys n
wait_for "not exported: out.txt kept as it was" 5
[ "$(cat "$W/out.txt")" = keep ] && ok || fail "n replaced out.txt"
type_text ":export! text out.txt"
keys Enter
wait_for "exported text to out.txt" 5 ":export! replaces"
grep -q "gpuplan" "$W/out.txt" && ok || fail "out.txt does not hold the report"
echo keep >"$W/plan.csv"
keys F4
wait_for "(t)ext" 5 "F4 asks for a format"
keys c
wait_for "export csv to: plan.csv" 5
keys Enter
wait_for "plan.csv exists: replace it? (y)es / (n)o" 5 "F4 asks before replacing"
keys y
wait_for "exported csv to plan.csv" 5 "y replaces"
# Never onto the open scenario, not even with !.
type_text ":export! md plan.yaml"
keys Enter
wait_for "plan.yaml is the open scenario: export to another file" 5 ":export! refuses the scenario"
keys F4
wait_for "(t)ext" 5
keys t
wait_for "export text to:" 5
keys C-u
type_text "plan.yaml"
keys Enter
wait_for "plan.yaml is the open scenario: export to another file" 5 "F4 refuses the scenario"
cmp -s "$W/plan.yaml" "$TMP/plan.orig" && ok || fail "an export replaced the open scenario"

# --- a second planner on the same file is told --------------------------
[ "$(cut -d' ' -f1 "$W/.plan.yaml.gpuplan-lock" 2>/dev/null)" = "$PID1" ] && ok ||
    fail "no lock with the planner's pid beside plan.yaml"
start_second -- plan.yaml
wait_second "plan.yaml is open in another planner (pid $PID1 on $(hostname))" 10 \
    "the second planner is told who has the file"
TM send-keys -t second q
wait_second "EXIT=0" 10
[ "$(cut -d' ' -f1 "$W/.plan.yaml.gpuplan-lock" 2>/dev/null)" = "$PID1" ] && ok ||
    fail "the second planner took or removed the first one's lock"

# --- an edit made by another program: ask before saving over it --------
set_nodes 5
sed -i 's/^name: .*/name: "edited elsewhere"/' "$W/plan.yaml"
keys F2
wait_for "plan.yaml changed on disk: (o)verwrite / (s)ave as / (r)eload / (c)ancel" 5 \
    "save asks after an outside edit"
keys c
wait_for "not saved: plan.yaml kept as it is on disk" 5
grep -q '^name: "edited elsewhere"' "$W/plan.yaml" && ok || fail "cancel changed the file"
type_text ":w"
keys Enter
wait_for "plan.yaml changed on disk: (o)verwrite" 5 ":w asks too"
keys r
wait_for "reloaded plan.yaml from disk (u brings your changes back)" 5 "r reloads"
wait_for "gpuplan — edited elsewhere — plan.yaml" 5 "the outside edit is on screen"
keys u
wait_for "[+]" 5 "undo brings the edits back"
keys F2
wait_for "saved plan.yaml" 5 "after a reload, saving needs no question"
grep -qE '^ +nodes: 5 ' "$W/plan.yaml" && ok || fail "the edits were not saved"
# Save as: the other program's file stays.
set_nodes 6
echo "# a note written elsewhere" >>"$W/plan.yaml"
keys F2
wait_for "plan.yaml changed on disk" 5
keys s
wait_for "save as: plan.yaml" 5 "s asks for a name"
keys C-u
type_text "mine.yaml"
keys Enter
wait_for "saved mine.yaml" 5
grep -q "a note written elsewhere" "$W/plan.yaml" && ok || fail "save as touched plan.yaml"
[ ! -e "$W/.plan.yaml.gpuplan-lock" ] && [ -e "$W/.mine.yaml.gpuplan-lock" ] && ok ||
    fail "the lock did not follow the scenario to mine.yaml"
# Overwrite.
set_nodes 7
echo "# another note" >>"$W/mine.yaml"
keys F2
wait_for "mine.yaml changed on disk" 5
keys o
wait_for "saved mine.yaml" 5 "o overwrites"
grep -qE '^ +nodes: 7 ' "$W/mine.yaml" && ! grep -q "another note" "$W/mine.yaml" && ok ||
    fail "o did not write the planner's scenario"

# --- a stale lock (its planner died) is taken over quietly -------------
kill -9 "$PID1"
wait_for "EXIT=137" 10
[ -e "$W/.mine.yaml.gpuplan-lock" ] && ok || fail "kill -9 left no lock to test with"
start -- mine.yaml
wait_re " Hardware +Facility " 10 "panel tabs" || give_up
wait_for "F2 save" 5
refute "open in another planner" "a stale lock was reported"
[ "$(cut -d' ' -f1 "$W/.mine.yaml.gpuplan-lock")" = "$PID" ] && ok ||
    fail "the stale lock was not taken over"

# --- hard links are kept: the file is written in place, and it says so --
ln "$W/mine.yaml" "$W/twin.yaml"
set_nodes 9
keys F2
wait_for "saved mine.yaml in place to keep its 2 hard links" 5 "save keeps hard links"
[ "$W/mine.yaml" -ef "$W/twin.yaml" ] && grep -qE '^ +nodes: 9 ' "$W/twin.yaml" && ok ||
    fail "the hard link was broken"
keys q
wait_for "EXIT=0" 10
[ ! -e "$W/.mine.yaml.gpuplan-lock" ] && ok || fail "quitting left the lock behind"
finish
