#!/usr/bin/env bash
# check_layers.sh: the arrows between gpuplan's layers point one way
# (STYLE.md 1). The pure model (libgpumodel) uses libc and libm only and does
# no I/O (it may allocate working memory once, never per evaluation); the chart library and the file formats never include curses; only
# tui/ includes curses.
. "$top_srcdir/tests/lib.sh"
cd "$top_srcdir" || exit 1

# Sources of a library, read from Makefile.am (continuation lines and +=).
sources_of() {
    awk -v lib="$1" '
        $1 == lib "_SOURCES" || ($1 == lib "_SOURCES" && $2 == "+=") { on = 1 }
        on { for (i = 1; i <= NF; i++) if ($i ~ /\.[ch]$/) print $i
             if ($NF != "\\") on = 0 }' Makefile.am
}

model=$(sources_of libgpumodel_a)
[ -n "$model" ] && ok || fail "no model sources found in Makefile.am"
for f in $model; do
    if grep -nE '#include *<(n?curses|yaml|cjson/)' "$f" >/dev/null; then
        fail "$f (pure model) includes curses, libyaml or cJSON"
    else ok; fi
    if grep -nE '\b(fopen|fprintf|printf|puts|fwrite|fread|open|read|write|getenv|exit)\s*\(' "$f" |
        grep -vE '^\s*[0-9]+:\s*(/\*|\*)' | grep -v 'snprintf' >/dev/null; then
        fail "$f (pure model) does I/O or reads the environment:"
        grep -nE '\b(fopen|fprintf|printf|puts|fwrite|fread|open|read|write|getenv|exit)\s*\(' "$f" | head -3 >&2
    else ok; fi
done

for lib in libgpuformats_a libgpuchart_a libgpuutil_a; do
    for f in $(sources_of $lib); do
        if grep -nE '#include *<n?curses' "$f" >/dev/null; then
            fail "$f ($lib) includes curses"
        else ok; fi
    done
done
finish
