/* fatal_signals.c: the one list of signals a user can send that end
 * gpuplan, and holding them back while a file is half written (see
 * fatal_signals.h). */
#include "config.h"

#include "fatal_signals.h"

#include <pthread.h>

void fatal_signals_set(sigset_t *set)
{
    static const int list[] = {
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM,
        SIGVTALRM, SIGPROF, SIGXCPU,
#ifdef SIGIO
        SIGIO,
#endif
#ifdef SIGPWR
        SIGPWR,
#endif
#ifdef SIGSTKFLT
        SIGSTKFLT,
#endif
    };
    sigemptyset(set);
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        sigaddset(set, list[i]);
#if defined(SIGRTMIN) && defined(SIGRTMAX)
    for (int s = SIGRTMIN; s <= SIGRTMAX; s++)
        sigaddset(set, s);
#endif
}

void fatal_signals_hold(sigset_t *saved)
{
    sigset_t set;
    fatal_signals_set(&set);
    pthread_sigmask(SIG_BLOCK, &set, saved);
}

void fatal_signals_release(const sigset_t *saved)
{
    pthread_sigmask(SIG_SETMASK, saved, NULL);
}

void fatal_signals_ignore_xfsz(void)
{
#ifdef SIGXFSZ
    struct sigaction sa = {.sa_handler = SIG_IGN};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGXFSZ, &sa, NULL);
#endif
}
