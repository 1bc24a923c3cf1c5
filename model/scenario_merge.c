/* scenario_merge.c: three-way merge of a recovery and its changed file,
 * unit by unit (see scenario_merge.h; DESIGN 7). */
#include "config.h"

#include "scenario_merge.h"

#include <stdio.h>
#include <string.h>

#include "scenario_edit.h"
#include "uncertainty.h"
#include "utf8.h"

/* Room for any value as text: the notes, the longest text, and a margin. */
#define VALUE_BUF (sizeof(((Scenario *)0)->notes) + 128)

typedef enum UnitKind { U_FIELD, U_LIST, U_SECTION } UnitKind;

/* One thing merged as a whole: a field of the scenario or of one list
 * item, a whole list, or a whole optional section. */
typedef struct Unit {
    UnitKind kind;
    const Field *row; /* U_FIELD: the row (of alternatives, the first) */
    size_t item;      /* U_FIELD of a list: the item */
    const FieldList *list; /* U_LIST */
    FieldScope scope;      /* U_SECTION */
} Unit;

/* Field `row` of item k in s as saved: its value, "(none)" where s has no
 * value (an optional row not given); of two alternatives, the one in use
 * as "KEY=VALUE". */
static void field_value(const Field *row, size_t k, const Scenario *s, char *buf,
                        size_t n)
{
    const Field *alt = field_alternative(row);
    const Field *use = alt && !field_in_use(row, s, k) ? alt : row;
    if (!field_in_use(use, s, k)) {
        snprintf(buf, n, "(none)");
        return;
    }
    FieldRef r;
    field_ref_init(&r, use, k);
    if (!alt) {
        field_format(field_ref(&r), s, buf, n);
        return;
    }
    int w = snprintf(buf, n, "%s=", field_leaf(use));
    if (w > 0 && (size_t)w < n)
        field_format(field_ref(&r), s, buf + w, n - (size_t)w);
}

static bool field_equal(const Field *row, size_t k, const Scenario *a,
                        const Scenario *b)
{
    char va[VALUE_BUF], vb[VALUE_BUF];
    field_value(row, k, a, va, sizeof va);
    field_value(row, k, b, vb, sizeof vb);
    return strcmp(va, vb) == 0;
}

static bool list_equal(const FieldList *l, const Scenario *a, const Scenario *b)
{
    size_t n = field_list_count(l, a);
    if (n != field_list_count(l, b))
        return false;
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].list == l)
            for (size_t k = 0; k < n; k++)
                if (!field_equal(&field_table[i], k, a, b))
                    return false;
    return true;
}

static bool section_equal(FieldScope scope, const Scenario *a, const Scenario *b)
{
    bool ga = field_scope_given(a, scope);
    if (ga != field_scope_given(b, scope))
        return false;
    if (!ga)
        return true;
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->scope != scope)
            continue;
        if (f->list ? !list_equal(f->list, a, b) : !field_equal(f, 0, a, b))
            return false;
    }
    return true;
}

static bool unit_equal(const Unit *u, const Scenario *a, const Scenario *b)
{
    switch (u->kind) {
    case U_FIELD:
        return field_equal(u->row, u->item, a, b);
    case U_LIST:
        return list_equal(u->list, a, b);
    default:
        return section_equal(u->scope, a, b);
    }
}

/* A unit's key and its value in s, as the user is shown them. */
static void unit_key(const Unit *u, char *buf, size_t n)
{
    if (u->kind == U_FIELD) {
        FieldRef r;
        field_ref_init(&r, u->row, u->item);
        snprintf(buf, n, "%s", r.path);
    } else if (u->kind == U_LIST) {
        snprintf(buf, n, "%s", u->list->key);
    } else {
        field_scope_name(u->scope, buf, n);
    }
}

static void unit_text(const Unit *u, const Scenario *s, char *buf, size_t n)
{
    char v[VALUE_BUF];
    if (u->kind == U_FIELD) {
        field_value(u->row, u->item, s, v, sizeof v);
    } else if (u->kind == U_LIST) {
        size_t c = field_list_count(u->list, s);
        snprintf(v, sizeof v, "%zu %s%s", c, u->list->item, c == 1 ? "" : "s");
    } else {
        snprintf(v, sizeof v, "%s", field_scope_given(s, u->scope) ? "given" : "(none)");
    }
    utf8_clip(v, buf, n);
}

/* Take unit u of `from` into `to`: 0, or EXIT_DATAERR with d saying why a
 * value does not go in (it came from a checked scenario, so only a broken
 * invariant). */
