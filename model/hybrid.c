/* hybrid.c: the hybrid plan simulation, comparisons and optimizer (SPEC 6).
 *
 * The job stream (every submission of every workload in the period) is built
 * once per call and shared by all the runs, so the comparisons and the
 * optimizer see the same jobs. A run is event-driven rather than ticking
 * through every minute: with FIFO, gang allocation, no backfill and known
 * durations, jobs start in submission order and each job's start is the
 * first minute, no earlier than its submission and the previous job's start,
 * at which enough GPUs are free. A min-heap of the end minutes of the jobs
 * already placed gives that minute; a job ending at minute t frees its GPUs
 * for a job starting at t (SPEC 6: ending jobs free GPUs before new
 * submissions in the same minute). */
#include "config.h"

#include "hybrid.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "utf8.h"

struct HybridJob {
    int64_t submit;   /* minute of submission, 0-based */
    int64_t minutes;  /* on-prem duration */
    int64_t gpus;
    uint32_t workload;
    uint32_t seq;     /* insertion order: workload order, then time */
};

struct HybridSlot {
    int64_t end;
    int64_t gpus;
};

/* Days from 1970-01-01 to Monday 2024-01-01, the simulated calendar start. */
#define HYBRID_EPOCH_DAYS 19723

typedef enum Routing { ROUTE_PLAN, ROUTE_ALL_CLOUD, ROUTE_ALL_ONPREM } Routing;

/* Per-call constants. */
typedef struct HybridCtx {
    const Scenario *s;
    const HybridPlan *p;
    int64_t period;         /* minutes simulated */
    double scale;           /* hours_per_month / (days * 24) */
    double gpus_per_node;
    double price[2];        /* per GPU-hour, [HybridCloudMode] */
    double goodput[2];      /* useful share of billed hours */
    double premium;         /* m of SPEC 2.2 */
    double fixed;           /* K of SPEC 2.2 */
} HybridCtx;

const char *hybrid_run_key(HybridRun run)
{
    switch (run) {
    case RUN_ONPREM:
        return "onprem";
    case RUN_CLOUD:
        return "cloud";
    case RUN_BURST:
        return "burst";
    }
    return "?";
}

const char *hybrid_mode_key(HybridCloudMode mode)
{
    return mode == MODE_SPOT ? "spot" : "on_demand";
}

int hybrid_scratch_init(HybridScratch *sc, size_t capacity)
{
    memset(sc, 0, sizeof *sc);
    if (capacity == 0)
        capacity = HYBRID_SCRATCH_JOBS;
    sc->jobs = malloc(capacity * sizeof *sc->jobs);
    sc->waits = malloc(capacity * sizeof *sc->waits);
    sc->sorted = malloc(capacity * sizeof *sc->sorted);
    sc->heap = malloc(capacity * sizeof *sc->heap);
    sc->undo = malloc(capacity * sizeof *sc->undo);
    if (!sc->jobs || !sc->waits || !sc->sorted || !sc->heap || !sc->undo) {
        hybrid_scratch_free(sc);
        return -1;
    }
    sc->capacity = capacity;
    return 0;
}

void hybrid_scratch_free(HybridScratch *sc)
{
    free(sc->jobs);
    free(sc->waits);
    free(sc->sorted);
    free(sc->heap);
    free(sc->undo);
    sc->jobs = NULL;
    sc->waits = NULL;
    sc->sorted = NULL;
    sc->heap = NULL;
    sc->undo = NULL;
    sc->capacity = 0;
    sc->count = 0;
}

/* ---- calendar -------------------------------------------------------- */

/* Civil date of day z since 1970-01-01 (proleptic Gregorian). */
static void civil_from_days(int64_t z, int *month, int *mday)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *mday = (int)(doy - (153 * mp + 2) / 5 + 1);
    *month = (int)(mp < 10 ? mp + 3 : mp - 9);
}

/* ---- job stream ---------------------------------------------------------- */

