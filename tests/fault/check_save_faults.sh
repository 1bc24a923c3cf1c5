#!/usr/bin/env bash
# check_save_faults.sh: saves that hit a failing disk change nothing (DESIGN 1.3, 3).
#
# tests/fault/shim.so (LD_PRELOAD) makes the save's own write, fchmod, fsync,
# rename, temp-file creation or directory fsync fail with ENOSPC or EIO; then
# `gpuplan report -o OUT` must exit 74, name OUT and the cause on stderr,
# leave OUT byte-identical and leave no temp file, and `gpuplan new` must
# leave no file at all. Also: symlinks written through, read-only files and
# directories refused with 73 (even as root), the file mode kept.
. "$top_srcdir/tests/lib.sh"
G=$GPUPLAN
SHIM=$(dirname "$G")/tests/fault/shim.so
S=$top_srcdir/scenarios
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

LOG=$TMP/fault.log
# faulty DESIGN COMMAND...: run COMMAND with the shim injecting DESIGN.
faulty() {
    local spec=$1
    shift
    rm -f "$LOG"
    GPUPLAN_FAULT=$spec GPUPLAN_FAULT_LOG=$LOG LD_PRELOAD=$SHIM "$@"
}
# expect_fired OP ACTION WHAT: the shim's log shows the fault happened.
expect_fired() {
    if [ -f "$LOG" ] && grep -qx "$1 $2" "$LOG"; then ok; else
        fail "$3: the shim never injected $1 $2 (is LD_PRELOAD working?)"
    fi
}
# expect_listing DIR WHAT NAME...: DIR holds exactly these names (dotfiles too).
expect_listing() {
    local dir=$1 what=$2
    shift 2
    local got want
    got=$(cd "$dir" && LC_ALL=C ls -A | tr '\n' ' ')
    want=$(printf '%s\n' "$@" | LC_ALL=C sort | tr '\n' ' ')
    [ "$got" = "$want" ] && ok || fail "$what: $dir holds '$got', expected '$want'"
}
# expect_same A B WHAT: the two files are byte-identical.
expect_same() {
    cmp -s "$1" "$2" && ok || fail "$3: $(basename "$1") differs from $(basename "$2")"
}
mode_of() { stat -c %a "$1"; }
strerr() { case $1 in ENOSPC) echo "No space left on device" ;; EIO) echo "Input/output error" ;; esac; }

# What the saves should write when nothing goes wrong.
"$G" report --format md default >"$TMP/new.md" || fail "reference report"
"$G" new "$TMP/ref-new.yaml" >/dev/null || fail "reference new"

D=$TMP/d
mkdir "$D"
OUT=$D/out.md
cp "$S/diagflow.yaml" "$TMP/orig"
chmod 0644 "$TMP/orig" # the source tree is read-only under make distcheck

# The shim is loaded and passes everything through when no fault is set.
cp "$TMP/orig" "$OUT"
expect_status 0 "save through the shim, no fault" -- faulty "" "$G" report --format md -o "$OUT" default
expect_same "$OUT" "$TMP/new.md" "save through the shim"
expect_listing "$D" "save through the shim" out.md
# A short write is not a failure: the writer loops until all bytes are out.
cp "$TMP/orig" "$OUT"
expect_status 0 "short writes" -- faulty write:SHORT:0 "$G" report --format md -o "$OUT" default
expect_fired write SHORT "short writes"
expect_same "$OUT" "$TMP/new.md" "short writes"

# Each step of the save failing, with each errno.
for op in mkstemp write fchmod fsync rename; do
    case $op in
    mkstemp) verb="cannot create a temporary file in $D" ;;
    write) verb="cannot write $OUT" ;;
    fchmod) verb="cannot set the mode of $OUT" ;;
    fsync) verb="cannot sync $OUT" ;;
    rename) verb="cannot replace $OUT" ;;
    esac
    for e in ENOSPC EIO; do
        w="report -o, $op fails with $e"
        cp "$TMP/orig" "$OUT"
        chmod 0644 "$OUT"
        expect_status 74 "$w" -- faulty "$op:$e:0" "$G" report --format md -o "$OUT" default
        expect_fired "$op" "$e" "$w"
        expect_grep "$TMP/err" "gpuplan: $OUT: " "$w: stderr names the file"
        expect_grep "$TMP/err" "$verb" "$w: stderr says which step"
        expect_grep "$TMP/err" "$(strerr "$e")" "$w: stderr gives the cause"
        expect_same "$OUT" "$TMP/orig" "$w: OUT untouched"
        [ "$(mode_of "$OUT")" = 644 ] && ok || fail "$w: mode changed"
        expect_listing "$D" "$w: no temp file left" out.md

        w="new, $op fails with $e"
        expect_status 74 "$w" -- faulty "$op:$e:0" "$G" new "$D/new.yaml"
        expect_fired "$op" "$e" "$w"
        expect_grep "$TMP/err" "gpuplan: $D/new.yaml: " "$w: stderr names the file"
        expect_grep "$TMP/err" "$(strerr "$e")" "$w: stderr gives the cause"
        expect_listing "$D" "$w: nothing created" out.md
    done
