/* status_line.h: the planner's status line (DESIGN 8): the current
 * message, or the selected row's position, key and help. */
#ifndef GPUPLAN_STATUS_LINE_H
#define GPUPLAN_STATUS_LINE_H

#include "planner.h"

/* Draw the status line for a->msg and the selected row (a->panel_more from
 * the panel's last draw gives its position); a text longer than the line
 * takes rows above it, over the chart, and a->msg.rows says how many. */
void status_line_draw(App *a);

#endif