static bool stream_add(HybridScratch *sc, int64_t minute, const HybridWorkload *w,
                       size_t wi)
{
    if (sc->count >= sc->capacity) {
        sc->truncated = true;
        return false;
    }
    HybridJob *j = &sc->jobs[sc->count];
    j->submit = minute;
    double m = llround(w->hours * 60);
    j->minutes = m < 1 ? 1 : (int64_t)m;
    j->gpus = (int64_t)llround(w->gpus);
    j->workload = (uint32_t)wi;
    j->seq = (uint32_t)sc->count;
    sc->count++;
    return true;
}

static int job_order(const void *a, const void *b)
{
    const HybridJob *x = a, *y = b;
    if (x->submit != y->submit)
        return x->submit < y->submit ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* True when the caller asked the run to stop (HybridScratch.cancel). */
static bool cancelled(const HybridScratch *sc)
{
    return sc->cancel && *sc->cancel;
}

/* Every submission in the period, in queue order (see hybrid.h). */
static void stream_build(const HybridCtx *c, HybridScratch *sc)
{
    const HybridPlan *p = c->p;
    sc->count = 0;
    sc->truncated = false;
    Rng master;
    rng_seed(&master, !(p->seed > 0)              ? 0
                      : p->seed >= 0x1p64 ? UINT64_MAX
                                          : (uint64_t)p->seed);
    int64_t ndays = (c->period + 1439) / 1440;
    for (size_t wi = 0; wi < p->workload_count; wi++) {
        const HybridWorkload *w = &p->workloads[wi];
        Rng r;
        rng_seed(&r, rng_next(&master));
        if (w->has_schedule) {
            const Cron *cr = &w->schedule;
            for (int64_t d = 0; d < ndays; d++) {
                if (cancelled(sc))
                    return;
                int month, mday;
                civil_from_days(HYBRID_EPOCH_DAYS + d, &month, &mday);
                int wday = (int)((1 + d) % 7); /* 2024-01-01 is a Monday */
                if (!cron_day_matches(cr, month, mday, wday))
                    continue;
                for (int h = 0; h < 24; h++) {
                    if (!(cr->hours >> h & 1))
                        continue;
                    for (int m = 0; m < 60; m++) {
                        if (!(cr->minutes >> m & 1))
                            continue;
                        int64_t t = d * 1440 + h * 60 + m;
                        if (t >= c->period)
                            break;
                        if (!stream_add(sc, t, w, wi))
                            goto sort;
                    }
                }
            }
        } else if (w->per_day > 0) {
            double rate = w->per_day / 1440;
            double t = 0;
            for (size_t n = 0;; n++) {
                if ((n & 0xFFF) == 0 && cancelled(sc))
                    return;
                t += rng_exponential(&r, rate);
                if (!(t < (double)c->period))
                    break;
                if (!stream_add(sc, (int64_t)floor(t), w, wi))
                    goto sort;
            }
        }
    }
sort:
    qsort(sc->jobs, sc->count, sizeof *sc->jobs, job_order);
}

/* ---- min-heap of end minutes ------------------------------------------ */

static void heap_push(HybridSlot *h, size_t *n, HybridSlot v)
{
    size_t i = (*n)++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (h[up].end <= v.end)
            break;
        h[i] = h[up];
        i = up;
    }
    h[i] = v;
}

static HybridSlot heap_pop(HybridSlot *h, size_t *n)
{
    HybridSlot top = h[0];
    HybridSlot last = h[--(*n)];
    size_t i = 0;
    for (;;) {
        size_t kid = 2 * i + 1;
        if (kid >= *n)
            break;
        if (kid + 1 < *n && h[kid + 1].end < h[kid].end)
            kid++;
        if (last.end <= h[kid].end)
            break;
        h[i] = h[kid];
        i = kid;
    }
    if (*n > 0)
        h[i] = last;
    return top;
}

/* ---- one run -------------------------------------------------------------- */

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Nearest-rank 95th percentile of the n sorted values v. */
static double p95_sorted(const int64_t *v, size_t n)
{
    size_t rank = (size_t)ceil(0.95 * (double)n);
    if (rank < 1)
        rank = 1;
    return (double)v[rank - 1];
}

