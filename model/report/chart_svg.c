/* chart_svg.c: the report's charts as inline SVG; see chart_svg.h.
 *
 * Colours and line styles come from the page's CSS through classes
 * (o-onprem, o-on_demand, ... for the options, l-capital, ... for the
 * breakdown lines), so the charts and the tables share one palette and
 * print the same. Layout is computed here in user units; the <svg> scales
 * to the width of the page. */
#include "config.h"

#include "chart_svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "axis.h"
#include "chart_plot.h"
#include "export.h"
#include "numfmt.h"
#include "svg.h"

#define FONT 12.0 /* px of chart text, as in the page's CSS */

static const double thresholds[3] = {60, 75, 80};

/* Curves are drawn in this order, as in the text chart: on-prem, the
 * reference every cloud curve is read against, last and so on top. */
static const CostOption draw_order[OPT_COUNT] = {OPT_RESERVED, OPT_ON_DEMAND,
                                                 OPT_SPOT, OPT_ONPREM};

static const char *const option_name[OPT_COUNT] = {"on-prem", "on-demand",
                                                   "reserved", "spot"};

static void option_class(CostOption o, const char *what, char *buf, size_t n)
{
    snprintf(buf, n, "%s o-%s", what, cost_option_key(o));
}

/* --- cost per useful GPU-hour against utilization ------------------------- */

typedef struct Frame {
    double left, right, top, bottom; /* plot area */
    double lo, hi;                   /* y range */
} Frame;

static double fx(const Frame *f, double pct)
{
    return f->left + pct / 100 * (f->right - f->left);
}

static double fy(const Frame *f, double v)
{
    return f->bottom - (v - f->lo) / (f->hi - f->lo) * (f->bottom - f->top);
}

/* The path of option o sampled every half percent (cost_per_hour_at, the
 * function the text chart samples per column); points far outside the
 * frame are pulled in to its clip margin so the numbers stay small, and a
 * missing value (no useful work) breaks the line. */
static void cost_path(StrBuf *b, const Frame *f, const Scenario *s,
                      const CostResult *r, CostOption o)
{
    char cls[64];
    option_class(o, r->option[o].allowed ? "curve" : "curve not-allowed", cls,
                 sizeof cls);
    sb_append(b, "<path class=\"");
    sb_append(b, cls);
    sb_append(b, "\" clip-path=\"url(#chart-cost-clip)\" d=\"");
    const double span = f->hi - f->lo;
    bool pen = false;
    for (int i = 1; i <= 200; i++) {
        double pct = i * 0.5;
        double v = cost_per_hour_at(r, s, o, pct);
        if (!isfinite(v)) {
            pen = false;
            continue;
        }
        if (v > f->hi + span)
            v = f->hi + span;
        if (v < f->lo - span)
            v = f->lo - span;
        sb_append(b, pen ? " L" : (i > 1 ? " M" : "M"));
        svg_num(b, fx(f, pct));
        sb_append(b, " ");
        svg_num(b, fy(f, v));
        pen = true;
    }
    sb_append(b, "\"/>\n");
}

/* The second part of the cost chart's key: the markers, then every
 * crossover (an arrow to the side where on-prem is cheaper). */
typedef struct KeyItem {
    SvgSwatch swatch;
    const char *cls;
    char text[96];
} KeyItem;

static size_t cost_key_items(const Scenario *s, const CostResult *r,
                             KeyItem *items, size_t max)
{
    size_t n = 0;
    items[n++] = (KeyItem){SWATCH_DASHED, "threshold", "60 / 75 / 80% rules of thumb"};
    char upct[16];
    chart_pct_text(s->utilization.measured_pct, upct, sizeof upct);
    items[n] = (KeyItem){SWATCH_LINE, "measured", ""};
    num_snprintf(items[n].text, sizeof items[n].text, "measured %s", upct);
    n++;
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        const Crossover *c = &r->crossover[o];
        for (size_t k = 0; k < c->count && n < max; k++, n++) {
            items[n] = (KeyItem){SWATCH_RING, "crossover", ""};
            num_snprintf(items[n].text, sizeof items[n].text, "crossover %s %.1f%%%s",
                         option_name[o], c->point[k].pct,
                         c->point[k].side == SIDE_ABOVE ? "\u2191" : "\u2193");
        }
    }
    return n;
}

