/* hybrid_opt.c: the sizes a hybrid plan is compared at (DESIGN 6): the
 * all-on-prem cluster that keeps every wait target, and the node count
 * with the cheapest total under the plan's own rules. The optimizer is
 * exact because it evaluates every size (hybrid_run.c makes a size cheap
 * where it does not bind). */
#include "config.h"

#include "hybrid_sim.h"

#include <math.h>

/* The smallest size the all-on-prem search may start at: the plan's, or
 * the one that holds the largest job; *any_target: some workload has a
 * wait target. */
static int64_t first_size(const HybridCtx *c, int64_t plan_nodes,
                          bool *any_target)
{
    int64_t need = plan_nodes;
    *any_target = false;
    for (size_t k = 0; k < c->nc; k++)
        if (c->cls[k].count > 0 && c->gpn > 0) {
            int64_t n = (c->cls[k].g + c->gpn - 1) / c->gpn;
            if (n > need)
                need = n;
        }
    for (size_t w = 0; w < c->nw; w++)
        *any_target = *any_target || c->target[w];
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

/* A streamed source failed in the middle of the evaluation: say so. */
static int source_failed(HybridResult *r, const char *msg)
{
    hybrid_result_warn(r, "%s", msg);
    return -1;
}

int hybrid_all_onprem(const HybridCtx *c, HybridScratch *sc,
                      int64_t plan_nodes, HybridResult *r, size_t *searched)
{
    /* A cluster that holds the unlimited cluster's peak makes every wait
     * 0, so the search ends. */
    char msg[HYBRID_WARNING_BYTES] = "";
    Baseline ao;
    if (hybrid_baseline_build(c, sc, ROUTE_ALL_ONPREM, &ao, msg,
                              sizeof msg) != 0)
        return source_failed(r, msg);
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
        if (hybrid_run(c, sc, &ao, n_all, ROUTE_ALL_ONPREM,
                       any_target && !full, false, &st, msg, sizeof msg) < 0)
            return source_failed(r, msg);
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
    /* The all-on-prem search left its own jobs in the cache. */
    char msg[HYBRID_WARNING_BYTES] = "";
    Baseline base;
    if (hybrid_baseline_build(c, sc, ROUTE_PLAN, &base, msg, sizeof msg) != 0)
        return source_failed(r, msg);
    int64_t n_all = (int64_t)r->all_onprem.nodes;
    size_t sizes = (size_t)n_all + 1;
    HybridMem *mem = sc->mem;
    if (sizes > mem->by_nodes_capacity) {
        if (!hybrid_grow(&mem->by_nodes, sizes, sizeof *mem->by_nodes)) {
            hybrid_result_warn(r, "not enough memory to list %zu sizes",
                               sizes);
            return -2;
        }
        mem->by_nodes_capacity = sizes;
    }
    r->optimum.onprem_nodes = 0;
    r->optimum.total_monthly = INFINITY;
    HybridSimStats st;
    for (int64_t n = 0; n <= n_all; n++) {
        if (hybrid_run(c, sc, &base, n, ROUTE_PLAN, false, true, &st, msg,
                       sizeof msg) < 0)
            return source_failed(r, msg);
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
        mem->by_nodes[n].onprem_nodes = (double)n;
        mem->by_nodes[n].total_monthly = st.total_monthly;
        hybrid_progress(sc, searched + (size_t)n + 1, searched + sizes);
    }
    r->by_nodes = mem->by_nodes;
    r->by_nodes_count = sizes;
    return 0;
}
