/* results.h: the results box (DESIGN 8): the verdict, the four options with
 * monthly cost, cost per useful GPU-hour and the difference to the
 * cheapest, the zone (marked when it disagrees with the figures), the
 * crossovers and the first advice line. */
#ifndef GPUPLAN_RESULTS_H
#define GPUPLAN_RESULTS_H

#include <curses.h>
#include <stdbool.h>

#include "cost.h"
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
#define RESULTS_EXTRA_MAX 4
typedef struct ResultsExtra {
    const char *line[RESULTS_EXTRA_MAX];
    int count, lead;
    bool refining;
} ResultsExtra;

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
 * while w has the rows results_verdict_rows counts for its width. */
void results_draw_verdict(WINDOW *w, const Scenario *s, const CostResult *r, bool stale);

/* The rows the verdict takes wrapped at `width` columns. */
int results_verdict_rows(const Scenario *s, const CostResult *r, int width);

/* The crossovers with option o as text, each with the side on which on-prem
 * is cheaper: "on-demand above 35.9%", "reserved below 20.0% and above
 * 80.0%", "spot never (on-prem cheaper)". Returns buf. */
const char *results_crossover_text(const CostResult *r, CostOption o, char *buf,
                                   size_t n);

#endif
