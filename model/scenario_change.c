/* scenario_change.c: what differs between two versions of a scenario, in
 * words; see scenario_change.h. */
#include "config.h"

#include "scenario_change.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "fields.h"
#include "numfmt.h"
#include "scenario_diff.h"
#include "utf8.h"

/* A text value is shown whole up to this many characters (a GPU model, a
 * region, a workload's name); longer, it is said to have changed. */
#define TEXT_SHOWN 24

/* The phrases found so far: the first in full, then a count. */
typedef struct Changes {
    const char *arrow;
    char first[512];
    size_t count;
} Changes;

/* One more difference: `what` (a label, an item), then `old` -> `now`, or
 * `now` alone ("added", "changed"). Only the first is written out. */
static void note(Changes *c, const char *what, const char *old, const char *now)
{
    if (c->count++ > 0)
        return;
    if (old)
        snprintf(c->first, sizeof c->first, "%s %s %s %s", what, old, c->arrow, now);
    else
        snprintf(c->first, sizeof c->first, "%s %s", what, now);
}

/* True when no other row of the same list (or of the scalars) has f's
 * label: then the label names the field. */
static bool label_names(const Field *f)
{
    for (size_t i = 0; i < field_count; i++) {
        const Field *g = &field_table[i];
        if (g != f && g->list == f->list && strcmp(g->label, f->label) == 0)
            return false;
    }
    return true;
}

/* Row g's value in s as the phrase shows it: "yes"/"no", a choice's word,
 * a number grouped as every number on screen (310,000: DESIGN 8), a short
 * one-line text in quotes; "not given" for an optional value not in use.
 * False for a text too long to show. */
static bool value_text(const Field *row, const Field *g, const Scenario *s, size_t item,
                       char *buf, size_t n)
{
    if (row->list && !field_in_use(row, s, item)) {
        snprintf(buf, n, "not given");
        return true;
    }
    if (g->type == FT_BOOL) {
        snprintf(buf, n, "%s", field_get_num(g, s) != 0 ? "yes" : "no");
        return true;
    }
    if (g->type != FT_TEXT && g->type != FT_CHOICE) {
        num_format_value(field_get_num(g, s), buf, n);
        return true;
    }
    if (g->type != FT_TEXT) {
        field_format(g, s, buf, n);
        return true;
    }
    const char *t = field_get_text(g, s);
    if (strchr(t, '\n') || utf8_length(t, strlen(t)) > TEXT_SHOWN)
        return false;
    snprintf(buf, n, "'%s'", t);
    return true;
}

/* Row g of item `item` holds the same value in x and y: both not in use,
 * or the same text byte for byte, the same number (a number shown with ten
 * significant digits may read the same for two values). */
static bool same_value(const Field *row, const Field *g, const Scenario *x, const Scenario *y,
                       size_t item)
{
    bool ux = !row->list || field_in_use(row, x, item);
    bool uy = !row->list || field_in_use(row, y, item);
    if (ux != uy || !ux)
        return ux == uy;
    if (g->type == FT_TEXT)
        return strcmp(field_get_text(g, x), field_get_text(g, y)) == 0;
    return field_get_num(g, x) == field_get_num(g, y);
}

/* "workload 'nightly'", "input hardware.nodes": item i of l in s. */
static void item_name(const FieldList *l, const Scenario *s, size_t i, char *buf, size_t n)
{
    const Field *row = scenario_diff_name_row(l);
    if (!row) {
        snprintf(buf, n, "%s %zu", l->item, i);
        return;
    }
    FieldRef r;
    field_ref_init(&r, row, i);
    const char *t = field_get_text(field_ref(&r), s);
    bool key = row->rule == TR_NUMBER_KEY;
    /* A pair of inputs is named by both its keys: "pair a.b and c.d". */
    const Field *with = NULL;
    for (const Field *g = row + 1; key && !with && g < field_table + field_count; g++)
        if (g->list == l && g->type == FT_TEXT && g->rule == TR_NUMBER_KEY)
            with = g;
    if (with) {
        FieldRef rw;
        field_ref_init(&rw, with, i);
        const char *u = field_get_text(field_ref(&rw), s);
        snprintf(buf, n, "%s %.*s and %.*s", l->item, (int)utf8_head_bytes(t, 40), t,
                 (int)utf8_head_bytes(u, 40), u);
        return;
    }
    snprintf(buf, n, key ? "%s %.*s" : "%s '%.*s'", l->item,
             (int)utf8_head_bytes(t, 40), t);
}

