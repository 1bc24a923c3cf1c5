/* sweep.c: parsing and stepping the axes of a sweep (see sweep.h). */
#include "config.h"

#include "sweep.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"

/* Decimal places written in a plain number ("0.25" 2, "3" 0), or -1 with
 * an exponent or more places than a double holds. */
static int written_decimals(const char *t)
{
    if (strpbrk(t, "eE"))
        return -1;
    const char *dot = strchr(t, '.');
    if (!dot)
        return 0;
    size_t d = strspn(dot + 1, "0123456789");
    return d > 12 ? -1 : (int)d;
}

/* Split "FROM:TO:STEP" into three numbers; *decimals gets the places of
 * FROM and STEP, which every value of the range has. */
static bool parse_range(const char *r, double v[3], int *decimals, char *msg, size_t n)
{
    char buf[256];
    if (strlen(r) >= sizeof buf) {
        snprintf(msg, n, "range is too long");
        return false;
    }
    strcpy(buf, r);
    char *parts[3];
    char *p = buf;
    for (int i = 0; i < 3; i++) {
        parts[i] = p;
        char *colon = strchr(p, ':');
        if (i < 2) {
            if (!colon) {
                snprintf(msg, n, "'%.60s' is not FROM:TO:STEP", r);
                return false;
            }
            *colon = '\0';
            p = colon + 1;
        } else if (colon) {
            snprintf(msg, n, "'%.60s' is not FROM:TO:STEP (one colon too many)", r);
            return false;
        }
    }
    static const char *const names[3] = {"FROM", "TO", "STEP"};
    for (int i = 0; i < 3; i++)
        if (num_parse(parts[i], &v[i]) != 0) {
            snprintf(msg, n, "%s '%s' is not a number", names[i], parts[i]);
            return false;
        }
    int df = written_decimals(parts[0]), ds = written_decimals(parts[2]);
    *decimals = df < 0 || ds < 0 ? -1 : df > ds ? df : ds;
    return true;
}

/* A field a sweep can vary: a number of the scenario itself (the hybrid
 * plan changes none of the figures a sweep reports). */
static bool numeric(const Field *f)
{
    return f->scope == FS_SCENARIO && f->type != FT_TEXT &&
           f->type != FT_BOOL && f->type != FT_CHOICE;
}

/* Copy the KEY of "KEY=..." into key[size]; *rest gets what follows '='.
 * False with a message when there is no KEY or it is too long. */
static bool split_key(const char *spec, char *key, size_t size, const char **rest,
                      char *msg, size_t n)
{
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec) {
        snprintf(msg, n, "--vary needs KEY=FROM:TO:STEP, not '%s'", spec);
        return false;
    }
    size_t kl = (size_t)(eq - spec);
    if (kl >= size) {
        snprintf(msg, n, "key is too long");
        return false;
    }
    memcpy(key, spec, kl);
    key[kl] = '\0';
    *rest = eq + 1;
    return true;
}

/* Whether the resolved field `f` can be varied; false with a message. */
static bool check_variable(const char *key, const Field *f, char *msg, size_t n)
{
    if (f->scope != FS_SCENARIO) {
        snprintf(msg, n, "%s: only the scenario's own fields can be varied "
                 "(a sweep reports the cost engine, not the hybrid plan)",
                 key);
        return false;
    }
    if (!numeric(f)) {
        snprintf(msg, n, "%s: only numeric fields can be varied (this one is %s)",
                 key, field_type_name(f->type));
        return false;
    }
    return true;
}

/* The numeric field `key` most likely means: one whose last part is key
 * ("nodes" -> "hardware.nodes"), else the registry's nearest key when it
 * is numeric; NULL when none. */
static const char *suggest_numeric(const char *key)
{
    size_t kl = strlen(key);
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        size_t fl = strlen(f->key);
        if (numeric(f) && fl > kl && f->key[fl - kl - 1] == '.' &&
            strcmp(f->key + fl - kl, key) == 0)
            return f->key;
    }
    char sec[32];
    const char *near = field_suggest(key, "", sec, sizeof sec);
    const Field *f = near ? field_find(near) : NULL;
    return f && numeric(f) ? near : NULL;
}

