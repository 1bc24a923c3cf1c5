/* yaml_patch_list.c: the format-preserving saver's lists of items (hybrid
 * workloads, a trace's groups, uncertainty inputs) and the optional
 * sections that hold them
 * (DESIGN 1.3): items matched old to new by the cheapest edit script, then
 * edited, inserted or removed as blocks. */
#include "config.h"

#include "yaml_patch_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_yaml.h"

/* ---- lists of items: workloads, uncertainty inputs ----------------------- */

/* How a value is written: a number (plain), a word (plain in a new line,
 * the user's quoting when rewritten) or text (double-quoted in a new
 * line). */
typedef enum ValKind { VK_NUM, VK_WORD, VK_TEXT } ValKind;

/* A list section's items (a registry list: the hybrid plan's workloads,
 * the uncertain inputs), for the generic list editing: its rows in table
 * order are the keys of an item. */
typedef struct ListKind {
    const FieldList *l;
    int nkeys; /* its rows */
} ListKind;

/* Row k of list l (the list rows of the table, in order). */
static const Field *list_row(const FieldList *l, int k)
{
    int n = 0;
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].list == l && n++ == k)
            return &field_table[i];
    return NULL;
}

static ListKind list_kind(const FieldList *l)
{
    ListKind L = {l, 0};
    while (list_row(l, L.nkeys))
        L.nkeys++;
    return L;
}

/* Key k of an item, in file order. */
static const char *lk_key(const ListKind *L, int k)
{
    return field_leaf(list_row(L->l, k));
}

/* The items of s (none when its section is not given). */
static size_t lk_count(const ListKind *L, const Scenario *s)
{
    return field_in_scope(list_row(L->l, 0), s) ? field_list_count(L->l, s)
                                                : 0;
}

/* Value of key k of item i as written (text unquoted); false when the item
 * does not write that key (the arrivals it does not use, a default left
 * out, a mode not given). */
static bool lk_value(const ListKind *L, const Scenario *s, size_t i, int k,
                     StrBuf *out, ValKind *kind)
{
    const Field *row = list_row(L->l, k);
    *kind = row->type == FT_TEXT     ? VK_TEXT
            : row->type == FT_CHOICE ? VK_WORD
                                     : VK_NUM;
    if (!field_saved(row, s, i))
        return false;
    FieldRef r;
    field_ref_init(&r, row, i);
    yp_value_text(field_ref(&r), s, out);
    return true;
}

/* The line of key k of item i, with its comment. */
static void lk_line(const ListKind *L, StrBuf *b, const Scenario *s, size_t i,
                    int k, const char *indent)
{
    FieldRef r;
    field_ref_init(&r, list_row(L->l, k), i);
    scenario_yaml_field_line(b, field_ref(&r), s, indent, lk_key(L, k));
}

/* Item i as a block list item. */
static void lk_block(const ListKind *L, StrBuf *b, const Scenario *s,
                     size_t i, const char *first, const char *rest)
{
    scenario_yaml_item(b, s, L->l, i, first, rest);
}

/* "key: value" of key k of item i, for a new pair. */
static void list_pair(const ListKind *L, const Scenario *s, size_t i, int k,
                      StrBuf *out)
{
    StrBuf v = STRBUF_INIT;
    ValKind kind;
    lk_value(L, s, i, k, &v, &kind);
    sb_printf(out, "%s: ", lk_key(L, k));
    if (kind == VK_TEXT)
        scenario_yaml_quote(out, sb_str(&v));
    else
        sb_append(out, sb_str(&v));
    sb_free(&v);
}

/* Item i of s as a flow mapping. */
static void list_flow(const ListKind *L, const Scenario *s, size_t i,
                      StrBuf *out)
{
    sb_append(out, "{");
    bool firstk = true;
    for (int k = 0; k < L->nkeys; k++) {
        StrBuf v = STRBUF_INIT;
        ValKind kind;
        if (lk_value(L, s, i, k, &v, &kind)) {
            if (!firstk)
                sb_append(out, ", ");
            list_pair(L, s, i, k, out);
            firstk = false;
        }
        sb_free(&v);
    }
    sb_append(out, "}");
}

