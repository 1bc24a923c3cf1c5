#!/bin/bash
# measure.sh: the planner's `:measure FILE` (DESIGN 10.7) as a user meets
# it, at 80x24 and 132x43, in a UTF-8 and the C locale: the job records'
# share set in the scenario as one undo step that says what it was; undo
# and redo take it back and put it again; the next save writes the values
# with a comment saying where they came from, and keeps the rest of the
# file byte for byte; a save after undoing it drops the comment; a file
# that cannot be read changes nothing. (A plan that replays a trace:
# trace.sh.)
. "$(dirname "$0")/lib.sh"

M=$top_srcdir/tests/data/measure
cp "$M/sacct-basic.txt" "$TMP/work/jobs.txt"
# diagflow: 4 nodes x 8 GPUs, measured_pct 42 over 26 weeks. The records
# hold 35 GPU-hours in their 4-hour window (1 malformed line): 35 / (32 x 4)
# = 27.34 % over 0.02 weeks, as the command line says (check_measure_cli.sh).
for size in 80x24 132x43; do
    for loc in C.UTF-8 C; do
        arrow='→'
        [ "$loc" = C ] && arrow='->'
        at="$loc $size"
        cp "$SCEN/diagflow.yaml" "$TMP/work/d.yaml"
        chmod u+w "$TMP/work/d.yaml"
        START_SIZE=$size start "LANG=$loc" "LC_ALL=$loc" -- d.yaml
        wait_for "DiagFlow" 10 "$at: the scenario is open" || give_up
        keys M-4
        wait_re "^ Utilization +42 %" 5 "$at: the Utilization panel"

        # A file that cannot be read changes nothing.
        type_text ":measure nothere.txt"
        keys Enter
        wait_msg "nothere.txt" 5 "$at: the missing file named"
        refute "[+]" "$at: a failed :measure changed the scenario"

        type_text ":measure jobs.txt"
        keys Enter
        wait_msg "measured jobs.txt, 2024-03-04 00:00 +00:00 to 2024-03-04 04:00 +00:00 (0.02 weeks of 32 GPUs): utilization.measured_pct 42 $arrow 27.34, measurement_weeks 26 $arrow 0.02 (u undoes); 1 malformed line skipped (:messages)" \
            5 "$at: :measure says what it set, from which window"
        wait_re "^ Utilization +27\.34 %" 5 "$at: the panel shows the measured share"
        wait_for "[+]" 5 "$at: an unsaved change"
        type_text ":messages"
        keys Enter
        wait_for "jobs.txt:16:" 5 "$at: the malformed line is in :messages with its place"
        keys Escape
        wait_gone "messages: the last" 5

        keys u
        wait_msg "undone: measure jobs.txt: Utilization 27.34 $arrow 42 and 1 more" 5 \
            "$at: one undo step, saying what it was"
        wait_re "^ Utilization +42 %" 5 "$at: undo restores the share"
        keys C-r
        wait_msg "redone: measure jobs.txt: Utilization 42 $arrow 27.34 and 1 more" 5 \
            "$at: redo puts it again"

        type_text ":w"
        keys Enter
        wait_for "saved d.yaml" 5 "$at: saved"
        grep -qxF "  # gpuplan measure: jobs.txt, 2024-03-04 00:00 +00:00 to 2024-03-04 04:00 +00:00 (0.02 weeks of 32 GPUs)" \
            "$TMP/work/d.yaml" && ok || fail "$at: the comment above measured_pct"
        grep -qxF "  measured_pct: 27.34" "$TMP/work/d.yaml" && ok || fail "$at: the share saved"
        grep -qxF "  measurement_weeks: 0.02" "$TMP/work/d.yaml" && ok || fail "$at: the weeks saved"
        diff <(grep -v "measured_pct\|measurement_weeks" "$SCEN/diagflow.yaml") \
             <(grep -v "measured_pct\|measurement_weeks\|# gpuplan measure:" "$TMP/work/d.yaml") \
             >/dev/null && ok || fail "$at: the save changed more than the measured lines"

        # Undone and saved: the values go back and no comment claims them.
        keys u
        wait_re "^ Utilization +42 %" 5 "$at: undone again"
        type_text ":w"
        keys Enter
        wait_for "saved d.yaml" 5 "$at: saved again"
        grep -q "gpuplan measure:" "$TMP/work/d.yaml" && fail "$at: the comment outlived its values" || ok
        cmp -s "$SCEN/diagflow.yaml" "$TMP/work/d.yaml" && ok ||
            fail "$at: after the undo the file is not as it was"
        keys F10
        wait_for "EXIT=0" 10 "$at: quits"
    done
done

finish
