/* hybrid_work.h: the hybrid figures of the planner, computed beside the
 * input loop (DESIGN 6: the planner never waits on the simulation; DESIGN 9:
 * a keystroke on the Hybrid panel of a 1,024-node fleet is answered on
 * screen within 16 ms, its complete results within a second).
 *
 * Every change of the scenario shown submits a private copy of it to a
 * background channel (background.h); a newer change drops the older
 * computation. A plan that finishes within a few milliseconds is shown at
 * once, in the same frame as the key; a longer one leaves the last
 * figures on screen, marked `computing… 40%` with the optimizer's
 * progress, until its result arrives. Without threads (a channel that
 * cannot be opened) the figures are computed in the loop, as before.
 *
 * A plan known to be small is computed in the loop at once, without the
 * hand-over to the worker (DESIGN 9: a keystroke on a small plan within
 * 1 ms): one whose last evaluation took at most HYBRID_WORK_INLINE_MS
 * of CPU (the wall clock of a busy machine counts other programs)
 * and which is no larger by any measure that drives the cost (expected
 * jobs, the largest job's GPUs and hours, the GPU-hours asked for, the
 * longest wait limit, the plan's nodes, the rule; see plan_load in
 * hybrid_work.c). Should an
 * inline run still take longer, the next ones go to the worker again. */
#ifndef GPUPLAN_HYBRID_WORK_H
#define GPUPLAN_HYBRID_WORK_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "background.h"
#include "diag.h"
#include "hybrid.h"
#include "job_history.h"
#include "scenario.h"

#define HYBRID_WORK_PATH 4096 /* the scenario's file, as the document holds it */

struct TracePlan;

/* A replayed trace read (again) for the figures taken, or refused. */
typedef struct HybridTraceNews {
    char path[HYBRID_WORK_PATH]; /* the trace as opened */
    JobReadStats read;   /* its lines: the malformed ones located */
    uint64_t jobs;       /* jobs the replay submits in the period */
    bool failed;         /* it cannot be used: error says why */
    char error[DIAG_TEXT_MAX];
} HybridTraceNews;

/* How long a submission waits for its result before the frame is drawn
 * with `computing…`: a small plan (a few milliseconds) then shows its
 * figures in the key's own frame, and the key is still answered well
 * within 16 ms. Once a plan has taken longer than this, the next
 * submissions do not wait at all (their figures will not be in time). */
#define HYBRID_WORK_GRACE_MS 6
/* The longest last evaluation for which a plan no larger is computed
 * inline: the keystroke's own budget (DESIGN 9). A plan that fits it is
 * computed in the key's frame; the hand-over to the worker (two thread
 * wake-ups, and the frame waits for the result anyway up to
 * HYBRID_WORK_GRACE_MS) only adds to it. */
#define HYBRID_WORK_INLINE_MS 1.0

/* What drives the cost of an evaluation (hybrid_work.c). */
typedef struct HybridLoad {
    double jobs, gpus, hours, work, wait, plan_nodes, gpn;
    bool backfill;
} HybridLoad;

