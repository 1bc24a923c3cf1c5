/* chart_hybrid.c: total monthly cost against on-prem nodes for the hybrid
 * plan (DESIGN 6); see chart_hybrid.h.
 *
 * Layout, top to bottom: a title row, the plot (y labels in a 7-column
 * margin, `*` per node count, `O` at the optimum, `P` at the plan's node
 * count when it is not the optimum, `^` at the lower bound of a count the
 * optimizer did not simulate, DESIGN 6.6), the x axis, its node labels, a
 * legend row and, when some count was not simulated, a row saying what
 * `^` means (on a canvas of 8 rows, a word in the title). Each plotted count has a column of its own: every count when
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

/* The geometry the drawing steps share. */
typedef struct HybridPlot {
    int top, bottom; /* plot rows */
    int x0, x1;      /* plot columns */
    int rows, cols;
    double ymin, ymax;   /* the y axis's range */
    double first, span;  /* the first node count and the counts' span */
} HybridPlot;

static int row_of(const HybridPlot *p, double v)
{
    return p->bottom - (int)lround((v - p->ymin) / (p->ymax - p->ymin) * (p->rows - 1));
}

static int col_of(const HybridPlot *p, double nodes)
{
    return p->span > 0 ? p->x0 + (int)lround((nodes - p->first) * (p->cols - 1) / p->span)
                       : p->x0;
}

/* The y axis with its labels (the ticks of ax, a row apart) and the x axis
 * line at row bottom + 1. */
static void hybrid_axes(Canvas *c, const HybridPlot *p, const Axis *ax)
{
    char money[48];
    for (int y = p->top; y <= p->bottom; y++)
        canvas_put(c, p->x0 - 1, y, '|', CS_AXIS);
    const int every = axis_label_stride(ax, p->rows - 1); /* labels a row apart */
    for (int k = 0; k <= ax->steps; k++) {
        double v = axis_tick(ax, k);
        int y = row_of(p, v);
        if (k % every != 0 || !num_format_scaled(v, MARGIN - 2, money, sizeof money))
            continue; /* between labels, or wider than the margin */
        canvas_text(c, p->x0 - 2 - canvas_text_cells(money), y, money, CS_LABEL);
        canvas_put(c, p->x0 - 1, y, '+', CS_AXIS);
    }
    const int axis = p->bottom + 1;
    canvas_put(c, p->x0 - 1, axis, '+', CS_AXIS);
    for (int x = p->x0; x <= p->x1; x++)
        canvas_put(c, x, axis, '-', CS_AXIS);
}

/* What each column shows (kind[x]: 0 none, 1 a count, 2 an end, 3 the
 * plan, 4 the optimum; which[x]: its entry of r->by_nodes). Each plotted
 * count has a column of its own (DESIGN 8), placed by its value: every
 * count when they fit, else the multiples of step, with the first, the
 * last, the optimum and the plan always (a multiple in one of their
 * columns gives way). Returns the plan's total (NAN when by_nodes lacks
 * it). */
static double hybrid_columns(const HybridPlot *p, const HybridResult *r, double step,
                             unsigned char *kind, size_t *which)
{
    size_t n = r->by_nodes_count;
    double plan_total = NAN;
    for (size_t i = 0; i < n; i++) {
        const HybridNodesTotal *t = &r->by_nodes[i];
        double k = (t->onprem_nodes - p->first) / step;
        int want = t->onprem_nodes == r->optimum.onprem_nodes ? 4
                   : t->onprem_nodes == r->onprem_nodes       ? 3
                   : i == 0 || i + 1 == n                     ? 2
                   : fabs(k - round(k)) < 1e-9                ? 1
                                                              : 0;
        if (t->onprem_nodes == r->onprem_nodes)
            plan_total = t->total_monthly;
        int x = col_of(p, t->onprem_nodes);
        if (want > kind[x]) {
            kind[x] = (unsigned char)want;
            which[x] = i;
        }
    }
    return plan_total;
}

/* The marks of the columns (O optimum, P plan, * the others) with a tick
 * on the axis, and their node labels under it: the optimum's and the
 * plan's first, then the ends, then the others where they fit with a
 * blank between. */
