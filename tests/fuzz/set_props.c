/* set_props.c: see set_props.h. */
#include "config.h"

#include "set_props.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cron.h"
#include "fields.h"
#include "scenario_edit.h"
#include "scenario.h"
#include "sweep.h"

/* The default scenario with a plan of a cron and a Poisson workload. */
static void hybrid_scenario(Scenario *s)
{
    scenario_default(s);
    s->has_hybrid = true;
    scenario_hybrid_default(s);
    field_item_default(&field_list_workloads, s, 0);
    field_item_default(&field_list_workloads, s, 1);
    HybridWorkload *w = s->hybrid.workloads;
    Diag ce;
    if (cron_parse("0 2 * * *", &w[0].schedule, &ce) != 0)
        abort();
    snprintf(w[0].schedule_text, sizeof w[0].schedule_text, "0 2 * * *");
    w[0].has_schedule = true;
    w[1].per_day = 6;
    s->hybrid.workload_count = 2;
}

/* --set KEY=VALUE, split at the first '=' as the command line does, on a
 * scenario with a hybrid plan, through the edit path: a refusal says why
 * and changes nothing; an accepted value keeps every rule. */
static int set_one(char *arg, char *msg, size_t n)
{
    char *eq = strchr(arg, '=');
    if (!eq || eq == arg) {
        snprintf(msg, n, "no KEY=");
        return -1;
    }
    *eq = '\0';
    const char *key = arg, *val = eq + 1;
    Scenario s, before;
    hybrid_scenario(&s);
    before = s;
    Diag d;
    if (scenario_set(&s, key, val, &d) != 0) {
        size_t l = strnlen(d.message, n - 1);
        memcpy(msg, d.message, l);
        msg[l] = '\0';
        if (msg[0] == '\0' || !scenario_equal(&s, &before))
            abort();
        return 0;
    }
    const Field *bad = NULL;
    Diag m2;
    if (scenario_validate(&s, &bad, &m2) != 0 ||
        s.hybrid.workload_count != 2)
        abort();
    Diag ce;
    Cron c;
    for (size_t i = 0; i < 2; i++) {
        const HybridWorkload *w = &s.hybrid.workloads[i];
        if (!(w->gpus >= 1) || !(w->hours > 0) || !(w->per_day >= 0) ||
            (w->has_schedule && cron_parse(w->schedule_text, &c, &ce) != 0))
            abort();
    }
    FieldRef r;
    char out[1024];
    if (field_resolve(key, &r, &m2) != 0)
        abort();
    field_format(field_ref(&r), &s, out, sizeof out);
    return 1;
}

/* --vary KEY=FROM:TO:STEP: every value lies in the inclusive range and is
 * valid for the field. */
static int vary_one(const char *arg, char *msg, size_t n)
{
    SweepAxis a;
    Diag d;
    if (sweep_axis_parse(arg, &a, &d) != 0) {
        if (d.message[0] == '\0')
            abort();
        snprintf(msg, n, "%s", d.message);
        return 0;
    }
    if (a.count == 0 || a.count > SWEEP_MAX_VALUES || !a.field)
        abort();
    size_t pick[3] = {0, a.count / 2, a.count - 1};
    for (int k = 0; k < 3; k++) {
        double v = sweep_axis_value(&a, pick[k]);
        Diag why;
        if (!isfinite(v) || (a.to - v) * a.step < 0 || (v - a.from) * a.step < 0 ||
            field_check_num(a.field, v, &why) != 0)
            abort();
    }
    return 1;
}

int set_props_run(const uint8_t *data, size_t size, char *msg, size_t n)
{
    msg[0] = '\0';
    if (size == 0)
        return -1;
    char *arg = malloc(size);
    if (!arg)
        abort();
    memcpy(arg, data + 1, size - 1);
    arg[size - 1] = '\0';
    int rc = data[0] & 1 ? vary_one(arg, msg, n) : set_one(arg, msg, n);
    free(arg);
    return rc;
}
