/* uncertainty.c: the rules of the `uncertainty:` section (DESIGN 1, 2.8,
 * 7); see uncertainty.h. */
#include "config.h"

#include "uncertainty.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"

const char *const uncertainty_input_keys[UNC_WHICH_COUNT] = {
    "key", "low", "high", "mode", "input", "with", "rho"};

void uncertainty_blame_path(size_t index, int which, bool row, char *buf,
                            size_t n)
{
    const FieldList *l = which >= UP_A ? &field_list_pairs : &field_list_inputs;
    if (row)
        snprintf(buf, n, "%s[].%s", l->key, uncertainty_input_keys[which]);
    else
        snprintf(buf, n, "%s[%zu].%s", l->key, index,
                 uncertainty_input_keys[which]);
}

/* The input of s whose key is `key`, or input_count when none is. */
static size_t input_of(const Uncertainty *u, const char *key)
{
    size_t i = 0;
    while (i < u->input_count && strcmp(u->inputs[i].key, key) != 0)
        i++;
    return i;
}

/* The matrix column of input `in` among col[0..*k), added when new; false
 * when it would be column CORRELATE_MAX + 1. */
static bool column_of(size_t in, size_t *col, size_t *k, size_t *at)
{
    for (size_t j = 0; j < *k; j++)
        if (col[j] == in) {
            *at = j;
            return true;
        }
    if (*k == CORRELATE_MAX)
        return false;
    col[*k] = in;
    *at = (*k)++;
    return true;
}

size_t uncertainty_pair_matrix(const Scenario *s, CorrPair *pairs,
                               size_t *np, size_t *from, size_t *col)
{
    const Uncertainty *u = &s->uncertainty;
    size_t k = 0;
    *np = 0;
    for (size_t p = 0; s->has_uncertainty && p < u->pair_count; p++) {
        size_t a = input_of(u, u->pairs[p].a), b = input_of(u, u->pairs[p].b);
        size_t ka = k, ca, cb;
        if (u->pairs[p].rho == 0)
            continue;
        if (a == u->input_count || b == u->input_count || a == b ||
            !column_of(a, col, &k, &ca) || !column_of(b, col, &k, &cb)) {
            k = ka; /* a pair the check refuses: no column of its own */
            continue;
        }
        from[*np] = p;
        pairs[(*np)++] = (CorrPair){ca, cb, u->pairs[p].rho};
    }
    return k;
}

const Field *uncertainty_target(const char *key, Diag *d)
{
    Diag ignored;
    return field_number_key(key, d ? d : &ignored);
}

const Field *uncertainty_value_target(const Scenario *s, size_t index)
{
    if (index >= s->uncertainty.input_count)
        return NULL;
    return uncertainty_target(s->uncertainty.inputs[index].key, NULL);
}

double uncertainty_mode(const UncInput *in, const Field *target,
                        const Scenario *s)
{
    if (in->has_mode)
        return in->mode;
    double v = field_get_num(target, s);
    return v < in->low ? in->low : v > in->high ? in->high : v;
}

bool uncertainty_outside(const Scenario *s, size_t i, Diag *note)
{
    if (!s->has_uncertainty || i >= s->uncertainty.input_count)
        return false;
    const UncInput *in = &s->uncertainty.inputs[i];
    const Field *t = uncertainty_target(in->key, NULL);
    if (!t)
        return false;
    double v = field_get_num(t, s);
    if (v >= in->low && v <= in->high)
        return false;
    /* A sentence for people: its numbers grouped as every number shown
     * (DESIGN 8). */
    char a[40], lo[40], hi[40], m[40];
    num_format_value(v, a, sizeof a);
    num_format_value(in->low, lo, sizeof lo);
    num_format_value(in->high, hi, sizeof hi);
    num_format_value(uncertainty_mode(in, t, s), m, sizeof m);
    if (!note)
        return true;
    diag_clear(note, NULL);
    diag_set(note, 0, 0, 0, NULL, "the range of %s, %s to %s, no longer "
             "holds its value, %s: the tornado and the draws use the range "
             "as written, with the mode at %s%s", in->key, lo, hi, a, m,
             in->has_mode ? " as given" : ", the end nearest the value");
    return true;
}

