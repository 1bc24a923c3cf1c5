/* chart_svg_tornado.c: the tornado as SVG (DESIGN 2.8, 4.2); see
 * chart_svg_tornado.h. */
#include "config.h"

#include "chart_svg_tornado.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "axis.h"
#include "chart_svg.h"
#include "numfmt.h"
#include "svg.h"

#define ROW 30 /* user units a row */

static void signed_short(double v, char *buf, size_t n)
{
    char m[40];
    num_format_money(fabs(v), 0, m, sizeof m);
    snprintf(buf, n, "%s%s", v < 0 ? "\xE2\x88\x92" : "+", m);
}

void chart_svg_tornado(StrBuf *b, const Tornado *t, const char *currency)
{
    static const char *const words[OPT_COUNT] = {"on-prem", "on-demand",
                                                 "reserved", "spot"};
    const int W = CHART_SVG_WIDTH;
    const int rows = (int)t->count;
    const int H = 70 + (rows > 0 ? rows : 1) * ROW + 40;
    char title[200], buf[120], a[48];
    snprintf(title, sizeof title, "Tornado: on-prem minus %s, %s a month, "
             "each input at its low and its high value",
             words[t->option], currency);
    svg_open(b, "chart-tornado", "chart", W, H < 160 ? 160 : H, title);
    snprintf(buf, sizeof buf, "on-prem minus %s (%s a month)",
             words[t->option], currency);
    svg_text(b, 0, 16, "start", "axis-title", buf);
    if (rows == 0) {
        svg_text(b, 0, 44, "start", "axis-title", "No inputs to move.");
        svg_close(b);
        return;
    }
    /* Bars between x0 and x1, with room on both sides for their figures
     * and, left of that, for the inputs' keys. */
    const double left = 270, right = W - 8, top = 44;
    const double x0p = left + 64, x1p = right - 64;
    double lo, hi;
    axis_tornado(t, t->count, &lo, &hi);
#define X(v) (x0p + ((v) - lo) / (hi - lo) * (x1p - x0p))
    const double bottom = top + rows * ROW;
    for (int i = 0; i < rows; i++) {
        const TornadoRow *r = &t->row[i];
        double y = top + i * ROW;
        char lv[40], hv[40];
        num_snprintf(lv, sizeof lv, "%.6g", r->low.value);
        num_snprintf(hv, sizeof hv, "%.6g", r->high.value);
        snprintf(buf, sizeof buf, "%s %s\xE2\x80\x93%s", r->field->key, lv,
                 hv);
        svg_text(b, left - 8, y + ROW / 2 + 4, "end", "tick", buf);
        const TornadoSide *sd[2] = {&r->low, &r->high};
        static const char *const cls[2] = {"bar o-on_demand", "bar o-spot"};
        for (int k = 0; k < 2; k++) {
            if (!sd[k]->ok) {
                svg_text(b, X(t->base.delta) + (k ? 6 : -6), y + ROW / 2 + 4,
                         k ? "start" : "end", "tick", "breaks a rule");
                continue;
            }
            double x0 = X(t->base.delta), x1 = X(sd[k]->at.delta);
            double xa = fmin(x0, x1), w = fabs(x1 - x0);
            svg_rect(b, xa, y + 5 + k * 10, w < 1 ? 1 : w, 9, cls[k]);
            signed_short(sd[k]->at.delta, a, sizeof a);
            bool right_side = x1 >= x0;
            svg_text(b, x1 + (right_side ? 4 : -4), y + 13 + k * 10,
                     right_side ? "start" : "end", "tick", a);
        }
    }
    svg_line(b, X(t->base.delta), top - 4, X(t->base.delta), bottom, "axis");
    if (lo <= 0 && 0 <= hi)
        svg_line(b, X(0.0), top - 4, X(0.0), bottom, "grid");
    svg_line(b, x0p, bottom, x1p, bottom, "axis");
    signed_short(lo, a, sizeof a);
    svg_text(b, x0p, bottom + 18, "middle", "tick", a);
    signed_short(hi, a, sizeof a);
    svg_text(b, x1p, bottom + 18, "middle", "tick", a);
    signed_short(t->base.delta, a, sizeof a);
    snprintf(buf, sizeof buf, "now %s", a);
    svg_text(b, X(t->base.delta), top - 8, "middle", "tick", buf);
    svg_rect(b, left, bottom + 28, 12, 9, "bar o-on_demand");
    svg_text(b, left + 16, bottom + 37, "start", "tick", "input at its low");
    svg_rect(b, left + 150, bottom + 28, 12, 9, "bar o-spot");
    svg_text(b, left + 166, bottom + 37, "start", "tick",
             "input at its high");
    if (lo <= 0 && 0 <= hi)
        svg_text(b, left + 310, bottom + 37, "start", "tick",
                 "thin line: equal cost");
#undef X
    svg_close(b);
}
