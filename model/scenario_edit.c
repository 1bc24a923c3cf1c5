/* scenario_edit.c: the edit path; see scenario_edit.h. */
#include "config.h"

#include "scenario_edit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "uncertainty.h"

int scenario_check(const Scenario *s, Diag *d)
{
    const Field *bad = NULL;
    char msg[sizeof d->message];
    diag_clear(d, NULL);
    if (!scenario_validate(s, &bad, msg, sizeof msg)) {
        diag_set(d, EXIT_DATAERR, 0, 0, bad ? bad->key : "", "%s", msg);
        return EXIT_DATAERR;
    }
    return 0;
}

/* The uncertainty section's rules (uncertainty_check): an input's range
 * holds the value of the field it names. */
static int check_uncertainty(const Scenario *s, Diag *d)
{
    char msg[sizeof d->message];
    size_t i = 0;
    int which = UI_KEY;
    if (uncertainty_check(s, &i, &which, msg, sizeof msg))
        return 0;
    char path[96];
    snprintf(path, sizeof path, "uncertainty.inputs[%zu].%s", i,
             uncertainty_input_keys[which]);
    diag_set(d, EXIT_DATAERR, 0, 0, path, "%s", msg);
    return EXIT_DATAERR;
}

/* Set r in *t from text with the field's own rules; no cross-field rules. */
static int set_one(Scenario *t, FieldRef *r, const char *text, Diag *d)
{
    char msg[sizeof d->message];
    if (!field_exists(r, t, msg, sizeof msg) ||
        !field_set(field_ref(r), t, text, msg, sizeof msg)) {
        diag_set(d, EXIT_DATAERR, 0, 0, r->path, "%s", msg);
        return EXIT_DATAERR;
    }
    return 0;
}

int scenario_set_ref(Scenario *s, FieldRef *r, const char *text, Diag *d)
{
    Scenario t = *s;
    diag_clear(d, NULL);
    int rc = set_one(&t, r, text, d);
    if (rc == 0)
        rc = scenario_check(&t, d);
    /* A value of the uncertainty section is checked with the section's
     * rules: its range is the named field's. */
    if (rc == 0 && r->row->scope == FS_UNCERTAINTY)
        rc = check_uncertainty(&t, d);
    if (rc == 0)
        *s = t;
    return rc;
}

int scenario_set(Scenario *s, const char *key, const char *text, Diag *d)
{
    FieldRef r;
    char msg[sizeof d->message];
    diag_clear(d, NULL);
    if (!field_resolve(key, &r, msg, sizeof msg)) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "%s", msg); /* names the key */
        return EXIT_DATAERR;
    }
    return scenario_set_ref(s, &r, text, d);
}

int scenario_set_all(Scenario *s, const char *const *keys,
                     const char *const *texts, size_t n, size_t *bad,
                     Diag *d)
{
    Scenario t = *s;
    char msg[sizeof d->message];
    diag_clear(d, NULL);
    for (size_t i = 0; i < n; i++) {
        FieldRef r;
        int rc;
        *bad = i;
        if (!field_resolve(keys[i], &r, msg, sizeof msg)) {
            diag_set(d, EXIT_DATAERR, 0, 0, NULL, "%s", msg);
            return EXIT_DATAERR;
        }
        if ((rc = set_one(&t, &r, texts[i], d)) != 0)
            return rc;
    }
    *bad = n;
    int rc = scenario_check(&t, d);
    if (rc == 0)
        rc = check_uncertainty(&t, d);
    if (rc == 0)
        *s = t;
    return rc;
}

/* Decimal places of a step such as 0.05 (2), so nudges stay on round
 * values instead of collecting binary fractions. */
static int step_decimals(double step)
{
    char buf[64];
    num_format_exact(step, buf, sizeof buf);
    const char *dot = strchr(buf, '.');
    return dot ? (int)strlen(dot + 1) : 0;
}

bool scenario_nudge_text(FieldRef *r, const Scenario *s, int steps, char *buf,
                      size_t n, char *msg, size_t msgn)
{
    const Field *f = field_ref(r);
    double old = field_get_num(f, s);
    /* An uncertain input's value moves as the field it names: that field's
     * step and range; a mode not given starts from the scenario's value. */
    Field typed;
    const Field *t = f->list == &field_list_inputs && f->plain_comment
                         ? uncertainty_value_target(s, r->index)
                         : NULL;
    if (t) {
        const UncInput *in = &s->uncertainty.inputs[r->index];
        if (strcmp(field_leaf(r->row), "mode") == 0 && !in->has_mode)
            old = field_get_num(t, s);
        typed = *t;
        typed.key = f->key;
        typed.offset = f->offset;
        f = &typed;
    }
    switch (f->type) {
    case FT_BOOL:
        snprintf(buf, n, "%s", old != 0 ? "false" : "true");
        return true;
    case FT_CHOICE: {
        /* A choice cycles through its words, both ways. */
        long k = (long)field_choice_count(f);
        long i = ((long)old + steps % k + k) % k;
        snprintf(buf, n, "%s", f->choices[i]);
        return true;
    }
    case FT_TEXT:
        snprintf(msg, msgn, "%s is text: Enter edits it", f->key);
        return false;
    default:
        break;
    }
    if (f->step <= 0) {
        snprintf(msg, msgn, "%s has no step: Enter edits it", f->key);
        return false;
    }
    double v = old + steps * f->step;
    if (v > f->maximum)
        v = f->maximum;
    if (v < f->minimum)
        v = f->minimum;
    char text[64];
    num_snprintf(text, sizeof text, "%.*f", step_decimals(f->step), v);
    double rounded;
    if (num_parse(text, &rounded) == 0 && rounded >= f->minimum &&
        rounded <= f->maximum)
        v = rounded;
    if (v == old) {
        char lim[64];
        num_format_exact(old, lim, sizeof lim);
        snprintf(msg, msgn, "%s is at its %s, %s", f->key,
                 steps > 0 ? "maximum" : "minimum", lim);
        return false;
    }
    num_format_exact(v, buf, n);
    return true;
}
