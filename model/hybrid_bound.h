/* hybrid_bound.h: a lower bound of a hybrid plan's total at a node count
 * (DESIGN 6.6, hybrid_bound.c); private to model/hybrid*.c. */
#ifndef GPUPLAN_HYBRID_BOUND_H
#define GPUPLAN_HYBRID_BOUND_H

#include "hybrid_sim.h"

/* A size the optimizer may try, by its lower bound. */
typedef struct HybridSizeOrder {
    double bound;
    int64_t n;
} HybridSizeOrder;

/* The optimizer's memory besides by_nodes (HybridMem.sizes): each size's
 * unserved jobs, the classes by their cloud bill a GPU-minute, and the
 * sizes in the order they are tried. */
typedef struct HybridSizesMem {
    size_t *unserved_at;
    size_t unserved_cap;
    uint32_t *by_rate;
    size_t by_rate_cap;
    bool bound_ok; /* the rates allow a bound */
    HybridSizeOrder *order;
    size_t order_cap;
} HybridSizesMem;

/* Before hybrid_size_bound() on c's classes (mem->sizes set): sorts them
 * by their cloud bill a GPU-minute. 0, or -1 when memory is short. */
int hybrid_bound_setup(const HybridCtx *c, HybridMem *mem);

/* A lower bound of the total_monthly of any run of the plan's routing at
 * n nodes (DESIGN 6.6), with two on-prem prices from the cost engine and
 * a pass over the classes; -INFINITY when the plan's rates allow none. */
double hybrid_size_bound(const HybridCtx *c, HybridScratch *sc, int64_t n);

/* The same in two steps, so that a run can bound its own total as it goes
 * (DESIGN 6.6): begin computes what depends on n alone (the on-prem line
 * through the cost engine), at gives the bound when, besides the forced
 * work, the jobs cloud[k] of each class are known to end in the cloud
 * (cloud NULL: none; at(NULL) is hybrid_size_bound bit for bit). */
typedef struct SizeBound {
    int64_t n, cap;
    double a, s, slope_u, bmax;
} SizeBound;
void hybrid_bound_begin(const HybridCtx *c, HybridScratch *sc, int64_t n,
                        SizeBound *b);
double hybrid_bound_at(const HybridCtx *c, const HybridScratch *sc,
                       const SizeBound *b, const size_t *cloud);

/* hybrid_run (hybrid_run.c) of the plan's routing at `nodes` for the
 * optimizer (cost only), which gives up when the total cannot be below
 * `least` (DESIGN 6.6): after each stretch it bounds its total with
 * hybrid_bound_at, the jobs it has sent to the cloud known to be there,
 * and stops once least > 0 is below that by more than rounding. Returns
 * what hybrid_run returns, or 3 when it gave up, with that bound in
 * *bound (st is then not filled in). */
int hybrid_run_below(const HybridCtx *c, HybridScratch *sc,
                     const Baseline *base, int64_t nodes, double least,
                     double *bound, HybridSimStats *st, Diag *d);

/* The pass that finds Baseline.need (below): the work of the on-prem
 * jobs not yet read, the minute all of it must end by, the minute of the
 * last job read. */
typedef struct NeedScan {
    int64_t left, end, last, need;
    bool off; /* the work overflows: no figure */
} NeedScan;

/* The fewest GPUs that can start every on-prem job of `route` within the
 * period (DESIGN 6.5): a job submitted at minute t starts at t or later
 * and, to be served, by the period's end, so the work submitted from t on
 * ends by period + D (D the longest job) and needs at least that work /
 * (period + D - t) GPUs, for every t. Begin, then give every job in
 * stream order (the on-prem ones; class k, minute t), then end: the
 * figure, or 0 when there is none (the work overflows, or the jobs given
 * were not the classes' counts). Only the all-on-prem search reads it, so
 * under any other route the scan is off from the start and each job
 * costs a test (the baseline of every run builds one). */
void hybrid_need_begin(const HybridCtx *c, Routing route, NeedScan *s);
void hybrid_need_step(const HybridCtx *c, NeedScan *s, size_t k, int64_t t);
static inline void hybrid_need_job(const HybridCtx *c, NeedScan *s, size_t k,
                                   int64_t t)
{
    if (!s->off)
        hybrid_need_step(c, s, k, t);
}
int64_t hybrid_need_end(const NeedScan *s);

#endif
