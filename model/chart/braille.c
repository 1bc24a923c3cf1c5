/* braille.c: curves in braille dots on a Canvas (braille.h). */
#include "config.h"

#include "braille.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

int braille_curve(Canvas *c, int dx0, const long *d, int m, long top, long bottom,
                  CanvasStyle st, unsigned char *mask)
{
    int last_clipped = -1;
    for (int k = 0; k < m; k++) {
        if (d[k] == BRAILLE_NO_DOT)
            continue;
        long a = d[k], b = d[k];
        if (k > 0 && d[k - 1] != BRAILLE_NO_DOT) {
            long e = d[k] + (d[k - 1] - d[k]) / 2;
            a = e < a ? e : a;
            b = e > b ? e : b;
        }
        if (k + 1 < m && d[k + 1] != BRAILLE_NO_DOT) {
            long e = d[k] + (d[k + 1] - d[k]) / 2;
            a = e < a ? e : a;
            b = e > b ? e : b;
        }
        if (d[k] < top)
            last_clipped = k;
        if (a < top)
            a = top;
        if (b > bottom)
            b = bottom;
        int dx = dx0 + k;
        for (long y = a; y <= b; y++)
            if (canvas_dot(c, dx, (int)y, st))
                mask[(size_t)(y / 4) * (size_t)c->width + (size_t)(dx / 2)] |=
                    (unsigned char)canvas_dot_bit(dx % 2, (int)(y % 4));
    }
    return last_clipped;
}

void braille_cover(const Canvas *c, unsigned char *const *mask, int n,
                   const char *letters, char *cover)
{
    size_t cells = (size_t)c->width * (size_t)c->height;
    for (int o = 0; o < n; o++) {
        long own = 0, any = 0, shared[8] = {0};
        for (size_t i = 0; i < cells; i++) {
            unsigned others = 0;
            for (int k = 0; k < n && k < 8; k++)
                if (k != o) {
                    others |= mask[k][i];
                    unsigned both = mask[o][i] & mask[k][i];
                    while (both) { /* count the shared dots */
                        shared[k] += both & 1u;
                        both >>= 1;
                    }
                }
            any += mask[o][i] != 0;
            own += (mask[o][i] & ~others) != 0;
        }
        cover[o] = 0;
        if (any == 0 || own > 0 || n < 2)
            continue;
        int best = o == 0 ? 1 : 0;
        for (int k = 0; k < n && k < 8; k++)
            if (k != o && shared[k] > shared[best])
                best = k;
        cover[o] = letters[best];
    }
}

void braille_letters(Canvas *c, int x0, int x1, int y0, int y1,
                     unsigned char *const *mask, int n, const char *letters,
                     const CanvasStyle *styles, const double *prefer)
{
    for (int o = 0; o < n; o++) {
        int want = x0 + (int)lround(prefer[o] * (x1 - x0));
        int best_x = -1, best_y = -1;
        long best_score = 0;
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                if (x < 0 || y < 0 || x >= c->width || y >= c->height)
                    continue;
                size_t i = (size_t)y * (size_t)c->width + (size_t)x;
                if (!mask[o][i] || canvas_dots(c, x, y) == 0)
                    continue;
                bool alone = true, crowded = false;
                for (int k = 0; k < n; k++)
                    if (k != o && mask[k][i])
                        alone = false;
                for (int dx = -1; dx <= 1; dx += 2)
                    for (int k = 0; k < n; k++)
                        if (canvas_get(c, x + dx, y) == letters[k])
                            crowded = true;
                long score = labs((long)(x - want)) + (alone ? 0 : 100000) +
                             (crowded ? 1000 : 0);
                if (best_x < 0 || score < best_score) {
                    best_score = score;
                    best_x = x;
                    best_y = y;
                }
            }
        if (best_x >= 0)
            canvas_put(c, best_x, best_y, letters[o], styles[o]);
    }
}
