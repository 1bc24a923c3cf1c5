/* hybrid_stream.c: the job stream of a hybrid plan (DESIGN 6): the
 * simulated calendar, each workload's cron matches or Poisson arrivals, and
 * the limit on the jobs a plan may submit. */
#include "config.h"

#include "hybrid_sim.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "rng.h"

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

static uint64_t master_seed(const HybridPlan *p)
{
    return !(p->seed > 0)          ? 0
           : p->seed >= 0x1p64     ? UINT64_MAX
                                   : (uint64_t)p->seed;
}

/* The submissions of workload w (generator r) in order, the first `stop`
 * written to out when it is not NULL; counting stops once `stop` is passed.
 * Returns the count (more than stop: there are more than stop). */
static size_t workload_stream(const HybridWorkload *w, Rng *r, int64_t period,
                              int32_t *out, size_t stop)
{
    size_t n = 0;
    if (w->has_schedule) {
        const Cron *cr = &w->schedule;
        int64_t ndays = (period + 1439) / 1440;
        for (int64_t d = 0; d < ndays && n <= stop; d++) {
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
                    if (t >= period)
                        break;
                    if (out && n < stop)
                        out[n] = (int32_t)t;
                    n++;
                }
            }
        }
    } else if (w->per_day > 0) {
        double rate = w->per_day / 1440;
        double t = 0;
        while (n <= stop) {
            t += rng_exponential(r, rate);
            if (!(t < (double)period))
                break;
            if (out && n < stop)
                out[n] = (int32_t)floor(t);
            n++;
        }
    }
    return n;
}

/* Jobs of each workload into counts[]; false when the total passes
 * HYBRID_MAX_JOBS (counting stops there). */
static bool stream_count(const HybridPlan *p, size_t *counts)
{
    Rng master;
    rng_seed(&master, master_seed(p));
    int64_t period = hybrid_plan_period(p);
    size_t total = 0;
    for (size_t wi = 0; wi < p->workload_count; wi++) {
        Rng r;
        rng_seed(&r, rng_next(&master));
        counts[wi] = workload_stream(&p->workloads[wi], &r, period, NULL,
                                     HYBRID_MAX_JOBS - total);
        total += counts[wi];
        if (total > HYBRID_MAX_JOBS)
            return false;
    }
    return true;
}

bool hybrid_check_jobs(const HybridPlan *p, char *msg, size_t n)
{
    size_t counts[W_MAX];
    if (stream_count(p, counts))
        return true;
    /* Past the limit: schedules counted exactly, random arrivals by their
     * expected number (drawing them all could take seconds). */
    double total = 0;
    bool about = false;
    Rng none;
    rng_seed(&none, 0);
    for (size_t wi = 0; wi < p->workload_count; wi++) {
        const HybridWorkload *w = &p->workloads[wi];
        if (w->has_schedule) {
            total += (double)workload_stream(w, &none, hybrid_plan_period(p),
                                             NULL, SIZE_MAX - 1);
        } else {
            total += floor(w->per_day * (double)hybrid_plan_period(p) / 1440);
            about = about || w->per_day > 0;
        }
    }
    char count[48], limit[48], days[48];
    num_format_money(total, 0, count, sizeof count);
    num_format_money(HYBRID_MAX_JOBS, 0, limit, sizeof limit);
    num_format_exact(p->days, days, sizeof days);
    snprintf(msg, n,
             "the plan submits %s%s jobs in %s days, more than the %s a plan "
             "may simulate; shorten hybrid.days or lower the workloads' "
             "arrivals",
             about ? "about " : "", count, days, limit);
    return false;
}

/* A counting sort by minute; workloads in plan order, each in time order,
 * keep their order within a minute. */
int hybrid_stream_build(HybridCtx *c, HybridScratch *sc)
{
    const HybridPlan *p = c->p;
    /* One pass: each workload's stream goes straight after the one before;
     * when the room runs out, grow and draw that workload again from its
     * seed (the same numbers). The first guess is the expected count. */
    double expect = 1024;
    Rng none;
    rng_seed(&none, 0);
    for (size_t w = 0; w < c->nw; w++)
        expect += p->workloads[w].has_schedule
                      ? (double)workload_stream(&p->workloads[w], &none,
                                                c->period, NULL,
                                                HYBRID_MAX_JOBS)
                      : p->workloads[w].per_day * p->days * 1.05 + 64;
    if (hybrid_scratch_reserve(sc, expect < HYBRID_MAX_JOBS ? (size_t)expect
                                                     : HYBRID_MAX_JOBS) != 0)
        return -2;
    Rng master;
    rng_seed(&master, master_seed(p));
    size_t total = 0;
    for (size_t w = 0; w < c->nw; w++) {
        uint64_t seed = rng_next(&master);
        c->off[w] = total;
        if (hybrid_cancelled(sc))
            return 2;
        for (;;) {
            Rng r;
            rng_seed(&r, seed);
            size_t room = sc->capacity - total;
            size_t n = workload_stream(&p->workloads[w], &r, c->period,
                                       sc->wsub + total, room);
            if (n <= room) {
                total += n;
                break;
            }
            if (sc->capacity >= HYBRID_MAX_JOBS)
                return -1;
            size_t more = 2 * sc->capacity + 1024;
            if (hybrid_scratch_reserve(sc, more < HYBRID_MAX_JOBS ? more
                                                           : HYBRID_MAX_JOBS) != 0)
                return -2;
        }
    }
    c->off[c->nw] = total;
    if (hybrid_scratch_minutes(sc, (size_t)c->period + 1) != 0)
        return -2;
    sc->count = total;
    int64_t *pos = sc->minutes;
    memset(pos, 0, ((size_t)c->period + 1) * sizeof *pos);
    for (size_t i = 0; i < total; i++)
        pos[sc->wsub[i] + 1]++;
    for (int64_t m = 0; m < c->period; m++)
        pos[m + 1] += pos[m];
    for (size_t w = 0; w < c->nw; w++)
        for (size_t k = c->off[w]; k < c->off[w + 1]; k++)
            sc->jobs[pos[sc->wsub[k]]++] =
                (uint32_t)sc->wsub[k] << 5 | (uint32_t)w;
    return 0;
}

size_t hybrid_lower_bound(const int32_t *v, size_t n, int64_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((int64_t)v[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
