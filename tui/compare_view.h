/* compare_view.h: the planner's :compare and :diff (DESIGN 11.5, 11).
 *
 * `:compare FILE` loads FILE (a path or a shipped name) read-only as a
 * second scenario, B, beside the open one, A: the results box shows both
 * side by side where it has the columns, else one at a time, `v` switching;
 * the cost chart draws B's curves with A's. B is never written, and its
 * figures are worked out once; the comparison of the two (which is the
 * cheapest of both) is worked out again only when A's figures changed.
 * `:diff` lists what changed since the file was opened: the inputs old ->
 * new and the results that moved, in the words of `gpuplan diff`. */
#ifndef GPUPLAN_COMPARE_VIEW_H
#define GPUPLAN_COMPARE_VIEW_H

#include <stdbool.h>

#include "compare.h"
#include "planner.h"
#include "results.h"

/* What the results box shows while a scenario is compared. */
typedef enum CompareShow {
    CMP_NONE, /* none is compared */
    CMP_BOTH, /* A and B side by side */
    CMP_A,    /* one column: A's figures (v shows B's) */
    CMP_B     /* one column: B's figures (v shows A's) */
} CompareShow;

/* :compare [FILE | off]: open FILE as B (replacing the B open before),
 * or close B. A file that cannot be loaded changes nothing and says why. */
Reaction compare_view_command(App *a, const char *arg);

/* v: the results box shows the other scenario's figures, where it shows
 * one at a time; else says why v does nothing. */
Reaction compare_view_toggle(App *a);

/* :diff: what changed since the file was opened, in a scrolling box. */
Reaction compare_view_diff(App *a, const char *arg);

/* Keep the scenario as its file was opened (or the planner started), for
 * :diff: called after every open. */
void compare_view_opened(App *a);

/* Release what :compare and :diff hold. */
void compare_view_free(App *a);

/* Whether a scenario is compared; *rc then gets both scenarios' figures
 * and their comparison (worked out again only when A's figures were). */
bool compare_view_figures(App *a, ResultsCompare *rc);

/* What a results box `width` columns wide shows, *rc filled as
 * compare_view_figures fills it. */
CompareShow compare_view_show(App *a, int width, ResultsCompare *rc);

/* The line the results box leads with, in `width` columns: which
 * scenario it shows and the key that switches, or (both shown) B's name
 * and the cheapest's mark. Empty for CMP_NONE. */
void compare_view_lead(App *a, CompareShow show, int width, char *buf, size_t n);

/* "Cheapest of both: A spot, 53,665" (or why there is none), after
 * compare_view_figures; empty when no scenario is compared. */
void compare_view_cheapest(App *a, char *buf, size_t n);

/* The verdict's label for what the box shows: "B: " for CMP_B, else
 * NULL. */
const char *compare_view_label(const App *a, CompareShow show);

#endif