bool sweep_axis_key(const char *spec, char *msg, size_t n)
{
    char key[128], what[400];
    const char *rest;
    if (!split_key(spec, key, sizeof key, &rest, msg, n))
        return false;
    FieldRef r;
    if (field_resolve(key, &r, what, sizeof what))
        return check_variable(key, r.row, msg, n);
    if (field_find(key)) { /* a list row without its index */
        snprintf(msg, n, "%s", what);
        return false;
    }
    /* Worded as field_unknown words it for --set and the files. */
    const char *near = suggest_numeric(key);
    if (near)
        snprintf(msg, n, "unknown key `%.160s` (did you mean `%s`?)", key,
                 near);
    else
        snprintf(msg, n, "unknown key `%.160s` (the keys are listed in "
                 "gpuplan-scenario(5))", key);
    return false;
}

bool sweep_axis_parse(const char *spec, SweepAxis *a, char *msg, size_t n)
{
    char key[128];
    const char *rest;
    if (!split_key(spec, key, sizeof key, &rest, msg, n))
        return false;
    FieldRef r;
    char what[400];
    if (!field_resolve(key, &r, what, sizeof what)) {
        snprintf(msg, n, "%s: %s", key, what);
        return false;
    }
    const Field *f = r.row;
    if (!check_variable(key, f, msg, n))
        return false;
    double v[3];
    char why[256];
    int decimals;
    if (!parse_range(rest, v, &decimals, why, sizeof why)) {
        snprintf(msg, n, "%s: %s", key, why);
        return false;
    }
    double from = v[0], to = v[1], step = v[2];
    if (step == 0 || (to - from) * step < 0) {
        snprintf(msg, n, "%s: STEP must be non-zero and go from FROM towards TO",
                 key);
        return false;
    }
    /* Count from the range once; a quotient within rounding of a whole
     * number is that number (9 / 0.1 = 89.99999999999999 is 90), any other
     * is rounded down. The tolerance only decides which: it is never added,
     * so 0:100:1e-8 is 10000000001 values, not ten more. */
    double q = (to - from) / step;
    double whole = nearbyint(q);
    double count = (fabs(q - whole) <= 1e-9 * (fabs(q) + 1) ? whole : floor(q)) + 1;
    if (!(count <= SWEEP_MAX_VALUES)) {
        snprintf(msg, n, "%s: %.0f values is more than a sweep can count "
                 "(at most 2^53 per axis)", key, count);
        return false;
    }
    a->field = f;
    a->from = from;
    a->to = to;
    a->step = step;
    a->count = (size_t)count;
    a->scale = decimals >= 0 ? pow(10, decimals) : 0;
    /* The range is monotone, so its ends bound every value; integer fields
     * need a whole FROM and STEP too. */
    double last = sweep_axis_value(a, a->count - 1);
    if (!field_check_num(f, from, why, sizeof why) ||
        !field_check_num(f, last, why, sizeof why)) {
        snprintf(msg, n, "%s: %s", key, why);
        return false;
    }
    if (f->type == FT_INT && a->count > 1 && step != floor(step)) {
        snprintf(msg, n, "%s: STEP must be a whole number for this field", key);
        return false;
    }
    return true;
}

double sweep_axis_value(const SweepAxis *a, size_t i)
{
    double v = a->from + (double)i * a->step;
    /* 0 + 3 x 0.1 is 0.30000000000000004; the range was written with one
     * place, so the value is 0.3. */
    if (a->scale > 0) {
        double r = round(v * a->scale) / a->scale;
        if (fabs(r - v) <= 1e-9 * (fabs(a->step) + fabs(v)))
            v = r;
    }
    /* The last value is TO when the range lands on it (within rounding). */
    if (i + 1 == a->count && fabs(v - a->to) <= 1e-9 * (fabs(a->step) + fabs(a->to)))
        return a->to;
    return v;
}

double sweep_rows(const SweepAxis *axes, size_t n)
{
    double total = 1;
    for (size_t k = 0; k < n; k++)
        total *= (double)axes[k].count;
    return total;
}

bool sweep_check_corners(const Scenario *base, const SweepAxis *axes,
                         size_t n, Scenario *combo, const Field **bad,
                         char *msg, size_t msgn)
{
    if (n > SWEEP_MAX_AXES)
        n = SWEEP_MAX_AXES;
    for (unsigned long mask = 0; mask < (1UL << n); mask++) {
        *combo = *base;
        for (size_t k = 0; k < n; k++) {
            size_t i = (mask >> k) & 1 ? axes[k].count - 1 : 0;
            *field_num(axes[k].field, combo) = sweep_axis_value(&axes[k], i);
        }
        if (!scenario_validate(combo, bad, msg, msgn))
            return false;
    }
    return true;
}
