#!/usr/bin/env bash
# check_model_calls.sh: the files of each library call each other one way
# (HACKING 1): no two files of one library reach each other through their
# calls, however long the path. A file that needs what two others share
# takes it from a third below both (cost_words.c under verdict.c and
# advice.c; field_text.c under fields.c and uncertainty.c; export_words.c
# under export.c's dispatch and the exporters). Every library of
# noinst_LIBRARIES in Makefile.am is checked, each on its own: calls from
# one library into another follow the layers, which check_layers.sh holds.
# The one exception is the planner's list of the files still in a loop
# (loops_allowed below, HACKING 1): no other file may join a loop, and a
# listed file that is in none must leave the list.
#
# The calls are read from the library's symbol tables (nm): file A calls
# file B when A leaves undefined a symbol that B defines. A cycle is
# reported with the symbols that make its edges. Before the libraries, the
# same reading runs on a made-up table with a known loop of three files,
# so a reading that finds no loop at all cannot pass.
. "$top_srcdir/tests/lib.sh"
builddir=$PWD
NM=${NM:-nm}

# edges LIB NMFILE: "A B SYMBOL", one per symbol that A uses and B defines;
# the object names lose the per-library prefix automake gives them.
edges() {
    awk -v prefix="$(printf '%s' "$1" | tr . _)-" '
        { n = split($0, part, ":"); if (n < 3) next
          obj = part[2]
          if (substr(obj, 1, length(prefix)) == prefix) obj = substr(obj, length(prefix) + 1)
          m = split(part[3], w, " ")
          if (m == 3 && w[2] ~ /^[TDBRC]$/) def[w[3]] = obj
          else if (m == 2 && w[1] == "U") { use[++nu] = obj " " w[2] } }
        END { for (i = 1; i <= nu; i++) { split(use[i], u, " ")
                if ((u[2] in def) && def[u[2]] != u[1]) print u[1], def[u[2]], u[2] } }
    ' "$2" | sort -u
}

# cycles EDGES: every file that can reach itself, by a depth-first walk
# from each one, with the path and one symbol for each of its edges.
cycles() {
    awk '
        { if (!(($1 SUBSEP $2) in e)) { e[$1 SUBSEP $2] = $3; out[$1] = out[$1] " " $2 }
          node[$1]; node[$2] }
        function reach(from, to, seen,    k, n, nx, i) {
            n = split(out[from], nx, " ")
            for (i = 1; i <= n; i++) {
                if (nx[i] == to) { path = from " -> " to " (" e[from SUBSEP to] ")"; return 1 }
                if (nx[i] in seen) continue
                seen[nx[i]]
                if (reach(nx[i], to, seen)) { path = from " -> " nx[i] " (" e[from SUBSEP nx[i]] "), " path; return 1 }
            }
            return 0 }
        END { for (v in node) { delete seen; path = ""
                if (reach(v, v, seen)) print v ": " path } }
    ' "$1" | sort
}

# loops_allowed LIB: the files of LIB (objects, without .o) that may still
# be in a loop, and why (HACKING 1). Only the planner has any, in one knot
# around its edits: edit.c hands the editing keys to the list, hybrid and
# risk panels, which commit back through its one commit path (edit_commit);
# form.c finds a field's row on those panels for edit.c; and files.c opens
# a file (file_picker.c, recover_offer.c) and has edit.c recompute, while
# edit.c asks files.c before a quit. The rest is in none: the command line
# (the table above the handlers, their helpers in cli_common.c below
# them), the modes (mode_dispatch.c above the handlers, the modes' names
# and key tables in mode.c below the screen), and what several panels and
# the screen draw with (form_text.c, term.c) below them all. Break a loop,
# then take its files off the list.
loops_allowed() {
    case $1 in
    libgpuplanner.a)
        echo edit file_picker files form hybrid_panel list_panel \
            recover_offer risk_pairs risk_panel ;;
    libfake.a) echo b ;; # the made-up library the reading is tried on
    esac
}

