/* wrap.h: word-wrapped text in a window (DESIGN 8): whole words to a row
 * (utf8_wrap_line), a word longer than a row split, and text that runs
 * out of rows ends its last row in the ellipsis (term_ellipsis): never
 * cut without a mark. The results box, the verdict and the long messages
 * wrap with it. */
#ifndef GPUPLAN_WRAP_H
#define GPUPLAN_WRAP_H

#include <curses.h>

/* Word-wrap `text` into rows y0..h-1 of w from column 0, `wd` columns
 * wide (w NULL: only count); leading blanks of a row are skipped. Returns
 * the row after the last one it took. */
int wrap_draw(WINDOW *w, int y0, int h, int wd, const char *text);

/* The rows `text` takes wrapped at `wd` columns, however many. */
int wrap_rows(int wd, const char *text);

#endif
