/* chart_hybrid.h: the hybrid plan's chart, total monthly cost against the
 * number of on-prem nodes (DESIGN 6), drawn into a curses-free Canvas.
 *
 * One point per entry of r->by_nodes, the optimum marked, the plan's own
 * node count marked when it differs. The text and Markdown reports embed it;
 * the planner can copy it into a window like the cost chart. */
#ifndef GPUPLAN_CHART_HYBRID_H
#define GPUPLAN_CHART_HYBRID_H

#include "canvas.h"
#include "hybrid.h"

/* Draw r's by_nodes totals onto c, filling the whole canvas (title, y axis
 * in `currency` with K/M units, x axis in nodes, legend). Never fails: a
 * canvas smaller than 30 x 8, or a result without by_nodes entries, gets a
 * one-line note instead. */
void chart_hybrid_render(Canvas *c, const HybridResult *r,
                         const char *currency);

#endif
