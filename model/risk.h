/* risk.h: sensitivity and uncertainty of the decision (DESIGN 2.8).
 *
 * The decision metric is Δ = Lev_onprem − min_x Lev_x over the three cloud
 * options at the measured utilization (negative: owning is cheaper), with
 * x̂ the cloud option achieving the minimum in the scenario as given. The
 * tornado moves one input at a time to its low and high value; the Monte
 * Carlo draws every input of `uncertainty.inputs` from its triangular
 * distribution with one splitmix64 stream. Both evaluate the cost engine
 * through one function (risk_point), so that the levelized cost of the
 * horizon (DESIGN 2.7) replaces the steady-state monthly cost in one place.
 *
 * Pure and deterministic: no I/O, no allocation; the caller owns the work
 * scenario and the Monte Carlo's buffers. The same file gives the same
 * figures on every machine (integer random stream, IEEE arithmetic, sqrt). */
#ifndef GPUPLAN_RISK_H
#define GPUPLAN_RISK_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "cost.h"
#include "fields.h"
#include "scenario.h"

/* What the decision looks like in one scenario. */
typedef struct RiskPoint {
    double delta;            /* Lev_onprem − min over the cloud options */
    CostOption best_cloud;   /* the cloud option achieving the minimum */
    bool onprem_cheapest;    /* on-prem is the cheapest allowed option */
    bool has_crossover;      /* on-prem and the option asked for cross */
    double crossover_pct;    /* first crossover with it (NAN when none) */
    double cheapest_cloud_per_hour; /* best_cloud's cost per useful GPU-hour;
                                       NAN when W = 0 */
    double break_even_month_od; /* break-even month of owning against
                                   on-demand; NAN when never */
    double scale; /* the larger of the two costs delta is taken from: what
                     rounding is measured against (COST_TIE_REL) */
} RiskPoint;

/* The costs the metric compares, into *r: the one call to the engine that
 * the tornado, the Monte Carlo and goal seek make (today the steady-state
 * monthly costs of DESIGN 2.1-2.2, equal to the levelized costs of DESIGN 2.7
 * at the horizon defaults). No allocation. */
void risk_costs(const Scenario *s, CostResult *r);

/* Evaluate s (valid) and fill *p, with the crossover taken against cloud
 * option x. This is the one place the metric meets the engine. */
void risk_point(const Scenario *s, CostOption x, RiskPoint *p);

/* The cloud option with the lowest cost in s (allowed or not; a tie goes to
 * the earlier of on_demand, reserved, spot): x̂. */
CostOption risk_best_cloud(const Scenario *s);

/* The break-even month of owning against on-demand (DESIGN 2.7) for the
 * steady-state horizon (T = lifetime_months, flat prices, no ramp): the
 * smallest t in 1..T at which on-prem's nominal cumulative spend (purchase
 * at month 0, monthly running costs, resale at month T) is at most
 * on-demand's; NAN when there is none. r = the engine's figures of s. */
double risk_break_even_on_demand(const Scenario *s, const CostResult *r);

/* 0 when s keeps every cross-field rule of DESIGN 7 that a changed number
 * can break (power idle <= busy <= max, hybrid onprem_nodes <= nodes);
 * otherwise EXIT_DATAERR with d saying which (d->path the field blamed). */
int risk_rules_hold(const Scenario *s, Diag *d);

/* ---- tornado ---- */

/* Room for every number field of the registry (a test checks that the
 * default set fits) and for UNC_MAX_INPUTS listed inputs. */
#define TORNADO_MAX_ROWS 128

typedef struct TornadoSide {
    double value;  /* the input's value at this end */
    bool ok;       /* false: the value breaks a cross-field rule */
    char why[160]; /* when !ok, the rule it breaks */
    RiskPoint at;  /* the figures with the input there (when ok) */
} TornadoSide;

typedef struct TornadoRow {
    const Field *field; /* the input's registry row */
    TornadoSide low, high;
    double swing; /* |Δ_high − Δ_low|; one side broken: |Δ_ok − Δ_base| */
    double scale; /* the largest cost the swing comes from: swings closer
                     than COST_TIE_REL of it are equal (DESIGN 2.4, 2.8) */
} TornadoRow;

typedef struct Tornado {
    CostOption option; /* x̂ */
    RiskPoint base;    /* the scenario as given */
    bool default_set;  /* no inputs listed: every non-zero number at ±20% */
    size_t count;
    TornadoRow row[TORNADO_MAX_ROWS]; /* ranked: swing descending, ties
                                         (equal within rounding) in registry
                                         order */
} Tornado;

