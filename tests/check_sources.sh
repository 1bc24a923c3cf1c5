#!/usr/bin/env bash
# check_sources.sh: the rules of the source tree that a grep can hold
# (HACKING 8, 9):
#   - every section of doc/DESIGN.md or doc/HACKING.md that a file cites
#     ("DESIGN 2.7", "HACKING 7", "DESIGN 1, 2.8", "DESIGN 2.1-2.2") is a
#     heading there, and every man-page section cited by name
#     ("gpuplan(1) EXIT STATUS") is a section of that page;
#   - no source file in model/ or tui/ (any depth) is over 600 lines;
#   - no function is over 100 lines, from its `{` at column 0 to its `}` at
#     column 0 (the code puts a function's braces there, and this script
#     fails where a definition does not, so none escapes the count);
#   - no helper is defined in two files: the helpers written to be shared
#     (HELPERS below) by name, and any function by its body (the same body,
#     whitespace aside, of 3 lines or more in two files is a copy);
#   - no file but model/utf8.c decodes or encodes UTF-8 by hand (a
#     continuation-byte mask, a lead byte built with 0xE0 |): text is
#     decoded, measured and cut in one place (HACKING 4);
#   - no planner test checks that text is NOT on the screen by piping a
#     capture into grep: an empty capture (the pane gone, nothing drawn)
#     would pass; such checks go through capture/refute (tests/tui/lib.sh),
#     which fail on an empty screen first (HACKING 10);
#   - no text is cut silently by a printf precision (`%.40s`): a value
#     quoted in a message goes through diag_quote or utf8_clip, which end a
#     cut in "…" on a character boundary (HACKING 7);
#   - no header of model/ or tui/ includes itself through others (an
#     include loop), however long the path (HACKING 1);
#   - no function of a model/ or tui/ header says why it failed into a
#     caller's buffer (`char *msg, size_t n`), or returns a bool beside
#     the Diag d it fills: it returns a status and fills a Diag (HACKING 7).
# What broke these rules before they were enforced is listed in KNOWN: it
# may only shrink. A listed offender that no longer offends fails too, so
# whoever fixes one removes it from the list.
. "$top_srcdir/tests/lib.sh"
cd "$top_srcdir" || exit 1

FILE_MAX=600
FUNCTION_MAX=100
HELPERS="trim wrap pct_text split_path now_ms month_text nice_step"

# The offenders when this check was written, one per line:
#   file PATH            a source file over FILE_MAX lines
#   function PATH:NAME   a function over FUNCTION_MAX lines
#   helper NAME PATH...  a shared helper defined in more than one file
#   copy PATH:NAME PATH:NAME...   functions with the same body
#   bridge PATH:NAME     a function whose error goes into a caller's buffer
KNOWN='
'

# ---- cited sections ----------------------------------------------------------

# headings FILE: the section numbers of a Markdown file's "## N." and
# "### N.M" headings, one per line.
headings() {
    sed -nE 's/^## ([0-9]+)\.( .*)?$/\1/p; s/^### ([0-9]+\.[0-9]+)\.?( .*)?$/\1/p' "$1"
}

# The files that may cite a section: everything of the project that is
# text, not build output or test logs.
cited_in() {
    find model tui tests scenarios doc .ci -type f \
        \( -name '*.c' -o -name '*.h' -o -name '*.sh' -o -name '*.md' \
        -o -name '*.yaml' -o -name '*.json' -o -name '*.in' -o -name '*.1' \
        -o -name '*.5' -o -name run \) -not -name '*.log' -print 2>/dev/null
    for f in README.md Makefile.am configure.ac bootstrap; do
        [ -f "$f" ] && echo "$f"
    done
}
files=$(cited_in | sort)
[ -n "$files" ] && ok || fail "no files to read"

