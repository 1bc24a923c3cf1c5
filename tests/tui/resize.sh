#!/bin/bash
# resize.sh: below 80x22 a message, down to 1x1 no crash, growing back and
# to 132x43 redraws at once; NO_COLOR=1 and TERM=vt100 work (boxes in the
# terminal's lines or ASCII); TERM=dumb is refused; idle uses no CPU; a
# 3000x3000 terminal costs what a 500x200 one does.
. "$(dirname "$0")/lib.sh"

start --
wait_for "5.66" 10 "default screen" || give_up
TM resize-window -t planner -x 40 -y 10
wait_for "terminal too small: gpuplan needs 80x22," 5 "too small message"
wait_for "40x10" 2 "too small names the size"
TM resize-window -t planner -x 1 -y 1
sleep 0.3
TM resize-window -t planner -x 2 -y 2
TM resize-window -t planner -x 79 -y 24
wait_for "this one is 79x24" 5
TM resize-window -t planner -x 132 -y 43
wait_for "5.66" 5 "redraw at 132x43"
[ "$(screen | wc -l)" -eq 43 ] && ok || fail "not 43 rows"
screen | grep -q "c chart  : cmd" && ok || fail "wide hint line lists every label"
kill -0 "$PID" 2>/dev/null && ok || fail "planner died while resizing"
# A huge terminal: memory bounded by what the planner uses (it used to grow
# with the terminal, 1.8 GB at 4000x4000), the screen still drawn.
if [ -r "/proc/$PID/status" ]; then
    TM resize-window -t planner -x 3000 -y 3000
    wait_for "F1 help  u undo" 10 "drawn at 3000x3000"
    hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$PID/status")
    [ "${hwm:-0}" -lt 100000 ] && ok || fail "peak memory ${hwm} kB at 3000x3000"
fi
TM resize-window -t planner -x 80 -y 24
wait_for "on-demand 35.9%" 5 "back at 80x24"

# idle: no CPU over 3 s (no timers, no polling). On a loaded machine the
# redraws of the resizes above may still be running when the frame shows:
# let the counter settle for a second first (a planner that polls never
# settles for long, and is caught by the 3 s that follow).
cpu() { awk '{print $14 + $15}' "/proc/$PID/stat"; }
if [ -r "/proc/$PID/stat" ]; then
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        a=$(cpu); sleep 1; [ "$a" = "$(cpu)" ] && break
    done
    a=$(cpu); sleep 3; b=$(cpu)
    [ "$a" = "$b" ] && ok || fail "idle planner used CPU: $a -> $b ticks"
fi
keys q
wait_for "EXIT=0" 10

for envset in "NO_COLOR=1" "TERM=vt100" "TERM=xterm" "TERM=screen" "TERM=xterm-256color" "TERM=tmux-256color"; do
    start "$envset" --
    wait_for "5.66" 10 "default screen with $envset"
    wait_for "on-demand 35.9%" 2 "crossover with $envset"
    keys Tab
    wait_for "Power, busy" 5 "panel switch with $envset"
    # The help box in the terminal's lines or ASCII, never raw `lqqk`.
    keys F1
    wait_for "gpuplan help" 5 "help with $envset"
    refute_re "lq|qk|mq|qj" "raw line characters with $envset"
    screen | grep -qE "(\+-|┌─)gpuplan help" && ok || fail "no box corner with $envset"
    keys Escape
    wait_gone "gpuplan help" 5
    keys q
    wait_for "EXIT=0" 10 "quit with $envset"
done

# --no-color is accepted
start -- --no-color
wait_for "5.66" 10 "--no-color"
keys q
wait_for "EXIT=0" 10

# an unknown TERM is reported without entering curses
start TERM=no-such-terminal --
wait_for "EXIT=64" 10 "unknown TERM exits 64"
wait_for "TERM=no-such-terminal is not a terminal type" 2 "unknown TERM message"

# a terminal without cursor addressing is refused the same way
start TERM=dumb --
wait_for "EXIT=64" 10 "TERM=dumb exits 64"
wait_for "TERM=dumb cannot move the cursor" 2 "TERM=dumb message"
# the hint names the report to run: the FILE given, or the default
START_SIZE=200x24 start TERM=no-such-terminal -- diagflow
wait_for "EXIT=64" 10 "unknown TERM with a FILE exits 64"
wait_for "try 'gpuplan report diagflow' for a text report" 2 "unknown TERM names the FILE's report"
START_SIZE=200x24 start TERM=dumb --
wait_for "EXIT=64" 10 "TERM=dumb exits 64 again"
wait_for "try 'gpuplan report default' for a text report" 2 "TERM=dumb names the default's report"
finish
