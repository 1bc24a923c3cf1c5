/* uncertainty.c: the rules of the `uncertainty:` section (DESIGN 1, 2.8,
 * 7); see uncertainty.h. */
#include "config.h"

#include "uncertainty.h"

#include <stdio.h>
#include <string.h>

#include "numfmt.h"

const char *const uncertainty_input_keys[UI_KEY_COUNT] = {"key", "low", "high",
                                                          "mode"};

const Field *uncertainty_target(const char *key, char *msg, size_t n)
{
    return field_number_key(key, msg, n);
}

const Field *uncertainty_value_target(const Scenario *s, size_t index)
{
    char msg[400];
    if (index >= s->uncertainty.input_count)
        return NULL;
    return uncertainty_target(s->uncertainty.inputs[index].key, msg,
                              sizeof msg);
}

double uncertainty_mode(const UncInput *in, const Field *target,
                        const Scenario *s)
{
    if (in->has_mode)
        return in->mode;
    double v = field_get_num(target, s);
    return v < in->low ? in->low : v > in->high ? in->high : v;
}

bool uncertainty_outside(const Scenario *s, size_t i, char *msg, size_t n)
{
    if (!s->has_uncertainty || i >= s->uncertainty.input_count)
        return false;
    const UncInput *in = &s->uncertainty.inputs[i];
    char why[300];
    const Field *t = uncertainty_target(in->key, why, sizeof why);
    if (!t)
        return false;
    double v = field_get_num(t, s);
    if (v >= in->low && v <= in->high)
        return false;
    char a[40], lo[40], hi[40], m[40];
    num_format_exact(v, a, sizeof a);
    num_format_exact(in->low, lo, sizeof lo);
    num_format_exact(in->high, hi, sizeof hi);
    num_format_exact(uncertainty_mode(in, t, s), m, sizeof m);
    snprintf(msg, n, "the range of %s, %s to %s, no longer holds its value, "
             "%s: the tornado and the draws use the range as written, with "
             "the mode at %s%s", in->key, lo, hi, a, m,
             in->has_mode ? " as given" : ", the end nearest the value");
    return true;
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
    /* A given mode belongs to the range. The scenario's own value need
     * not: a value edited outside it keeps the range as written
     * (uncertainty_outside says so, and uncertainty_mode draws from its
     * nearest end). */
    if (in->has_mode && (in->mode < in->low || in->mode > in->high)) {
        char lo[40], hi[40];
        num_format_exact(in->mode, a, sizeof a);
        num_format_exact(in->low, lo, sizeof lo);
        num_format_exact(in->high, hi, sizeof hi);
        *which = UI_MODE;
        snprintf(msg, n, "mode %s is outside the range %s to %s (need "
                 "low <= mode <= high)", a, lo, hi);
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

