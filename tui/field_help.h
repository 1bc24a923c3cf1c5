/* field_help.h: `?` on a field (DESIGN 8): the selected field's whole
 * help in the help screen's scrolling box, where the status line has room
 * for two rows of it at most: its label and key, what it is, its value,
 * what it allows, its default and its step. */
#ifndef GPUPLAN_FIELD_HELP_H
#define GPUPLAN_FIELD_HELP_H

#include "planner.h"

/* Open the box for the selected row's field (edit_cur_ref); on a row
 * without one (a hybrid warning, an empty panel) the help screen of every
 * key instead. Returns what to redraw. */
Reaction field_help_show(App *a);

#endif
