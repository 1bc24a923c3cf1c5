/* price_picker.h: the price book picker (DESIGN 5), opened by p or :prices
 * on the Cloud panel. */
#ifndef GPUPLAN_PRICE_PICKER_H
#define GPUPLAN_PRICE_PICKER_H

#include <stddef.h>

#include "planner.h"

/* Load the price book afresh (it may have been edited) and open the picker
 * on the Cloud panel; on a Hybrid workload's cloud_gpu_hour cell, for that
 * workload instead (the panel stays). A book that does not load shows its
 * located error and changes nothing. */
Reaction price_picker_open(App *a);

/* Fill the open picker with one row per instance x region, laid out for
 * the current width: with "per GPU-h (od/res/spot)" on every row when the
 * overlay has room, without it (the title says it) at 80 columns. The
 * selection `sel` is kept. Called again after a resize. */
void price_picker_fill(App *a, size_t sel);

/* Enter in the picker: copy the row `item` names (its prices, instance,
 * region and provider) as one undo step and say what was copied, from
 * which dated entry, and which prices the book does not have (those keep
 * their values). Opened for a Hybrid workload: set its cloud_gpu_hour to
 * the row's price per GPU-hour where the workload runs in the cloud (spot
 * for a spot workload, else on-demand), one undo step, or say that the
 * book has no such price. */
Reaction price_picker_pick(App *a, const char *item);

/* Release the price book (the picker closed). */
void price_picker_close(App *a);

#endif
