/* chart_svg_horizon.c: the cumulative-spend chart as SVG (DESIGN 2.7, 4.2);
 * see chart_svg_horizon.h. */
#include "config.h"

#include "chart_svg_horizon.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "axis.h"
#include "chart_svg.h"
#include "horizon.h"
#include "numfmt.h"
#include "svg.h"

#define FONT 12.0 /* px of chart text, as in the page's CSS */

/* On-prem last, so on top, as on the cost chart and the text chart. */
static const CostOption draw_order[OPT_COUNT] = {OPT_RESERVED, OPT_ON_DEMAND,
                                                 OPT_SPOT, OPT_ONPREM};

static const char *const option_name[OPT_COUNT] = {"on-prem", "on-demand",
                                                   "reserved", "spot"};

typedef struct Frame {
    double left, right, top, bottom; /* plot area */
    double lo, hi;                   /* money range */
    int months;                      /* T */
} Frame;

static double fx(const Frame *f, double t)
{
    return f->left + t / f->months * (f->right - f->left);
}

static double fy(const Frame *f, double v)
{
    return f->bottom - (v - f->lo) / (f->hi - f->lo) * (f->bottom - f->top);
}

/* Whether the chart rings owning's break-even against cloud option o: a
 * month that comes within the T months drawn. The key gives a ring to
 * these items only, so it never shows a mark the chart does not draw. */
static bool ringed(const HorizonResult *h, int o, int T)
{
    return h->break_even[o] > 0 && h->break_even[o] <= T;
}

/* The key: the options, then the break-even month against each cloud
 * option (the cloud options' lines follow the options'). */
#define KEY_ITEMS (2 * OPT_COUNT - 1)
#define KEY_BYTES 96

static int horizon_key(const HorizonResult *h, const CostResult *r, int T,
                       char key[][KEY_BYTES])
{
    int nkey = 0;
    for (int o = 0; o < OPT_COUNT; o++)
        num_snprintf(key[nkey++], KEY_BYTES, "%s%s", option_name[o],
                     r->option[o].allowed ? "" : " (not allowed)");
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        /* DESIGN 2.7: the month from which owning stays ahead, and the
         * stretches it is ahead only for a while. */
        char when[64];
        horizon_spans_brief(&h->ahead[o], T, when, sizeof when);
        if (h->break_even[o] > 0)
            num_snprintf(key[nkey++], KEY_BYTES,
                         "owning breaks even with %s in month %d%s",
                         option_name[o], h->break_even[o],
                         when + strcspn(when, " "));
        else
            num_snprintf(key[nkey++], KEY_BYTES,
                         "owning never breaks even with %s%s", option_name[o],
                         when + strlen("never"));
    }
    return nkey;
}

/* Whether key item i starts a new line when its line so far ends at x
 * (lines start at x0): the first break-even item always does, and an item
 * that would pass the width W after others on its line. */
static bool key_breaks(const char *item, int i, double x, double x0, int W)
{
    return i == OPT_COUNT || (x > x0 && x + svg_legend_width(item) - 18 > W);
}

/* The y grid with its money labels (the ticks of ax) and the x axis in
 * months, ticked every 1, 3, 6, 12, 24, ... so at most ~12. */
static void horizon_axes(StrBuf *b, const Frame *f, const Axis *ax)
{
    char buf[32], money[48];
    const int T = f->months;
    for (int k = 0; k <= ax->steps; k++) {
        double v = axis_tick(ax, k);
        svg_line(b, f->left, fy(f, v), f->right, fy(f, v),
                 fabs(v) < ax->step * 1e-9 ? "axis" : "grid");
        num_format_money(v, ax->decimals, money, sizeof money);
        svg_text(b, f->left - 8, fy(f, v) + 4, "end", "tick", money);
    }
    const int xs = axis_month_step(T, 12);
    svg_line(b, f->left, f->top, f->left, f->bottom, "axis");
    svg_line(b, f->left, f->bottom, f->right, f->bottom, "axis");
    for (int t = 0; t <= T; t += xs) {
        svg_line(b, fx(f, t), f->bottom, fx(f, t), f->bottom + 5, "axis");
        if (T - t >= xs / 2 || t == T) {
            num_snprintf(buf, sizeof buf, "%d", t);
            svg_text(b, fx(f, t), f->bottom + 19, "middle", "tick", buf);
        }
    }
    if (T % xs) {
        svg_line(b, fx(f, T), f->bottom, fx(f, T), f->bottom + 5, "axis");
        num_snprintf(buf, sizeof buf, "%d", T);
        svg_text(b, fx(f, T), f->bottom + 19, "middle", "tick", buf);
    }
    svg_text(b, (f->left + f->right) / 2, f->bottom + 36, "middle", "axis-title",
             "months from the start (purchases and resales included)");
}

