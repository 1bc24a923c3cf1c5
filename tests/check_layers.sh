#!/usr/bin/env bash
# check_layers.sh: the arrows between gpuplan's layers point one way
# (HACKING 1), and the build is what enforces it.
#
# Each layer is compiled with its own include path (Makefile.am). The
# translation units in tests/layers/ are named LAYER-WHAT.c: LAYER-ok.c must
# compile with that layer's flags (so the flags are real), every other one
# includes something the layer must not use and must fail to compile. Then
# the pure model's sources are read for I/O calls, which an include path
# cannot stop.
. "$top_srcdir/tests/lib.sh"
builddir=$PWD

flags_of() {
    case "$1" in
        model) echo "$LAYER_MODEL_CPPFLAGS" ;;
        chart) echo "$LAYER_CHART_CPPFLAGS" ;;
        files) echo "$LAYER_FILES_CPPFLAGS" ;;
        report) echo "$LAYER_REPORT_CPPFLAGS" ;;
    esac
}

[ -n "${LAYER_CC:-}" ] && ok || fail "LAYER_CC is not set (run through make check)"
for tu in "$top_srcdir"/tests/layers/*.c; do
    base=$(basename "$tu" .c)
    layer=${base%%-*}
    flags=$(flags_of "$layer")
    [ -n "$flags" ] || { fail "$base: no include path for layer '$layer'"; continue; }
    # shellcheck disable=SC2086 # the flags are a word list on purpose
    out=$(cd "$builddir" && $LAYER_CC -std=c11 $flags -fsyntax-only "$tu" 2>&1)
    status=$?
    case "$base" in
        *-ok)
            if [ $status -eq 0 ]; then ok
            else fail "$base: the $layer layer's own headers do not compile:"; echo "$out" | head -5 >&2; fi ;;
        *)
            if [ $status -ne 0 ] && echo "$out" | grep -qE 'error'; then ok
            else fail "$base: compiled, but the $layer layer must not include that"; fi ;;
    esac
done

# Sources of a library, read from Makefile.am (continuation lines and +=).
cd "$top_srcdir" || exit 1
sources_of() {
    awk -v lib="$1" '
        $1 == lib "_SOURCES" { on = 1 }
        on { for (i = 1; i <= NF; i++) if ($i ~ /\.[ch]$/) print $i
             if ($NF != "\\") on = 0 }' Makefile.am
}

# A quoted include is looked up in the including file's own folder first,
# so model/x.c could reach model/chart/chart.h as "chart/chart.h" (or the
# planner's headers as "../tui/term.h") whatever its include path says, and
# the translation units above cannot see that. No source names a header by
# a path: each is found by its layer's include path alone.
# shellcheck disable=SC2046 # a word list of paths on purpose
bypass=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]*/' \
    $(find model tui -name '*.[ch]' -not -path 'model/forbid/*'))
[ -z "$bypass" ] && ok ||
    fail "a header named by a path, past the layer's include path: $bypass"

model=$(sources_of libgpumodel_a)
[ -n "$model" ] && ok || fail "no model sources found in Makefile.am"
for f in $model; do
    case "$f" in model/*/*) fail "$f: the pure model's sources live in model/ itself" ;; esac
    if grep -nE '\b(fopen|fprintf|printf|puts|fwrite|fread|open|read|write|getenv|exit)\s*\(' "$f" |
        grep -vE '^\s*[0-9]+:\s*(/\*|\*)' | grep -v 'snprintf' >/dev/null; then
        fail "$f (pure model) does I/O or reads the environment:"
        grep -nE '\b(fopen|fprintf|printf|puts|fwrite|fread|open|read|write|getenv|exit)\s*\(' "$f" | head -3 >&2
    else ok; fi
done

# Every library's sources sit in its own folder.
for pair in libgpuchart_a:model/chart libgpufiles_a:model/files libgpureport_a:model/report; do
    lib=${pair%%:*} dir=${pair#*:}
    srcs=$(sources_of "$lib")
    [ -n "$srcs" ] && ok || fail "no sources for $lib in Makefile.am"
    for f in $srcs; do
        case "$f" in "$dir"/*) ok ;; *) fail "$f is in $lib but not under $dir/" ;; esac
    done
done
finish
