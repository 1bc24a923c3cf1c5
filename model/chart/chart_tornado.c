/* chart_tornado.c: the tornado chart (DESIGN 2.8); see chart_tornado.h.
 *
 * Layout, top to bottom: a title row, one row per input (label and range in
 * a left margin, then the bar area), an axis row with the Δ at both ends
 * and at the base, and a legend row. */
#include "config.h"

#include "chart_tornado.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "axis.h"
#include "numfmt.h"

/* "+180K", "-1.2M", "+950": signed short money for the axis and labels. */
static void short_signed(double v, char *buf, size_t n)
{
    double a = fabs(v);
    if (v == 0) {
        snprintf(buf, n, "0");
        return;
    }
    const char *sign = v < 0 ? num_minus_sign() : "+";
    if (a >= 1e6)
        num_snprintf(buf, n, "%s%.1fM", sign, a / 1e6);
    else if (a >= 1e4)
        num_snprintf(buf, n, "%s%.0fK", sign, a / 1e3);
    else if (a >= 1e3)
        num_snprintf(buf, n, "%s%.1fK", sign, a / 1e3);
    else
        num_snprintf(buf, n, "%s%.0f", sign, a);
}

/* A value of the input for a label: "40", "310K", "0.09". */
static void short_value(double v, char *buf, size_t n)
{
    double a = fabs(v);
    if (a >= 1e6)
        num_snprintf(buf, n, "%.4gM", v / 1e6);
    else if (a >= 1e4)
        num_snprintf(buf, n, "%.4gK", v / 1e3);
    else
        num_snprintf(buf, n, "%.4g", v);
}

/* The figure of a bar ending at column e (the base at column base) on row
 * y, against the bar's outer end: left of it when the figure is below the
 * base's (even where the bar rounds to no cells), right of it otherwise.
 * Written only where its cells, and the one beyond them, lie in
 * x0..x1 (the beyond one may fall outside) and are free: blank, or the
 * zero line's ':' that bars cover too. Returns whether it was written. */
static bool figure_beside(Canvas *c, int y, int x0, int x1, int e,
                          double delta, double base_delta, CanvasStyle st)
{
    const bool left = delta < base_delta;
    char fig[32];
    short_signed(delta, fig, sizeof fig);
    int len = canvas_text_cells(fig);
    int from = left ? e - len : e + 1;
    if (from < x0 || from + len - 1 > x1)
        return false;
    for (int x = from - 1; x <= from + len; x++) {
        char ch = canvas_get(c, x, y);
        bool beyond = left ? x == from - 1 : x == from + len;
        bool own = left ? x == from + len : x == from - 1; /* the bar's end */
        if (own || (beyond && (x < x0 || x > x1)))
            continue;
        if (ch != ' ' && ch != ':')
            return false;
    }
    canvas_text(c, from, y, fig, st);
    return true;
}

static void note(Canvas *c, const char *text)
{
    canvas_clear(c);
    canvas_text(c, 0, 0, text, CS_LABEL);
}

int chart_tornado_height(const Tornado *t, int max_rows)
{
    int rows = (int)t->count <= max_rows ? (int)t->count : max_rows + 1;
    return rows + 3;
}

/* The geometry the drawing steps share. */
typedef struct TornadoPlot {
    int margin;    /* columns of the labels */
    int x0, x1;    /* the bar area */
    double lo, hi; /* the Δ at x0 and at x1 */
    int base;      /* the base Δ's column */
    bool zero_in;  /* Δ = 0 lies in lo..hi */
    int zero;      /* its column (-1 when not) */
} TornadoPlot;

static int col_of(const TornadoPlot *p, double v)
{
    return p->x0 + (int)lround((v - p->lo) / (p->hi - p->lo) * (p->x1 - p->x0));
}

/* Row r's label in the margin: the key without its section, cut to leave
 * room for its range " LOW..HIGH". */
static void tornado_label(Canvas *c, const TornadoPlot *p, int y, const TornadoRow *r)
{
    char a[32], b[32], range[80], buf[200];
    short_value(r->low.value, a, sizeof a);
    short_value(r->high.value, b, sizeof b);
    snprintf(range, sizeof range, " %s..%s", a, b);
    int room = p->margin - 1 - canvas_text_cells(range);
    const char *dot = strchr(r->field->key, '.');
    snprintf(buf, sizeof buf, "%.*s%s", room > 0 ? room : 0,
             dot ? dot + 1 : r->field->key, range);
    canvas_text(c, 0, y, buf, CS_LABEL);
}

/* Row r's two bars on row y, from the base to the Δ with the input at its
 * low value (=) and at its high value (#), each carrying its figure. */
