#!/usr/bin/env bash
# check_readme.sh: what README.md tells a newcomer is true.
#   - The quick start is the two commands it promises, and they exist.
#   - The usage block has one line per usage line of `gpuplan help`, the same
#     words in the same order (the help wraps long lines; the README does not).
#     check_cli_opts holds the block to the command table byte for byte.
#   - Every example block that starts with `$ gpuplan ...` shows lines that
#     the command prints, in a row.
#   - Every command the README names in backquotes (`gpuplan report ...`)
#     runs and exits 0, in the order given, in an empty directory.
. "$top_srcdir/tests/lib.sh"
readme=$top_srcdir/README.md

# ---- quick start
for cmd in './bootstrap && make run' './bootstrap && make check'; do
    expect_grep "$readme" "$cmd" "README quick start"
done
[ -x "$top_srcdir/bootstrap" ] && ok || fail "bootstrap is not an executable file"
grep -qE '^run:' "$top_srcdir/Makefile.am" && ok || fail "Makefile.am has no run target"

# ---- usage block against gpuplan help
# One usage per line, words separated by one blank.
"$GPUPLAN" help >"$TMP/help" 2>&1 || fail "gpuplan help: exit $?"
awk 'NR == 1 { sub(/^Usage: /, "") }
     /^$/ { exit }
     /^ +gpuplan / || NR == 1 { if (u != "") print u; u = $0; next }
     { u = u " " $0 }
     END { if (u != "") print u }' "$TMP/help" |
    sed -E 's/^ +//; s/ +/ /g' | grep -v -- '^gpuplan --help' >"$TMP/help-usage"
sed -n '/^## Using it$/,/^## /p' "$readme" | sed -n '/^```$/,/^```$/p' |
    grep '^gpuplan' | sed -E 's/ {2,}.*$//; s/ +/ /g' >"$TMP/readme-usage"
[ -s "$TMP/readme-usage" ] && ok || fail "no usage block under '## Using it' in README.md"
if diff "$TMP/help-usage" "$TMP/readme-usage" >"$TMP/diff"; then ok; else
    fail "README.md's usage block differs from 'gpuplan help' (< help, > README):"
    cat "$TMP/diff" >&2
fi

# ---- example blocks
# Each fenced block whose first line is "$ gpuplan ARGS [# note]": the other
# lines of the block are a run of lines of the command's output.
blocks=0
awk -v dir="$TMP" '
    /^```/ { if (inb) { close(f); inb = 0 } else { inb = 1; n++; f = dir "/block" n; first = 1 }; next }
    inb { print > f }' "$readme"
mkdir -p "$TMP/run"
for b in "$TMP"/block*; do
    [ -f "$b" ] || continue
    head -1 "$b" | grep -q '^\$ gpuplan ' || continue
    blocks=$((blocks + 1))
    cmd=$(head -1 "$b" | sed -E 's/^\$ gpuplan //; s/ +#.*$//')
    tail -n +2 "$b" >"$TMP/want"
    # shellcheck disable=SC2086 # the example's words, as a shell splits them
    (cd "$TMP/run" && "$GPUPLAN" $cmd) >"$TMP/got" 2>&1 || fail "\$ gpuplan $cmd: exit $?"
    first=$(head -1 "$TMP/want")
    want_n=$(wc -l <"$TMP/want")
    found=0
    while IFS=: read -r at _; do
        if tail -n +"$at" "$TMP/got" | head -n "$want_n" | cmp -s - "$TMP/want"; then found=1; break; fi
    done < <(grep -nxF -- "$first" "$TMP/got")
    if [ "$found" = 1 ]; then ok; else
        fail "README.md: the output shown for '\$ gpuplan $cmd' is not what it prints now"
        diff "$TMP/want" "$TMP/got" | head -20 >&2
    fi
done
[ "$blocks" -ge 2 ] && ok || fail "only $blocks example blocks found in README.md"

# ---- commands named in the text
# Inline code that is a whole gpuplan command of the command line (not the
# planner, which needs a terminal, nor a line with placeholders).
commands=$(tr '\n' ' ' <"$readme" | grep -oE '`gpuplan [^`]+`' | tr -d '`' | sed -E 's/ +/ /g' |
    grep -E '^gpuplan (report|risk|seek|check|new|list|sweep|prices|import|help)( |$)' |
    grep -vE '[A-Z]{3,}|\.\.\.')
mkdir -p "$TMP/cmds"
ran=0
while IFS= read -r line; do
    [ -n "$line" ] || continue
    ran=$((ran + 1))
    # shellcheck disable=SC2086
    (cd "$TMP/cmds" && "$GPUPLAN" ${line#gpuplan } >/dev/null 2>"$TMP/err") && ok ||
        { fail "README.md names '$line', which fails: $(head -2 "$TMP/err")"; }
done <<<"$commands"
[ "$ran" -ge 8 ] && ok || fail "only $ran commands found in README.md's text"

# ---- the measure path
# The three commands of the block after "Measured, not guessed", run as
# written where the sources' example history is, on the scenario the
# README has the reader make before (`gpuplan new --from diagflow
# ours.yaml`): the share lands in ours.yaml and the report uses it.
mkdir -p "$TMP/measure/tests/data/trace"
cp "$top_srcdir/tests/data/trace/example-sacct.txt" "$TMP/measure/tests/data/trace/"
(cd "$TMP/measure" && "$GPUPLAN" new --from diagflow ours.yaml >/dev/null 2>&1) && ok ||
    fail "gpuplan new --from diagflow ours.yaml failed"
awk '/^\*\*Measured, not guessed\.\*\*/ { on = 1 } on && /^```$/ { if (++fence == 2) exit; next }
     on && fence == 1 { sub(/ +#.*$/, ""); print }' "$readme" >"$TMP/measure-cmds"
[ "$(wc -l <"$TMP/measure-cmds")" -eq 3 ] && ok ||
    fail "the measure block has $(wc -l <"$TMP/measure-cmds") commands, not 3"
while IFS= read -r line; do
    # shellcheck disable=SC2086
    (cd "$TMP/measure" && "$GPUPLAN" ${line#gpuplan } </dev/null >"$TMP/measure-out" 2>"$TMP/err") && ok ||
        fail "README.md's '$line' fails: $(head -2 "$TMP/err")"
done <"$TMP/measure-cmds"
expect_grep "$TMP/measure/ours.yaml" "measured_pct: 23.53" "the measured share applied"
expect_grep "$TMP/measure-out" "Spot is cheapest at 23.5%" "the report at the measured share"
echo "README: $blocks example blocks and $ran commands run"
finish
