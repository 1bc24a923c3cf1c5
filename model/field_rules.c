/* field_rules.c: what stands beside the field registry's rows (DESIGN
 * 1.1, 7): the lists whose items are rows of the table (a hybrid plan's
 * workloads, the uncertain inputs), and the rules between fields that no
 * single row can say. The rows are field_table.c; declared in fields.h. */
#include "config.h"

#include "fields.h"

#include <stdio.h>
#include <string.h>

#include "commitment.h"
#include "hybrid.h"
#include "numfmt.h"

/* The hybrid plan's workloads (DESIGN 6): rows with
 * .list = &field_list_workloads hold one value of each workload. */
const FieldList field_list_workloads = {
    .key = "hybrid.workloads",
    .item = "workload",
    .holder = "plan",
    .help = "job streams",
    .offset = offsetof(Scenario, hybrid.workloads),
    .min = 0, /* a plan may have no workloads yet (the planner's a adds) */
    .required = true,
    .count_offset = offsetof(Scenario, hybrid.workload_count),
    .stride = sizeof(HybridWorkload),
    .max = HYBRID_MAX_WORKLOADS,
};

/* The trace's groups (DESIGN 10.8): hybrid.groups[N].KEY, a workload's
 * rules for the jobs of one group of the replayed history. */
const FieldList field_list_groups = {
    .key = "hybrid.groups",
    .item = "group",
    .holder = "plan",
    .help = "where the trace's groups run",
    .offset = offsetof(Scenario, trace.groups),
    .min = 0,
    .required = false,
    .count_offset = offsetof(Scenario, trace.group_count),
    .stride = sizeof(HybridWorkload),
    .max = TRACE_MAX_GROUPS,
};
/* The uncertain inputs (DESIGN 1, 2.8): uncertainty.inputs[N].KEY. */
const FieldList field_list_inputs = {
    .key = "uncertainty.inputs",
    .item = "input",
    .holder = "section",
    .help = "ranges of number fields",
    .offset = offsetof(Scenario, uncertainty.inputs),
    .min = 0,
    .required = false, /* `uncertainty:` with draws and seed only is fine */
    .count_offset = offsetof(Scenario, uncertainty.input_count),
    .stride = sizeof(UncInput),
    .max = UNC_MAX_INPUTS,
};

/* The inputs that move together (DESIGN 2.8):
 * uncertainty.correlations[N].KEY. */
const FieldList field_list_pairs = {
    .key = "uncertainty.correlations",
    .item = "pair",
    .holder = "section",
    .help = "rank correlations between inputs",
    .offset = offsetof(Scenario, uncertainty.pairs),
    .min = 0,
    .required = false, /* without it the inputs are drawn independently */
    .count_offset = offsetof(Scenario, uncertainty.pair_count),
    .stride = sizeof(UncPair),
    .max = UNC_MAX_PAIRS,
};

/* ---- cross-field rules (DESIGN 7) ------------------------------------------ */

static int say_busy(const Scenario *s, Diag *d)
{
    char a[40], b[40];
    num_format_said(s->facility.node_power_busy_kw, a, sizeof a);
    num_format_said(s->facility.node_power_max_kw, b, sizeof b);
    return diag_fail(d, "busy power %s kW is above the provisioned %s kW "
                     "(need idle <= busy <= max)", a, b);
}

static int say_idle(const Scenario *s, Diag *d)
{
    char a[40], b[40];
    num_format_said(s->facility.node_power_idle_kw, a, sizeof a);
    num_format_said(s->facility.node_power_busy_kw, b, sizeof b);
    return diag_fail(d, "idle power %s kW is above the busy %s kW "
                     "(need idle <= busy <= max)", a, b);
}

static int say_onprem_nodes(const Scenario *s, Diag *d)
{
    char a[40], b[40];
    num_format_said(s->hybrid.onprem_nodes, a, sizeof a);
    num_format_said(s->hardware.nodes, b, sizeof b);
    return diag_fail(d, "%s on-prem nodes is more than hardware.nodes (%s); "
                     "the plan uses part of the owned fleet (expected 0 to "
                     "%s)", a, b, b);
}

