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

typedef struct HorizonResult {
    int months;               /* T */
    double discount_rate_pct; /* hardware.cost_of_capital_pct, yearly */
    double npv[OPT_COUNT];
    /* Of owning against each cloud option ([OPT_ONPREM] unused): the first
     * month in 1..T at which on-prem's cumulative spend is not above the
     * option's, nominal and discounted; 0 = none (JSON null). */
    int break_even[OPT_COUNT];
    int discounted_break_even[OPT_COUNT];
    double irr_pct[OPT_COUNT]; /* yearly, percent; NAN = none */
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

/* The IRR of flows d[0..T] (DESIGN 2.7): the monthly rate rho in (-0.9, 10]
 * at which they have zero present value, by bisection to 1e-10, as the
 * yearly percentage ((1+rho)^12 - 1)*100; NAN when the flows never change
 * sign or the present value has the same sign at both ends of the range. */
double horizon_irr_pct(const double *d, int T);

#endif