/* One curve per option, a point every month. */
static void horizon_curves(StrBuf *b, const Frame *f, const CostResult *r,
                           const HorizonFigures *hz)
{
    char cls[64];
    for (int i = 0; i < OPT_COUNT; i++) {
        CostOption o = draw_order[i];
        snprintf(cls, sizeof cls, "%s o-%s",
                 r->option[o].allowed ? "curve" : "curve not-allowed",
                 cost_option_key(o));
        sb_append(b, "<path class=\"");
        sb_append(b, cls);
        sb_append(b, "\" d=\"");
        for (int t = 0; t <= f->months; t++) {
            sb_append(b, t ? " L" : "M");
            svg_num(b, fx(f, t));
            sb_append(b, " ");
            svg_num(b, fy(f, hz->cum[o][t]));
        }
        sb_append(b, "\"/>\n");
    }
}

/* True when the segment from (ax, ay) to (bx, by) enters the box
 * q = {x0, y0, x1, y1} (Liang-Barsky). */
static bool segment_enters(double ax, double ay, double bx, double by, const double q[4])
{
    double t0 = 0, t1 = 1;
    const double p[4] = {-(bx - ax), bx - ax, -(by - ay), by - ay};
    const double d[4] = {ax - q[0], q[2] - ax, ay - q[1], q[3] - ay};
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (d[i] < 0)
                return false;
            continue;
        }
        double t = d[i] / p[i];
        if (p[i] < 0 && t > t0)
            t0 = t;
        if (p[i] > 0 && t < t1)
            t1 = t;
        if (t0 > t1)
            return false;
    }
    return true;
}

/* True when a curve would run through a label w wide whose baseline
 * starts at (x, y). */
static bool on_a_curve(const Frame *f, const HorizonFigures *hz, double x, double y, double w)
{
    const double q[4] = {x - 2, y - 14, x + w + 2, y + 2};
    for (int o = 0; o < OPT_COUNT; o++)
        for (int t = 0; t < f->months; t++) {
            double ax = fx(f, t), bx = fx(f, t + 1);
            if (bx >= q[0] && ax <= q[2] &&
                segment_enters(ax, fy(f, hz->cum[o][t]), bx, fy(f, hz->cum[o][t + 1]), q))
                return true;
        }
    return false;
}

/* The break-even months, earliest first: a ring on the on-prem curve, a
 * label beside it at the first of above-left, below-right, above-right,
 * below-left (then further up and down) that stays in the frame, clear of
 * the labels already placed (so the labels of close months point away
 * from each other) and, where one can, of every curve. */
