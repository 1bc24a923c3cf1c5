/* result_diff.h: every result that moves between two evaluated scenarios
 * (DESIGN 11.2), for `gpuplan diff` and the planner's :diff.
 *
 * The results compared are the ones the report leads with: the useful
 * work, each option's monthly cost, cost per useful GPU-hour and whether
 * it is allowed, the cheapest option, the zone and whether it agrees, each
 * cloud option's crossovers, the horizon (its length, each option's NPV,
 * the break-even months and the IRR of owning against each cloud option),
 * the advice that applies, and the hybrid plan's totals when both
 * scenarios have one. Pure: no allocation, no I/O. */
#ifndef GPUPLAN_RESULT_DIFF_H
#define GPUPLAN_RESULT_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "cost.h"
#include "horizon.h"
#include "hybrid.h"

/* One scenario's results as the comparison reads them. */
typedef struct ResultSide {
    const CostResult *cost;
    const HorizonResult *horizon;
    const HybridResult *hybrid; /* NULL: the scenario has no hybrid plan */
} ResultSide;

/* What a result is, in the order the moves are listed. The *_OPTION
 * kinds are one per option (.option), the horizon's owning kinds one per
 * cloud option, the hybrid kinds one each. */
typedef enum ResultKind {
    RES_USEFUL_HOURS,   /* useful GPU-hours a month */
    RES_MONTHLY,        /* an option's levelized monthly cost */
    RES_PER_HOUR,       /* an option's cost per useful GPU-hour (NAN: n/a) */
    RES_ALLOWED,        /* whether an option is allowed */
    RES_CHEAPEST,       /* the cheapest allowed option */
    RES_ZONE,           /* the rule of thumb's zone */
    RES_ZONE_AGREES,    /* whether it agrees with the figures */
    RES_CROSSOVER,      /* a cloud option's crossovers (DESIGN 2.3) */
    RES_ADVICE,         /* the advice codes that apply */
    RES_MONTHS,         /* the horizon's length T */
    RES_NPV,            /* an option's NPV over the horizon */
    RES_BREAK_EVEN,     /* owning against a cloud option: month, 0 = never */
    RES_DISCOUNTED_BREAK_EVEN,
    RES_IRR,            /* yearly percent, NAN = none */
    RES_HYBRID_PRESENT, /* one side has a hybrid plan, the other not */
    RES_HYBRID_NODES,   /* the plan's on-prem nodes */
    RES_HYBRID_ONPREM,  /* the plan's on-prem monthly cost */
    RES_HYBRID_CLOUD,   /* the plan's cloud monthly cost */
    RES_HYBRID_TOTAL,   /* the plan's total monthly cost */
    RES_HYBRID_ALL_CLOUD,
    RES_HYBRID_ALL_ONPREM,
    RES_HYBRID_OPTIMUM_NODES,
    RES_HYBRID_OPTIMUM_TOTAL,
    RES_KIND_COUNT
} ResultKind;

/* One result that moved. Numbers in old/new (an option, a zone, a month
 * count, a bool as 0/1; NAN for none); crossovers in old_cross/new_cross;
 * advice as bit sets of AdviceCode in old_advice/new_advice. */
typedef struct ResultMove {
    ResultKind kind;
    CostOption option; /* the option of the per-option kinds, else OPT_ONPREM */
    double old_value, new_value;
    Crossover old_cross, new_cross;
    unsigned old_advice, new_advice;
} ResultMove;

#define RESULT_DIFF_MAX 64

typedef struct ResultDiff {
    size_t count;
    ResultMove move[RESULT_DIFF_MAX];
} ResultDiff;

/* The results of `from` that differ in `to`, in ResultKind order (options
 * in their order within a kind), into *d; returns d->count. Money and
 * work compare with cost_same (DESIGN 2.4: a last-bit difference of two
 * sums is not a move); crossover points within 1e-9 of a percent; months,
 * options, zones and flags exactly; NAN equals NAN. */
size_t result_diff(const ResultSide *from, const ResultSide *to, ResultDiff *d);

/* The key a result has in the JSON report ("options.onprem.monthly",
 * "crossovers.spot", "horizon.irr_pct.spot", "hybrid.total_monthly"),
 * into buf; returns buf. */
char *result_key(const ResultMove *m, char *buf, size_t n);

/* Whether kind k is money (a monthly cost, an NPV, a cost per useful
 * GPU-hour) and so has a difference worth stating. */
bool result_is_money(ResultKind k);

#endif
