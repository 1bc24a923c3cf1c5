/* mode_dispatch.h: one key to the handler of the mode that takes it
 * (mode.h). */
#ifndef GPUPLAN_MODE_DISPATCH_H
#define GPUPLAN_MODE_DISPATCH_H

#include "planner.h"

/* One key, to mode_current's handler. */
Reaction mode_key(App *a, int key);

#endif