static void tornado_bars(Canvas *c, const TornadoPlot *p, int y, const TornadoRow *r,
                         double base_delta)
{
    const TornadoSide *sd[2] = {&r->low, &r->high};
    const char mark[2] = {'=', '#'};
    const CanvasStyle st[2] = {CS_ON_DEMAND, CS_SPOT};
    bool inside[2] = {false, false};
    if (p->zero_in)
        canvas_put(c, p->zero, y, ':', CS_MARKER);
    for (int k = 0; k < 2; k++) {
        if (!sd[k]->ok) {
            canvas_text(c, k == 0 ? p->x0 : p->x1 - 14, y, k == 0
                            ? "(low breaks a rule)"
                            : "(high: a rule)", CS_LABEL);
            continue;
        }
        int e = col_of(p, sd[k]->at.delta);
        int from = e < p->base ? e : p->base + 1, to = e < p->base ? p->base - 1 : e;
        for (int x = from; x <= to; x++)
            canvas_put(c, x, y, mark[k], st[k]);
        /* The bar carries its figure (DESIGN 8): the Δ at its outer end,
         * inside it, where the bar is long enough to keep some of its
         * marks beside the figure. */
        char fig[32];
        short_signed(sd[k]->at.delta, fig, sizeof fig);
        int len = canvas_text_cells(fig);
        if (to - from + 1 >= len + 3) {
            canvas_text(c, e < p->base ? from : to - len + 1, y, fig, st[k]);
            inside[k] = true;
        }
    }
    canvas_put(c, p->base, y, '|', CS_AXIS);
    /* A bar too short for its figure carries it just beyond its outer
     * end, where those cells of the bar area are still blank (both
     * bars drawn first, so neither covers the other's figure). */
    for (int k = 0; k < 2; k++)
        if (sd[k]->ok && !inside[k])
            figure_beside(c, y, p->x0, p->x1, col_of(p, sd[k]->at.delta),
                          sd[k]->at.delta, base_delta, st[k]);
}

/* The axis on row `axis` (its ends' Δ and a + at the base) and the legend
 * under it. */
static void tornado_axis(Canvas *c, const TornadoPlot *p, int axis, double base_delta)
{
    char a[32], b[32], d[32], buf[200];
    for (int x = p->x0; x <= p->x1; x++)
        canvas_put(c, x, axis, '-', CS_AXIS);
    canvas_put(c, p->base, axis, '+', CS_AXIS);
    short_signed(p->lo, a, sizeof a);
    short_signed(p->hi, b, sizeof b);
    /* the ends' labels: the low one left of the axis, the high one over
     * the axis's right end */
    canvas_text(c, p->x0 - 1 - canvas_text_cells(a), axis, a, CS_LABEL);
    canvas_text(c, p->x1 + 1 - canvas_text_cells(b), axis, b, CS_LABEL);
    short_signed(base_delta, d, sizeof d);
    snprintf(buf, sizeof buf, "= at low  # at high  | now %s%s", d,
             p->zero_in ? "  : equal cost (0)" : "");
    canvas_text(c, 0, axis + 1, buf, CS_LABEL);
}

void chart_tornado_render(Canvas *c, const Tornado *t, const char *currency)
{
    if (c->width < 40 || c->height < 6) {
        note(c, "(too small for the tornado chart)");
        return;
    }
    if (t->count == 0) {
        note(c, "(no inputs to move)");
        return;
    }
    canvas_clear(c);
    static const char *const words[OPT_COUNT] = {"on-prem", "on-demand",
                                                 "reserved", "spot"};
    char buf[200];
    snprintf(buf, sizeof buf, "On-prem minus %s, %s a month, each input at "
             "its low and its high", words[t->option], currency);
    canvas_text(c, 0, 0, buf, CS_LABEL);

    const int rows = c->height - 3;
    const int shown = (int)t->count <= rows ? (int)t->count : rows - 1;
    TornadoPlot p = {.margin = c->width >= 100 ? 36 : c->width * 2 / 5};
    p.x0 = p.margin;
    p.x1 = c->width - 1;
    /* Scale: every bar end and the base; Δ = 0 too when it lies within a
     * quarter of that span, so a flip nearby shows. */
    axis_tornado(t, (size_t)shown, &p.lo, &p.hi);
    p.base = col_of(&p, t->base.delta);
    p.zero_in = p.lo <= 0 && 0 <= p.hi;
    p.zero = p.zero_in ? col_of(&p, 0.0) : -1;

    for (int i = 0; i < shown; i++) {
        tornado_label(c, &p, 1 + i, &t->row[i]);
        tornado_bars(c, &p, 1 + i, &t->row[i], t->base.delta);
    }
    if (shown < (int)t->count) {
        snprintf(buf, sizeof buf, "... %d more input%s (gpuplan risk lists all)",
                 (int)t->count - shown, t->count - shown == 1 ? "" : "s");
        canvas_text(c, 0, 1 + shown, buf, CS_LABEL);
    }
    /* Axis: the ends and the base, and 0 when shown; right under the
     * rows: a tall canvas keeps its spare rows below. */
    tornado_axis(c, &p, 1 + shown + (shown < (int)t->count), t->base.delta);
}
