#!/bin/bash
# lost_tty.sh: the terminal vanishes while SIGHUP is blocked, so the planner
# sees only read errors (EIO) on the tty: it must keep the edit in the
# recovery file and exit 1 promptly, not spin (DESIGN 7). Needs python3 for
# the pseudo-terminal.
set -u
: "${GPUPLAN:?GPUPLAN must name the binary under test}"
command -v python3 >/dev/null 2>&1 || exit 77
TMP=$(mktemp -d "${TMPDIR:-/tmp}/gpuplan-tty.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
out=$(TMP="$TMP" timeout 30 python3 - <<'PY'
import os, pty, select, signal, struct, sys, time, fcntl, termios
tmp = os.environ["TMP"]
pid, fd = pty.fork()
if pid == 0:
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGHUP])
    os.environ.update(TERM="xterm", HOME=tmp, XDG_STATE_HOME=tmp + "/state")
    os.execv(os.environ["GPUPLAN"], ["gpuplan"])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
def drain(secs, want=b""):
    seen, end = b"", time.time() + secs
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
            if want and want in seen:
                return True
    return not want
if not drain(10, b"5.66"):
    print("no first screen"); sys.exit(1)
os.write(fd, b":set utilization.measured_pct=44\r")
if not drain(10, b"= 44"):
    print("edit not shown"); sys.exit(1)
t0 = time.time()
os.close(fd)
_, st = os.waitpid(pid, 0)
print("exit=%d secs=%.1f" % (os.waitstatus_to_exitcode(st), time.time() - t0))
PY
)
echo "$out"
rc=0
case $out in
    "exit=1 secs=0."*|"exit=1 secs=1."*) ;;
    *) echo "FAIL: expected exit 1 within 2 s, got: $out" >&2; rc=1 ;;
esac
if grep -q "measured_pct: 44" "$TMP/state/gpuplan/"unsaved.*.gpuplan-recover 2>/dev/null; then :; else
    echo "FAIL: recovery file lacks the edit" >&2; rc=1
fi
exit $rc
