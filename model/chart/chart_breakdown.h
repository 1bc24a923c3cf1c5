/* chart_breakdown.h: the monthly breakdown of every option as a bar
 * carrying its figures, with a table of them where the canvas has the
 * rows (DESIGN 2.1, 2.2, 8), on a curses-free Canvas. */
#ifndef GPUPLAN_CHART_BREAKDOWN_H
#define GPUPLAN_CHART_BREAKDOWN_H

#include "canvas.h"
#include "cost.h"
#include "scenario.h"

/* Draw r's breakdown over the whole canvas: a title, a bar per option
 * split by cost line (a letter per line, its figure inside where the
 * segment has room), each total, and the numeric table or the letters'
 * key. A canvas too small gets a short note. */
void chart_breakdown_render(Canvas *c, const Scenario *s, const CostResult *r);

#endif
