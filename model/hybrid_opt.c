/* hybrid_opt.c: the sizes a hybrid plan is compared at (DESIGN 6): the
 * all-on-prem cluster that keeps every wait target, and the node count
 * with the cheapest total under the plan's own rules. The optimizer is
 * exact because it evaluates every size (hybrid_run.c makes a size cheap
 * where it does not bind). */
#include "config.h"

#include "hybrid_sim.h"

#include <math.h>
#include <stdlib.h>

/* The smallest size the all-on-prem search may start at: the plan's, or
 * the one that holds the largest job; *any_target: some workload has a
 * wait target. */
static int64_t first_size(const HybridCtx *c, int64_t plan_nodes,
                          bool *any_target)
{
    int64_t need = plan_nodes;
    *any_target = false;
    for (size_t w = 0; w < c->nw; w++) {
        if (c->off[w + 1] > c->off[w] && c->gpn > 0) {
            int64_t k = (c->g[w] + c->gpn - 1) / c->gpn;
            if (k > need)
                need = k;
        }
        *any_target = *any_target || c->target[w];
    }
    return need;
}

/* True when every workload with a wait target keeps it in run st. */
static bool targets_kept(const HybridCtx *c, const HybridSimStats *st)
{
    for (size_t w = 0; w < c->nw; w++)
        if (c->target[w] && !isnan(st->workload[w].wait_p95) &&
            !(st->workload[w].wait_p95 <= c->limit[w]))
            return false;
    return true;
}

int hybrid_all_onprem(const HybridCtx *c, HybridScratch *sc,
                      int64_t plan_nodes, HybridResult *r, size_t *searched)
{
    /* A cluster that holds the unlimited cluster's peak makes every wait
     * 0, so the search ends. */
    Baseline ao;
    hybrid_baseline_build(c, sc, ROUTE_ALL_ONPREM, &ao);
    bool any_target;
    int64_t need = first_size(c, plan_nodes, &any_target);
    /* Progress steps: the plan, each size the search tries, each size of
     * the optimizer. Until the search ends, its last possible size (the
     * peak's) bounds both counts. */
    int64_t n_max = need;
    if (any_target && c->gpn > 0 && (ao.peak + c->gpn - 1) / c->gpn > n_max)
        n_max = (ao.peak + c->gpn - 1) / c->gpn;
    size_t bound = 1 + (size_t)(n_max - need + 1) + (size_t)n_max + 1;
    HybridSimStats st;
    int64_t n_all = need;
    for (;; n_all++) {
        bool full = n_all * c->gpn >= ao.peak;
        hybrid_run(c, sc, &ao, n_all, ROUTE_ALL_ONPREM, any_target && !full,
                   false, &st);
        if (st.cancelled) {
            r->cancelled = true;
            return 2;
        }
        hybrid_progress(sc, 1 + (size_t)(n_all - need + 1), bound);
        if (!any_target || full || targets_kept(c, &st))
            break;
    }
    r->all_onprem.nodes = (double)n_all;
    r->all_onprem.utilization_pct = st.utilization * 100;
    r->all_onprem.monthly = st.total_monthly;
    *searched = 1 + (size_t)(n_all - need + 1);
    return 0;
}

int hybrid_optimize(const HybridCtx *c, HybridScratch *sc, size_t searched,
                    HybridResult *r)
{
    /* The all-on-prem search left its own jobs in the scratch. */
    Baseline base;
    hybrid_baseline_build(c, sc, ROUTE_PLAN, &base);
    int64_t n_all = (int64_t)r->all_onprem.nodes;
    size_t sizes = (size_t)n_all + 1;
    if (sizes > sc->by_nodes_capacity) {
        HybridNodesTotal *b = realloc(sc->by_nodes, sizes * sizeof *b);
        if (!b) {
            hybrid_result_warn(r, "not enough memory to list %zu sizes",
                               sizes);
            return -2;
        }
        sc->by_nodes = b;
        sc->by_nodes_capacity = sizes;
    }
    r->optimum.onprem_nodes = 0;
    r->optimum.total_monthly = INFINITY;
    HybridSimStats st;
    for (int64_t n = 0; n <= n_all; n++) {
        hybrid_run(c, sc, &base, n, ROUTE_PLAN, false, true, &st);
        /* A size past the peak is priced without a simulation, so without
         * the simulation's own checks: look at the flag here too (DESIGN 7;
         * 100,000 such sizes take about 0.1 s). */
        if (st.cancelled || hybrid_cancelled(sc)) {
            r->cancelled = true;
            return 2;
        }
        /* Exact comparison: a tie keeps fewer nodes. */
        if (st.total_monthly < r->optimum.total_monthly) {
            r->optimum.onprem_nodes = (double)n;
            r->optimum.total_monthly = st.total_monthly;
        }
        sc->by_nodes[n].onprem_nodes = (double)n;
        sc->by_nodes[n].total_monthly = st.total_monthly;
        hybrid_progress(sc, searched + (size_t)n + 1, searched + sizes);
    }
    r->by_nodes = sc->by_nodes;
    r->by_nodes_count = sizes;
    return 0;
}
