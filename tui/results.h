/* results.h: the results box (DESIGN 8): the verdict, the four options with
 * monthly cost, cost per useful GPU-hour and the difference to the
 * cheapest, the zone (marked when it disagrees with the figures), the
 * crossovers and the first advice line. */
#ifndef GPUPLAN_RESULTS_H
#define GPUPLAN_RESULTS_H

#include <curses.h>
#include <stdbool.h>

#include "compare.h"
#include "cost.h"
#include "horizon.h"
#include "hybrid.h"
#include "scenario.h"

/* The same box for the Hybrid panel: the four options, then the hybrid
 * plan's figures from h (on-prem nodes and utilization, on-prem, cloud and
 * total monthly, all cloud, all on-prem, the optimum). h NULL: the plain
 * box. `computing` >= 0: newer figures are that many percent done; the
 * box says `computing… 40%` where they are not in yet and marks those
 * stale: all of h, or with `plan_current` only all_onprem and optimum
 * (the plan's own figures are up to date). -1: h is up to date. */
void results_draw_hybrid(WINDOW *w, const Scenario *s, const CostResult *r,
                         const HybridResult *h, int computing, bool plan_current,
                         bool stale);

/* Lines a panel adds to the box (the Risk panel's Monte Carlo): the first
 * `lead` before the options, as what the panel is for (short rows keep
 * them), the others right after the options; each wrapped, never cut, in
 * the stale style while `refining`. */
#define RESULTS_EXTRA_MAX 6
typedef struct ResultsExtra {
    const char *line[RESULTS_EXTRA_MAX];
    int count, lead;
    bool refining;
} ResultsExtra;

/* A second scenario, B, beside the box's own, A (:compare, DESIGN 11.5):
 * both scenarios' figures and their comparison. Pointers are borrowed. */
typedef struct ResultsCompare {
    const Scenario *b;
    const CostResult *rb;
    const HorizonResult *ha, *hb; /* A's and B's horizons */
    const Comparison *c;          /* compare_evaluate of A and B */
} ResultsCompare;

/* The columns a box needs to show A (figures ra) and B side by side. */
int results_compare_width(const CostResult *ra, const ResultsCompare *rc);

/* What a box shows: the scenario s with its figures r (its verdict after
 * verdict_label), the Hybrid
 * panel's figures (hy, computing and plan_current as for
 * results_draw_hybrid) or a panel's lines (ex), whether the figures are
 * stale, whether the box shows the verdict (`verdict_too` false: the short
 * layout's own window does), and B beside A, in two columns, when `both`
 * is not NULL (the box then has results_compare_width columns). */
typedef struct ResultsView {
    const Scenario *s;
    const CostResult *r;
    const HybridResult *hy;
    int computing;
    bool plan_current;
    const ResultsExtra *ex;
    bool stale, verdict_too;
    const char *verdict_label; /* before the verdict ("B: "), or NULL */
    const ResultsCompare *both;
} ResultsView;

void results_draw(WINDOW *w, const ResultsView *v);

/* The box with those lines; `verdict_too` false leaves the verdict out (the
 * short layout's own window shows it). */
void results_draw_extra(WINDOW *w, const Scenario *s, const CostResult *r,
                        const ResultsExtra *ex, bool stale, bool verdict_too);

/* The box without the verdict (the short layout gives the verdict its
 * own full-width window). */
void results_draw_figures(WINDOW *w, const Scenario *s, const CostResult *r,
                          const HybridResult *h, int computing, bool plan_current,
                          bool stale);

/* The verdict sentence (DESIGN 2.4) word-wrapped into all of w, never cut
 * while w has the rows results_verdict_rows counts for its width; after
 * `label` ("B: ", the compared scenario's; NULL for none). `lead`: its
 * first clause alone (the cheapest option and its margin; DESIGN 8). */
void results_draw_verdict(WINDOW *w, const char *label, const Scenario *s,
                          const CostResult *r, bool lead, bool stale);

/* The rows the verdict (after `label`; `lead`: its first clause) takes
 * wrapped at `width` columns. */
int results_verdict_rows(const char *label, const Scenario *s, const CostResult *r,
                         bool lead, int width);

/* Whether a box of width x height beside the Hybrid panel leads with the
 * whole verdict: it has the rows for the verdict, the options' titles and
 * rows and the plan's figures (132x43). Elsewhere the verdict's first
 * clause has a full-width window of its own (DESIGN 8). */
bool results_hybrid_leads(const char *label, const Scenario *s, const CostResult *r,
                          int width, int height);

/* The crossovers with option o as text, each with the side on which on-prem
 * is cheaper: "on-demand above 35.9%", "reserved below 20.0% and above
 * 80.0%", "spot never (on-prem cheaper)". Returns buf. */
const char *results_crossover_text(const CostResult *r, CostOption o, char *buf,
                                   size_t n);

#endif
