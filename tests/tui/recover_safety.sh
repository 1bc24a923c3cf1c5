#!/bin/bash
# recover_safety.sh: recovery files cannot be hijacked or lost (DESIGN 7):
# a planted symlink is never written through, a file another user planted
# is never offered, two planners keep a recovery each, edits that no
# place can take go to stderr as YAML, and SIGTERM in the middle of a long
# hybrid run is acted on at once.
. "$(dirname "$0")/lib.sh"

rec() { ls -d "$1/$2".*.gpuplan-recover 2>/dev/null; }
STATE=$TMP/state/gpuplan
edit_to() {
    type_text ":set utilization.measured_pct=$1"
    keys Enter
    wait_for "utilization.measured_pct = $1" 5 "edit to $1"
}
wait_exit() { wait_for "EXIT=$1" "${2:-10}" "exit $1"; }

cp "$SCEN/default.yaml" "$TMP/work/plan.yaml"
chmod 0644 "$TMP/work/plan.yaml"
printf 'precious\n' >"$TMP/victim"

# 1. Symlinks planted under the names the planner would use (its pid is
# known once it runs), and under the name older versions used: nothing is
# written through them, and they are never offered.
start -- plan.yaml
wait_for "plan.yaml" 10 || give_up
for n in "$PID" "$PID-1"; do
    ln -s "$TMP/victim" "$TMP/work/.plan.yaml.$n.gpuplan-recover"
done
ln -s "$TMP/victim" "$TMP/work/.plan.yaml.gpuplan-recover"
edit_to 71
kill -HUP "$PID"
wait_exit 129
[ "$(cat "$TMP/victim")" = precious ] && ok || fail "a planted symlink was written through"
for n in "$PID" "$PID-1"; do
    [ -L "$TMP/work/.plan.yaml.$n.gpuplan-recover" ] && ok || fail "the planted link $n was replaced"
done
REC=$TMP/work/.plan.yaml.$PID-2.gpuplan-recover
[ -f "$REC" ] && [ ! -L "$REC" ] && ok || fail "no recovery under the next free name: $(ls -a "$TMP/work")"
grep -q "measured_pct: 71" "$REC" && ok || fail "the recovery lacks the edit"
[ "$(stat -c %a "$REC")" = 600 ] && ok || fail "recovery mode $(stat -c %a "$REC")"
# The next start offers the real one only (the links point at a file that
# is no scenario, and a link is never offered anyway).
start -- plan.yaml
wait_for "recover edits from" 10 "the real recovery is offered"
refute "recover edits: Enter loads" "a planted symlink was offered too"
keys d
wait_for "recovery file deleted" 5
[ ! -e "$REC" ] && ok || fail "(d)elete left $REC"
[ -L "$TMP/work/.plan.yaml.gpuplan-recover" ] && ok || fail "(d)elete removed a planted link"
keys q
wait_exit 0
rm -f "$TMP/work/".plan.yaml.*gpuplan-recover

# 2. A shared directory (others may write): the recovery goes to the
# state directory, not beside the file.
mkdir -m 1777 "$TMP/shared"
cp "$SCEN/default.yaml" "$TMP/shared/team.yaml"
chmod 0644 "$TMP/shared/team.yaml"
start -- "$TMP/shared/team.yaml"
wait_for "team.yaml" 10
edit_to 72
kill -HUP "$PID"
wait_exit 129
[ -z "$(ls -A "$TMP/shared" | grep gpuplan-recover)" ] && ok || fail "recovery written into a shared directory"
STEM=$(printf '%s' "$(realpath "$TMP/shared")/team.yaml" | sed 's/%/%25/g; s|/|%2F|g')
[ -n "$(rec "$STATE" "$STEM")" ] && ok || fail "no recovery in the state directory: $(ls "$STATE")"
start -- "$TMP/shared/team.yaml"
wait_for "recover edits from" 10 "offered from the state directory"
keys d
wait_for "recovery file deleted" 5
keys q
wait_exit 0

# 3. A recovery another user planted (root can make one) is ignored.
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
    sed 's/^  measured_pct: 50 /  measured_pct: 13 /' "$SCEN/default.yaml" \
        >"$TMP/work/.plan.yaml.4242.gpuplan-recover"
    chown nobody "$TMP/work/.plan.yaml.4242.gpuplan-recover"
    chmod 0600 "$TMP/work/.plan.yaml.4242.gpuplan-recover"
    start -- plan.yaml
    wait_for "plan.yaml" 10
    sleep 0.3
    refute_re "(recover|merge the) edits" "another user's recovery was offered"
    keys q
    wait_exit 0
    [ -f "$TMP/work/.plan.yaml.4242.gpuplan-recover" ] && ok || fail "another user's file was removed"
    rm -f "$TMP/work/.plan.yaml.4242.gpuplan-recover"
else
    echo "note: not root: the other-user case needs chown (skipped)"
fi

# 4. Two planners without a file, both interrupted: two recoveries.
start --
wait_for "5.66" 10
P1=$PID
TM new-session -d -s planner2 -x 80 -y 24 -c "$TMP/work" \
    "env HOME='$TMP/home' XDG_STATE_HOME='$TMP/state' sh -c 'echo \$\$ >\"$TMP/pid2\"; exec \"$GPUPLAN\"'; sleep 600"
