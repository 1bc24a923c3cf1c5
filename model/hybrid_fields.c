/* hybrid_fields.c: Field rows, defaults, equality and rules of the hybrid
 * plan (SPEC 6); see hybrid_fields.h. */
#include "config.h"

#include "hybrid_fields.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cron.h"
#include "hybrid.h"
#include "numfmt.h"

const char *const hybrid_section_keys[HY_KEY_COUNT] = {
    "days", "onprem_nodes", "max_wait_minutes", "cloud_idle_minutes", "seed",
    "backfill",
    "workloads"};

const char *const hybrid_workload_keys[HW_KEY_COUNT] = {
    "name", "schedule", "per_day", "gpus", "hours", "run", "cloud_mode",
    "priority", "max_wait_minutes", "cloud_gpu_hour"};

/* 2^53: every whole number up to it is exact in a double. */
#define SEED_MAX 9007199254740992.0

typedef struct HyRow {
    const char *label, *unit;
    FieldType type;
    size_t offset; /* within HybridPlan or HybridWorkload */
    size_t size;
    double def, min, max, step;
    const char *help;
} HyRow;

static const HyRow scalar_rows[HY_WORKLOADS] = {
    {"Simulated days", "days", FT_NUMBER, offsetof(HybridPlan, days),
     sizeof(double), 30, 1, 366, 1,
     "simulated period; results scale to hours_per_month"},
    {"On-prem nodes", "nodes", FT_INT, offsetof(HybridPlan, onprem_nodes),
     sizeof(double), 0, 0, 100000, 1,
     "owned nodes in the plan, at most hardware.nodes"},
    {"Burst threshold", "min", FT_NUMBER,
     offsetof(HybridPlan, max_wait_minutes), sizeof(double), 90, 0, 100000,
     10, "a burst job goes to the cloud when its on-prem wait would exceed this"},
    {"Cloud idle time", "min", FT_NUMBER,
     offsetof(HybridPlan, cloud_idle_minutes), sizeof(double), 10, 0, 1440, 1,
     "billed idle time per cloud job (instances winding down)"},
    {"Seed", "", FT_INT, offsetof(HybridPlan, seed), sizeof(double), 1, 0,
     SEED_MAX, 1, "seed of the random arrivals (same seed, same numbers)"},
    {"Backfill", "", FT_BOOL, offsetof(HybridPlan, backfill), sizeof(bool), 0,
     0, 1, 1, "EASY backfill: a later job may start in a gap that does not "
     "delay the head of the queue"},
};

static const HyRow workload_rows[HW_RUN] = {
    {"Name", "", FT_TEXT, offsetof(HybridWorkload, name),
     sizeof(((HybridWorkload *)0)->name), 0, 1, HYBRID_NAME_MAX, 0,
     "workload name"},
    {"Schedule", "", FT_TEXT, offsetof(HybridWorkload, schedule_text),
     sizeof(((HybridWorkload *)0)->schedule_text), 0, 1, HYBRID_SCHEDULE_MAX, 0,
     "5-field cron, UTC; each match submits one job"},
    {"Jobs a day", "jobs/day", FT_NUMBER, offsetof(HybridWorkload, per_day),
     sizeof(double), 0, 0, 100000, 1, "mean Poisson arrivals a day"},
    {"GPUs", "GPUs", FT_INT, offsetof(HybridWorkload, gpus), sizeof(double), 1,
     1, 100000, 1, "GPUs the job needs at once (gang)"},
    {"Hours", "h", FT_NUMBER, offsetof(HybridWorkload, hours), sizeof(double),
     1, 0, 8784, 1, "wall-clock hours of one job (above 0)"},
};

/* The workload's numbers after its two words (run, cloud_mode). */
static const HyRow workload_more_rows[HW_KEY_COUNT - HW_PRIORITY] = {
    {"Priority", "", FT_INT, offsetof(HybridWorkload, priority), sizeof(double),
     0, 0, 100, 1, "higher is scheduled first on-prem"},
    {"Wait limit", "min", FT_NUMBER, offsetof(HybridWorkload, max_wait_minutes),
     sizeof(double), 90, 0, 100000, 10,
     "this workload's burst threshold and wait target (else the plan's)"},
    {"Cloud price", "$/GPU-h", FT_MONEY, offsetof(HybridWorkload, cloud_gpu_hour),
     sizeof(double), 0, 0, 1000, 0.01,
     "its cloud price per GPU-hour (else the scenario's for its mode)"},
};

