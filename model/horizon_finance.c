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
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "once_table.h"
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

static void poly_eight(const double *d, int T, const double *r, double *p);

/* Bisection of a sign change of P between monthly rates lo and hi (P at
 * lo is plo, not zero) to 1e-10. Each step's midpoint waits for the last
 * one's sign, so three steps are evaluated at once: the midpoint, the two
 * midpoints the next step may take and the four after them, each computed
 * as that step would (lo + (hi - lo) / 2 of its own bracket), so the steps
 * taken and the root are those of one midpoint at a time, to the bit. */
static double bisect(const double *d, int T, double lo, double hi, double plo)
{
    while (hi - lo > 1e-10) {
        /* The tree of the next three steps' midpoints, as a heap: node
         * i's bracket is [blo[i], bhi[i]], its children 2i+1 (the lower
         * half) and 2i+2. The eighth value is a spare. */
        double blo[7], bhi[7], mid[8], pm[8];
        blo[0] = lo;
        bhi[0] = hi;
        for (int i = 0; i < 7; i++) {
            mid[i] = blo[i] + (bhi[i] - blo[i]) / 2;
            if (2 * i + 2 < 7) {
                blo[2 * i + 1] = blo[i], bhi[2 * i + 1] = mid[i];
                blo[2 * i + 2] = mid[i], bhi[2 * i + 2] = bhi[i];
            }
        }
        mid[7] = mid[0];
        poly_eight(d, T, mid, pm);
        for (int i = 0; i < 7 && hi - lo > 1e-10;) {
            if (pm[i] == 0)
                return mid[i];
            if ((pm[i] > 0) == (plo > 0)) {
                lo = mid[i];
                i = 2 * i + 2;
            } else {
                hi = mid[i];
                i = 2 * i + 1;
            }
        }
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
#define SCAN 2048 /* a multiple of BLOCK */
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

/* The scan's rates never change: they are computed once (2,048 pow calls
 * cost as much as the rest of a horizon evaluation), once_table.h. */
static double scan_table[SCAN];
static OnceTable scan_once = ONCE_TABLE_INIT;

static void scan_fill(void *table, void *arg)
{
    (void)arg;
    double *t = table;
    for (int k = 0; k < SCAN; k++)
        t[k] = scan_rate(k);
}

static const double *scan_rates(double *local)
{
    return once_table(&scan_once, scan_table, local, scan_fill, NULL);
}

/* The flows as the scan reads them: d, and its positive and negative
 * parts dp = max(d, 0) and dn = max(-d, 0), so that P = Pp - Pn where Pp
 * and Pn, the polynomials of dp and dn, never decrease in x > 0. */
typedef struct Flows {
    const double *d;
    int T;
    double dp[HORIZON_MONTHS_MAX + 1], dn[HORIZON_MONTHS_MAX + 1];
} Flows;

/* Pp and Pn at the four points x[0..4), eight chains at once. */
static void parts_four(const Flows *f, const double *x, double *pos,
                       double *neg)
{
    double p0 = 0, p1 = 0, p2 = 0, p3 = 0, n0 = 0, n1 = 0, n2 = 0, n3 = 0;
    for (int t = 0; t <= f->T; t++) {
        double a = f->dp[t], b = f->dn[t];
        p0 = p0 * x[0] + a;
        p1 = p1 * x[1] + a;
        p2 = p2 * x[2] + a;
        p3 = p3 * x[3] + a;
        n0 = n0 * x[0] + b;
        n1 = n1 * x[1] + b;
        n2 = n2 * x[2] + b;
        n3 = n3 * x[3] + b;
    }
    pos[0] = p0, pos[1] = p1, pos[2] = p2, pos[3] = p3;
    neg[0] = n0, neg[1] = n1, neg[2] = n2, neg[3] = n3;
}

/* Pp and Pn at the n points x[0..n), four at a time. */
static void poly_parts(const Flows *f, const double *x, int n, double *pos,
                       double *neg)
{
    int i = 0;
    for (; i + 4 <= n; i += 4)
        parts_four(f, x + i, pos + i, neg + i);
    if (i == n)
        return;
    double xr[4], pr[4], nr[4];
    for (int j = 0; j < 4; j++)
        xr[j] = x[i + j < n ? i + j : n - 1];
    parts_four(f, xr, pr, nr);
    for (int j = 0; i + j < n; j++) {
        pos[i + j] = pr[j];
        neg[i + j] = nr[j];
    }
}

/* The sign P has at every rate of [lo, hi] as Horner's rule computes it,
 * or 0 when the parts cannot tell, from the parts at lo (pl, nl) and at hi
 * (ph, nh). On the interval P >= pl - nh and P <= ph - nl; Horner's rule
 * in doubles errs by less than 2(T+1) units of 2^-53 of pos + neg <= ph +
 * nh (T <= HORIZON_MONTHS_MAX), so a bound clear of zero by 1e-12 of that
 * (far more than the rounding of the parts themselves) gives every
 * computed value the same sign. */
#define SIGN_MARGIN 1e-12
static int sure_sign(double pl, double nl, double ph, double nh)
{
    double room = SIGN_MARGIN * (ph + nh);
    if (pl - nh > room)
        return 1;
    if (nl - ph > room)
        return -1;
    return 0;
}

/* P at the eight rates rate[0..8) into p: Horner's rule for the eight at
 * once, in registers, so that their independent products and sums overlap
 * in the processor (one rate at a time waits for each step's result). Each
 * value is the same sum in the same order as poly_at's, to the bit. */
#define SUB 8
static void poly_eight(const double *d, int T, const double *r, double *p)
{
    double x0 = 1 + r[0], x1 = 1 + r[1], x2 = 1 + r[2], x3 = 1 + r[3],
           x4 = 1 + r[4], x5 = 1 + r[5], x6 = 1 + r[6], x7 = 1 + r[7];
    double a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
    for (int t = 0; t <= T; t++) {
        double c = d[t];
        a0 = a0 * x0 + c;
        a1 = a1 * x1 + c;
        a2 = a2 * x2 + c;
        a3 = a3 * x3 + c;
        a4 = a4 * x4 + c;
        a5 = a5 * x5 + c;
        a6 = a6 * x6 + c;
        a7 = a7 * x7 + c;
    }
    p[0] = a0, p[1] = a1, p[2] = a2, p[3] = a3;
    p[4] = a4, p[5] = a5, p[6] = a6, p[7] = a7;
}

/* The scan so far: the last rate looked at and P there (its sign, +-1,
 * where the sign was sure), the roots found. */
typedef struct Sweep {
    bool started; /* a rate was looked at */
    double r, p;
    HorizonIrr *irr;
} Sweep;

/* P is p at rate r, the scan's next rate: a root at r when P is 0 there,
 * one between the last rate and r when the sign changed (and P was not 0
 * at the last rate, whose root is counted already). */
static void sweep_to(const Flows *f, Sweep *w, double r, double p)
{
    if (w->started) {
        if (p == 0)
            add_root(w->irr, r);
        else if (w->p != 0 && (p > 0) != (w->p > 0))
            add_root(w->irr, bisect(f->d, f->T, w->r, r, w->p));
    }
    w->started = true;
    w->r = r;
    w->p = p;
}

/* The scan over the n rates rate[0..n), n a multiple of `step`: each run
 * of `step` rates whose sign is sure over its span (to the next run's
 * first rate) is a single sign, looked at from its first rate to its last;
 * the others are looked at in runs of SUB, or evaluated rate by rate when
 * step is SUB already. The parts are evaluated once at each run's first
 * rate and at the end. */
static void sign_runs(const Flows *f, Sweep *w, const double *rate, int n,
                      int step, bool last)
{
    double x[SCAN / SUB + 1], pos[SCAN / SUB + 1], neg[SCAN / SUB + 1];
    int runs = n / step;
    for (int j = 0; j <= runs; j++) {
        /* The last run of the scan ends at its own last rate. */
        int at = j * step < n || !last ? j * step : n - 1;
        x[j] = 1 + rate[at];
    }
    poly_parts(f, x, runs + 1, pos, neg);
    for (int j = 0; j < runs; j++) {
        const double *r = rate + j * step;
        int s = sure_sign(pos[j], neg[j], pos[j + 1], neg[j + 1]);
        if (s != 0) {
            /* No zero and no change of sign inside the run. */
            sweep_to(f, w, r[0], s);
            w->r = r[step - 1];
        } else if (step > SUB) {
            sign_runs(f, w, r, step, SUB, last && j + 1 == runs);
        } else {
            double p[SUB];
            poly_eight(f->d, f->T, r, p);
            for (int i = 0; i < SUB; i++)
                sweep_to(f, w, r[i], p[i]);
        }
    }
}

/* Every sign change of P over the scan, each refined by bisection: P is
 * evaluated rate by rate only where its sign is not sure, near a root; a
 * run of rates whose sign is sure over its whole span is passed over. */
#define BLOCK 64
_Static_assert(SCAN % BLOCK == 0 && BLOCK % SUB == 0 && SUB == 8,
               "the scan splits into blocks, a block into runs of eight");
static void all_roots(const double *d, int T, HorizonIrr *irr)
{
    double local[SCAN];
    Flows f = {.d = d, .T = T};
    for (int t = 0; t <= T; t++) {
        f.dp[t] = d[t] > 0 ? d[t] : 0;
        f.dn[t] = d[t] < 0 ? -d[t] : 0;
    }
    Sweep w = {.started = false, .irr = irr};
    sign_runs(&f, &w, scan_rates(local), SCAN, BLOCK, true);
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