/* Lines the key items take from x0 to width (they wrap, never clip). */
static int key_lines(const KeyItem *items, size_t n, double x0, double width)
{
    int lines = 1;
    double x = x0;
    for (size_t i = 0; i < n; i++) {
        double w = 24 + svg_text_width(items[i].text, FONT) + 18;
        if (x > x0 && x + w - 18 > width) {
            lines++;
            x = x0;
        }
        x += w;
    }
    return lines;
}

/* The y grid and its money labels (the ticks of ax), and the x axis,
 * ticked every 10%, labelled every 20%. */
static void cost_axes(StrBuf *b, const Frame *f, const Axis *ax)
{
    char buf[16], money[48];
    for (int k = 0; k <= ax->steps; k++) {
        double v = axis_tick(ax, k);
        svg_line(b, f->left, fy(f, v), f->right, fy(f, v), k ? "grid" : "axis");
        num_format_money(v, ax->decimals, money, sizeof money);
        svg_text(b, f->left - 8, fy(f, v) + 4, "end", "tick", money);
    }
    svg_line(b, f->left, f->top, f->left, f->bottom, "axis");
    for (int p = 0; p <= 100; p += 10) {
        svg_line(b, fx(f, p), f->bottom, fx(f, p), f->bottom + 5, "axis");
        if (p % 20 == 0) {
            num_snprintf(buf, sizeof buf, "%d%%", p);
            svg_text(b, fx(f, p), f->bottom + 19, "middle", "tick", buf);
        }
    }
    svg_text(b, (f->left + f->right) / 2, f->bottom + 36, "middle", "axis-title",
             "utilization (share of GPU-hours doing useful work)");
}

/* The threshold markers with their labels, and the measured utilization
 * above them, its label kept inside the picture (W wide). */
static void cost_markers(StrBuf *b, const Frame *f, const Scenario *s, int W)
{
    char buf[32], upct[16];
    for (int i = 0; i < 3; i++) {
        double x = fx(f, thresholds[i]);
        svg_line(b, x, f->top, x, f->bottom, "threshold");
        num_snprintf(buf, sizeof buf, "%.0f%%", thresholds[i]);
        svg_text(b, x, f->top - 6, "middle", "threshold-label", buf);
    }
    double u = s->utilization.measured_pct, xu = fx(f, u);
    svg_line(b, xu, f->top - 16, xu, f->bottom, "measured");
    chart_pct_text(u, upct, sizeof upct);
    num_snprintf(buf, sizeof buf, "measured %s", upct);
    double tw = svg_text_width(buf, FONT);
    double lx = xu - tw / 2;
    if (lx < f->left - 60)
        lx = f->left - 60;
    if (lx + tw > W - 4)
        lx = W - 4 - tw;
    svg_text(b, lx, f->top - 22, "start", "measured-label", buf);
}

/* The crossovers: a ring on the on-prem curve and a label beside it, at
 * the first of above-right, below-right, above-left, below-left that stays
 * in the frame and clear of the labels already placed. */