/* M_onprem(u) of SPEC 2.1 at `nodes` nodes, through the engine. */
static double onprem_cost(HybridScratch *sc, double nodes, double u)
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

/* Run the stream in sc at `nodes` nodes. want_waits: per-workload wait
 * statistics; want_burst: the pooled burst p95. */
static void sim_run(const HybridCtx *c, HybridScratch *sc, int64_t nodes,
                    Routing route, bool want_waits, bool want_burst,
                    HybridSimStats *st)
{
    const HybridPlan *p = c->p;
    memset(st, 0, sizeof *st);
    st->workload_count = p->workload_count;
    st->onprem_nodes = (double)nodes;
    int64_t total = nodes * (int64_t)llround(c->gpus_per_node);
    st->onprem_gpus = (double)total;
    st->truncated = sc->truncated;

    int64_t free_gpus = total;
    int64_t last_start = 0;
    size_t heap_n = 0;
    double busy_gpu_minutes = 0;
    double billed[2] = {0, 0};
    const double idle_h = p->cloud_idle_minutes / 60;

    for (size_t i = 0; i < sc->count; i++) {
        /* One job's look-ahead can walk a large fleet's heap: checked on
         * every job, the run stops within a few milliseconds. */
        if (cancelled(sc)) {
            st->cancelled = true;
            return;
        }
        const HybridJob *j = &sc->jobs[i];
        const HybridWorkload *w = &p->workloads[j->workload];
        HybridWorkloadStats *ws = &st->workload[j->workload];
        ws->jobs++;
        HybridRun run = route == ROUTE_ALL_CLOUD    ? RUN_CLOUD
                        : route == ROUTE_ALL_ONPREM ? RUN_ONPREM
                                                    : w->run;
        sc->waits[i] = -1;
        if (run != RUN_CLOUD && (total <= 0 || j->gpus > total)) {
            if (total > 0)
                ws->too_big = true;
            run = RUN_CLOUD;
        }
        if (run != RUN_CLOUD) {
            int64_t cand = j->submit > last_start ? j->submit : last_start;
            /* Jobs ended by cand are over for every later job too. */
            while (heap_n > 0 && sc->heap[0].end <= cand) {
                free_gpus += sc->heap[0].gpus;
                heap_pop(sc->heap, &heap_n);
            }
            bool to_cloud = false;
            if (run == RUN_BURST) {
                size_t undo_n = 0;
                if ((double)(cand - j->submit) > p->max_wait_minutes)
                    to_cloud = true;
                while (!to_cloud && free_gpus < j->gpus) {
                    if ((double)(sc->heap[0].end - j->submit) >
                        p->max_wait_minutes) {
                        to_cloud = true;
                        break;
                    }
                    HybridSlot v = heap_pop(sc->heap, &heap_n);
                    sc->undo[undo_n++] = v;
                    free_gpus += v.gpus;
                    if (v.end > cand)
                        cand = v.end;
                }
                if (to_cloud) {
                    /* Put back what the look-ahead took out. */
                    for (size_t k = 0; k < undo_n; k++) {
                        free_gpus -= sc->undo[k].gpus;
                        heap_push(sc->heap, &heap_n, sc->undo[k]);
                    }
                }
            } else {
                while (free_gpus < j->gpus) {
                    HybridSlot v = heap_pop(sc->heap, &heap_n);
                    free_gpus += v.gpus;
                    if (v.end > cand)
                        cand = v.end;
                }
            }
            if (!to_cloud) {
                int64_t end = cand + j->minutes;
                last_start = cand;
                free_gpus -= j->gpus;
                heap_push(sc->heap, &heap_n, (HybridSlot){end, j->gpus});
                sc->waits[i] = cand - j->submit;
                int64_t a = cand < c->period ? cand : c->period;
                int64_t b = end < c->period ? end : c->period;
                busy_gpu_minutes += (double)j->gpus * (double)(b - a);
                continue;
            }
        }
        /* In the cloud (SPEC 6): gpus x (hours / g + idle / 60) GPU-hours
         * at the mode's price x m; `onprem` jobs run on-demand. */
        HybridCloudMode mode =
            w->run == RUN_ONPREM ? MODE_ON_DEMAND : w->cloud_mode;
        ws->cloud_jobs++;
        st->cloud_jobs++;
        billed[mode] += (double)j->gpus * (w->hours / c->goodput[mode] + idle_h);
    }
    st->jobs = sc->count;

    /* Money and GPU-hours, scaled to a month (SPEC 6). */
    const double period_hours = p->days * 24;
    st->busy_gpu_hours_period = busy_gpu_minutes / 60;
    st->utilization =
        total > 0 ? st->busy_gpu_hours_period / ((double)total * period_hours)
                  : 0;
    st->onprem_gpu_hours = st->busy_gpu_hours_period * c->scale;
    st->onprem_monthly = onprem_cost(sc, (double)nodes, st->utilization);
    for (int m = 0; m < 2; m++) {
        st->cloud_gpu_hours[m] = billed[m] * c->scale;
        st->cloud_compute[m] = billed[m] * c->price[m] * c->premium * c->scale;
    }
    st->fixed_monthly = st->cloud_jobs > 0 ? c->fixed : 0;
    st->cloud_monthly =
        st->cloud_compute[0] + st->cloud_compute[1] + st->fixed_monthly;
    st->total_monthly = st->onprem_monthly + st->cloud_monthly;

    /* Waits: group each workload's on-prem waits, sort, take the mean and
     * the nearest-rank 95th percentile. */
    st->burst_wait_p95 = NAN;
    if (want_waits) {
        size_t start[HYBRID_MAX_WORKLOADS + 1] = {0};
        for (size_t i = 0; i < sc->count; i++)
            if (sc->waits[i] >= 0)
                start[sc->jobs[i].workload + 1]++;
        for (size_t k = 0; k < p->workload_count; k++)
            start[k + 1] += start[k];
        size_t fill[HYBRID_MAX_WORKLOADS];
        memcpy(fill, start, sizeof fill);
        for (size_t i = 0; i < sc->count; i++)
            if (sc->waits[i] >= 0)
                sc->sorted[fill[sc->jobs[i].workload]++] = sc->waits[i];
        for (size_t k = 0; k < p->workload_count; k++) {
            size_t n = start[k + 1] - start[k];
            int64_t *v = sc->sorted + start[k];
            if (n == 0) {
                st->workload[k].wait_mean = NAN;
                st->workload[k].wait_p95 = NAN;
                continue;
            }
            qsort(v, n, sizeof *v, cmp_i64);
            double sum = 0;
            for (size_t q = 0; q < n; q++)
                sum += (double)v[q];
            st->workload[k].wait_mean = sum / (double)n;
            st->workload[k].wait_p95 = p95_sorted(v, n);
        }
    } else {
        for (size_t k = 0; k < p->workload_count; k++)
            st->workload[k].wait_mean = st->workload[k].wait_p95 = NAN;
    }
    if (want_burst) {
        size_t n = 0;
        for (size_t i = 0; i < sc->count; i++)
            if (sc->waits[i] >= 0 &&
                p->workloads[sc->jobs[i].workload].run == RUN_BURST)
                sc->sorted[n++] = sc->waits[i];
        if (n > 0) {
            qsort(sc->sorted, n, sizeof *sc->sorted, cmp_i64);
            st->burst_wait_p95 = p95_sorted(sc->sorted, n);
        }
    }
}

