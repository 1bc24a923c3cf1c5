/* axis.c: the value axes of every chart (axis.h). */
#include "config.h"

#include "axis.h"

#include <math.h>

double axis_top(const Axis *a) { return a->lo + a->steps * a->step; }

double axis_tick(const Axis *a, int k) { return a->lo + k * a->step; }

int axis_label_stride(const Axis *a, int rows)
{
    int k = 1;
    while (k < a->steps && (double)k * rows / a->steps < 2)
        k++;
    return k;
}

/* Digits after the point that show every multiple of step exactly: none
 * for a whole step of 10 or more, else at least two (money's cents). */
static int axis_decimals(double step)
{
    if (step >= 10 && fabs(step - round(step)) < 1e-9)
        return 0;
    int d = 2;
    while (d < 6) {
        double scaled = step * pow(10, d);
        if (fabs(scaled - round(scaled)) < 1e-6 * scaled)
            break;
        d++;
    }
    return d;
}

void axis_round(double lo_raw, double hi_raw, int max_steps, Axis *a)
{
    if (max_steps < 1)
        max_steps = 1;
    if (!(hi_raw > lo_raw)) /* empty, inverted or NaN */
        hi_raw = (isfinite(lo_raw) ? lo_raw : (lo_raw = 0)) + 1;
    double range = hi_raw - lo_raw;
    double base = pow(10, floor(log10(range / max_steps)));
    static const double mult[] = {1, 2, 2.5, 5, 10, 20};
    double step = base * 20;
    for (size_t i = 0; i < sizeof mult / sizeof mult[0]; i++) {
        double st = base * mult[i];
        double lo = floor(lo_raw / st + 1e-9), hi = ceil(hi_raw / st - 1e-9);
        if (hi - lo <= max_steps) {
            step = st;
            break;
        }
    }
    double lo = floor(lo_raw / step + 1e-9), hi = ceil(hi_raw / step - 1e-9);
    if (hi - lo < 1)
        hi = lo + 1;
    a->lo = lo * step;
    a->step = step;
    a->steps = (int)(hi - lo);
    a->decimals = axis_decimals(step);
}

/* The raw range of the cost chart (DESIGN 8): the cloud curves and the
 * crossovers must be visible, so the top covers every option at 50% and
 * 100% utilization and the cost at every crossover, with ~15% headroom;
 * on-prem's tail at low utilization (and reserved's, which also grows as
 * 1/u) is clipped. (Below about 20% every fixed cost explodes as 1/u, so
 * the measured point cannot be the reference either.) */
static void cost_range(const Scenario *s, const CostResult *r, double *lo_raw,
                       double *hi_raw)
{
    double mx = -INFINITY, mn = INFINITY;
    const double u = 50;
    for (int o = 0; o < OPT_COUNT; o++) {
        double v[2] = {cost_per_hour_at(r, s, (CostOption)o, 100),
                       cost_per_hour_at(r, s, (CostOption)o, u)};
        for (int k = 0; k < 2; k++)
            if (isfinite(v[k])) {
                mx = fmax(mx, v[k]);
                mn = fmin(mn, v[k]);
            }
    }
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        const Crossover *x = &r->crossover[o];
        for (size_t k = 0; k < x->count; k++) {
            double v = cost_per_hour_at(r, s, OPT_ONPREM, x->point[k].pct);
            if (isfinite(v)) {
                mx = fmax(mx, v);
                mn = fmin(mn, v);
            }
        }
    }
    if (!isfinite(mx) || !(mx > 0))
        mx = 1;
    *hi_raw = mx * 1.15;
    /* The bottom is 0, unless everything of interest sits high above it:
     * then a little below the minimum, so the rows go to the region where
     * the curves cross (the bottom tick label shows it is not 0). Every
     * curve falls towards 100%, where its minimum is, so nothing drawn
     * drops below that. */
    if (!isfinite(mn))
        *lo_raw = 0;
    else if (mn < 0)
        *lo_raw = mn * 1.15;
    else if (mn > 0.25 * *hi_raw)
        *lo_raw = mn - 0.1 * (*hi_raw - mn);
    else
        *lo_raw = 0;
}

void axis_cost(const Scenario *s, const CostResult *r, int max_steps, Axis *a)
{
    double lo_raw, hi_raw;
    cost_range(s, r, &lo_raw, &hi_raw);
    axis_round(lo_raw, hi_raw, max_steps, a);
}

void axis_cumulative(const HorizonFigures *hz, int max_steps, Axis *a)
{
    const int T = hz->result.months;
    double lo = 0, hi = 0;
    for (int k = 0; k < OPT_COUNT; k++)
        for (int t = 0; t <= T; t++) {
            lo = fmin(lo, hz->cum[k][t]);
            hi = fmax(hi, hz->cum[k][t]);
        }
    axis_round(lo, hi, max_steps, a);
}

void axis_hybrid(const HybridResult *h, int max_steps, Axis *a)
{
    /* (a size the optimizer left out by its lower bound: that bound) */
    double ymax = hybrid_size_figure(&h->by_nodes[0]), ymin = ymax;
    for (size_t i = 0; i < h->by_nodes_count; i++) {
        ymax = fmax(ymax, hybrid_size_figure(&h->by_nodes[i]));
        ymin = fmin(ymin, hybrid_size_figure(&h->by_nodes[i]));
    }
    /* Room above and below the totals: the optimum is the lowest point and
     * is ringed, so it must not sit on the axis. */
    double pad = (ymax - ymin) * 0.08;
    if (!(pad > 0))
        pad = fabs(ymax) * 0.05 + 1;
    double lo = ymin - pad > 0 ? ymin - pad : 0;
    axis_round(lo, ymax + pad, max_steps, a);
}

double axis_count_step(double span, int cols)
{
    if (cols < 2 || !(span > 0))
        return span > 0 ? span : 1;
    for (double base = 1;; base *= 10) {
        static const double mult[] = {1, 2, 5};
        for (int k = 0; k < 3; k++) {
            double st = base * mult[k];
            /* Columns spread by value: neighbours st apart are at least
             * one column apart when (cols - 1) * st / span >= 1. */
            if ((cols - 1) * st / span >= 1.0 - 1e-9 && span / st + 1 <= cols)
                return st;
        }
    }
}

void axis_tornado(const Tornado *t, size_t rows, double *lo_out, double *hi_out)
{
    double lo = t->base.delta, hi = t->base.delta;
    for (size_t i = 0; i < t->count && i < rows; i++) {
        const TornadoSide *sd[2] = {&t->row[i].low, &t->row[i].high};
        for (int k = 0; k < 2; k++)
            if (sd[k]->ok) {
                lo = fmin(lo, sd[k]->at.delta);
                hi = fmax(hi, sd[k]->at.delta);
            }
    }
    double span = hi - lo;
    if (!(span > 0))
        span = fabs(hi) > 0 ? fabs(hi) * 0.1 : 1;
    if (0 < lo && lo <= span / 4)
        lo = 0;
    if (0 > hi && -hi <= span / 4)
        hi = 0;
    if (!(hi > lo)) {
        lo -= span / 2;
        hi += span / 2;
    }
    *lo_out = lo;
    *hi_out = hi;
}

int axis_month_step(int months, int max_ticks)
{
    static const int mstep[] = {1, 3, 6, 12, 24, 36, 60};
    for (size_t i = 0; i < sizeof mstep / sizeof mstep[0]; i++)
        if (months / mstep[i] <= max_ticks)
            return mstep[i];
    return 60;
}
