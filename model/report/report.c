/* report.c: the results a report is made of, computed once (report.h).
 *
 * This is the caller's side of the reports: the one place the command line
 * and the tests evaluate a scenario for an export. The formatters never
 * call the engine or the simulation; they read a Report. */
#include "config.h"

#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "hybrid_stream.h"
#include "strbuf.h"
#include "utf8.h"

/* The risk figures of s into rr->risk, the Monte Carlo stopping when
 * *cancel is raised. False when it was stopped. */
static bool risk_compute(ReportResults *rr, const Scenario *s,
                         volatile sig_atomic_t *cancel)
{
    if (!rr->risk)
        rr->risk = xmalloc(sizeof *rr->risk);
    RiskResult *k = rr->risk;
    memset(k, 0, sizeof *k);
    Scenario *work = xmalloc(sizeof *work);
    /* bounded: two engine calls a registry number, milliseconds */
    risk_tornado(s, work, &k->tornado);
    k->has_monte_carlo = s->has_uncertainty && s->uncertainty.input_count > 0;
    bool done = true;
    if (k->has_monte_carlo) {
        size_t n = (size_t)s->uncertainty.draws;
        double *all = xmalloc(4 * n * sizeof *all);
        size_t room = risk_corr_room(s, n);
        RiskBuffers buf = {.delta = all, .crossover = all + n,
                           .per_hour = all + 2 * n, .break_even = all + 3 * n,
                           .cap = n, .cancel = cancel};
        if (room) { /* DESIGN 2.8: the paired inputs' draws */
            buf.corr = xmalloc(room * sizeof *buf.corr);
            buf.corr_cap = room;
            buf.corr_idx = xmalloc(n * sizeof *buf.corr_idx);
        }
        Diag why;
        k->mc_ok = risk_monte_carlo(s, work, &buf, &k->mc, &why) == 0;
        if (!k->mc_ok) /* the message fits whole: mc_error is a Diag's */
            utf8_clip(why.message, k->mc_error, sizeof k->mc_error);
        done = !(cancel && *cancel);
        free(buf.corr);
        free(buf.corr_idx);
        free(all);
    }
    free(work);
    return done;
}

bool report_results_compute_cancel(ReportResults *rr, const Scenario *s,
                                   volatile sig_atomic_t *cancel)
{
    return report_results_compute_source(rr, s, cancel, NULL);
}

/* A plan whose trace is not given to the simulation has no figures: the
 * plan's own workloads alone would pass for the whole stream. */
static void trace_not_read(HybridResult *r, const Scenario *s)
{
    memset(r, 0, sizeof *r);
    r->warning_count = 1;
    (void)s;
    snprintf(r->warnings[0], sizeof r->warnings[0],
             "the plan replays a trace (hybrid.trace), which gpuplan report and "
             "the planner read: no hybrid figures here");
}

bool report_results_compute_source(ReportResults *rr, const Scenario *s,
                                   volatile sig_atomic_t *cancel,
                                   const HybridJobSource *source)
{
    cost_evaluate(s, &rr->cost);
    horizon_evaluate(s, &rr->horizon.result, &rr->horizon.cum);
    rr->hybrid = NULL;
    rr->by_nodes = NULL;
    rr->risk = NULL;
    if (s->has_uncertainty && !risk_compute(rr, s, cancel))
        return false;
    if (!s->has_hybrid)
        return true;
    rr->hybrid = xmalloc(sizeof *rr->hybrid);
    if (s->trace.file[0] && !source) {
        trace_not_read(rr->hybrid, s);
        rr->by_nodes = xmalloc(sizeof *rr->by_nodes);
        rr->hybrid->by_nodes = rr->by_nodes;
        return true;
    }
    HybridScratch sc;
    if (hybrid_scratch_init(&sc, 0) != 0)
        xalloc_die();
    sc.cancel = cancel;
    sc.source = source;
    hybrid_evaluate(s, &s->hybrid, rr->hybrid, &sc);
    /* by_nodes lives in the scratch: keep a copy that outlives it. */
    size_t n = rr->hybrid->by_nodes_count;
    rr->by_nodes = xmalloc((n ? n : 1) * sizeof *rr->by_nodes);
    if (n)
        memcpy(rr->by_nodes, rr->hybrid->by_nodes, n * sizeof *rr->by_nodes);
    rr->hybrid->by_nodes = rr->by_nodes;
    hybrid_scratch_free(&sc);
    return !rr->hybrid->cancelled;
}

void report_results_compute(ReportResults *rr, const Scenario *s)
{
    report_results_compute_cancel(rr, s, NULL);
}

void report_risk_compute(ReportResults *rr, const Scenario *s)
{
    risk_compute(rr, s, NULL);
}

void report_results_free(ReportResults *rr)
{
    free(rr->hybrid);
    free(rr->by_nodes);
    rr->hybrid = NULL;
    rr->by_nodes = NULL;
    free(rr->risk);
    rr->risk = NULL;
}

Report report_of(const Scenario *s, const ReportResults *rr, const char *date)
{
    Report rep = {.scenario = s,
                  .cost = &rr->cost,
                  .horizon = &rr->horizon,
                  .hybrid = rr->hybrid,
                  .risk = rr->risk,
                  .date = date,
                  .generator = PACKAGE_NAME " " PACKAGE_VERSION};
    return rep;
}

/* Trailing blanks and line ends do not make notes the user's own: an
 * editor or a YAML block scalar may add them. */
static size_t trimmed_length(const char *s)
{
    size_t n = strlen(s);
    while (n && strchr(" \t\r\n", s[n - 1]))
        n--;
    return n;
}

bool report_notes_are_template(const Scenario *s)
{
    const Field *f = field_find("notes");
    if (!f || !f->default_text)
        return false;
    size_t a = trimmed_length(s->notes), b = trimmed_length(f->default_text);
    return a > 0 && a == b && memcmp(s->notes, f->default_text, a) == 0;
}
