/* chart_tornado.h: the tornado chart of DESIGN 2.8 drawn into a curses-free
 * Canvas.
 *
 * One row per input in rank order: its label and range on the left (the key without its section), a bar
 * centred on the base Δ (Lev_onprem − Lev_x̂) reaching Δ with the input at
 * its low value (`=`) and at its high value (`#`); the base Δ as `|`, and
 * Δ = 0 (where the decision flips) as `:` when the bars come near it. The
 * text and Markdown reports embed it; the planner copies it into a window. */
#ifndef GPUPLAN_CHART_TORNADO_H
#define GPUPLAN_CHART_TORNADO_H

#include "canvas.h"
#include "risk.h"

/* Draw t onto c, filling the whole canvas (title, rows, axis, legend).
 * Rows that do not fit are counted on the last line ("... 12 more inputs
 * in the table"). Never fails: a canvas smaller than 40 x 6 or a tornado
 * without rows gets a one-line note. */
void chart_tornado_render(Canvas *c, const Tornado *t, const char *currency);

/* The canvas height that shows t's first max_rows inputs (all of them when
 * there are no more), with the line counting the rest when there are. */
int chart_tornado_height(const Tornado *t, int max_rows);

#endif
