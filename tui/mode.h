/* mode.h: the planner's modes as tables, after tmux's window modes: each
 * mode is a row saying which key table (keys.h) its hint line and help
 * show (mode.c) and what its keys do (mode_dispatch.c). app.c hands every
 * key to mode_key; screen.c draws the bottom line for mode_current.
 *
 * The base mode (App.mode) is normal, a value being typed, the notes
 * editor or the `:` line. Two lie over it while they last and take the
 * keys first: a dialog (a question, a list, the help; App.dlg) and the
 * terminal-too-small screen (App.too_small), as tmux's overlays do. */
#ifndef GPUPLAN_MODE_H
#define GPUPLAN_MODE_H

#include "keys.h"
#include "planner.h"

/* The mode that takes the next key: an overlay, else the base mode. */
Mode mode_current(const App *a);

/* The key table of mode m (its hint line, its part of the help). */
KeyMode mode_keys(Mode m);

/* The mode's name ("edit"), for messages and the tests. */
const char *mode_name(Mode m);

#endif