/* The plan submits no more jobs than a plan may simulate
 * (hybrid_check_jobs); blamed on hybrid.days, the period. */
static int jobs_hold(const Scenario *s, Diag *d)
{
    return hybrid_check_jobs(&s->hybrid, d);
}

/* A capacity block is booked for at most 182 days (DESIGN 2.9): its window,
 * cloud.reserved_term_months, is at most 6 months. */
static int block_term_holds(const Scenario *s, Diag *d)
{
    if (s->cloud.commitment != COMMIT_CAPACITY_BLOCK ||
        s->cloud.reserved_term_months <= COMMITMENT_BLOCK_MONTHS_MAX)
        return 0;
    return diag_fail(d, "a capacity block is booked for at most 182 days: "
                     "with commitment capacity_block, "
                     "cloud.reserved_term_months is the window and must be 1 "
                     "to %d (it is %.0f)", COMMITMENT_BLOCK_MONTHS_MAX,
                     s->cloud.reserved_term_months);
}

/* The trace's groups (DESIGN 10.8): each named once, `*` at most once,
 * only with a trace, and with the plan's workloads and the other groups'
 * workload within the plan's workloads. Blamed on hybrid.trace. */
static int groups_hold(const Scenario *s, Diag *d)
{
    const HybridTrace *t = &s->trace;
    if (t->group_count && !t->file[0])
        return diag_fail(d, "hybrid.groups says where a trace's groups run, "
                         "and no hybrid.trace is given");
    size_t named = 0;
    for (size_t i = 0; i < t->group_count; i++) {
        for (size_t k = 0; k < i; k++)
            if (strcmp(t->groups[i].name, t->groups[k].name) == 0) {
                char q[DIAG_QUOTE];
                return diag_fail(d, "hybrid.groups[%zu] names the group '%s' "
                                 "of hybrid.groups[%zu] again", i,
                                 diag_quote(t->groups[i].name, q), k);
            }
        named += strcmp(t->groups[i].name, "*") != 0;
    }
    size_t need = s->hybrid.workload_count + named + 1;
    if (t->file[0] && need > HYBRID_MAX_WORKLOADS)
        return diag_fail(d, "%zu workloads, %zu named groups and the other "
                         "groups make %zu, more than the %d a plan holds",
                         s->hybrid.workload_count, named, need,
                         HYBRID_MAX_WORKLOADS);
    return 0;
}

/* A refresh's overlap is shorter than a generation's life (DESIGN 2.10):
 * the next generation is bought before the one it replaces retires, not
 * before that one was bought. */
static int overlap_holds(const Scenario *s, Diag *d)
{
    if (s->horizon.refresh_overlap_months < s->hardware.lifetime_months)
        return 0;
    return diag_fail(d, "a refresh overlap of %.0f months is not shorter "
                     "than hardware.lifetime_months (%.0f): the next "
                     "generation would be bought before the one it replaces "
                     "(expected 0 to %.0f)", s->horizon.refresh_overlap_months,
                     s->hardware.lifetime_months,
                     s->hardware.lifetime_months - 1);
}

/* In the order they are checked: the first broken one is reported. */
const FieldRule field_rules[] = {
    { .key = "facility.node_power_busy_kw",
      .limit = "facility.node_power_max_kw", .say = say_busy },
    { .key = "facility.node_power_idle_kw",
      .limit = "facility.node_power_busy_kw", .say = say_idle },
    { .key = "hybrid.onprem_nodes",
      .limit = "hardware.nodes", .say = say_onprem_nodes },
    { .key = "hybrid.days", .holds = jobs_hold },
    { .key = "hybrid.trace", .holds = groups_hold },
    { .key = "cloud.commitment", .holds = block_term_holds },
    { .key = "horizon.refresh_overlap_months", .holds = overlap_holds },
};

const size_t field_rule_count = sizeof field_rules / sizeof field_rules[0];
_Static_assert(sizeof field_rules / sizeof field_rules[0] <= FIELD_RULES_MAX,
               "FIELD_RULES_MAX is too small for field_rules");
