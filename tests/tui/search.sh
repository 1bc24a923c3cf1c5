#!/bin/bash
# search.sh: finding a field (DESIGN 8). `/` searches the fields' labels,
# keys and help as it is typed, on every panel (the Hybrid workloads' cells
# too), and says which match of how many; Down and Up move between matches,
# Enter stays, Esc goes back; n and N go on after it, wrapping. `:goto`
# takes the key's last part (pue), a near miss (peu), and says when a last
# part is ambiguous. The hint line names ? and / and ends at a whole
# label. At 80x22, 80x23, 80x24 and 132x43, in a UTF-8 and the C locale.
# A replayed trace's rows and its groups' cells are found too.
. "$(dirname "$0")/lib.sh"

have_utf8=1
[ "$(LC_ALL=C.UTF-8 locale charmap 2>/dev/null)" = UTF-8 ] || have_utf8=0

# status: the rows above the bottom line (the selected field's help, which
# may wrap over two, or a message), joined by blanks.
status() { screen | tail -4 | head -3 | tr '\n' ' ' | tr -s ' '; }

# wait_status TEXT [WHAT]: the status rows hold TEXT.
wait_status() {
    local i=0
    while [ $i -lt 50 ]; do
        case "$(status)" in *"$1"*) ok; return 0 ;; esac
        sleep 0.1
        i=$((i + 1))
    done
    fail "${2:-the status rows hold '$1'}: '$(status)'"
}

walk() { # SIZE LOCALE
    local size=$1 loc=$2 what="$1 $2"
    START_SIZE=$size start NO_COLOR=1 LC_ALL="$loc" TERM=xterm-256color -- logistics-hybrid
    wait_re " Hardware +Facility " 10 "planner at $what" || give_up
    wait_status "hardware.gpu_model:" "the first field at $what"
    # The hint line names ? and / wherever they fit, and ends at a whole
    # label: each item of it is a key and one word.
    local hint item
    hint=$(screen | tail -1 | sed 's/ *$//')
    case "$hint" in
    "F1 help  u undo  c chart  : cmd  F10 quit  ? about  / search  F2 save"*) ok ;;
    *) fail "the hint line lacks ? about and / search at $what: '$hint'" ;;
    esac
    while read -r item; do
        [[ "$item" =~ ^[^\ ]+\ [a-z]+$ ]] && ok || fail "hint item '$item' cut at $what"
    done < <(sed 's/  /\n/g' <<<"$hint")
    # Incremental: each letter searches again, from where / was pressed.
    keys /
    wait_re "^/ +labels, keys, help$" 5 "the search line at $what"
    type_text "p"
    wait_re "^/p +[0-9]+/[0-9]+$" 5 "one letter finds at $what"
    type_text "ue"
    wait_re "^/pue +1/1$" 5 "pue: one match at $what"
    wait_status "facility.pue:" "the selection on PUE at $what"
    # Esc: back where the search began.
    keys Escape
    wait_status "hardware.gpu_model:" "Esc goes back at $what"
    # The help is searched too, letters in either case.
    keys /
    type_text "dcgm"
    wait_re "^/dcgm +1/[0-9]+$" 5 "a word of a help at $what"
    wait_status "utilization.measured_pct:" "the field whose help has DCGM at $what"
    keys Enter
    wait_status "/dcgm: match 1 of " "Enter stays at $what"
    wait_status ", utilization.measured_pct; n next, N previous" "and says where and n, N at $what"
    # No match: said on the line; Enter keeps the selection where it was.
    keys /
    type_text "zqzq"
    wait_re "^/zqzq +no match$" 5 "no match at $what"
    keys Enter
    wait_status "no field's label, key or help has 'zqzq'" "Enter on no match at $what"
    wait_re "Utilization +45 %" 2 "the selection stays at $what"
    # A list's cells: every workload's, in order; n, N and the wrap.
    keys /
    type_text "cloud_gpu_hour"
    wait_re "^/cloud_gpu_hour +1/4$" 5 "four workloads' cells at $what"
    keys Down
    wait_re "^/cloud_gpu_hour +2/4$" 5 "Down: the next match at $what"
    keys Up
    wait_re "^/cloud_gpu_hour +1/4$" 5 "Up: the previous one at $what"
    keys Enter
    wait_status "/cloud_gpu_hour: match 1 of 4, hybrid.workloads[0].cloud_gpu_hour;" "Enter at $what"
    keys n
    wait_status "/cloud_gpu_hour: match 2 of 4, hybrid.workloads[1].cloud_gpu_hour" "n at $what"
    keys N N
    wait_status "/cloud_gpu_hour: match 4 of 4, hybrid.workloads[3].cloud_gpu_hour (back from the last panel)" \
        "N wraps at $what"
    keys n
    wait_status "/cloud_gpu_hour: match 1 of 4, hybrid.workloads[0].cloud_gpu_hour (on from the first panel)" \
        "n wraps at $what"
    keys Down
    wait_status "hybrid.workloads[1].cloud_gpu_hour:" "the next workload's cell below at $what"
    # :goto: the last part of a key, a near miss, an ambiguous last part.
    type_text ":goto pue"
    keys Enter
    wait_status "goto facility.pue" "goto pue at $what"
    wait_re "PUE +1\.[0-9]+" 2 "on the Facility panel at $what"
    type_text ":goto peu"
    keys Enter
    wait_status "goto facility.pue (the key nearest to \`peu\`)" "goto peu at $what"
    type_text ":goto nodez"
    keys Enter
    wait_status "goto hardware.nodes (the key nearest to \`nodez\`)" "goto nodez at $what"
    type_text ":goto seed"
    keys Enter
    wait_status "goto: \`seed\` is the last part of hybrid.seed or uncertainty.seed" \
        "an ambiguous last part at $what"
    type_text ":goto gpus"
    keys Enter
    wait_status "goto hybrid.workloads[0].gpus" "a list's last part at $what"
    type_text ":goto xyzzyq"
    keys Enter
    wait_status "goto: unknown key \`xyzzyq\`" "a key near nothing at $what"
    keys q
    wait_for "EXIT=0" 10
}

