/* hybrid_plan.c: what a hybrid plan's fields mean once defaults apply
 * (DESIGN 6): a workload's wait limit and cloud price, the period in
 * minutes, and the words the exports use. */
#include "config.h"

#include "hybrid_sim.h"

#include <math.h>

double hybrid_workload_max_wait(const HybridPlan *p, const HybridWorkload *wl)
{
    return wl->has_max_wait ? wl->max_wait_minutes : p->max_wait_minutes;
}

double hybrid_workload_price(const Scenario *s, const HybridWorkload *wl)
{
    if (wl->has_cloud_price)
        return wl->cloud_gpu_hour;
    HybridCloudMode mode =
        wl->run == RUN_ONPREM ? MODE_ON_DEMAND : wl->cloud_mode;
    return mode == MODE_SPOT ? s->cloud.spot_gpu_hour
                             : s->cloud.on_demand_gpu_hour;
}

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

int64_t hybrid_plan_period(const HybridPlan *p)
{
    return (int64_t)llround(p->days * 1440);
}
