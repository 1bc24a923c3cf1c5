/* hybrid_stream.c: the job stream of a hybrid plan's own workloads
 * (DESIGN 6.1): the simulated calendar, each workload's cron matches or
 * Poisson arrivals as a cursor, the cursors merged into submission order,
 * and the plan's job count for the limit. See hybrid_stream.h. */
#include "config.h"

#include "hybrid_stream.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hybrid.h"
#include "numfmt.h"

/* Days from 1970-01-01 to Monday 2024-01-01, the simulated calendar start. */
#define EPOCH_DAYS 19723
#define END INT64_MAX

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

/* True when day d of the period (0 = Monday 2024-01-01) matches cr. */
static bool day_matches(const Cron *cr, int64_t d)
{
    int month, mday;
    civil_from_days(EPOCH_DAYS + d, &month, &mday);
    return cron_day_matches(cr, month, mday, (int)((1 + d) % 7));
}

static uint64_t master_seed(const HybridPlan *p)
{
    return !(p->seed > 0)          ? 0
           : p->seed >= 0x1p64     ? UINT64_MAX
                                   : (uint64_t)p->seed;
}

static int64_t period_of(const HybridPlan *p)
{
    return (int64_t)llround(p->days * 1440);
}

/* The first minute of day >= m (0..1439) that cr's hours and minutes
 * select, or -1. */
static int64_t next_in_day(const Cron *cr, int64_t m)
{
    for (int64_t h = m / 60; h < 24; h++) {
        if (!(cr->hours >> h & 1))
            continue;
        int64_t from = h == m / 60 ? m % 60 : 0;
        uint64_t bits = cr->minutes >> from;
        if (bits != 0) {
            int64_t mm = from + __builtin_ctzll(bits);
            if (mm < 60)
                return h * 60 + mm;
        }
    }
    return -1;
}

/* Move a cron cursor to its first match at or after (day, minute);
 * day_known: the schedule is known to select `day` (the cursor's own day:
 * its date is not worked out again for each match within it). */
static void cron_seek(HybridArrivals *a, int64_t period, int64_t day,
                      int64_t minute, bool day_known)
{
    const Cron *cr = &a->w->schedule;
    int64_t ndays = (period + 1439) / 1440;
    for (; day < ndays; day++, minute = 0, day_known = false) {
        if (!day_known && !day_matches(cr, day))
            continue;
        int64_t m = next_in_day(cr, minute);
        if (m < 0)
            continue;
        int64_t t = day * 1440 + m;
        a->next = t < period ? t : END;
        a->day = day;
        a->minute = m;
        return;
    }
    a->next = END;
}

/* The cursor's next arrival after the one it holds. */
static void arrivals_advance(HybridArrivals *a, int64_t period)
{
    const HybridWorkload *w = a->w;
    if (w->has_schedule) {
        cron_seek(a, period, a->day, a->minute + 1, true);
    } else if (w->per_day > 0) {
        a->t += rng_exponential(&a->rng, w->per_day / 1440);
        a->next = a->t < (double)period ? (int64_t)floor(a->t) : END;
    } else {
        a->next = END;
    }
}

/* Rewind: workload i draws from its own splitmix64 generator, seeded with
 * the (i+1)-th output of one seeded with `seed` (every workload takes one,
 * with a schedule or not). */
static int plan_rewind(void *state, Diag *d)
{
    (void)d;
    HybridPlanSource *ps = state;
    Rng master;
    rng_seed(&master, master_seed(ps->p));
    for (size_t i = 0; i < ps->count; i++) {
        HybridArrivals *a = &ps->arrivals[i];
        memset(a, 0, sizeof *a);
        a->w = &ps->p->workloads[i];
        double m = llround(a->w->hours * 60);
        a->gpus = (int64_t)llround(a->w->gpus);
        a->minutes = m < 1 ? 1 : (int64_t)m;
        rng_seed(&a->rng, rng_next(&master));
        if (a->w->has_schedule)
            cron_seek(a, ps->period, 0, 0, false);
        else
            arrivals_advance(a, ps->period);
    }
    ps->minute = -1;
    ps->w = ps->count;
    return 0;
}

/* Each minute's jobs in workload order; a minute's jobs of one workload in
 * arrival order. */