/* Constants of one call; copies s into the scratch for M_onprem. */
static void ctx_init(HybridCtx *c, const Scenario *s, const HybridPlan *p,
                     HybridScratch *sc)
{
    memset(c, 0, sizeof *c);
    c->s = s;
    c->p = p;
    c->period = (int64_t)llround(p->days * 1440);
    c->scale = s->hours_per_month / (p->days * 24);
    c->gpus_per_node = s->hardware.gpus_per_node;
    c->price[MODE_ON_DEMAND] = s->cloud.on_demand_gpu_hour;
    c->price[MODE_SPOT] = s->cloud.spot_gpu_hour;
    c->goodput[MODE_ON_DEMAND] = 1;
    c->goodput[MODE_SPOT] = s->cloud.spot_goodput_pct / 100;
    c->premium = 1 + s->cloud.managed_premium_pct / 100;
    /* K (SPEC 2.2): the fixed lines of the on-demand option. */
    CostResult cr;
    cost_evaluate(s, &cr);
    const double *l = cr.option[OPT_ON_DEMAND].line;
    c->fixed = l[LINE_EGRESS] + l[LINE_STORAGE] + l[LINE_STAFF] +
               l[LINE_OTHER] + l[LINE_OPPORTUNITY];
    sc->onprem = *s;
}

