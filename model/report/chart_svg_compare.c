/* chart_svg_compare.c: the comparison's chart as inline SVG (DESIGN 11.3);
 * see chart_svg_compare.h.
 *
 * The frame, the axes and the markers are the report's (chart_svg.c): y
 * in currency from the joined axis of every scenario, x 0-100%, the
 * 60/75/80% rules dashed, the measured utilization (one line per distinct
 * value). Each on-prem curve ends in its scenario's letter; every
 * crossover is a ring on its scenario's on-prem curve. The key has three
 * parts: the options' colours, the scenarios' line styles with their
 * names, and the markers. */
#include "config.h"

#include "chart_svg_compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "axis.h"
#include "chart_svg.h"
#include "numfmt.h"
#include "svg.h"
#include "utf8.h"

#define FONT 12.0
#define KEY_LINE 20.0

const char chart_svg_compare_css[] =
    "svg .s-1{stroke-dasharray:9 5}\nsvg .s-2{stroke-dasharray:2 4;stroke-linecap:round}\n"
    "svg .s-3{stroke-dasharray:10 4 2 4}\n"
    "svg .scenario{stroke:var(--ink);stroke-width:2.4}\n"
    "svg .curve-label{font-weight:700;paint-order:stroke;stroke:#fff;stroke-width:4px}\n";

static const double thresholds[3] = {60, 75, 80};

typedef struct Frame {
    double left, right, top, bottom, lo, hi;
} Frame;

static double fx(const Frame *f, double pct) { return f->left + pct / 100 * (f->right - f->left); }

static double fy(const Frame *f, double v)
{
    return f->bottom - (v - f->lo) / (f->hi - f->lo) * (f->bottom - f->top);
}

/* The curve of option o of scenario i, in its option's colour and its
 * scenario's line style (a shared cloud curve solid, drawn once). */
static void curve(StrBuf *b, const Frame *f, const CompareChart *cc, size_t i, CostOption o)
{
    const Scenario *s = cc->scenario[i];
    const CostResult *r = cc->cost[i];
    bool shared = o != OPT_ONPREM && cc->cloud_shared[o];
    sb_printf(b, "<path class=\"curve o-%s s-%zu%s\" clip-path=\"url(#chart-compare-clip)\" "
                 "d=\"", cost_option_key(o), shared ? 0 : i,
              r->option[o].allowed ? "" : " not-allowed");
    const double span = f->hi - f->lo;
    bool pen = false;
    for (int k = 1; k <= 200; k++) {
        double pct = k * 0.5, v = cost_per_hour_at(r, s, o, pct);
        if (!isfinite(v)) {
            pen = false;
            continue;
        }
        v = fmax(f->lo - span, fmin(f->hi + span, v));
        sb_append(b, pen ? " L" : (k > 1 ? " M" : "M"));
        svg_num(b, fx(f, pct));
        sb_append(b, " ");
        svg_num(b, fy(f, v));
        pen = true;
    }
    sb_append(b, "\"/>\n");
}

/* The axes, the grid and the rules of thumb; currency NULL when the
 * scenarios have different ones. */
