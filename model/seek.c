/* seek.c: goal seek (DESIGN 2.8); see seek.h. */
#include "config.h"

#include "seek.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "risk.h"

bool seek_can_vary(const Field *f)
{
    return f && (f->type == FT_INT || f->type == FT_NUMBER ||
                 f->type == FT_PERCENT || f->type == FT_MONEY);
}

typedef struct SeekCtx {
    const Scenario *s;
    const Field *f;
    CostOption x;
    Scenario *work;
    double *slot;
    SeekResult *r;
} SeekCtx;

/* D at v, and the two costs; NAN when v breaks a cross-field rule. */
static double d_at(SeekCtx *c, double v, double *onprem, double *option)
{
    char why[200];
    *c->slot = v;
    c->r->evaluations++;
    if (!risk_rules_hold(c->work, why, sizeof why))
        return NAN;
    CostResult cr;
    risk_costs(c->work, &cr);
    *onprem = cr.option[OPT_ONPREM].monthly;
    *option = cr.option[c->x].monthly;
    return *onprem - *option;
}

static double d_of(SeekCtx *c, double v)
{
    double a, b;
    return d_at(c, v, &a, &b);
}

/* The sign of D is zero within rounding of the costs compared. */
static bool is_root(SeekCtx *c, double v)
{
    double a, b;
    double d = d_at(c, v, &a, &b);
    return !isnan(d) && fabs(d) <= 1e-9 * (fabs(a) + fabs(b));
}

/* Linear over [lo, hi]: the root from the chord, refined by one step along
 * the same slope, accepted when it evaluates to zero. */
static bool closed_form(SeekCtx *c, double lo, double hi, double dlo,
                        double dhi, double *root)
{
    double mid = lo + (hi - lo) / 2;
    double dmid = d_of(c, mid);
    double scale = fabs(dlo) + fabs(dhi);
    if (isnan(dmid) || fabs(dmid - (dlo + dhi) / 2) > 1e-9 * scale)
        return false;
    if ((dlo > 0) == (dhi > 0) || dlo == dhi)
        return false;
    double slope = (dhi - dlo) / (hi - lo);
    double v = lo - dlo / slope;
    double dv = d_of(c, v);
    if (!isnan(dv)) {
        double v2 = v - dv / slope;
        if (v2 >= lo && v2 <= hi)
            v = v2;
    }
    if (v < lo || v > hi || !is_root(c, v))
        return false;
    *root = v;
    return true;
}

/* Point i of SEEK_POINTS over [lo, hi]: log-spaced when the range spans
 * more than three decades (from the field's step, or hi·1e-9, when lo is
 * 0, which stays the first point), evenly spaced otherwise. */
static double scan_point(const Field *f, double lo, double hi, int i)
{
    double floor_v = lo > 0 ? lo : f->step > 0 ? f->step : hi * 1e-9;
    bool logs = lo >= 0 && floor_v > 0 && hi / floor_v > 1000;
    if (i == SEEK_POINTS - 1)
        return hi;
    if (!logs)
        return lo + (hi - lo) * i / (SEEK_POINTS - 1);
    if (lo == 0) {
        if (i == 0)
            return 0;
        return floor_v * pow(hi / floor_v, (double)(i - 1) / (SEEK_POINTS - 2));
    }
    return lo * pow(hi / lo, (double)i / (SEEK_POINTS - 1));
}

/* Bisection of a sign change of D in [a, b] to 1e-9 relative. */
static double bisect(SeekCtx *c, double a, double b, double da)
{
    for (int it = 0; it < 200; it++) {
        double m = a + (b - a) / 2;
        if (m <= a || m >= b ||
            b - a <= 1e-9 * fmax(fabs(a), fabs(b)))
            break;
        double dm = d_of(c, m);
        if (dm == 0)
            return m;
        if ((dm > 0) == (da > 0)) {
            a = m;
            da = dm;
        } else {
            b = m;
        }
    }
    return a + (b - a) / 2;
}

/* Distance from v to the interval [a, b]. */
static double dist(double v, double a, double b)
{
    return v < a ? a - v : v > b ? v - b : 0;
}

