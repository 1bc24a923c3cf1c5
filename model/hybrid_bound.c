/* hybrid_bound.c: a lower bound of a hybrid plan's total at a node count,
 * without simulating it (DESIGN 6.6), so that the optimizer can leave out
 * the sizes that cannot be the cheapest.
 *
 * At n nodes (cap = n x gpus_per_node GPUs) a run's total is
 *
 *   M_onprem(u) + m s (sum over cloud and unserved jobs of gh x price) + K
 *
 * with K once any job ends in the cloud. What the bound uses, each a rule
 * of the simulation:
 * - A job of a `cloud` workload always runs in the cloud, and so does a
 *   job larger than the cluster (every job at 0 nodes): "forced" work,
 *   whose bill is known exactly.
 * - The other jobs' work W (GPUs x on-prem minutes) is on-prem inside the
 *   period (B, busy GPU-minutes), on-prem after it (C, carried), or in
 *   the cloud or unserved (E, both billed as cloud jobs): W = B + C + E.
 * - B <= cap x period: no more than cap GPUs are held at any minute.
 * - C <= cap x (D - 1), D the longest of those jobs: only jobs running at
 *   the period's last minute carry work past it, they hold at most cap
 *   GPUs, and each has at most D - 1 minutes left.
 * - So E >= X - B with X = W - cap x (D - 1). Each job of class k bills
 *   r_k = gh x price / (GPUs x minutes) a GPU-minute of its work, so the
 *   bill of any E GPU-minutes is at least F(E): the cheapest classes' work
 *   first (a fractional fill; F is convex and, the rates being >= 0,
 *   never falls as E grows).
 * - M_onprem depends on u only through energy, linearly in u clamped to
 *   [0, 1] (DESIGN 2.1), and u = B / (cap x days x 1440): so M_onprem >=
 *   A + s B on 0 <= B <= cap x period, with A = M_onprem(0) and s the
 *   slope of the line from u = 0 to the largest u (to u = 1 when the
 *   clamp binds, the chord below the clamped line; the slope itself when
 *   it is negative).
 * Then total >= A + s B + m s F(max(0, X - B)) (+ forced bill) (+ K when
 * any job is in the cloud), for the run's own B. The right side is convex
 * in B and piecewise linear with its kinks where X - B meets the fill's
 * class boundaries, so its least value over 0 <= B <= cap x period is at
 * one of those kinks or an end: the bound takes it. K is in the bound
 * when forced work exists; otherwise it is the smaller of "E > 0" (then
 * K applies: the least value above plus K) and "E = 0" (then B >= X and
 * nothing is billed in the cloud: A + s B at its least there).
 *
 * The sums here and the simulation's round differently: the bound is
 * lowered by 1e-9 of the magnitudes it adds, far more than the rounding
 * of a few thousand terms (4096 x 2^-53 < 5e-13), so that it stays below
 * the simulated total as computed, not only as a real number. */
#include "config.h"

#include "hybrid_bound.h"
#include "hybrid_sim.h"

#include <math.h>
#include <stdlib.h>

/* Class k's cloud bill a GPU-minute of its work (before m and s). */
static double class_rate(const HybridClass *cl)
{
    return cl->gh * cl->price / ((double)cl->g * (double)cl->dur);
}

static const HybridClass *sort_cls;

static int by_rate(const void *a, const void *b)
{
    double x = class_rate(&sort_cls[*(const uint32_t *)a]);
    double y = class_rate(&sort_cls[*(const uint32_t *)b]);
    if (x != y)
        return x < y ? -1 : 1;
    uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
    return (i > j) - (i < j);
}

int hybrid_bound_setup(const HybridCtx *c, HybridMem *m)
{
    HybridSizesMem *mem = m->sizes;
    if (c->nc > mem->by_rate_cap) {
        if (!hybrid_grow(&mem->by_rate, c->nc, sizeof *mem->by_rate))
            return -1;
        mem->by_rate_cap = c->nc;
    }
    mem->bound_ok = c->premium >= 0 && c->scale >= 0;
    for (size_t k = 0; k < c->nc; k++) {
        mem->by_rate[k] = (uint32_t)k;
        double r = class_rate(&c->cls[k]);
        /* A negative or undefined rate would break the fill's order and
         * its growth: no bound then (every size is simulated). */
        if (!(r >= 0) || !isfinite(r))
            mem->bound_ok = false;
    }
    if (mem->bound_ok && c->nc > 1) {
        sort_cls = c->cls;
        qsort(mem->by_rate, c->nc, sizeof *mem->by_rate, by_rate);
        sort_cls = NULL;
    }
    return 0;
}

/* The least of A + s B + money F(max(0, X - B)) over 0 <= B <= bmax, the
 * classes of the fill being those of by_rate[] that are not forced at cap
 * (F in period money; money = m x s). */
