/* sweep.c: parsing and stepping the axes of a sweep (see sweep.h). */
#include "config.h"

#include "sweep.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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
 * FROM and STEP, which every value of the range has. A range that is not
 * three numbers is a usage error (the command line is wrong). */
static bool parse_range(const char *key, const char *r, double v[3],
                        int *decimals, Diag *d)
{
    const char *parts[3] = {r, NULL, NULL};
    size_t len[3];
    for (int i = 0; i < 3; i++) {
        len[i] = strcspn(parts[i], ":");
        bool colon = parts[i][len[i]] == ':';
        if (i < 2 && !colon) {
            diag_set(d, EXIT_USAGE, 0, 0, key, "'%s' is not FROM:TO:STEP", r);
            return false;
        }
        if (i == 2 && colon) {
            diag_set(d, EXIT_USAGE, 0, 0, key, "'%s' is not FROM:TO:STEP (one "
                     "colon too many)", r);
            return false;
        }
        if (i < 2)
            parts[i + 1] = parts[i] + len[i] + 1;
    }
    static const char *const names[3] = {"FROM", "TO", "STEP"};
    char num[3][64];
    for (int i = 0; i < 3; i++) {
        /* a number longer than 63 characters is no number num_parse takes */
        bool fits = len[i] < sizeof num[i];
        snprintf(num[i], sizeof num[i], "%.*s", (int)(fits ? len[i] : 0), parts[i]);
        int rc = fits ? num_parse(num[i], &v[i]) : 1;
        if (rc != 0) {
            diag_set(d, EXIT_USAGE, 0, 0, key, "%s '%.*s' %s", names[i],
                     (int)len[i], parts[i], rc == 2 ? "is too large for a number"
                     : rc == 4 ? "is too small for a number: it would be read "
                     "as 0" : "is not a number");
            return false;
        }
    }
    int df = written_decimals(num[0]), ds = written_decimals(num[2]);
    *decimals = df < 0 || ds < 0 ? -1 : df > ds ? df : ds;
    return true;
}

/* A field a sweep can vary: a number of the scenario itself (the hybrid
 * plan and the uncertainty section change none of the costs compared). */
static bool numeric(const Field *f)
{
    return f->scope == FS_SCENARIO && f->type != FT_TEXT &&
           f->type != FT_BOOL && f->type != FT_CHOICE;
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
    return f && numeric(f) && strcmp(near, key) != 0 ? near : NULL;
}

const Field *sweep_field(const char *key, Diag *d)
{
    FieldRef r;
    Diag what;
    if (field_resolve(key, &r, &what) == 0) {
        const Field *f = r.row;
        if (f->scope == FS_HYBRID)
            diag_set(d, EXIT_USAGE, 0, 0, key, "a field of the hybrid plan, "
                     "which does not change the costs compared (they come "
                     "from the cost engine, not the hybrid plan); vary a "
                     "number field of the scenario's own sections");
        else if (f->scope == FS_UNCERTAINTY)
            diag_set(d, EXIT_USAGE, 0, 0, key, "a field of the uncertainty "
                     "section, which steers the Monte Carlo of `gpuplan "
                     "risk` and changes none of the costs compared; vary a "
                     "number field of the scenario's own sections");
        else if (!numeric(f))
            diag_set(d, EXIT_USAGE, 0, 0, key, "only numeric fields can be "
                     "varied (this one is %s)", field_type_name(f->type));
        else
            return f;
        return NULL;
    }
    if (field_find(key)) { /* a list row without its index */
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "%s", what.message);
        return NULL;
    }
    /* Worded as field_unknown words it for --set and the files, but only a
     * field that can be varied is suggested. */
    const char *near = suggest_numeric(key);
    if (near)
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "unknown key `%s` (did you mean "
                 "`%s`?)", key, near);
    else
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "unknown key `%s` (the keys are "
                 "listed in gpuplan-scenario(5))", key);
    return NULL;
}

/* The KEY of "KEY=...": a copy in *key (the caller frees it) and what
 * follows '=' in *rest; false with a usage error when there is no KEY. */
static bool split_key(const char *spec, char **key, const char **rest, Diag *d)
{
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec) {
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "--vary needs KEY=FROM:TO:STEP, "
                 "not '%s'", spec);
        return false;
    }
    size_t kl = (size_t)(eq - spec);
    *key = malloc(kl + 1);
    if (!*key) {
        diag_set(d, EXIT_IOERR, 0, 0, NULL, "out of memory");
        return false;
    }
    memcpy(*key, spec, kl);
    (*key)[kl] = '\0';
    *rest = eq + 1;
    return true;
}

/* Count the values of from:to:step once from the range; a quotient within
 * rounding of a whole number is that number (9 / 0.1 = 89.99999999999999
 * is 90), any other is rounded down. The tolerance only decides which: it
 * is never added, so 0:100:1e-8 is 10000000001 values, not ten more. */
static double range_count(double from, double to, double step)
{
    double q = (to - from) / step;
    double whole = nearbyint(q);
    return (fabs(q - whole) <= 1e-9 * (fabs(q) + 1) ? whole : floor(q)) + 1;
}

/* The range's values against the field's rules: a data error (65), the
 * range being valid syntax whose values the field refuses. */
