#!/usr/bin/env bash
# check_save_kill.sh: a saver killed at any moment leaves the old file or the new (DESIGN 1.3).
#
# First deterministically: tests/fault/shim.so SIGKILLs gpuplan just before
# or just after each step of the save (temp file made, half written, written,
# mode set, fsync'd, renamed, directory fsync'd). Then 200 saves alternating
# two reports into one OUT, and 100 `gpuplan new` saves, each SIGKILLed after
# a random delay while the shim slows every step down so that many kills land
# inside the save. After every kill OUT must be exactly the old or the new
# full content (`gpuplan new`: absent, or a whole scenario that checks), and
# anything else in the directory must be a hidden `.NAME.XXXXXX` temp file.
# Such leftovers are not cleaned up by later saves; they are counted below.
. "$top_srcdir/tests/lib.sh"
G=$GPUPLAN
SHIM=$(dirname "$G")/tests/fault/shim.so
export SOURCE_DATE_EPOCH=86400

if ldd "$G" 2>/dev/null | grep -q libasan; then
    echo "SKIP: $G is built with AddressSanitizer, which must come first in" \
         "LD_PRELOAD; the fault shim cannot be preloaded into it"
    exit 77
fi
if [ ! -f "$SHIM" ]; then
    echo "FAIL: the fault shim $SHIM was not built (make check builds it)" >&2
    exit 1
fi
if ! timeout --version >/dev/null 2>&1; then
    echo "SKIP: timeout(1) is needed to send SIGKILL after a delay"
    exit 77
fi

"$G" report --format json default >"$TMP/A" || fail "reference report A"
"$G" report --format json diagflow >"$TMP/B" || fail "reference report B"
"$G" new "$TMP/sA.yaml" >/dev/null || fail "reference scenario A"
"$G" new --from diagflow "$TMP/sB.yaml" >/dev/null || fail "reference scenario B"
cmp -s "$TMP/A" "$TMP/B" && fail "the two reports must differ"
cmp -s "$TMP/sA.yaml" "$TMP/sB.yaml" && fail "the two scenarios must differ"

D=$TMP/d
mkdir "$D"
OUT=$D/out.json

# run_killable STATUSFILE COMMAND...: run it in a subshell, so the shell's
# "Killed" notice goes nowhere; the exit status lands in STATUSFILE.
run_killable() {
    local sf=$1
    shift
    ( "$@" >/dev/null 2>"$TMP/err"; echo $? >"$sf" ) 2>/dev/null
}