/* How many keys of old item i and new item j differ. */
static unsigned list_diff(const Patch *p, const ListKind *L, size_t i, size_t j)
{
    unsigned n = 0;
    for (int k = 0; k < L->nkeys; k++) {
        StrBuf a = STRBUF_INIT, b = STRBUF_INIT;
        ValKind ka, kb;
        bool ha = lk_value(L, p->base, i, k, &a, &ka);
        bool hb = lk_value(L, p->s, j, k, &b, &kb);
        if (ha != hb || (ha && strcmp(sb_str(&a), sb_str(&b)) != 0))
            n++;
        sb_free(&a);
        sb_free(&b);
    }
    return n;
}

static size_t list_rank(const char *key, const void *ctx)
{
    const ListKind *L = ctx;
    for (int k = 0; k < L->nkeys; k++)
        if (strcmp(lk_key(L, k), key) == 0)
            return (size_t)k;
    return (size_t)L->nkeys;
}

/* Remove the pair (kn, v) from mapping m. */
static void remove_pair(Patch *p, const YamlNode *m, const YamlNode *kn,
                        const YamlNode *v)
{
    const YamlNode *nextk = yp_node(p, v->next);
    if (!m->flow && yp_line_start(p, kn->start) + yp_map_indent(p, m) == kn->start) {
        yp_add_edit(p, yp_line_start(p, kn->start),
                 yp_after_block(p, yp_tail(p, v), yp_map_indent(p, m)), "");
    } else if (nextk) {
        yp_add_edit(p, kn->start, nextk->start, ""); /* the next key moves up */
    } else if (m->flow && m->first != NONE && yp_node(p, m->first) != kn) {
        const YamlNode *prevv = NULL;
        for (const YamlNode *k = yp_node(p, m->first); k && k != kn;
             k = yp_node(p, yp_node(p, k->next)->next))
            prevv = yp_node(p, k->next);
        yp_add_edit(p, prevv ? yp_tail(p, prevv) : kn->start, v->end, "");
    } else {
        yp_fail(p, "a key to remove is the only one of its item");
    }
}

/* Old item i (mapping m) now holds new item j: edit its keys. A key that
 * goes and another that comes (schedule and per_day) trade places. */
static void patch_item(Patch *p, const ListKind *L, const YamlNode *m, size_t i,
                       size_t j)
{
    if (m->kind != YN_MAP) {
        yp_fail(p, "a list item is not a mapping");
        return;
    }
    size_t indent = yp_map_indent(p, m);
    char ind[64];
    snprintf(ind, sizeof ind, "%*s", (int)(indent < 60 ? indent : 60), "");
    int gone[16], came[16], ng = 0, nc = 0;
    for (int k = 0; k < L->nkeys && k < 16; k++) {
        StrBuf a = STRBUF_INIT, b = STRBUF_INIT;
        ValKind ka, kb;
        bool ha = lk_value(L, p->base, i, k, &a, &ka);
        bool hb = lk_value(L, p->s, j, k, &b, &kb);
        const YamlNode *kn, *v = yaml_spans_get(p->sp, m, lk_key(L, k), &kn);
        if (ha && hb && strcmp(sb_str(&a), sb_str(&b)) != 0) {
            if (v) {
                yp_replace_scalar(p, kn, v, sb_str(&b), kb != VK_NUM);
            } else { /* left out at its default, now another value */
                StrBuf line = STRBUF_INIT, pair = STRBUF_INIT;
                lk_line(L, &line, p->s, j, k, ind);
                list_pair(L, p->s, j, k, &pair);
                yp_map_insert(p, m, (size_t)k, list_rank, L, sb_str(&line),
                           sb_str(&pair));
                sb_free(&line);
                sb_free(&pair);
            }
        } else if (ha && !hb && v) {
            gone[ng++] = k;
        } else if (!ha && hb) {
            came[nc++] = k;
        }
        sb_free(&a);
        sb_free(&b);
    }
    int x = 0;
    for (; x < ng && x < nc; x++) {
        const YamlNode *kn, *v = yaml_spans_get(p->sp, m, lk_key(L, gone[x]), &kn);
        StrBuf pair = STRBUF_INIT;
        list_pair(L, p->s, j, came[x], &pair);
        yp_add_edit(p, kn->start, v->end, sb_str(&pair));
        sb_free(&pair);
    }
    for (int g = x; g < ng; g++) {
        const YamlNode *kn, *v = yaml_spans_get(p->sp, m, lk_key(L, gone[g]), &kn);
        remove_pair(p, m, kn, v);
    }
    for (int c = x; c < nc; c++) {
        StrBuf line = STRBUF_INIT, pair = STRBUF_INIT;
        lk_line(L, &line, p->s, j, came[c], ind);
        list_pair(L, p->s, j, came[c], &pair);
        yp_map_insert(p, m, (size_t)came[c], list_rank, L, sb_str(&line),
                   sb_str(&pair));
        sb_free(&line);
        sb_free(&pair);
    }
}

