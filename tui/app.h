/* app.h: the interactive planner (DESIGN 8): one loop over keys, signals and
 * resizes, the scenario being edited with its undo and redo stacks, and the
 * screen drawn from dirty flags. */
#ifndef GPUPLAN_APP_H
#define GPUPLAN_APP_H

#include <stdbool.h>

/* Run the planner on the scenario file `path` (NULL = the built-in default)
 * until the user quits. Before curses starts it checks that stdin and stdout
 * are terminals and TERM is known (status 64 with a message on stderr) and
 * loads the file (its located error on stderr and the load's status). `no_color`
 * (or a non-empty NO_COLOR, or a terminal without colours) gives monochrome.
 * Returns the exit status: 0 after a normal quit, 1 when the terminal was
 * lost, 128 + the signal after one that ends it (unsaved edits are then in the
 * recovery file, recover.h). */
int app_run(const char *path, bool no_color);

#endif