static double least_phi(const HybridCtx *c, const HybridSizesMem *mem, int64_t cap,
                        double s, double x, double bmax, double money)
{
    double best = INFINITY;
    /* B in [max(0, X), bmax]: nothing left for the cloud, A + s B. */
    double b0 = x > 0 ? x : 0;
    if (b0 <= bmax)
        best = s >= 0 ? s * b0 : s * bmax;
    if (x <= 0)
        return best;
    /* B = X - E for E in [elo, ehi]: s (X - E) + money F(E), at its ends
     * and the kinks between them. */
    double elo = x - bmax > 0 ? x - bmax : 0, ehi = x;
    double at = 0, fill = 0; /* E and F(E) at the last class boundary */
    bool lo_done = false;
    for (size_t i = 0; i < c->nc; i++) {
        const HybridClass *cl = &c->cls[mem->by_rate[i]];
        if (cl->count == 0 || cl->run == RUN_CLOUD || cl->g > cap)
            continue;
        double w = (double)cl->count * (double)cl->g * (double)cl->dur;
        double r = class_rate(cl);
        double next = at + w;
        if (!lo_done && elo <= next) {
            double e = elo;
            double v = s * (x - e) + money * (fill + r * (e - at));
            best = v < best ? v : best;
            lo_done = true;
        }
        if (ehi <= next) {
            double v = s * (x - ehi) + money * (fill + r * (ehi - at));
            return v < best ? v : best;
        }
        at = next;
        fill += r * w;
        if (lo_done) {
            double v = s * (x - at) + money * fill;
            best = v < best ? v : best;
        }
    }
    /* ehi = X <= W = the fill's whole work: ended above unless rounding
     * left it a hair past the last boundary, where F is its full bill. */
    double v = s * (x - (ehi < at ? ehi : at)) + money * fill;
    return v < best ? v : best;
}

void hybrid_bound_begin(const HybridCtx *c, HybridScratch *sc, int64_t n,
                        SizeBound *b)
{
    *b = (SizeBound){.n = n, .cap = n * c->gpn};
    if (b->cap > 0) {
        double m1 = hybrid_onprem_cost(sc, (double)n, 1);
        b->a = hybrid_onprem_cost(sc, (double)n, 0);
        b->slope_u = m1 - b->a;
        /* u = B x kappa; the largest B, cap x period, may put u a hair
         * past 1 when days are not whole minutes. */
        double kappa = 1 / ((double)b->cap * c->p->days * 1440);
        b->bmax = (double)b->cap * (double)c->period;
        double umax = b->bmax * kappa;
        b->s = b->slope_u * kappa / (b->slope_u >= 0 && umax > 1 ? umax : 1);
    }
}

double hybrid_bound_at(const HybridCtx *c, const HybridScratch *sc,
                       const SizeBound *b, const size_t *cloud)
{
    const HybridSizesMem *mem = sc->mem->sizes;
    if (!mem->bound_ok)
        return -INFINITY;
    const int64_t cap = b->cap;
    const double money = c->premium * c->scale;
    double forced = 0, all = 0, w = 0;
    int64_t longest = 0;
    bool any_forced = false;
    for (size_t k = 0; k < c->nc; k++) {
        const HybridClass *cl = &c->cls[k];
        if (cl->count == 0)
            continue;
        double bill = (double)cl->count * cl->gh * cl->price;
        all += bill;
        if (cl->run == RUN_CLOUD || cap <= 0 || cl->g > cap) {
            forced += bill;
            any_forced = true;
            continue;
        }
        /* Jobs a run has sent to the cloud are known cloud work too. */
        size_t out = cloud ? cloud[k] : 0;
        if (out > 0) {
            forced += (double)out * cl->gh * cl->price;
            any_forced = true;
        }
        w += (double)(cl->count - out) * (double)cl->g * (double)cl->dur;
        if (cl->dur > longest)
            longest = cl->dur;
    }
    double x = w - (double)cap * (double)(longest > 0 ? longest - 1 : 0);
    double phi = least_phi(c, mem, cap, b->s, x, b->bmax, money);
    double lb;
    if (any_forced) {
        lb = b->a + phi + money * forced + c->fixed;
    } else {
        /* phi with E > 0 is at least the least phi over every B; with
         * E = 0 no job is in the cloud (every job has work) and B >= X. */
        double with_cloud = b->a + phi + c->fixed;
        double b0 = x > 0 ? x : 0;
        double without = b0 <= b->bmax
                             ? b->a + (b->s >= 0 ? b->s * b0 : b->s * b->bmax)
                             : INFINITY;
        lb = with_cloud < without ? with_cloud : without;
    }
    double size = fabs(b->a) + fabs(b->slope_u) + money * all + fabs(c->fixed);
    lb -= 1e-9 * size;
    return isnan(lb) ? -INFINITY : lb;
}

double hybrid_size_bound(const HybridCtx *c, HybridScratch *sc, int64_t n)
{
    if (!sc->mem->sizes->bound_ok)
        return -INFINITY;
    SizeBound b;
    hybrid_bound_begin(c, sc, n, &b);
    return hybrid_bound_at(c, sc, &b, NULL);
}

void hybrid_need_begin(const HybridCtx *c, Routing route, NeedScan *s)
{
    *s = (NeedScan){.last = -1};
    if (route != ROUTE_ALL_ONPREM) { /* only its search reads the figure */
        s->off = true;
        return;
    }
    int64_t longest = 0;
    for (size_t k = 0; k < c->nc; k++) {
        const HybridClass *cl = &c->cls[k];
        if (cl->count == 0 || route_run(c, route, k) == RUN_CLOUD)
            continue;
        int64_t work;
        if (__builtin_mul_overflow(cl->g, cl->dur, &work) ||
            __builtin_mul_overflow(work, (int64_t)cl->count, &work) ||
            __builtin_add_overflow(s->left, work, &s->left))
            s->off = true;
        if (cl->dur > longest)
            longest = cl->dur;
    }
    s->end = c->period + longest;
}

void hybrid_need_step(const HybridCtx *c, NeedScan *s, size_t k, int64_t t)
{
    if (t != s->last) { /* the work submitted from t on is s->left */
        s->last = t;
        int64_t span = s->end - t;
        if (span > 0 && s->left > 0) {
            int64_t gpus = s->left / span + (s->left % span != 0);
            if (gpus > s->need)
                s->need = gpus;
        }
    }
    s->left -= c->cls[k].g * c->cls[k].dur;
}

int64_t hybrid_need_end(const NeedScan *s)
{
    return s->off || s->left != 0 ? 0 : s->need;
}