/* The dash of block list item n: the '-' before it on its line. */
static size_t item_dash(const Patch *p, const YamlNode *n)
{
    size_t q = n->start;
    while (q > p->bom && (p->d[q - 1] == ' ' || p->d[q - 1] == '\t'))
        q--;
    return q > p->bom && p->d[q - 1] == '-' ? q - 1 : n->start;
}

/* The lines to remove with block list item `it`: its own, the comment
 * lines right above its dash (indented as far as the dash) and under it;
 * then the blank lines after it when another item follows, or those
 * before it when it was the last (and the one before stays). */
static void item_lines(const Patch *p, const YamlNode *it, size_t dash_col,
                       bool more, bool take_before, size_t *a, size_t *e)
{
    size_t s = yp_line_start(p, item_dash(p, it));
    while (s > p->bom && yp_comment_line(p, yp_line_start(p, s - 1), dash_col))
        s = yp_line_start(p, s - 1);
    size_t end = yp_after_block(p, yp_tail(p, it), dash_col);
    if (more) {
        while (end < p->len && yp_blank_line(p, end))
            end = yp_line_after(p, end);
    } else if (take_before) {
        while (s > p->bom && yp_blank_line(p, yp_line_start(p, s - 1)))
            s = yp_line_start(p, s - 1);
    }
    *a = s;
    *e = end;
}

#define LIST_MAX 64 /* the longest list: UNC_MAX_INPUTS; workloads: 32 */

/* The cheapest edit script from the n old items to the m new ones: cost[i][j]
 * is the cheapest for old[i..] -> new[j..]; a changed item costs the keys
 * that changed, an inserted or removed one more than all its keys (one). */
typedef struct Alignment {
    size_t n, m;
    unsigned one;
    unsigned cost[LIST_MAX + 1][LIST_MAX + 1];
    unsigned diff[LIST_MAX][LIST_MAX];
} Alignment;

static void align_items(const Patch *p, const ListKind *L, Alignment *A)
{
    size_t n = A->n, m = A->m;
    A->one = (unsigned)L->nkeys + 1;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < m; j++)
            A->diff[i][j] = list_diff(p, L, i, j);
    for (size_t i = n + 1; i-- > 0;)
        for (size_t j = m + 1; j-- > 0;) {
            if (i == n || j == m) {
                A->cost[i][j] = (unsigned)((n - i) + (m - j)) * A->one;
                continue;
            }
            unsigned best = A->diff[i][j] + A->cost[i + 1][j + 1];
            if (A->one + A->cost[i + 1][j] < best)
                best = A->one + A->cost[i + 1][j];
            if (A->one + A->cost[i][j + 1] < best)
                best = A->one + A->cost[i][j + 1];
            A->cost[i][j] = best;
        }
}

/* Walking a list's items along its alignment: where the text after the
 * last old item passed starts, and how new items are written. */
