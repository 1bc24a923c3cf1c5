/* scenario_diff.c: every input that differs between two scenarios
 * (DESIGN 11.1); see scenario_diff.h. */
#include "config.h"

#include "scenario_diff.h"

#include <stdlib.h>
#include <string.h>

/* The lists of the registry, in registry order (the order their rows come
 * in field_table). */
#define LISTS_MAX 4

/* One more entry. The capacity holds every difference two scenarios can
 * have (check_scenario_diff builds the largest); running past it is a
 * broken invariant, not bad input. */
static InputDiff *push(ScenarioDiff *d, DiffKind kind)
{
    if (d->count >= SCENARIO_DIFF_MAX)
        abort();
    InputDiff *e = &d->item[d->count++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    return e;
}

const Field *scenario_diff_field(FieldRef *r, const Field *row, size_t item)
{
    field_ref_init(r, row, row->list ? item : 0);
    return field_ref(r);
}

const Field *scenario_diff_name_row(const FieldList *l)
{
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].list == l && field_table[i].type == FT_TEXT)
            return &field_table[i];
    return NULL;
}

/* Row `row` of item i of a and item j of b hold the same value: both
 * unused (a switched row neither side chose), or both used with the same
 * value, numbers bit for bit, text byte for byte. */
static bool same(const Field *row, const Scenario *a, size_t i, const Scenario *b,
                 size_t j)
{
    bool ua = field_in_use(row, a, i), ub = field_in_use(row, b, j);
    if (ua != ub)
        return false;
    if (!ua)
        return true;
    FieldRef ra, rb;
    const Field *fa = scenario_diff_field(&ra, row, i);
    const Field *fb = scenario_diff_field(&rb, row, j);
    if (row->type == FT_TEXT)
        return strcmp(field_get_text(fa, a), field_get_text(fb, b)) == 0;
    double x = field_get_num(fa, a), y = field_get_num(fb, b);
    return memcmp(&x, &y, sizeof x) == 0;
}

/* A value entry: row of item i in `from` (when has_old) and item j in
 * `to` (when has_new). */
static void value(ScenarioDiff *d, const Field *row, bool has_old, size_t i, bool has_new,
                  size_t j)
{
    InputDiff *e = push(d, DIFF_VALUE);
    e->row = row;
    e->list = row->list;
    e->scope = row->scope;
    e->has_old = has_old;
    e->has_new = has_new;
    e->old_item = i;
    e->new_item = j;
}

/* Every row of list l that differs between item i of a and item j of b. */
static void item_values(ScenarioDiff *d, const FieldList *l, const Scenario *a, size_t i,
                        const Scenario *b, size_t j)
{
    for (size_t k = 0; k < field_count; k++) {
        const Field *row = &field_table[k];
        if (row->list == l && !same(row, a, i, b, j))
            value(d, row, true, i, true, j);
    }
}

static void item_entry(ScenarioDiff *d, DiffKind kind, const FieldList *l, FieldScope sc,
                       size_t i)
{
    InputDiff *e = push(d, kind);
    e->list = l;
    e->scope = sc;
    e->old_item = kind == DIFF_ITEM_REMOVED ? i : 0;
    e->new_item = kind == DIFF_ITEM_ADDED ? i : 0;
}

/* The text that names item i of l in s. */
static const char *item_name(const FieldList *l, const Scenario *s, size_t i)
{
    const Field *row = scenario_diff_name_row(l);
    if (!row)
        return "";
    FieldRef r;
    return field_get_text(scenario_diff_field(&r, row, i), s);
}

/* Whether item i of a and item j of b are alike but for their names: at
 * most half of the list's other rows differ. */
static bool alike(const FieldList *l, const Scenario *a, size_t i, const Scenario *b,
                  size_t j)
{
    const Field *name = scenario_diff_name_row(l);
    size_t rows = 0, differ = 0;
    for (size_t k = 0; k < field_count; k++) {
        const Field *row = &field_table[k];
        if (row->list != l || row == name)
            continue;
        rows++;
        differ += !same(row, a, i, b, j);
    }
    return 2 * differ <= rows;
}

/* The items of list l matched (DESIGN 11.1): match[i] is the item of b
 * paired with item i of a, or SIZE_MAX. By name first, the k-th of a name
 * with the k-th; then an item left on both sides at the same position and
 * alike but for its name (renamed in place). */
