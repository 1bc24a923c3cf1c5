#!/bin/bash
# recover_merge.sh: a recovery never undoes what another program wrote to
# the file after the edits began (DESIGN 7). The recovery keeps the file's
# stamp and the scenario as the edits began; when the file changed since,
# the offer says so and yes merges field by field: the recovery's edits
# over the file's current values, a field both changed asked about, a
# merge that breaks a rule refused with the rule.
. "$(dirname "$0")/lib.sh"

F=$TMP/work/plan.yaml
cp "$SCEN/default.yaml" "$F"
chmod 0644 "$F"
edit() {
    type_text ":set $1=$2"; keys Enter
    wait_for "$1 = $2" 5 "edit $1 to $2"
}
# stop_with_edits: SIGHUP, then the recovery must exist.
stop_with_edits() {
    kill -HUP "$PID"
    wait_for "EXIT=129" 10 "SIGHUP ends the planner"
    REC=$(ls "$TMP/work/".plan.yaml.*.gpuplan-recover 2>/dev/null | head -1)
    [ -n "$REC" ] && ok || fail "no recovery beside plan.yaml"
}
value() { grep -E "^  $1: " "$F" | awk '{print $2}'; }

# 1. The recovery changed utilization, a colleague's sed -i the nodes.
start -- plan.yaml
wait_for "plan.yaml" 10 || give_up
edit utilization.measured_pct 61
stop_with_edits
grep -q "^# recover-of: $(realpath "$F")\$" "$REC" && ok || fail "the recovery does not name its file"
grep -qE "^# recover-opened: dev=[0-9]+ ino=[0-9]+ links=1 size=$(stat -c %s "$F") mtime=[0-9]+\.[0-9]{9} hash=[0-9a-f]{16}\$" "$REC" &&
    ok || fail "the recovery does not keep the file's stamp: $(grep recover-opened "$REC")"
grep -q "^#|   measured_pct: 50 " "$REC" && ok || fail "the recovery does not keep the scenario as the edits began"
"$GPUPLAN" check "$REC" >/dev/null 2>&1 && ok || fail "a recovery no longer loads as a scenario"
sed -i 's/^  nodes: 4 /  nodes: 6 /' "$F"
start -- plan.yaml
wait_msg "changed on disk since these edits began: yes merges them with its changes, field by field" 10 \
    "the offer says the file changed"
wait_for "merge the edits from" 2
keys y
wait_msg "recovered the unsaved changes, merged with the file's changes since (1 from the recovery, 1 from the file, 0 conflicts decided)" 5
keys C-s
wait_for "saved plan.yaml" 5
[ "$(value nodes)" = 6 ] && ok || fail "the colleague's nodes were undone: $(value nodes)"
[ "$(value measured_pct)" = 61 ] && ok || fail "the recovered edit is missing: $(value measured_pct)"
[ -z "$(ls "$TMP/work/".plan.yaml.*.gpuplan-recover 2>/dev/null)" ] && ok || fail "the saved recovery is still there"
keys q
wait_for "EXIT=0" 10

# 2. Both changed one field: the user decides. Here the recovery's value
# wins; a field only the recovery changed comes along.
start -- plan.yaml
wait_for "plan.yaml" 10 || give_up
edit utilization.measured_pct 62
edit hardware.nodes 8
stop_with_edits
sed -i 's/^  measured_pct: 61 /  measured_pct: 70 /' "$F"
start -- plan.yaml
wait_for "merge the edits from" 10
keys y
wait_msg "utilization.measured_pct was changed on disk and in the recovery: it was 61; the file has 70, the recovery 62" 5
wait_for "conflict 1 of 1: keep the (f)ile's value, take the (r)ecovery's, or (c)ancel" 2
keys r
wait_msg "(1 from the recovery, 0 from the file, 1 conflict decided)" 5
keys C-s
wait_for "saved plan.yaml" 5
[ "$(value measured_pct)" = 62 ] && ok || fail "r did not take the recovery's value: $(value measured_pct)"
[ "$(value nodes)" = 8 ] && ok || fail "the recovery's nodes are missing: $(value nodes)"
keys q
wait_for "EXIT=0" 10

# 3. The same, the file's value kept; then (c)ancel leaves all as it was.
start -- plan.yaml
wait_for "plan.yaml" 10 || give_up
edit utilization.measured_pct 63
stop_with_edits
sed -i 's/^  measured_pct: 62 /  measured_pct: 71 /' "$F"
cp "$F" "$TMP/before.yaml"
start -- plan.yaml
wait_for "merge the edits from" 10
keys y
wait_for "conflict 1 of 1" 5
keys c
wait_msg "not recovered: the scenario is as its file holds it; the recovery file is kept for the next start" 5
refute "[+]" "cancel left unsaved changes"
[ -f "$REC" ] && ok || fail "cancel removed the recovery"
keys q
wait_for "EXIT=0" 10
cmp -s "$F" "$TMP/before.yaml" && ok || fail "cancel changed the file"
start -- plan.yaml
wait_for "merge the edits from" 10
keys y
wait_for "conflict 1 of 1" 5
keys f
wait_msg "(0 from the recovery, 0 from the file, 1 conflict decided)" 5
[ "$(screen | grep -c '\[+\]')" -ge 1 ] && ok || fail "the merged scenario is not marked unsaved"
keys : ; type_text "q!"; keys Enter
wait_for "EXIT=0" 10

# 4. Each side valid, the merge not: the recovery raised the busy draw,
# the file lowered the maximum below it. Refused with the rule; r loads
# the recovery as written, and says what that undoes.
rm -f "$TMP/work/".plan.yaml.*.gpuplan-recover
start -- plan.yaml
wait_for "plan.yaml" 10 || give_up
edit facility.node_power_busy_kw 9
stop_with_edits
sed -i 's/^  node_power_max_kw: 10.2 /  node_power_max_kw: 8 /' "$F"
start -- plan.yaml
wait_for "merge the edits from" 10
keys y
wait_msg "the merged scenario breaks a rule: facility.node_power_busy_kw:" 5
wait_for "load the (r)ecovery as written (undoing the file's changes), or (c)ancel" 2
keys r
wait_msg "recovered the unsaved changes as written: the file's changes since are undone (u brings them back)" 5
keys : ; type_text "q!"; keys Enter
wait_for "EXIT=0" 10
finish
