#!/usr/bin/env bash
# check_pages.sh: the man pages format cleanly and cover the command line.
# gpuplan.1 must name every command, option, exit status and planner key of
# the DESIGN, every environment variable and every shipped scenario;
# gpuplan-scenario.5 is checked against the field registry by check_manpage.
. "$top_srcdir/tests/lib.sh"
P1=$top_srcdir/doc/gpuplan.1
P5=$top_srcdir/doc/gpuplan-scenario.5

if ! command -v groff >/dev/null 2>&1; then
    echo "groff not installed; skipping"
    exit 77
fi

# Both pages format without a single warning (-ww turns them all on).
for page in "$P1" "$P5"; do
    if groff -man -Tutf8 -ww -z "$page" 2>"$TMP/warn" && [ ! -s "$TMP/warn" ]; then
        ok
    else
        fail "$(basename "$page"): groff warnings"
        sed 's/^/  /' "$TMP/warn" | head -10 >&2
    fi
done

# The formatted gpuplan(1), with hyphens made plain, is what a reader sees.
groff -man -Tutf8 -P-cbou "$P1" 2>/dev/null | sed 's/\xe2\x80\x90/-/g; s/\xe2\x88\x92/-/g' >"$TMP/man1"
# The same with runs of blanks and line ends squeezed, for phrases that wrap.
tr -s ' \n' ' ' <"$TMP/man1" >"$TMP/flat1"

for sec in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS KEYS FILES ENVIRONMENT \
           "EXIT STATUS" EXAMPLES "SEE ALSO"; do
    if grep -q "^$sec\$" "$TMP/man1"; then ok; else fail "gpuplan.1 lacks section $sec"; fi
done

# DESIGN 3: every command and option.
for s in "gpuplan [--no-color] [FILE]" "gpuplan report" "gpuplan check FILE..." \
         "gpuplan new [--from NAME] FILE" "gpuplan list" "gpuplan sweep --vary" \
         "gpuplan prices" "--help" "--version" "--format" "-o" "--set KEY=VALUE" \
         "--vary KEY=FROM:TO:STEP" "--from NAME" "--no-color"; do
    expect_grep "$TMP/flat1" "$s" "gpuplan.1 command line"
done

# DESIGN 3 exit codes, each as a tagged paragraph.
for code in 0 64 65 66 73 74; do
    if grep -Eq "^ +$code +[A-Z]" "$TMP/man1"; then ok; else
        fail "gpuplan.1 does not explain exit status $code"
    fi
done

# DESIGN 8 keys table.
for k in "Tab, Shift-Tab, Alt-1..9" "Up, Down, k, j" "Left, Right, h, l, -, +" \
         "Enter, or a digit" "Space" "a, d, r, m" "u, Ctrl-R" "F1" "/, n, N" "F2, Ctrl-S" "F3, o" \
         "F4, x" "F10, q" "set KEY=VALUE" "goto KEY" "wq"; do
    expect_grep "$TMP/flat1" "$k" "gpuplan.1 keys"
done

for v in NO_COLOR TERM SOURCE_DATE_EPOCH XDG_DATA_HOME XDG_STATE_HOME \
         GPUPLAN_SCENARIO_DIR; do
    if grep -q "^       $v\$" "$TMP/man1" || grep -q "^       $v  " "$TMP/man1"; then ok; else
        fail "gpuplan.1 ENVIRONMENT lacks $v"
    fi
done

# Every shipped scenario is named in FILES, and no name there is missing.
for f in "$top_srcdir"/scenarios/*.yaml; do
    name=$(basename "$f" .yaml)
    [ "$name" = prices ] && continue
    expect_grep "$TMP/flat1" "$name" "gpuplan.1 FILES names the shipped scenario"
done

# The built program's usage lists no command the page leaves out.
if [ -x "$GPUPLAN" ]; then
    "$GPUPLAN" --help >"$TMP/help" 2>&1
    for cmd in $(sed -n 's/^ *\(Usage: \)\{0,1\}gpuplan \([a-z][a-z]*\).*/\2/p' "$TMP/help" | sort -u); do
        expect_grep "$TMP/flat1" "gpuplan $cmd" "command '$cmd' from --help"
    done
fi

# gpuplan-scenario(5) states the rules of DESIGN 1.3 and 7.
groff -man -Tutf8 -P-cbou "$P5" 2>/dev/null | sed 's/\xe2\x80\x90/-/g' | tr -s ' \n' ' ' >"$TMP/man5"
for s in "atomic" "symbolic link is written through" "keeps its permission bits" \
         "read-only" "aliases and anchors" "duplicate keys" "NaN" "hexadecimal" \
         "1 MiB" "nesting" "CRLF" "byte order mark" "flow style" "JSON" \
         "did you mean utilization?"; do
    expect_grep "$TMP/man5" "$s" "gpuplan-scenario.5"
done

finish
