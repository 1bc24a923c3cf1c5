/* chart_svg_risk.c: the tornado and the Monte Carlo's histogram as SVG
 * (DESIGN 2.8, 4.2); see chart_svg_risk.h. */
#include "config.h"

#include "chart_svg_risk.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "axis.h"
#include "chart_svg.h"
#include "export.h"
#include "numfmt.h"
#include "svg.h"

#define FONT 12.0 /* px of chart text, as in the page's CSS */
#define ROW 40    /* user units a tornado row: two bars, a line each */
#define BAR 12    /* a tornado bar's height */

/* "+30,562" / "−1,234" (the page's minus sign, DESIGN 8) / "0": a whole
 * signed figure, no sign on one that rounds to 0. */
static void signed_short(double v, char *buf, size_t n)
{
    num_format_signed(v, 0, false, buf, n);
}

/* --- tornado ------------------------------------------------------------------ */

typedef struct Span {
    double x0, x1; /* user units of lo and hi */
    double lo, hi;
} Span;

static double span_x(const Span *sp, double v)
{
    return sp->x0 + (v - sp->lo) / (sp->hi - sp->lo) * (sp->x1 - sp->x0);
}

/* A figure's x beyond its bar's outer end (`right`: it starts there, else
 * it ends there), moved past the equal-cost line at zero_x (NAN: none
 * drawn) when the line would run through it: 4 units clear of the line,
 * on the side away from the bar. */
static double figure_x(double x, bool right, const char *fig, double zero_x)
{
    double w = svg_text_width(fig, FONT), x0 = right ? x : x - w;
    if (!isnan(zero_x) && zero_x > x0 - 3 && zero_x < x0 + w + 3)
        return right ? zero_x + 4 : zero_x - 4;
    return x;
}

/* One input: its key and range at the left, the bar at its low value on
 * the row's first line and the one at its high value on the second, each
 * figure 6 units beyond its bar's outer end, on its bar's line, and clear
 * of the equal-cost line at zero_x. */
static void tornado_row(StrBuf *b, const Span *sp, const Tornado *t, size_t i,
                        double y, double label_end, double zero_x)
{
    const TornadoRow *r = &t->row[i];
    char lv[64], hv[64], fig[64];
    num_format_value(r->low.value, lv, sizeof lv);
    num_format_value(r->high.value, hv, sizeof hv);
    StrBuf label = STRBUF_INIT;
    sb_printf(&label, "%s %s\xE2\x80\x93%s", r->field->key, lv, hv);
    svg_text(b, label_end, y + ROW / 2 + 4, "end", "tick", sb_str(&label));
    sb_free(&label);
    const TornadoSide *sd[2] = {&r->low, &r->high};
    static const char *const cls[2] = {"bar bar-low", "bar bar-high"};
    const double base = span_x(sp, t->base.delta);
    for (int k = 0; k < 2; k++) {
        const double top = y + 4 + k * (BAR + 4), baseline = top + BAR - 2;
        if (!sd[k]->ok) {
            svg_text(b, base + (k ? 6 : -6), baseline, k ? "start" : "end", "tick",
                     "breaks a rule");
            continue;
        }
        double end = span_x(sp, sd[k]->at.delta);
        double xa = fmin(base, end), w = fabs(end - base);
        svg_rect(b, xa, top, w < 1 ? 1 : w, BAR, cls[k]);
        signed_short(sd[k]->at.delta, fig, sizeof fig);
        bool right = sd[k]->at.delta >= t->base.delta;
        double outer = right ? fmax(end, base + 1) : fmin(end, base - 1);
        svg_text(b, figure_x(outer + (right ? 6 : -6), right, fig, zero_x), baseline,
                 right ? "start" : "end", "tick", fig);
    }
}

/* The key under the tornado: the two bars' colours, the base and, when
 * it is in range, the zero line. */