typedef struct ListWalk {
    const ListKind *L;
    const YamlNode *seq;
    const YamlNode *items[LIST_MAX];
    size_t n;
    size_t dash, dash_col;
    char first_ind[80], rest_ind[64];
    const YamlNode *anchor; /* the last old item passed */
    size_t anchor_end;      /* where the text after it starts */
    bool flow_inserted, prev_deleted;
} ListWalk;

/* Old item i goes. */
static void walk_remove(Patch *p, ListWalk *w, size_t i)
{
    const YamlNode *it = w->items[i];
    if (!w->seq->flow) {
        size_t a, e;
        item_lines(p, it, w->dash_col, i + 1 < w->n, !w->prev_deleted, &a, &e);
        yp_add_edit(p, a, e, "");
        w->anchor_end = e;
    } else if (i + 1 < w->n) {
        yp_add_edit(p, it->start, w->items[i + 1]->start, "");
    } else if (i > 0) {
        yp_add_edit(p, yp_tail(p, w->items[i - 1]), it->end, "");
    } else {
        yp_add_edit(p, it->start, it->end, "");
    }
    w->anchor = it;
    w->prev_deleted = true;
}

/* New item j comes, after the last old item passed. */
static void walk_insert(Patch *p, ListWalk *w, size_t j)
{
    StrBuf t = STRBUF_INIT;
    if (!w->seq->flow) {
        lk_block(w->L, &t, p->s, j, w->first_ind, w->rest_ind);
        size_t pos = w->anchor ? w->anchor_end : yp_line_start(p, w->dash);
        yp_add_edit(p, pos, pos, sb_str(&t));
    } else {
        StrBuf f = STRBUF_INIT;
        list_flow(w->L, p->s, j, &f);
        if (w->anchor || w->flow_inserted) {
            sb_printf(&t, ", %s", sb_str(&f));
            size_t pos = w->anchor ? w->anchor->end : w->seq->start + 1;
            yp_add_edit(p, pos, pos, sb_str(&t));
        } else {
            sb_printf(&t, "%s%s", sb_str(&f), w->n ? ", " : "");
            size_t pos = w->n ? w->items[0]->start : w->seq->start + 1;
            yp_add_edit(p, pos, pos, sb_str(&t));
        }
        w->flow_inserted = true;
        sb_free(&f);
    }
    sb_free(&t);
    w->prev_deleted = false;
}

/* The list `seq` (the value of key lk): align old and new items by the
 * cheapest edit script, then edit, insert and remove items. */
static void patch_list(Patch *p, const ListKind *L, const YamlNode *lk,
                       const YamlNode *seq)
{
    size_t n = lk_count(L, p->base), m = lk_count(L, p->s);
    if (seq->kind == YN_SCALAR && n == 0 && m == 0)
        return;
    if (seq->kind != YN_SEQ || seq->count != n || n > LIST_MAX || m > LIST_MAX) {
        yp_fail(p, "a list is not as it was loaded");
        return;
    }
    ListWalk w = {.L = L, .seq = seq, .n = n};
    size_t c = 0;
    for (const YamlNode *it = yp_node(p, seq->first); it && c < n;
         it = yp_node(p, it->next))
        w.items[c++] = it;
    const YamlNode *first = n ? w.items[0] : NULL;
    w.dash = first && !seq->flow ? item_dash(p, first) : seq->start;
    w.dash_col = yp_column(p, w.dash);
    size_t key_col = first && first->kind == YN_MAP && !first->flow
                         ? yp_column(p, first->start)
                         : w.dash_col + 2;
    if (m == 0) {
        /* Nothing left: an empty list, in flow style. */
        if (n)
            yp_add_edit(p, lk->end,
                        seq->flow ? seq->end
                                  : yp_after_block(p, yp_tail(p, seq), w.dash_col),
                        seq->flow ? ": []" : ": []\n");
        return;
    }
    Alignment *A = xmalloc(sizeof *A);
    A->n = n;
    A->m = m;
    align_items(p, L, A);
    size_t gap = key_col > w.dash_col + 1 ? key_col - w.dash_col - 1 : 1;
    snprintf(w.first_ind, sizeof w.first_ind, "%*s-%*s",
             (int)(w.dash_col < 60 ? w.dash_col : 60), "", (int)(gap < 9 ? gap : 9), "");
    snprintf(w.rest_ind, sizeof w.rest_ind, "%*s", (int)(key_col < 60 ? key_col : 60), "");
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && A->cost[i][j] == A->diff[i][j] + A->cost[i + 1][j + 1]) {
            patch_item(p, L, w.items[i], i, j);
            w.anchor = w.items[i];
            w.anchor_end = yp_after_block(p, yp_tail(p, w.items[i]), w.dash_col);
            w.prev_deleted = false;
            i++;
            j++;
        } else if (i < n && (j == m || A->cost[i][j] == A->one + A->cost[i + 1][j])) {
            walk_remove(p, &w, i++);
        } else {
            walk_insert(p, &w, j++);
        }
    }
    free(A);
}

