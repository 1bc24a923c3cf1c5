/* chart_hybrid.c: total monthly cost against on-prem nodes for the hybrid
 * plan (DESIGN 6); see chart_hybrid.h.
 *
 * Layout, top to bottom: a title row, the plot (y labels in a 7-column
 * margin, `*` per node count, `O` at the optimum, `P` at the plan's node
 * count when it is not the optimum), the x axis, its node labels and a
 * legend row. Each plotted count has a column of its own: every count when
 * they fit the width, else the multiples of a nice step (the legend says
 * which), the ends, the optimum and the plan. The y axis is axis_hybrid's,
 * the SVG chart's: the totals with room above and below, round ticks. */
#include "config.h"

#include "chart_hybrid.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "axis.h"
#include "numfmt.h"

#define MARGIN 8 /* y labels and the axis column */

static void note(Canvas *c, const char *text)
{
    canvas_clear(c);
    canvas_text(c, 0, 0, text, CS_LABEL);
}

void chart_hybrid_render(Canvas *c, const HybridResult *r,
                         const char *currency)
{
    if (c->width < 30 || c->height < 8) {
        note(c, "(too small for the hybrid chart)");
        return;
    }
    if (r->by_nodes_count == 0) {
        note(c, "(no node counts to chart)");
        return;
    }
    canvas_clear(c);
    char buf[200], money[48], pmoney[48];
    num_snprintf(buf, sizeof buf, "Total monthly (%s) against on-prem nodes",
                 currency);
    canvas_text(c, 0, 0, buf, CS_LABEL);

    const int top = 1, bottom = c->height - 4; /* plot rows top..bottom */
    const int x0 = MARGIN, x1 = c->width - 2;  /* plot columns */
    const int rows = bottom - top + 1, cols = x1 - x0 + 1;
    /* y axis (axis_hybrid, as the SVG's), its ticks labelled a row apart */
    Axis ax;
    axis_hybrid(r, CHART_AXIS_STEPS, &ax);
    const double ymin = ax.lo, ymax = axis_top(&ax);
    for (int y = top; y <= bottom; y++)
        canvas_put(c, x0 - 1, y, '|', CS_AXIS);
    const int every = axis_label_stride(&ax, rows - 1); /* labels a row apart */
    for (int k = 0; k <= ax.steps; k++) {
        double v = axis_tick(&ax, k);
        int y = bottom - (int)lround((v - ymin) / (ymax - ymin) * (rows - 1));
        if (k % every != 0 || !num_format_scaled(v, MARGIN - 2, money, sizeof money))
            continue; /* between labels, or wider than the margin */
        canvas_text(c, x0 - 2 - (int)strlen(money), y, money, CS_LABEL);
        canvas_put(c, x0 - 1, y, '+', CS_AXIS);
    }
    /* x axis */
    const int axis = bottom + 1;
    canvas_put(c, x0 - 1, axis, '+', CS_AXIS);
    for (int x = x0; x <= x1; x++)
        canvas_put(c, x, axis, '-', CS_AXIS);

    /* Each plotted count has a column of its own (DESIGN 8), placed by its
     * value: every count when they fit, else the multiples of a nice step,
     * with the first, the last, the optimum and the plan always (a
     * multiple in one of their columns gives way). */
    size_t n = r->by_nodes_count;
    double first = r->by_nodes[0].onprem_nodes, last = r->by_nodes[n - 1].onprem_nodes;
    double span = last - first;
    double step = axis_count_step(span, cols);
#define COL_OF(v) (span > 0 ? x0 + (int)lround(((v) - first) * (cols - 1) / span) : x0)
    unsigned char *kind = xmalloc((size_t)c->width); /* 0 none, 1 count, 2 end, 3 P, 4 O */
    size_t *which = xmalloc((size_t)c->width * sizeof *which);
    memset(kind, 0, (size_t)c->width);
    double plan_total = NAN;
    for (size_t i = 0; i < n; i++) {
        const HybridNodesTotal *p = &r->by_nodes[i];
        double k = (p->onprem_nodes - first) / step;
        int want = p->onprem_nodes == r->optimum.onprem_nodes ? 4
                   : p->onprem_nodes == r->onprem_nodes       ? 3
                   : i == 0 || i + 1 == n                     ? 2
                   : fabs(k - round(k)) < 1e-9                ? 1
                                                              : 0;
        if (p->onprem_nodes == r->onprem_nodes)
            plan_total = p->total_monthly;
        int x = COL_OF(p->onprem_nodes);
        if (want > kind[x]) {
            kind[x] = (unsigned char)want;
            which[x] = i;
        }
    }
    /* Labels: the marked counts first, then the ends, then the others
     * where they fit with a blank between. */
    bool *taken = xmalloc((size_t)c->width * sizeof *taken);
    memset(taken, 0, (size_t)c->width * sizeof *taken);
    for (int pass = 4; pass >= 1; pass--)
        for (int x = x0; x <= x1; x++) {
            if (kind[x] != pass)
                continue;
            const HybridNodesTotal *p = &r->by_nodes[which[x]];
            if (pass == 4 || pass == 3 || pass == 1 || pass == 2) {
                int y = bottom - (int)lround((p->total_monthly - ymin) /
                                             (ymax - ymin) * (rows - 1));
                char mark = pass == 4 ? 'O' : pass == 3 ? 'P' : '*';
                CanvasStyle st = pass == 4 ? CS_CROSS : pass == 3 ? CS_MEASURED : CS_ONPREM;
                canvas_put(c, x, y, mark, st);
                canvas_put(c, x, axis, '+', CS_AXIS);
            }
            num_snprintf(buf, sizeof buf, "%.0f", p->onprem_nodes);
            int w = (int)strlen(buf), lx = x - (w - 1) / 2;
            if (lx + w > c->width)
                lx = c->width - w;
            if (lx < 0)
                lx = 0;
            bool free_span = true;
            for (int k = lx - 1; k <= lx + w && free_span; k++)
                if (k >= 0 && k < c->width && taken[k])
                    free_span = false;
            if (!free_span)
                continue;
            for (int k = lx; k < lx + w; k++)
                taken[k] = true;
            canvas_text(c, lx, axis + 1, buf, pass >= 3 ? (pass == 4 ? CS_CROSS : CS_MEASURED)
                                                        : CS_LABEL);
        }
    free(taken);
    free(which);
    free(kind);
#undef COL_OF
    num_format_money(r->optimum.total_monthly, 0, money, sizeof money);
    char star[48] = "* total";
    if (step > 1)
        num_snprintf(star, sizeof star, "* every %.0f nodes", step);
    if (r->onprem_nodes != r->optimum.onprem_nodes && isfinite(plan_total)) {
        num_format_money(plan_total, 0, pmoney, sizeof pmoney);
        num_snprintf(buf, sizeof buf, "%s  O optimum %.0f: %s %s  P plan %.0f: %s", star,
                     r->optimum.onprem_nodes, money, currency, r->onprem_nodes, pmoney);
    } else {
        num_snprintf(buf, sizeof buf, "%s  O optimum%s %.0f: %s %s", star,
                     r->onprem_nodes == r->optimum.onprem_nodes ? " = plan" : "",
                     r->optimum.onprem_nodes, money, currency);
    }
    canvas_text(c, 0, c->height - 1, buf, CS_LABEL);
}