static int plan_next(void *state, HybridJob *job, Diag *d)
{
    (void)d;
    HybridPlanSource *ps = state;
    for (;;) {
        for (; ps->w < ps->count; ps->w++) {
            HybridArrivals *a = &ps->arrivals[ps->w];
            if (a->next != ps->minute)
                continue;
            job->submit = a->next;
            job->gpus = a->gpus;
            job->minutes = a->minutes;
            job->hours = a->w->hours;
            job->workload = ps->w;
            arrivals_advance(a, ps->period);
            return 1;
        }
        int64_t next = END;
        for (size_t i = 0; i < ps->count; i++)
            if (ps->arrivals[i].next < next)
                next = ps->arrivals[i].next;
        if (next == END)
            return 0;
        ps->minute = next;
        ps->w = 0;
    }
}

void hybrid_plan_source(HybridPlanSource *ps, const HybridPlan *p,
                        HybridJobSource *src)
{
    memset(ps, 0, sizeof *ps);
    ps->p = p;
    ps->period = period_of(p);
    ps->count = p->workload_count < HYBRID_MAX_WORKLOADS
                    ? p->workload_count
                    : HYBRID_MAX_WORKLOADS;
    src->rewind = plan_rewind;
    src->next = plan_next;
    src->state = ps;
    plan_rewind(ps, NULL); /* never fails */
}

/* The matches of schedule cr in the period, counted a day at a time. */
static double cron_count(const Cron *cr, int64_t period)
{
    double per_day = 0;
    for (int h = 0; h < 24; h++)
        if (cr->hours >> h & 1)
            for (int m = 0; m < 60; m++)
                per_day += (double)(cr->minutes >> m & 1);
    int64_t full = period / 1440;
    double n = 0;
    for (int64_t d = 0; d < full; d++)
        if (day_matches(cr, d))
            n += per_day;
    if (period % 1440 != 0 && day_matches(cr, full))
        for (int64_t m = next_in_day(cr, 0); m >= 0 && m < period % 1440;
             m = m + 1 < 1440 ? next_in_day(cr, m + 1) : -1)
            n++;
    return n;
}

/* The jobs workload w of p submits in a period of `period` minutes: exact
 * for a schedule, the expected count (*about set) for arrivals a day. */
static double workload_jobs(const HybridWorkload *w, int64_t period, bool *about)
{
    if (w->has_schedule)
        return cron_count(&w->schedule, period);
    if (w->per_day > 0) {
        *about = true;
        return floor(w->per_day * (double)period / 1440);
    }
    return 0;
}

/* The jobs p's own workloads submit in its period (expected, *about set,
 * for arrivals a day) and, when work is not NULL, their GPU-minutes as a
 * run counts them exactly in 64 bits (each job's GPUs x (its minutes + the
 * period), DESIGN 6 Limits), in one pass over the workloads. */
static double plan_jobs(const HybridPlan *p, bool *about, double *work)
{
    int64_t period = period_of(p);
    double total = 0;
    *about = false;
    if (work)
        *work = 0;
    for (size_t i = 0; i < p->workload_count; i++) {
        const HybridWorkload *w = &p->workloads[i];
        double n = workload_jobs(w, period, about);
        total += n;
        if (work) {
            double minutes = fmax(1, (double)llround(w->hours * 60));
            *work += n * round(w->gpus) * (minutes + (double)period);
        }
    }
    return total;
}

double hybrid_expected_jobs(const HybridPlan *p, bool *about)
{
    return plan_jobs(p, about, NULL);
}

int hybrid_check_jobs(const HybridPlan *p, Diag *d)
{
    bool about;
    double work;
    double total = plan_jobs(p, &about, &work);
    bool many = total > HYBRID_MAX_JOBS;
    /* Refused here, at the edit, and not only when the plan runs (where
     * the jobs read are counted exactly and checked again). */
    if (!many && work <= HYBRID_MAX_WORK)
        return 0;
    char count[48], limit[48], days[48];
    num_format_money(total, 0, count, sizeof count);
    num_format_money(HYBRID_MAX_JOBS, 0, limit, sizeof limit);
    num_format_exact(p->days, days, sizeof days);
    if (many)
        return diag_fail(d,
                         "the plan submits %s%s jobs in %s days, more than the "
                         "%s a plan may simulate; shorten hybrid.days or lower "
                         "the workloads' arrivals",
                         about ? "about " : "", count, days, limit);
    return diag_fail(d,
                     "the plan's %s%s jobs in %s days hold more GPU-minutes "
                     "than a plan may count exactly (9.2e18 with the period); "
                     "shorten hybrid.days or lower the GPUs, hours or "
                     "arrivals",
                     about ? "about " : "", count, days);
}
