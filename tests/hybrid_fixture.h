/* hybrid_fixture.h: the small hand-built plans the hybrid tests start
 * from: a plan of `days` days on `nodes` nodes (a 90-minute wait limit, 10
 * idle cloud minutes, seed 1), and a workload added to it by schedule or
 * by arrivals a day. */
#ifndef GPUPLAN_HYBRID_FIXTURE_H
#define GPUPLAN_HYBRID_FIXTURE_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "cron.h"
#include "hybrid.h"

static inline HybridPlan plan(double days, double nodes)
{
    HybridPlan p;
    memset(&p, 0, sizeof p);
    p.days = days;
    p.onprem_nodes = nodes;
    p.max_wait_minutes = 90;
    p.cloud_idle_minutes = 10;
    p.seed = 1;
    return p;
}

/* A workload of p: a schedule when cron is not NULL, else per_day
 * arrivals a day. */
static inline HybridWorkload *add(HybridPlan *p, const char *cron,
                                  double per_day, double gpus, double hours,
                                  HybridRun run)
{
    HybridWorkload *w = &p->workloads[p->workload_count++];
    memset(w, 0, sizeof *w);
    snprintf(w->name, sizeof w->name, "w%zu", p->workload_count);
    if (cron) {
        w->has_schedule = true;
        snprintf(w->schedule_text, sizeof w->schedule_text, "%s", cron);
        Diag e;
        ck_assert_int_eq(cron_parse(cron, &w->schedule, &e), 0);
    }
    w->per_day = per_day;
    w->gpus = gpus;
    w->hours = hours;
    w->run = run;
    return w;
}

#endif
