/* scenario_edit.c: the edit path; see scenario_edit.h. */
#include "config.h"

#include "scenario_edit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "uncertainty.h"

int scenario_check(const Scenario *s, Diag *d)
{
    const Field *bad = NULL;
    diag_clear(d, NULL);
    if (scenario_validate(s, &bad, d) != 0) {
        diag_place(d, 0, 0, bad ? bad->key : "");
        return EXIT_DATAERR;
    }
    return 0;
}

/* The uncertainty section's rules (uncertainty_check): an input's range
 * holds the value of the field it names. */
static int check_uncertainty(const Scenario *s, Diag *d)
{
    size_t i = 0;
    int which = UI_KEY;
    if (uncertainty_check(s, &i, &which, d) == 0)
        return 0;
    char path[FIELD_PATH_MAX];
    uncertainty_blame_path(i, which, false, path, sizeof path);
    diag_place(d, 0, 0, path);
    return EXIT_DATAERR;
}

/* Set r in *t from text with the field's own rules; no cross-field rules. */
static int set_one(Scenario *t, FieldRef *r, const char *text, Diag *d)
{
    if (field_exists(r, t, d) != 0 || field_set(field_ref(r), t, text, d) != 0) {
        diag_place(d, 0, 0, r->path);
        return EXIT_DATAERR;
    }
    return 0;
}

/* Every rule a change is checked with once it is made: the cross-field
 * rules and, when `uncertain` (a value of the uncertainty section, an
 * item of its list), that section's ranges. */
static int check_change(const Scenario *s, bool uncertain, Diag *d)
{
    int rc = scenario_check(s, d);
    if (rc == 0 && uncertain)
        rc = check_uncertainty(s, d);
    return rc;
}

/* ---- one field, changed in place ------------------------------------------ */

/* The bytes of a scenario a change of r may touch, saved so that a refused
 * change is undone without copying the whole Scenario (about 50 KB): the
 * whole item of a list row (its value, its switch, a schedule's parsed
 * form), else the row's own storage with its switch and parsed form, if
 * it has them. The notes are the largest. */
typedef struct Saved {
    size_t off, len;
    unsigned char bytes[SCENARIO_TEXT_BYTES(SCENARIO_NOTES_MAX)];
} Saved;

_Static_assert(sizeof(HybridWorkload) <= SCENARIO_TEXT_BYTES(SCENARIO_NOTES_MAX) &&
                   sizeof(UncInput) <= SCENARIO_TEXT_BYTES(SCENARIO_NOTES_MAX),
               "a list item fits the saved bytes of one change");

static void span_add(size_t *lo, size_t *hi, size_t off, size_t len)
{
    if (off < *lo)
        *lo = off;
    if (off + len > *hi)
        *hi = off + len;
}

static void save(Saved *sv, const Scenario *s, const FieldRef *r)
{
    const Field *f = &r->field;
    size_t lo = f->offset, hi = f->offset + f->size;
    if (r->row->list) {
        lo = r->row->list->offset + r->index * r->row->list->stride;
        hi = lo + r->row->list->stride;
    } else {
        if (f->has_when)
            span_add(&lo, &hi, f->when_offset, sizeof(bool));
        if (f->parsed_offset)
            span_add(&lo, &hi, f->parsed_offset, sizeof(Cron));
    }
    /* A row whose storage outgrew the buffer is a broken table. */
    if (hi - lo > sizeof sv->bytes || hi > sizeof *s)
        abort();
    sv->off = lo;
    sv->len = hi - lo;
    memcpy(sv->bytes, (const char *)s + lo, sv->len);
}

static void restore(const Saved *sv, Scenario *s)
{
    memcpy((char *)s + sv->off, sv->bytes, sv->len);
}

int scenario_set_ref(Scenario *s, FieldRef *r, const char *text, Diag *d)
{
    Saved sv;
    diag_clear(d, NULL);
    save(&sv, s, r);
    int rc = set_one(s, r, text, d);
    /* A value of the uncertainty section is checked with the section's
     * rules too: its range is the named field's. */
    if (rc == 0)
        rc = check_change(s, r->row->scope == FS_UNCERTAINTY, d);
    if (rc != 0)
        restore(&sv, s);
    return rc;
}

int scenario_unset_ref(Scenario *s, FieldRef *r, Diag *d)
{
    Saved sv;
    diag_clear(d, NULL);
    if (field_exists(r, s, d) != 0) {
        diag_place(d, 0, 0, r->path);
        return EXIT_DATAERR;
    }
    save(&sv, s, r);
    if (!field_unset(r, s)) {
        diag_set(d, EXIT_DATAERR, 0, 0, r->path, "%s is not optional: it "
                 "needs a value", r->path);
        return EXIT_DATAERR;
    }
    int rc = check_change(s, r->row->scope == FS_UNCERTAINTY, d);
    if (rc != 0)
        restore(&sv, s);
    return rc;
}

