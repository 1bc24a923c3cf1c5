/* uncertainty.c: Field rows, defaults, equality and rules of the
 * `uncertainty:` section (SPEC 1, 2.8, 7); see uncertainty.h. */
#include "config.h"

#include "uncertainty.h"

#include <ctype.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"

const char *const uncertainty_section_keys[UN_KEY_COUNT] = {"draws", "seed",
                                                            "inputs"};
const char *const uncertainty_input_keys[UI_KEY_COUNT] = {"key", "low", "high",
                                                          "mode"};

/* 2^53: every whole number up to it is exact in a double. */
#define SEED_MAX 9007199254740992.0

void uncertainty_default(Uncertainty *u)
{
    memset(u, 0, sizeof *u);
    u->draws = 10000;
    u->seed = 1;
}

static bool same_num(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

bool uncertainty_equal(const Uncertainty *a, const Uncertainty *b)
{
    if (!same_num(a->draws, b->draws) || !same_num(a->seed, b->seed) ||
        a->input_count != b->input_count)
        return false;
    for (size_t i = 0; i < a->input_count; i++) {
        const UncInput *x = &a->inputs[i], *y = &b->inputs[i];
        if (strcmp(x->key, y->key) != 0 || !same_num(x->low, y->low) ||
            !same_num(x->high, y->high) || x->has_mode != y->has_mode ||
            (x->has_mode && !same_num(x->mode, y->mode)))
            return false;
    }
    return true;
}

static void base_row(Field *f, const char *path)
{
    memset(f, 0, sizeof *f);
    f->key = path;
    f->panel = PANEL_BUSINESS;
    f->unit = "";
    f->default_text = "";
}

void uncertainty_scalar_field(int which, const char *path, Field *f)
{
    base_row(f, path);
    f->type = FT_INT;
    f->step = 1;
    if (which == UN_SEED) {
        f->offset = offsetof(Scenario, uncertainty.seed);
        f->size = sizeof(double);
        f->label = "Seed";
        f->default_num = 1;
        f->minimum = 0;
        f->maximum = SEED_MAX;
        f->help = "seed of the Monte Carlo draws (same seed, same figures)";
    } else {
        f->offset = offsetof(Scenario, uncertainty.draws);
        f->size = sizeof(double);
        f->label = "Draws";
        f->unit = "draws";
        f->default_num = 10000;
        f->minimum = 100;
        f->maximum = 1000000;
        f->step = 1000;
        f->help = "Monte Carlo draws";
    }
}

static size_t input_offset(size_t index)
{
    return offsetof(Scenario, uncertainty) + offsetof(Uncertainty, inputs) +
           index * sizeof(UncInput);
}

void uncertainty_key_row(size_t index, const char *path, Field *f)
{
    base_row(f, path);
    f->type = FT_TEXT;
    f->offset = input_offset(index < UNC_MAX_INPUTS ? index : 0) +
                offsetof(UncInput, key);
    f->size = UNC_KEY_BYTES;
    f->label = "Input";
    f->minimum = 1;
    f->maximum = UNC_KEY_BYTES - 1;
    f->help = "the number field this range is about, by its key path";
}

bool uncertainty_value_field(size_t index, int which, const Field *target,
                             const char *path, Field *f)
{
    static const size_t member[UI_KEY_COUNT] = {
        0, offsetof(UncInput, low), offsetof(UncInput, high),
        offsetof(UncInput, mode)};
    if (which < UI_LOW || which > UI_MODE || index >= UNC_MAX_INPUTS)
        return false;
    if (target) {
        *f = *target;
    } else {
        base_row(f, path);
        f->type = FT_NUMBER;
        f->minimum = -DBL_MAX;
        f->maximum = DBL_MAX;
    }
    f->key = path;
    f->offset = input_offset(index) + member[which];
    f->size = sizeof(double);
    f->default_text = "";
    return true;
}

const Field *uncertainty_target(const char *key, char *msg, size_t n)
{
    const Field *f = field_find(key);
    /* The cost engine's inputs only: not the hybrid plan's. */
    if (f && f->scope != FS_SCENARIO) {
        snprintf(msg, n, "`%.60s` is a field of the hybrid plan; an uncertain "
                 "input must be a number field of the scenario, such as "
                 "utilization.measured_pct", key);
        return NULL;
    }
    if (!f) {
        char why[400];
        field_unknown("", key, why, sizeof why);
        snprintf(msg, n, "`%.60s` is not a scenario field (%s; expected the "
                 "key path of a number field, such as "
                 "utilization.measured_pct)", key, why);
        return NULL;
    }
    if (f->type == FT_INT || f->type == FT_NUMBER || f->type == FT_PERCENT ||
        f->type == FT_MONEY)
        return f;
    snprintf(msg, n, "`%s` is a %s field; an uncertain input must be a "
             "number field (int, number, percent or money)", key,
             field_type_name(f->type));
    return NULL;
}

double uncertainty_mode(const UncInput *in, const Field *target,
                        const Scenario *s)
{
    return in->has_mode ? in->mode : field_get_num(target, s);
}

static bool check_input(const Scenario *s, size_t i, int *which, char *msg,
                        size_t n)
{
    const Uncertainty *u = &s->uncertainty;
    const UncInput *in = &u->inputs[i];
    char m[300], a[40], b[40];
    *which = UI_KEY;
    const Field *t = uncertainty_target(in->key, msg, n);
    if (!t)
        return false;
    for (size_t j = 0; j < i; j++)
        if (strcmp(u->inputs[j].key, in->key) == 0) {
            snprintf(msg, n, "`%s` is already input %zu (each field has one "
                     "range)", in->key, j);
            return false;
        }
    const double v[UI_KEY_COUNT] = {0, in->low, in->high, in->mode};
    for (int k = UI_LOW; k <= UI_MODE; k++) {
        if (k == UI_MODE && !in->has_mode)
            continue;
        if (!field_check_num(t, v[k], m, sizeof m)) {
            *which = k;
            snprintf(msg, n, "%s for %s", m, in->key);
            return false;
        }
    }
    if (!(in->low < in->high)) {
        *which = UI_HIGH;
        num_format_exact(in->low, a, sizeof a);
        num_format_exact(in->high, b, sizeof b);
        snprintf(msg, n, "high %s is not above low %s (a range needs low < "
                 "high)", b, a);
        return false;
    }
    double mode = uncertainty_mode(in, t, s);
    if (mode < in->low || mode > in->high) {
        char lo[40], hi[40];
        num_format_exact(mode, a, sizeof a);
        num_format_exact(in->low, lo, sizeof lo);
        num_format_exact(in->high, hi, sizeof hi);
        if (in->has_mode) {
            *which = UI_MODE;
            snprintf(msg, n, "mode %s is outside the range %s to %s (need "
                     "low <= mode <= high)", a, lo, hi);
        } else {
            *which = UI_KEY;
            snprintf(msg, n, "the scenario's %s, %s, is outside the range %s "
                     "to %s; give a `mode` within it or widen the range",
                     in->key, a, lo, hi);
        }
        return false;
    }
    return true;
}

bool uncertainty_check(const Scenario *s, size_t *index, int *which,
                       char *msg, size_t n)
{
    if (!s->has_uncertainty)
        return true;
    for (size_t i = 0; i < s->uncertainty.input_count; i++)
        if (!check_input(s, i, which, msg, n)) {
            *index = i;
            return false;
        }
    return true;
}

/* "inputs[N].KEY" (after "uncertainty."): N and KEY's number. */
static bool parse_input_key(const char *leaf, size_t *index, int *which)
{
    char *end;
    if (strncmp(leaf, "inputs[", 7) != 0 || !isdigit((unsigned char)leaf[7]))
        return false;
    unsigned long i = strtoul(leaf + 7, &end, 10);
    if (end[0] != ']' || end[1] != '.')
        return false;
    *index = i > UNC_MAX_INPUTS ? UNC_MAX_INPUTS : (size_t)i;
    *which = -1;
    for (int k = 0; k < UI_KEY_COUNT; k++)
        if (strcmp(end + 2, uncertainty_input_keys[k]) == 0)
            *which = k;
    return *which >= 0;
}

bool uncertainty_set(Scenario *s, const char *key, const char *value,
                     char *msg, size_t n)
{
    const char *leaf = strncmp(key, "uncertainty.", 12) == 0 ? key + 12 : key;
    size_t index = 0;
    int which = -1;
    bool scalar = strcmp(leaf, "draws") == 0 || strcmp(leaf, "seed") == 0;
    if (!scalar && !parse_input_key(leaf, &index, &which)) {
        snprintf(msg, n, "unknown key `%.60s` (expected uncertainty.draws, "
                 "uncertainty.seed or uncertainty.inputs[N].KEY with KEY one "
                 "of key, low, high, mode)", key);
        return false;
    }
    if (!s->has_uncertainty) {
        snprintf(msg, n, "the scenario has no uncertainty section (add an "
                 "`uncertainty:` section with its inputs to the file first)");
        return false;
    }
    Field f;
    double v;
    if (scalar) {
        uncertainty_scalar_field(strcmp(leaf, "seed") == 0 ? UN_SEED
                                                           : UN_DRAWS,
                                 key, &f);
        if (!field_parse(&f, value, &v, msg, n))
            return false;
        field_put_num(&f, s, v);
        return true;
    }
    if (index >= s->uncertainty.input_count) {
        snprintf(msg, n, "there is no input %zu (the section has %zu, "
                 "numbered from 0)", index, s->uncertainty.input_count);
        return false;
    }
    UncInput *in = &s->uncertainty.inputs[index];
    if (which == UI_KEY) {
        if (!uncertainty_target(value, msg, n))
            return false;
        snprintf(in->key, sizeof in->key, "%s", value);
        return true;
    }
    const Field *t = uncertainty_target(in->key, msg, n);
    if (!t)
        return false;
    uncertainty_value_field(index, which, t, key, &f);
    if (!field_parse(&f, value, &v, msg, n))
        return false;
    field_put_num(&f, s, v);
    if (which == UI_MODE)
        in->has_mode = true;
    return true;
}
