/* advice.c: the planner's advice sentences (SPEC 2.4).
 *
 * cost_evaluate() decides which codes apply; this file words them, with the
 * scenario's own numbers, only when a screen or a report shows them, so the
 * keystroke path does not format sentences nobody reads. */
#include "config.h"

#include "cost.h"

#include <math.h>
#include <stdio.h>

#include "numfmt.h"

/* The cloud option with the lowest monthly cost (allowed or not: the
 * managed-service breakpoint is about what the cloud would cost). */
static CostOption cheapest_cloud(const CostResult *r)
{
    CostOption best = OPT_ON_DEMAND;
    for (int k = OPT_RESERVED; k < OPT_COUNT; k++)
        if (r->option[k].monthly < r->option[best].monthly)
            best = (CostOption)k;
    return best;
}

/* Where on-prem meets cloud option k, as a clause:
 * "on-prem matches Spot at 76.0%", "on-prem is dearer than Spot at every
 * utilization". */
static void cross_text(const CostResult *r, CostOption k, char *buf, size_t n)
{
    const Crossover *c = &r->crossover[k];
    const char *label = cost_option_label(k);
    if (c->kind == CROSS_AT)
        num_snprintf(buf, n, "on-prem matches %s at %.1f%%", label, c->pct);
    else if (c->kind == CROSS_EQUAL)
        num_snprintf(buf, n, "on-prem costs the same as %s everywhere", label);
    else
        num_snprintf(buf, n, "on-prem is %s than %s at every utilization",
                     cost_cross_word(c->kind), label);
}

char *cost_advice_text(AdviceCode code, const Scenario *s, const CostResult *r,
                       char *buf, size_t n)
{
    const char *cur = s->currency;
    double pct = s->utilization.measured_pct;
    char a[64], b[64];
    switch (code) {
    case ADV_BELOW_60:
        num_format_money(r->option[OPT_ONPREM].per_useful_gpu_hour, 2, a,
                         sizeof a);
        cross_text(r, cheapest_cloud(r), b, sizeof b);
        num_snprintf(buf, n,
                     "At %.0f%% utilization the cluster is below 60%%, where "
                     "owning rarely pays: each useful GPU-hour costs %s %s "
                     "on-prem, and %s.",
                     pct, a, cur, b);
        break;
    case ADV_ABOVE_80: {
        double best = INFINITY;
        for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
            if (r->option[k].monthly < best)
                best = r->option[k].monthly;
        double ratio = best / r->option[OPT_ONPREM].monthly;
        num_snprintf(buf, n,
                     "At %.0f%% utilization the cluster is past 80%%, where "
                     "owning usually wins: the cheapest cloud option costs "
                     "%.2fx the on-prem month.",
                     pct, ratio);
        break;
    }
    case ADV_MIN_SIZE:
        num_snprintf(buf, n,
                     "A first cluster pays off from about 16 GPUs kept over "
                     "70%% busy; this one has %.0f GPUs at %.0f%%.",
                     r->gpus, pct);
        break;
    case ADV_EGRESS_HEAVY:
        num_format_money(r->option[OPT_ON_DEMAND].line[LINE_EGRESS], 0, a,
                         sizeof a);
        num_snprintf(buf, n,
                     "Data transfer out of the cloud is %s %s a month, %.0f%% "
                     "of the on-demand bill: moving data is what makes the "
                     "cloud dear here.",
                     a, cur,
                     100 * r->option[OPT_ON_DEMAND].line[LINE_EGRESS] /
                         r->option[OPT_ON_DEMAND].monthly);
        break;
    case ADV_COMPLIANCE:
        num_snprintf(buf, n,
                     "Compliance forbids third-party infrastructure, so only "
                     "the owned cluster is allowed; cloud prices are shown "
                     "for reference.");
        break;
    case ADV_LATENCY:
        num_snprintf(buf, n,
                     "The cloud round trip of %.0f ms does not fit the "
                     "%.0f ms latency budget: real-time serving belongs on "
                     "owned hardware near the users.",
                     s->constraints.cloud_rtt_ms,
                     s->constraints.latency_budget_ms);
        break;
    case ADV_MANAGED: {
        CostOption k = cheapest_cloud(r);
        double yearly = r->option[k].line[LINE_COMPUTE] * 12;
        num_format_money(yearly, 0, a, sizeof a);
        if (yearly < 500000)
            num_snprintf(buf, n,
                         "Cloud compute would be %s %s a year (%s), under "
                         "the 500,000 breakpoint: a managed service such as "
                         "SageMaker is worth its premium.",
                         a, cur, cost_option_label(k));
        else
            num_snprintf(buf, n,
                         "Cloud compute would be %s %s a year (%s), past the "
                         "500,000 breakpoint: raw EC2 with your own "
                         "orchestration is cheaper than a managed service.",
                         a, cur, cost_option_label(k));
        break;
    }
    case ADV_MEASURE:
        num_snprintf(buf, n,
                     "Utilization was measured for %g weeks: measure at least "
                     "4 (DCGM DCGM_FI_PROF_GR_ENGINE_ACTIVE, or W&B) before "
                     "deciding.",
                     s->utilization.measurement_weeks);
        break;
    default:
        num_snprintf(buf, n, "?");
        break;
    }
    return buf;
}
