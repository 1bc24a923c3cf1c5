/* horizon.h: the multi-year view of DESIGN 2.7: every option as monthly cash
 * flows over the horizon, their NPV, the levelized monthly cost and its
 * breakdown, cumulative spend, break-even months and the IRR of owning.
 *
 * Pure and deterministic, libm only; nothing is allocated (the cumulative
 * arrays are the caller's). */
#ifndef GPUPLAN_HORIZON_H
#define GPUPLAN_HORIZON_H

#include <stdbool.h>

#include "cost.h"
#include "scenario.h"

#define HORIZON_MONTHS_MAX 240

/* T: horizon.months, or hardware.lifetime_months when it is 0 (DESIGN 2.7). */
int horizon_months(const Scenario *s);

/* True when the horizon reproduces the steady-state month exactly: no ramp,
 * no cloud price change and T equal to the lifetime (one generation, so the
 * hardware price change plays no part). cost_evaluate() then keeps the
 * closed forms of DESIGN 2.1-2.2, which the levelized figures equal. */
bool horizon_is_steady(const Scenario *s);

/* Replace r's options by their levelized form (DESIGN 2.7): every breakdown
 * line at the measured utilization, the committed and overflow parts, the
 * piecewise line in u (fixed, slope and the reserved hinges) the crossovers
 * and the curves use, and r->work_factor = sum(r_t v^t) / sum(v^t), so the
 * cost per useful GPU-hour is Lev / (W * work_factor). Leaves monthly,
 * per_useful_gpu_hour and everything after them to the caller
 * (cost_evaluate_options). Works on any scenario: at the steady state it
 * gives the closed forms' figures up to rounding (the identity test). */
void horizon_levelize(const Scenario *s, CostResult *r);

/* The levelized reserved cost at utilization u (0..1) with coverage_pct of
 * the fleet committed (DESIGN 2.7 applied to 2.2). */
double horizon_reserved_monthly(const Scenario *s, double coverage_pct,
                                double u);

/* The same for n coverage levels at once, into out[0..n): one plan of the
 * horizon's discount, ramp and price factors for all of them (they do not
 * depend on the coverage), each figure exactly horizon_reserved_monthly's. */
void horizon_reserved_monthly_n(const Scenario *s, const double *coverage_pct,
                                size_t n, double u, double *out);

/* Months from..to (1..T, inclusive) in which on-prem's cumulative spend is
 * not above a cloud option's (DESIGN 2.7): owning is ahead. */
typedef struct HorizonSpan {
    int from, to;
} HorizonSpan;

/* Every such stretch of a horizon, in order; at most one month in two
 * starts one, so T/2 + 1 always fit. */
#define HORIZON_SPANS_MAX (HORIZON_MONTHS_MAX / 2 + 1)
typedef struct HorizonSpans {
    int count;
    HorizonSpan span[HORIZON_SPANS_MAX];
} HorizonSpans;

/* The return on owning against one cloud option (DESIGN 2.7), from the
 * flows CF_x,t - CF_onprem,t (what owning saves in month t; the purchases
 * are its outlays). Rates are yearly percentages of a monthly rate r,
 * ((1 + r)^12 - 1) * 100, the way the monthly discounting compounds. */
/* Room for every root: no more than the flows' sign changes, at most T. */
#define HORIZON_ROOTS_MAX HORIZON_MONTHS_MAX
typedef struct HorizonIrr {
    int sign_changes; /* of the flows, zeros skipped */
    /* The IRR: the one monthly rate in (-90%, +1,000%] at which the flows
     * have zero present value, as a yearly percentage; NAN when the flows
     * never change sign, or no rate or several rates in that range do.
     * With one sign change there is at most one such rate; with more
     * there may be several, and then none of them is "the" IRR. */
    double pct;
    /* Every such rate, ascending, as yearly percentages. */
    int root_count;
    double root_pct[HORIZON_ROOTS_MAX];
    /* The modified IRR: outlays discounted and savings compounded at the
     * cost of capital (NAN when the flows have no outlay or no saving). */
    double mirr_pct;
} HorizonIrr;

/* The reserved option's commitment past the horizon (DESIGN 2.9): the
 * months of its last term after T, what they cost still to pay after T (a
 * liability the NPV leaves out: the capacity is used then) and what was
 * prepaid for them (credited at T, as on-prem's book value is). All 0
 * when no term runs past T (or the commitment has none). */
typedef struct HorizonCommitment {
    int months_past;
    double owed_past, prepaid_past; /* nominal, in the currency */
} HorizonCommitment;

