/* measure_cmd.c: the planner's `:measure FILE...`, DESIGN 10.7. */
#include "config.h"

#include "measure_cmd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtoa.h"
#include "edit.h"
#include "measure_apply.h"
#include "measure_run.h"
#include "msg.h"
#include "scenario_edit.h"
#include "term.h"

#define MEASURE_CMD_FILES 32 /* files one :measure reads */

/* Split arg at blanks into at most max words; the count, or max + 1 when
 * there are more. */
static size_t split_files(char *arg, char **files, size_t max)
{
    size_t n = 0;
    for (char *p = strtok(arg, " \t"); p; p = strtok(NULL, " \t")) {
        if (n == max)
            return max + 1;
        files[n++] = p;
    }
    return n;
}

/* The malformed lines into :messages; the count. */
static unsigned long long log_problems(App *a, const JobReadStats *st)
{
    for (size_t i = 0; i < st->problem_count; i++)
        msg_diag(a, &st->problems[i]);
    if (st->malformed > st->problem_count)
        msg_show(a, true, "measure: %llu more malformed lines not shown (%llu in all)",
                 (unsigned long long)(st->malformed - st->problem_count),
                 (unsigned long long)st->malformed);
    return (unsigned long long)st->malformed;
}

/* Read the files: 0 with *run filled, or a refusal shown (R_MSG in *r). */
static int measure_files(App *a, char **files, size_t n, MeasureRun *run,
                         unsigned long long *bad, Reaction *r)
{
    const Hardware *h = &a->doc.cur.hardware;
    MeasureRunOptions o;
    memset(&o, 0, sizeof o);
    o.from = o.to = MEASURE_NONE;
    o.scenario_gpus = h->nodes * h->gpus_per_node;
    o.scenario_name = "the scenario's nodes x gpus_per_node";
    Diag d;
    int rc = measure_run((const char *const *)files, n, &o, run, &d);
    *bad = log_problems(a, &run->stats);
    if (rc != 0) {
        *r |= msg_diag(a, &d);
        return rc;
    }
    const MeasureResult *m = &run->result;
    if (m->measured_pct > 100) {
        *r |= msg_show(a, true, "measure: the jobs held %.2f GPU-hours, more than %g GPUs "
                       "give in %.2f hours (%.2f%%): the cluster has more GPUs than %s says",
                       m->gpu_hours, m->capacity, m->hours, m->measured_pct,
                       run->capacity_source);
        measure_run_free(run);
        return EXIT_DATAERR;
    }
    return 0;
}

/* "utilization.measured_pct 42 -> 27.34, measurement_weeks 26 -> 0.02"
 * (and active_pct when it is written). */
static void change_text(const Utilization *old, const MeasureApplied *ap,
                        const char *arrow, char *buf, size_t n)
{
    char o[3][DTOA_BUFSIZE], v[3][DTOA_BUFSIZE];
    dtoa_shortest(old->measured_pct, o[0]);
    dtoa_shortest(ap->pct, v[0]);
    dtoa_shortest(old->measurement_weeks, o[1]);
    dtoa_shortest(ap->weeks, v[1]);
    int k = snprintf(buf, n, "utilization.measured_pct %s %s %s, measurement_weeks %s %s %s",
                     o[0], arrow, v[0], o[1], arrow, v[1]);
    if (isfinite(ap->active) && k > 0 && (size_t)k < n) {
        dtoa_shortest(old->active_pct, o[2]);
        dtoa_shortest(ap->active, v[2]);
        snprintf(buf + k, n - (size_t)k, ", active_pct %s %s %s", o[2], arrow, v[2]);
    }
}

Reaction measure_cmd_run(App *a, char *arg)
{
    char *files[MEASURE_CMD_FILES];
    size_t n = split_files(arg, files, MEASURE_CMD_FILES);
    if (n == 0)
        return msg_show(a, true, "measure: expected FILE..., the job records "
                        "(sacct, pods, csv, activity, nodes)");
    if (n > MEASURE_CMD_FILES)
        return msg_show(a, true, "measure: at most %d files at once",
                        MEASURE_CMD_FILES);
    MeasureRun run;
    unsigned long long bad = 0;
    Reaction r = R_NONE;
    if (measure_files(a, files, n, &run, &bad, &r) != 0)
        return r;
    MeasureApplied ap;
    measure_apply_of(&run.result, (const char *const *)files, n, &ap);
    measure_run_free(&run);
    const Utilization old = a->doc.cur.utilization;
    Diag d;
    if (measure_apply_set(edit_draft(a), &ap, &d) != 0)
        return r | edit_refused(a, &d);
    char label[DOC_STEP_LABEL];
    msg_format(label, sizeof label, "measure %s", ap.files);
    bool changed = edit_commit_as(a, &r, label);
    if (!a->doc.measured)
        a->doc.measured = xmalloc(sizeof *a->doc.measured);
    *a->doc.measured = ap;
    char skipped[96] = "";
    if (bad)
        snprintf(skipped, sizeof skipped, "; %llu malformed line%s skipped (:messages)",
                 bad, bad == 1 ? "" : "s");
    if (!changed)
        return r | msg_show(a, bad != 0, "measured %s: the scenario holds these values "
                            "already%s", ap.comment, skipped);
    char what[300];
    change_text(&old, &ap, term_utf8() ? "\u2192" : "->", what, sizeof what);
    return r | msg_show(a, bad != 0, "measured %s: %s (u undoes)%s", ap.comment, what,
                        skipped);
}
