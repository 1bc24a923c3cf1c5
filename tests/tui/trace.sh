#!/bin/bash
# trace.sh: a hybrid plan that replays a job history (DESIGN 10.8) in the
# planner, as a user meets it: the Hybrid panel and the results show the
# figures gpuplan report gives the same scenario; the groups' table is on
# the panel, each cell edited through the one edit path (r cycles a
# group's run, the figures follow, u takes it back); a group is added and
# deleted as a workload is; a trace that cannot be read says why, keeps
# every row and comes back with undo; an export writes what gpuplan
# report writes.
. "$(dirname "$0")/lib.sh"

D=$top_srcdir/tests/data/trace
cat "$D/queue.yaml" >"$TMP/work/queue.yaml"
cat "$D/queue.csv" >"$TMP/work/queue.csv"

# The report's figures, as the results box rounds them.
"$GPUPLAN" report --format json "$TMP/work/queue.yaml" >"$TMP/report.json" || give_up
money() {
    python3 -c 'import json,sys
h = json.load(open(sys.argv[1]))["results"]["hybrid"]
v = eval(sys.argv[2], {}, {"h": h})
print("{:,}".format(int(round(v))))' "$TMP/report.json" "$1"
}
total=$(money 'h["total_monthly"]')
cloud=$(money 'h["cloud"]["monthly"]')
[ -n "$total" ] && [ -n "$cloud" ] || give_up

for loc in C.UTF-8 C; do
    at="$loc"
    START_SIZE=100x30 start LC_ALL=$loc -- queue.yaml
    wait_for "queue replay" 10 "$at: the trace's scenario is open" || give_up
    keys M-8
    # The hand-worked queue (check_trace_cli.sh): train waits 0 and 90,
    # eval goes to the cloud, the other groups' job waits 120 minutes.
    wait_re "^ train +onprem +od +\(0\) +\(90\) +\(6\.88\) +0% +90min" 10 \
        "$at: the train group with its figures"
    wait_re "^ eval +burst +od +\(0\) +20 +\(6\.88\) +100% +-" 5 "$at: the eval group"
    wait_re "^(.|↓|↑)\* +onprem +0% +120min" 5 "$at: the groups no item names"
    wait_re "^ Trace +queue\.csv" 5 "$at: the trace's row"
    wait_re "total monthly +$total" 5 "$at: the report's total ($total)"
    wait_re "on-prem [0-9,]+ \+ cloud $cloud" 5 "$at: the report's cloud ($cloud)"

    # r on eval's row: burst -> onprem; its jobs now wait on-prem.
    type_text ":goto hybrid.groups[1].run"
    keys Enter
    wait_for "hybrid.groups[1].run: where" 5 "$at: eval's run selected"
    keys r
    wait_for "hybrid.groups[1].run = onprem" 5 "$at: r cycles the group's run"
    wait_re "^ eval +onprem +od +\(0\) +20 +\(6\.88\) +0% " 10 "$at: the figures follow"
    keys u
    wait_re "^ eval +burst +od +\(0\) +20 +\(6\.88\) +100% +-" 10 "$at: undone"
    wait_re "total monthly +$total" 5 "$at: the report's total again"

    # A trace that cannot be read: why, and nothing lost.
    type_text ":set hybrid.trace=none.csv"
    keys Enter
    wait_for "hybrid.trace cannot be replayed: " 10 "$at: the message says so"
    wait_for "none.csv: cannot open: No such file or directory" 5 "$at: and why"
    wait_for "! the trace cannot be replayed:" 5 "$at: the panel's warning"
    wait_re "^ eval +burst +on_demand +\(0\) +20 +\(6\.88\)" 5 "$at: the groups stay"
    refute_re "^ eval .*[0-9]+% " "$at: without figures"
    refute "total monthly" "$at: no figures in the results box"
    keys u
    wait_re "^ eval +burst +od +\(0\) +20 +\(6\.88\) +100% +-" 10 "$at: back with undo"
    refute "cannot be replayed" "$at: no warning left"
    keys F10
    wait_for "EXIT=0" 10 "$at: quits"
done

# Adding and deleting a group, and the file saved keeps the rest.
START_SIZE=132x43 start -- queue.yaml
wait_for "queue replay" 10 "the scenario is open again" || give_up
keys M-8
type_text ":goto hybrid.groups[1].name"
keys Enter
wait_re "^ eval +burst" 5 "eval selected"
keys a
wait_for "trace group 'new' added with the selected group's rules" 5 "a adds a group"
wait_re "^ new +burst +on_demand +\(0\) +20 +\(6\.88\) +0% +-" 10 \
    "the new group, no job of the history its"
keys d
wait_for "delete trace group 'new'? (y)es / (n)o" 5 "d asks"
keys y
wait_for "trace group 'new' deleted (u undoes)" 5 "d deletes it"
refute_re "^ new " "the group is gone"
keys F10
wait_for "EXIT=0" 10 "quits"
cmp -s "$D/queue.yaml" "$TMP/work/queue.yaml" && ok || fail "nothing saved changed the file"

# An export writes the report's hybrid section.
START_SIZE=100x30 start -- queue.yaml
wait_for "queue replay" 10 "open for the export" || give_up
keys M-8
wait_re "total monthly +$total" 10 "the figures before the export"
type_text ":export json out.json"
keys Enter
wait_for "exported" 10 "exported"
python3 - "$TMP/report.json" "$TMP/work/out.json" <<'EOF' && ok || fail "the export's hybrid figures differ from gpuplan report's"
import json, sys
a = json.load(open(sys.argv[1]))["results"]["hybrid"]
b = json.load(open(sys.argv[2]))["results"]["hybrid"]
sys.exit(0 if a == b else 1)
EOF
keys F10
wait_for "EXIT=0" 10 "quits after the export"
finish
