/* result_diff.c: every result that moves between two evaluated scenarios
 * (DESIGN 11.2); see result_diff.h. */
#include "config.h"

#include "result_diff.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Two numbers are the same result: both none (NAN), or the same as
 * cost_same says. */
static bool same_num(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return cost_same(a, b);
}

static bool same_cross(const Crossover *a, const Crossover *b)
{
    if (a->kind != b->kind || a->count != b->count)
        return false;
    for (size_t k = 0; k < a->count; k++)
        if (a->point[k].side != b->point[k].side ||
            fabs(a->point[k].pct - b->point[k].pct) > 1e-9)
            return false;
    return true;
}

static ResultMove *push(ResultDiff *d, ResultKind kind, CostOption o)
{
    if (d->count >= RESULT_DIFF_MAX)
        abort(); /* more kinds than the capacity: a broken invariant */
    ResultMove *m = &d->move[d->count++];
    memset(m, 0, sizeof *m);
    m->kind = kind;
    m->option = o;
    return m;
}

/* A number result: a move when the two differ. `exact` compares as
 * numbers (months, options, flags) rather than as money. */
static void num(ResultDiff *d, ResultKind kind, CostOption o, double a, double b, bool exact)
{
    bool same = exact ? (a == b || (isnan(a) && isnan(b))) : same_num(a, b);
    if (same)
        return;
    ResultMove *m = push(d, kind, o);
    m->old_value = a;
    m->new_value = b;
}

static unsigned advice_set(const CostResult *r)
{
    unsigned set = 0;
    for (size_t i = 0; i < r->advice_count; i++)
        set |= 1u << r->advice[i];
    return set;
}

static void hybrid_moves(ResultDiff *d, const HybridResult *a, const HybridResult *b)
{
    if (!a || !b) {
        if (a || b)
            num(d, RES_HYBRID_PRESENT, OPT_ONPREM, a != NULL, b != NULL, true);
        return;
    }
    num(d, RES_HYBRID_NODES, OPT_ONPREM, a->onprem_nodes, b->onprem_nodes, true);
    num(d, RES_HYBRID_ONPREM, OPT_ONPREM, a->onprem.monthly, b->onprem.monthly, false);
    num(d, RES_HYBRID_CLOUD, OPT_ONPREM, a->cloud.monthly, b->cloud.monthly, false);
    num(d, RES_HYBRID_TOTAL, OPT_ONPREM, a->total_monthly, b->total_monthly, false);
    num(d, RES_HYBRID_ALL_CLOUD, OPT_ONPREM, a->all_cloud.monthly, b->all_cloud.monthly,
        false);
    num(d, RES_HYBRID_ALL_ONPREM, OPT_ONPREM, a->all_onprem.monthly, b->all_onprem.monthly,
        false);
    num(d, RES_HYBRID_OPTIMUM_NODES, OPT_ONPREM, a->optimum.onprem_nodes,
        b->optimum.onprem_nodes, true);
    num(d, RES_HYBRID_OPTIMUM_TOTAL, OPT_ONPREM, a->optimum.total_monthly,
        b->optimum.total_monthly, false);
}