static bool scan(SeekCtx *c, double lo, double hi, double *root)
{
    double pv = 0, pd = NAN, best = INFINITY;
    bool found = false;
    for (int i = 0; i < SEEK_POINTS; i++) {
        double v = scan_point(c->f, lo, hi, i);
        double d = d_of(c, v);
        if (!isnan(d) && d == 0 && dist(c->r->current, v, v) < best) {
            best = dist(c->r->current, v, v);
            *root = v;
            found = true;
        } else if (!isnan(d) && !isnan(pd) && pd != 0 && (d > 0) != (pd > 0) &&
                   dist(c->r->current, pv, v) < best) {
            best = dist(c->r->current, pv, v);
            *root = bisect(c, pv, v, pd);
            found = true;
        }
        pv = v;
        pd = d;
    }
    return found;
}

void seek_solve(const Scenario *s, const Field *f, CostOption x,
                Scenario *work, SeekResult *r)
{
    memset(r, 0, sizeof *r);
    *work = *s;
    SeekCtx c = {s, f, x, work, field_num(f, work), r};
    r->current = field_get_num(f, s);
    r->lo = f->minimum;
    r->hi = f->maximum;
    r->value = NAN;
    d_at(&c, r->current, &r->onprem_now, &r->option_now);
    r->d_lo = d_of(&c, r->lo);
    r->d_hi = d_of(&c, r->hi);
    double root = NAN;
    if (!isnan(r->d_lo) && !isnan(r->d_hi) && r->d_lo == 0 && r->d_hi == 0 &&
        d_of(&c, r->lo + (r->hi - r->lo) / 2) == 0) {
        r->outcome = SEEK_EVERYWHERE;
    } else if (!isnan(r->d_lo) && !isnan(r->d_hi) &&
               closed_form(&c, r->lo, r->hi, r->d_lo, r->d_hi, &root)) {
        r->closed_form = true;
        r->outcome = SEEK_ROOT;
    } else if (scan(&c, r->lo, r->hi, &root)) {
        r->outcome = SEEK_ROOT;
    } else {
        r->outcome = SEEK_NONE;
    }
    if (r->outcome == SEEK_ROOT) {
        r->value = root;
        d_at(&c, root, &r->onprem, &r->option);
    }
    *c.slot = r->current;
}

bool seek_moves_costs(const Scenario *s, const Field *f, CostOption x,
                      Scenario *work)
{
    SeekResult r;
    memset(&r, 0, sizeof r);
    *work = *s;
    SeekCtx c = {s, f, x, work, field_num(f, work), &r};
    double on_now, opt_now, on, opt;
    d_at(&c, field_get_num(f, s), &on_now, &opt_now);
    bool moves = false;
    for (int i = 0; i < SEEK_POINTS && !moves; i++)
        if (!isnan(d_at(&c, scan_point(f, f->minimum, f->maximum, i), &on, &opt)))
            moves = on != on_now || opt != opt_now;
    *work = *s;
    return moves;
}

static const char *option_word(CostOption x)
{
    static const char *const w[OPT_COUNT] = {"on-prem", "on-demand",
                                             "reserved", "spot"};
    return (unsigned)x < OPT_COUNT ? w[x] : "?";
}

char *seek_no_root_text(const Field *f, CostOption x, const SeekResult *r,
                        char *buf, size_t n)
{
    char label[80], lo[40], hi[40];
    snprintf(label, sizeof label, "%s", f->label);
    if (label[0] && islower((unsigned char)label[1]))
        label[0] = (char)tolower((unsigned char)label[0]);
    num_snprintf(lo, sizeof lo, "%.6g", r->lo);
    num_snprintf(hi, sizeof hi, "%.6g", r->hi);
    if (r->outcome == SEEK_EVERYWHERE) {
        snprintf(buf, n, "on-prem and %s cost the same for every %s from %s "
                 "to %s", option_word(x), label, lo, hi);
    } else if (!isnan(r->d_lo) && !isnan(r->d_hi) &&
               (r->d_lo > 0) == (r->d_hi > 0)) {
        snprintf(buf, n, "on-prem stays %s than %s for every %s from %s to "
                 "%s", r->d_lo > 0 ? "dearer" : "cheaper", option_word(x),
                 label, lo, hi);
    } else {
        snprintf(buf, n, "no %s from %s to %s that keeps the cross-field "
                 "rules makes on-prem and %s cost the same", label, lo, hi,
                 option_word(x));
    }
    return buf;
}