static void match_items(const FieldList *l, const Scenario *a, size_t na, const Scenario *b,
                        size_t nb, size_t *match, bool *taken)
{
    for (size_t j = 0; j < nb; j++)
        taken[j] = false;
    for (size_t i = 0; i < na; i++) {
        match[i] = SIZE_MAX;
        const char *name = item_name(l, a, i);
        for (size_t j = 0; j < nb; j++)
            if (!taken[j] && strcmp(name, item_name(l, b, j)) == 0) {
                match[i] = j;
                taken[j] = true;
                break;
            }
    }
    for (size_t i = 0; i < na && i < nb; i++)
        if (match[i] == SIZE_MAX && !taken[i] && alike(l, a, i, b, i)) {
            match[i] = i;
            taken[i] = true;
        }
}

/* List l of a section both scenarios give: in b's order, each item's
 * changed values or its addition; then the items removed; then whether
 * the matched items changed places. */
static void list_diff(ScenarioDiff *d, const FieldList *l, FieldScope sc, const Scenario *a,
                      const Scenario *b)
{
    size_t na = field_list_count(l, a), nb = field_list_count(l, b);
    size_t match[UNC_MAX_INPUTS > HYBRID_MAX_WORKLOADS ? UNC_MAX_INPUTS : HYBRID_MAX_WORKLOADS];
    bool taken[sizeof match / sizeof match[0]];
    if (na > l->max || nb > l->max || l->max > sizeof match / sizeof match[0])
        abort(); /* a list longer than its capacity: a broken scenario */
    match_items(l, a, na, b, nb, match, taken);
    for (size_t j = 0; j < nb; j++) {
        size_t i = 0;
        while (i < na && match[i] != j)
            i++;
        if (i < na)
            item_values(d, l, a, i, b, j);
        else
            item_entry(d, DIFF_ITEM_ADDED, l, sc, j);
    }
    for (size_t i = 0; i < na; i++)
        if (match[i] == SIZE_MAX)
            item_entry(d, DIFF_ITEM_REMOVED, l, sc, i);
    size_t last = 0;
    bool first = true;
    for (size_t i = 0; i < na; i++) {
        if (match[i] == SIZE_MAX)
            continue;
        if (!first && match[i] < last) {
            InputDiff *e = push(d, DIFF_ITEM_ORDER);
            e->list = l;
            e->scope = sc;
            break;
        }
        last = match[i];
        first = false;
    }
}

/* A section only one side gives: its values on that side as a saved file
 * writes them (a row left out at its default, such as a trace not given,
 * is not set, so nothing of it differs; DESIGN 11.1), then its items. */
static void section_one_side(ScenarioDiff *d, FieldScope sc, const Scenario *s, bool added)
{
    InputDiff *e = push(d, added ? DIFF_SECTION_ADDED : DIFF_SECTION_REMOVED);
    e->scope = sc;
    const FieldList *done[LISTS_MAX];
    size_t ndone = 0;
    for (size_t k = 0; k < field_count; k++) {
        const Field *row = &field_table[k];
        if (row->scope != sc)
            continue;
        if (!row->list) {
            if (field_saved(row, s, 0))
                value(d, row, !added, 0, added, 0);
            continue;
        }
        bool seen = false;
        for (size_t m = 0; m < ndone; m++)
            seen |= done[m] == row->list;
        if (seen || ndone == LISTS_MAX)
            continue;
        done[ndone++] = row->list;
        size_t n = field_list_count(row->list, s);
        for (size_t i = 0; i < n; i++)
            item_entry(d, added ? DIFF_ITEM_ADDED : DIFF_ITEM_REMOVED, row->list, sc, i);
    }
}

size_t scenario_diff(const Scenario *from, const Scenario *to, ScenarioDiff *d)
{
    d->count = 0;
    bool one_side[FS_COUNT] = {false}, shown[FS_COUNT] = {false};
    for (int sc = FS_SCENARIO + 1; sc < FS_COUNT; sc++)
        one_side[sc] = field_scope_given(from, (FieldScope)sc) !=
                       field_scope_given(to, (FieldScope)sc);
    const FieldList *done[LISTS_MAX];
    size_t ndone = 0;
    for (size_t k = 0; k < field_count; k++) {
        const Field *row = &field_table[k];
        FieldScope sc = row->scope;
        if (one_side[sc]) {
            if (!shown[sc])
                section_one_side(d, sc, field_scope_given(to, sc) ? to : from,
                                 field_scope_given(to, sc));
            shown[sc] = true;
            continue;
        }
        if (!field_scope_given(to, sc))
            continue; /* neither side gives the section */
        if (!row->list) {
            if (!same(row, from, 0, to, 0))
                value(d, row, true, 0, true, 0);
            continue;
        }
        bool seen = false;
        for (size_t m = 0; m < ndone; m++)
            seen |= done[m] == row->list;
        if (seen || ndone == LISTS_MAX)
            continue;
        done[ndone++] = row->list;
        list_diff(d, row->list, sc, from, to);
    }
    return d->count;
}
