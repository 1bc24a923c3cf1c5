/* background.h: work beside the planner's input loop (DESIGN 6, 8, 9).
 *
 * A long computation (the hybrid plan of a large fleet, a progressive
 * Monte Carlo) must never hold up a keystroke. A BgChannel runs one kind
 * of job on a worker thread of its own, one job at a time, while the loop
 * keeps answering keys:
 *
 *   job = a private copy of the inputs and room for the outputs
 *   gen = bg_submit(ch, job)      the previous job of the channel is stale:
 *                                 its stop flag is raised and it is dropped
 *   ... the loop waits on bg_wake_fd() beside the terminal ...
 *   bg_poll(ch, &job, &pct)       BG_DONE hands the finished job back
 *
 * A job may also publish partial results while it runs (bg_publish: the
 * figures computed so far, a Monte Carlo's first draws), which the loop
 * takes with bg_take_published.
 *
 * The model stays pure and single-threaded: a job's run function calls the
 * model on its own copy, passes bg_stop_flag() where the model takes a
 * cancel flag, and reports progress with bg_progress(). Only the newest
 * job's result is ever delivered; a stale job is freed on the worker as
 * soon as it stops.
 *
 * Waking the loop: one self-pipe for the process (there is one input loop),
 * written by the workers when a job finishes or its progress moves by a
 * whole percent; nothing is written while no job runs, so an idle planner
 * sleeps in poll() with no timeout (DESIGN 9: no timers, no polling). The
 * workers block every signal, so SIGTERM and SIGHUP interrupt the loop's
 * poll() as before (DESIGN 7).
 *
 * No curses here: tests/check_background.c drives it without a terminal. */
#ifndef GPUPLAN_BACKGROUND_H
#define GPUPLAN_BACKGROUND_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a running job sees of its channel (valid during run only). */
typedef struct BgCtl BgCtl;

/* One kind of job. Both functions get the job pointer given to
 * bg_submit(). */
typedef struct BgJobType {
    /* On the worker thread: compute `job` in place from its own inputs,
     * with `state` (the channel's worker-only memory, from bg_open) as
     * scratch. It must touch nothing the loop uses, watch the stop flag
     * (bg_stopping, or bg_stop_flag for the model's cancel flags) and
     * return within a few milliseconds once it is raised. */
    void (*run)(void *job, void *state, BgCtl *ctl);
    /* Free a job: on the worker for a stale one, by the caller for one it
     * got from bg_poll (bg_job_free). Must be safe on any thread. */
    void (*free)(void *job);
} BgJobType;

typedef struct BgChannel BgChannel;

typedef enum BgState {
    BG_IDLE,    /* nothing submitted, or the last result was taken */
    BG_RUNNING, /* the newest job is queued or computing */
    BG_DONE     /* the newest job finished: bg_poll handed it over */
} BgState;

/* Open a channel for jobs of `type` (which must outlive it), its worker
 * thread and, on first use, the process's wake pipe. `state` is the
 * worker's memory (a model scratch), used only by type->run; the caller
 * frees it after bg_close. Returns NULL when a thread or pipe cannot be
 * made (the caller then computes in the loop, as before). */
BgChannel *bg_open(const BgJobType *type, void *state);

/* Stop the running job, drop every job and result not taken, join the
 * worker and free the channel. NULL is allowed. */
void bg_close(BgChannel *ch);

/* Hand `job` (owned by the channel from now on) to the worker and return
 * its generation (1, 2, ... per channel). The job before it, queued or
 * running, is stale: it is told to stop and never delivered, nor is a
 * result not yet taken. Never blocks on the running job. */
uint64_t bg_submit(BgChannel *ch, void *job);

/* Cancel the newest job (an input went back to a state that needs no
 * result); the channel becomes idle. */
void bg_cancel(BgChannel *ch);

/* The channel's state. BG_DONE moves the finished job to *job (the caller
 * owns it now; free it with bg_job_free) and *gen (when not NULL) gets its
 * generation; the channel is idle afterwards. BG_RUNNING sets *percent
 * (when not NULL) to the newest job's progress, 0..99. */
BgState bg_poll(BgChannel *ch, void **job, uint64_t *gen, int *percent);

/* Free a job handed over by bg_poll, with the channel's type. */
void bg_job_free(BgChannel *ch, void *job);

/* Wait until the newest job is finished (or there is none): up to
 * timeout_ms milliseconds (-1: no limit). Returns true when bg_poll would
 * say BG_DONE or BG_IDLE; false on timeout, or at once when *stop becomes
 * non-zero (a signal's flag, checked whenever a signal interrupts the
 * wait; NULL for none). Drains the wake pipe while it waits; other
 * channels are polled by the loop as usual afterwards. */
bool bg_wait(BgChannel *ch, int timeout_ms, volatile sig_atomic_t *stop);

/* The read end of the wake pipe for the loop's poll(); -1 before any
 * channel was opened. */
int bg_wake_fd(void);

/* Empty the wake pipe (the loop then polls every channel). */
void bg_wake_drain(void);

/* For the job's run function: true once the job is stale or cancelled. */
bool bg_stopping(const BgCtl *ctl);

/* The same as a flag the model can watch (HybridScratch.cancel): non-zero
 * once the job should stop. Valid while the job runs. */
volatile sig_atomic_t *bg_stop_flag(BgCtl *ctl);

/* For the job's run function: hand the loop a partial result. Under the
 * channel's lock, fill(job, arg) copies what the loop may read into a
 * part of the job that run does not touch otherwise; the loop is woken
 * and bg_take_published() gives it that part. May be called many times;
 * the loop sees the latest. */
void bg_publish(BgCtl *ctl, void (*fill)(void *job, void *arg), void *arg);

/* For the loop: when the newest job, still running, has published since
 * the last call, call take(job, arg) under the channel's lock (take reads
 * only the published part, and quickly) and return true; else false. */
bool bg_take_published(BgChannel *ch, void (*take)(void *job, void *arg), void *arg);

/* For the job's run function: `done` of `total` steps are done. Wakes the
 * loop when the whole percent changes (so at most 100 wakes a job). */
void bg_progress(BgCtl *ctl, size_t done, size_t total);

/* Milliseconds on the monotonic clock (for timeouts and for how long a
 * job took; not the time of day). */
double bg_now_ms(void);

#endif
