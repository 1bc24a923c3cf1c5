/* cost.h: the cost engine (DESIGN 2).
 *
 * cost_evaluate() turns a Scenario into every number the planner and the
 * reports show: the four options with their breakdowns, the crossover
 * utilizations in closed form, the cheapest allowed option, the zone, the
 * advice codes and the 4 x 100-point curves. It is pure and deterministic,
 * allocates nothing and may be called on every keystroke. */
#ifndef GPUPLAN_COST_H
#define GPUPLAN_COST_H

#include <stdbool.h>
#include <stddef.h>

#include "scenario.h"

typedef enum CostOption {
    OPT_ONPREM,
    OPT_ON_DEMAND,
    OPT_RESERVED,
    OPT_SPOT,
    OPT_COUNT
} CostOption;

/* Breakdown lines. On-prem uses the first eight; the cloud options use the
 * last six (compute ... opportunity). */
typedef enum CostLine {
    LINE_CAPITAL,
    LINE_MAINTENANCE,
    LINE_ENERGY,
    LINE_COLOCATION,
    LINE_STAFF,
    LINE_NETWORK,
    LINE_OTHER,
    LINE_OPPORTUNITY,
    LINE_COMPUTE,
    LINE_EGRESS,
    LINE_STORAGE,
    LINE_COUNT
} CostLine;

#define ONPREM_LINES 8
#define CLOUD_LINES 6
#define CURVE_POINTS 100
/* Reserved's overflow kinks: one, and one per month of a ramp (<= 120). */
#define COST_HINGES_MAX 121

/* The breakdown lines of an option kind, in the DESIGN's order. */
extern const CostLine cost_onprem_lines[ONPREM_LINES];
extern const CostLine cost_cloud_lines[CLOUD_LINES];

typedef struct OptionCost {
    bool allowed;
    double monthly;             /* M(u) at the measured utilization */
    double per_useful_gpu_hour; /* M(u)/W(u); NAN when W = 0 */
    double line[LINE_COUNT];    /* breakdown; unused lines are 0 */
    /* Reserved only (0 elsewhere): LINE_COMPUTE split into the committed
     * GPUs billed 24/7 and the overflow bought on-demand or spot (DESIGN 2.2). */
    double committed, overflow;
    /* M(u) = fixed + slope*u + sum_j hinge_slope[j]*max(0, u - hinge_u[j]),
     * u in 0..1: the piecewise line the crossovers and the curves are
     * computed from. Only reserved has hinges: one at u =
     * reserved_coverage_pct/100 in the steady state, one more for each month
     * of a ramp (DESIGN 2.3), in increasing hinge_u, all below 1. */
    double fixed, slope;
    int hinges;
    double hinge_u[COST_HINGES_MAX], hinge_slope[COST_HINGES_MAX];
} OptionCost;

typedef enum CrossKind {
    CROSS_AT,      /* D has roots in (0, 1]: see the points */
    CROSS_CHEAPER, /* on-prem is cheaper than x everywhere in (0, 100%] */
    CROSS_DEARER,  /* on-prem is dearer than x everywhere in (0, 100%] */
    CROSS_EQUAL    /* identical costs on all of (0, 100%] */
} CrossKind;

/* The side of a crossover on which on-prem is the cheaper (DESIGN 2.3):
 * above when D = M_onprem - M_x falls through zero, below when it rises. */
typedef enum CrossSide { SIDE_ABOVE, SIDE_BELOW } CrossSide;

/* D = linear - convex (the hinges' slopes are never negative) is concave:
 * two roots at most. */
#define CROSS_POINTS_MAX 2

typedef struct CrossPoint {
    double pct;     /* utilization in percent, in (0, 100] */
    CrossSide side; /* where on-prem is cheaper */
} CrossPoint;

typedef struct Crossover {
    CrossKind kind; /* CROSS_AT exactly when count > 0 */
    double pct;     /* the first point's pct when count > 0, else NAN */
    size_t count;
    CrossPoint point[CROSS_POINTS_MAX]; /* increasing pct */
} Crossover;

typedef enum Zone { ZONE_CLOUD, ZONE_HYBRID, ZONE_ONPREM } Zone;