static int check_input(const Scenario *s, size_t i, int *which, Diag *d)
{
    const Uncertainty *u = &s->uncertainty;
    const UncInput *in = &u->inputs[i];
    char a[40], b[40];
    *which = UI_KEY;
    const Field *t = uncertainty_target(in->key, d);
    if (!t)
        return EXIT_DATAERR;
    for (size_t j = 0; j < i; j++)
        if (strcmp(u->inputs[j].key, in->key) == 0)
            return diag_fail(d, "`%s` is already input %zu (each field has "
                             "one range)", in->key, j);
    const double v[UI_KEY_COUNT] = {0, in->low, in->high, in->mode};
    for (int k = UI_LOW; k <= UI_MODE; k++) {
        if (k == UI_MODE && !in->has_mode)
            continue;
        if (field_check_num(t, v[k], d) != 0) {
            *which = k;
            /* the field's sentence, then whose value it is */
            char m[sizeof d->message];
            memcpy(m, d->message, sizeof m);
            return diag_fail(d, "%s for %s", m, in->key);
        }
    }
    if (!(in->low < in->high)) {
        *which = UI_HIGH;
        num_format_said(in->low, a, sizeof a);
        num_format_said(in->high, b, sizeof b);
        return diag_fail(d, "high %s is not above low %s (a range needs low "
                         "< high)", b, a);
    }
    /* A given mode belongs to the range. The scenario's own value need
     * not: a value edited outside it keeps the range as written
     * (uncertainty_outside says so, and uncertainty_mode draws from its
     * nearest end). */
    if (in->has_mode && (in->mode < in->low || in->mode > in->high)) {
        char lo[40], hi[40];
        num_format_said(in->mode, a, sizeof a);
        num_format_said(in->low, lo, sizeof lo);
        num_format_said(in->high, hi, sizeof hi);
        *which = UI_MODE;
        return diag_fail(d, "mode %s is outside the range %s to %s (need "
                         "low <= mode <= high)", a, lo, hi);
    }
    return 0;
}

/* Pair p names two different inputs of the section, a pair not given
 * before, and no more than CORRELATE_MAX inputs with the pairs before it
 * (*k and col, the columns so far). */
static int check_pair(const Uncertainty *u, size_t p, size_t *col, size_t *k,
                      int *which, Diag *d)
{
    const UncPair *q = &u->pairs[p];
    const char *key[2] = {q->a, q->b};
    for (int e = 0; e < 2; e++) {
        *which = e ? UP_B : UP_A;
        size_t in = input_of(u, key[e]), at;
        if (in == u->input_count)
            return diag_fail(d, "`%s` is not one of the %zu inputs of "
                             "uncertainty.inputs (a pair correlates two "
                             "inputs that have a range: give it one there, "
                             "or name an input)", key[e], u->input_count);
        if (!column_of(in, col, k, &at))
            return diag_fail(d, "with `%s` the pairs name more than %d "
                             "inputs (a matrix of rank correlations spans at "
                             "most %d)", key[e], CORRELATE_MAX, CORRELATE_MAX);
    }
    if (strcmp(q->a, q->b) == 0)
        return diag_fail(d, "`%s` is paired with itself (a pair names two "
                         "different inputs; an input's rank correlation "
                         "with itself is 1)", q->b);
    for (size_t j = 0; j < p; j++) {
        const UncPair *o = &u->pairs[j];
        if ((strcmp(o->a, q->a) == 0 && strcmp(o->b, q->b) == 0) ||
            (strcmp(o->a, q->b) == 0 && strcmp(o->b, q->a) == 0)) {
            *which = UP_A;
            return diag_fail(d, "the pair %s and %s is already "
                             "uncertainty.correlations[%zu] (each pair is "
                             "given once)", q->a, q->b, j);
        }
    }
    return 0;
}