static void cost_crossovers(StrBuf *b, const Frame *f, const Scenario *s,
                            const CostResult *r)
{
    char buf[64];
    double placed[OPT_COUNT * CROSS_POINTS_MAX][4];
    SvgLabels labels = {f->left, f->right, f->top, f->bottom, placed, 0,
                        OPT_COUNT * CROSS_POINTS_MAX};
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        const Crossover *x = &r->crossover[o];
        for (size_t k = 0; k < x->count; k++) {
            double pct = x->point[k].pct;
            double v = cost_per_hour_at(r, s, OPT_ONPREM, pct);
            if (!isfinite(v) || v < f->lo || v > f->hi)
                continue;
            double cx = fx(f, pct), cy = fy(f, v);
            svg_circle(b, cx, cy, 5, "crossover");
            /* The arrow points to the side where on-prem is cheaper. */
            num_snprintf(buf, sizeof buf, "%s %.1f%%%s", option_name[o], pct,
                         x->point[k].side == SIDE_ABOVE ? "\u2191" : "\u2193");
            double w = svg_text_width(buf, FONT);
            const double cand[4][2] = {{cx + 8, cy - 10}, {cx + 8, cy + 20},
                                       {cx - 8 - w, cy - 10}, {cx - 8 - w, cy + 20}};
            double tx, ty;
            svg_place_label(&labels, cand, 4, w, &tx, &ty);
            svg_text(b, tx, ty, "start", "crossover-label", buf);
        }
    }
}

/* The legend under the plot: the options on one line, then the markers
 * and the crossovers (key[0..nkey)), wrapped at W. */
static void cost_legend(StrBuf *b, const Frame *f, const CostResult *r,
                        const KeyItem *key, size_t nkey, int W)
{
    char buf[64], cls[64];
    double x = f->left - 60, y = 400 - 30;
    for (int o = 0; o < OPT_COUNT; o++) {
        option_class((CostOption)o,
                     r->option[o].allowed ? "swatch" : "swatch not-allowed", cls,
                     sizeof cls);
        num_snprintf(buf, sizeof buf, "%s%s", option_name[o],
                     r->option[o].allowed ? "" : " (not allowed)");
        x = svg_legend_item(b, x, y, r->option[o].allowed ? SWATCH_LINE : SWATCH_DASHED, cls, buf);
    }
    x = f->left - 60;
    y = 400 - 10;
    for (size_t i = 0; i < nkey; i++) {
        double w = 24 + svg_text_width(key[i].text, FONT) + 18;
        if (x > f->left - 60 && x + w - 18 > W) {
            x = f->left - 60;
            y += 20;
        }
        x = svg_legend_item(b, x, y, key[i].swatch, key[i].cls, key[i].text);
    }
}

void chart_svg_cost(StrBuf *b, const Scenario *s, const CostResult *r)
{
    KeyItem key[2 + OPT_COUNT * CROSS_POINTS_MAX];
    size_t nkey = cost_key_items(s, r, key, sizeof key / sizeof key[0]);
    const int W = CHART_SVG_WIDTH;
    const int extra = key_lines(key, nkey, 12, W) - 1;
    const int H = 400 + 20 * extra;
    char buf[160];
    Frame f = {.left = 72, .right = W - 24, .top = 54, .bottom = 400 - 92};
    Axis ax;
    axis_cost(s, r, 6, &ax);
    f.lo = ax.lo;
    f.hi = axis_top(&ax);

    num_snprintf(buf, sizeof buf,
                 "Cost per useful GPU-hour (%s) against utilization", s->currency);
    svg_open(b, "chart-cost", "chart", W, H, buf);
    sb_append(b, "<defs><clipPath id=\"chart-cost-clip\">");
    svg_rect(b, f.left, f.top, f.right - f.left, f.bottom - f.top, NULL);
    sb_append(b, "</clipPath></defs>\n");
    num_snprintf(buf, sizeof buf, "%s per useful GPU-hour", s->currency);
    svg_text(b, f.left - 60, 16, "start", "axis-title", buf);

    cost_axes(b, &f, &ax);
    cost_markers(b, &f, s, W);
    for (int i = 0; i < OPT_COUNT; i++)
        cost_path(b, &f, s, r, draw_order[i]);
    cost_crossovers(b, &f, s, r);
    cost_legend(b, &f, r, key, nkey, W);
    svg_close(b);
}

/* --- monthly breakdown bars ------------------------------------------------ */