static void frame(StrBuf *b, const Frame *f, const Axis *ax, const char *currency)
{
    char buf[96];
    /* Without one currency, the unit is each scenario's own. */
    num_snprintf(buf, sizeof buf, "%s per useful GPU-hour%s", currency ? currency : "cost",
                 currency ? "" : " (each in its currency)");
    svg_text(b, f->left - 60, 16, "start", "axis-title", buf);
    for (int k = 0; k <= ax->steps; k++) {
        double v = axis_tick(ax, k);
        svg_line(b, f->left, fy(f, v), f->right, fy(f, v), k ? "grid" : "axis");
        num_format_money(v, ax->decimals, buf, sizeof buf);
        svg_text(b, f->left - 8, fy(f, v) + 4, "end", "tick", buf);
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
    for (int i = 0; i < 3; i++) {
        double x = fx(f, thresholds[i]);
        svg_line(b, x, f->top, x, f->bottom, "threshold");
        num_snprintf(buf, sizeof buf, "%.0f%%", thresholds[i]);
        svg_text(b, x, f->top - 6, "middle", "threshold-label", buf);
    }
}

/* One line at each distinct measured utilization, labelled above the
 * plot ("measured 60%", or "A, B measured 60%" when they differ). */
static void measured(StrBuf *b, const Frame *f, const CompareChart *cc, bool same)
{
    for (size_t i = 0; i < cc->count; i++) {
        double u = cc->scenario[i]->utilization.measured_pct;
        bool first = true;
        for (size_t k = 0; k < i; k++)
            first &= cc->scenario[k]->utilization.measured_pct != u;
        if (!first)
            continue;
        char who[16] = "", pct[16], buf[64];
        size_t len = 0;
        for (size_t k = i; k < cc->count && !same; k++)
            if (cc->scenario[k]->utilization.measured_pct == u)
                len += (size_t)snprintf(who + len, sizeof who - len, "%s%c",
                                        len ? ", " : "", compare_label(k));
        cost_pct_text(u, pct, sizeof pct);
        num_snprintf(buf, sizeof buf, "%s%smeasured %s%%", who, who[0] ? " " : "", pct);
        double x = fx(f, u), w = svg_text_width(buf, FONT);
        double lx = fmin(fmax(x - w / 2, f->left - 60), CHART_SVG_WIDTH - 4 - w);
        svg_line(b, x, f->top - 16, x, f->bottom, "measured");
        svg_text(b, lx, f->top - 22 - (same ? 0 : 14.0 * (double)i), "start",
                 "measured-label", buf);
    }
}

/* Rings at each scenario's crossovers, and each on-prem curve's letter
 * where it ends (at 100%, or where it leaves the plot), placed clear of
 * each other. */
static void marks(StrBuf *b, const Frame *f, const CompareChart *cc)
{
    double boxes[COMPARE_MAX][4];
    SvgLabels labels = {f->left, f->right + 24, f->top, f->bottom, boxes, 0, COMPARE_MAX};
    for (size_t i = 0; i < cc->count; i++)
        for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
            const Crossover *x = &cc->cost[i]->crossover[o];
            for (size_t k = 0; k < x->count; k++) {
                double v = cost_per_hour_at(cc->cost[i], cc->scenario[i], OPT_ONPREM,
                                            x->point[k].pct);
                if (isfinite(v) && v >= f->lo && v <= f->hi)
                    svg_circle(b, fx(f, x->point[k].pct), fy(f, v), 4.5, "crossover");
            }
        }
    for (size_t i = 0; i < cc->count; i++) {
        double v = cost_per_hour_at(cc->cost[i], cc->scenario[i], OPT_ONPREM, 100);
        if (!isfinite(v))
            continue;
        double y = fy(f, fmax(f->lo, fmin(f->hi, v))) + 4;
        const double cand[4][2] = {{f->right + 4, y}, {f->right + 4, y - 14},
                                   {f->right + 4, y + 14}, {f->right - 14, y - 10}};
        char text[2] = {compare_label(i), '\0'};
        double tx, ty;
        svg_place_label(&labels, cand, 4, svg_text_width(text, FONT), &tx, &ty);
        svg_text(b, tx, ty, "start", "curve-label", text);
    }
}

/* Lines the key takes: the options, the scenarios (each with its name),
 * the markers, each part wrapped at the width. */