/* ---- the hybrid plan and the uncertainty section ----------------------- */

/* An optional section with scalars and a list (DESIGN 6, 2.8), between the
 * scenario as loaded (has_b) and as saved (has_s): added whole, removed
 * whole, or its scalars and its list edited. Its rows are the registry's
 * of one scope: the scalars, then the list's. */
#define SECTION_LISTS 2 /* hybrid: workloads and the trace's groups */
typedef struct ListSection {
    char name[32];    /* "hybrid" */
    FieldScope scope;
    size_t rank;      /* top-level rank */
    int nscalars;     /* ls_key(nscalars + j) is list j */
    int nlists;
    ListKind lists[SECTION_LISTS];
} ListSection;

/* Row k of the section's scalars (its rows outside the list). */
static const Field *ls_row(const ListSection *S, int k)
{
    int n = 0;
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].scope == S->scope && !field_table[i].list &&
            n++ == k)
            return &field_table[i];
    return NULL;
}

/* The section's keys: its scalars, then the lists. */
static const char *ls_key(const ListSection *S, int k)
{
    const Field *f = k < S->nscalars ? ls_row(S, k) : NULL;
    return f ? field_leaf(f) : strrchr(S->lists[k - S->nscalars].l->key, '.') + 1;
}

static size_t section_key_rank(const char *key, const void *ctx)
{
    const ListSection *S = ctx;
    for (int k = 0; k < S->nscalars + S->nlists; k++)
        if (strcmp(ls_key(S, k), key) == 0)
            return (size_t)k;
    return (size_t)(S->nscalars + S->nlists);
}


/* List j of the section: edited, or written with its items when the
 * file left it out. */
static void patch_section_list(Patch *p, const ListSection *S, const YamlNode *hv,
                               const char *ind, int j)
{
    const ListKind *L = &S->lists[j];
    const char *lname = ls_key(S, S->nscalars + j);
    const YamlNode *lk, *lv = yaml_spans_get(p->sp, hv, lname, &lk);
    if (lv) {
        patch_list(p, L, lk, lv);
        return;
    }
    const Scenario *s = p->s;
    size_t m = lk_count(L, s);
    if (m == 0)
        return;
    /* The list was left out (no items): write it with its items. */
    StrBuf t = STRBUF_INIT, first = STRBUF_INIT, rest = STRBUF_INIT;
    sb_printf(&first, "%s  - ", ind);
    sb_printf(&rest, "%s    ", ind);
    sb_printf(&t, "%s%s:\n", ind, lname);
    for (size_t i = 0; i < m; i++)
        lk_block(L, &t, s, i, sb_str(&first), sb_str(&rest));
    StrBuf pair = STRBUF_INIT;
    sb_printf(&pair, "%s: [", lname);
    for (size_t i = 0; i < m; i++) {
        if (i)
            sb_append(&pair, ", ");
        list_flow(L, s, i, &pair);
    }
    sb_append(&pair, "]");
    yp_map_insert(p, hv, (size_t)(S->nscalars + j), section_key_rank, S, sb_str(&t),
                  sb_str(&pair));
    sb_free(&t);
    sb_free(&first);
    sb_free(&rest);
    sb_free(&pair);
}

