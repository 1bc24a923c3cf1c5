/* advice.c: the planner's advice sentences (DESIGN 2.4).
 *
 * cost_evaluate() decides which codes apply; this file words them, with the
 * scenario's own numbers, only when a screen or a report shows them, so the
 * keystroke path does not format sentences nobody reads. */
#include "config.h"

#include "cost.h"

#include <math.h>
#include <stdio.h>

#include "numfmt.h"

/* "X costs N CUR a month less than Y" (or "the same as"), from the figures:
 * the one form every comparison in the advice takes (see verdict.c). */
static void compare_text(const CostResult *r, CostOption x, CostOption y,
                         const char *cur, char *buf, size_t n)
{
    double d = r->option[x].monthly - r->option[y].monthly;
    char m[48];
    num_format_money(fabs(d), 0, m, sizeof m);
    if (cost_same(r->option[x].monthly, r->option[y].monthly))
        num_snprintf(buf, n, "%s costs the same as %s", cost_option_word(x),
                     cost_option_word(y));
    else
        num_snprintf(buf, n, "%s costs %s %s a month %s than %s",
                     cost_option_word(x), m, cur, d < 0 ? "less" : "more",
                     cost_option_word(y));
}

/* On-prem against the cheapest cloud option, the cheaper one first:
 * "spot costs 20,478 USD a month less than on-prem" or "on-prem costs 2,000
 * USD a month less than spot, the cheapest cloud option". */
static void onprem_vs_cloud(const CostResult *r, const char *cur, char *buf,
                            size_t n)
{
    CostOption k = cost_cheapest_cloud(r);
    char t[200];
    if (!cost_less(r->option[k].monthly, r->option[OPT_ONPREM].monthly)) {
        compare_text(r, OPT_ONPREM, k, cur, t, sizeof t);
        num_snprintf(buf, n, "%s, the cheapest cloud option", t);
    } else {
        compare_text(r, k, OPT_ONPREM, cur, buf, n);
    }
}

/* DESIGN 2.4 ZONE_DISAGREES: the term that contributes most to the
 * difference between on-prem and option x, on the side the figures fall. */
static void biggest_term(const Scenario *s, const CostResult *r, CostOption x,
                         char *buf, size_t n)
{
    static const char *const onprem_name[TERM_COUNT] = {
        "capital, maintenance, energy, colocation and network",
        "staff", "data (none on-prem)", "delay", "other costs"};
    static const char *const cloud_name[TERM_COUNT] = {
        "compute", "staff", "egress and storage", "delay", "other costs"};
    static const char *const term_name[TERM_COUNT] = {
        "the hardware against the cloud's compute", "staff",
        "data in the cloud", "the cost of delay", "other costs"};
    double on[TERM_COUNT], cl[TERM_COUNT];
    cost_terms(r, x, on, cl);
    CostTerm best = cost_biggest_term(r, x);
    char a[48], b[48];
    num_format_money(on[best], 0, a, sizeof a);
    num_format_money(cl[best], 0, b, sizeof b);
    num_snprintf(buf, n, "the biggest term is %s: on-prem's %s come to %s %s a "
                 "month, %s's %s to %s", term_name[best], onprem_name[best], a,
                 s->currency, cost_option_word(x), cloud_name[best], b);
}

/* ADV_ZONE_DISAGREES: the option the rule would pick against the one the
 * figures pick. */
static void disagree_text(const Scenario *s, const CostResult *r,
                          const char *pct, char *buf, size_t n)
{
    const char *cur = s->currency;
    CostOption x = cost_zone_rival(r);
    char cmp[200], term[400];
    onprem_vs_cloud(r, cur, cmp, sizeof cmp);
    if (r->zone == ZONE_ONPREM)
        compare_text(r, x, OPT_ONPREM, cur, cmp, sizeof cmp);
    if (!r->option[x].allowed) {
        num_snprintf(buf, n,
                     "At %s%% the rule of thumb says \"below 50%%, rent "
                     "from the cloud\", but compliance forbids the cloud: "
                     "on-prem is the only allowed option, and %s.",
                     pct, cmp);
        return;
    }
    biggest_term(s, r, x, term, sizeof term);
    num_snprintf(buf, n,
                 "At %s%% the rule of thumb says \"%s\", but the figures "
                 "disagree: %s; %s.",
                 pct,
                 r->zone == ZONE_ONPREM ? "above 75%, own the cluster"
                                        : "below 50%, rent from the cloud",
                 cmp, term);
}