static void horizon_rings(StrBuf *b, const Frame *f, const HorizonFigures *hz)
{
    const HorizonResult *h = &hz->result;
    char buf[64];
    CostOption order[OPT_COUNT] = {OPT_ONPREM};
    int nring = 0;
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        if (!ringed(h, o, f->months))
            continue;
        int i = nring++;
        for (; i > 0 && h->break_even[order[i - 1]] > h->break_even[o]; i--)
            order[i] = order[i - 1];
        order[i] = (CostOption)o;
    }
    double placed[OPT_COUNT][4];
    SvgLabels labels = {f->left, f->right, f->top, f->bottom, placed, 0, OPT_COUNT};
    for (int i = 0; i < nring; i++) {
        CostOption o = order[i];
        int m = h->break_even[o];
        double cx = fx(f, m), cy = fy(f, hz->cum[OPT_ONPREM][m]);
        svg_circle(b, cx, cy, 5, "crossover break-even");
        num_snprintf(buf, sizeof buf, "%s: month %d", option_name[o], m);
        double w = svg_text_width(buf, FONT);
        /* Beside the ring (left or right, dy from its centre), then
         * further up and down, then 40 and 80 units further out. */
        static const double spot[12][2] = {{-1, -10}, {1, 20},  {1, -10}, {-1, 20},
                                           {-1, -28}, {1, 38},  {1, -28}, {-1, 38},
                                           {-1, -46}, {1, 56},  {1, -46}, {-1, 56}};
        double near[36][2], cand[36][2];
        int nc = 0, k = 0;
        for (int out = 0; out < 3; out++)
            for (int c = 0; c < 12; c++, nc++) {
                near[nc][0] = spot[c][0] < 0 ? cx - 8 - w - 40 * out : cx + 8 + 40 * out;
                near[nc][1] = cy + spot[c][1];
            }
        /* The places no curve runs through first, each list in order. */
        for (int pass = 0; pass < 2; pass++)
            for (int c = 0; c < nc; c++)
                if (on_a_curve(f, hz, near[c][0], near[c][1], w) == (pass == 1)) {
                    cand[k][0] = near[c][0];
                    cand[k][1] = near[c][1];
                    k++;
                }
        double tx, ty;
        svg_place_label(&labels, (const double (*)[2])cand, (size_t)nc, w, &tx, &ty);
        svg_text(b, tx, ty, "start", "crossover-label", buf);
    }
}

/* The key from row y: the options on one line, the break-even months
 * after, wrapped at W; a ring beside a break-even month the chart rings,
 * none beside one it does not ("never breaks even"). */
static void horizon_legend(StrBuf *b, const CostResult *r, const HorizonResult *h,
                           int T, const char key[][KEY_BYTES], int nkey, double x0,
                           double y, int W)
{
    char cls[64];
    double x = x0;
    for (int i = 0; i < nkey; i++) {
        if (key_breaks(key[i], i, x, x0, W)) {
            x = x0;
            y += 20;
        }
        if (i < OPT_COUNT) {
            snprintf(cls, sizeof cls, "%s o-%s",
                     r->option[i].allowed ? "swatch" : "swatch not-allowed",
                     cost_option_key((CostOption)i));
            x = svg_legend_item(b, x, y, SWATCH_LINE, cls, key[i]);
        } else {
            int o = OPT_ON_DEMAND + (i - OPT_COUNT);
            x = svg_legend_item(b, x, y, ringed(h, o, T) ? SWATCH_RING : SWATCH_NONE,
                                "crossover", key[i]);
        }
    }
}

void chart_svg_horizon(StrBuf *b, const Scenario *s, const CostResult *r,
                       const HorizonFigures *hz)
{
    const int W = CHART_SVG_WIDTH;
    const int T = hz->result.months > 0 ? hz->result.months : 1;
    char buf[160];

    /* The key, laid out first to know the height. */
    char key[KEY_ITEMS][KEY_BYTES];
    const int nkey = horizon_key(&hz->result, r, T, key);
    const double kx0 = 12;
    int key_rows = 1;
    for (int i = 0, x = 0; i < nkey; i++) {
        if (key_breaks(key[i], i, kx0 + x, kx0, W)) {
            key_rows++;
            x = 0;
        }
        x += (int)ceil(svg_legend_width(key[i]));
    }
    const double plot_bottom = 300;
    const int H = (int)(plot_bottom + 50 + key_rows * 20);

    Frame f = {.left = 84, .right = W - 24, .top = 34, .bottom = plot_bottom,
               .months = T};
    Axis ax;
    axis_cumulative(hz, CHART_AXIS_STEPS, &ax);
    f.lo = ax.lo;
    f.hi = axis_top(&ax);

    num_snprintf(buf, sizeof buf, "Cumulative spend (%s) over %d months",
                 s->currency, T);
    svg_open(b, "chart-horizon", "chart", W, H, buf);
    num_snprintf(buf, sizeof buf, "%s spent so far", s->currency);
    svg_text(b, f.left - 72, 16, "start", "axis-title", buf);

    horizon_axes(b, &f, &ax);
    horizon_curves(b, &f, r, hz);
    horizon_rings(b, &f, hz);
    horizon_legend(b, r, &hz->result, T, key, nkey, kx0, plot_bottom + 64, W);
    svg_close(b);
}