static bool range_fits(const char *key, const SweepAxis *a, Diag *d)
{
    double last = sweep_axis_value(a, a->count - 1);
    if (field_check_num(a->field, a->from, d) != 0 ||
        field_check_num(a->field, last, d) != 0) {
        diag_place(d, 0, 0, key);
        return false;
    }
    if (a->field->type == FT_INT && a->count > 1 && a->step != floor(a->step)) {
        diag_set(d, EXIT_DATAERR, 0, 0, key, "STEP must be a whole number for "
                 "this field");
        return false;
    }
    return true;
}

int sweep_axis_parse(const char *spec, SweepAxis *a, Diag *d)
{
    char *key;
    const char *rest;
    diag_clear(d, NULL);
    if (!split_key(spec, &key, &rest, d))
        return d->status;
    const Field *f = sweep_field(key, d);
    double v[3];
    int decimals;
    bool ok = f && parse_range(key, rest, v, &decimals, d);
    double count = ok ? range_count(v[0], v[1], v[2]) : 0;
    if (ok && (v[2] == 0 || (v[1] - v[0]) * v[2] < 0)) {
        diag_set(d, EXIT_USAGE, 0, 0, key, "STEP must be non-zero and go from "
                 "FROM towards TO");
        ok = false;
    } else if (ok && !(count <= SWEEP_MAX_VALUES)) {
        int k = isfinite(count) ? (int)floor(log10(count)) : 0;
        if (isfinite(count) && pow(10, k) > count) /* log10 rounded up */
            k--;
        if (isfinite(count))
            diag_set(d, EXIT_USAGE, 0, 0, key, "the range has more than "
                     "10^%d values, more than a sweep can count (at most "
                     "2^53 per axis)", k);
        else
            diag_set(d, EXIT_USAGE, 0, 0, key, "more values than a sweep can "
                     "count (at most 2^53 per axis)");
        ok = false;
    }
    if (ok) {
        a->field = f;
        a->from = v[0];
        a->to = v[1];
        a->step = v[2];
        a->count = (size_t)count;
        a->scale = decimals >= 0 ? pow(10, decimals) : 0;
        a->places = decimals;
        /* The range is monotone, so its ends bound every value; integer
         * fields need a whole FROM and STEP too. */
        ok = range_fits(key, a, d);
    }
    free(key);
    return ok ? 0 : d->status;
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

void sweep_rows_of(uint64_t v, SweepRows *r)
{
    r->n = 0;
    do {
        r->group[r->n++] = (unsigned short)(v % 1000);
        v /= 1000;
    } while (v > 0);
}

void sweep_rows_exact(const SweepAxis *axes, size_t n, SweepRows *r)
{
    sweep_rows_of(1, r);
    for (size_t k = 0; k < n; k++) {
        /* a group (< 1000) times a count (<= 2^53) plus the carry (at
         * most the count) stays far below 2^64 */
        uint64_t m = axes[k].count, carry = 0;
        for (size_t g = 0; g < r->n; g++) {
            uint64_t x = r->group[g] * m + carry;
            r->group[g] = (unsigned short)(x % 1000);
            carry = x / 1000;
        }
        while (carry > 0) {
            if (r->n == SWEEP_ROWS_GROUPS)
                abort(); /* more axes or values than sweep.h allows */
            r->group[r->n++] = (unsigned short)(carry % 1000);
            carry /= 1000;
        }
        while (r->n > 1 && r->group[r->n - 1] == 0)
            r->n--; /* a count of 0 */
    }
}

int sweep_rows_cmp(const SweepRows *r, uint64_t v)
{
    SweepRows b;
    sweep_rows_of(v, &b);
    if (r->n != b.n)
        return r->n < b.n ? -1 : 1;
    for (size_t g = r->n; g-- > 0;)
        if (r->group[g] != b.group[g])
            return r->group[g] < b.group[g] ? -1 : 1;
    return 0;
}

void sweep_rows_text(const SweepRows *r, char sep, char *buf)
{
    /* at most 3 digits a group, 4 with its separator: the groups fit */
    char *p = buf + snprintf(buf, 4, "%u", (unsigned)r->group[r->n - 1]);
    for (size_t g = r->n - 1; g-- > 0;) {
        if (sep)
            *p++ = sep;
        p += snprintf(p, 4, "%03u", (unsigned)r->group[g]);
    }
}

int sweep_combinations_valid(const Scenario *base, const SweepAxis *axes,
                             size_t n, Scenario *combo, const Field **bad,
                             Diag *d)
{
    diag_clear(d, NULL);
    if (n > SWEEP_MAX_AXES)
        n = SWEEP_MAX_AXES;
    for (unsigned long mask = 0; mask < (1UL << n); mask++) {
        *combo = *base;
        for (size_t k = 0; k < n; k++) {
            size_t i = (mask >> k) & 1 ? axes[k].count - 1 : 0;
            *field_num(axes[k].field, combo) = sweep_axis_value(&axes[k], i);
        }
        if (scenario_validate(combo, bad, d) != 0) {
            diag_place(d, 0, 0, (*bad)->key);
            return EXIT_DATAERR;
        }
    }
    return 0;
}