typedef enum AdviceCode {
    ADV_ZONE_DISAGREES,
    ADV_BELOW_60,
    ADV_ABOVE_80,
    ADV_MIN_SIZE,
    ADV_COMMIT_COVERAGE,
    ADV_EGRESS_HEAVY,
    ADV_COMPLIANCE,
    ADV_LATENCY,
    ADV_MANAGED,
    ADV_MEASURE,
    ADV_COUNT
} AdviceCode;

typedef struct CostResult {
    double gpus;                   /* G */
    double useful_gpu_hours_month; /* W(u) */
    /* sum(r_t v^t) / sum(v^t) over the horizon (DESIGN 2.7): the useful work
     * per GPU-hour of W that the levelized cost pays for; 1 without a ramp.
     * Cost per useful GPU-hour = monthly / (W * work_factor). */
    double work_factor;
    OptionCost option[OPT_COUNT];
    CostOption cheapest;
    Crossover crossover[OPT_COUNT]; /* index OPT_ON_DEMAND.. ; [OPT_ONPREM] unused */
    Zone zone;
    bool zone_agrees; /* DESIGN 2.4: the rule of thumb and the figures agree */
    /* COMMIT_COVERAGE: the coverage (percent, a multiple of 5) at which
     * reserved costs least at the measured utilization, and that cost;
     * best_coverage_pct is the scenario's own when no step does better. */
    double best_coverage_pct, best_coverage_monthly;
    AdviceCode advice[ADV_COUNT]; /* the codes that apply, in table order */
    size_t advice_count;
    /* Per useful GPU-hour at u = 1%, 2%, ..., 100% (DESIGN 2.5). */
    double curve[OPT_COUNT][CURVE_POINTS];
} CostResult;

/* Evaluate scenario s into *r (DESIGN 2). s must be valid (every field in its
 * range); r is fully overwritten. No allocation, no I/O. */
void cost_evaluate(const Scenario *s, CostResult *r);

/* The figures only: every option (lines, monthly, per useful GPU-hour,
 * its piecewise line), the cheapest, the crossovers and the zone with
 * zone_agrees; best_coverage_*, advice and the curves are left as they
 * were. For the batch what-if engine, which writes no more than these;
 * each figure is bit for bit what cost_evaluate gives. */
void cost_evaluate_figures(const Scenario *s, CostResult *r);

/* The parts of the figures a field can change: COST_PART_CLOUD for a
 * field of the cloud section (on-prem's lines read none of it),
 * COST_PART_ONPREM for one of the facility section (the cloud options'
 * lines read none of it), both for any other field. */
enum { COST_PART_ONPREM = 1, COST_PART_CLOUD = 2 };
unsigned cost_field_parts(size_t offset); /* offsetof(Scenario, ...) */

/* cost_evaluate_figures of s into r, where r already holds
 * cost_evaluate_figures of a scenario that differs from s only in fields
 * of `parts` (cost_field_parts): the other part's lines are kept, the rest
 * is evaluated again. Bit for bit what cost_evaluate_figures(s, r) gives;
 * over a horizon (DESIGN 2.7), or with both parts, it is that call. */
void cost_update_figures(const Scenario *s, unsigned parts, CostResult *r);

/* cost_evaluate without the curves (r->curve is left as it was): for the
 * batch what-if engine, which reports only the options, the cheapest and
 * the zone. */
void cost_evaluate_options(const Scenario *s, CostResult *r);

/* M(u)/W(u) of option o at utilization pct (0..100) from r's lines; NAN at
 * pct = 0. */
double cost_per_hour_at(const CostResult *r, const Scenario *s, CostOption o,
                        double pct);

/* M(u) of one option from its piecewise line, u in 0..1 (DESIGN 2.1-2.2). */
double cost_monthly_at(const OptionCost *o, double u);

/* The reserved option's monthly cost at utilization u (0..1) with
 * coverage_pct of the fleet committed, everything else as in s (DESIGN 2.2). */
double cost_reserved_monthly(const Scenario *s, double coverage_pct, double u);

/* Two costs are the same when they differ by at most COST_TIE_REL of the
 * larger of them (DESIGN 2.4): what is equal in exact arithmetic may come
 * out of the floating-point sums an ulp or two apart, and a choice between
 * options must not follow that noise. Every choice of the cheapest option,
 * and every order of options by cost, compares with these. */
#define COST_TIE_REL 1e-12
static inline bool cost_same(double a, double b)
{
    double d = a - b, x = a < 0 ? -a : a, y = b < 0 ? -b : b;
    return (d < 0 ? -d : d) <= COST_TIE_REL * (x > y ? x : y);
}
/* a is below b by more than rounding: a < b and not cost_same(a, b). */
static inline bool cost_less(double a, double b)
{
    return a < b && !cost_same(a, b);
}