static int unit_take(const Unit *u, const Scenario *from, Scenario *to,
                     Diag *d)
{
    if (u->kind == U_SECTION) {
        /* The two optional sections of DESIGN 1.1, each a member. */
        if (u->scope == FS_HYBRID) {
            to->has_hybrid = from->has_hybrid;
            to->hybrid = from->hybrid;
        } else if (u->scope == FS_UNCERTAINTY) {
            to->has_uncertainty = from->has_uncertainty;
            to->uncertainty = from->uncertainty;
        }
        return 0;
    }
    if (u->kind == U_LIST) {
        const FieldList *l = u->list;
        memcpy((char *)to + l->offset, (const char *)from + l->offset, l->max * l->stride);
        memcpy((char *)to + l->count_offset, (const char *)from + l->count_offset,
               sizeof(size_t));
        return 0;
    }
    const Field *alt = field_alternative(u->row);
    const Field *use = alt && !field_in_use(u->row, from, u->item) ? alt : u->row;
    FieldRef r;
    field_ref_init(&r, use, u->item);
    if (!field_in_use(use, from, u->item)) {
        if (field_unset(&r, to))
            return 0;
        return diag_fail(d, "%s cannot be left out", r.path);
    }
    char v[VALUE_BUF];
    field_format(field_ref(&r), from, v, sizeof v);
    return field_set(field_ref(&r), to, v, d);
}

typedef struct Walk {
    const Scenario *base, *rec, *file;
    Scenario *out;          /* NULL: only count */
    const bool *take_rec;   /* scenario_merge's choices */
    MergeConflict *conf;
    size_t max, n;
    MergeCounts counts;
    Diag why; /* what a value that did not go in said */
    bool failed;
} Walk;

/* Merge one unit (see scenario_merge.h for the rule). */
static void visit(Walk *w, const Unit *u)
{
    if (w->failed)
        return;
    bool rec_same = unit_equal(u, w->rec, w->base);
    bool file_same = unit_equal(u, w->file, w->base);
    bool take = false;
    if (rec_same) {
        w->counts.from_file += !file_same;
    } else if (file_same) {
        w->counts.from_rec++;
        take = true;
    } else if (!unit_equal(u, w->rec, w->file)) {
        size_t i = w->n++;
        w->counts.conflicts++;
        if (i < w->max) {
            MergeConflict *c = &w->conf[i];
            unit_key(u, c->key, sizeof c->key);
            unit_text(u, w->base, c->base, sizeof c->base);
            unit_text(u, w->file, c->file, sizeof c->file);
            unit_text(u, w->rec, c->rec, sizeof c->rec);
        }
        take = w->take_rec && w->take_rec[i];
    }
    if (take && w->out && unit_take(u, w->rec, w->out, &w->why) != 0)
        w->failed = true;
}

/* The items of list l, field by field, or the list whole when the copies
 * hold different numbers of items. */
static void walk_list(Walk *w, const FieldList *l)
{
    size_t n = field_list_count(l, w->base);
    if (n != field_list_count(l, w->rec) || n != field_list_count(l, w->file)) {
        Unit u = {.kind = U_LIST, .list = l};
        visit(w, &u);
        return;
    }
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < field_count; i++) {
            const Field *f = &field_table[i];
            const Field *alt = field_alternative(f);
            if (f->list != l || (alt && alt < f))
                continue; /* of two alternatives, the first stands for both */
            Unit u = {.kind = U_FIELD, .row = f, .item = k};
            visit(w, &u);
        }
}

/* True when row i is the first row of its list in the table. */
static bool first_of_list(size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (field_table[j].list == field_table[i].list)
            return false;
    return true;
}

/* Every unit in registry order: a section that one copy added or removed
 * where its first row is, a list where its first row is. */
static void walk(Walk *w)
{
    bool section_done[FS_COUNT] = {false};
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->scope != FS_SCENARIO) {
            bool gb = field_scope_given(w->base, f->scope);
            if (gb != field_scope_given(w->rec, f->scope) ||
                gb != field_scope_given(w->file, f->scope)) {
                if (!section_done[f->scope]) {
                    section_done[f->scope] = true;
                    Unit u = {.kind = U_SECTION, .scope = f->scope};
                    visit(w, &u);
                }
                continue;
            }
            if (!gb)
                continue;
        }
        if (!f->list) {
            Unit u = {.kind = U_FIELD, .row = f};
            visit(w, &u);
        } else if (first_of_list(i)) {
            walk_list(w, f->list);
        }
    }
}

size_t scenario_merge_conflicts(const Scenario *base, const Scenario *rec,
                                const Scenario *file, MergeConflict *out,
                                size_t max, MergeCounts *counts)
{
    Walk w = {.base = base, .rec = rec, .file = file, .conf = out, .max = max};
    walk(&w);
    if (counts)
        *counts = w.counts;
    return w.n;
}

int scenario_merge(const Scenario *base, const Scenario *rec,
                   const Scenario *file, const bool *take_rec, Scenario *out,
                   Diag *d)
{
    diag_clear(d, NULL);
    *out = *file;
    Walk w = {.base = base, .rec = rec, .file = file, .out = out,
              .take_rec = take_rec};
    walk(&w);
    if (w.failed) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "the merge could not take a value: %s",
                 w.why.message);
        return EXIT_DATAERR;
    }
    if (scenario_check(out, d) != 0)
        return EXIT_DATAERR;
    size_t idx = 0;
    int which = 0;
    if (uncertainty_check(out, &idx, &which, d) != 0) {
        char path[FIELD_PATH_MAX];
        uncertainty_blame_path(idx, which, false, path, sizeof path);
        diag_place(d, 0, 0, path);
        return EXIT_DATAERR;
    }
    return 0;
}
