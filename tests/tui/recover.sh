#!/bin/bash
# recover.sh: SIGHUP, SIGTERM, a killed pane and a killed tmux server each
# leave a recovery file holding the edit (DESIGN 7); the next start offers it,
# (y)es loads it as unsaved, (d)elete removes it; saving removes it too.
# Several recoveries are listed at once, each with its time, size, pid and
# what it holds: Enter loads one, d deletes one, D all (after a yes).
. "$(dirname "$0")/lib.sh"

# rec DIR STEM: the recovery files of STEM in DIR (one per planner: the
# planner's pid is in the name, DESIGN 7).
rec() { ls -d "$1/$2".*.gpuplan-recover 2>/dev/null; }
STATE=$TMP/state/gpuplan

# edit_to PCT: set the measured utilization and wait for the [+].
edit_to() {
    type_text ":set utilization.measured_pct=$1"
    keys Enter
    wait_for "utilization.measured_pct = $1" 5 "edit to $1"
}

# wait_rec DIR STEM: poll until a recovery of STEM exists in DIR; its
# name goes to $REC.
wait_rec() {
    local i=0
    REC=
    while [ -z "$REC" ] && [ $i -lt 100 ]; do
        REC=$(rec "$1" "$2" | head -1)
        [ -n "$REC" ] || sleep 0.1
        i=$((i + 1))
    done
    [ -n "$REC" ] && ok || fail "no recovery file $1/$2.*"
}

# 1. SIGHUP, scenario without a file: recovery under XDG_STATE_HOME.
start --
wait_for "5.66" 10 || give_up
edit_to 61
kill -HUP "$PID"
wait_for "EXIT=129" 10 "SIGHUP exits 128+1"
wait_rec "$STATE" unsaved
case $REC in "$STATE/unsaved.$PID.gpuplan-recover") ok ;; *) fail "recovery name $REC lacks the pid $PID" ;; esac
[ "$(stat -c %a "$REC")" = 600 ] && ok || fail "recovery mode $(stat -c %a "$REC"), not 600"
[ "$(stat -c %a "$STATE")" = 700 ] && ok || fail "state directory mode $(stat -c %a "$STATE"), not 700"
grep -q "measured_pct: 61" "$REC" && ok || fail "recovery file lacks the edit"
screen | grep -q -- " icanon" && ok || fail "terminal not restored after SIGHUP"

# the next start offers it; yes loads it marked modified
start --
wait_for "recover edits from" 10 "recovery offered"
wait_for "(y)es/(n)o/(d)elete" 2
keys y
wait_for "[+]" 5 "recovered scenario is unsaved"
keys : ; type_text "goto utilization.measured_pct"; keys Enter
wait_for "utilization.measured_pct:" 5
screen | grep -q "Utilization  *61 " && ok || fail "recovered value is not 61"

# 2. SIGTERM while the recovered edits are unsaved: still kept.
edit_to 62
kill -TERM "$PID"
wait_for "EXIT=143" 10 "SIGTERM exits 128+15"
grep -q "measured_pct: 62" "$STATE/unsaved.$PID.gpuplan-recover" && ok ||
    fail "SIGTERM: recovery lacks the edit"
# the recovered one is still there (it goes when the edits are saved)
[ "$(rec "$STATE" unsaved | wc -l)" = 2 ] && ok || fail "expected two recoveries: $(rec "$STATE" unsaved)"

# Two recoveries: one list of both, newest first, each with its time, size,
# pid and the first field it changes; nothing goes without a word.
# (The older one is dated back so that the order is certain.)
NEWPID=$PID
NEWER=$STATE/unsaved.$NEWPID.gpuplan-recover
OLDER=$(rec "$STATE" unsaved | grep -v "\.$NEWPID\.")
touch -d '1 hour ago' "$OLDER"
OLDPID=$(basename "$OLDER" | cut -d. -f2)
start --
wait_for "recover edits: Enter loads one, d deletes it, D deletes all, Esc keeps all" 10 \
    "one list of every recovery" || give_up
wait_for "saved at          size     pid     holds" 2 "the list's columns"
row1=$(screen | grep -n "utilization.measured_pct 50 -> 62" | cut -d: -f1)
row2=$(screen | grep -n "utilization.measured_pct 50 -> 61" | cut -d: -f1)
[ -n "$row1" ] && [ -n "$row2" ] && [ "$row1" -lt "$row2" ] && ok ||
    fail "both recoveries, newest first, with what they hold"