static void patch_list_section(Patch *p, const ListSection *S, bool has_b,
                               bool has_s)
{
    const Scenario *b = p->base, *s = p->s;
    const YamlNode *hk, *hv = yaml_spans_get(p->sp, p->root, S->name, &hk);
    if (!has_b && !has_s)
        return;
    if (!has_b) {
        StrBuf t = STRBUF_INIT;
        scenario_yaml_scope(&t, s, S->scope);
        yp_top_insert(p, S->rank, sb_str(&t));
        sb_free(&t);
        return;
    }
    if (!hk) {
        yp_fail(p, "a section is not where it was loaded");
        return;
    }
    if (!has_s) {
        size_t a = yp_line_start(p, hk->start);
        size_t e = yp_after_block(p, hv ? yp_tail(p, hv) : hk->end, yp_column(p, hk->start));
        /* with the blank line that a new file puts before it */
        if (a > p->bom && yp_blank_line(p, yp_line_start(p, a - 1)))
            a = yp_line_start(p, a - 1);
        yp_add_edit(p, a, e, "");
        return;
    }
    if (!hv || hv->kind != YN_MAP || hv->first == NONE) {
        yp_fail(p, "a section is empty or not a mapping (it is written whole)");
        return;
    }
    size_t indent = yp_map_indent(p, hv);
    char ind[64];
    snprintf(ind, sizeof ind, "%*s", (int)(indent < 60 ? indent : 60), "");
    Scenario *imp = xmalloc(sizeof *imp);
    *imp = *s;
    field_scope_default(imp, S->scope); /* a reload's values of absent keys */
    for (int k = 0; k < S->nscalars; k++) {
        char path[64];
        Field f;
        snprintf(path, sizeof path, "%s.%s", S->name, ls_key(S, k));
        f = *ls_row(S, k);
        f.key = path;
        const YamlNode *kn, *v = yaml_spans_get(p->sp, hv, ls_key(S, k), &kn);
        if (v) {
            if (!yp_same_value(&f, b, s))
                yp_replace_field(p, &f, kn, v);
        } else if (!yp_same_value(&f, imp, s)) {
            StrBuf line = STRBUF_INIT, pair = STRBUF_INIT;
            scenario_yaml_field_line(&line, &f, s, ind, ls_key(S, k));
            yp_flow_pair(&f, s, ls_key(S, k), &pair);
            yp_map_insert(p, hv, (size_t)k, section_key_rank, S, sb_str(&line),
                       sb_str(&pair));
            sb_free(&line);
            sb_free(&pair);
        }
    }
    free(imp);
    for (int j = 0; j < S->nlists && !p->failed; j++)
        patch_section_list(p, S, hv, ind, j);
}

/* The optional sections of the registry, after every scenario field as
 * a new file writes them. */
void yp_patch_lists(Patch *p)
{
    static const FieldScope scopes[] = {FS_HYBRID, FS_UNCERTAINTY};
    for (size_t k = 0; k < sizeof scopes / sizeof scopes[0] && !p->failed; k++) {
        ListSection S = {.scope = scopes[k]};
        for (size_t i = 0; i < field_count; i++) {
            const FieldList *l = field_table[i].list;
            if (field_table[i].scope != S.scope)
                continue;
            if (!S.rank)
                S.rank = i + 1;
            if (l && (S.nlists == 0 || S.lists[S.nlists - 1].l != l) &&
                S.nlists < SECTION_LISTS)
                S.lists[S.nlists++] = list_kind(l);
        }
        while (ls_row(&S, S.nscalars))
            S.nscalars++;
        field_scope_name(S.scope, S.name, sizeof S.name);
        patch_list_section(p, &S, field_scope_given(p->base, S.scope),
                           field_scope_given(p->s, S.scope));
    }
}