int scenario_set(Scenario *s, const char *key, const char *text, Diag *d)
{
    FieldRef r;
    diag_clear(d, NULL);
    if (field_resolve(key, &r, d) != 0)
        return EXIT_DATAERR; /* the message names the key */
    return scenario_set_ref(s, &r, text, d);
}

int scenario_set_all(Scenario *s, const char *const *keys,
                     const char *const *texts, size_t n, size_t *bad,
                     Diag *d)
{
    /* Several fields, all or nothing: one copy of the scenario as it was
     * (the changes may touch any number of items). */
    Scenario before = *s;
    int rc = 0;
    diag_clear(d, NULL);
    for (size_t i = 0; i < n && rc == 0; i++) {
        FieldRef r;
        *bad = i;
        rc = field_resolve(keys[i], &r, d);
        if (rc == 0)
            rc = set_one(s, &r, texts[i], d);
    }
    if (rc == 0) {
        *bad = n;
        rc = check_change(s, true, d);
    }
    if (rc != 0)
        *s = before;
    return rc;
}

/* ---- list items ------------------------------------------------------------ */

static bool list_uncertain(const FieldList *l)
{
    return l == &field_list_inputs || l == &field_list_pairs;
}

/* The first row of list l (every list has rows). */
static const Field *list_row(const FieldList *l)
{
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].list == l)
            return &field_table[i];
    abort(); /* a list without rows is a broken table */
}

/* The scope of list l's section: that of its rows. */
static FieldScope list_scope(const FieldList *l) { return list_row(l)->scope; }

static char *item_at(Scenario *s, const FieldList *l, size_t i)
{
    return (char *)s + l->offset + i * l->stride;
}

static void set_count(Scenario *s, const FieldList *l, size_t n)
{
    memcpy((char *)s + l->count_offset, &n, sizeof n);
}

/* Item i's own rules: every row in use with its type, range and text
 * rules (an item written whole, not value by value). */
static int check_item(const Scenario *s, const FieldList *l, size_t i, Diag *d)
{
    for (size_t k = 0; k < field_count; k++) {
        const Field *row = &field_table[k];
        if (row->list != l || !field_in_use(row, s, i))
            continue;
        FieldRef r;
        field_ref_init(&r, row, i);
        const Field *f = field_ref(&r);
        int rc = f->type == FT_TEXT
                     ? field_check_text(f, field_get_text(f, s), d)
                     : field_check_num(f, field_get_num(f, s), d);
        if (rc != 0) {
            diag_place(d, 0, 0, r.path);
            return rc;
        }
    }
    return 0;
}

/* Make room for an item at `at` of list l in s, the section given first
 * when s has not got it (*added says so); the slot the list grows into is
 * saved in *grown for close_slot. Returns 0, or EXIT_DATAERR with nothing
 * changed. */
static int open_slot(Scenario *s, const FieldList *l, size_t at, bool *added,
                     Saved *grown, Diag *d)
{
    FieldScope scope = list_scope(l);
    *added = !field_scope_given(s, scope);
    size_t n = *added ? 0 : field_list_count(l, s);
    if (n >= l->max) {
        diag_set(d, EXIT_DATAERR, 0, 0, l->key, "at most %zu %ss", l->max, l->item);
        return EXIT_DATAERR;
    }
    if (at > n) {
        diag_set(d, EXIT_DATAERR, 0, 0, l->key, "there is no place %zu (the %s "
                 "has %zu %ss, numbered from 0)", at, l->holder, n, l->item);
        return EXIT_DATAERR;
    }
    FieldRef r;
    field_ref_init(&r, list_row(l), n);
    save(grown, s, &r);
    if (*added)
        field_scope_default(s, scope);
    memmove(item_at(s, l, at + 1), item_at(s, l, at), (n - at) * l->stride);
    set_count(s, l, n + 1);
    return 0;
}

/* Take the slot opened at `at` away again (a refused insert): the items
 * and the slot the list grew into as they were. */
static void close_slot(Scenario *s, const FieldList *l, size_t at, bool added,
                       const Saved *grown)
{
    size_t n = field_list_count(l, s) - 1;
    memmove(item_at(s, l, at), item_at(s, l, at + 1), (n - at) * l->stride);
    restore(grown, s);
    set_count(s, l, n);
    if (added) {
        /* The section was not given: without its flag its contents do not
         * count (scenario_equal), whatever they hold. */
        if (list_scope(l) == FS_HYBRID)
            s->has_hybrid = false;
        else
            s->has_uncertainty = false;
    }
}

