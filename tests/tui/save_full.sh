#!/bin/bash
# save_full.sh: a scenario with several hard links is written in place
# (DESIGN 1.3), and a full disk never leaves it cut: the new text goes to a
# copy first, the blocks are reserved before the first byte is written over,
# and a write that fails half way puts the old bytes back and names the copy.
#
# 1. (any user) tests/fault/shim.so makes the in-place write fail half way.
# 2. (root, where mount works) a real full disk: a 256 KiB tmpfs.
. "$(dirname "$0")/lib.sh"

SHIM=$(dirname "$GPUPLAN")/tests/fault/shim.so
LOG=$TMP/fault.log
# copies DIR STEM: the hidden copies a save left beside STEM in DIR.
copies() { ls -A "$1" | grep -E "^\.$2\.[A-Za-z0-9]{6}\$"; }
notes_text=$(printf 'n%.0s' $(seq 4000))

# 1. The shim: the first in-place write is short, the second fails with
# ENOSPC, then the disk "has room" again.
if ldd "$GPUPLAN" 2>/dev/null | grep -q libasan; then
    echo "SKIP part 1: AddressSanitizer must come first in LD_PRELOAD"
elif [ ! -f "$SHIM" ]; then
    fail "the fault shim $SHIM was not built (make check builds it)"
else
    cp "$top_srcdir/scenarios/diagflow.yaml" "$TMP/work/plan.yaml"
    chmod 0644 "$TMP/work/plan.yaml"
    ln "$TMP/work/plan.yaml" "$TMP/work/twin.yaml"
    cp "$TMP/work/plan.yaml" "$TMP/old.yaml"
    start GPUPLAN_FAULT=inplace:SHORT:0:1,inplace:ENOSPC:1:1 GPUPLAN_FAULT_LOG="$LOG" \
        LD_PRELOAD="$SHIM" -- plan.yaml
    wait_for "plan.yaml" 10 || give_up
    type_text ":set utilization.measured_pct=61"; keys Enter
    wait_for "utilization.measured_pct = 61" 5
    keys C-s
    wait_msg "its old text was put back, and the new text is in" 5 \
        "a failed in-place write says the old text is back and where the new one is"
    grep -qx "inplace ENOSPC" "$LOG" 2>/dev/null && ok || fail "the shim never failed the in-place write"
    cmp -s "$TMP/work/plan.yaml" "$TMP/old.yaml" && ok || fail "the file is not its old self after the failed write"
    cmp -s "$TMP/work/twin.yaml" "$TMP/old.yaml" && ok || fail "the other link is not its old self"
    COPY=$(copies "$TMP/work" plan.yaml | head -1)
    [ -n "$COPY" ] && grep -q "measured_pct: 61" "$TMP/work/$COPY" && ok ||
        fail "no copy with the new text beside the file: $(ls -A "$TMP/work")"
    screen | tr "\n" " " | grep -qF "$COPY" && ok || fail "the message does not name the copy $COPY"
    wait_for "[+]" 2 "the edit is still unsaved"
    # The fault has passed: the next save goes through, in place.
    keys C-s
    wait_for "saved plan.yaml in place to keep its 2 hard links" 5
    grep -q "measured_pct: 61" "$TMP/work/twin.yaml" && ok || fail "the other link lacks the saved edit"
    "$GPUPLAN" check "$TMP/work/twin.yaml" >/dev/null 2>&1 && ok || fail "the saved file does not check"
    keys q
    wait_for "EXIT=0" 10
    rm -f "$TMP/work/$COPY"

    # The old text cannot be put back either (the fault persists): the
    # message says the file may be cut and where the new text is.
    cp "$TMP/old.yaml" "$TMP/work/plan.yaml"
    start GPUPLAN_FAULT=inplace:SHORT:0:1,inplace:ENOSPC:1 LD_PRELOAD="$SHIM" -- plan.yaml
    wait_for "plan.yaml" 10 || give_up
    type_text ":set utilization.measured_pct=62"; keys Enter
    wait_for "utilization.measured_pct = 62" 5
    keys C-s
    wait_msg "putting its old text back failed too" 5 "a failed restore is said"
    COPY=$(copies "$TMP/work" plan.yaml | head -1)
    [ -n "$COPY" ] && grep -q "measured_pct: 62" "$TMP/work/$COPY" && ok ||
        fail "no copy with the new text after a failed restore"
    keys : ; type_text "q!"; keys Enter
    wait_for "EXIT=0" 10
    rm -f "$TMP/work/$COPY" "$TMP/work/plan.yaml" "$TMP/work/twin.yaml"
fi

# 2. A real full disk: room for the copy of the new text, none for the
# file to grow. Nothing may change, and no copy may be left.
MNT=$TMP/full
mkdir -p "$MNT"
if [ "$(id -u)" -ne 0 ] || ! mount -t tmpfs -o size=256k,mode=0755 gpuplan-test "$MNT" 2>/dev/null; then
    echo "SKIP part 2: a small tmpfs needs root and mount (not available here)"
    finish
    exit $?
fi
trap 'umount "$MNT" 2>/dev/null; cleanup' EXIT
cp "$top_srcdir/scenarios/diagflow.yaml" "$MNT/plan.yaml"
chmod 0644 "$MNT/plan.yaml"
ln "$MNT/plan.yaml" "$MNT/twin.yaml"
cp "$MNT/plan.yaml" "$TMP/old.yaml"
start -- "$MNT/plan.yaml"
wait_for "plan.yaml" 10 || give_up
type_text ":set notes=$notes_text"; keys Enter
wait_for "[+]" 5 "the long notes are set"
# Leave two pages: the copy of the new text (about 7 KB) fits, the file
# (one page now) cannot grow to two.
read -r avail bsize < <(stat -f -c '%a %S' "$MNT")
head -c $(( (avail - 2) * bsize )) /dev/zero >"$MNT/filler" 2>/dev/null
keys C-s
wait_for "No space left on device" 5 "a full disk is said"
wait_for "nothing was changed" 2 "and that nothing was changed"
cmp -s "$MNT/plan.yaml" "$TMP/old.yaml" && ok || fail "the file changed on a full disk ($(wc -c <"$MNT/plan.yaml") bytes)"
cmp -s "$MNT/twin.yaml" "$TMP/old.yaml" && ok || fail "the other link changed on a full disk"
[ -z "$(copies "$MNT" plan.yaml)" ] && ok || fail "a copy was left behind: $(ls -A "$MNT")"
"$GPUPLAN" check "$MNT/twin.yaml" >/dev/null 2>&1 && ok || fail "the file no longer checks"
wait_for "[+]" 2 "the edit is still unsaved"
# Room again: the save goes through, in place.
rm -f "$MNT/filler"
keys C-s
wait_for "saved $MNT/plan.yaml in place to keep its 2 hard links" 5
grep -q "$notes_text" "$MNT/twin.yaml" && ok || fail "the other link lacks the notes"
"$GPUPLAN" check "$MNT/twin.yaml" >/dev/null 2>&1 && ok || fail "the saved file does not check"
keys q
wait_for "EXIT=0" 10
finish
