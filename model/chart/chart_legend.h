/* chart_legend.h: the keys of the terminal charts and the labels placed
 * clear of each other (DESIGN 8), on a curses-free Canvas.
 *
 * A chart adds its key's items in groups, wraps them to the canvas width
 * (all on one line when they fit, else each group on lines of its own)
 * and draws as many lines as it has rows for; a label over the plot goes
 * where it keeps a blank from every label placed before it. */
#ifndef GPUPLAN_CHART_LEGEND_H
#define GPUPLAN_CHART_LEGEND_H

#include <stdbool.h>

#include "canvas.h"

#define LEGEND_MAX 16 /* items a key holds; more are left out */
#define ITEM_BYTES 64 /* bytes of an item's text, its NUL included */

/* One item: its text, whose first character is its symbol drawn in style
 * `first`, and its group. */
typedef struct LegendItem {
    char text[ITEM_BYTES];
    CanvasStyle first; /* style of the first character (the symbol) */
    int group;
} LegendItem;

/* A key: its items, and after chart_legend_wrap their lines. */
typedef struct Legend {
    LegendItem item[LEGEND_MAX];
    int n;
    /* Wrapped layout: line l holds items [start[l], start[l + 1]). */
    int start[LEGEND_MAX + 1];
    int sep[LEGEND_MAX];
    int lines;
} Legend;


/* Add an item (text copied, cut at ITEM_BYTES - 1 bytes) to group `group`;
 * nothing once LEGEND_MAX items are there. */
void chart_legend_add(Legend *lg, int group, CanvasStyle first, const char *text);

/* Lay the items out at `width` columns: all on one line when they fit
 * (two blanks between), else each group on lines of its own, balanced. */
void chart_legend_wrap(Legend *lg, int width);

/* Draw the first `lines` wrapped lines from row y. */
void chart_legend_draw(const Legend *lg, Canvas *c, int y, int lines);

/* Draw one more item after wrapped line l (drawn at row y_last) when it
 * fits in width; returns whether it did. */
bool chart_legend_append(Legend *lg, Canvas *c, int l, int y_last, int width,
                         CanvasStyle first, const char *text);

/* Place `text` in row y as near as can be to centre column `col`, keeping
 * a blank between it and everything marked in taken[] (width bytes, one a
 * column), shifting up to max_shift columns; marks its columns taken.
 * Returns false when no place is free. */
bool chart_legend_place(Canvas *c, bool *taken, int y, int col, const char *text,
                        CanvasStyle st, int max_shift);

#endif