cited=0
for doc in DESIGN HACKING; do
    path=doc/$doc.md
    if [ ! -f "$path" ]; then
        fail "$path is missing"
        continue
    fi
    declare -A have=()
    for h in $(headings "$path"); do have[$h]=1; done
    [ ${#have[@]} -gt 0 ] && ok || fail "$path has no numbered headings"
    # Every citation: the document's name, an optional "section(s)", then
    # numbers joined by commas, "and" or a range dash.
    # shellcheck disable=SC2086 # a word list of paths on purpose
    refs=$(grep -noE "$doc (sections? )?[0-9]+(\.[0-9]+)?((, | and |-|–)[0-9]+(\.[0-9]+)?)*" $files)
    while IFS= read -r ref; do
        [ -n "$ref" ] || continue
        where=${ref%%:"$doc"*}
        text=${ref#"$where":}
        nums=${text#"$doc"}
        nums=${nums//[!0-9.]/ }
        for num in $nums; do
            num=${num%.}
            cited=$((cited + 1))
            if [ -n "${have[$num]:-}" ]; then ok; else
                fail "$where cites $doc $num, which $path has no heading for"
            fi
        done
    done <<<"$refs"
    unset have
done
[ "$cited" -gt 100 ] && ok || fail "only $cited citations found: is the pattern still right?"

# Man pages cited by section name: "gpuplan(1) EXIT STATUS",
# "gpuplan-scenario(5), section FILES".
mancited=0
# shellcheck disable=SC2086
refs=$(grep -noE "gpuplan(-scenario)?\([15]\),? (section )?[A-Z][A-Z]+( [A-Z][A-Z]+)*" $files)
while IFS= read -r ref; do
    [ -n "$ref" ] || continue
    page=$(echo "$ref" | grep -oE "gpuplan(-scenario)?\([15]\)" | head -1)
    name=${page%(*} sec=${page#*(}
    sec=${sec%)}
    title=$(echo "$ref" | sed -E 's/.*\([15]\),? (section )?//')
    mancited=$((mancited + 1))
    if grep -qE "^\.SH \"?$title\"?\$" "doc/$name.$sec"; then ok; else
        fail "${ref%%:*}: cites $page $title, which doc/$name.$sec has no section for"
    fi
done <<<"$refs"

# ---- sizes and copies --------------------------------------------------------

sources=$(find model tui -type f -name '*.[ch]' -not -path 'model/forbid/*' | sort)
current=$(mktemp "$TMP/current.XXXXXX")

# Files over the limit.
for f in $sources; do
    n=$(wc -l <"$f")
    [ "$n" -gt "$FILE_MAX" ] && echo "file $f" >>"$current"
done

# Functions: NAME LINES BODY-HASH-INPUT per definition, and a definition
# whose brace is not at column 0 (the count would miss it).
# shellcheck disable=SC2086
awk '
    FNR == 1 { sig = ""; prev = ""; body = ""; start = 0 }
    /^[A-Za-z_].*\)[ \t]*\{[ \t]*$/ {
        printf "brace %s:%d\n", FILENAME, FNR
    }
    /^\{/ {
        if (prev !~ /\)[ \t]*$/)
            printf "brace %s:%d\n", FILENAME, FNR
        name = "?"
        if (match(sig, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
            name = substr(sig, RSTART, RLENGTH)
            sub(/[ \t]*\($/, "", name)
        }
        start = FNR; body = ""; lines = 0
        prev = $0
        next
    }
    start && /^\}/ {
        printf "def %s:%s %d ", FILENAME, name, FNR - start + 1
        b = body; gsub(/[ \t]+/, " ", b)
        print (lines >= 3 ? b : "-")
        start = 0
    }
    start && !/^[ \t]*$/ { body = body $0 "\\n"; lines++ }
    /^[A-Za-z_]/ && !start { sig = $0 }
    !/^[ \t]*$/ { prev = $0 }
' $(echo "$sources" | grep '\.c$') >"$TMP/defs"

grep '^brace ' "$TMP/defs" | while read -r _ at; do
    echo "brace $at" >>"$current"
done
defs=$(grep -c '^def ' "$TMP/defs")
[ "$defs" -gt 500 ] && ok || fail "only $defs function definitions found: is the pattern still right?"

grep '^def ' "$TMP/defs" | awk -v max="$FUNCTION_MAX" '$3 > max { print "function " $2 }' >>"$current"

# A shared helper defined in more than one file.
# Listed with the files that define it, so one more copy of a listed helper
# is a new offender too.
for h in $HELPERS; do
    in=$(grep '^def ' "$TMP/defs" | awk '{ print $2 }' | grep -E ":$h\$" | cut -d: -f1 | sort -u)
    [ "$(echo "$in" | grep -c .)" -gt 1 ] && echo "helper $h" $in >>"$current"
done

# The same body in two files (whitespace aside), 3 lines or more.
grep '^def ' "$TMP/defs" | awk '
    { key = $0; sub(/^def [^ ]+ [0-9]+ /, "", key)
      if (key == "-") next
      where = $2; split(where, p, ":")
      if (!(key in files) || index(" " files[key] " ", " " p[1] " ") == 0)
          files[key] = files[key] " " p[1]
      names[key] = names[key] " " where; count[key]++ }
    END { for (k in count) {
            n = split(files[k], f, " ")
            if (n > 1) print "copy" names[k] } }' |
    while read -r line; do
        # The names in a stable order, so the line can be listed in KNOWN.
        # shellcheck disable=SC2086
        echo "copy $(printf '%s\n' ${line#copy } | sort | tr '\n' ' ' | sed 's/ $//')"
    done >>"$current"

# A printf precision on a string cuts it without a mark, and may cut a
# character in half.
# shellcheck disable=SC2086
grep -nE '%-?[0-9]*\.[0-9]+s' $sources | while IFS=: read -r f n _; do
    echo "precision $f:$n" >>"$current"
done

# UTF-8 by hand, outside the one module that does it.
# shellcheck disable=SC2086
grep -nE '& *0x[cC]0\b|0x[eEfF]0 *\| *\(|0x[cC]0 *\| *\(' $sources |
    grep -vE '^model/utf8\.[ch]:' | while IFS=: read -r f n _; do
    echo "utf8 $f:$n" >>"$current"
done

# An error said into a caller's buffer: a declaration (or a function
# pointer) in a header whose parameters hold `char *msg, size_t n` (msg,
# err, error, why, note, cause, reason, warning).
for f in $(echo "$sources" | grep '\.h$'); do
    perl -0777 -ne 'while (/(\w+)\s*\)?\s*\(([^()]*)\)\s*(?:__attribute__\s*\(\(.*?\)\))?\s*;/sg) {
        my ($n, $a) = ($1, $2);
        print "bridge $ARGV:$n\n" if $a =~ /char\s*\*\s*(msg|err|error|why|note|cause|reason|warning)\w*\s*,\s*size_t/;
    }' "$f" >>"$current"
    perl -0777 -ne 'while (/(?:^|\n)bool\s+(\w+)\s*\(([^()]*)\)\s*;/sg) {
        my ($n, $a) = ($1, $2);
        print "boolstatus $ARGV:$n\n" if $a =~ /Diag\s*\*\s*d\s*$/;
    }' "$f" >>"$current"
done

# Headers that include each other, however long the path: a header's
# meaning would then depend on which of them a file reads first, and its
# include guard would hide half of one from the other (HACKING 1). The
# headers the layers' include paths forbid (model/forbid) are left out.
find model tui -path model/forbid -prune -o -name '*.h' -print | sort |
    while read -r h; do
        sed -nE 's/^[[:space:]]*#[[:space:]]*include[[:space:]]+"([^"]+)".*/\1/p' "$h" |
            while read -r inc; do echo "${h##*/} ${inc##*/}"; done
    done | awk '
    { out[$1] = out[$1] " " $2; node[$1]; node[$2] }
    function reach(from, to, seen,    n, nx, i) {
        n = split(out[from], nx, " ")
        for (i = 1; i <= n; i++) {
            if (nx[i] == to) { path = from " -> " to; return 1 }
            if (nx[i] in seen) continue
            seen[nx[i]]
            if (reach(nx[i], to, seen)) { path = from " -> " path; return 1 }
        }
        return 0 }
    END { for (v in node) { delete seen; path = ""
            if (reach(v, v, seen)) print "include " path } }' >>"$current"

# A must-not-appear check on a raw capture.
grep -nE '(screen|capture-pane)[^#]*\|[^#]*grep -q[^#]*(then fail|&& fail)' \
    tests/tui/*.sh | while IFS=: read -r f n _; do
    echo "unguarded $f:$n" >>"$current"
done

sort -u "$current" -o "$current"
# --list: print the offenders as KNOWN lines, for reading (not for pasting
# over the list: a new offender is fixed, not listed).
if [ "${1:-}" = --list ]; then
    cat "$current"
    exit 0
fi
known=$(echo "$KNOWN" | sed '/^$/d' | sort -u)

# New offenders fail; listed ones that no longer offend fail too.
while IFS= read -r o; do
    [ -n "$o" ] || continue
    if echo "$known" | grep -qxF -- "$o"; then ok; else
        case "$o" in
            file\ *) fail "${o#file } has $(wc -l <"${o#file }") lines (at most $FILE_MAX): split it by what it does" ;;
            function\ *) fail "${o#function } is over $FUNCTION_MAX lines: split it by its sections" ;;
            brace\ *) fail "${o#brace }: a function's { and } go at column 0 (its size cannot be measured otherwise)" ;;
            helper\ *) h=${o#helper }; fail "${h%% *} is defined in more than one file (${h#* }): write it once and share it" ;;
            copy\ *) fail "the same function body in several files: ${o#copy } (write it once and share it)" ;;
            utf8\ *) fail "${o#utf8 }: UTF-8 by hand: use model/utf8.h (utf8_is_cont, utf8_floor, utf8_next, utf8_encode)" ;;
            unguarded\ *) fail "${o#unguarded }: a check that text is not on the screen passes on an empty capture: use refute (tests/tui/lib.sh)" ;;
            boolstatus\ *) fail "${o#boolstatus }: returns a bool beside the Diag it fills: return the status (0 or the Diag's) (HACKING 7)" ;;
            bridge\ *) fail "${o#bridge }: says why it failed into a caller's buffer: return a status and fill a Diag (HACKING 7)" ;;
            include\ *) fail "headers include each other: ${o#include } (move what both need into a header below them)" ;;
            precision\ *) fail "${o#precision }: %.Ns cuts a text without a mark: quote it with diag_quote or utf8_clip" ;;
        esac
    fi
done <"$current"
while IFS= read -r k; do
    [ -n "$k" ] || continue # (none listed)
    if grep -qxF -- "$k" "$current"; then ok; else
        fail "KNOWN lists '$k', which is not what the code has now (fixed, or changed): remove or update its line in tests/check_sources.sh"
    fi
done <<<"$known"

echo "cited sections checked: $cited of doc/DESIGN.md and doc/HACKING.md, $mancited of the man pages"
echo "known offenders left: $(echo "$known" | grep -c .)" \
    "($(echo "$known" | grep -c '^file ') files, $(echo "$known" | grep -c '^function ') functions," \
    "$(echo "$known" | grep -c '^helper ') helpers, $(echo "$known" | grep -c '^copy ') copies)"
finish