typedef struct HybridWork {
    bool ok;           /* the scratch exists: figures can be computed */
    BgChannel *ch;     /* NULL: computed in the loop */
    HybridScratch scratch; /* the worker's (the loop's when ch is NULL) */
    bool pending;      /* the figures shown are not those of the last
                        * submission yet */
    bool plan_current; /* while pending: the plan's own figures shown are
                        * the last submission's already; only all_onprem,
                        * optimum and by_nodes are still computing */
    int percent;       /* its progress, 0..99 */
    void *held;        /* the finished job the figures come from (it owns
                        * their by_nodes) */
    volatile sig_atomic_t *signal_flag; /* stops the waits (DESIGN 7) */
    double submitted_ms; /* when the pending job was submitted */
    double last_ms;      /* how long the last finished job took */
    HybridScratch near;  /* the loop's own, for plans computed inline */
    bool near_ok;
    double cost_ms;      /* the last evaluation's own time, CPU of the
                          * thread that ran it (0: none yet) */
    HybridLoad cost_load; /* and the load of its plan */
    double inline_ms;    /* HYBRID_WORK_INLINE_MS (tests set another) */
    size_t inline_runs;  /* plans computed inline so far */
    bool has_last;     /* last: the scenario of the newest submission */
    Scenario last;     /* (a commit of the value just previewed is not
                        * computed twice) */
    char last_file[HYBRID_WORK_PATH]; /* and its file */
    char file[HYBRID_WORK_PATH]; /* the scenario's file (a trace is beside it) */
    struct TracePlan *trace; /* the worker's: a replayed trace's jobs */
    HybridTraceNews *news; /* of the figures taken, not yet asked for
                            * (hybrid_work_trace_news) */
    bool trace_failed;  /* the figures taken are only why the trace cannot
                         * be used */
    char last_error[DIAG_TEXT_MAX]; /* that reason, said once */
} HybridWork;

/* Set up w; the signal flag stops a wait or a computation in the loop.
 * w->ok is false when memory is short (no hybrid figures then). */
void hybrid_work_open(HybridWork *w, volatile sig_atomic_t *signal_flag);

/* Stop any computation, join the worker, free everything. */
void hybrid_work_close(HybridWork *w);

/* Compute the hybrid figures of s (which must have a plan) into *out:
 * submits a copy of s, waits up to HYBRID_WORK_GRACE_MS, and fills *out
 * when the result came in time (w->pending false); otherwise *out keeps
 * the last figures and w->pending is true until hybrid_work_news() takes
 * the result. Nothing is submitted when s equals the newest submission
 * (its figures are shown or on their way). Without a channel, computes
 * here. */
void hybrid_work_submit(HybridWork *w, const Scenario *s, HybridResult *out);

/* The scenario's file: a plan's trace (hybrid.trace) is read beside it
 * (NULL: the current folder). Takes effect at the next submission. */
void hybrid_work_set_file(HybridWork *w, const char *path);

/* A plan that replays a trace (DESIGN 10.8) is evaluated as gpuplan
 * report evaluates it: the scenario with one workload per group of the
 * history (trace_plan.h). The jobs are read once, on the worker (never in
 * the loop), and read again only when the file changes on disk, or the
 * groups' names, their grouping, the plan's days or its number of own
 * workloads change; a change of the groups' rules recomputes the figures
 * from the jobs kept. A trace that cannot be used gives figures with no
 * results and one warning saying why. */

/* The scenario the figures taken are of, when the plan replays a trace
 * (its workloads are hr's); NULL otherwise or while newer ones compute. */
const Scenario *hybrid_work_evaluated(const HybridWork *w);

/* False when there are no figures to show: no scratch, or the figures
 * taken hold only why the trace cannot be replayed (their warning). */
bool hybrid_work_has_figures(const HybridWork *w);

/* When the figures last taken read the trace (again) or found it
 * unusable: what the reading saw, the caller's to free; NULL otherwise.
 * Each reading is given once. */
HybridTraceNews *hybrid_work_trace_news(HybridWork *w);

/* Drop the pending computation (the scenario shown has no plan now). */
void hybrid_work_cancel(HybridWork *w);

/* After the loop was woken (TERM_EV_WAKE): HW_DONE when the pending
 * result was taken into *out; HW_PLAN when the plan's own figures arrived
 * first (taken into *out, whose all_onprem, optimum and by_nodes stay the
 * last result's until HW_DONE; w->plan_current); HW_PROGRESS when
 * w->percent moved; HW_NONE when nothing changed. */
typedef enum HybridNews { HW_NONE, HW_PROGRESS, HW_PLAN, HW_DONE } HybridNews;
HybridNews hybrid_work_news(HybridWork *w, HybridResult *out);

/* Wait for the pending result and take it into *out (an export needs
 * complete figures). Returns false when a signal came first. */
bool hybrid_work_finish(HybridWork *w, HybridResult *out);

#endif
