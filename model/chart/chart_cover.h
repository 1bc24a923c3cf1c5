/* chart_cover.h: where one curve of the cost chart lies on another's
 * cells (DESIGN 8: both stay identifiable), on an ASCII canvas: the
 * stretches a curve is covered over, its letter written where it goes
 * under and comes out, and the key's words for it ("r under d 51-80%"). */
#ifndef GPUPLAN_CHART_COVER_H
#define GPUPLAN_CHART_COVER_H

#include <stdbool.h>
#include <stddef.h>

#include "chart_plot.h"

/* A covered stretch: the run of columns [from, to] (1..n) where another
 * curve, `by`, lies on every cell of an option's curve. */
typedef struct Stretch {
    int from, to;
    char by;
} Stretch;

#define STRETCH_MAX 12

/* Where each option's curve is covered (DESIGN 8: both stay identifiable):
 * whole: no cell shows it; else its covered stretches, left to right. */
typedef struct Cover {
    char whole; /* the covering letter when no cell shows the curve */
    int count;
    int n; /* the plot's columns, to name the stretches in percent */
    Stretch s[STRETCH_MAX];
} Cover;


/* Find, for each option, where another curve covers its own (cover[o],
 * OPT_COUNT of them), then write the covered curves' letters back: at the
 * ends of each long stretch, and three times over a curve no cell shows. */
void chart_cover_find(Canvas *c, const Plot *p, const Scenario *s, const CostResult *r,
                      Cover *cover);

/* The key's text for option o's cover into buf: "d under s" for a whole
 * curve; for stretches "r under d 51-80%, s 80-100%" (detail) or "r under
 * d, s". Returns false when o is covered nowhere. */
bool chart_cover_text(const Cover *cv, int o, bool detail, char *buf, size_t size);

#endif
