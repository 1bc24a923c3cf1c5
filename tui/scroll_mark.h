/* scroll_mark.h: the marks of a list that does not fit its window
 * (DESIGN 8): an up arrow beside the first row shown when rows are above
 * it, a down arrow beside the last row shown when rows are below it (`^`
 * and `v` where the terminal shows no arrows: the C locale, vt100 and the
 * Linux console), and the selected row's position ("6/11"). Every panel's
 * rows, the Hybrid panel's table and the lists (the pickers, the help)
 * show them. */
#ifndef GPUPLAN_SCROLL_MARK_H
#define GPUPLAN_SCROLL_MARK_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

/* The marks as text: "↑" or "^", "↓" or "v" (static strings). */
const char *scroll_mark_up(void);
const char *scroll_mark_down(void);

/* For a list of `lines` lines of which `shown` show from line `top` on
 * rows y_first..y_last of w: the up mark at (y_first, x) when top > 0,
 * the down mark at (y_last, x) when lines remain below, in attribute
 * `attr`. Returns true when the list does not fit (a mark was drawn). */
bool scroll_marks_draw(WINDOW *w, int y_first, int y_last, int x, size_t top,
                       size_t shown, size_t lines, int attr);

/* "6/11": row sel (from 0) of count, into buf (n bytes); returns buf. */
char *scroll_position(char *buf, size_t n, size_t sel, size_t count);

#endif
