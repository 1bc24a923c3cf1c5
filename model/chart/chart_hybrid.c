/* chart_hybrid.c: total monthly cost against on-prem nodes for the hybrid
 * plan (SPEC 6); see chart_hybrid.h.
 *
 * Layout, top to bottom: a title row, the plot (y labels in a 7-column
 * margin, `*` per node count, `O` at the optimum, `P` at the plan's node
 * count when it is not the optimum), the x axis, its node labels and a
 * legend row. The y axis runs from 0 to the largest total, so the heights
 * compare as money. */
#include "config.h"

#include "chart_hybrid.h"

#include <math.h>
#include <string.h>

#include "numfmt.h"

#define MARGIN 8 /* y labels and the axis column */

/* "180K", "1.2M", "950": short money for the axis. */
static void short_money(double v, char *buf, size_t n)
{
    if (v >= 1e6)
        num_snprintf(buf, n, "%.1fM", v / 1e6);
    else if (v >= 1e4)
        num_snprintf(buf, n, "%.0fK", v / 1e3);
    else if (v >= 1e3)
        num_snprintf(buf, n, "%.1fK", v / 1e3);
    else
        num_snprintf(buf, n, "%.0f", v);
}

static void note(Canvas *c, const char *text)
{
    canvas_clear(c);
    canvas_text(c, 0, 0, text, CS_LABEL);
}

/* The y range spans the totals (a little beyond them), not 0 to the top:
 * the totals near the optimum differ by a few percent, which a range from
 * 0 flattens into one row. */
void chart_hybrid_y_range(const HybridResult *r, double *lo, double *hi)
{
    double ymax = r->by_nodes[0].total_monthly, ymin = ymax;
    for (size_t i = 0; i < r->by_nodes_count; i++) {
        if (r->by_nodes[i].total_monthly > ymax)
            ymax = r->by_nodes[i].total_monthly;
        if (r->by_nodes[i].total_monthly < ymin)
            ymin = r->by_nodes[i].total_monthly;
    }
    double pad = (ymax - ymin) * 0.05;
    if (!(pad > 0))
        pad = fabs(ymax) * 0.05 + 1;
    *hi = ymax + pad;
    *lo = ymin - pad > 0 ? ymin - pad : 0;
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
    char buf[160], money[48];
    num_snprintf(buf, sizeof buf, "Total monthly (%s) against on-prem nodes",
                 currency);
    canvas_text(c, 0, 0, buf, CS_LABEL);

    const int top = 1, bottom = c->height - 4; /* plot rows top..bottom */
    const int x0 = MARGIN, x1 = c->width - 2;  /* plot columns */
    const int rows = bottom - top + 1;
    double ymin, ymax;
    chart_hybrid_y_range(r, &ymin, &ymax);

    /* y axis with labels at the top, middle and bottom */
    for (int y = top; y <= bottom; y++)
        canvas_put(c, x0 - 1, y, '|', CS_AXIS);
    const int ylab[3] = {top, top + (rows - 1) / 2, bottom};
    for (int k = 0; k < 3; k++) {
        double v = ymin + (ymax - ymin) * (bottom - ylab[k]) / (rows - 1);
        short_money(v, money, sizeof money);
        canvas_text(c, x0 - 2 - (int)strlen(money), ylab[k], money, CS_LABEL);
        canvas_put(c, x0 - 1, ylab[k], '+', CS_AXIS);
    }
    /* x axis */
    const int axis = bottom + 1;
    canvas_put(c, x0 - 1, axis, '+', CS_AXIS);
    for (int x = x0; x <= x1; x++)
        canvas_put(c, x, axis, '-', CS_AXIS);

    size_t n = r->by_nodes_count;
    int last_label_end = -1;
    double span = r->by_nodes[n - 1].onprem_nodes - r->by_nodes[0].onprem_nodes;
    for (size_t i = 0; i < n; i++) {
        const HybridNodesTotal *p = &r->by_nodes[i];
        int x = x0;
        if (span > 0)
            x = x0 + (int)lround((p->onprem_nodes - r->by_nodes[0].onprem_nodes) *
                                 (x1 - x0) / span);
        int y = bottom - (int)lround((p->total_monthly - ymin) / (ymax - ymin) * (rows - 1));
        char mark = '*';
        CanvasStyle st = CS_ONPREM;
        if (p->onprem_nodes == r->optimum.onprem_nodes) {
            mark = 'O';
            st = CS_CROSS;
        } else if (p->onprem_nodes == r->onprem_nodes) {
            mark = 'P';
            st = CS_MEASURED;
        }
        canvas_put(c, x, y, mark, st);
        canvas_put(c, x, axis, '+', CS_AXIS);
        /* node labels where they fit, always the optimum */
        num_snprintf(buf, sizeof buf, "%.0f", p->onprem_nodes);
        int w = (int)strlen(buf), lx = x - (w - 1) / 2;
        bool must = mark == 'O' || i == 0 || i + 1 == n;
        if (must || (lx > last_label_end + 1 && lx + w < x1 - 3)) {
            canvas_text(c, lx, axis + 1, buf, CS_LABEL);
            last_label_end = lx + w - 1;
        }
    }
    num_format_money(r->optimum.total_monthly, 0, money, sizeof money);
    num_snprintf(buf, sizeof buf, "* total   O optimum: %.0f node%s, %s %s%s",
                 r->optimum.onprem_nodes,
                 r->optimum.onprem_nodes == 1 ? "" : "s", money, currency,
                 r->onprem_nodes != r->optimum.onprem_nodes ? "   P plan" : "");
    canvas_text(c, 0, c->height - 1, buf, CS_LABEL);
}