void chart_svg_breakdown(StrBuf *b, const Scenario *s, const CostResult *r)
{
    const int W = CHART_SVG_WIDTH;
    const double bar_h = 26, gap = 14, top = 34, label_w = 92, total_w = 150;
    char buf[160], money[48], cls[64], upct[16];

    /* The key: every line with money in it, in the table's order. */
    bool used[LINE_COUNT] = {false};
    for (int o = 0; o < OPT_COUNT; o++)
        for (int i = 0; i < EXPORT_BREAKDOWN_ROWS; i++) {
            CostLine l = export_breakdown_order[i];
            if (export_line_applies((CostOption)o, l) && r->option[o].line[l] > 0)
                used[l] = true;
        }
    /* Lay the key out first to know the height. */
    double kx = 0;
    int key_rows = 1;
    for (int i = 0; i < EXPORT_BREAKDOWN_ROWS; i++) {
        CostLine l = export_breakdown_order[i];
        if (!used[l])
            continue;
        double w = 24 + svg_text_width(export_line_label(l), FONT) + 18;
        if (kx > 0 && kx + w > W) {
            key_rows++;
            kx = 0;
        }
        kx += w;
    }
    const double bars_end = top + OPT_COUNT * (bar_h + gap);
    const int H = (int)(bars_end + 10 + key_rows * 20);

    chart_pct_text(s->utilization.measured_pct, upct, sizeof upct);
    num_snprintf(buf, sizeof buf, "Monthly cost of each option at %s utilization (%s)",
                 upct, s->currency);
    svg_open(b, "chart-breakdown", "chart", W, H, buf);
    svg_text(b, 0, 16, "start", "axis-title", buf);

    double max = 0;
    for (int o = 0; o < OPT_COUNT; o++)
        if (isfinite(r->option[o].monthly) && r->option[o].monthly > max)
            max = r->option[o].monthly;
    const double bar_x = label_w, bar_w = W - label_w - total_w;
    for (int o = 0; o < OPT_COUNT; o++) {
        const OptionCost *oc = &r->option[o];
        double y = top + o * (bar_h + gap);
        svg_text(b, 0, y + bar_h / 2 + 4, "start", "bar-label",
                 cost_option_label((CostOption)o));
        double x = bar_x;
        for (int i = 0; i < EXPORT_BREAKDOWN_ROWS; i++) {
            CostLine l = export_breakdown_order[i];
            double v = oc->line[l];
            if (!export_line_applies((CostOption)o, l) || !(v > 0) || !(max > 0))
                continue;
            double w = v / max * bar_w;
            snprintf(cls, sizeof cls, "seg l-%s", cost_line_key(l));
            sb_append(b, "<g>");
            svg_rect(b, x, y, w, bar_h, cls);
            num_format_money(v, 2, money, sizeof money);
            num_snprintf(buf, sizeof buf, "%s, %s: %s %s",
                         cost_option_label((CostOption)o), export_line_label(l),
                         money, s->currency);
            sb_append(b, "<title>");
            html_text(b, buf);
            sb_append(b, "</title></g>\n");
            x += w;
        }
        num_format_money(oc->monthly, 0, money, sizeof money);
        num_snprintf(buf, sizeof buf, "%s%s", money,
                     !oc->allowed ? " not allowed"
                     : r->cheapest == (CostOption)o ? " cheapest" : "");
        svg_text(b, x + 8, y + bar_h / 2 + 4, "start",
                 r->cheapest == (CostOption)o ? "bar-total cheapest" : "bar-total",
                 buf);
    }
    kx = 0;
    double ky = bars_end + 14;
    for (int i = 0; i < EXPORT_BREAKDOWN_ROWS; i++) {
        CostLine l = export_breakdown_order[i];
        if (!used[l])
            continue;
        double w = 24 + svg_text_width(export_line_label(l), FONT) + 18;
        if (kx > 0 && kx + w > W) {
            ky += 20;
            kx = 0;
        }
        snprintf(cls, sizeof cls, "seg l-%s", cost_line_key(l));
        kx = svg_legend_item(b, kx, ky, SWATCH_BOX, cls, export_line_label(l));
    }
    svg_close(b);
}
