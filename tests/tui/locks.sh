#!/bin/bash
# locks.sh: the lock follows the file, not its name, and counts its holders
# (DESIGN 1.3): a planner on a symbolic link, on a hard link or on the real
# path of a file another planner has open is told so; one of two planners
# quitting leaves the lock to the other; the last one removes it.
. "$(dirname "$0")/lib.sh"

W=$TMP/work
mkdir -p "$W/real"
cp "$SCEN/default.yaml" "$W/real/plan.yaml"
chmod 0644 "$W/real/plan.yaml"
ln -s real/plan.yaml "$W/link.yaml"
HOST=$(hostname)

# open_in SESSION PATH: a planner in its own session; its pid in $OPENED.
open_in() {
    rm -f "$TMP/pid-$1"
    TM kill-session -t "$1" >/dev/null 2>&1
    TM new-session -d -s "$1" -x 80 -y 24 -c "$W" \
        "env HOME='$TMP/home' XDG_STATE_HOME='$TMP/state' XDG_DATA_HOME='$TMP/data' \
         sh -c 'echo \$\$ >\"$TMP/pid-$1\"; exec \"$GPUPLAN\" \"$2\"'; echo EXIT=\$?; sleep 600"
    local i=0
    while [ ! -s "$TMP/pid-$1" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    OPENED=$(cat "$TMP/pid-$1")
}
# shows SESSION TEXT WHAT: poll that session's screen for TEXT.
shows() {
    local i=0
    while [ $i -lt 100 ]; do
        if TM capture-pane -p -t "$1:" | grep -qF -- "$2"; then ok; return 0; fi
        sleep 0.1
        i=$((i + 1))
    done
    fail "$3 (waited 10s for '$2')"
    TM capture-pane -p -t "$1:" | sed 's/^/  |/' >&2
    return 1
}
quit() {
    TM send-keys -t "$1:" q
    shows "$1" "EXIT=0" "$1 quits"
}
holders() { [ -f "$1" ] && cut -d' ' -f1 "$1" | tr '\n' ' '; }

# 1. The real path, then a symbolic link to it: one lock beside the real
# file, two holders.
LOCK=$W/real/.plan.yaml.gpuplan-lock
open_in a real/plan.yaml
A=$OPENED
shows a "plan.yaml" "the first planner is up"
open_in b link.yaml
B=$OPENED
shows b "link.yaml is open in another planner (pid $A on $HOST)" "a planner on a symbolic link is told"
[ ! -e "$W/.link.yaml.gpuplan-lock" ] && ok || fail "a lock was made beside the symbolic link"
[ "$(holders "$LOCK")" = "$A $B " ] && ok || fail "the lock does not hold both planners: $(holders "$LOCK")"
# One of two quits: the lock stays with the other, and a third is told.
quit a
[ "$(holders "$LOCK")" = "$B " ] && ok || fail "the first planner's quit took the lock from the second: '$(holders "$LOCK")'"
open_in c real/plan.yaml
C=$OPENED
shows c "is open in another planner (pid $B on $HOST)" "a third planner is told about the second"
quit b
quit c
[ ! -e "$LOCK" ] && ok || fail "the last planner left the lock: $(holders "$LOCK")"

# 2. A hard link beside it: the lock goes by device and inode, so the real
# path, the hard link and the symbolic link all meet.
ln "$W/real/plan.yaml" "$W/real/twin.yaml"
DEVHEX=$(printf '%x' "$(stat -c %d "$W/real/plan.yaml")")
ILOCK=$W/real/.gpuplan-lock.$DEVHEX-$(printf '%x' "$(stat -c %i "$W/real/plan.yaml")")
open_in a real/twin.yaml
A=$OPENED
shows a "twin.yaml" "a planner on the hard link is up"
[ -f "$ILOCK" ] && ok || fail "no lock by device and inode: $(ls -A "$W/real")"
open_in b real/plan.yaml
B=$OPENED
shows b "is open in another planner (pid $A on $HOST)" "a planner on the other hard link is told"
open_in c link.yaml
shows c "is open in another planner (pid $A on $HOST and 1 more)" "a planner on the symbolic link is told of both"
quit c
quit a
[ "$(holders "$ILOCK")" = "$B " ] && ok || fail "the lock lost the remaining planner: '$(holders "$ILOCK")'"
# A planner killed outright leaves its line; the next one drops it.
kill -9 "$B"
shows b "EXIT=137" "kill -9"
open_in a real/plan.yaml
A=$OPENED
shows a "plan.yaml" "a planner after a kill -9"
sleep 0.5
A_SCREEN=$(TM capture-pane -p -t a:)
if blank "$A_SCREEN"; then
    fail "planner a's screen is empty: cannot check what it lacks"
elif grep -qF "open in another planner" <<<"$A_SCREEN"; then
    fail "a dead planner's line was reported"
else
    ok
fi
[ "$(holders "$ILOCK")" = "$A " ] && ok || fail "the dead line was not dropped: '$(holders "$ILOCK")'"
quit a
[ ! -e "$ILOCK" ] && ok || fail "the lock was left behind"
finish