/* The rank correlations pair `bad` may take with the other pairs as they
 * are: the matrices are convex, so the values form an interval; it is
 * found on a grid of 0.01 and its ends refined by bisection, then rounded
 * inward to two places. False when no value on the grid works. */
static bool pair_interval(CorrPair *pairs, size_t np, size_t k, size_t bad,
                          double *lo, double *hi)
{
    double D[CORRELATE_MAX * CORRELATE_MAX];
    size_t ignored;
    double keep = pairs[bad].rho, in = NAN;
    for (int g = 0; g <= 200 && isnan(in); g++) {
        pairs[bad].rho = -1 + g / 100.0;
        if (correlate_matrix(pairs, np, k, D, &ignored))
            in = pairs[bad].rho;
    }
    for (int end = 0; end < 2 && !isnan(in); end++) {
        double ok = in, out = end ? 1 : -1;
        pairs[bad].rho = out;
        if (correlate_matrix(pairs, np, k, D, &ignored))
            ok = out;
        else
            for (int it = 0; it < 40; it++) {
                pairs[bad].rho = (ok + out) / 2;
                if (correlate_matrix(pairs, np, k, D, &ignored))
                    ok = pairs[bad].rho;
                else
                    out = pairs[bad].rho;
            }
        if (end)
            *hi = floor(ok * 100 + 1e-9) / 100;
        else
            *lo = ceil(ok * 100 - 1e-9) / 100;
    }
    pairs[bad].rho = keep;
    return !isnan(in);
}

/* The pairs' matrix is positive semidefinite (DESIGN 2.8); else *index is
 * the pair correlate_matrix blames, and msg says which values it may take
 * with the others as they are. */
static int check_matrix(const Scenario *s, size_t *index, Diag *d)
{
    CorrPair pairs[UNC_MAX_PAIRS];
    size_t col[UNC_MAX_INPUTS], from[UNC_MAX_PAIRS], np = 0, bad = 0;
    size_t k = uncertainty_pair_matrix(s, pairs, &np, from, col);
    double D[CORRELATE_MAX * CORRELATE_MAX];
    if (np == 0 || correlate_matrix(pairs, np, k, D, &bad))
        return 0;
    const UncPair *q = &s->uncertainty.pairs[from[bad]];
    char r[40], lo[40], hi[40], allowed[160];
    double l = 0, h = 0;
    num_format_said(q->rho, r, sizeof r);
    if (pair_interval(pairs, np, k, bad, &l, &h)) {
        num_format_said(l, lo, sizeof lo);
        num_format_said(h, hi, sizeof hi);
        snprintf(allowed, sizeof allowed, "with the others as written it "
                 "may be %s to %s", lo, hi);
    } else {
        snprintf(allowed, sizeof allowed, "no value of it agrees with the "
                 "others as written: change those too");
    }
    *index = from[bad];
    return diag_fail(d, "the rank correlation %s of %s and %s cannot hold "
                     "with the other pairs (their matrix, 0 for pairs not "
                     "given, is not positive semidefinite); %s", r, q->a,
                     q->b, allowed);
}

int uncertainty_check(const Scenario *s, size_t *index, int *which, Diag *d)
{
    if (!s->has_uncertainty)
        return 0;
    const Uncertainty *u = &s->uncertainty;
    for (size_t i = 0; i < u->input_count; i++)
        if (check_input(s, i, which, d) != 0) {
            *index = i;
            return EXIT_DATAERR;
        }
    size_t col[CORRELATE_MAX], k = 0;
    for (size_t p = 0; p < u->pair_count; p++)
        if (check_pair(u, p, col, &k, which, d) != 0) {
            *index = p;
            return EXIT_DATAERR;
        }
    *which = UP_RHO;
    return check_matrix(s, index, d);
}

