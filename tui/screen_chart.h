/* screen_chart.h: the planner's chart window (screen.c draws it with the
 * other parts a reaction marked dirty). */
#ifndef GPUPLAN_SCREEN_CHART_H
#define GPUPLAN_SCREEN_CHART_H

#include "planner.h"

/* The chart a->chart chooses into a->w_chart (wnoutrefresh, no doupdate):
 * computed into the canvas, or the canvas as it is when it already holds
 * that chart of the same inputs (a->canvas_memo), then painted. */
void screen_chart_draw(App *a);

#endif
