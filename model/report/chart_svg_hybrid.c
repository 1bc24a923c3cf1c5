/* chart_svg_hybrid.c: the hybrid plan's chart as SVG, total monthly cost
 * against on-prem nodes (DESIGN 4.2, 6); see chart_svg.h.
 *
 * The y axis is axis_hybrid's, the text chart's; the node counts are
 * inset from both ends of the frame and the totals kept off the axis, so
 * no point (and not the optimum's ring) sits on an axis line. */
#include "config.h"

#include "chart_svg.h"

#include <math.h>
#include <stdbool.h>

#include "axis.h"
#include "numfmt.h"
#include "svg.h"

#define FONT 12.0 /* px of chart text, as in the page's CSS */
#define HEIGHT 340
#define KEY_ROW 22 /* user units of a second row of the key */
#define INSET 18 /* user units between an end count and the frame */

/* The plot area and the scales of both axes. */
typedef struct Plot {
    double left, right, top, bottom;
    Axis y;
    double n0, span; /* the first node count and the counts' span */
} Plot;

/* x of a node count; one size alone sits in the middle. */
static double node_x(const Plot *p, double nodes)
{
    if (!(p->span > 0))
        return (p->left + p->right) / 2;
    return p->left + INSET + (nodes - p->n0) / p->span * (p->right - p->left - 2 * INSET);
}

static double total_y(const Plot *p, double v)
{
    double lo = p->y.lo, hi = axis_top(&p->y);
    return p->bottom - (v - lo) / (hi - lo) * (p->bottom - p->top);
}

/* The money axis: a grid line at every tick, its label; the frame. */
static void money_axis(StrBuf *b, const Plot *p)
{
    char money[64];
    for (int k = 1; k <= p->y.steps; k++) {
        double y = total_y(p, axis_tick(&p->y, k));
        svg_line(b, p->left, y, p->right, y, "grid");
    }
    svg_line(b, p->left, p->bottom, p->right, p->bottom, "axis");
    for (int k = 0; k <= p->y.steps; k++) {
        double v = axis_tick(&p->y, k);
        num_format_money(v, p->y.decimals, money, sizeof money);
        svg_text(b, p->left - 8, total_y(p, v) + 4, "end", "tick", money);
    }
    svg_line(b, p->left, p->top, p->left, p->bottom, "axis");
}

/* The node labels where they fit (always the first, the last and the
 * optimum), and the axis's title. */
static void node_axis(StrBuf *b, const Plot *p, const HybridResult *h)
{
    double last_end = -1e9;
    const size_t n = h->by_nodes_count;
    for (size_t i = 0; i < n; i++) {
        const HybridNodesTotal *t = &h->by_nodes[i];
        char buf[32];
        double x = node_x(p, t->onprem_nodes);
        num_snprintf(buf, sizeof buf, "%.0f", t->onprem_nodes);
        double w = svg_text_width(buf, FONT);
        bool must = i == 0 || i + 1 == n || t->onprem_nodes == h->optimum.onprem_nodes;
        if (must || x - w / 2 > last_end + 8) {
            svg_line(b, x, p->bottom, x, p->bottom + 5, "axis");
            svg_text(b, x, p->bottom + 19, "middle", "tick", buf);
            last_end = x + w / 2;
        }
    }
    svg_text(b, (p->left + p->right) / 2, p->bottom + 36, "middle", "axis-title",
             "on-prem nodes (the rest bursts to the cloud)");
}

/* One path through the sizes whose totals are known (sim) or through
 * those the optimizer left out, at their lower bounds (!sim), a dashed
 * grey line (DESIGN 6.6); a gap in the sizes starts a new stretch. */
static void size_path(StrBuf *b, const Plot *p, const HybridResult *h, bool sim,
                      const char *cls)
{
    bool open = false, drawn = false;
    for (size_t i = 0; i < h->by_nodes_count; i++) {
        const HybridNodesTotal *t = &h->by_nodes[i];
        if (hybrid_size_simulated(t) != sim) {
            open = false;
            continue;
        }
        if (!drawn)
            sb_printf(b, "<path class=\"%s\" d=\"", cls);
        sb_append(b, open ? " L" : drawn ? " M" : "M");
        svg_num(b, node_x(p, t->onprem_nodes));
        sb_append(b, " ");
        svg_num(b, total_y(p, hybrid_size_figure(t)));
        open = drawn = true;
    }
    if (drawn)
        sb_append(b, "\"/>\n");
}

/* The totals as a line with a dot at every size, and the lower bounds of
 * the sizes left out as a dashed grey line (its style in the chart itself:
 * the page's stays as it was for every other chart). */
