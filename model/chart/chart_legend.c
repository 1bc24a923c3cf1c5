/* chart_legend.c: the terminal charts' keys and labels (chart_legend.h). */
#include "config.h"

#include "chart_legend.h"

#include <string.h>

#include "numfmt.h"


void chart_legend_add(Legend *lg, int group, CanvasStyle first,
                       const char *text)
{
    if (lg->n >= LEGEND_MAX)
        return;
    LegendItem *it = &lg->item[lg->n++];
    num_snprintf(it->text, sizeof it->text, "%s", text);
    it->first = first;
    it->group = group;
}

static int legend_width(const Legend *lg, int from, int to, int sep)
{
    int w = 0;
    for (int i = from; i < to; i++)
        w += canvas_text_cells(lg->item[i].text) + (i > from ? sep : 0);
    return w;
}

/* Greedy wrap of items [from, to) at `width`: the number of lines, and
 * their first items in starts[] when starts is not NULL. An item wider than
 * the line gets a line of its own (and is clipped when drawn). */
static int legend_greedy(const Legend *lg, int from, int to, int sep,
                         int width, int *starts)
{
    int lines = 0, i = from;
    while (i < to) {
        int j = i + 1;
        while (j < to && legend_width(lg, i, j + 1, sep) <= width)
            j++;
        if (starts)
            starts[lines] = i;
        lines++;
        i = j;
    }
    return lines;
}

/* Lay the items out in at most as few lines as possible: everything on one
 * line when it fits (two blanks between items), otherwise each group on its
 * own lines (two blanks, or one when that keeps the group on one line). */
void chart_legend_wrap(Legend *lg, int width)
{
    lg->lines = 0;
    if (lg->n == 0)
        return;
    if (legend_width(lg, 0, lg->n, 2) <= width) {
        lg->start[0] = 0;
        lg->sep[0] = 2;
        lg->start[1] = lg->n;
        lg->lines = 1;
        return;
    }
    int i = 0;
    while (i < lg->n) {
        int g = lg->item[i].group, end = i;
        while (end < lg->n && lg->item[end].group == g)
            end++;
        /* One blank between items only when that saves a line break. */
        int sep = legend_width(lg, i, end, 2) > width &&
                          legend_width(lg, i, end, 1) <= width
                      ? 1
                      : 2;
        /* Balance the lines: the narrowest width that needs no more
         * lines than the full width does, so no item is left alone. */
        int need = legend_greedy(lg, i, end, sep, width, NULL);
        int w = width;
        while (w > 1 && legend_greedy(lg, i, end, sep, w - 1, NULL) == need)
            w--;
        int got = legend_greedy(lg, i, end, sep, w, lg->start + lg->lines);
        for (int l = 0; l < got; l++)
            lg->sep[lg->lines + l] = sep;
        lg->lines += got;
        i = end;
    }
    lg->start[lg->lines] = lg->n;
}

/* Draw the first `lines` wrapped lines from row y. */
void chart_legend_draw(const Legend *lg, Canvas *c, int y, int lines)
{
    for (int l = 0; l < lines && l < lg->lines; l++, y++) {
        int x = 0;
        for (int i = lg->start[l]; i < lg->start[l + 1]; i++) {
            if (i > lg->start[l])
                x += lg->sep[l];
            const LegendItem *it = &lg->item[i];
            canvas_text(c, x, y, it->text, CS_LABEL);
            canvas_put(c, x, y, it->text[0], it->first);
            x += canvas_text_cells(it->text);
        }
    }
}

/* Draw one more item after the items of wrapped line l (drawn at row
 * y_last) when it fits in width. */
bool chart_legend_append(Legend *lg, Canvas *c, int l, int y_last,
                               int width, CanvasStyle first, const char *text)
{
    if (l < 0 || l >= lg->lines)
        return false;
    int used = legend_width(lg, lg->start[l], lg->start[l + 1], lg->sep[l]);
    int x = used + 2;
    if (x + canvas_text_cells(text) > width)
        return false;
    canvas_text(c, x, y_last, text, CS_LABEL);
    canvas_put(c, x, y_last, text[0], first);
    return true;
}

/* --- header labels with collision avoidance ------------------------------ */

/* Place `text` as near as possible to centre column `col` in row y, keeping
 * a blank between it and anything already placed (taken[]); shifts of up to
 * max_shift columns are tried, nearest first. Returns false when no place
 * is free. */
bool chart_legend_place(Canvas *c, bool *taken, int y, int col,
                        const char *text, CanvasStyle st, int max_shift)
{
    int len = canvas_text_cells(text), w = c->width;
    int base = col - (len - 1) / 2;
    for (int d = 0; d <= max_shift; d++) {
        for (int sign = -1; sign <= 1; sign += 2) {
            if (d == 0 && sign > 0)
                continue;
            int x = base + sign * d;
            if (x < 0 || x + len > w)
                continue;
            bool free_span = true;
            for (int k = x - 1; k <= x + len && free_span; k++)
                if (k >= 0 && k < w && taken[k])
                    free_span = false;
            if (!free_span)
                continue;
            for (int k = x; k < x + len; k++)
                taken[k] = true;
            canvas_text(c, x, y, text, st);
            return true;
        }
    }
    return false;
}

