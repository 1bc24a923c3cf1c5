/* export_dialog.h: reports from the planner (DESIGN 4, 8): F4 asks for a
 * format and a file name (the scenario's name with the format's
 * extension by default); `:export FORMAT [FILE]` does the same in one
 * line. A report never replaces the open scenario, nor another file
 * without a question. */
#ifndef GPUPLAN_EXPORT_DIALOG_H
#define GPUPLAN_EXPORT_DIALOG_H

#include <stdbool.h>

#include "planner.h"

/* F4: ask for the format. */
Reaction export_dialog_start(App *a);

/* :export FORMAT [FILE] (args is "FORMAT [FILE]"); `force` (:export!)
 * replaces an existing FILE without asking. Never onto the open
 * scenario. */
Reaction export_dialog_command(App *a, char *args, bool force);

/* The answer of a dialog this module opened (P_EXPORT_FMT,
 * P_EXPORT_PATH, P_EXPORT_OVERWRITE); `cancelled` when Esc closed it. */
Reaction export_dialog_answer(App *a, const Dialog *d, bool cancelled);

#endif