done

# A disk that fills up after part of the data went out.
w="report -o, ENOSPC after a short write"
cp "$TMP/orig" "$OUT"
expect_status 74 "$w" -- faulty write:ENOSPC:1,write:SHORT:0 "$G" report --format md -o "$OUT" default
expect_fired write ENOSPC "$w"
expect_same "$OUT" "$TMP/orig" "$w: OUT untouched"
expect_listing "$D" "$w: no temp file left" out.md

# The directory fsync comes after the rename: the new file is in place and
# complete, but it may not survive a crash, so the save still reports 74.
for e in ENOSPC EIO; do
    w="report -o, directory fsync fails with $e"
    cp "$TMP/orig" "$OUT"
    expect_status 74 "$w" -- faulty "dirfsync:$e:0" "$G" report --format md -o "$OUT" default
    expect_fired dirfsync "$e" "$w"
    expect_grep "$TMP/err" "gpuplan: $OUT: saved, but syncing directory $D failed: $(strerr "$e")" "$w: stderr"
    expect_same "$OUT" "$TMP/new.md" "$w: OUT is the whole new file"
    expect_listing "$D" "$w: no temp file left" out.md
done

# ulimit -f: SIGXFSZ is ignored, so the write fails with EFBIG, is
# reported, and leaves neither a cut OUT nor a temp file (the report is
# about 9 KB, the limit 4 KiB).
w="report -o past ulimit -f"
cp "$TMP/orig" "$OUT"
expect_status 74 "$w" -- bash -c 'ulimit -f 4 && exec "$0" report --format md -o "$1" default' "$G" "$OUT"
expect_grep "$TMP/err" "gpuplan: $OUT: cannot write $OUT: File too large (the limit on file size, \`ulimit -f\`); nothing was changed" "$w: stderr"
expect_same "$OUT" "$TMP/orig" "$w: OUT untouched"
expect_listing "$D" "$w: no temp file left" out.md
w="new past ulimit -f"
expect_status 74 "$w" -- bash -c 'ulimit -f 4 && exec "$0" new "$1"' "$G" "$D/new.yaml"
expect_grep "$TMP/err" "File too large" "$w: stderr"
expect_listing "$D" "$w: nothing created" out.md

# A signal while the temp file is being written (the shim makes the write
# take a second) is held until the file is in place or removed: it still
# ends gpuplan, but leaves no temp file. gpuplan runs with each signal's
# default action (env --default-signal): a signal ignored when it starts
# stays ignored, as under nohup, and a shell starts a background job with
# SIGINT and SIGQUIT ignored. Without that option, only the signals the
# shell leaves alone are sent, and only when this test was not started
# with them ignored.
if env --default-signal=INT true 2>/dev/null; then
    SIGS="TERM HUP INT USR1 USR2 ALRM"
else
    SIGS=""
    ignored=$(awk '/^SigIgn:/ {print $2}' /proc/$$/status 2>/dev/null)
    for sig in TERM HUP USR1 USR2 ALRM; do
        n=$(kill -l "$sig")
        if [ -n "$ignored" ] && [ $(( 0x$ignored >> (n - 1) & 1 )) -eq 1 ]; then
            echo "# SIG$sig is ignored here: not sent"
        else
            SIGS="$SIGS $sig"
        fi
    done
fi
for sig in $SIGS; do
    w="report -o, SIG$sig during the write"
    cp "$TMP/orig" "$OUT"
    if [ -z "${ignored+set}" ]; then dflt="--default-signal=$sig"; else dflt=""; fi
    env $dflt GPUPLAN_FAULT=write:SLEEP:0:1000 LD_PRELOAD="$SHIM" \
        "$G" report --format md -o "$OUT" default >/dev/null 2>"$TMP/err" &
    pid=$!
    i=0
    while [ -z "$(ls -A "$D" | grep -E '^\.out\.md\.')" ] && [ $i -lt 100 ]; do sleep 0.02; i=$((i + 1)); done
    [ $i -lt 100 ] && ok || fail "$w: the temp file never appeared"
    kill -s "$sig" "$pid"
    wait "$pid"
    st=$?
    [ "$st" -eq $((128 + $(kill -l "$sig"))) ] && ok || fail "$w: exit $st, expected death by SIG$sig"
    expect_listing "$D" "$w: no temp file left" out.md
    cmp -s "$OUT" "$TMP/new.md" && ok || fail "$w: OUT is not the whole new report"
