/* compare.h: two to four scenarios side by side (DESIGN 11.3), the data of
 * `gpuplan compare` and of the planner's :compare.
 *
 * The scenarios are alternatives for one demand (4 H100 nodes or 2 B200
 * nodes, colocation or an own data centre, a 1- or a 3-year commitment), so
 * the one that costs least a month wins: the cheapest is the allowed option
 * with the lowest levelized monthly cost over every scenario (a tie goes to
 * the earlier scenario, then the earlier option; the scenarios whose own
 * cheapest costs the same are said to tie with it). What keeps two figures
 * from being comparable is said, never hidden: different currencies (no
 * cheapest then), different GPU models (a GPU-hour is not the same work),
 * different useful work, different horizons (NPVs over different periods),
 * and cloud curves that are not shared. Pure: no allocation, no I/O. */
#ifndef GPUPLAN_COMPARE_H
#define GPUPLAN_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "cost.h"
#include "horizon.h"
#include "scenario.h"

#define COMPARE_MIN 2
#define COMPARE_MAX 4

/* One scenario as the comparison reads it. */
typedef struct CompareInput {
    const Scenario *scenario;
    const CostResult *cost;       /* cost_evaluate(scenario) */
    const HorizonResult *horizon; /* horizon_evaluate(scenario) */
} CompareInput;

/* Why figures of different scenarios may not compare (bits of .notes). */
enum {
    COMPARE_CURRENCY = 1u << 0,  /* currencies differ: no cheapest */
    COMPARE_GPU_MODEL = 1u << 1, /* hardware.gpu_model differs */
    COMPARE_WORK = 1u << 2,      /* same GPU model, different useful work */
    COMPARE_HORIZON = 1u << 3,   /* horizons of different lengths */
    COMPARE_CLOUD = 1u << 4      /* some cloud curve is not shared */
};

typedef struct Comparison {
    size_t count; /* scenarios, COMPARE_MIN..COMPARE_MAX */
    /* The cheapest allowed option over every scenario, when the currencies
     * agree (has_cheapest); its levelized monthly cost. */
    bool has_cheapest;
    size_t cheapest_scenario;
    CostOption cheapest_option;
    double cheapest_monthly;
    /* Each scenario's own cheapest option's monthly cost above the overall
     * cheapest (0 for the scenario that has it; NAN without one), and
     * whether it costs the same as the cheapest (cost_same): a tie, which
     * the cheapest scenario has with itself. */
    double above_cheapest[COMPARE_MAX];
    bool tied[COMPARE_MAX];
    /* Whether every scenario has the same curve of cloud option o
     * (cost per useful GPU-hour at 1..100%, as cost_same says, and the
     * same allowed flag); [OPT_ONPREM] is false. */
    bool cloud_shared[OPT_COUNT];
    unsigned notes; /* COMPARE_* */
} Comparison;

/* Compare in[0..n) (COMPARE_MIN <= n <= COMPARE_MAX, each evaluated) into
 * *c. A count outside the range gives count 0 and nothing else. */
void compare_evaluate(const CompareInput *in, size_t n, Comparison *c);

/* The label of scenario i in tables and charts: "A", "B", "C", "D". */
char compare_label(size_t i);

#endif