/* The cloud option with the lowest monthly cost, allowed or not (a tie, as
 * cost_same says, goes to the earlier option). */
CostOption cost_cheapest_cloud(const CostResult *r);

/* The terms of DESIGN 2.1 and 2.2 paired by what they pay for, so that the two
 * sides of a comparison can be set against each other: on-prem's capital,
 * maintenance, energy, colocation and network against cloud compute; staff;
 * cloud egress and storage; delay; other. */
typedef enum CostTerm {
    TERM_COMPUTE,
    TERM_STAFF,
    TERM_DATA,
    TERM_OPPORTUNITY,
    TERM_OTHER,
    TERM_COUNT
} CostTerm;

/* Each term of on-prem (on[]) and of cloud option x (cl[]), monthly, from
 * r's breakdown lines: the sides a comparison sets against each other. */
void cost_terms(const CostResult *r, CostOption x, double on[TERM_COUNT],
                double cl[TERM_COUNT]);

/* The term that contributes most to the difference between on-prem and
 * cloud option x, on the side the figures fall (DESIGN 2.4 ZONE_DISAGREES). */
CostTerm cost_biggest_term(const CostResult *r, CostOption x);
const char *cost_term_word(CostTerm t); /* "staff", "hardware vs compute" */

/* The option the zone's rule is compared with when it disagrees: the
 * cheapest allowed option for zone onprem, the cheapest cloud option for
 * zone cloud. */
CostOption cost_zone_rival(const CostResult *r);

/* The verdict (DESIGN 2.4): one sentence built only from r's figures, the
 * cheapest option and its margin, then the crossovers. Writes at most n bytes
 * (always terminated); returns buf. */
char *cost_verdict_text(const Scenario *s, const CostResult *r, char *buf,
                        size_t n);

/* The verdict's first clause alone, as a sentence: the cheapest option and
 * its margin (the planner's verdict where rows are short; the crossovers
 * are then in the chart's legend). Same contract as cost_verdict_text. */
char *cost_verdict_lead_text(const Scenario *s, const CostResult *r, char *buf,
                             size_t n);

/* The zone line: the rule of thumb's zone and, when it disagrees with the
 * figures, that it does and which option is cheaper. `brief` gives the short
 * form for the planner's results box ("zone onprem: disagrees, spot is
 * cheaper"); otherwise a full sentence for the reports. Returns buf. */
char *cost_zone_text(const Scenario *s, const CostResult *r, bool brief,
                     char *buf, size_t n);

/* One crossover as text: "above 35.9%", "below 20.0% and above 80.0%",
 * "between 30.0% and 70.0%" (where on-prem is cheaper), or for no point
 * "never (on-prem cheaper)", "never (on-prem dearer)", "never (equal)".
 * Returns buf. */
char *cost_crossover_text(const Crossover *c, char *buf, size_t n);

/* The measured utilization as a sentence shows it, without the % sign: the
 * fewest decimals (up to three) that stay within 0.05 of pct and on its side
 * of the 50, 60, 70, 75 and 80% marks the zone and the advice name, so
 * 59.9 never reads "60 ... below 60%" nor 75.04 "75 ... above 75%".
 * Returns buf. */
char *cost_pct_text(double pct, char *buf, size_t n);

/* Names: JSON keys ("onprem", "on_demand", ...) and labels ("On-prem",
 * "On-demand", ...); the chart letter (o, d, r, s). */
const char *cost_option_key(CostOption o);
const char *cost_option_label(CostOption o);
const char *cost_option_word(CostOption o); /* "on-prem", "on-demand", ... */
char cost_option_letter(CostOption o);
const char *cost_line_key(CostLine l);
const char *cost_zone_key(Zone z);
const char *cost_cross_word(CrossKind k); /* "cheaper", "dearer", "equal" */
const char *cost_side_word(CrossSide s);  /* "above", "below" */
const char *cost_advice_key(AdviceCode c);

/* The planner's sentence for advice code c, with the scenario's numbers in it.
 * Writes at most n bytes to buf (always terminated); returns buf. */
char *cost_advice_text(AdviceCode c, const Scenario *s, const CostResult *r,
                       char *buf, size_t n);

#endif
