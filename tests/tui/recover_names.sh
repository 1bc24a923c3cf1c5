#!/bin/bash
# recover_names.sh: a recovery is offered for its own file only, and every
# one is offered (DESIGN 7). Names in the state directory are one to one
# (`%` is written %25, `/` %2F: D/a/b.yaml and D/a%b.yaml no longer meet),
# and a recovery names its file in its first lines, checked before it is
# offered; a recovery of the file opened by a symbolic link or a hard link
# is offered on its real name; any number of recoveries are listed, newest
# first, paged.
. "$(dirname "$0")/lib.sh"

STATE=$TMP/state/gpuplan
edit_to() {
    type_text ":set utilization.measured_pct=$1"; keys Enter
    wait_for "utilization.measured_pct = $1" 5 "edit to $1"
}
stop() {
    kill -HUP "$PID"
    wait_for "EXIT=129" 10 "SIGHUP ends the planner"
}
no_offer() {
    sleep 0.5
    refute_re "(recover|merge the) edits" "$1"
}

# 1. Two files whose names met in the state directory (shared
# directories, so their recoveries go there).
D=$(realpath "$TMP")/shared
mkdir -m 1777 "$D" "$D/a"
cp "$SCEN/default.yaml" "$D/a/b.yaml"
cp "$SCEN/default.yaml" "$D/a%b.yaml"
chmod 0644 "$D/a/b.yaml" "$D/a%b.yaml"
start -- "$D/a/b.yaml"
wait_for "b.yaml" 10 || give_up
edit_to 61
stop
REC=$(ls "$STATE"/*.gpuplan-recover 2>/dev/null | head -1)
STEM=$(printf '%s' "$D/a/b.yaml" | sed 's/%/%25/g; s|/|%2F|g')
case $REC in "$STATE/$STEM.$PID.gpuplan-recover") ok ;; *) fail "recovery name $REC, expected $STEM.$PID" ;; esac
start -- "$D/a%b.yaml"
wait_for "a%b.yaml" 10 || give_up
no_offer "the recovery of a/b.yaml was offered for a%b.yaml"
keys q
wait_for "EXIT=0" 10
start -- "$D/a/b.yaml"
wait_for "recover edits from" 10 "offered for its own file"
keys n
keys q
wait_for "EXIT=0" 10
# Renamed to the other file's name, it still names a/b.yaml: not offered.
STEM2=$(printf '%s' "$D/a%b.yaml" | sed 's/%/%25/g; s|/|%2F|g')
mv "$REC" "$STATE/$STEM2.4242.gpuplan-recover"
start -- "$D/a%b.yaml"
wait_for "a%b.yaml" 10 || give_up
no_offer "a recovery whose lines name another file was offered"
keys q
wait_for "EXIT=0" 10
rm -f "$STATE"/*.gpuplan-recover

# 2. A file opened by a symbolic link and by a hard link (in another
# directory): the recovery is offered on the real name too.
mkdir -p "$TMP/work/real"
cp "$SCEN/default.yaml" "$TMP/work/real/plan.yaml"
chmod 0644 "$TMP/work/real/plan.yaml"
ln -s real/plan.yaml "$TMP/work/link.yaml"
start -- link.yaml
wait_for "link.yaml" 10 || give_up
edit_to 62
stop
ls "$TMP/work/real/".plan.yaml.*.gpuplan-recover >/dev/null 2>&1 && ok ||
    fail "the recovery is not beside the real file: $(ls -A "$TMP/work" "$TMP/work/real")"
start -- real/plan.yaml
wait_for "recover edits from" 10 "a recovery made through a symlink is offered on the real name"
keys d
wait_for "recovery file deleted" 5
keys q
wait_for "EXIT=0" 10
ln "$TMP/work/real/plan.yaml" "$TMP/work/twin.yaml"
start -- twin.yaml
wait_for "twin.yaml" 10 || give_up
edit_to 63
stop
ls "$STATE"/*.gpuplan-recover >/dev/null 2>&1 && ok ||
    fail "the recovery of a hard-linked file is not in the state directory"
start -- real/plan.yaml
wait_for "recover edits from" 10 "a recovery made through a hard link is offered on the other name"
keys y
wait_for "[+]" 5
keys : ; type_text "goto utilization.measured_pct"; keys Enter
wait_re "Utilization +63 " 5 "the hard link's edit is the one recovered"
keys : ; type_text "q!"; keys Enter
wait_for "EXIT=0" 10

# 3. Twenty recoveries: every one listed, newest first, paged; the newest
# holds 77.
rm -f "$TMP/work/twin.yaml" "$STATE"/*.gpuplan-recover "$TMP/work/real/".plan.yaml.*.gpuplan-recover
start -- real/plan.yaml
wait_for "plan.yaml" 10 || give_up
edit_to 64
stop
ONE=$(ls "$TMP/work/real/".plan.yaml.*.gpuplan-recover | head -1)
for i in $(seq 1 19); do
    cp -p "$ONE" "$TMP/work/real/.plan.yaml.$((10000 + i)).gpuplan-recover"
    touch -d "$((i + 5)) minutes ago" "$TMP/work/real/.plan.yaml.$((10000 + i)).gpuplan-recover"
done
sed -i 's/^  measured_pct: 64 /  measured_pct: 77 /' "$TMP/work/real/.plan.yaml.10007.gpuplan-recover"
touch "$TMP/work/real/.plan.yaml.10007.gpuplan-recover"
touch -d '2 minutes ago' "$ONE"
start -- real/plan.yaml
wait_for "recover edits: Enter loads one" 10 "the list of recoveries" || give_up
wait_re " 1/20, PgDn for more " 5 "the list says there are 20 and pages"
first=$(screen | grep -m1 -E "[│|] 20[0-9]{2}-[0-9]{2}-[0-9]{2} ")
case $first in *"10007"*"utilization.measured_pct 50 -> 77"*) ok ;; *) fail "the newest is not first: $first" ;; esac
keys PPage PPage NPage NPage NPage
wait_re " 20/20, PgUp for more " 5 "PgDn reaches the last one"
keys Escape
wait_for "20 recovery files kept for the next start" 5
keys q
wait_for "EXIT=0" 10
finish
