/* results.h: the results box (SPEC 8): the verdict, the four options with
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

/* Draw r (evaluated from s) into w. `stale` marks results that no longer
 * follow the value being typed (it does not parse or is out of range). */
void results_draw(WINDOW *w, const Scenario *s, const CostResult *r, bool stale);

/* The same box for the Hybrid panel: the four options, then the hybrid
 * plan's figures from h (on-prem nodes and utilization, on-prem, cloud and
 * total monthly, all cloud, all on-prem, the optimum). h NULL: the plain
 * box. */
void results_draw_hybrid(WINDOW *w, const Scenario *s, const CostResult *r,
                         const HybridResult *h, bool stale);

/* The box without the verdict (the short layout gives the verdict its
 * own full-width window). */
void results_draw_figures(WINDOW *w, const Scenario *s, const CostResult *r,
                          const HybridResult *h, bool stale);

/* The verdict sentence (SPEC 2.4) word-wrapped into all of w, never cut
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