/* The default ±20% range of field f at value v (DESIGN 2.8): v×0.8 and v×1.2
 * clamped to f's range; int fields rounded and moved at least one step. */
void risk_default_range(const Field *f, double v, double *low, double *high);

/* DESIGN 2.8 tornado of s (valid; its uncertainty inputs, when it has any,
 * must pass uncertainty_check). *work is scratch the size of a scenario
 * (its content on return is s). Fills *t. */
void risk_tornado(const Scenario *s, Scenario *work, Tornado *t);

/* ---- Monte Carlo ---- */

#define RISK_BINS 20

typedef struct RiskPct {
    size_t n;            /* values the percentiles are taken over */
    double p10, p50, p90; /* nearest rank; NAN when n = 0 */
} RiskPct;

typedef struct MonteCarlo {
    CostOption option; /* x̂ */
    size_t draws;      /* draws used */
    size_t rejected;   /* draws that broke a cross-field rule */
    double p_onprem_cheapest;
    RiskPct delta;
    RiskPct crossover;      /* over the draws with a crossover with x̂ */
    double crossover_none_share;
    RiskPct per_hour;       /* cheapest cloud option per useful GPU-hour */
    RiskPct break_even;     /* against on-demand, over the draws with one */
    double break_even_never_share;
    double edges[RISK_BINS + 1]; /* histogram of Δ, equal widths */
    size_t counts[RISK_BINS];
    /* With uncertainty.correlations: each pair's Spearman rank correlation
     * over the draws made (after Iman-Conover, before rejection), in the
     * section's order; NAN for a pair drawn independently (every pair at
     * 0, or one at 0 whose inputs no other pair names). */
    size_t pair_count;
    double rank_corr[UNC_MAX_PAIRS];
} MonteCarlo;

/* Caller-owned room for the per-draw values: four arrays of `cap` doubles
 * each, cap >= the scenario's uncertainty.draws. */
typedef struct RiskBuffers {
    double *delta, *crossover, *per_hour, *break_even;
    size_t cap;
    /* Set by the caller, or NULL: while *cancel is non-zero the Monte Carlo
     * stops at the next draw (a signal handler's flag, DESIGN 7). */
    volatile sig_atomic_t *cancel;
    /* With uncertainty.correlations: the paired inputs' draws and
     * Iman-Conover's scratch, corr_cap >= risk_corr_room() doubles, and
     * corr_idx room for cap indices. NULL without pairs. */
    double *corr;
    size_t corr_cap;
    size_t *corr_idx;
} RiskBuffers;

/* The doubles RiskBuffers.corr needs for `draws` draws of s (valid): the
 * draws of each input the pairs name, and as many again and one column
 * more of scratch. 0 without pairs. */
size_t risk_corr_room(const Scenario *s, size_t draws);

/* DESIGN 2.8 Monte Carlo of s (valid, with an uncertainty section that passes
 * uncertainty_check and at least one input). Draw k sets every input in
 * list order from the triangular inverse CDF of one splitmix64 stream
 * seeded with uncertainty.seed; with uncertainty.correlations the paired
 * inputs' draws are first reordered by Iman-Conover (buf->corr). A draw
 * that breaks a cross-field rule is rejected and counted. Returns 0 and
 * fills *mc; returns err's status (EXIT_DATAERR) with err saying why when more
 * than half the draws are rejected (or buf is too small), or when
 * *buf->cancel became non-zero (then mc->draws is the draws done and the
 * rest of *mc is not filled). *work as risk_tornado. */
int risk_monte_carlo(const Scenario *s, Scenario *work,
                     const RiskBuffers *buf, MonteCarlo *mc, Diag *err);

/* Everything the reports show of risk: the tornado and, when the scenario
 * lists inputs, the Monte Carlo (or why it could not run). */
typedef struct RiskResult {
    Tornado tornado;
    bool has_monte_carlo; /* the scenario lists inputs */
    bool mc_ok;           /* false: mc_error says why (has_monte_carlo) */
    char mc_error[sizeof ((Diag *)0)->message]; /* a Diag's, whole */
    MonteCarlo mc;
} RiskResult;

/* The triangular inverse CDF of DESIGN 2.8 at U in [0, 1). */
double risk_triangular(double u, double low, double mode, double high);

/* Nearest-rank percentile p (0 < p <= 100) of sorted[0..n), n > 0. */
double risk_nearest_rank(const double *sorted, size_t n, double p);

#endif
