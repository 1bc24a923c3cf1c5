#!/usr/bin/env bash
# check_model_calls.sh: the files of the pure model call each other one way
# (HACKING 1): no two files of libgpumodel.a reach each other through their
# calls, however long the path. A file that needs what two others share
# takes it from a third below both (cost_words.c under verdict.c and
# advice.c; field_text.c under fields.c and uncertainty.c).
#
# The calls are read from the library's symbol tables (nm): file A calls
# file B when A leaves undefined a symbol that B defines. A cycle is
# reported with the symbols that make its edges.
. "$top_srcdir/tests/lib.sh"
builddir=$PWD
lib="$builddir/libgpumodel.a"
NM=${NM:-nm}

[ -f "$lib" ] && ok || { fail "no $lib (run through make check)"; finish; exit; }
"$NM" -A "$lib" >"$TMP/nm" 2>/dev/null && ok || fail "$NM cannot read $lib"

# Edges "A B SYMBOL", one per symbol that A uses and B defines.
awk '
    { n = split($0, part, ":"); if (n < 3) next
      obj = part[2]; sub(/^libgpumodel_a-/, "", obj)
      m = split(part[3], w, " ")
      if (m == 3 && w[2] ~ /^[TDBRC]$/) def[w[3]] = obj
      else if (m == 2 && w[1] == "U") { use[++nu] = obj " " w[2] } }
    END { for (i = 1; i <= nu; i++) { split(use[i], u, " ")
            if ((u[2] in def) && def[u[2]] != u[1]) print u[1], def[u[2]], u[2] } }
' "$TMP/nm" | sort -u >"$TMP/edges"
[ -s "$TMP/edges" ] && ok || fail "no calls between the model's files were found"

# Every file that can reach itself: a depth-first walk from each one.
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
' "$TMP/edges" | sort >"$TMP/cycles"
if [ -s "$TMP/cycles" ]; then
    fail "files of the pure model call each other in a loop:"
    sed 's/^/  /' "$TMP/cycles" >&2
else
    ok
fi
finish