typedef struct HorizonResult {
    int months;               /* T */
    double discount_rate_pct; /* hardware.cost_of_capital_pct, yearly */
    /* The same rate as the monthly discounting compounds it,
     * ((1 + i)^12 - 1) * 100: the hurdle an IRR is compared with. */
    double discount_rate_effective_pct;
    double npv[OPT_COUNT];
    /* Of owning against each cloud option ([OPT_ONPREM] unused): the first
     * month from which on-prem's cumulative spend stays at or below the
     * option's through T, nominal and discounted; 0 = none (JSON null),
     * also when owning is ahead for a while and falls behind again. */
    int break_even[OPT_COUNT];
    int discounted_break_even[OPT_COUNT];
    /* Every stretch of months in which owning is ahead, nominal and
     * discounted: break_even is the start of the last one when it runs to
     * T. */
    HorizonSpans ahead[OPT_COUNT];
    HorizonSpans discounted_ahead[OPT_COUNT];
    double irr_pct[OPT_COUNT]; /* irr[x].pct: yearly, percent; NAN = none */
    HorizonIrr irr[OPT_COUNT];
    HorizonCommitment commitment; /* the reserved option's */
} HorizonResult;

/* One option's cumulative nominal spend S_x(t), t = 0..T (TV not counted). */
typedef double HorizonCumulative[OPT_COUNT][HORIZON_MONTHS_MAX + 1];

/* A horizon as the reports and the cumulative-spend charts read it: the
 * result and every option's cumulative spend, evaluated once by their
 * caller (horizon_evaluate(s, &f.result, &f.cum)). */
typedef struct HorizonFigures {
    HorizonResult result;
    HorizonCumulative cum;
} HorizonFigures;

/* Evaluate the horizon of scenario s at its measured utilization into *h
 * (DESIGN 2.7) and, when cum is not NULL, the cumulative spend of every option
 * into (*cum)[x][0..T]. s must be valid. No allocation. */
void horizon_evaluate(const Scenario *s, HorizonResult *h,
                      HorizonCumulative *cum);

/* The break-even month of owning against cloud option x alone (DESIGN 2.7),
 * as horizon_evaluate gives it, without the NPVs and IRRs: for the Monte
 * Carlo, which needs only this. 0 = none. */
int horizon_break_even_month(const Scenario *s, CostOption x);

/* ---- horizon_finance.c: break-even, IRR, MIRR and their wording ---- */

/* The months 1..T in which on[t] <= x[t] (equal within rounding counts,
 * DESIGN 2.4), as stretches, into *sp; on and x are cumulative spends
 * indexed 0..T. */
void horizon_spans(const double *on, const double *x, int T, HorizonSpans *sp);

/* The break-even month of spans sp over T months: the start of the last
 * stretch when it runs to T, else 0 (owning does not stay ahead). */
int horizon_spans_break_even(const HorizonSpans *sp, int T);

/* The break-even as a phrase (DESIGN 2.7): "month 19"; "month 40
 * (cheaper already from month 19 to 31, then dearer until month 39)";
 * "never (cheaper from month 19 to 31, dearer after)"; "never". Writes at
 * most n bytes (a phrase cut short ends in "…"); returns buf. */
char *horizon_spans_text(const HorizonSpans *sp, int T, char *buf, size_t n);

/* The same for a chart's legend: "m19", "m40 (also m19-31)", "never
 * (m19-31 only)", "never". Returns buf. */
char *horizon_spans_brief(const HorizonSpans *sp, int T, char *buf,
                          size_t n);

/* The return on the flows d[0..T] (DESIGN 2.7) with the monthly cost of
 * capital i, into *irr: sign changes; with more than one, every root of
 * their present value for a monthly rate in (-0.9, 10] (where a scan of
 * that range at 2,048 points, closer together near 0, sees the sign
 * change, then by bisection to 1e-10); the IRR when one rate alone is a
 * root (by bisection over the whole range); the MIRR. */
void horizon_irr(const double *d, int T, double i, HorizonIrr *irr);

/* The IRR of flows d[0..T] alone: horizon_irr's pct. */
double horizon_irr_pct(const double *d, int T);

/* The return as a phrase: "23.4% a year"; with more than one sign change
 * "23.4% a year, the only rate from -90% to +1,000% a month that gives the
 * flows zero value (they change sign 3 times); MIRR 9.8% a year" or "not
 * unique: 12.1% and 45.6% a year all give the flows zero value (they
 * change sign 3 times); MIRR 9.8% a year"; "none (the flows never change
 * sign)". Rates with `decimals` decimals. Writes at most n bytes (cut
 * short with "…"); returns buf. */
char *horizon_irr_text(const HorizonIrr *irr, int decimals, char *buf,
                       size_t n);

#endif
