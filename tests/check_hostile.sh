#!/usr/bin/env bash
# check_hostile.sh: the hostile corpus (tests/data/hostile/, DESIGN 7). Every
# file is run through `check` and `report` (routing files through
# `import`; a *.args file holds a command line, one argument a line, and is
# run as it is): the exit status is the one EXPECTED gives, an error names
# FILE:LINE:COL and holds the expected words, nothing on stderr is a raw
# control character, and each run ends within its time bound. Every file
# in the folder must have a line in EXPECTED, so none is left unchecked.
. "$top_srcdir/tests/lib.sh"
G=$GPUPLAN
H=$top_srcdir/tests/data/hostile
BOUND_MS=3000 # per run; the real figure is milliseconds

no_raw() {
    if LC_ALL=C grep -qP '[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]' "$1"; then
        fail "$2: raw control bytes on stderr: $(od -c "$1" | head -3 | tr '\n' ' ')"
    else ok; fi
}

# run NAME WANT WHAT -- CMD...: run with the time bound, check the status.
run() {
    local name=$1 want=$2 what=$3
    shift 4
    local t0 t1
    t0=$(date +%s%N)
    timeout 30 "$@" >"$TMP/out" 2>"$TMP/err"
    local rc=$?
    t1=$(date +%s%N)
    local ms=$(( (t1 - t0) / 1000000 ))
    [ "$rc" -eq "$want" ] && ok || fail "$what $name: exit $rc, expected $want ($(head -c 300 "$TMP/err"))"
    [ "$ms" -lt "$BOUND_MS" ] && ok || fail "$what $name: took $ms ms"
    no_raw "$TMP/err" "$what $name"
}

# located NAME MESSAGE WHAT: stderr holds "FILE:LINE:COL: " and MESSAGE.
located() {
    local name=$1 msg=$2 what=$3
    if grep -qE "^gpuplan: .*$(printf '%s' "$name" | sed 's/[.[\*^$]/\\&/g'):[0-9]+:[0-9]+: " "$TMP/err"; then ok; else
        fail "$what $name: the error is not located: $(head -c 300 "$TMP/err")"
    fi
    expect_grep "$TMP/err" "$msg" "$what $name"
}

# md_is_text NAME FILE: the Markdown report of a file that reports holds
# no markup of the user's making (DESIGN 4.2): outside its code blocks no
# raw '<' and no link.
md_is_text() {
    "$G" report --format md "$2" >"$TMP/md" 2>/dev/null || { fail "md $1: report failed"; return; }
    if awk '/^```/ { f = !f; next } !f' "$TMP/md" | grep -nE '<|[^\\]\]\(' >"$TMP/raw"; then
        fail "md $1: markup from the file: $(head -c 200 "$TMP/raw")"
    else ok; fi
}

listed=0
while IFS=$'\t' read -r name c r msg; do
    case $name in ''|'#'*) continue ;; esac
    listed=$((listed + 1))
    f=$H/$name
    [ -f "$f" ] || { fail "EXPECTED lists $name, which is not in the corpus"; continue; }
    case $name in
    *.args)
        mapfile -t args <"$f"
        run "$name" "$c" args -- "$G" "${args[@]}"
        [ "$msg" = - ] || expect_grep "$TMP/err" "$msg" "args $name"
        continue ;;
    *.routing.json)
        run "$name" "$c" import -- "$G" import "$f"
        [ "$msg" = - ] || located "$name" "$msg" import
        continue ;;
    esac
    run "$name" "$c" check -- "$G" check "$f"
    [ "$msg" = - ] || located "$name" "$msg" check
    if [ "$r" = term ]; then
        # Once a minute an evaluation, now about a second: it either finishes
        # within the second or stops at once on the SIGTERM sent then.
        t0=$(date +%s%N)
        timeout -s TERM 1 "$G" report "$f" >/dev/null 2>"$TMP/err"
        rc=$?
        ms=$(( ($(date +%s%N) - t0) / 1000000 ))
        [ "$rc" -eq 124 ] || [ "$rc" -eq 0 ] && ok ||
            fail "report $name: exit $rc, expected to finish or be stopped by SIGTERM"
        [ "$ms" -lt 1500 ] && ok || fail "report $name: SIGTERM at 1 s, ended at $ms ms"
        continue
    fi
    run "$name" "$r" report -- "$G" report "$f"
    [ "$msg" = - ] || located "$name" "$msg" report
    [ "$r" = 0 ] && md_is_text "$name" "$f"
done <"$H/EXPECTED"

# Every file of the corpus is listed.
for f in "$H"/*; do
    b=$(basename "$f")
    [ "$b" = EXPECTED ] && continue
    grep -q "^$b	" "$H/EXPECTED" && ok || fail "$b is in the corpus but not in EXPECTED"
done
[ "$listed" -ge 20 ] && ok || fail "only $listed files listed"
finish