/* The rules of thumb about utilization and size, against the figures. */
static void thumb_text(AdviceCode code, const Scenario *s, const CostResult *r,
                       const char *pct, char *buf, size_t n)
{
    const char *cur = s->currency;
    switch (code) {
    case ADV_BELOW_60: {
        char cmp[200];
        onprem_vs_cloud(r, cur, cmp, sizeof cmp);
        bool wins = !cost_less(r->option[cost_cheapest_cloud(r)].monthly,
                               r->option[OPT_ONPREM].monthly);
        num_snprintf(buf, n,
                     "At %s%% utilization the cluster is below 60%%, where the "
                     "rule of thumb says \"owning rarely pays\"; here %s: %s.",
                     pct, wins ? "it does" : "it does not", cmp);
        break;
    }
    case ADV_ABOVE_80: {
        CostOption k = cost_cheapest_cloud(r);
        double on = r->option[OPT_ONPREM].monthly, cl = r->option[k].monthly;
        char cmp[200];
        onprem_vs_cloud(r, cur, cmp, sizeof cmp);
        if (!cost_less(cl, on))
            num_snprintf(buf, n,
                         "At %s%% utilization the cluster is past 80%%, where "
                         "the rule of thumb says \"owning usually wins, often by "
                         "2x\"; here it does: %s (%s costs %.2f times what "
                         "on-prem costs).",
                         pct, cmp, cost_option_word(k), on > 0 ? cl / on : 0);
        else
            num_snprintf(buf, n,
                         "At %s%% utilization the cluster is past 80%%, where "
                         "the rule of thumb says \"owning usually wins, often by "
                         "2x\"; here it does not: %s (on-prem costs %.2f times "
                         "what %s costs).",
                         pct, cmp, cl > 0 ? on / cl : 0, cost_option_word(k));
        break;
    }
    case ADV_MIN_SIZE: {
        char cmp[200];
        onprem_vs_cloud(r, cur, cmp, sizeof cmp);
        num_snprintf(buf, n,
                     "The article's rule of thumb for a first cluster is \"about "
                     "16 GPUs kept over 70%% busy\"; this one has %.0f GPUs at "
                     "%s%%, and here %s.",
                     r->gpus, pct, cmp);
        break;
    }
    default:
        break;
    }
}

char *cost_advice_text(AdviceCode code, const Scenario *s, const CostResult *r,
                       char *buf, size_t n)
{
    const char *cur = s->currency;
    char pct[32];
    cost_pct_text(s->utilization.measured_pct, pct, sizeof pct);
    char a[64];
    switch (code) {
    case ADV_ZONE_DISAGREES:
        disagree_text(s, r, pct, buf, n);
        break;
    case ADV_BELOW_60:
    case ADV_ABOVE_80:
    case ADV_MIN_SIZE:
        thumb_text(code, s, r, pct, buf, n);
        break;
    case ADV_COMMIT_COVERAGE: {
        char now[48], then[48], save[48];
        num_format_money(r->option[OPT_RESERVED].monthly, 0, now, sizeof now);
        num_format_money(r->best_coverage_monthly, 0, then, sizeof then);
        num_format_money(r->option[OPT_RESERVED].monthly -
                             r->best_coverage_monthly,
                         0, save, sizeof save);
        num_snprintf(buf, n,
                     "Committing %.0f%% of the fleet instead of %g%% would take "
                     "reserved from %s to %s %s a month at %s%% utilization, "
                     "a saving of %s%s.",
                     r->best_coverage_pct, s->cloud.reserved_coverage_pct, now,
                     then, cur, pct, save,
                     r->best_coverage_pct == 0
                         ? " (no commitment: all work bought as overflow)"
                         : "");
        break;
    }
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
        CostOption k = cost_cheapest_cloud(r);
        double yearly = r->option[k].line[LINE_COMPUTE] * 12;
        num_format_money(yearly, 0, a, sizeof a);
        if (yearly < 500000)
            num_snprintf(buf, n,
                         "Cloud compute would be %s %s a year (%s), under "
                         "the 500,000 breakpoint where the rule of thumb says "
                         "\"a managed service such as SageMaker is worth its "
                         "premium\".",
                         a, cur, cost_option_label(k));
        else
            num_snprintf(buf, n,
                         "Cloud compute would be %s %s a year (%s), past the "
                         "500,000 breakpoint where the rule of thumb says "
                         "\"raw EC2 with your own orchestration beats a "
                         "managed service\".",
                         a, cur, cost_option_label(k));
        break;
    }
    case ADV_MEASURE:
        num_snprintf(buf, n,
                     "Utilization was measured for %g weeks: measure at least "
                     "4 weeks of job-held GPU time (the scheduler's accounting: "
                     "SLURM sacct, Kueue, Run:ai; DCGM "
                     "DCGM_FI_PROF_GR_ENGINE_ACTIVE or W&B only where jobs keep "
                     "their GPUs busy) before deciding: the cloud bills the "
                     "time a job holds its GPUs, and GPU activity alone "
                     "understates that bill.",
                     s->utilization.measurement_weeks);
        break;
    default:
        num_snprintf(buf, n, "?");
        break;
    }
    return buf;
}
