/* braille.h: curves drawn in Unicode braille dots on a Canvas (DESIGN 8:
 * 2x4 dots a cell), shared by the charts that plot curves (cost per
 * GPU-hour, cumulative spend).
 *
 * A chart gives each curve as the dot row of every dot column; these
 * functions draw the dots (joining steep stretches), tell which curves no
 * dot of their own shows, and put each curve's letter at a cell of its
 * own. Each curve's dots are also recorded in a mask (a byte of dot bits a
 * cell, width * height bytes, owned by the caller), which is what the last
 * two read. */
#ifndef GPUPLAN_BRAILLE_H
#define GPUPLAN_BRAILLE_H

#include <limits.h>

#include "canvas.h"

#define BRAILLE_NO_DOT LONG_MIN /* a dot column without a value */

/* Draw one curve in style st: d[k] is the dot row of dot column dx0 + k
 * (k = 0..m-1, BRAILLE_NO_DOT where the curve has no value); each column
 * reaches half way to its neighbours' rows, so a steep curve stays joined.
 * Dots above dot row `top` or below `bottom` are clipped; cells holding
 * text keep it (canvas_dot). Sets mask's bits for every dot drawn. Returns
 * the last k whose dot row is above `top` (the curve leaves the plot
 * there), -1 when none is. */
int braille_curve(Canvas *c, int dx0, const long *d, int m, long top, long bottom,
                  CanvasStyle st, unsigned char *mask);

/* For each of the n curves, cover[i] = the letter of the curve sharing
 * most of curve i's dots when every dot of curve i is also another's (the
 * legend says "i under that"), else 0; a curve without dots is not
 * covered. */
void braille_cover(const Canvas *c, unsigned char *const *mask, int n,
                   const char *letters, char *cover);

/* Put curve i's letter (style styles[i]) on one cell of its dots in the
 * cell rectangle [x0, x1] x [y0, y1]: a cell no other curve's dots reach
 * when there is one, never beside another letter when it can be helped,
 * never over text (an X, a ^), as near as can be to column
 * x0 + prefer[i] * (x1 - x0), so the letters spread out. */
void braille_letters(Canvas *c, int x0, int x1, int y0, int y1,
                     unsigned char *const *mask, int n, const char *letters,
                     const CanvasStyle *styles, const double *prefer);

#endif
