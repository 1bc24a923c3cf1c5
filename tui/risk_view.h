/* risk_view.h: risk in the planner (DESIGN 2.8, 8): the tornado as one of
 * the charts `c` cycles through, and the `:seek KEY OPTION` command, which
 * offers to apply the value it finds as one undo step. */
#ifndef GPUPLAN_RISK_VIEW_H
#define GPUPLAN_RISK_VIEW_H

#include "planner.h"

/* Draw the tornado of a->shown (the figures on screen, a typed value
 * included) onto c. Its scratch is allocated at the first call. */
void risk_view_draw(App *a, Canvas *c);

/* `:seek KEY OPTION` (OPTION on_demand, reserved or spot, or onprem=OPTION):
 * solve, say the value, and for a value the field can take ask whether to
 * apply it; for no root, say so with the sign at both ends. */
Reaction risk_view_seek(App *a, char *arg);

/* The user said yes to applying :seek's value: set it as one undo step. */
Reaction risk_view_seek_apply(App *a);

/* Free what risk_view allocated. */
void risk_view_free(App *a);

#endif