done

# A symlink to a file in another directory is written through.
R=$TMP/real
mkdir "$R"
cp "$TMP/orig" "$R/target.md"
ln -s ../real/target.md "$D/link.md"
w="report -o through a symlink"
expect_status 0 "$w" -- "$G" report --format md -o "$D/link.md" default
[ -L "$D/link.md" ] && ok || fail "$w: the link is no longer a link"
[ "$(readlink "$D/link.md")" = ../real/target.md ] && ok || fail "$w: the link changed"
expect_same "$R/target.md" "$TMP/new.md" "$w: target has the new content"
expect_listing "$D" "$w: link dir" link.md out.md
expect_listing "$R" "$w: target dir" target.md
for op in write rename; do
    w="report -o through a symlink, $op fails with EIO"
    cp "$TMP/orig" "$R/target.md"
    expect_status 74 "$w" -- faulty "$op:EIO:0" "$G" report --format md -o "$D/link.md" default
    expect_fired "$op" EIO "$w"
    expect_grep "$TMP/err" "$D/link.md" "$w: stderr names the file"
    [ -L "$D/link.md" ] && [ "$(readlink "$D/link.md")" = ../real/target.md ] && ok ||
        fail "$w: the link changed"
    expect_same "$R/target.md" "$TMP/orig" "$w: target untouched"
    expect_listing "$D" "$w: link dir" link.md out.md
    expect_listing "$R" "$w: target dir" target.md
done
rm "$D/link.md"

# A read-only file is refused, also for root (who could write it anyway).
w="report -o onto a read-only file"
cp "$TMP/orig" "$OUT"
chmod 0444 "$OUT"
expect_status 73 "$w" -- "$G" report --format md -o "$OUT" default
expect_grep "$TMP/err" "$OUT" "$w: stderr names the file"
expect_grep "$TMP/err" "read-only" "$w: stderr says why"
expect_same "$OUT" "$TMP/orig" "$w: OUT untouched"
[ "$(mode_of "$OUT")" = 444 ] && ok || fail "$w: mode changed"
expect_listing "$D" "$w: no temp file left" out.md
chmod 0644 "$OUT"

# A read-only directory is refused: gpuplan checks the mode bits, so this
# works as root too.
RO=$TMP/ro
mkdir "$RO"
cp "$TMP/orig" "$RO/out.md"
chmod 0555 "$RO"
w="report -o into a read-only directory"
expect_status 73 "$w" -- "$G" report --format md -o "$RO/out.md" default
expect_grep "$TMP/err" "$RO" "$w: stderr names the directory"
expect_grep "$TMP/err" "read-only" "$w: stderr says why"
expect_same "$RO/out.md" "$TMP/orig" "$w: OUT untouched"
expect_listing "$RO" "$w: no temp file left" out.md
w="new into a read-only directory"
expect_status 73 "$w" -- "$G" new "$RO/new.yaml"
expect_grep "$TMP/err" "read-only" "$w: stderr says why"
expect_listing "$RO" "$w: nothing created" out.md
chmod 0755 "$RO"

# The mode is kept on success and on failure; a new file gets 0666 less umask.
w="mode 0640 kept"
cp "$TMP/orig" "$OUT"
chmod 0640 "$OUT"
expect_status 0 "$w" -- "$G" report --format md -o "$OUT" default
[ "$(mode_of "$OUT")" = 640 ] && ok || fail "$w: mode is $(mode_of "$OUT")"
expect_same "$OUT" "$TMP/new.md" "$w: new content"
cp "$TMP/orig" "$OUT"
expect_status 74 "$w after a failed save" -- faulty fsync:EIO:0 "$G" report --format md -o "$OUT" default
[ "$(mode_of "$OUT")" = 640 ] && ok || fail "$w after a failed save: mode is $(mode_of "$OUT")"
expect_same "$OUT" "$TMP/orig" "$w after a failed save: OUT untouched"
w="new under umask 077"
expect_status 0 "$w" -- bash -c 'umask 077 && exec "$0" new "$1"' "$G" "$D/new.yaml"
[ "$(mode_of "$D/new.yaml")" = 600 ] && ok || fail "$w: mode is $(mode_of "$D/new.yaml")"
expect_same "$D/new.yaml" "$TMP/ref-new.yaml" "$w: content"
expect_status 0 "$w: the file checks" -- "$G" check "$D/new.yaml"
w="new onto an existing file"
expect_status 73 "$w" -- "$G" new "$D/new.yaml"
expect_grep "$TMP/err" "already exists" "$w: stderr says why"
expect_listing "$D" "$w" new.yaml out.md

finish
