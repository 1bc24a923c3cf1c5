/* hybrid_bill.c: the money of a hybrid plan (DESIGN 6): the on-prem cost
 * M_onprem(u) through the cost engine, the cloud bill of the jobs sent
 * there, and the commitment that the simulated on-demand load supports. */
#include "config.h"

#include "hybrid_sim.h"

#include <math.h>

double hybrid_onprem_cost(HybridScratch *sc, double nodes, double u)
{
    if (nodes <= 0)
        return 0;
    CostResult cr;
    double pct = u * 100;
    sc->onprem.hardware.nodes = nodes;
    sc->onprem.utilization.measured_pct = pct < 0 ? 0 : pct > 100 ? 100 : pct;
    cost_evaluate(&sc->onprem, &cr);
    return cr.option[OPT_ONPREM].monthly;
}

void hybrid_cloud_figures(const HybridCtx *c, const size_t *cloud,
                          HybridSimStats *st)
{
    double gh[2] = {0, 0}, money[2] = {0, 0};
    size_t jobs = 0;
    for (size_t w = 0; w < c->nw; w++)
        st->workload[w].cloud_jobs = 0;
    for (size_t k = 0; k < c->nc; k++) {
        const HybridClass *cl = &c->cls[k];
        gh[cl->mode] += (double)cloud[k] * cl->gh;
        money[cl->mode] += (double)cloud[k] * cl->gh * cl->price;
        jobs += cloud[k];
        st->workload[cl->w].cloud_jobs += cloud[k];
    }
    for (int m = 0; m < 2; m++) {
        st->cloud_gpu_hours[m] = gh[m] * c->scale;
        st->cloud_compute[m] = money[m] * c->premium * c->scale;
    }
    st->cloud_jobs = jobs;
    st->fixed_monthly = jobs > 0 ? c->fixed : 0;
    st->cloud_monthly =
        st->cloud_compute[0] + st->cloud_compute[1] + st->fixed_monthly;
}

void hybrid_unserved_figures(const HybridCtx *c, const size_t *cloud,
                             const size_t *unserved, HybridSimStats *st)
{
    double money = 0;
    int64_t demand = 0, in_cloud = 0, left = 0;
    size_t jobs = 0;
    for (size_t w = 0; w < c->nw; w++)
        st->workload[w].unserved_jobs = 0;
    for (size_t k = 0; k < c->nc; k++) {
        const HybridClass *cl = &c->cls[k];
        int64_t work = cl->g * cl->dur;
        demand += (int64_t)cl->count * work;
        in_cloud += (int64_t)cloud[k] * work;
        left += (int64_t)unserved[k] * work;
        /* Finished in the cloud as the class's cloud jobs are billed. */
        money += (double)unserved[k] * cl->gh * cl->price;
        jobs += unserved[k];
        st->workload[cl->w].unserved_jobs += unserved[k];
    }
    st->demand_gpu_minutes = demand;
    st->cloud_gpu_minutes = in_cloud;
    st->unserved_gpu_minutes = left;
    st->unserved_jobs = jobs;
    st->unserved_gpu_hours = (double)left / 60 * c->scale;
    st->unserved_monthly = money * c->premium * c->scale;
    /* K once any job runs in the cloud, those finished there included. */
    if (jobs > 0 && st->cloud_jobs == 0) {
        st->fixed_monthly = c->fixed;
        st->cloud_monthly += c->fixed;
    }
}

int64_t hybrid_select_kth(int64_t *v, size_t n, size_t k)
{
    size_t lo = 0, hi = n - 1;
    while (lo < hi) {
        int64_t pivot = v[lo + (hi - lo) / 2];
        size_t i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot)
                i++;
            while (v[j] > pivot)
                j--;
            if (i <= j) {
                int64_t x = v[i];
                v[i] = v[j];
                v[j] = x;
                i++;
                if (j == 0)
                    break;
                j--;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            break;
    }
    return v[k];
}

void hybrid_commit_figures(const HybridCtx *c, HybridScratch *sc,
                           const HybridSimStats *st, HybridResult *r)
{
    const Scenario *s = c->s;
    int64_t *d = sc->mem->minutes;
    size_t n = (size_t)c->period;
    /* With no on-demand cloud job every minute's demand is 0: the table
     * is not read (and stays clean for the next run). */
    size_t read = sc->mem->minutes_dirty ? n : 0;
    int64_t run = 0, total = 0;
    for (size_t t = 0; t < read; t++) {
        run += d[t];
        d[t] = run;
        total += run;
    }
    double od = s->cloud.on_demand_gpu_hour, rs = s->cloud.reserved_gpu_hour;
    int64_t gpus = 0;
    if (od > 0 && rs < od && n > 0 && total > 0) {
        /* Smallest N with share(demand > N) <= rs / od: at most k minutes
         * above N, so N is the (n - k)-th smallest minute. */
        size_t k = (size_t)floor(rs / od * (double)n);
        if (k < n)
            gpus = hybrid_select_kth(d, n, n - k - 1);
    }
    int64_t over = 0;
    for (size_t t = 0; t < read; t++)
        if (d[t] > gpus)
            over += d[t] - gpus;
    double hours = (double)n / 60;
    double bill0 = (double)total / 60 * od;
    double billn = (double)gpus * hours * rs + (double)over / 60 * od;
    double saving = (bill0 - billn) * c->premium * c->scale;
    r->commit.gpus = (double)gpus;
    r->commit.saving_monthly = saving;
    r->commit.monthly = st->cloud_compute[MODE_ON_DEMAND] - saving;
}
