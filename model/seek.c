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
    Diag why;
    *c->slot = v;
    c->r->evaluations++;
    if (risk_rules_hold(c->work, &why) != 0)
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

/* A field's label inside a sentence: lower-case unless it starts with an
 * acronym ("node price", "engineers", but "GPUs per node", "PUE"). */
static void label_in_sentence(const Field *f, char *buf, size_t n)
{
    size_t k = strlen(f->label);
    if (k >= n)
        k = n - 1; /* labels are short: a row is at most a panel's width */
    memcpy(buf, f->label, k);
    buf[k] = '\0';
    if (buf[0] && islower((unsigned char)buf[1]))
        buf[0] = (char)tolower((unsigned char)buf[0]);
}

/* A value of f as a sentence shows it: grouped by thousands, percentages
 * with their sign ("1,000,000,000,000", "100%"). */
static void value_in_sentence(const Field *f, double v, char *buf, size_t n)
{
    num_format_value(v, buf, n);
    if (f->type == FT_PERCENT && strlen(buf) + 1 < n)
        strcat(buf, "%");
}

char *seek_no_root_text(const Field *f, CostOption x, const SeekResult *r,
                        char *buf, size_t n)
{
    char label[80], lo[64], hi[64];
    label_in_sentence(f, label, sizeof label);
    value_in_sentence(f, r->lo, lo, sizeof lo);
    value_in_sentence(f, r->hi, hi, sizeof hi);
    const char *opt = cost_option_word(x);
    if (r->outcome == SEEK_EVERYWHERE) {
        snprintf(buf, n, "on-prem and %s cost the same for every value of %s "
                 "from %s to %s", opt, label, lo, hi);
    } else if (!isnan(r->d_lo) && !isnan(r->d_hi) &&
               (r->d_lo > 0) == (r->d_hi > 0)) {
        snprintf(buf, n, "on-prem stays %s than %s for every value of %s "
                 "from %s to %s", r->d_lo > 0 ? "dearer" : "cheaper", opt,
                 label, lo, hi);
    } else {
        snprintf(buf, n, "no value of %s from %s to %s that keeps the "
                 "cross-field rules makes on-prem and %s cost the same",
                 label, lo, hi, opt);
    }
    return buf;
}

char *seek_root_text(const Scenario *s, const Field *f, CostOption x,
                     const SeekResult *r, char *buf, size_t n)
{
    char val[64], now[64], a[48], b[48], c[48], pct[32], where[64];
    char whole[200] = "";
    num_snprintf(val, sizeof val, "%.10g", r->value);
    num_snprintf(now, sizeof now, "%.10g", r->current);
    const char *opt = cost_option_word(x);
    num_format_money(r->onprem, 2, a, sizeof a);
    num_format_money(r->onprem_now, 2, b, sizeof b);
    num_format_money(r->option_now, 2, c, sizeof c);
    if (strcmp(f->key, "utilization.measured_pct") == 0) {
        snprintf(where, sizeof where, " (a crossover)");
    } else {
        cost_pct_text(s->utilization.measured_pct, pct, sizeof pct);
        snprintf(where, sizeof where, " at %s%% utilization", pct);
    }
    if (f->type == FT_INT && r->value != floor(r->value))
        num_snprintf(whole, sizeof whole, "\n%s is a whole number: between "
                     "%.0f and %.0f the cheaper side changes.", f->key,
                     floor(r->value), ceil(r->value));
    num_snprintf(buf, n, "At %s = %s, on-prem and %s both cost %s %s a "
                 "month%s.\nNow, at %s, on-prem costs %s and %s %s.%s",
                 f->key, val, opt, a, s->currency, where, now, b, opt, c,
                 whole);
    return buf;
}