size_t result_diff(const ResultSide *from, const ResultSide *to, ResultDiff *d)
{
    const CostResult *a = from->cost, *b = to->cost;
    const HorizonResult *ha = from->horizon, *hb = to->horizon;
    d->count = 0;
    num(d, RES_USEFUL_HOURS, OPT_ONPREM, a->useful_gpu_hours_month,
        b->useful_gpu_hours_month, false);
    for (int o = 0; o < OPT_COUNT; o++)
        num(d, RES_MONTHLY, (CostOption)o, a->option[o].monthly, b->option[o].monthly, false);
    for (int o = 0; o < OPT_COUNT; o++)
        num(d, RES_PER_HOUR, (CostOption)o, a->option[o].per_useful_gpu_hour,
            b->option[o].per_useful_gpu_hour, false);
    for (int o = 0; o < OPT_COUNT; o++)
        num(d, RES_ALLOWED, (CostOption)o, a->option[o].allowed, b->option[o].allowed, true);
    num(d, RES_CHEAPEST, OPT_ONPREM, a->cheapest, b->cheapest, true);
    num(d, RES_ZONE, OPT_ONPREM, a->zone, b->zone, true);
    num(d, RES_ZONE_AGREES, OPT_ONPREM, a->zone_agrees, b->zone_agrees, true);
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++)
        if (!same_cross(&a->crossover[o], &b->crossover[o])) {
            ResultMove *m = push(d, RES_CROSSOVER, (CostOption)o);
            m->old_cross = a->crossover[o];
            m->new_cross = b->crossover[o];
        }
    unsigned aa = advice_set(a), ab = advice_set(b);
    if (aa != ab) {
        ResultMove *m = push(d, RES_ADVICE, OPT_ONPREM);
        m->old_advice = aa;
        m->new_advice = ab;
    }
    num(d, RES_MONTHS, OPT_ONPREM, ha->months, hb->months, true);
    for (int o = 0; o < OPT_COUNT; o++)
        num(d, RES_NPV, (CostOption)o, ha->npv[o], hb->npv[o], false);
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++)
        num(d, RES_BREAK_EVEN, (CostOption)o, ha->break_even[o], hb->break_even[o], true);
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++)
        num(d, RES_DISCOUNTED_BREAK_EVEN, (CostOption)o, ha->discounted_break_even[o],
            hb->discounted_break_even[o], true);
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++)
        num(d, RES_IRR, (CostOption)o, ha->irr_pct[o], hb->irr_pct[o], false);
    hybrid_moves(d, from->hybrid, to->hybrid);
    return d->count;
}

bool result_is_money(ResultKind k)
{
    switch (k) {
    case RES_MONTHLY:
    case RES_PER_HOUR:
    case RES_NPV:
    case RES_HYBRID_ONPREM:
    case RES_HYBRID_CLOUD:
    case RES_HYBRID_TOTAL:
    case RES_HYBRID_ALL_CLOUD:
    case RES_HYBRID_ALL_ONPREM:
    case RES_HYBRID_OPTIMUM_TOTAL:
        return true;
    default:
        return false;
    }
}

char *result_key(const ResultMove *m, char *buf, size_t n)
{
    /* The key, with the option's key where the '*' stands. */
    static const char *const key[RES_KIND_COUNT] = {
        [RES_USEFUL_HOURS] = "useful_gpu_hours_month",
        [RES_MONTHLY] = "options.*.monthly",
        [RES_PER_HOUR] = "options.*.per_useful_gpu_hour",
        [RES_ALLOWED] = "options.*.allowed",
        [RES_CHEAPEST] = "cheapest",
        [RES_ZONE] = "zone",
        [RES_ZONE_AGREES] = "zone_agrees",
        [RES_CROSSOVER] = "crossovers.*",
        [RES_ADVICE] = "advice",
        [RES_MONTHS] = "horizon.months",
        [RES_NPV] = "horizon.npv.*",
        [RES_BREAK_EVEN] = "horizon.break_even_month.*",
        [RES_DISCOUNTED_BREAK_EVEN] = "horizon.discounted_break_even_month.*",
        [RES_IRR] = "horizon.irr_pct.*",
        [RES_HYBRID_PRESENT] = "hybrid",
        [RES_HYBRID_NODES] = "hybrid.onprem_nodes",
        [RES_HYBRID_ONPREM] = "hybrid.onprem.monthly",
        [RES_HYBRID_CLOUD] = "hybrid.cloud.monthly",
        [RES_HYBRID_TOTAL] = "hybrid.total_monthly",
        [RES_HYBRID_ALL_CLOUD] = "hybrid.all_cloud.monthly",
        [RES_HYBRID_ALL_ONPREM] = "hybrid.all_onprem.monthly",
        [RES_HYBRID_OPTIMUM_NODES] = "hybrid.optimum.onprem_nodes",
        [RES_HYBRID_OPTIMUM_TOTAL] = "hybrid.optimum.total_monthly"};
    const char *k = (unsigned)m->kind < RES_KIND_COUNT ? key[m->kind] : "?";
    const char *star = strchr(k, '*');
    if (star)
        snprintf(buf, n, "%.*s%s%s", (int)(star - k), k, cost_option_key(m->option),
                 star + 1);
    else
        snprintf(buf, n, "%s", k);
    return buf;
}
