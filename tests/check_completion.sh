#!/usr/bin/env bash
# check_completion.sh: the bash completion script the build writes and
# `make install` installs (DESIGN 3): commands, options, shipped scenario
# names, and field keys after --set and --vary. It sources the script and
# calls its function as readline would, word by word; plain bash, no
# bash-completion package needed.
. "$top_srcdir/tests/lib.sh"
: "${GPUPLAN_COMPLETION:?GPUPLAN_COMPLETION must name the built script}"
# shellcheck disable=SC1090
. "$GPUPLAN_COMPLETION" || { fail "the script does not source"; finish; exit 1; }
complete -p gpuplan 2>/dev/null | grep -q -- '-F _gpuplan gpuplan' && ok ||
    fail "no 'complete -F _gpuplan gpuplan'"
cd "$TMP" || exit 99

# offers "LINE" WORD...: completing the last word of LINE (split as
# readline does, '=' a word of its own) offers every WORD.
# offers_only: the same, and nothing else.
complete_line() {
    local line=$1
    line=${line//=/ = }
    read -r -a COMP_WORDS <<<"$line"
    COMP_WORDS[0]=$GPUPLAN
    [[ $1 == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _gpuplan
}
offers() {
    local line=$1 w
    shift
    complete_line "$line"
    for w in "$@"; do
        if printf '%s\n' "${COMPREPLY[@]}" | grep -qxF -- "$w"; then ok; else
            fail "'$line<Tab>' does not offer '$w' (offers: ${COMPREPLY[*]:-nothing})"
        fi
    done
}
offers_only() {
    offers "$@"
    local line=$1
    shift
    [ "${#COMPREPLY[@]}" -eq $# ] && ok ||
        fail "'$line<Tab>' offers ${#COMPREPLY[@]} words, not $#: ${COMPREPLY[*]}"
}

offers_only "gpuplan rep" report
offers "gpuplan " report check new list sweep prices import help default diagflow
offers_only "gpuplan --ver" --version
offers_only "gpuplan report --fo" --format
offers_only "gpuplan sweep --m" --max-rows
offers_only "gpuplan report --format " text md html json csv
offers_only "gpuplan sweep --format " csv json
offers_only "gpuplan report diag" diagflow diagflow-horizon diagflow-risk
offers_only "gpuplan report log" logistics-hybrid
offers_only "gpuplan new --from cluster" cluster-64-at-85
offers_only "gpuplan report --set hardware.node" hardware.nodes= hardware.node_price=
offers_only "gpuplan report --set=utilization.measured" utilization.measured_pct=
offers "gpuplan report --set hybrid." hybrid.days= hybrid.onprem_nodes=
offers "gpuplan report --set " notes= hardware.nodes= cloud.spot_gpu_hour=
offers_only "gpuplan sweep --vary hardware.node_" hardware.node_price=
offers "gpuplan sweep --vary " utilization.measured_pct= hardware.nodes=
complete_line "gpuplan sweep --vary not"
[ "${#COMPREPLY[@]}" -eq 0 ] && ok || fail "--vary offers a text field: ${COMPREPLY[*]}"
offers_only "gpuplan help sw" sweep
offers_only "gpuplan ri" risk
offers_only "gpuplan risk --format " text md json csv
offers_only "gpuplan seek --vary hardware.node_p" hardware.node_price
offers_only "gpuplan seek --target " onprem=
offers_only "gpuplan seek --target onprem=sp" spot
offers_only "gpuplan seek --format " text json
complete_line "gpuplan help sweep "
[ "${#COMPREPLY[@]}" -eq 0 ] && ok || fail "help takes one command: ${COMPREPLY[*]}"
offers_only "gpuplan import --f" --from --force
# Every option the help of every command lists is offered after a dash,
# and every command the overview lists after the program's name: the
# script and the parser come from one table.
for cmd in $("$GPUPLAN" --help | sed -n 's/^\(Usage:\)\{0,1\} *gpuplan \([a-z][a-z]*\).*/\2/p'); do
    offers "gpuplan " "$cmd"
    # shellcheck disable=SC2046
    offers "gpuplan $cmd -" $("$GPUPLAN" help "$cmd" |
        sed -n 's/^  \(-[a-z]\), \(--[a-z-]*\).*/\1 \2/p; s/^      \(--[a-z-]*\).*/\1/p')
done
# Files: scenario files for report, any file after -o.
mkdir sub && touch mine.yaml mine.txt
offers_only "gpuplan report mi" minimum-size mine.yaml
offers_only "gpuplan report -o mi" mine.txt mine.yaml
offers_only "gpuplan check su" sub/
finish
