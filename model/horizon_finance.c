/* horizon_finance.c: what a finance reader reads off the horizon's cash
 * flows (DESIGN 2.7): the stretches of months in which owning is ahead of a
 * cloud option and the break-even month that lasts, the IRR of owning
 * (every root when it is not unique) and the MIRR at the cost of capital,
 * and the phrases that say them. Declared in horizon.h; horizon.c computes
 * the flows. */
#include "config.h"

#include "horizon.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "utf8.h"

void horizon_spans(const double *on, const double *x, int T, HorizonSpans *sp)
{
    sp->count = 0;
    bool in = false;
    for (int t = 1; t <= T; t++) {
        bool ahead = on[t] <= x[t] || cost_same(on[t], x[t]);
        if (ahead && !in) {
            sp->span[sp->count].from = t;
            sp->count++;
        }
        if (ahead)
            sp->span[sp->count - 1].to = t;
        in = ahead;
    }
}

int horizon_spans_break_even(const HorizonSpans *sp, int T)
{
    if (sp->count == 0 || sp->span[sp->count - 1].to != T)
        return 0;
    return sp->span[sp->count - 1].from;
}

/* A phrase built into the caller's buffer; text that does not fit is cut
 * with "…" (never silently). */
typedef struct Phrase {
    char *buf;
    size_t n, len;
    bool cut;
} Phrase;

