/* results_compare.h: the results box's columns of two scenarios side by
 * side (:compare, DESIGN 11.5), for results.c. */
#ifndef GPUPLAN_RESULTS_COMPARE_H
#define GPUPLAN_RESULTS_COMPARE_H

#include <curses.h>
#include <stdbool.h>

#include "results.h"

/* From row y: the columns' titles (when `titles`), then each option's
 * monthly cost and cost per useful GPU-hour of A (figures ra) and B, the
 * cheapest of both marked `*` and an option not allowed `x`. Returns the
 * row after them. */
int results_compare_options(WINDOW *w, int y, int h, int wd, bool titles,
                            const CostResult *ra, const ResultsCompare *rc, bool stale);

/* From row y: the month owning pays back against A's cheapest cloud
 * option, in each, then each cloud option's crossovers in each. Returns
 * the row after them. */
int results_compare_tail(WINDOW *w, int y, int h, int wd, const CostResult *ra,
                         const ResultsCompare *rc);

#endif