void hybrid_workload_mark(HybridWorkload *w, int which)
{
    if (which == HW_MAX_WAIT)
        w->has_max_wait = true;
    else if (which == HW_CLOUD_PRICE)
        w->has_cloud_price = true;
}

bool hybrid_workload_key_saved(const HybridWorkload *w, int which)
{
    switch (which) {
    case HW_SCHEDULE:
        return w->has_schedule;
    case HW_PER_DAY:
        return !w->has_schedule;
    case HW_PRIORITY:
        return w->priority != 0;
    case HW_MAX_WAIT:
        return w->has_max_wait;
    case HW_CLOUD_PRICE:
        return w->has_cloud_price;
    default:
        return true;
    }
}

int hybrid_key_index(const char *const *keys, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(keys[i], key) == 0)
            return (int)i;
    return -1;
}

void hybrid_plan_default(HybridPlan *p, double nodes)
{
    memset(p, 0, sizeof *p);
    p->days = 30;
    p->onprem_nodes = nodes;
    p->max_wait_minutes = 90;
    p->cloud_idle_minutes = 10;
    p->seed = 1;
}

void hybrid_workload_default(HybridWorkload *w)
{
    memset(w, 0, sizeof *w);
    w->gpus = 1;
    w->hours = 1;
    w->run = RUN_ONPREM;
    w->cloud_mode = MODE_ON_DEMAND;
}

