#!/bin/bash
# signals.sh: every signal a user can send that ends the planner keeps the
# edits, removes the lock and restores the terminal (DESIGN 7), not only
# SIGHUP and SIGTERM; SIGXFSZ (`ulimit -f`) is ignored, so a save past the
# limit fails, says so and leaves nothing behind.
. "$(dirname "$0")/lib.sh"

cp "$SCEN/default.yaml" "$TMP/work/plan.yaml"
chmod 0644 "$TMP/work/plan.yaml"
LOCK=$TMP/work/.plan.yaml.gpuplan-lock
n=60
for sig in USR1 USR2 ALRM VTALRM PROF XCPU IO PWR RTMIN+1 QUIT INT; do
    num=$(kill -l "$sig" 2>/dev/null) || { echo "note: no SIG$sig here"; continue; }
    n=$((n + 1))
    start -- plan.yaml
    wait_for "plan.yaml" 10 || give_up
    [ -f "$LOCK" ] && ok || fail "SIG$sig: no lock while the planner runs"
    type_text ":set utilization.measured_pct=$n"; keys Enter
    wait_for "utilization.measured_pct = $n" 5 "SIG$sig: the edit"
    kill -s "$sig" "$PID"
    wait_for "EXIT=$((128 + num))" 10 "SIG$sig ends the planner with 128+$num"
    REC=$(ls "$TMP/work/".plan.yaml.*.gpuplan-recover 2>/dev/null | head -1)
    grep -qE "measured_pct: $n( |$)" "$REC" 2>/dev/null && ok || fail "SIG$sig: no recovery with the edit"
    [ ! -e "$LOCK" ] && ok || fail "SIG$sig: the lock was left behind"
    screen | grep -q -- " icanon" && ok || fail "SIG$sig: the terminal was not restored"
    [ -z "$(ls -A "$TMP/work" | grep -E '^\.plan\.yaml\.[A-Za-z0-9]{6}$')" ] && ok ||
        fail "SIG$sig: a temporary file was left: $(ls -A "$TMP/work")"
    rm -f "$TMP/work/".plan.yaml.*.gpuplan-recover
done

# ulimit -f 4 (4 KiB; the scenario is about 6): the save is refused with
# the reason; the planner lives on.
cat >"$TMP/limited.sh" <<WRAP
#!/bin/bash
ulimit -f 4
exec "$GPUPLAN" "\$@"
WRAP
chmod +x "$TMP/limited.sh"
cp "$TMP/work/plan.yaml" "$TMP/before.yaml"
REAL=$GPUPLAN
GPUPLAN=$TMP/limited.sh
start -- plan.yaml
GPUPLAN=$REAL
wait_for "plan.yaml" 10 || give_up
type_text ":set utilization.measured_pct=70"; keys Enter
wait_for "[+]" 5
type_text ":w big.yaml"; keys Enter
wait_msg "File too large (the limit on file size, \`ulimit -f\`); nothing was changed" 5 \
    "a save past ulimit -f says why"
[ ! -e "$TMP/work/big.yaml" ] && ok || fail "a cut big.yaml was left"
[ -z "$(ls -A "$TMP/work" | grep -E '^\.big\.yaml\.[A-Za-z0-9]{6}$')" ] && ok ||
    fail "a temporary file was left: $(ls -A "$TMP/work")"
kill -0 "$PID" 2>/dev/null && ok || fail "the planner died of the file size limit"
keys : ; type_text "q!"; keys Enter
wait_for "EXIT=0" 10
cmp -s "$TMP/work/plan.yaml" "$TMP/before.yaml" && ok || fail "plan.yaml changed"
finish
