/* report.h: what a report is made of, computed once by the caller.
 *
 * A Report points at a scenario and at the results the caller already has:
 * the cost engine's CostResult, the horizon's figures and, when the
 * scenario has a hybrid plan, the HybridResult. The exporters (export.h) only read it; none of them
 * runs the engine or the simulation, so the planner hands over the figures
 * it shows and the command line computes them once. */
#ifndef GPUPLAN_REPORT_H
#define GPUPLAN_REPORT_H

#include <signal.h>
#include <stdbool.h>

#include "cost.h"
#include "horizon.h"
#include "hybrid.h"
#include "risk.h"
#include "scenario.h"

typedef struct Report {
    const Scenario *scenario;
    const CostResult *cost;     /* cost_evaluate(scenario) */
    const HorizonFigures *horizon; /* horizon_evaluate(scenario) with the
                                      cumulative spend; never NULL */
    const HybridResult *hybrid; /* hybrid_evaluate(scenario); NULL when the
                                   scenario has no plan */
    const RiskResult *risk;     /* tornado and Monte Carlo (DESIGN 2.8); NULL
                                   when not asked for */
    const char *date;           /* report date, YYYY-MM-DD */
    const char *generator;      /* "gpuplan 0.2.0" */
} Report;

/* Results owned by a caller that has none yet (the command line, tests):
 * filled by report_results_compute, released by report_results_free. */
typedef struct ReportResults {
    CostResult cost;
    HorizonFigures horizon;
    HybridResult *hybrid; /* NULL without a plan */
    HybridNodesTotal *by_nodes; /* hybrid->by_nodes, owned here */
    RiskResult *risk;     /* NULL without an uncertainty section (unless
                             report_risk_compute was called) */
} ReportResults;

/* Evaluate s once: the costs, the horizon, the hybrid plan when s has one and risk
 * (report_risk_compute) when s has an uncertainty section. s must be
 * valid. Out of memory aborts (xalloc_die). */
void report_results_compute(ReportResults *rr, const Scenario *s);

/* As report_results_compute, but a long hybrid run or Monte Carlo stops
 * early once *cancel is non-zero (a signal handler's flag, DESIGN 7; NULL:
 * never). Returns true when every figure was computed; false when the
 * run was stopped: rr then holds incomplete figures, to be freed with
 * report_results_free and never shown. */
bool report_results_compute_cancel(ReportResults *rr, const Scenario *s,
                                   volatile sig_atomic_t *cancel);

/* As report_results_compute_cancel, with the hybrid plan's jobs from
 * source (hybrid_stream.h; NULL: the plan's own workloads). A scenario
 * that names a trace (hybrid.trace) is evaluated with the source that
 * replays it (trace_plan.h); without one its hybrid result holds only a
 * warning that says so, never the plan's own workloads as the whole. */
struct HybridJobSource;
bool report_results_compute_source(ReportResults *rr, const Scenario *s,
                                   volatile sig_atomic_t *cancel,
                                   const struct HybridJobSource *source);

/* Compute rr->risk for s (valid) whether or not s has an uncertainty
 * section (`gpuplan risk` always shows the tornado): the tornado, and the
 * Monte Carlo when s lists inputs. Allocates the draws' buffers for the
 * call and frees them. Out of memory aborts. */
void report_risk_compute(ReportResults *rr, const Scenario *s);

/* Free what report_results_compute allocated; rr may be reused. */
void report_results_free(ReportResults *rr);

/* A Report of s with results rr and `date`; generator is this program's
 * name and version. The pointers are borrowed. */
Report report_of(const Scenario *s, const ReportResults *rr, const char *date);

/* Whether s's notes are the ones `gpuplan new` writes, the built-in
 * template's, unchanged (blanks and line ends at the end do not count):
 * reports leave them out and the planner marks them as a template to
 * replace (DESIGN 4.2). Empty notes are not a template. */
bool report_notes_are_template(const Scenario *s);

#endif