int hybrid_simulate(const Scenario *s, const HybridPlan *p,
                    double onprem_nodes, HybridSimStats *out,
                    HybridScratch *scratch)
{
    HybridCtx c;
    ctx_init(&c, s, p, scratch);
    stream_build(&c, scratch);
    sim_run(&c, scratch, (int64_t)llround(onprem_nodes), ROUTE_PLAN, true,
            true, out);
    if (cancelled(scratch)) {
        out->cancelled = true;
        return 2;
    }
    return scratch->truncated ? 1 : 0;
}

/* ---- evaluation ------------------------------------------------------ */

/* Copy at most max_chars UTF-8 characters of src into dst (size n). */
static void utf8_prefix(char *dst, size_t n, const char *src, size_t max_chars)
{
    size_t i = 0, chars = 0, len = strlen(src);
    while (i < len) {
        size_t next = utf8_next(src, len, i);
        if (chars == max_chars || next >= n)
            break;
        i = next;
        chars++;
    }
    memcpy(dst, src, i);
    dst[i] = '\0';
}

static void result_warn(HybridResult *r, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void result_warn(HybridResult *r, const char *fmt, ...)
{
    if (r->warning_count >= HYBRID_MAX_WARNINGS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->warnings[r->warning_count], HYBRID_WARNING_BYTES, fmt, ap);
    va_end(ap);
    r->warning_count++;
}

void hybrid_evaluate(const Scenario *s, const HybridPlan *p, HybridResult *r,
                     HybridScratch *sc)
{
    HybridCtx c;
    HybridSimStats st;
    memset(r, 0, sizeof *r);
    ctx_init(&c, s, p, sc);
    stream_build(&c, sc);
    if (cancelled(sc)) {
        r->cancelled = true;
        return;
    }

    /* The plan itself. */
    int64_t plan_nodes = (int64_t)llround(p->onprem_nodes);
    sim_run(&c, sc, plan_nodes, ROUTE_PLAN, true, false, &st);
    if (st.cancelled) {
        r->cancelled = true;
        return;
    }
    r->onprem_nodes = (double)plan_nodes;
    r->onprem.gpu_hours = st.onprem_gpu_hours;
    r->onprem.utilization_pct = st.utilization * 100;
    r->onprem.monthly = st.onprem_monthly;
    r->cloud.on_demand.gpu_hours = st.cloud_gpu_hours[MODE_ON_DEMAND];
    r->cloud.on_demand.monthly = st.cloud_compute[MODE_ON_DEMAND];
    r->cloud.spot.gpu_hours = st.cloud_gpu_hours[MODE_SPOT];
    r->cloud.spot.monthly = st.cloud_compute[MODE_SPOT];
    r->cloud.fixed_monthly = st.fixed_monthly;
    r->cloud.monthly = st.cloud_monthly;
    r->total_monthly = st.total_monthly;
    r->workload_count = p->workload_count;
    char name[4 * 40 + 1];
    if (sc->truncated)
        result_warn(r, "the job stream is capped at %zu jobs; the rest are left out",
             sc->capacity);
    for (size_t k = 0; k < p->workload_count; k++) {
        const HybridWorkloadStats *ws = &st.workload[k];
        HybridWorkloadResult *wr = &r->workloads[k];
        memcpy(wr->name, p->workloads[k].name, sizeof wr->name);
        wr->jobs = (double)ws->jobs;
        wr->to_cloud_pct =
            ws->jobs ? 100.0 * (double)ws->cloud_jobs / (double)ws->jobs : 0;
        wr->wait_mean_minutes = ws->wait_mean;
        wr->wait_p95_minutes = ws->wait_p95;
        utf8_prefix(name, sizeof name, p->workloads[k].name, 40);
        if (ws->too_big)
            result_warn(r,
                 "workload '%s': a job needs %.0f GPUs, more than the %.0f "
                 "on-prem GPUs; its jobs run in the cloud",
                 name, p->workloads[k].gpus, st.onprem_gpus);
        if (ws->jobs == 0)
            result_warn(r, "workload '%s': no jobs in the simulated period", name);
    }
    if (s->constraints.compliance_forbids_cloud && st.cloud_jobs > 0)
        result_warn(r,
             "compliance forbids the cloud, yet %zu of %zu jobs run there in "
             "this plan",
             st.cloud_jobs, st.jobs);

    /* All cloud: every job at its cloud_mode, `onprem` jobs on-demand. */
    sim_run(&c, sc, 0, ROUTE_ALL_CLOUD, false, false, &st);
    r->all_cloud.monthly = st.total_monthly;

    /* All on-prem: the smallest node count >= the plan's that holds the
     * largest job and keeps the burst jobs' p95 wait within the limit. */
    double gpn = (double)llround(c.gpus_per_node);
    int64_t need = plan_nodes;
    for (size_t i = 0; i < sc->count; i++) {
        int64_t n = (int64_t)ceil((double)sc->jobs[i].gpus / gpn);
        if (n > need)
            need = n;
    }
    int64_t last = need > HYBRID_MAX_SEARCH_NODES ? need
                                                  : HYBRID_MAX_SEARCH_NODES;
    int64_t n_all = need;
    for (;; n_all++) {
        sim_run(&c, sc, n_all, ROUTE_ALL_ONPREM, false, true, &st);
        if (st.cancelled) {
            r->cancelled = true;
            return;
        }
        if (isnan(st.burst_wait_p95) ||
            st.burst_wait_p95 <= p->max_wait_minutes)
            break;
        if (n_all >= last) {
            result_warn(r,
                 "all on-prem: even %lld nodes leave the burst jobs' "
                 "95th-percentile wait at %.0f minutes, above %g",
                 (long long)n_all, st.burst_wait_p95, p->max_wait_minutes);
            break;
        }
    }
    r->all_onprem.nodes = (double)n_all;
    r->all_onprem.utilization_pct = st.utilization * 100;
    r->all_onprem.monthly = st.total_monthly;

    /* Optimizer: the plan at every size 0..n_all; a tie keeps fewer nodes.
     * by_nodes keeps every k-th size when there are too many, and the
     * last. */
    int64_t stride = 1;
    if (n_all + 1 > HYBRID_BY_NODES_MAX) {
        stride = (n_all + HYBRID_BY_NODES_MAX - 3) / (HYBRID_BY_NODES_MAX - 2);
        result_warn(r,
             "cost by node count: %lld sizes, every %lld-th one listed; the "
             "optimum considers all",
             (long long)(n_all + 1), (long long)stride);
    }
    r->optimum.onprem_nodes = 0;
    r->optimum.total_monthly = INFINITY;
    for (int64_t n = 0; n <= n_all; n++) {
        sim_run(&c, sc, n, ROUTE_PLAN, false, false, &st);
        if (st.cancelled) {
            r->cancelled = true;
            return;
        }
        if (st.total_monthly < r->optimum.total_monthly) {
            r->optimum.onprem_nodes = (double)n;
            r->optimum.total_monthly = st.total_monthly;
        }
        if ((n % stride == 0 || n == n_all) &&
            r->by_nodes_count < HYBRID_BY_NODES_MAX) {
            r->by_nodes[r->by_nodes_count].onprem_nodes = (double)n;
            r->by_nodes[r->by_nodes_count].total_monthly = st.total_monthly;
            r->by_nodes_count++;
        }
    }
}