static void tornado_key(StrBuf *b, double x, double y, bool zero)
{
    x = svg_legend_item(b, x, y, SWATCH_BOX, "bar bar-low", "input at its low");
    x = svg_legend_item(b, x, y, SWATCH_BOX, "bar bar-high", "input at its high");
    x = svg_legend_item(b, x, y, SWATCH_LINE, "axis", "now");
    if (zero)
        svg_legend_item(b, x, y, SWATCH_LINE, "zero", "equal cost");
}

void chart_svg_tornado(StrBuf *b, const Tornado *t, const char *currency)
{
    const int W = CHART_SVG_WIDTH;
    const int rows = (int)t->count;
    const int H = 70 + (rows > 0 ? rows : 1) * ROW + 40;
    const char *x = cost_option_word(t->option);
    StrBuf text = STRBUF_INIT;
    sb_printf(&text, "Tornado: on-prem minus %s, %s a month, each input at its low "
              "and its high value", x, currency);
    svg_open(b, "chart-tornado", "chart", W, H < 160 ? 160 : H, sb_str(&text));
    sb_free(&text);
    sb_printf(&text, "on-prem minus %s (%s a month)", x, currency);
    svg_text(b, 0, 16, "start", "axis-title", sb_str(&text));
    sb_free(&text);
    if (rows == 0) {
        svg_text(b, 0, 44, "start", "axis-title", "No inputs to move.");
        svg_close(b);
        return;
    }
    /* Bars between x0 and x1, with room on both sides for their figures
     * and, left of that, for the inputs' keys. */
    const double left = 262, top = 44, bottom = top + rows * ROW;
    Span sp = {left + 84, W - 84, 0, 0};
    axis_tornado(t, t->count, &sp.lo, &sp.hi);
    const bool zero = sp.lo <= 0 && 0 <= sp.hi;
    for (int i = 0; i < rows; i++)
        tornado_row(b, &sp, t, (size_t)i, top + i * ROW, left - 8,
                    zero ? span_x(&sp, 0) : NAN);
    const double base = span_x(&sp, t->base.delta);
    svg_line(b, base, top - 4, base, bottom, "axis");
    if (zero)
        svg_line(b, span_x(&sp, 0), top - 4, span_x(&sp, 0), bottom, "zero");
    svg_line(b, sp.x0, bottom, sp.x1, bottom, "axis");
    char a[64], buf[96];
    signed_short(sp.lo, a, sizeof a);
    svg_text(b, sp.x0, bottom + 18, "middle", "tick", a);
    signed_short(sp.hi, a, sizeof a);
    svg_text(b, sp.x1, bottom + 18, "middle", "tick", a);
    signed_short(t->base.delta, a, sizeof a);
    num_snprintf(buf, sizeof buf, "now %s", a);
    svg_text(b, base, top - 8, "middle", "tick", buf);
    tornado_key(b, left, bottom + 40, zero);
    svg_close(b);
}

/* --- Monte Carlo histogram ------------------------------------------------------- */

/* The bins as bars, coloured by the side of 0 their middle is on. */
static void histogram_bars(StrBuf *b, const MonteCarlo *mc, const Span *sp,
                           const Axis *ya, double top, double bottom)
{
    char cls[64];
    num_snprintf(cls, sizeof cls, "bin o-%s", cost_option_key(mc->option));
    for (int i = 0; i < RISK_BINS; i++) {
        double x0 = span_x(sp, mc->edges[i]), x1 = span_x(sp, mc->edges[i + 1]);
        double h = (double)mc->counts[i] / axis_top(ya) * (bottom - top);
        bool owning = (mc->edges[i] + mc->edges[i + 1]) / 2 < 0;
        if (mc->counts[i] > 0)
            svg_rect(b, x0, bottom - h, x1 - x0, h, owning ? "bin o-onprem" : cls);
    }
}