static void totals(StrBuf *b, const Plot *p, const HybridResult *h)
{
    const size_t n = h->by_nodes_count;
    if (hybrid_sizes_simulated(h) < n)
        sb_append(b, "<style>svg .bound{fill:none;stroke:var(--threshold);"
                     "stroke-width:1.6;stroke-dasharray:5 4}</style>\n");
    size_path(b, p, h, false, "bound");
    size_path(b, p, h, true, "curve o-onprem");
    for (size_t i = 0; i < n; i++)
        if (hybrid_size_simulated(&h->by_nodes[i]))
            svg_circle(b, node_x(p, h->by_nodes[i].onprem_nodes),
                       total_y(p, h->by_nodes[i].total_monthly), n > 80 ? 1.5 : 3,
                       "point o-onprem");
}

/* The plan's own size as a line when it is not the optimum, then the
 * optimum's ring on top (the lowest point: the line rises on both sides
 * of it, so the ring is named in the key, not over the line). Returns
 * whether the plan's line was drawn. */
static bool marks(StrBuf *b, const Plot *p, const HybridResult *h)
{
    bool plan_drawn = false;
    if (h->onprem_nodes != h->optimum.onprem_nodes && h->onprem_nodes >= p->n0 &&
        h->onprem_nodes <= p->n0 + p->span) {
        char buf[64];
        double px = node_x(p, h->onprem_nodes);
        svg_line(b, px, p->top, px, p->bottom, "measured");
        num_snprintf(buf, sizeof buf, "plan: %.0f node%s", h->onprem_nodes,
                     h->onprem_nodes == 1 ? "" : "s");
        double w = svg_text_width(buf, FONT);
        svg_text(b, px + 6 + w > p->right ? px - 6 - w : px + 6, p->top + 12, "start",
                 "measured-label", buf);
        plan_drawn = true;
    }
    svg_circle(b, node_x(p, h->optimum.onprem_nodes),
               total_y(p, h->optimum.total_monthly), 6, "crossover");
    return plan_drawn;
}

void chart_svg_hybrid(StrBuf *b, const HybridResult *h, const char *currency)
{
    const int W = CHART_SVG_WIDTH;
    StrBuf text = STRBUF_INIT;
    sb_printf(&text, "Hybrid plan: total monthly cost (%s) against on-prem nodes",
              currency);
    if (h->by_nodes_count == 0) {
        svg_open(b, "chart-hybrid", "chart", W, 40, sb_str(&text));
        svg_text(b, 0, 24, "start", "axis-title", "No node counts to chart.");
        svg_close(b);
        sb_free(&text);
        return;
    }
    /* Sizes left out by their bound (DESIGN 6.6): a key row of their own
     * under the others. */
    const size_t simulated = hybrid_sizes_simulated(h);
    const bool bounds = simulated < h->by_nodes_count;
    svg_open(b, "chart-hybrid", "chart", W, HEIGHT + (bounds ? KEY_ROW : 0),
             sb_str(&text));
    sb_free(&text);
    sb_printf(&text, "total monthly (%s)", currency);
    svg_text(b, 0, 16, "start", "axis-title", sb_str(&text));

    Plot p = {.left = 80, .right = W - 24, .top = 34, .bottom = HEIGHT - 70};
    axis_hybrid(h, CHART_AXIS_STEPS, &p.y);
    p.n0 = h->by_nodes[0].onprem_nodes;
    p.span = h->by_nodes[h->by_nodes_count - 1].onprem_nodes - p.n0;
    money_axis(b, &p);
    node_axis(b, &p, h);
    totals(b, &p, h);
    bool plan_drawn = marks(b, &p, h);

    char money[64];
    double x = p.left - 60, y = HEIGHT - 10;
    x = svg_legend_item(b, x, y, SWATCH_LINE, "swatch o-onprem",
                        "total of the plan at each size");
    num_format_money(h->optimum.total_monthly, 0, money, sizeof money);
    sb_free(&text);
    sb_printf(&text, "optimum: %.0f node%s, %s %s", h->optimum.onprem_nodes,
              h->optimum.onprem_nodes == 1 ? "" : "s", money, currency);
    x = svg_legend_item(b, x, y, SWATCH_RING, "crossover", sb_str(&text));
    if (plan_drawn)
        x = svg_legend_item(b, x, y, SWATCH_LINE, "measured", "the plan's size");
    if (bounds) {
        char a[32], c[32];
        num_format_money((double)simulated, 0, a, sizeof a);
        num_format_money((double)h->by_nodes_count, 0, c, sizeof c);
        sb_free(&text);
        sb_printf(&text, "lower bound (%s of %s sizes simulated in full)", a, c);
        svg_legend_item(b, p.left - 60, y + KEY_ROW, SWATCH_DASHED, "bound",
                        sb_str(&text));
    }
    sb_free(&text);
    svg_close(b);
}