# check_leftovers DIR NAME WHAT: every entry but NAME is a hidden temp file
# `.NAME.XXXXXX`, never something that could pass for the file. Echoes the
# number of temp files.
leftovers=0
check_leftovers() {
    local dir=$1 name=$2 what=$3 f n=0
    for f in "$dir"/* "$dir"/.*; do
        f=${f##*/}
        case $f in
        . | .. | '*' | '.*' | "$name") ;;
        *)
            if [[ $f =~ ^\.${name//./\\.}\.[A-Za-z0-9]{6}$ ]]; then
                n=$((n + 1))
            else
                fail "$what: unexpected file $f in the directory"
            fi
            ;;
        esac
    done
    leftovers=$n
}

# 1. Deterministic kill points. WHICH says what OUT must hold afterwards.
points=(
    "mkstemp:KILL:0 old"
    "mkstemp:KILLAFTER:0 old"
    "write:KILL:0 old"
    "write:KILL:1,write:SHORT:0 old"
    "write:KILLAFTER:0 old"
    "fchmod:KILL:0 old"
    "fchmod:KILLAFTER:0 old"
    "fsync:KILL:0 old"
    "fsync:KILLAFTER:0 old"
    "rename:KILL:0 old"
    "rename:KILLAFTER:0 new"
    "dirfsync:KILL:0 new"
    "dirfsync:KILLAFTER:0 new"
)
for p in "${points[@]}"; do
    spec=${p% *}
    which=${p#* }
    w="report -o killed at $spec"
    rm -rf "$D" && mkdir "$D"
    cp "$TMP/A" "$OUT"
    run_killable "$TMP/st" env GPUPLAN_FAULT="$spec" LD_PRELOAD="$SHIM" \
        "$G" report --format json -o "$OUT" diagflow
    [ "$(cat "$TMP/st")" = 137 ] && ok || fail "$w: exit $(cat "$TMP/st"), expected SIGKILL (137)"
    if [ "$which" = old ]; then want=$TMP/A; else want=$TMP/B; fi
    cmp -s "$OUT" "$want" && ok || fail "$w: OUT is not the $which content"
    check_leftovers "$D" out.json "$w"
    # The leftover temp file (if any) is not mistaken for the file: the next
    # save replaces OUT, and the leftover stays as it was.
    before=$(cd "$D" && LC_ALL=C ls -A | tr '\n' ' ')
    expect_status 0 "$w: next save" -- "$G" report --format json -o "$OUT" default
    cmp -s "$OUT" "$TMP/A" && ok || fail "$w: the next save did not write OUT"
    after=$(cd "$D" && LC_ALL=C ls -A | tr '\n' ' ')
    [ "$before" = "$after" ] && ok || fail "$w: the next save changed '$before' to '$after'"

    w="new killed at $spec"
    rm -rf "$TMP/n" && mkdir "$TMP/n"
    NEWF=$TMP/n/new.yaml
    run_killable "$TMP/st" env GPUPLAN_FAULT="$spec" LD_PRELOAD="$SHIM" \
        "$G" new --from diagflow "$NEWF"
    [ "$(cat "$TMP/st")" = 137 ] && ok || fail "$w: exit $(cat "$TMP/st"), expected SIGKILL (137)"
    if [ "$which" = old ]; then
        [ ! -e "$NEWF" ] && ok || fail "$w: a file appeared before the rename"
    else
        cmp -s "$NEWF" "$TMP/sB.yaml" && ok || fail "$w: the file is not the whole scenario"
        expect_status 0 "$w: the file checks" -- "$G" check "$NEWF"
    fi
    check_leftovers "$TMP/n" new.yaml "$w"
done

# 2. Random kills. Every step of the save sleeps 2 ms (so a save takes about
# 8 ms out of a run of 10 or so) and timeout(1) kills after 1-14 ms (new,
# which loads a scenario first: 1-24 ms).
SLOW=mkstemp:SLEEP:0:2,write:SLEEP:0:2,fsync:SLEEP:0:2,rename:SLEEP:0:2
rm -rf "$D" && mkdir "$D"
cp "$TMP/A" "$OUT"
cur=$TMP/A
killed=0 done_ok=0 changed=0 bad=0
RANDOM=4242
for i in $(seq 1 200); do
    if [ $((i % 2)) -eq 1 ]; then name=diagflow next=$TMP/B; else name=default next=$TMP/A; fi
    delay=$(printf '0.%03d' $((RANDOM % 14 + 1)))
    run_killable "$TMP/st" env GPUPLAN_FAULT="$SLOW" LD_PRELOAD="$SHIM" \
        timeout -s KILL "$delay" "$G" report --format json -o "$OUT" "$name"
    st=$(cat "$TMP/st")
    if cmp -s "$OUT" "$cur"; then :
    elif cmp -s "$OUT" "$next"; then changed=$((changed + 1)); cur=$next
    else
        bad=$((bad + 1))
        fail "random kill $i (after $delay s, exit $st): OUT is neither the old nor the new report"
        cp "$cur" "$OUT"
    fi
    case $st in
    137) killed=$((killed + 1)) ;;
    0)
        done_ok=$((done_ok + 1))
        [ "$cur" = "$next" ] && ok || fail "random kill $i: exit 0 but OUT is the old report"
        ;;
    *) fail "random kill $i: exit $st" ;;
    esac
done
check_leftovers "$D" out.json "random kills of report -o"
echo "report -o: 200 runs, $killed killed, $done_ok finished, OUT changed $changed times," \
     "$leftovers temp files left behind"
[ "$killed" -gt 0 ] && ok || fail "no run was killed: the delays are too long for this machine"
[ "$bad" -eq 0 ] && ok

killed=0 done_ok=0 present=0
for i in $(seq 1 100); do
    if [ $((i % 2)) -eq 1 ]; then from=diagflow ref=$TMP/sB.yaml; else from=default ref=$TMP/sA.yaml; fi
    NEWF=$D/s$i.yaml
    delay=$(printf '0.%03d' $((RANDOM % 24 + 1)))
    run_killable "$TMP/st" env GPUPLAN_FAULT="$SLOW" LD_PRELOAD="$SHIM" \
        timeout -s KILL "$delay" "$G" new --from "$from" "$NEWF"
    st=$(cat "$TMP/st")
    case $st in
    137) killed=$((killed + 1)) ;;
    0) done_ok=$((done_ok + 1)) ;;
    *) fail "random kill of new $i: exit $st" ;;
    esac
    if [ -e "$NEWF" ]; then
        present=$((present + 1))
        cmp -s "$NEWF" "$ref" && ok || fail "random kill of new $i: the file is not the whole scenario"
        "$G" check "$NEWF" >/dev/null 2>&1 && ok || fail "random kill of new $i: the file does not check"
    elif [ "$st" = 0 ]; then
        fail "random kill of new $i: exit 0 but no file"
    fi
done
n=0
for f in "$D"/.s*.yaml.??????; do
    [ -e "$f" ] && n=$((n + 1))
done
for f in "$D"/* "$D"/.*; do
    f=${f##*/}
    case $f in
    . | .. | out.json | s[0-9]*.yaml | .out.json.?????? | .s[0-9]*.yaml.??????) ;;
    *) fail "random kills of new: unexpected file $f" ;;
    esac
done
echo "new: 100 runs, $killed killed, $done_ok finished, $present files written," \
     "$n temp files left behind"
[ "$killed" -gt 0 ] && ok || fail "no new was killed: the delays are too long for this machine"

finish
