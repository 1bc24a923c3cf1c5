/* fuzz_set.c: libFuzzer harness for the command line's value parsers: the
 * --set KEY=VALUE path (field_find, field_suggest, field_set,
 * scenario_validate) and --vary specs (sweep_axis_parse). The first input
 * byte picks which (even: --set, odd: --vary); the rest is the argument. */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "scenario.h"
#include "sweep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One --set KEY=VALUE, split at the first '=' as the command line does. */
static void fuzz_set_one(char *arg)
{
    char *eq = strchr(arg, '=');
    if (!eq || eq == arg)
        return;
    *eq = '\0';
    const char *key = arg, *val = eq + 1;
    Scenario s;
    scenario_default(&s);
    Scenario before = s;
    char msg[512];
    const Field *f = field_find(key);
    if (!f) {
        (void)field_suggest(key, "");
        return;
    }
    msg[0] = '\0';
    if (!field_set(f, &s, val, msg, sizeof msg)) {
        /* A refused value leaves the scenario as it was and says why. */
        if (msg[0] == '\0' || !scenario_equal(&s, &before))
            abort();
        return;
    }
    char out[1024];
    field_format(f, &s, out, sizeof out);
    const Field *bad = NULL;
    (void)scenario_validate(&s, &bad, msg, sizeof msg);
}

/* One --vary KEY=FROM:TO:STEP. */
static void fuzz_vary_one(const char *arg)
{
    SweepAxis a;
    char msg[512];
    msg[0] = '\0';
    if (!sweep_axis_parse(arg, &a, msg, sizeof msg)) {
        if (msg[0] == '\0')
            abort();
        return;
    }
    if (a.count == 0 || a.count > SWEEP_MAX_VALUES || !a.field)
        abort();
    /* Every value lies in the inclusive range and is valid for the field;
     * the last one is TO when the steps land on it. */
    size_t pick[3] = {0, a.count / 2, a.count - 1};
    for (int k = 0; k < 3; k++) {
        double v = sweep_axis_value(&a, pick[k]);
        if (!isfinite(v) || (a.to - v) * a.step < 0 ||
            (v - a.from) * a.step < 0 ||
            !field_check_num(a.field, v, msg, sizeof msg))
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    char *arg = malloc(size);
    if (!arg)
        return 0;
    memcpy(arg, data + 1, size - 1);
    arg[size - 1] = '\0';
    if (data[0] & 1)
        fuzz_vary_one(arg);
    else
        fuzz_set_one(arg);
    free(arg);
    return 0;
}
