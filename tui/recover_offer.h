/* recover_offer.h: offering the recoveries of the open scenario at start
 * (DESIGN 7): one question for one, a paged list of all of them for
 * several, and, when the file changed since a recovery was written, a
 * field-by-field merge whose conflicts the user decides one by one. */
#ifndef GPUPLAN_RECOVER_OFFER_H
#define GPUPLAN_RECOVER_OFFER_H

#include <stdbool.h>

#include "planner.h"

/* Offer every recovery of the document's file that the user owns (none:
 * nothing happens). Nothing is deleted or loaded without the user's word. */
Reaction recover_offer(App *a);

/* The answer of a dialog this module opened (P_RECOVER, P_RECOVER_LIST,
 * P_RECOVER_ALL, P_RECOVER_CONFLICT, P_RECOVER_BROKEN); d is the closed
 * dialog, `cancelled` when Esc closed it. */
Reaction recover_offer_answer(App *a, const Dialog *d, bool cancelled);

/* The recovery the user accepted is no longer needed (saved, or the edits
 * dropped): remove that file, and only that one. */
void recover_offer_forget(App *a);

/* Release what the offer holds (the list, a merge under way). */
void recover_offer_free(App *a);

#endif