static int key(StrBuf *b, double y, const CompareChart *cc, const char *const *names, bool draw)
{
    const double x0 = 12, W = CHART_SVG_WIDTH;
    double x = x0;
    int lines = 1;
    char buf[160], cls[64];
    for (int part = 0; part < 3; part++) {
        int items = part == 0 ? OPT_COUNT : part == 1 ? (int)cc->count : 3;
        if (part > 0) {
            x = x0;
            lines++;
        }
        for (int k = 0; k < items; k++) {
            SvgSwatch sw = SWATCH_LINE;
            if (part == 0) {
                num_snprintf(buf, sizeof buf, "%s", cost_option_word((CostOption)k));
                snprintf(cls, sizeof cls, "swatch o-%s", cost_option_key((CostOption)k));
            } else if (part == 1) {
                /* A long name is cut at a character, and says so. */
                size_t keep = utf8_head_bytes(names[k], 60);
                num_snprintf(buf, sizeof buf, "%c: %.*s%s", compare_label((size_t)k), (int)keep,
                             names[k], names[k][keep] ? "\u2026" : "");
                snprintf(cls, sizeof cls, "swatch scenario s-%d", k);
            } else {
                static const char *const text[3] = {"60 / 75 / 80% rules of thumb",
                                                    "measured utilization", "crossover"};
                static const char *const mk[3] = {"threshold", "measured", "crossover"};
                static const SvgSwatch sws[3] = {SWATCH_DASHED, SWATCH_LINE, SWATCH_RING};
                num_snprintf(buf, sizeof buf, "%s", text[k]);
                snprintf(cls, sizeof cls, "%s", mk[k]);
                sw = sws[k];
            }
            double w = svg_legend_width(buf);
            if (x > x0 && x + w - 18 > W) {
                x = x0;
                lines++;
            }
            if (draw)
                svg_legend_item(b, x, y + (lines - 1) * KEY_LINE, sw, cls, buf);
            x += w;
        }
    }
    return lines;
}

void chart_svg_compare(StrBuf *b, const CompareChart *cc, const char *const *names)
{
    const int W = CHART_SVG_WIDTH;
    const int lines = key(b, 0, cc, names, false);
    bool same = true;
    for (size_t i = 1; i < cc->count; i++)
        same &= cc->scenario[i]->utilization.measured_pct ==
                cc->scenario[0]->utilization.measured_pct;
    const double top = same ? 54 : 40 + 14.0 * (double)cc->count;
    const double plot_bottom = top + 254;
    const int H = (int)(plot_bottom + 58 + lines * KEY_LINE);
    Frame f = {.left = 72, .right = W - 40, .top = top, .bottom = plot_bottom};
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < cc->count; i++) {
        Axis one;
        axis_cost(cc->scenario[i], cc->cost[i], 6, &one);
        lo = fmin(lo, one.lo);
        hi = fmax(hi, axis_top(&one));
    }
    Axis ax;
    axis_round(lo, hi, 6, &ax);
    f.lo = ax.lo;
    f.hi = axis_top(&ax);
    svg_open(b, "chart-compare", "chart", W, H,
             "Cost per useful GPU-hour against utilization, every scenario");
    sb_append(b, "<defs><clipPath id=\"chart-compare-clip\">");
    svg_rect(b, f.left, f.top, f.right - f.left, f.bottom - f.top, NULL);
    sb_append(b, "</clipPath></defs>\n");
    const char *currency = cc->scenario[0]->currency;
    for (size_t i = 1; i < cc->count && currency; i++)
        if (strcmp(cc->scenario[i]->currency, currency) != 0)
            currency = NULL;
    frame(b, &f, &ax, currency);
    measured(b, &f, cc, same);
    static const CostOption order[3] = {OPT_RESERVED, OPT_ON_DEMAND, OPT_SPOT};
    for (int k = 0; k < 3; k++)
        for (size_t i = 0; i < (cc->cloud_shared[order[k]] ? 1 : cc->count); i++)
            curve(b, &f, cc, i, order[k]);
    for (size_t i = cc->count; i-- > 0;)
        curve(b, &f, cc, i, OPT_ONPREM);
    marks(b, &f, cc);
    key(b, plot_bottom + 58, cc, names, true);
    svg_close(b);
}
