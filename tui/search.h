/* search.h: finding a field (DESIGN 8). `/` searches the fields' labels,
 * keys and help as it is typed, on every panel in order (the Hybrid
 * workloads' and the Risk inputs' cells included), moving the selection
 * to the match; n and N go to the next and previous match of the last
 * search. `:goto` takes a whole key, its last part (`pue`) or a near miss
 * of either, as the "did you mean" of --set finds it (field_suggest). */
#ifndef GPUPLAN_SEARCH_H
#define GPUPLAN_SEARCH_H

#include "planner.h"

/* `/`: open the search line (MODE_SEARCH) from the selected field. */
Reaction search_open(App *a);

/* One key on the search line: the line editor's keys search again as
 * the text changes; Down and Up go to the next and previous match, Enter
 * stays on the match (and keeps the text for n and N), Esc goes back to
 * where the search started. F1 shows the keys; F10 closes the line and
 * quits as ever. */
Reaction search_key(App *a, int key);

/* n (forward true) and N: the next or previous match of the last search
 * after the selected field, wrapping around (the message says so). */
Reaction search_again(App *a, bool forward);

/* The search line's status for the bottom line: "2/5", "no match" or ""
 * (nothing typed) into buf; true when it is "no match". */
bool search_status(const App *a, char *buf, size_t n);

/* `:goto KEY`: select the field KEY names, or the one whose last part is
 * KEY, or the nearest known key (the message then says which was taken).
 * A list's row goes to the selected item of that list, or its first. */
Reaction search_goto(App *a, const char *key);

#endif
