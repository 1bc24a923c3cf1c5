/* screen.h: the planner's screen (DESIGN 8): the title and tabs, the panel
 * beside the results, the chart, the message and hint lines; "terminal
 * too small" below 80x22; below 24 rows the verdict has its own
 * full-width window above the chart. */
#ifndef GPUPLAN_SCREEN_H
#define GPUPLAN_SCREEN_H

#include "planner.h"

/* Windows for the current terminal size (after start and each resize);
 * returns what to redraw: everything. */
Reaction screen_layout(App *a);

/* Draw what a->dirty marks, then one doupdate; clears a->dirty. */
void screen_draw(App *a);

/* Delete the windows. */
void screen_free(App *a);

#endif