/* The y axis (draws a bin) and the x axis's round ticks. */
static void histogram_axes(StrBuf *b, const Span *sp, const Axis *ya, double top,
                           double bottom)
{
    char buf[64];
    for (int k = 0; k <= ya->steps; k++) {
        double v = axis_tick(ya, k);
        double y = bottom - v / axis_top(ya) * (bottom - top);
        svg_line(b, sp->x0, y, sp->x1, y, k ? "grid" : "axis");
        num_format_value(v, buf, sizeof buf);
        svg_text(b, sp->x0 - 8, y + 4, "end", "tick", buf);
    }
    Axis xa;
    axis_round(sp->lo, sp->hi, 6, &xa);
    for (int k = 0; k <= xa.steps; k++) {
        double v = axis_tick(&xa, k);
        if (v < sp->lo - 1e-9 * xa.step || v > sp->hi + 1e-9 * xa.step)
            continue;
        signed_short(v, buf, sizeof buf);
        svg_line(b, span_x(sp, v), bottom, span_x(sp, v), bottom + 5, "axis");
        svg_text(b, span_x(sp, v), bottom + 19, "middle", "tick", buf);
    }
}

/* P10, P50 and P90 as dashed lines labelled over the plot, and 0. */
static void histogram_marks(StrBuf *b, const MonteCarlo *mc, const Span *sp,
                            double top, double bottom)
{
    if (sp->lo <= 0 && 0 <= sp->hi)
        svg_line(b, span_x(sp, 0), top - 4, span_x(sp, 0), bottom, "zero");
    const double p[3] = {mc->delta.p10, mc->delta.p50, mc->delta.p90};
    static const char *const name[3] = {"P10", "P50", "P90"};
    for (int i = 0; i < 3 && mc->delta.n > 0; i++) {
        if (!isfinite(p[i]))
            continue;
        double x = span_x(sp, p[i]);
        svg_line(b, x, top, x, bottom, "percentile");
        svg_text(b, x, top - 6, "middle", "percentile-label", name[i]);
    }
}

void chart_svg_histogram(StrBuf *b, const MonteCarlo *mc, const char *currency)
{
    const int W = CHART_SVG_WIDTH, H = 290;
    const double top = 44, bottom = H - 86;
    const char *x = cost_option_word(mc->option);
    char draws[64];
    num_format_value((double)mc->draws, draws, sizeof draws);
    StrBuf text = STRBUF_INIT;
    sb_printf(&text, "On-prem minus %s, %s a month: how the %s draws fall", x,
              currency, draws);
    svg_open(b, "chart-histogram", "chart", W, H, sb_str(&text));
    sb_free(&text);
    svg_text(b, 0, 16, "start", "axis-title", "draws in each bin");
    size_t most = 1;
    for (int i = 0; i < RISK_BINS; i++)
        most = mc->counts[i] > most ? mc->counts[i] : most;
    Axis ya;
    axis_round(0, (double)most, 4, &ya);
    Span sp = {72, W - 24, mc->edges[0], mc->edges[RISK_BINS]};
    if (!(sp.hi > sp.lo))
        sp.hi = sp.lo + 1;
    histogram_bars(b, mc, &sp, &ya, top, bottom);
    histogram_axes(b, &sp, &ya, top, bottom);
    histogram_marks(b, mc, &sp, top, bottom);
    sb_printf(&text, "on-prem minus %s (%s a month; below 0 owning is cheaper)", x,
              currency);
    svg_text(b, (sp.x0 + sp.x1) / 2, bottom + 36, "middle", "axis-title", sb_str(&text));
    sb_free(&text);
    char cls[64];
    num_snprintf(cls, sizeof cls, "bin o-%s", cost_option_key(mc->option));
    sb_printf(&text, "%s cheaper", x);
    double kx = svg_legend_item(b, sp.x0 - 60, H - 12, SWATCH_BOX, "bin o-onprem",
                                "owning cheaper");
    kx = svg_legend_item(b, kx, H - 12, SWATCH_BOX, cls, sb_str(&text));
    svg_legend_item(b, kx, H - 12, SWATCH_DASHED, "percentile", "P10, P50, P90");
    sb_free(&text);
    svg_close(b);
}