i=0; while [ ! -s "$TMP/pid2" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
P2=$(cat "$TMP/pid2")
i=0; while ! TM capture-pane -p -t planner2 | grep -q 5.66 && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
edit_to 73
TM send-keys -t planner2 -l -- ":set utilization.measured_pct=74"
TM send-keys -t planner2 Enter
i=0; while ! TM capture-pane -p -t planner2 | grep -q "measured_pct = 74" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
kill -HUP "$P1" "$P2"
wait_exit 129
i=0; while [ "$(rec "$STATE" unsaved | wc -l)" -lt 2 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
grep -q "measured_pct: 73" "$STATE/unsaved.$P1.gpuplan-recover" && ok || fail "planner 1's edit is lost"
grep -q "measured_pct: 74" "$STATE/unsaved.$P2.gpuplan-recover" && ok || fail "planner 2's edit is lost"
TM kill-session -t planner2
start --
wait_for "recover edits: Enter loads one" 10 "both are offered"
wait_for "utilization.measured_pct 50 -> 73" 2 "planner 1's recovery is listed"
wait_for "utilization.measured_pct 50 -> 74" 2 "planner 2's recovery is listed"
keys Enter
wait_for "1 other recovery file kept" 5 "Enter loads one and keeps the other"
keys : ; type_text "q!"; keys Enter
wait_exit 0
[ "$(rec "$STATE" unsaved | wc -l)" = 1 ] && ok || fail "q! should drop the accepted recovery only: $(rec "$STATE" unsaved)"
rm -f "$STATE"/unsaved.*

# 5. No place can take the edits (the state directory is a file): they go
# to stderr as YAML once the terminal is restored.
printf 'x' >"$TMP/not-a-dir"
cat >"$TMP/wrap.sh" <<WRAP
#!/bin/sh
exec "$GPUPLAN" "\$@" 2>"$TMP/stderr"
WRAP
chmod +x "$TMP/wrap.sh"
REAL=$GPUPLAN
GPUPLAN=$TMP/wrap.sh
start XDG_STATE_HOME="$TMP/not-a-dir" --
wait_for "5.66" 10
edit_to 75
kill -TERM "$PID"
wait_exit 143
GPUPLAN=$REAL
grep -q "no recovery file could be written" "$TMP/stderr" && ok || fail "stderr does not say the recovery failed"
grep -q "The unsaved scenario follows as YAML" "$TMP/stderr" && ok || fail "stderr does not announce the YAML"
sed -n '/follows as YAML/,$p' "$TMP/stderr" | tail -n +2 >"$TMP/from-stderr.yaml"
"$GPUPLAN" check "$TMP/from-stderr.yaml" >/dev/null 2>&1 && ok || fail "the YAML on stderr does not load"
grep -q "measured_pct: 75" "$TMP/from-stderr.yaml" && ok || fail "the YAML lacks the edit"
LC_ALL=C grep -q $'\033' "$TMP/stderr" && fail "terminal control in the stderr YAML (terminal not restored first?)" || ok

# 6. SIGTERM while a hybrid plan is being evaluated: acted on at once, the
# edit kept. One node and a queue that only grows (33,000 four-GPU burst
# jobs a day for 300 days, a 100,000-minute wait limit, a second priority)
# takes seconds to evaluate; the screen must say so when the signal comes.
cat >"$TMP/work/big.yaml" <<'YAML'
gpuplan: 2
hardware: {nodes: 1, gpus_per_node: 8}
hybrid:
  days: 300
  onprem_nodes: 1
  max_wait_minutes: 100000
  workloads:
    - {name: a, per_day: 1, gpus: 4, hours: 2, run: burst, priority: 10}
    - {name: b, per_day: 2, gpus: 1, hours: 1, run: onprem}
YAML
start -- big.yaml
wait_for "big.yaml" 10
type_text ":set hybrid.workloads[0].per_day=33000"
keys Enter
keys M-8 # the Hybrid panel, where the figures say they are computing
wait_for "computing" 10
sleep 0.5
screen | grep -q "computing" && ok || fail "the evaluation ended before the signal: make the plan longer"
kill -0 "$PID" 2>/dev/null && ok || fail "the planner is not running"
t0=$(date +%s%N)
kill -TERM "$PID"
while kill -0 "$PID" 2>/dev/null; do
    [ $(( ($(date +%s%N) - t0) / 1000000 )) -gt 5000 ] && break
    sleep 0.005
done
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
echo "SIGTERM acted on in $ms ms"
# 100 ms is the budget, held by the model's own test of the flag; here the
# whole exit is timed (the recovery written, the terminal reset) on what
# may be a loaded machine, so the check is that it acts at once, not at the
# evaluation's end (seconds later).
[ "$ms" -lt 1000 ] && ok || fail "SIGTERM took $ms ms"
wait_exit 143
R=$(ls "$TMP/work/".big.yaml.*.gpuplan-recover 2>/dev/null | head -1)
grep -q "per_day: 33000" "$R" 2>/dev/null && ok || fail "the edit made before SIGTERM is lost"
finish
