/* compare.c: two to four scenarios side by side (DESIGN 11.3); see
 * compare.h. */
#include "config.h"

#include "compare.h"

#include <math.h>
#include <string.h>

char compare_label(size_t i)
{
    return (char)('A' + (i < COMPARE_MAX ? i : COMPARE_MAX));
}

/* Whether scenarios a and b have the same curve of option o. */
static bool same_curve(const CostResult *a, const CostResult *b, CostOption o)
{
    if (a->option[o].allowed != b->option[o].allowed)
        return false;
    for (int k = 0; k < CURVE_POINTS; k++) {
        double x = a->curve[o][k], y = b->curve[o][k];
        if (isnan(x) || isnan(y) ? !(isnan(x) && isnan(y)) : !cost_same(x, y))
            return false;
    }
    return true;
}

/* The cheapest allowed option of every scenario (DESIGN 11.3). */
static void cheapest(const CompareInput *in, size_t n, Comparison *c)
{
    c->has_cheapest = false;
    for (size_t i = 0; i < n; i++)
        for (int o = 0; o < OPT_COUNT; o++) {
            const OptionCost *oc = &in[i].cost->option[o];
            if (!oc->allowed || !isfinite(oc->monthly))
                continue;
            if (!c->has_cheapest || cost_less(oc->monthly, c->cheapest_monthly)) {
                c->has_cheapest = true;
                c->cheapest_scenario = i;
                c->cheapest_option = (CostOption)o;
                c->cheapest_monthly = oc->monthly;
            }
        }
    for (size_t i = 0; i < n; i++) {
        const CostResult *r = in[i].cost;
        c->above_cheapest[i] = NAN;
        c->tied[i] = false;
        if (!c->has_cheapest || !r->option[r->cheapest].allowed)
            continue;
        double own = r->option[r->cheapest].monthly;
        c->tied[i] = i == c->cheapest_scenario || cost_same(own, c->cheapest_monthly);
        c->above_cheapest[i] = c->tied[i] ? 0 : own - c->cheapest_monthly;
    }
}

void compare_evaluate(const CompareInput *in, size_t n, Comparison *c)
{
    memset(c, 0, sizeof *c);
    if (n < COMPARE_MIN || n > COMPARE_MAX)
        return;
    c->count = n;
    const Scenario *s0 = in[0].scenario;
    for (size_t i = 1; i < n; i++) {
        const Scenario *s = in[i].scenario;
        if (strcmp(s->currency, s0->currency) != 0)
            c->notes |= COMPARE_CURRENCY;
        if (strcmp(s->hardware.gpu_model, s0->hardware.gpu_model) != 0)
            c->notes |= COMPARE_GPU_MODEL;
        if (!cost_same(in[i].cost->useful_gpu_hours_month,
                       in[0].cost->useful_gpu_hours_month))
            c->notes |= COMPARE_WORK;
        if (in[i].horizon->months != in[0].horizon->months)
            c->notes |= COMPARE_HORIZON;
    }
    if (c->notes & COMPARE_GPU_MODEL)
        c->notes &= ~(unsigned)COMPARE_WORK; /* said by the GPU models */
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        c->cloud_shared[o] = true;
        for (size_t i = 1; i < n; i++)
            c->cloud_shared[o] &= same_curve(in[0].cost, in[i].cost, (CostOption)o);
        if (!c->cloud_shared[o])
            c->notes |= COMPARE_CLOUD;
    }
    if (!(c->notes & COMPARE_CURRENCY))
        cheapest(in, n, c);
    else
        for (size_t i = 0; i < n; i++)
            c->above_cheapest[i] = NAN;
}