# unlisted LIB CYCLES: the lines of CYCLES whose file LIB does not list.
unlisted() {
    loops_allowed "$1" | tr ' ' '\n' | sed '/^$/d; s/$/.o/' | sort -u >"$TMP/allowed"
    awk 'FILENAME == ARGV[1] { allowed[$1]; next }
         { f = $1; sub(/:$/, "", f) } !(f in allowed)' "$TMP/allowed" "$2"
}

# The reading itself: three files in a loop (a -> b -> c -> a), one file
# beside it that only calls in (d -> a), all with the automake prefix. All
# three loops are reported; with b listed, only a's and c's.
cat >"$TMP/fake.nm" <<'EOF'
libfake.a:libfake_a-a.o:0000000000000000 T fa
libfake.a:libfake_a-a.o:                 U fb
libfake.a:libfake_a-a.o:                 U printf
libfake.a:libfake_a-b.o:0000000000000000 T fb
libfake.a:libfake_a-b.o:                 U fc
libfake.a:libfake_a-c.o:0000000000000000 T fc
libfake.a:libfake_a-c.o:0000000000000010 r .LC0
libfake.a:libfake_a-c.o:                 U fa
libfake.a:libfake_a-d.o:0000000000000000 T fd
libfake.a:libfake_a-d.o:                 U fa
EOF
edges libfake.a "$TMP/fake.nm" >"$TMP/fake.edges"
cycles "$TMP/fake.edges" >"$TMP/fake.all"
cat >"$TMP/fake.want" <<'EOF'
a.o: a.o -> b.o (fb), b.o -> c.o (fc), c.o -> a.o (fa)
b.o: b.o -> c.o (fc), c.o -> a.o (fa), a.o -> b.o (fb)
c.o: c.o -> a.o (fa), a.o -> b.o (fb), b.o -> c.o (fc)
EOF
for fake in libnone.a libfake.a; do
    unlisted "$fake" "$TMP/fake.all" >"$TMP/fake.cycles"
    [ "$fake" = libfake.a ] && sed -i '/^b\.o:/d' "$TMP/fake.want"
    if cmp -s "$TMP/fake.want" "$TMP/fake.cycles"; then ok; else
        fail "the reading of $fake misses a known loop of three files:"
        diff "$TMP/fake.want" "$TMP/fake.cycles" | sed 's/^/  /' >&2
    fi
done

# The libraries, as Makefile.am lists them (continued lines joined).
libs=$(awk '/^noinst_LIBRARIES[ \t]*=/ { on = 1; sub(/^[^=]*=/, "") }
            on { on = /\\$/; sub(/\\$/, ""); printf "%s ", $0 }' "$top_srcdir/Makefile.am")
set -- $libs
[ $# -ge 6 ] && ok || fail "noinst_LIBRARIES names $# libraries, expected at least 6: $libs"

for lib in "$@"; do
    path="$builddir/$lib"
    [ -f "$path" ] && ok || { fail "no $path (run through make check)"; continue; }
    "$NM" -A "$path" >"$TMP/nm" 2>/dev/null && ok || { fail "$NM cannot read $path"; continue; }
    edges "$lib" "$TMP/nm" >"$TMP/edges"
    # A library of one file has no calls between files; any other has some.
    objs=$(cut -d: -f2 "$TMP/nm" | sort -u | wc -l)
    [ "$objs" -lt 2 ] || [ -s "$TMP/edges" ] && ok ||
        fail "$lib: no calls between its $objs files were found"
    cycles "$TMP/edges" >"$TMP/cycles"
    # The loops of files not on the list, and the listed files in none.
    unlisted "$lib" "$TMP/cycles" >"$TMP/new"
    sed 's/:.*//' "$TMP/cycles" | sort -u | comm -23 "$TMP/allowed" - >"$TMP/stale"
    if [ -s "$TMP/new" ]; then
        fail "files of $lib call each other in a loop:"
        sed 's/^/  /' "$TMP/new" >&2
    else
        ok
    fi
    if [ -s "$TMP/stale" ]; then
        fail "$lib: listed as in a loop but in none (take them off loops_allowed):" \
            $(sed 's/\.o$//' "$TMP/stale")
    else
        ok
    fi
done
finish