# n before any search says what to do.
START_SIZE=80x24 start NO_COLOR=1 LC_ALL=C TERM=xterm-256color -- default
wait_re " Hardware +Facility " 10 "planner" || give_up
keys n
wait_status "no search yet: / searches the fields' labels, keys and help"
keys q
wait_for "EXIT=0" 10

for size in 80x22 80x23 80x24 132x43; do
    [ "$have_utf8" = 1 ] && walk "$size" C.UTF-8
    walk "$size" C
done

# A plan that replays a trace: its rows (Trace, Trace groups) and every
# group's cells are fields too (DESIGN 10.8), found as the workloads' are.
cat "$top_srcdir/tests/data/trace/queue.yaml" >"$TMP/work/queue.yaml"
cat "$top_srcdir/tests/data/trace/queue.csv" >"$TMP/work/queue.csv"
trace_walk() { # SIZE LOCALE
    local size=$1 loc=$2 what="$1 $2 (trace)"
    START_SIZE=$size start NO_COLOR=1 LC_ALL="$loc" TERM=xterm-256color -- queue.yaml
    wait_re " Hardware +Facility " 10 "planner at $what" || give_up
    wait_status "hardware.gpu_model:" "the first field at $what"
    keys /
    type_text "trace_group_by"
    wait_re "^/trace_group_by +1/1$" 5 "the Trace groups row at $what"
    wait_status "hybrid.trace_group_by:" "the selection on Trace groups at $what"
    keys Escape
    wait_status "hardware.gpu_model:" "Esc goes back at $what"
    # A group's cells, in order: name, run, ...
    keys /
    type_text "groups[1]"
    wait_re "^/groups\[1\] +1/6$" 5 "the eval group's six cells at $what"
    keys Enter
    wait_status "/groups[1]: match 1 of 6, hybrid.groups[1].name;" "Enter on the eval group at $what"
    keys n
    wait_status "/groups[1]: match 2 of 6, hybrid.groups[1].run" "n: the next cell at $what"
    wait_re "^(.|↓|↑)eval +burst " 2 "the eval group's row on screen at $what"
    # r acts on the cell search selected: the group's run.
    keys r
    wait_for "hybrid.groups[1].run = onprem" 5 "r on the found group at $what"
    keys u
    wait_for "undone" 5 "u at $what"
    # Each group's cell of a key: both groups' prices.
    keys /
    type_text "groups[0].cloud_gpu"
    wait_re "^/groups\[0\]\.cloud_gpu +1/1$" 5 "the train group's price at $what"
    keys Escape
    keys q
    wait_for "EXIT=0" 10
}
for size in 80x22 132x43; do
    [ "$have_utf8" = 1 ] && trace_walk "$size" C.UTF-8
    trace_walk "$size" C
done
finish