size=$(stat -c %s "$NEWER")
screen | grep -q " $size B   $NEWPID  *utilization" && ok || fail "the newest row lacks its size $size or pid $NEWPID"
screen | grep -q " $OLDPID  *utilization.measured_pct 50 -> 61" && ok || fail "the older row lacks its pid $OLDPID"
# Esc keeps both
keys Escape
wait_for "2 recovery files kept for the next start" 5
[ "$(rec "$STATE" unsaved | wc -l)" = 2 ] && ok || fail "Esc removed a recovery"
keys q
wait_for "EXIT=0" 10
# d deletes the selected one and the list stays; D asks before deleting
# the rest, and n to that keeps them.
start --
wait_for "recover edits: Enter loads one" 10
keys Down d
wait_for "deleted the recovery file from" 5 "d deletes the selected one"
wait_gone "utilization.measured_pct 50 -> 61" 5
[ -f "$NEWER" ] && [ ! -e "$OLDER" ] && ok ||
    fail "d deleted the wrong one: $(rec "$STATE" unsaved)"
wait_for "utilization.measured_pct 50 -> 62" 2 "the other one is still listed"
keys D
wait_for "delete the recovery file? (y)es/(n)o" 5 "D asks first"
keys n
wait_for "recover edits: Enter loads one" 5 "n brings the list back"
[ -f "$NEWER" ] && ok || fail "D then n deleted a file"
keys D
wait_for "delete the recovery file? (y)es/(n)o" 5
keys y
wait_for "1 recovery file deleted" 5
[ -z "$(rec "$STATE" unsaved)" ] && ok || fail "D y left a recovery file: $(rec "$STATE" unsaved)"
keys q
wait_for "EXIT=0" 10

# 3. A killed pane, scenario with a file: recovery next to it.
cp "$SCEN/default.yaml" "$TMP/work/mine.yaml"
chmod 0644 "$TMP/work/mine.yaml" # the source tree is read-only under make distcheck
start -- mine.yaml
wait_for "mine.yaml" 10
edit_to 63
TM kill-pane -t planner
wait_rec "$TMP/work" .mine.yaml
NEXT=$REC
grep -q "measured_pct: 63" "$NEXT" && ok || fail "killed pane: recovery lacks the edit"
i=0; while kill -0 "$PID" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
kill -0 "$PID" 2>/dev/null && fail "planner still running after its pane was killed" || ok

# the offer for that file; (n)o keeps the file and opens the saved one
start -- mine.yaml
wait_for "recover edits from" 10 "offer for mine.yaml"
keys n
wait_gone "recover edits" 5
wait_gone "[+]" 2
[ -f "$NEXT" ] && ok || fail "(n)o removed the recovery file"
# yes, then save: the recovery file goes away
keys q
wait_for "EXIT=0" 10
start -- mine.yaml
wait_for "recover edits from" 10
keys y
wait_for "[+]" 5
keys C-s
wait_for "saved mine.yaml" 5 "Ctrl-S saves"
[ ! -f "$NEXT" ] && ok || fail "save left the recovery file"
grep -q "measured_pct: 63" "$TMP/work/mine.yaml" && ok || fail "saved file lacks the recovered edit"

# 4. A file in a read-only directory: the edits go to the state directory
# (root writes anywhere, so only as another user).
if [ "$(id -u)" -ne 0 ]; then
    mkdir -p "$TMP/work/ro"
    cp "$SCEN/default.yaml" "$TMP/work/ro/locked.yaml"
    chmod 555 "$TMP/work/ro"
    start -- ro/locked.yaml
    wait_for "locked.yaml" 10
    edit_to 66
    kill -HUP "$PID"
    wait_for "EXIT=129" 10
    ALT=$(ls "$TMP/state/gpuplan/" | grep 'locked.yaml\.[0-9]*\.gpuplan-recover' | head -1)
    [ -n "$ALT" ] && ok || fail "read-only directory: no recovery file in the state directory"
    start -- ro/locked.yaml
    wait_for "recover edits from" 10 "offer from the state directory"
    keys d
    wait_for "recovery file deleted" 5
    chmod 755 "$TMP/work/ro"
    keys q
    wait_for "EXIT=0" 10
fi

# 5. The whole tmux server killed (an SSH drop takes everything).
start -- mine.yaml
wait_for "mine.yaml" 10
wait_gone "recover edits" 2
edit_to 64
TM kill-server
wait_rec "$TMP/work" .mine.yaml
i=0; while ! grep -q "measured_pct: 64" "$REC" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
grep -q "measured_pct: 64" "$REC" && ok || fail "server killed: recovery lacks the edit"
finish
