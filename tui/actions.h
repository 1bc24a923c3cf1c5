/* actions.h: what the normal mode's and the dialogs' keys do. The key
 * tables (keys.h) say which action a key is; the handlers here, one per
 * action, say what it does and return what to redraw. */
#ifndef GPUPLAN_ACTIONS_H
#define GPUPLAN_ACTIONS_H

#include "keys.h"
#include "planner.h"

/* Run the normal-mode action bound to key. */
Reaction actions_normal_key(App *a, int key);

/* One key while a dialog is open: the dialog handles it; an answer goes to
 * the module that asked. */
Reaction actions_dialog_key(App *a, int key);

/* Self-check for the tests: 0, or EXIT_DATAERR with *d saying which
 * normal-mode action has no handler. */
int actions_table_check(Diag *d);

#endif