/* Row f of item `item` (0 for a scalar) in both scenarios. */
static void compare_value(Changes *c, const Field *f, size_t item, const Scenario *from,
                          const Scenario *to)
{
    FieldRef r;
    field_ref_init(&r, f, item);
    const Field *g = field_ref(&r);
    char a[128], b[128], what[160];
    bool shown = value_text(f, g, from, item, a, sizeof a);
    shown = value_text(f, g, to, item, b, sizeof b) && shown;
    if (same_value(f, g, from, to, item))
        return;
    if (shown && strcmp(a, b) == 0) { /* apart beyond ten digits: as saved */
        field_format(g, from, a, sizeof a);
        field_format(g, to, b, sizeof b);
    }
    if (f->list) {
        char who[96];
        item_name(f->list, to, item, who, sizeof who);
        snprintf(what, sizeof what, "%s %s", who,
                 label_names(f) ? f->label : field_leaf(f));
    } else {
        snprintf(what, sizeof what, "%s", label_names(f) ? f->label : f->key);
    }
    note(c, what, shown ? a : NULL, shown ? b : "changed");
}

/* List l, in a section both scenarios give: an item added or removed, or
 * the values of each item. */
static void compare_list(Changes *c, const FieldList *l, const Scenario *from,
                         const Scenario *to)
{
    size_t na = field_list_count(l, from), nb = field_list_count(l, to);
    if (na != nb) {
        /* The first item that differs is the one added or removed. */
        const Scenario *more = nb > na ? to : from, *less = nb > na ? from : to;
        size_t k = 0, nl = na < nb ? na : nb;
        for (; k < nl; k++) {
            Changes probe = {.arrow = c->arrow, .count = 0};
            for (size_t i = 0; i < field_count; i++)
                if (field_table[i].list == l)
                    compare_value(&probe, &field_table[i], k, less, more);
            if (probe.count)
                break;
        }
        char who[96];
        item_name(l, more, k, who, sizeof who);
        note(c, who, NULL, nb > na ? "added" : "removed");
        c->count += (na > nb ? na - nb : nb - na) - 1;
        return;
    }
    for (size_t k = 0; k < na; k++)
        for (size_t i = 0; i < field_count; i++)
            if (field_table[i].list == l)
                compare_value(c, &field_table[i], k, from, to);
}

size_t scenario_change_text(const Scenario *from, const Scenario *to, const char *arrow,
                            char *buf, size_t n)
{
    Changes c = {.arrow = arrow, .count = 0};
    c.first[0] = '\0';
    static const char *const section_words[FS_COUNT] = {
        [FS_HYBRID] = "hybrid plan", [FS_UNCERTAINTY] = "uncertainty ranges"};
    bool section_differs[FS_COUNT] = {false};
    for (int sc = FS_SCENARIO + 1; sc < FS_COUNT; sc++)
        if (field_scope_given(from, (FieldScope)sc) != field_scope_given(to, (FieldScope)sc)) {
            section_differs[sc] = true;
            note(&c, section_words[sc], NULL,
                 field_scope_given(to, (FieldScope)sc) ? "added" : "removed");
        }
    const FieldList *done[4] = {NULL};
    size_t ndone = 0;
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (section_differs[f->scope] || !field_in_scope(f, to))
            continue;
        if (!f->list) {
            compare_value(&c, f, 0, from, to);
            continue;
        }
        bool seen = false;
        for (size_t k = 0; k < ndone; k++)
            seen |= done[k] == f->list;
        if (seen || ndone == sizeof done / sizeof done[0])
            continue;
        done[ndone++] = f->list;
        compare_list(&c, f->list, from, to);
    }
    if (n == 0)
        return c.count;
    int len;
    if (c.count > 1)
        len = snprintf(buf, n, "%s and %zu more", c.first, c.count - 1);
    else
        len = snprintf(buf, n, "%s", c.first);
    if (len >= 0 && (size_t)len >= n && n > 4) {
        /* Cut at a character, and say so. */
        size_t keep = utf8_floor(buf, strlen(buf), n - 4);
        snprintf(buf + keep, n - keep, "...");
    }
    return c.count;
}
