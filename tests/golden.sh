# golden.sh: golden files for gpuplan's shell tests (sourced by tests/lib.sh
# and tests/tui/lib.sh, after their ok and fail).
#
# golden_check compares what a test produced with its golden file. With
# GPUPLAN_UPDATE_GOLDEN=1 it writes the golden file instead; the test then
# fails in finish (golden_finish), so a run that rewrote goldens is never
# taken for a run that passed: read what changed, then run again without
# the variable.
GOLDENS_WRITTEN=0
GOLDENS_CHANGED=0

# updating_goldens: true when this run writes golden files.
updating_goldens() { [ "${GPUPLAN_UPDATE_GOLDEN:-0}" = 1 ]; }

# golden_check GOT GOLDEN WHAT: the file GOT is byte for byte the golden
# file GOLDEN (a failure shows the first lines of the diff), or, when
# updating, becomes it.
golden_check() {
    local got=$1 golden=$2 what=$3
    if updating_goldens; then
        cmp -s "$got" "$golden" || GOLDENS_CHANGED=$((GOLDENS_CHANGED + 1))
        if cp "$got" "$golden"; then
            GOLDENS_WRITTEN=$((GOLDENS_WRITTEN + 1))
        else
            fail "$what: cannot write $golden"
        fi
    elif cmp -s "$got" "$golden"; then
        ok
    else
        fail "$what differs from $(basename "$golden")"
        diff "$golden" "$got" | head -20 >&2
    fi
}

# golden_finish: when this run wrote golden files, say so and return 1.
golden_finish() {
    [ "$GOLDENS_WRITTEN" -eq 0 ] && return 0
    echo "$GOLDENS_WRITTEN golden files written, $GOLDENS_CHANGED of them changed" >&2
    echo "goldens rewritten; read them, then rerun without GPUPLAN_UPDATE_GOLDEN" >&2
    return 1
}