static void hybrid_points(Canvas *c, const HybridPlot *p, const HybridResult *r,
                          const unsigned char *kind, const size_t *which)
{
    const int axis = p->bottom + 1;
    char buf[64];
    bool *taken = xmalloc((size_t)c->width * sizeof *taken);
    memset(taken, 0, (size_t)c->width * sizeof *taken);
    for (int pass = 4; pass >= 1; pass--)
        for (int x = p->x0; x <= p->x1; x++) {
            if (kind[x] != pass)
                continue;
            const HybridNodesTotal *t = &r->by_nodes[which[x]];
            char mark = pass == 4 ? 'O' : pass == 3 ? 'P' : '*';
            if (!hybrid_size_simulated(t))
                mark = '^'; /* its lower bound: the total is at least that */
            CanvasStyle st = pass == 4 ? CS_CROSS : pass == 3 ? CS_MEASURED : CS_ONPREM;
            canvas_put(c, x, row_of(p, hybrid_size_figure(t)), mark, st);
            canvas_put(c, x, axis, '+', CS_AXIS);
            /* a whole count of nodes, at most hardware.nodes' maximum
             * (100,000): a few digits, far below the 64 bytes */
            num_snprintf(buf, sizeof buf, "%.0f", t->onprem_nodes);
            int w = canvas_text_cells(buf), lx = x - (w - 1) / 2;
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
}

/* The legend row: what a * stands for, the optimum and, when it differs,
 * the plan (plan_total its total, NAN when unknown). */
static void hybrid_legend(Canvas *c, const HybridResult *r, double step,
                          double plan_total, const char *currency, int row)
{
    char buf[200], money[48];
    num_format_money(r->optimum.total_monthly, 0, money, sizeof money);
    char star[48] = "* total";
    if (step > 1)
        num_snprintf(star, sizeof star, "* every %.0f nodes", step);
    if (r->onprem_nodes != r->optimum.onprem_nodes && isfinite(plan_total)) {
        char pmoney[48];
        num_format_money(plan_total, 0, pmoney, sizeof pmoney);
        num_snprintf(buf, sizeof buf, "%s  O optimum %.0f: %s %s  P plan %.0f: %s", star,
                     r->optimum.onprem_nodes, money, currency, r->onprem_nodes, pmoney);
    } else {
        num_snprintf(buf, sizeof buf, "%s  O optimum%s %.0f: %s %s", star,
                     r->onprem_nodes == r->optimum.onprem_nodes ? " = plan" : "",
                     r->optimum.onprem_nodes, money, currency);
    }
    canvas_text(c, 0, row, buf, CS_LABEL);
}

/* The row under the legend when the optimizer left counts out (DESIGN
 * 6.6): what `^` marks, and how many counts were simulated. */
static void hybrid_bound_legend(Canvas *c, const HybridResult *r, size_t simulated)
{
    char buf[200], a[48], b[48];
    num_format_money((double)simulated, 0, a, sizeof a);
    num_format_money((double)r->by_nodes_count, 0, b, sizeof b);
    num_snprintf(buf, sizeof buf,
                 "^ lower bound (%s of %s sizes simulated in full)", a, b);
    canvas_text(c, 0, c->height - 1, buf, CS_LABEL);
}

void chart_hybrid_render(Canvas *c, const HybridResult *r,
                         const char *currency)
{
    const size_t simulated = hybrid_sizes_simulated(r);
    /* Sizes left out (DESIGN 6.6): a legend row of their own when there
     * are 9 rows, else a word in the title. */
    const bool bounds = simulated < r->by_nodes_count;
    const int row = bounds && c->height >= 9;
    if (c->width < 30 || c->height < 8) {
        note(c, "(too small for the hybrid chart)");
        return;
    }
    if (r->by_nodes_count == 0) {
        note(c, "(no node counts to chart)");
        return;
    }
    canvas_clear(c);
    char buf[200];
    num_snprintf(buf, sizeof buf, "Total monthly (%s) against on-prem nodes%s",
                 currency, bounds && !row ? " (^ lower bound)" : "");
    canvas_text(c, 0, 0, buf, CS_LABEL);

    /* y axis (axis_hybrid, as the SVG's), its ticks labelled a row apart */
    Axis ax;
    axis_hybrid(r, CHART_AXIS_STEPS, &ax);
    const size_t n = r->by_nodes_count;
    HybridPlot p = {.top = 1, .bottom = c->height - 4 - row, .x0 = MARGIN,
                    .x1 = c->width - 2, .ymin = ax.lo, .ymax = axis_top(&ax),
                    .first = r->by_nodes[0].onprem_nodes};
    p.rows = p.bottom - p.top + 1;
    p.cols = p.x1 - p.x0 + 1;
    p.span = r->by_nodes[n - 1].onprem_nodes - p.first;
    hybrid_axes(c, &p, &ax);

    const double step = axis_count_step(p.span, p.cols);
    unsigned char *kind = xmalloc((size_t)c->width);
    size_t *which = xmalloc((size_t)c->width * sizeof *which);
    memset(kind, 0, (size_t)c->width);
    const double plan_total = hybrid_columns(&p, r, step, kind, which);
    hybrid_points(c, &p, r, kind, which);
    free(which);
    free(kind);
    hybrid_legend(c, r, step, plan_total, currency, c->height - 1 - row);
    if (row)
        hybrid_bound_legend(c, r, simulated);
}
