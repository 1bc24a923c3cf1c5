/* hybrid_opt.c: the sizes a hybrid plan is compared at (DESIGN 6): the
 * all-on-prem cluster that keeps every wait target, and the node count
 * with the cheapest total under the plan's own rules. The optimizer is
 * exact because it evaluates every size (hybrid_run.c makes a size cheap
 * where it does not bind). */
#include "config.h"

#include "hybrid_bound.h"
#include "hybrid_sim.h"

#include "cost.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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

/* True when every workload with a wait target keeps it in run st, and
 * every job starts by the end of the period (DESIGN 6.2). */
static bool targets_kept(const HybridCtx *c, const HybridSimStats *st)
{
    if (st->unserved_jobs > 0)
        return false;
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

/* One size of the all-on-prem search at n nodes into *st: 1 when it keeps
 * every target (a size that holds the peak always does), 0 when not; 2
 * when cancelled (r->cancelled); -1 when the source failed. */
static int try_size(const HybridCtx *c, HybridScratch *sc, const Baseline *ao,
                    int64_t n, bool any_target, HybridSimStats *st,
                    HybridResult *r)
{
    Diag d;
    bool full = n * c->gpn >= ao->peak;
    /* A run that misses a target for certain stops there: this size
     * fails (and its figures are not kept). */
    bool stop = !(sc->test_mode & HYBRID_TEST_FULL_SEARCH);
    int rc = any_target && !full && stop
                 ? hybrid_run_targets(c, sc, ao, n, st, &d)
                 : hybrid_run(c, sc, ao, n, ROUTE_ALL_ONPREM, any_target && !full,
                              false, st, &d);
    if (rc < 0)
        return source_failed(r, d.message);
    if (rc == 4)
        return 0;
    if (st->cancelled) {
        r->cancelled = true;
        return 2;
    }
    return full || targets_kept(c, st) ? 1 : 0;
}

int hybrid_all_onprem(const HybridCtx *c, HybridScratch *sc,
                      int64_t plan_nodes, HybridResult *r, size_t *searched)
{
    /* A cluster that holds the unlimited cluster's peak makes every wait
     * 0, so the search ends. */
    Diag d;
    Baseline ao;
    if (hybrid_baseline_build(c, sc, ROUTE_ALL_ONPREM, &ao, &d) != 0)
        return source_failed(r, d.message);
    bool any_target;
    int64_t need = first_size(c, plan_nodes, &any_target);
    /* Fewer nodes leave a job unstarted at the period's end, and so miss
     * the targets whatever the order of the queue (DESIGN 6.5). */
    if (c->gpn > 0 && !(sc->test_mode & HYBRID_TEST_LINEAR) &&
        (ao.need + c->gpn - 1) / c->gpn > need)
        need = (ao.need + c->gpn - 1) / c->gpn;
    /* Progress steps: the plan, each size the search tries, each size of
     * the optimizer. Until the search ends, its last possible size (the
     * peak's) bounds both counts. */
    int64_t n_max = need;
    if (c->gpn > 0 && (ao.peak + c->gpn - 1) / c->gpn > n_max)
        n_max = (ao.peak + c->gpn - 1) / c->gpn;
    size_t bound = 1 + (size_t)(n_max - need + 1) + (size_t)n_max + 1;
    /* Under strict order with one priority a job starts no later on a
     * larger cluster (DESIGN 6.5), so a size that keeps the targets
     * bounds the answer: steps of 1, 2, 4... up from need, then halving.
     * Otherwise one size after the other. */
    bool halve = hybrid_run_strict(c, sc, ROUTE_ALL_ONPREM) &&
                 !(sc->test_mode & HYBRID_TEST_LINEAR);
    HybridSimStats st, kept;
    int64_t lo = need - 1, hi = -1; /* fails at lo; keeps at hi */
    size_t steps = 0;
    for (int64_t step = 1; hi < 0 || hi - lo > 1;) {
        int64_t n = hi < 0 ? lo + step : lo + (hi - lo) / 2;
        if (n > n_max)
            n = n_max;
        int rc = try_size(c, sc, &ao, n, any_target, &st, r);
        if (rc != 0 && rc != 1)
            return rc;
        hybrid_progress(sc, 1 + ++steps, bound);
        if (rc == 1) {
            hi = n;
            kept = st;
        } else {
            lo = n;
            if (halve)
                step *= 2;
        }
    }
    r->all_onprem.nodes = (double)hi;
    r->all_onprem.utilization_pct = kept.utilization * 100;
    r->all_onprem.monthly = kept.total_monthly;
    *searched = 1 + steps;
    return 0;
}

/* The cheapest size overall (DESIGN 6.3). When the optimum under the
 * plan's rules costs more than all on-prem, the rules that send work to
 * the cloud at the optimum's size make it so: count each workload's cloud
 * jobs there and say so. base: the plan's baseline, built last. */
static int dearer_than_all_onprem(const HybridCtx *c, HybridScratch *sc,
                                  const Baseline *base, HybridResult *r)
{
    r->cheapest.all_onprem = false;
    r->cheapest.onprem_nodes = r->optimum.onprem_nodes;
    r->cheapest.total_monthly = r->optimum.total_monthly;
    /* Dearer by more than rounding (DESIGN 2.4): a total one ulp above is
     * the same money. */
    if (!cost_less(r->all_onprem.monthly, r->optimum.total_monthly))
        return 0;
    Diag d;
    HybridSimStats st;
    if (hybrid_run(c, sc, base, (int64_t)r->optimum.onprem_nodes, ROUTE_PLAN,
                   false, true, &st, &d) < 0)
        return source_failed(r, d.message);
    if (st.cancelled || hybrid_cancelled(sc)) {
        r->cancelled = true;
        return 2;
    }
    r->cheapest.all_onprem = true;
    r->cheapest.onprem_nodes = r->all_onprem.nodes;
    r->cheapest.total_monthly = r->all_onprem.monthly;
    /* Why, by rule: the workloads whose jobs the rules send to the cloud
     * (run: cloud; burst past its limit; on-prem jobs larger than the
     * optimum's cluster), and work left unserved, finished there. */
    size_t by_run[3] = {0, 0, 0};
    for (size_t w = 0; w < c->nw; w++) {
        r->workloads[w].optimum_cloud_jobs = (double)st.workload[w].cloud_jobs;
        if (st.workload[w].cloud_jobs > 0)
            by_run[c->p->workloads[w].run]++;
    }
    const char *why[4];
    size_t n = 0;
    if (by_run[RUN_CLOUD])
        why[n++] = "run: cloud workloads never run on-prem";
    if (by_run[RUN_BURST])
        why[n++] = "burst workloads go to the cloud past their wait limit";
    if (by_run[RUN_ONPREM])
        why[n++] = "on-prem jobs too large for its nodes run in the cloud";
    if (st.unserved_jobs > 0)
        why[n++] = "unserved jobs finish in the cloud";
    char list[HYBRID_WARNING_BYTES] = "";
    for (size_t i = 0, at = 0; i < n && at < sizeof list; i++)
        at += (size_t)snprintf(list + at, sizeof list - at, "%s%s",
                               i ? "; " : "", why[i]);
    /* Too long a list ends in an ellipsis (hybrid_result_warn). */
    hybrid_result_warn(r,
         "the optimum under the plan's rules (%.0f nodes) costs more than all "
         "on-prem on %.0f nodes, the cheapest size overall: %s",
         r->optimum.onprem_nodes, r->all_onprem.nodes, list);
    return 0;
}

/* A plan this small (jobs x sizes) simulates every size, and its by_nodes
 * has every total (DESIGN 6.6). */
#define PRUNE_FROM 250000.0

/* The run of size n into by_nodes (and *st); 0, or what hybrid_optimize
 * returns when it stops. With least > 0 (the least total found so far) the
 * run may give up (hybrid_run_below): then by_nodes has its bound instead
 * of a total, and st->total_monthly is NAN. */
static int size_run(const HybridCtx *c, HybridScratch *sc, const Baseline *base,
                    int64_t n, double least, HybridSimStats *st,
                    HybridResult *r)
{
    Diag d;
    double bound;
    int rc = least > 0 && least < INFINITY
                 ? hybrid_run_below(c, sc, base, n, least, &bound, st, &d)
                 : hybrid_run(c, sc, base, n, ROUTE_PLAN, false, true, st, &d);
    if (rc < 0)
        return source_failed(r, d.message);
    if (rc == 3) {
        sc->mem->by_nodes[n].lower_bound_monthly = bound;
        st->total_monthly = NAN;
        return 0;
    }
    /* A size past the peak is priced without a simulation, so without
     * the simulation's own checks: look at the flag here too (DESIGN 7;
     * 100,000 such sizes take about 0.1 s). */
    if (st->cancelled || hybrid_cancelled(sc)) {
        r->cancelled = true;
        return 2;
    }
    sc->mem->by_nodes[n].total_monthly = st->total_monthly;
    sc->mem->sizes->unserved_at[n] = st->unserved_jobs;
    return 0;
}

static int by_bound(const void *a, const void *b)
{
    const HybridSizeOrder *x = a, *y = b;
    if (x->bound != y->bound)
        return x->bound < y->bound ? -1 : 1;
    return (x->n > y->n) - (x->n < y->n);
}

/* True when the sizes from order[at] on may be left out (DESIGN 6.6):
 * their bounds are at least L = order[at].bound, the least total found,
 * v > 0, is below L by more than rounding, and no total found lies within
 * rounding below L. Then every size left out is dearer than every total
 * below L by more than rounding, and the scan in size order picks what it
 * picks with them. (choice_kept checks it again over every size left
 * out.) */
static bool rest_ruled_out(const HybridMem *mem, const HybridSizeOrder *order,
                           size_t at, double v)
{
    double l = order[at].bound;
    if (!(v > 0) || !cost_less(v, l))
        return false;
    for (size_t i = 0; i < at; i++) {
        double t = mem->by_nodes[order[i].n].total_monthly;
        if (t < l && !cost_less(t, l))
            return false;
    }
    return true;
}

/* True when the sizes without a total (left out by their bound, or whose
 * run gave up at its own bound) cannot change the choice (DESIGN 6.6):
 * with L the least of their bounds, the least total v > 0 is below L by
 * more than rounding, and no total lies within rounding below L. */
static bool choice_kept(const HybridMem *mem, size_t sizes)
{
    double l = INFINITY, v = INFINITY;
    for (size_t n = 0; n < sizes; n++) {
        double t = mem->by_nodes[n].total_monthly;
        if (isnan(t)) {
            double b = mem->by_nodes[n].lower_bound_monthly;
            l = isnan(b) || b < l ? (isnan(b) ? -INFINITY : b) : l;
        } else if (t < v) {
            v = t;
        }
    }
    if (l == INFINITY)
        return true; /* every size has its total */
    if (!(v > 0) || !cost_less(v, l))
        return false;
    for (size_t n = 0; n < sizes; n++) {
        double t = mem->by_nodes[n].total_monthly;
        if (!isnan(t) && t < l && !cost_less(t, l))
            return false;
    }
    return true;
}

/* The sizes of `order` (n = 0 first, then by bound) simulated until the
 * rest are ruled out. The plan's own size was simulated for the plan
 * itself: its total is known from the start (the same total, DESIGN 6.6),
 * so the least total starts there. A run may give up once its own bound
 * shows it dearer than the least total found (hybrid_run_below). Should
 * the sizes left out fail choice_kept at the end, every one of them is
 * simulated whole. */
static int pruned_runs(const HybridCtx *c, HybridScratch *sc,
                       const Baseline *base, size_t sizes, size_t searched,
                       HybridResult *r)
{
    HybridMem *mem = sc->mem;
    HybridSizeOrder *order = mem->sizes->order;
    bool prune = !(sc->test_mode & HYBRID_TEST_BOUNDS);
    double least = INFINITY;
    HybridSimStats st;
    size_t plan = (size_t)r->onprem_nodes;
    bool plan_known = prune && plan < sizes;
    if (plan_known) {
        mem->by_nodes[plan].total_monthly = r->total_monthly;
        mem->sizes->unserved_at[plan] = (size_t)r->unserved.jobs;
        least = r->total_monthly;
    }
    size_t done = 0;
    for (; done < sizes; done++) {
        if (prune && done > 0 && rest_ruled_out(mem, order, done, least))
            break;
        if (plan_known && (size_t)order[done].n == plan)
            continue;
        /* Size 0 always has its total: the scan in size order starts
         * there. */
        int rc = size_run(c, sc, base, order[done].n,
                          prune && order[done].n > 0 ? least : INFINITY, &st,
                          r);
        if (rc != 0)
            return rc;
        if (st.total_monthly < least)
            least = st.total_monthly;
        hybrid_progress(sc, searched + done + 1, searched + sizes);
    }
    if (!choice_kept(mem, sizes))
        for (size_t n = 0; n < sizes; n++) {
            if (!isnan(mem->by_nodes[n].total_monthly))
                continue;
            mem->by_nodes[n].lower_bound_monthly =
                hybrid_size_bound(c, sc, (int64_t)n);
            int rc = size_run(c, sc, base, (int64_t)n, INFINITY, &st, r);
            if (rc != 0)
                return rc;
        }
    hybrid_progress(sc, searched + sizes, searched + sizes);
    return 0;
}

/* Every size's bound into by_nodes and `order`: n = 0 first (the scan in
 * size order starts there), then by bound, ties by size. */
static int size_bounds(const HybridCtx *c, HybridScratch *sc, size_t sizes,
                       HybridResult *r)
{
    HybridMem *mem = sc->mem;
    HybridSizesMem *z = mem->sizes;
    if (sizes > z->order_cap) {
        if (!hybrid_grow(&z->order, sizes, sizeof *z->order)) {
            hybrid_result_warn(r, "not enough memory to list %zu sizes",
                               sizes);
            return -2;
        }
        z->order_cap = sizes;
    }
    if (hybrid_bound_setup(c, mem) != 0) {
        hybrid_result_warn(r, "not enough memory to order %zu job classes",
                           c->nc);
        return -2;
    }
    for (size_t n = 0; n < sizes; n++) {
        if (n % 1024 == 0 && hybrid_cancelled(sc)) {
            r->cancelled = true;
            return 2;
        }
        double b = hybrid_size_bound(c, sc, (int64_t)n);
        mem->by_nodes[n].lower_bound_monthly = b;
        z->order[n] = (HybridSizeOrder){b, (int64_t)n};
    }
    if (sizes > 2)
        qsort(z->order + 1, sizes - 1, sizeof *z->order, by_bound);
    return 0;
}

int hybrid_optimize(const HybridCtx *c, HybridScratch *sc, size_t searched,
                    const Baseline *plan_base, HybridResult *r)
{
    /* Unless it ran first, the all-on-prem search left its own jobs in
     * the cache. */
    Diag d;
    Baseline base;
    if (plan_base)
        base = *plan_base;
    else if (hybrid_baseline_build(c, sc, ROUTE_PLAN, &base, &d) != 0)
        return source_failed(r, d.message);
    int64_t n_all = (int64_t)r->all_onprem.nodes;
    size_t sizes = (size_t)n_all + 1;
    HybridMem *mem = sc->mem;
    if (!mem->sizes && !(mem->sizes = calloc(1, sizeof *mem->sizes))) {
        hybrid_result_warn(r, "not enough memory to list %zu sizes", sizes);
        return -2;
    }
    HybridSizesMem *z = mem->sizes;
    if (sizes > mem->by_nodes_capacity || sizes > z->unserved_cap) {
        if (!hybrid_grow(&mem->by_nodes, sizes, sizeof *mem->by_nodes) ||
            !hybrid_grow(&z->unserved_at, sizes, sizeof *z->unserved_at)) {
            hybrid_result_warn(r, "not enough memory to list %zu sizes",
                               sizes);
            return -2;
        }
        mem->by_nodes_capacity = z->unserved_cap = sizes;
    }
    for (size_t n = 0; n < sizes; n++)
        mem->by_nodes[n] = (HybridNodesTotal){(double)n, NAN, NAN};
    /* A small plan simulates every size in order, as does the exhaustive
     * search of the tests; a large one only those its bound does not rule
     * out (DESIGN 6.6). */
    bool every = !(sc->test_mode & (HYBRID_TEST_PRUNE | HYBRID_TEST_BOUNDS)) &&
                 ((sc->test_mode & HYBRID_TEST_LINEAR) ||
                  (double)c->count * (double)sizes <= PRUNE_FROM);
    HybridSimStats st;
    size_t plan = (size_t)r->onprem_nodes;
    if (every) {
        /* The plan's own size was simulated for the plan itself, with the
         * same total (DESIGN 6.6): only the exhaustive search of the tests
         * simulates it again. */
        bool plan_known = !(sc->test_mode & HYBRID_TEST_LINEAR);
        for (size_t n = 0; n < sizes; n++) {
            if (plan_known && n == plan) {
                mem->by_nodes[n].total_monthly = r->total_monthly;
                z->unserved_at[n] = (size_t)r->unserved.jobs;
            } else {
                int rc = size_run(c, sc, &base, (int64_t)n, INFINITY, &st, r);
                if (rc != 0)
                    return rc;
            }
            hybrid_progress(sc, searched + n + 1, searched + sizes);
        }
    } else {
        int rc = size_bounds(c, sc, sizes, r);
        if (rc == 0)
            rc = pruned_runs(c, sc, &base, sizes, searched, r);
        if (rc != 0)
            return rc;
        /* The plan's own size was simulated first, with the same total
         * (a total at or above its bound, so the choice stays the same,
         * DESIGN 6.6). */
        if (plan < sizes && isnan(mem->by_nodes[plan].total_monthly)) {
            mem->by_nodes[plan].total_monthly = r->total_monthly;
            z->unserved_at[plan] = (size_t)r->unserved.jobs;
        }
    }
    /* The cheapest in size order: a tie keeps fewer nodes, and totals
     * that differ by rounding only are a tie (DESIGN 2.4). A size left out
     * never wins (DESIGN 6.6). */
    r->optimum.onprem_nodes = 0;
    r->optimum.total_monthly = INFINITY;
    for (size_t n = 0; n < sizes; n++) {
        double t = mem->by_nodes[n].total_monthly;
        if (isnan(t))
            continue;
        if (n == 0 || cost_less(t, r->optimum.total_monthly)) {
            r->optimum.onprem_nodes = (double)n;
            r->optimum.total_monthly = t;
        }
    }
    r->optimum.unserved_jobs =
        (double)z->unserved_at[(size_t)r->optimum.onprem_nodes];
    r->by_nodes = mem->by_nodes;
    r->by_nodes_count = sizes;
    return dearer_than_all_onprem(c, sc, &base, r);
}
