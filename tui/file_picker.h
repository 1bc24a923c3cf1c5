/* file_picker.h: the open picker (F3, o; DESIGN 8). It offers only what
 * opens: the files that load as a scenario (YAML scenarios, JSON exports)
 * and the directories to go into, `..` first to go back up. Files of a
 * scenario's extension that do not load (a price book, a routing file, a
 * scenario with an error) are left out, and a note under the list says
 * which and why; other files are counted there.
 *
 * The first view lists three places, each row labelled with its own: the
 * current directory (here), the user's scenarios (yours) and the shipped
 * ones; entering a directory lists that directory alone, and coming back
 * up to the current directory shows the three places again. */
#ifndef GPUPLAN_FILE_PICKER_H
#define GPUPLAN_FILE_PICKER_H

#include "planner.h"

/* Open the picker as a P_PICK list on directory `dir`, or on the three
 * places when dir is NULL or names the current directory. `select` (NULL:
 * none) is the name of the row to select first (the directory just left).
 * Every file of a scenario's extension is loaded to see that it opens. */
Reaction file_picker_open(App *a, const char *dir, const char *select);

/* Enter on the picker's row `item` (its items[sel]): a directory (its path
 * ends in '/') opens the picker there; a file is opened, after the
 * unsaved-changes question. */
Reaction file_picker_pick(App *a, const char *item);

#endif