int scenario_list_insert(Scenario *s, const FieldList *l, size_t at,
                         const void *item, Diag *d)
{
    bool added;
    Saved grown;
    diag_clear(d, NULL);
    int rc = open_slot(s, l, at, &added, &grown, d);
    if (rc != 0)
        return rc;
    memcpy(item_at(s, l, at), item, l->stride);
    rc = check_item(s, l, at, d);
    if (rc == 0)
        rc = check_change(s, list_uncertain(l), d);
    if (rc != 0)
        close_slot(s, l, at, added, &grown);
    return rc;
}

int scenario_list_insert_text(Scenario *s, const FieldList *l, size_t at,
                              const char *const *leaves, const char *const *texts,
                              size_t n, Diag *d)
{
    bool added;
    Saved grown;
    diag_clear(d, NULL);
    int rc = open_slot(s, l, at, &added, &grown, d);
    if (rc != 0)
        return rc;
    field_item_default(l, s, at);
    for (size_t i = 0; i < n && rc == 0; i++) {
        char row[FIELD_PATH_MAX];
        snprintf(row, sizeof row, "%s[].%s", l->key, leaves[i]);
        const Field *f = field_find(row);
        if (!f) {
            char sec[FIELD_PATH_MAX];
            snprintf(sec, sizeof sec, "%s[]", l->key);
            rc = field_unknown(sec, leaves[i], d);
            break;
        }
        FieldRef r;
        field_ref_init(&r, f, at);
        rc = set_one(s, &r, texts[i], d);
    }
    if (rc == 0)
        rc = check_item(s, l, at, d);
    if (rc == 0)
        rc = check_change(s, list_uncertain(l), d);
    if (rc != 0)
        close_slot(s, l, at, added, &grown);
    return rc;
}

int scenario_list_remove(Scenario *s, const FieldList *l, size_t at, Diag *d)
{
    diag_clear(d, NULL);
    size_t n = field_scope_given(s, list_scope(l)) ? field_list_count(l, s) : 0;
    if (at >= n) {
        diag_set(d, EXIT_DATAERR, 0, 0, l->key, "there is no %s %zu (the %s has "
                 "%zu, numbered from 0)", l->item, at, l->holder, n);
        return EXIT_DATAERR;
    }
    if (n - 1 < l->min) {
        diag_set(d, EXIT_DATAERR, 0, 0, l->key, "the %s holds at least %zu %s%s",
                 l->holder, l->min, l->item, l->min == 1 ? "" : "s");
        return EXIT_DATAERR;
    }
    Saved sv;
    FieldRef r;
    field_ref_init(&r, list_row(l), at);
    save(&sv, s, &r); /* the whole item */
    memmove(item_at(s, l, at), item_at(s, l, at + 1), (n - at - 1) * l->stride);
    set_count(s, l, n - 1);
    int rc = check_change(s, list_uncertain(l), d);
    if (rc != 0) {
        memmove(item_at(s, l, at + 1), item_at(s, l, at), (n - at - 1) * l->stride);
        set_count(s, l, n);
        restore(&sv, s);
    }
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

/* scenario_nudge_text's work, from `from` when it is not NULL. */
static int nudge(FieldRef *r, const Scenario *s, const double *from,
                 int steps, char *buf, size_t n, Diag *d)
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
    if (from)
        old = *from;
    switch (f->type) {
    case FT_BOOL:
        snprintf(buf, n, "%s", old != 0 ? "false" : "true");
        return 0;
    case FT_CHOICE: {
        /* A choice cycles through its words, both ways. */
        long k = (long)field_choice_count(f);
        long i = ((long)old + steps % k + k) % k;
        snprintf(buf, n, "%s", f->choices[i]);
        return 0;
    }
    case FT_TEXT:
        return diag_fail(d, "%s is text: Enter edits it", f->key);
    default:
        break;
    }
    if (f->step <= 0)
        return diag_fail(d, "%s has no step: Enter edits it", f->key);
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
        num_format_said(old, lim, sizeof lim); /* a sentence: grouped */
        return diag_fail(d, "%s is at its %s, %s", f->key,
                         steps > 0 ? "maximum" : "minimum", lim);
    }
    num_format_exact(v, buf, n);
    return 0;
}

int scenario_nudge_text(FieldRef *r, const Scenario *s, int steps, char *buf,
                        size_t n, Diag *d)
{
    return nudge(r, s, NULL, steps, buf, n, d);
}

int scenario_nudge_text_from(FieldRef *r, const Scenario *s, double from,
                             int steps, char *buf, size_t n, Diag *d)
{
    return nudge(r, s, &from, steps, buf, n, d);
}
