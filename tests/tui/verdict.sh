#!/bin/bash
# verdict.sh: the results box leads with the verdict, and at 90% on diagflow
# (where spot costs less than owning) the zone line says that the rule of
# thumb disagrees with the figures, and why; nothing on screen claims owning
# wins. At 132x43 the full zone sentence and every crossover fit.
. "$(dirname "$0")/lib.sh"

start -- diagflow
wait_re " Hardware +Facility " 10 "panel tabs" || give_up
wait_for "Spot is cheapest at 42%: it costs" 10 "the verdict leads the box"
wait_for "zone cloud (rule of thumb): agrees" 2 "zone agrees at 42%"
type_text ":set utilization.measured_pct=90"
keys Enter
wait_for "Spot is cheapest at 90%: it costs" 5 "verdict follows the new utilization"
wait_for "45,718 USD a month (40.5%) less than" 2 "the margin over on-prem"
wait_for "zone onprem disagrees (staff)" 2 "zone marked as disagreeing, with the term"
screen | grep -qE "Spot +67,277 +3\.20 +cheapest" && ok ||
    fail "the table agrees: spot cheapest"
refute "owning usually wins" "a claim that owning wins"
TM resize-window -t planner -x 132 -y 43
wait_for "zone onprem disagrees: spot is cheapest; biggest" 5 \
    "the full zone line at 132 columns"
wait_for "term: staff" 2
wait_for "X on-demand above 98.9%" 2 "crossovers listed with their side"
wait_for "X reserved never (on-prem dearer)" 2
wait_for "At 90% the rule of thumb says \"above 75%, own" 2 \
    "first advice: ZONE_DISAGREES"
keys F10
wait_for "(s)ave / (d)iscard / (c)ancel" 5
keys d
wait_for "EXIT=0" 10 "quit exits 0"
finish