static bool same_num(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

bool hybrid_plan_equal(const HybridPlan *a, const HybridPlan *b)
{
    if (!same_num(a->days, b->days) ||
        !same_num(a->onprem_nodes, b->onprem_nodes) ||
        !same_num(a->max_wait_minutes, b->max_wait_minutes) ||
        !same_num(a->cloud_idle_minutes, b->cloud_idle_minutes) ||
        !same_num(a->seed, b->seed) || a->backfill != b->backfill ||
        a->workload_count != b->workload_count)
        return false;
    for (size_t i = 0; i < a->workload_count; i++) {
        const HybridWorkload *x = &a->workloads[i], *y = &b->workloads[i];
        if (strcmp(x->name, y->name) != 0 ||
            x->has_schedule != y->has_schedule || x->run != y->run ||
            x->cloud_mode != y->cloud_mode || !same_num(x->gpus, y->gpus) ||
            !same_num(x->hours, y->hours) ||
            !same_num(x->priority, y->priority) ||
            x->has_max_wait != y->has_max_wait ||
            (x->has_max_wait &&
             !same_num(x->max_wait_minutes, y->max_wait_minutes)) ||
            x->has_cloud_price != y->has_cloud_price ||
            (x->has_cloud_price &&
             !same_num(x->cloud_gpu_hour, y->cloud_gpu_hour)))
            return false;
        if (x->has_schedule ? strcmp(x->schedule_text, y->schedule_text) != 0
                            : !same_num(x->per_day, y->per_day))
            return false;
    }
    return true;
}

static void row_field(const HyRow *r, size_t base, const char *path, Field *f)
{
    memset(f, 0, sizeof *f);
    f->key = path;
    f->label = r->label;
    f->unit = r->unit;
    f->type = r->type;
    f->panel = PANEL_HYBRID;
    f->offset = base + r->offset;
    f->size = r->size;
    f->default_num = r->def;
    f->default_text = "";
    f->minimum = r->min;
    f->maximum = r->max;
    f->step = r->step;
    f->rule = TR_NONE;
    f->help = r->help;
}

void hybrid_scalar_field(int which, const char *path, Field *f)
{
    if (which < 0 || which >= HY_WORKLOADS)
        which = HY_DAYS;
    row_field(&scalar_rows[which], offsetof(Scenario, hybrid), path, f);
}

bool hybrid_workload_field(size_t index, int which, const char *path,
                           Field *f)
{
    if (which < 0 || which >= HW_KEY_COUNT || which == HW_RUN ||
        which == HW_CLOUD_MODE || index >= HYBRID_MAX_WORKLOADS)
        return false;
    size_t base = offsetof(Scenario, hybrid) +
                  offsetof(HybridPlan, workloads) +
                  index * sizeof(HybridWorkload);
    row_field(which < HW_RUN ? &workload_rows[which]
                             : &workload_more_rows[which - HW_PRIORITY],
              base, path, f);
    return true;
}

bool hybrid_check_workload_num(int which, double v, char *msg, size_t n)
{
    if (which == HW_HOURS && !(v > 0)) {
        char val[40];
        num_format_exact(v, val, sizeof val);
        snprintf(msg, n, "%s is not above 0 (expected a number above 0, up "
                 "to 8784)", val);
        return false;
    }
    return true;
}

bool hybrid_parse_run(const char *text, HybridRun *out, char *msg, size_t n)
{
    static const HybridRun runs[] = {RUN_ONPREM, RUN_CLOUD, RUN_BURST};
    for (size_t i = 0; i < 3; i++)
        if (strcmp(text, hybrid_run_key(runs[i])) == 0) {
            *out = runs[i];
            return true;
        }
    snprintf(msg, n, "\"%.40s\" is not a run rule (expected onprem, cloud or "
             "burst)", text);
    return false;
}

bool hybrid_parse_mode(const char *text, HybridCloudMode *out, char *msg,
                       size_t n)
{
    static const HybridCloudMode modes[] = {MODE_ON_DEMAND, MODE_SPOT};
    for (size_t i = 0; i < 2; i++)
        if (strcmp(text, hybrid_mode_key(modes[i])) == 0) {
            *out = modes[i];
            return true;
        }
    snprintf(msg, n, "\"%.40s\" is not a cloud mode (expected on_demand or "
             "spot)", text);
    return false;
}

bool hybrid_check_nodes(const Scenario *s, char *msg, size_t n)
{
    if (!s->has_hybrid || s->hybrid.onprem_nodes <= s->hardware.nodes)
        return true;
    char a[40], b[40];
    num_format_exact(s->hybrid.onprem_nodes, a, sizeof a);
    num_format_exact(s->hardware.nodes, b, sizeof b);
    snprintf(msg, n, "%s on-prem nodes is more than hardware.nodes (%s); the "
             "plan uses part of the owned fleet (expected 0 to %s)", a, b, b);
    return false;
}

static bool set_workload_value(Scenario *s, size_t index, int which,
                               const char *value, char *msg, size_t n);

bool hybrid_set_workload(Scenario *s, size_t index, int which,
                         const char *value, char *msg, size_t n)
{
    Scenario t = *s;
    if (!set_workload_value(&t, index, which, value, msg, n) ||
        !hybrid_check_jobs(&t.hybrid, msg, n))
        return false;
    *s = t;
    return true;
}

static bool set_workload_value(Scenario *s, size_t index, int which,
                               const char *value, char *msg, size_t n)
{
    if (index >= HYBRID_MAX_WORKLOADS || which < 0 || which >= HW_KEY_COUNT) {
        snprintf(msg, n, "workload key %d of workload %zu does not exist", which, index);
        return false;
    }
    HybridWorkload *w = &s->hybrid.workloads[index];
    if (which == HW_RUN)
        return hybrid_parse_run(value, &w->run, msg, n);
    if (which == HW_CLOUD_MODE)
        return hybrid_parse_mode(value, &w->cloud_mode, msg, n);
    char path[64];
    snprintf(path, sizeof path, "hybrid.workloads[%zu].%s", index,
             hybrid_workload_keys[which]);
    Field f;
    hybrid_workload_field(index, which, path, &f); /* in range: checked above */
    if (which == HW_SCHEDULE) {
        if (!field_check_text(&f, value, msg, n))
            return false;
        Cron c;
        CronError ce;
        if (cron_parse(value, &c, &ce) != 0) {
            snprintf(msg, n, "\"%.40s\" is not a cron schedule: %s (column %d)",
                     value, ce.message, ce.column);
            return false;
        }
        w->schedule = c;
        snprintf(w->schedule_text, sizeof w->schedule_text, "%s", value);
        w->has_schedule = true;
        return true;
    }
    if (f.type == FT_TEXT)
        return field_set(&f, s, value, msg, n);
    double v;
    if (!field_parse(&f, value, &v, msg, n) ||
        !hybrid_check_workload_num(which, v, msg, n))
        return false;
    *field_num(&f, s) = v;
    if (which == HW_PER_DAY)
        w->has_schedule = false; /* a rate replaces the schedule */
    hybrid_workload_mark(w, which);
    return true;
}

/* "workloads[N].KEY" (after "hybrid."): N and KEY's number. */
static bool parse_workload_key(const char *leaf, size_t *index, int *which)
{
    char *end;
    if (strncmp(leaf, "workloads[", 10) != 0 || !isdigit((unsigned char)leaf[10]))
        return false;
    unsigned long i = strtoul(leaf + 10, &end, 10);
    if (end[0] != ']' || end[1] != '.')
        return false;
    *index = i > HYBRID_MAX_WORKLOADS ? HYBRID_MAX_WORKLOADS : (size_t)i;
    *which = hybrid_key_index(hybrid_workload_keys, HW_KEY_COUNT, end + 2);
    return *which >= 0;
}

HybridKeyKind hybrid_parse_key(const char *key, size_t *index, int *which)
{
    const char *leaf = strncmp(key, "hybrid.", 7) == 0 ? key + 7 : key;
    *which = hybrid_key_index(hybrid_section_keys, HY_WORKLOADS, leaf);
    if (*which >= 0)
        return HK_SCALAR;
    return parse_workload_key(leaf, index, which) ? HK_WORKLOAD : HK_NONE;
}

bool hybrid_set(Scenario *s, const char *key, const char *value, char *msg,
                size_t n)
{
    const char *leaf = strncmp(key, "hybrid.", 7) == 0 ? key + 7 : key;
    size_t index = 0;
    int which;
    HybridKeyKind kind = hybrid_parse_key(key, &index, &which);
    bool workload = kind == HK_WORKLOAD;
    if (kind == HK_NONE) {
        const char *near =
            field_suggest_in(leaf, hybrid_section_keys, HY_WORKLOADS);
        if (near)
            snprintf(msg, n, "unknown key `%.60s` (did you mean "
                     "`hybrid.%s`?)", key, near);
        else
            snprintf(msg, n, "unknown key `%.60s` (expected hybrid.days, "
                     "hybrid.onprem_nodes, hybrid.max_wait_minutes, "
                     "hybrid.cloud_idle_minutes, hybrid.seed, "
                     "hybrid.backfill or hybrid.workloads[N].KEY with KEY one "
                     "of name, schedule, per_day, gpus, hours, run, "
                     "cloud_mode, priority, max_wait_minutes, "
                     "cloud_gpu_hour)", key);
        return false;
    }
    if (!s->has_hybrid) {
        snprintf(msg, n, "the scenario has no hybrid section (add a `hybrid:` "
                 "section with its workloads to the file first)");
        return false;
    }
    if (workload) {
        if (index >= s->hybrid.workload_count) {
            /* The number as written: the parsed index is capped, and a
             * huge one must not be reported as another. */
            const char *digits = leaf + 10;
            int nd = (int)strspn(digits, "0123456789");
            snprintf(msg, n, "there is no workload %.*s (the plan has %zu, "
                     "numbered from 0)", nd > 30 ? 30 : nd, digits,
                     s->hybrid.workload_count);
            return false;
        }
        Scenario t = *s;
        if (!hybrid_set_workload(&t, index, which, value, msg, n))
            return false;
        *s = t;
        return true;
    }
    Field f;
    hybrid_scalar_field(which, key, &f);
    double v;
    if (!field_parse(&f, value, &v, msg, n))
        return false;
    if (which == HY_ONPREM_NODES && v > s->hardware.nodes) {
        Scenario t = *s;
        t.hybrid.onprem_nodes = v;
        return hybrid_check_nodes(&t, msg, n);
    }
    Scenario t = *s;
    if (f.type == FT_BOOL)
        *field_bool(&f, &t) = v != 0;
    else
        *field_num(&f, &t) = v;
    if (!hybrid_check_jobs(&t.hybrid, msg, n))
        return false;
    *s = t;
    return true;
}