static void put(Phrase *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void put(Phrase *p, const char *fmt, ...)
{
    if (p->cut || p->n == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = num_vsnprintf(p->buf + p->len, p->n - p->len, fmt, ap);
    va_end(ap);
    if (w >= 0 && (size_t)w < p->n - p->len) {
        p->len += (size_t)w;
        return;
    }
    /* Cut: end in "…" (3 bytes), on a whole UTF-8 character. */
    p->cut = true;
    static const char ell[] = "\xe2\x80\xa6";
    if (p->n < sizeof ell) {
        p->buf[0] = '\0';
        return;
    }
    size_t keep = utf8_floor(p->buf, strlen(p->buf), p->n - sizeof ell);
    memcpy(p->buf + keep, ell, sizeof ell);
    p->len = keep + sizeof ell - 1;
}

/* "from month 19 to 31" or "in month 19". */
static void span_words(Phrase *p, const HorizonSpan *s)
{
    if (s->from == s->to)
        put(p, "in month %d", s->from);
    else
        put(p, "from month %d to %d", s->from, s->to);
}

char *horizon_spans_text(const HorizonSpans *sp, int T, char *buf, size_t n)
{
    Phrase p = {buf, n, 0, false};
    if (n > 0)
        buf[0] = '\0';
    int be = horizon_spans_break_even(sp, T);
    int earlier = be > 0 ? sp->count - 1 : sp->count;
    if (be > 0)
        put(&p, "month %d", be);
    else
        put(&p, "never");
    if (earlier == 0)
        return buf;
    put(&p, be > 0 ? " (cheaper already " : " (cheaper ");
    for (int k = 0; k < earlier; k++) {
        if (k > 0)
            put(&p, k + 1 == earlier ? " and " : ", ");
        span_words(&p, &sp->span[k]);
    }
    if (be > 0)
        put(&p, ", then dearer until month %d)", be - 1);
    else
        put(&p, ", dearer after)");
    return buf;
}

char *horizon_spans_brief(const HorizonSpans *sp, int T, char *buf,
                          size_t n)
{
    Phrase p = {buf, n, 0, false};
    if (n > 0)
        buf[0] = '\0';
    int be = horizon_spans_break_even(sp, T);
    int earlier = be > 0 ? sp->count - 1 : sp->count;
    if (be > 0)
        put(&p, "m%d", be);
    else
        put(&p, "never");
    if (earlier == 0)
        return buf;
    put(&p, be > 0 ? " (also " : " (");
    for (int k = 0; k < earlier; k++) {
        const HorizonSpan *s = &sp->span[k];
        put(&p, k > 0 ? ", " : "");
        if (s->from == s->to)
            put(&p, "m%d", s->from);
        else
            put(&p, "m%d-%d", s->from, s->to);
    }
    put(&p, be > 0 ? ")" : " only)");
    return buf;
}

/* P(x) = sum_t d_t x^(T-t): the present value at rate x - 1 times x^T,
 * so it has the same sign and never overflows for x in [0.1, 11]. */
static double poly_at(const double *d, int T, double x)
{
    double acc = 0;
    for (int t = 0; t <= T; t++)
        acc = acc * x + d[t];
    return acc;
}

#define RHO_LO (-0.9)
#define RHO_HI 10.0

/* Bisection of a sign change of P between monthly rates lo and hi (P at
 * lo is plo, not zero) to 1e-10. */
static double bisect(const double *d, int T, double lo, double hi, double plo)
{
    while (hi - lo > 1e-10) {
        double mid = lo + (hi - lo) / 2;
        double pm = poly_at(d, T, 1 + mid);
        if (pm == 0)
            return mid;
        if ((pm > 0) == (plo > 0))
            lo = mid;
        else
            hi = mid;
    }
    return lo + (hi - lo) / 2;
}

static double yearly_pct(double rho)
{
    return (pow(1 + rho, 12) - 1) * 100;
}

/* The unique root when the flows change sign once (DESIGN 2.7): bisection
 * over the whole range, NAN when the root lies outside it. */
static double unique_root(const double *d, int T)
{
    double plo = poly_at(d, T, 1 + RHO_LO), phi = poly_at(d, T, 1 + RHO_HI);
    if (phi == 0)
        return RHO_HI;
    if (plo == 0 || (plo > 0) == (phi > 0))
        return NAN;
    return bisect(d, T, RHO_LO, RHO_HI, plo);
}

/* Scan point k of SCAN over (RHO_LO, RHO_HI]: 0 in the middle, and
 * rates of magnitude 1e-6 .. the range's ends spaced evenly in their
 * logarithm on either side, so near 0, where returns lie, the points are
 * a small fraction of the rate apart. */
#define SCAN 2048
static double scan_rate(int k)
{
    const int half = SCAN / 2;
    if (k == half)
        return 0;
    const double lo_exp = -6;
    if (k > half) { /* positive rates up to RHO_HI */
        double f = (double)(k - half - 1) / (SCAN - half - 1);
        return pow(10, lo_exp + f * (log10(RHO_HI) - lo_exp));
    }
    double f = (double)(half - 1 - k) / (half - 1); /* 1 at k = 0 */
    return -pow(10, lo_exp + f * (log10(-RHO_LO) - lo_exp));
}

/* At most one root a sign change of the flows (Descartes), so at most T:
 * the array holds them all. */
static void add_root(HorizonIrr *irr, double rho)
{
    if (irr->root_count < HORIZON_ROOTS_MAX)
        irr->root_pct[irr->root_count++] = yearly_pct(rho);
}

/* Every sign change of P over the scan, each refined by bisection. */
static void all_roots(const double *d, int T, HorizonIrr *irr)
{
    double prev_r = scan_rate(0);
    double prev_p = poly_at(d, T, 1 + prev_r);
    for (int k = 1; k < SCAN; k++) {
        double r = scan_rate(k), p = poly_at(d, T, 1 + r);
        if (p == 0) {
            add_root(irr, r);
        } else if (prev_p != 0 && (p > 0) != (prev_p > 0)) {
            add_root(irr, bisect(d, T, prev_r, r, prev_p));
        }
        prev_r = r;
        prev_p = p;
    }
}

/* MIRR: the outlays (negative flows) discounted to month 0 and the savings
 * compounded to month T, both at the monthly cost of capital i. */
static double mirr_pct(const double *d, int T, double i)
{
    double pv_out = 0, fv_in = 0;
    for (int t = 0; t <= T; t++) {
        if (d[t] < 0)
            pv_out -= d[t] * pow(1 + i, -t);
        else if (d[t] > 0)
            fv_in += d[t] * pow(1 + i, T - t);
    }
    if (!(pv_out > 0) || !(fv_in > 0) || T < 1)
        return NAN;
    return yearly_pct(pow(fv_in / pv_out, 1.0 / T) - 1);
}

void horizon_irr(const double *d, int T, double i, HorizonIrr *irr)
{
    memset(irr, 0, sizeof *irr);
    irr->pct = NAN;
    int last = 0;
    for (int t = 0; t <= T; t++) {
        int sign = d[t] > 0 ? 1 : d[t] < 0 ? -1 : 0;
        if (sign != 0 && last != 0 && sign != last)
            irr->sign_changes++;
        if (sign != 0)
            last = sign;
    }
    irr->mirr_pct = mirr_pct(d, T, i);
    if (irr->sign_changes == 0)
        return;
    if (irr->sign_changes > 1) {
        all_roots(d, T, irr);
        if (irr->root_count != 1)
            return; /* none, or several: no one of them is the IRR */
    }
    /* One root in the range: the present value has opposite signs at its
     * ends, and bisection over the whole range finds it (to the bit what
     * a scenario with one sign change always got). */
    double rho = unique_root(d, T);
    if (isnan(rho))
        return;
    irr->pct = yearly_pct(rho);
    irr->root_count = 1;
    irr->root_pct[0] = irr->pct;
}

double horizon_irr_pct(const double *d, int T)
{
    HorizonIrr irr;
    horizon_irr(d, T, 0, &irr);
    return irr.pct;
}

char *horizon_irr_text(const HorizonIrr *irr, int decimals, char *buf,
                       size_t n)
{
    Phrase p = {buf, n, 0, false};
    if (n > 0)
        buf[0] = '\0';
    const int sc = irr->sign_changes;
    if (sc == 0) {
        put(&p, "none (the flows never change sign)");
        return buf;
    }
    /* Rates with the output's minus sign (DESIGN 8). */
    char r[48];
    const char *minus = num_minus_sign();
    if (irr->root_count == 0) {
        put(&p, "none from %s90%% to +1,000%% a month", minus);
        if (sc > 1)
            put(&p, " (the flows change sign %d times)", sc);
    } else if (irr->root_count == 1) {
        num_format_fixed(irr->root_pct[0], decimals, false, r, sizeof r);
        put(&p, "%s%% a year", r);
        if (sc > 1)
            put(&p, ", the only rate from %s90%% to +1,000%% a month that "
                "gives the flows zero value (they change sign %d times)", minus, sc);
    } else {
        put(&p, "not unique: ");
        for (int k = 0; k < irr->root_count; k++) {
            if (k > 0)
                put(&p, k + 1 == irr->root_count ? " and " : ", ");
            num_format_fixed(irr->root_pct[k], decimals, false, r, sizeof r);
            put(&p, "%s%%", r);
        }
        put(&p, " a year all give the flows zero value (they change sign "
            "%d times)", sc);
    }
    if (sc > 1 && !isnan(irr->mirr_pct)) {
        num_format_fixed(irr->mirr_pct, decimals, false, r, sizeof r);
        put(&p, "; MIRR %s%% a year", r);
    }
    return buf;
}
