/* cost.h: the cost engine (SPEC 2).
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

/* The breakdown lines of an option kind, in the SPEC's order. */
extern const CostLine cost_onprem_lines[ONPREM_LINES];
extern const CostLine cost_cloud_lines[CLOUD_LINES];

typedef struct OptionCost {
    bool allowed;
    double monthly;             /* M(u) at the measured utilization */
    double per_useful_gpu_hour; /* M(u)/W(u); NAN when W = 0 */
    double line[LINE_COUNT];    /* breakdown; unused lines are 0 */
    /* M(u) = fixed + slope * u, u in 0..1: the line the crossovers and the
     * curves are computed from. */
    double fixed, slope;
} OptionCost;

typedef enum CrossKind {
    CROSS_AT,      /* the lines cross at pct */
    CROSS_CHEAPER, /* on-prem is cheaper than x everywhere in (0, 100%] */
    CROSS_DEARER,  /* on-prem is dearer than x everywhere in (0, 100%] */
    CROSS_EQUAL    /* identical cost lines */
} CrossKind;

typedef struct Crossover {
    CrossKind kind;
    double pct; /* utilization in percent when kind == CROSS_AT, else NAN */
} Crossover;

typedef enum Zone { ZONE_CLOUD, ZONE_HYBRID, ZONE_ONPREM } Zone;

typedef enum AdviceCode {
    ADV_BELOW_60,
    ADV_ABOVE_80,
    ADV_MIN_SIZE,
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
    OptionCost option[OPT_COUNT];
    CostOption cheapest;
    Crossover crossover[OPT_COUNT]; /* index OPT_ON_DEMAND.. ; [OPT_ONPREM] unused */
    Zone zone;
    AdviceCode advice[ADV_COUNT]; /* the codes that apply, in table order */
    size_t advice_count;
    /* Per useful GPU-hour at u = 1%, 2%, ..., 100% (SPEC 2.5). */
    double curve[OPT_COUNT][CURVE_POINTS];
} CostResult;

/* Evaluate scenario s into *r (SPEC 2). s must be valid (every field in its
 * range); r is fully overwritten. No allocation, no I/O. */
void cost_evaluate(const Scenario *s, CostResult *r);

/* cost_evaluate without the curves (r->curve is left as it was): for the
 * batch what-if engine, which reports only the options, the cheapest and
 * the zone. */
void cost_evaluate_options(const Scenario *s, CostResult *r);

/* M(u)/W(u) of option o at utilization pct (0..100) from r's lines; NAN at
 * pct = 0. */
double cost_per_hour_at(const CostResult *r, const Scenario *s, CostOption o,
                        double pct);

/* Names: JSON keys ("onprem", "on_demand", ...) and labels ("On-prem",
 * "On-demand", ...); the chart letter (o, d, r, s). */
const char *cost_option_key(CostOption o);
const char *cost_option_label(CostOption o);
char cost_option_letter(CostOption o);
const char *cost_line_key(CostLine l);
const char *cost_zone_key(Zone z);
const char *cost_cross_word(CrossKind k); /* "cheaper", "dearer", "equal" */
const char *cost_advice_key(AdviceCode c);

/* The planner's sentence for advice code c, with the scenario's numbers in it.
 * Writes at most n bytes to buf (always terminated); returns buf. */
char *cost_advice_text(AdviceCode c, const Scenario *s, const CostResult *r,
                       char *buf, size_t n);

#endif
