/* fatal_signals.h: the signals a user can send that end gpuplan (DESIGN 7).
 *
 * One list for the two places that must agree on it: the planner catches
 * every one of them (its handlers only set a flag; the loop keeps the
 * edits, removes the lock and restores the terminal), and a writer holds
 * them back while a temporary file of its own exists, so a signal never
 * leaves a half-written file behind (it is acted on once the file is in
 * place or removed).
 *
 * The list: the signals whose default action ends the process and that
 * come from outside rather than from a fault of the program itself:
 * SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
 * SIGPROF, SIGXCPU (`ulimit -t`), SIGIO, SIGPWR, SIGSTKFLT where the
 * system has them, and every real-time signal. SIGXFSZ (`ulimit -f`) is
 * not held but ignored (fatal_signals_ignore_xfsz): then a write past the
 * limit fails with EFBIG, which the writer reports. SIGKILL and SIGSTOP
 * cannot be caught; the program's own faults (SIGSEGV, SIGABRT, ...) are
 * bugs, not signals a user sends. */
#ifndef GPUPLAN_FATAL_SIGNALS_H
#define GPUPLAN_FATAL_SIGNALS_H

#include <signal.h>

/* The list above into *set (emptied first). */
void fatal_signals_set(sigset_t *set);

/* Block the list in the calling thread; the mask before goes to *saved.
 * Signals that arrive meanwhile stay pending. */
void fatal_signals_hold(sigset_t *saved);

/* Put back the mask fatal_signals_hold saved: a signal that came in the
 * meantime is delivered now. */
void fatal_signals_release(const sigset_t *saved);

/* Ignore SIGXFSZ for the whole process, so a write past `ulimit -f` fails
 * with EFBIG (and is reported) instead of killing the program half way. */
void fatal_signals_ignore_xfsz(void);

#endif
