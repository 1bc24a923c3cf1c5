/* yaml_patch.c: the format-preserving saver (DESIGN 1.3), see yaml_patch.h.
 *
 * The saver compares the scenario the text loads as (base) with the one to
 * save (s), field by field, and turns each difference into an edit of the
 * original bytes: replace a span, insert text at a line start, delete a
 * range of lines. The edits are applied in one pass in byte order. Inserted
 * lines are written by the same functions as a new file (scenario_yaml.h),
 * at the indentation the file already uses, with the file's line ending.
 *
 * Choices made here:
 * - A changed text keeps its quoting when the new value can be written
 *   that way: plain and 'single' styles are tried by parsing the candidate
 *   on its own with libyaml; otherwise it is "double-quoted" (always
 *   exact). A block scalar (`notes: |`, `>`) is rewritten as a block scalar
 *   of the same style with the chomping the new value needs, or
 *   double-quoted when the value cannot be a block scalar (control
 *   characters, a CR).
 * - An absent key is inserted after the present key that comes last before
 *   it in registry order (comment lines indented under that key stay with
 *   it); with none before it, before the mapping's first key. In a flow
 *   mapping `{nodes: 4}` the pair is added inside the braces.
 * - A missing section is written after the top-level key that precedes it
 *   in registry order, with a blank line before it, as a new file has.
 * - Workloads are matched old to new by the cheapest edit script (a changed
 *   workload costs the share of its keys that changed, an inserted or a
 *   removed one costs more than all its keys), so deleting the second of
 *   three workloads removes exactly its lines. Workloads and uncertainty
 *   inputs are both lists of mappings (ListKind); a key that goes while
 *   another comes (per_day for schedule) is rewritten in place. */
#include "config.h"

#include "yaml_patch.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "fields.h"
#include "hybrid.h"
#include "numfmt.h"
#include "scenario_yaml.h"

typedef struct Edit {
    size_t a, b; /* replace bytes [a, b) */
    size_t seq;  /* order of equal positions: the order they were added */
    char *text;
} Edit;

typedef struct Patch {
    const char *d;
    size_t len;
    size_t bom; /* bytes of a UTF-8 byte order mark */
    const YamlSpans *sp;
    const YamlNode *root;
    const Scenario *base, *s;
    Edit *edits;
    size_t nedits, cap;
    bool crlf;
    size_t indent; /* key indentation of a section in this file */
    bool failed;
    char why[200];
} Patch;

#define NONE YAML_SPANS_NONE

static void fail(Patch *p, const char *why)
{
    if (!p->failed)
        snprintf(p->why, sizeof p->why, "%s", why);
    p->failed = true;
}

static const YamlNode *node(const Patch *p, size_t i)
{
    return yaml_spans_node(p->sp, i);
}

/* ---- positions in the text ----------------------------------------------- */

static size_t line_start(const Patch *p, size_t pos)
{
    while (pos > p->bom && p->d[pos - 1] != '\n')
        pos--;
    return pos;
}

static size_t line_after(const Patch *p, size_t pos)
{
    while (pos < p->len && p->d[pos] != '\n')
        pos++;
    return pos < p->len ? pos + 1 : pos;
}

static size_t column(const Patch *p, size_t pos)
{
    return pos - line_start(p, pos);
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Where a block scalar's content ends: after the line break of its last
 * line that is not blank (the blank lines after it stay where they are). */
static size_t block_content_end(const Patch *p, const YamlNode *n)
{
    size_t q = n->end;
    while (q > n->start && is_space(p->d[q - 1]))
        q--;
    size_t e = line_after(p, q);
    return e < n->end ? e : n->end;
}

static bool is_block_scalar(const YamlNode *n)
{
    return n->kind == YN_SCALAR &&
           (n->style == YS_LITERAL || n->style == YS_FOLDED);
}

/* Where what was written for node n ends (before any trailing comment or
 * line break of a one-line value). */
static size_t tail(const Patch *p, const YamlNode *n)
{
    if (n->kind == YN_SCALAR)
        return is_block_scalar(n) ? block_content_end(p, n) : n->end;
    if (n->flow)
        return n->end;
    const YamlNode *last = node(p, n->last);
    return last ? tail(p, last) : n->start;
}

/* The line start after a value that ends at `t`, past the comment lines
 * indented deeper than `indent` that follow it (they belong to it). */
static size_t after_block(const Patch *p, size_t t, size_t indent)
{
    size_t q = t > p->bom && p->d[t - 1] == '\n' ? t : line_after(p, t);
    while (q < p->len) {
        size_t i = q;
        while (i < p->len && p->d[i] == ' ')
            i++;
        if (i < p->len && p->d[i] == '#' && i - q > indent)
            q = line_after(p, q);
        else
            break;
    }
    return q;
}

static bool in_flow(const Patch *p, const YamlNode *n)
{
    const YamlNode *parent = node(p, n->parent);
    return parent && parent->flow;
}

/* ---- edits ---------------------------------------------------------------- */

/* Replace [a, b) with text (lines end in "\n"; written with the file's line
 * ending). An insertion at the end of a text without a final line break
 * starts with one. */
static void add_edit(Patch *p, size_t a, size_t b, const char *text)
{
    StrBuf t = STRBUF_INIT;
    if (a == b && a == p->len && p->len > p->bom && p->d[p->len - 1] != '\n' &&
        text[0])
        sb_append(&t, p->crlf ? "\r\n" : "\n");
    for (const char *c = text; *c; c++) {
        if (*c == '\n' && p->crlf)
            sb_append(&t, "\r\n");
        else
            sb_append_n(&t, c, 1);
    }
    if (p->nedits == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 32;
        p->edits = xrealloc(p->edits, p->cap * sizeof p->edits[0]);
    }
    Edit *e = &p->edits[p->nedits];
    e->a = a;
    e->b = b;
    e->seq = p->nedits++;
    e->text = xstrdup(sb_str(&t));
    sb_free(&t);
}

static int edit_cmp(const void *x, const void *y)
{
    const Edit *a = x, *b = y;
    if (a->a != b->a)
        return a->a < b->a ? -1 : 1;
    bool ia = a->a == a->b, ib = b->a == b->b; /* insertions go first */
    if (ia != ib)
        return ia ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void apply_edits(Patch *p, StrBuf *out)
{
    if (p->nedits)
        qsort(p->edits, p->nedits, sizeof p->edits[0], edit_cmp);
    size_t at = 0;
    for (size_t i = 0; i < p->nedits; i++) {
        const Edit *e = &p->edits[i];
        if (e->a < at) {
            fail(p, "two edits would overlap");
            return;
        }
        sb_append_n(out, p->d + at, e->a - at);
        sb_append(out, e->text);
        at = e->b;
    }
    sb_append_n(out, p->d + at, p->len - at);
}

/* ---- rendering a changed value -------------------------------------------- */

/* True when the YAML text doc is one mapping of one key whose value reads
 * as exactly want[0..wlen). */
static bool reads_back(const char *doc, size_t len, const char *want,
                       size_t wlen)
{
    static const yaml_event_type_t shape[] = {
        YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT,
        YAML_MAPPING_START_EVENT, YAML_SCALAR_EVENT, YAML_SCALAR_EVENT,
        YAML_MAPPING_END_EVENT, YAML_DOCUMENT_END_EVENT,
        YAML_STREAM_END_EVENT};
    yaml_parser_t parser;
    yaml_event_t ev;
    if (!yaml_parser_initialize(&parser))
        xalloc_die();
    yaml_parser_set_input_string(&parser, (const unsigned char *)doc, len);
    bool ok = true;
    for (size_t i = 0; ok && i < sizeof shape / sizeof shape[0]; i++) {
        if (!yaml_parser_parse(&parser, &ev)) {
            ok = false;
            break;
        }
        ok = ev.type == shape[i];
        if (ok && i == 4)
            ok = ev.data.scalar.length == wlen &&
                 memcmp(ev.data.scalar.value, want, wlen) == 0;
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&parser);
    return ok;
}

/* Does `cand` written as the value of a key (inside braces when flow)
 * read back as value? */
static bool scalar_ok(const char *cand, bool flow, const char *value)
{
    StrBuf doc = STRBUF_INIT;
    sb_printf(&doc, flow ? "{k: %s}\n" : "k: %s\n", cand);
    bool ok = reads_back(doc.data, doc.len, value, strlen(value));
    sb_free(&doc);
    return ok;
}

/* value as a one-line scalar in `style` when it reads back, else
 * double-quoted. */
static void render_inline(YamlScalarStyle style, bool flow, const char *value,
                          StrBuf *out)
{
    StrBuf c = STRBUF_INIT;
    if (style == YS_PLAIN && value[0] && !strchr(value, '\n')) {
        sb_append(&c, value);
    } else if (style == YS_SINGLE && !strchr(value, '\n')) {
        sb_append(&c, "'");
        for (const char *v = value; *v; v++)
            sb_append_n(&c, *v == '\'' ? "''" : v, *v == '\'' ? 2 : 1);
        sb_append(&c, "'");
    }
    if (c.len && scalar_ok(sb_str(&c), flow, value))
        sb_append(out, sb_str(&c));
    else
        scenario_yaml_quote(out, value);
    sb_free(&c);
}

/* The content lines of a block scalar holding body (value without its
 * trailing line breaks), each indented by ind, for a literal or a folded
 * scalar. A folded scalar joins two lines with a space unless one of them
 * starts with a blank, so a line break between two such lines is written
 * as an extra empty line. */
static void block_lines(const char *body, size_t blen, bool folded,
                        size_t ind, StrBuf *out)
{
    const char *prev = NULL; /* the last non-empty line written */
    size_t i = 0;
    /* Leading line breaks: one empty line each. */
    while (i < blen && body[i] == '\n') {
        sb_append(out, "\n");
        i++;
    }
    while (i < blen) {
        size_t e = i;
        while (e < blen && body[e] != '\n')
            e++;
        sb_printf(out, "%*s", (int)ind, "");
        sb_append_n(out, body + i, e - i);
        sb_append(out, "\n");
        prev = body + i;
        if (e >= blen)
            break;
        /* k line breaks up to the next non-empty line */
        size_t k = 0;
        while (e < blen && body[e] == '\n') {
            e++;
            k++;
        }
        const char *nextl = body + e;
        bool both_normal = folded && prev[0] != ' ' && prev[0] != '\t' &&
                           nextl[0] != ' ' && nextl[0] != '\t';
        size_t empty = both_normal ? k : k - 1;
        for (size_t j = 0; j < empty; j++)
            sb_append(out, "\n");
        i = e;
    }
}

/* Rewrite block scalar v (the value of key k) to hold value, in its own
 * style. False when value cannot be a block scalar there. */
static bool replace_block(Patch *p, const YamlNode *k, const YamlNode *v,
                          const char *value)
{
    bool folded = v->style == YS_FOLDED;
    size_t hdr_end = v->start + 1, digit = 0;
    bool old_keep = false;
    while (hdr_end < p->len && p->d[hdr_end] &&
           strchr("0123456789+-", p->d[hdr_end])) {
        if (p->d[hdr_end] >= '1' && p->d[hdr_end] <= '9')
            digit = (size_t)(p->d[hdr_end] - '0');
        if (p->d[hdr_end] == '+')
            old_keep = true;
        hdr_end++;
    }
    for (const unsigned char *c = (const unsigned char *)value; *c; c++)
        if ((*c < 0x20 && *c != '\n' && *c != '\t') || *c == 0x7F)
            return false;
    size_t key_col = column(p, k->start);
    size_t content_start = line_after(p, v->start);
    size_t content_end = block_content_end(p, v);
    if (content_start > content_end)
        content_start = content_end;
    size_t ind = key_col + 2;
    if (digit) {
        ind = key_col + digit;
    } else {
        for (size_t q = content_start; q < content_end; q = line_after(p, q)) {
            size_t i = q;
            while (i < content_end && p->d[i] == ' ')
                i++;
            if (i < content_end && p->d[i] != '\n' && p->d[i] != '\r') {
                ind = i - q;
                break;
            }
        }
    }
    if (ind <= key_col)
        ind = key_col + 2;

    size_t vlen = strlen(value), blen = vlen;
    while (blen > 0 && value[blen - 1] == '\n')
        blen--;
    size_t trailing = vlen - blen;
    if (blen == 0 && trailing > 0)
        return false; /* only line breaks: keep it simple, quote it */
    StrBuf hdr = STRBUF_INIT, body = STRBUF_INIT;
    sb_append(&hdr, folded ? ">" : "|");
    size_t first = 0;
    while (first < blen && value[first] == '\n')
        first++;
    if (first < blen && value[first] == ' ') {
        if (ind - key_col > 9) {
            sb_free(&hdr);
            return false;
        }
        sb_printf(&hdr, "%zu", ind - key_col);
    }
    sb_append(&hdr, trailing == 0 ? "-" : trailing == 1 ? "" : "+");
    block_lines(value, blen, folded, ind, &body);
    for (size_t j = 1; j < trailing; j++)
        sb_append(&body, "\n");

    /* Check the rewrite on its own before using it. */
    StrBuf doc = STRBUF_INIT;
    sb_printf(&doc, "%*sk: %s\n%s", (int)key_col, "", sb_str(&hdr),
              sb_str(&body));
    bool ok = reads_back(doc.data, doc.len, value, vlen);
    sb_free(&doc);
    if (ok) {
        add_edit(p, v->start, hdr_end, sb_str(&hdr));
        bool keep = trailing > 1 || old_keep;
        add_edit(p, content_start, keep ? v->end : content_end, sb_str(&body));
    }
    sb_free(&hdr);
    sb_free(&body);
    return ok;
}

/* Rewrite scalar v (the value of key k) to hold `value`: as a number or a
 * word when `text` is false (always plain), else as text in v's style. */
static void replace_scalar(Patch *p, const YamlNode *k, const YamlNode *v,
                           const char *value, bool text)
{
    if (v->kind != YN_SCALAR) {
        fail(p, "a value is not a single value");
        return;
    }
    if (!text) {
        add_edit(p, v->start, v->end, value);
        return;
    }
    if (!is_block_scalar(v)) {
        StrBuf r = STRBUF_INIT;
        render_inline(v->style, in_flow(p, v), value, &r);
        add_edit(p, v->start, v->end, sb_str(&r));
        sb_free(&r);
        return;
    }
    if (replace_block(p, k, v, value))
        return;
    /* Not possible as a block scalar: double-quoted in its place, ending
     * its line as the block's content did. */
    size_t e = block_content_end(p, v);
    StrBuf r = STRBUF_INIT;
    scenario_yaml_quote(&r, value);
    if (p->d[e - 1] == '\n')
        sb_append(&r, "\n");
    add_edit(p, v->start, e, sb_str(&r));
    sb_free(&r);
}

/* ---- field values ----------------------------------------------------------- */

static bool same_value(const Field *f, const Scenario *a, const Scenario *b)
{
    if (f->type == FT_TEXT)
        return strcmp(field_get_text(f, a), field_get_text(f, b)) == 0;
    double x = field_get_num(f, a), y = field_get_num(f, b);
    return memcmp(&x, &y, sizeof x) == 0;
}

/* f's value in s as written in a file: text unquoted, numbers and words
 * in their shortest exact form. */
static void value_text(const Field *f, const Scenario *s, StrBuf *out)
{
    if (f->type == FT_TEXT) {
        sb_append(out, field_get_text(f, s));
    } else {
        char num[128];
        field_format(f, s, num, sizeof num);
        sb_append(out, num);
    }
}

/* Rewrite the value of f found at (k, v). */
static void replace_field(Patch *p, const Field *f, const YamlNode *k,
                          const YamlNode *v)
{
    StrBuf t = STRBUF_INIT;
    value_text(f, p->s, &t);
    replace_scalar(p, k, v, sb_str(&t),
                   f->type == FT_TEXT || f->type == FT_CHOICE);
    sb_free(&t);
}

/* "key: value" for a flow mapping: text double-quoted. */
static void flow_pair(const Field *f, const Scenario *s, const char *leaf,
                      StrBuf *out)
{
    sb_printf(out, "%s: ", leaf);
    if (f->type == FT_TEXT) {
        scenario_yaml_quote(out, field_get_text(f, s));
    } else {
        char num[128];
        field_format(f, s, num, sizeof num);
        sb_append(out, num);
    }
}

/* ---- inserting into a mapping ------------------------------------------------ */

typedef size_t (*RankFn)(const char *key, const void *ctx);

/* The indentation of map's keys, as spaces. */
static size_t map_indent(const Patch *p, const YamlNode *map)
{
    const YamlNode *k = node(p, map->first);
    return k ? column(p, k->start) : p->indent;
}

/* Insert into mapping `map` a pair whose rank is `rank` (keys ranked by
 * rank_fn): `line` (one or more whole lines, already indented) in a block
 * mapping, `pair` ("key: value") in a flow one. */
static void map_insert(Patch *p, const YamlNode *map, size_t rank,
                       RankFn rank_fn, const void *ctx, const char *line,
                       const char *pair)
{
    if (map->flow) {
        const YamlNode *lastv = node(p, map->last);
        StrBuf t = STRBUF_INIT;
        if (lastv) {
            sb_printf(&t, ", %s", pair);
            add_edit(p, tail(p, lastv), tail(p, lastv), sb_str(&t));
        } else {
            add_edit(p, map->start + 1, map->start + 1, pair);
        }
        sb_free(&t);
        return;
    }
    size_t indent = map_indent(p, map);
    const YamlNode *best = NULL, *first = node(p, map->first), *lastv = NULL;
    size_t best_rank = 0;
    for (const YamlNode *k = first; k; k = node(p, node(p, k->next)->next)) {
        const YamlNode *v = node(p, k->next);
        lastv = v;
        size_t r = rank_fn(yaml_spans_text(p->sp, k), ctx);
        if (r < rank && (!best || r >= best_rank)) {
            best = v;
            best_rank = r;
        }
        if (!node(p, v->next))
            break;
    }
    size_t pos;
    if (best) {
        pos = after_block(p, tail(p, best), indent);
    } else if (first && line_start(p, first->start) + indent == first->start) {
        pos = line_start(p, first->start);
    } else if (lastv) {
        pos = after_block(p, tail(p, lastv), indent);
    } else {
        fail(p, "an empty block mapping");
        return;
    }
    add_edit(p, pos, pos, line);
}

/* ---- the registry's fields --------------------------------------------------- */

/* Rank of a top-level key in registry order: gpuplan first, then the
 * fields and sections in table order, the optional ones last (the
 * order a new file has); unknown keys rank last (the loader refuses
 * them). */
static size_t top_rank(const char *key, const void *ctx)
{
    (void)ctx;
    if (strcmp(key, "gpuplan") == 0)
        return 0;
    char sec[32];
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        field_section(f, sec, sizeof sec);
        if (sec[0] ? strcmp(sec, key) == 0 : strcmp(f->key, key) == 0)
            return i + 1;
    }
    return field_count + 1;
}

/* Rank of a key inside section `ctx` (a section name). */
static size_t section_rank(const char *key, const void *ctx)
{
    char path[160];
    snprintf(path, sizeof path, "%s.%s", (const char *)ctx, key);
    const Field *f = field_find(path);
    return f ? (size_t)(f - field_table) : field_count;
}

/* Insert whole lines at the top level, in registry order at `rank`. */
static void top_insert(Patch *p, size_t rank, const char *lines)
{
    map_insert(p, p->root, rank, top_rank, NULL, lines, "");
}

/* The fields of one section (or of the top level: sec = ""), fields
 * [i0, i1) of the table. */
static void patch_section(Patch *p, const char *sec, size_t i0, size_t i1)
{
    char ind[64];
    if (!sec[0]) {
        for (size_t i = i0; i < i1; i++) {
            const Field *f = &field_table[i];
            if (same_value(f, p->base, p->s))
                continue;
            const YamlNode *k, *v = yaml_spans_get(p->sp, p->root, f->key, &k);
            if (v) {
                replace_field(p, f, k, v);
            } else {
                StrBuf line = STRBUF_INIT;
                scenario_yaml_field_line(&line, f, p->s, "", f->key);
                top_insert(p, i + 1, sb_str(&line));
                sb_free(&line);
            }
        }
        return;
    }
    const YamlNode *seck, *secv = yaml_spans_get(p->sp, p->root, sec, &seck);
    size_t slen = strlen(sec) + 1;
    if (secv && secv->kind == YN_MAP) {
        size_t indent = map_indent(p, secv);
        snprintf(ind, sizeof ind, "%*s", (int)(indent < 60 ? indent : 60), "");
        for (size_t i = i0; i < i1; i++) {
            const Field *f = &field_table[i];
            if (same_value(f, p->base, p->s))
                continue;
            const YamlNode *k, *v = yaml_spans_get(p->sp, secv, f->key + slen, &k);
            if (v) {
                replace_field(p, f, k, v);
                continue;
            }
            StrBuf line = STRBUF_INIT, pair = STRBUF_INIT;
            scenario_yaml_field_line(&line, f, p->s, ind, f->key + slen);
            flow_pair(f, p->s, f->key + slen, &pair);
            map_insert(p, secv, i, section_rank, sec, sb_str(&line),
                       sb_str(&pair));
            sb_free(&line);
            sb_free(&pair);
        }
        return;
    }
    /* The section is missing or empty (`opportunity:` with nothing under
     * it): write the changed fields as its lines. */
    snprintf(ind, sizeof ind, "%*s", (int)(p->indent < 60 ? p->indent : 60), "");
    StrBuf lines = STRBUF_INIT;
    for (size_t i = i0; i < i1; i++) {
        const Field *f = &field_table[i];
        if (!same_value(f, p->base, p->s))
            scenario_yaml_field_line(&lines, f, p->s, ind, f->key + slen);
    }
    if (lines.len == 0) {
        sb_free(&lines);
        return;
    }
    if (secv && secv->kind == YN_SCALAR && !secv->flow) {
        if (secv->end > secv->start) /* `~` or `null`: drop it */
            add_edit(p, seck->end, secv->end, ":");
        size_t pos = line_after(p, seck->end);
        add_edit(p, pos, pos, sb_str(&lines));
    } else if (secv) {
        fail(p, "a section is not a mapping");
    } else {
        StrBuf t = STRBUF_INIT;
        sb_printf(&t, "\n%s:\n%s", sec, sb_str(&lines));
        top_insert(p, i0 + 1, sb_str(&t));
        sb_free(&t);
    }
    sb_free(&lines);
}

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
    value_text(field_ref(&r), s, out);
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
    const YamlNode *nextk = node(p, v->next);
    if (!m->flow && line_start(p, kn->start) + map_indent(p, m) == kn->start) {
        add_edit(p, line_start(p, kn->start),
                 after_block(p, tail(p, v), map_indent(p, m)), "");
    } else if (nextk) {
        add_edit(p, kn->start, nextk->start, ""); /* the next key moves up */
    } else if (m->flow && m->first != NONE && node(p, m->first) != kn) {
        const YamlNode *prevv = NULL;
        for (const YamlNode *k = node(p, m->first); k && k != kn;
             k = node(p, node(p, k->next)->next))
            prevv = node(p, k->next);
        add_edit(p, prevv ? tail(p, prevv) : kn->start, v->end, "");
    } else {
        fail(p, "a key to remove is the only one of its item");
    }
}

/* Old item i (mapping m) now holds new item j: edit its keys. A key that
 * goes and another that comes (schedule and per_day) trade places. */
static void patch_item(Patch *p, const ListKind *L, const YamlNode *m, size_t i,
                       size_t j)
{
    if (m->kind != YN_MAP) {
        fail(p, "a list item is not a mapping");
        return;
    }
    size_t indent = map_indent(p, m);
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
                replace_scalar(p, kn, v, sb_str(&b), kb != VK_NUM);
            } else { /* left out at its default, now another value */
                StrBuf line = STRBUF_INIT, pair = STRBUF_INIT;
                lk_line(L, &line, p->s, j, k, ind);
                list_pair(L, p->s, j, k, &pair);
                map_insert(p, m, (size_t)k, list_rank, L, sb_str(&line),
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
        add_edit(p, kn->start, v->end, sb_str(&pair));
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
        map_insert(p, m, (size_t)came[c], list_rank, L, sb_str(&line),
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

static bool blank_line(const Patch *p, size_t q)
{
    while (q < p->len && (p->d[q] == ' ' || p->d[q] == '\t' || p->d[q] == '\r'))
        q++;
    return q < p->len && p->d[q] == '\n';
}

/* A comment line indented at least min_col. */
static bool comment_line(const Patch *p, size_t q, size_t min_col)
{
    size_t i = q;
    while (i < p->len && p->d[i] == ' ')
        i++;
    return i < p->len && p->d[i] == '#' && i - q >= min_col;
}

/* The lines to remove with block list item `it`: its own, the comment
 * lines right above its dash (indented as far as the dash) and under it;
 * then the blank lines after it when another item follows, or those
 * before it when it was the last (and the one before stays). */
static void item_lines(const Patch *p, const YamlNode *it, size_t dash_col,
                       bool more, bool take_before, size_t *a, size_t *e)
{
    size_t s = line_start(p, item_dash(p, it));
    while (s > p->bom && comment_line(p, line_start(p, s - 1), dash_col))
        s = line_start(p, s - 1);
    size_t end = after_block(p, tail(p, it), dash_col);
    if (more) {
        while (end < p->len && blank_line(p, end))
            end = line_after(p, end);
    } else if (take_before) {
        while (s > p->bom && blank_line(p, line_start(p, s - 1)))
            s = line_start(p, s - 1);
    }
    *a = s;
    *e = end;
}

#define LIST_MAX 64 /* the longest list: UNC_MAX_INPUTS; workloads: 32 */

/* The list `seq` (the value of key lk): align old and new items by the
 * cheapest edit script, then edit, insert and remove items. */
static void patch_list(Patch *p, const ListKind *L, const YamlNode *lk,
                       const YamlNode *seq)
{
    size_t n = lk_count(L, p->base), m = lk_count(L, p->s);
    if (seq->kind == YN_SCALAR && n == 0 && m == 0)
        return;
    if (seq->kind != YN_SEQ || seq->count != n || n > LIST_MAX || m > LIST_MAX) {
        fail(p, "a list is not as it was loaded");
        return;
    }
    const YamlNode *items[LIST_MAX];
    size_t c = 0;
    for (const YamlNode *it = node(p, seq->first); it && c < n;
         it = node(p, it->next))
        items[c++] = it;
    const YamlNode *first = n ? items[0] : NULL;
    size_t dash = first && !seq->flow ? item_dash(p, first) : seq->start;
    size_t dash_col = column(p, dash);
    size_t key_col = first && first->kind == YN_MAP && !first->flow
                         ? column(p, first->start)
                         : dash_col + 2;
    if (m == 0) {
        /* Nothing left: an empty list, in flow style. */
        if (n)
            add_edit(p, lk->end,
                     seq->flow ? seq->end
                               : after_block(p, tail(p, seq), dash_col),
                     seq->flow ? ": []" : ": []\n");
        return;
    }
    /* cost[i][j]: the cheapest script for old[i..] -> new[j..]; a changed
     * item costs the keys that changed, an inserted or removed one more
     * than all its keys. */
    unsigned ONE = (unsigned)L->nkeys + 1;
    static unsigned cost[LIST_MAX + 1][LIST_MAX + 1];
    static unsigned diff[LIST_MAX][LIST_MAX];
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < m; j++)
            diff[i][j] = list_diff(p, L, i, j);
    for (size_t i = n + 1; i-- > 0;)
        for (size_t j = m + 1; j-- > 0;) {
            if (i == n || j == m) {
                cost[i][j] = (unsigned)((n - i) + (m - j)) * ONE;
                continue;
            }
            unsigned best = diff[i][j] + cost[i + 1][j + 1];
            if (ONE + cost[i + 1][j] < best)
                best = ONE + cost[i + 1][j];
            if (ONE + cost[i][j + 1] < best)
                best = ONE + cost[i][j + 1];
            cost[i][j] = best;
        }
    char first_ind[80], rest_ind[64];
    size_t gap = key_col > dash_col + 1 ? key_col - dash_col - 1 : 1;
    snprintf(first_ind, sizeof first_ind, "%*s-%*s", (int)(dash_col < 60 ? dash_col : 60),
             "", (int)(gap < 9 ? gap : 9), "");
    snprintf(rest_ind, sizeof rest_ind, "%*s", (int)(key_col < 60 ? key_col : 60),
             "");
    const YamlNode *anchor = NULL; /* the last old item passed */
    size_t anchor_end = 0;         /* where the text after it starts */
    bool flow_inserted = false, prev_deleted = false;
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && cost[i][j] == diff[i][j] + cost[i + 1][j + 1]) {
            patch_item(p, L, items[i], i, j);
            anchor = items[i];
            anchor_end = after_block(p, tail(p, items[i]), dash_col);
            i++;
            j++;
            prev_deleted = false;
        } else if (i < n && (j == m || cost[i][j] == ONE + cost[i + 1][j])) {
            const YamlNode *it = items[i];
            if (!seq->flow) {
                size_t a, e;
                item_lines(p, it, dash_col, i + 1 < n, !prev_deleted, &a, &e);
                add_edit(p, a, e, "");
                anchor_end = e;
            } else if (i + 1 < n) {
                add_edit(p, it->start, items[i + 1]->start, "");
            } else if (i > 0) {
                add_edit(p, tail(p, items[i - 1]), it->end, "");
            } else {
                add_edit(p, it->start, it->end, "");
            }
            anchor = it;
            i++;
            prev_deleted = true;
        } else {
            StrBuf t = STRBUF_INIT;
            if (!seq->flow) {
                lk_block(L, &t, p->s, j, first_ind, rest_ind);
                size_t pos = anchor ? anchor_end : line_start(p, dash);
                add_edit(p, pos, pos, sb_str(&t));
            } else {
                StrBuf w = STRBUF_INIT;
                list_flow(L, p->s, j, &w);
                if (anchor || flow_inserted) {
                    sb_printf(&t, ", %s", sb_str(&w));
                    size_t pos = anchor ? anchor->end : seq->start + 1;
                    add_edit(p, pos, pos, sb_str(&t));
                } else {
                    sb_printf(&t, "%s%s", sb_str(&w), n ? ", " : "");
                    size_t pos = n ? items[0]->start : seq->start + 1;
                    add_edit(p, pos, pos, sb_str(&t));
                }
                flow_inserted = true;
                sb_free(&w);
            }
            sb_free(&t);
            j++;
            prev_deleted = false;
        }
    }
}

/* ---- the hybrid plan and the uncertainty section ----------------------- */

/* An optional section with scalars and a list (DESIGN 6, 2.8), between the
 * scenario as loaded (has_b) and as saved (has_s): added whole, removed
 * whole, or its scalars and its list edited. Its rows are the registry's
 * of one scope: the scalars, then the list's. */
typedef struct ListSection {
    char name[32];    /* "hybrid" */
    FieldScope scope;
    size_t rank;      /* top-level rank */
    int nscalars;     /* ls_key(nscalars) is the list */
    const ListKind *list;
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

/* The section's keys: its scalars, then the list. */
static const char *ls_key(const ListSection *S, int k)
{
    const Field *f = k < S->nscalars ? ls_row(S, k) : NULL;
    return f ? field_leaf(f) : strrchr(S->list->l->key, '.') + 1;
}

static size_t section_key_rank(const char *key, const void *ctx)
{
    const ListSection *S = ctx;
    for (int k = 0; k <= S->nscalars; k++)
        if (strcmp(ls_key(S, k), key) == 0)
            return (size_t)k;
    return (size_t)S->nscalars + 1;
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
        top_insert(p, S->rank, sb_str(&t));
        sb_free(&t);
        return;
    }
    if (!hk) {
        fail(p, "a section is not where it was loaded");
        return;
    }
    if (!has_s) {
        size_t a = line_start(p, hk->start);
        size_t e = after_block(p, hv ? tail(p, hv) : hk->end, column(p, hk->start));
        /* with the blank line that a new file puts before it */
        if (a > p->bom && blank_line(p, line_start(p, a - 1)))
            a = line_start(p, a - 1);
        add_edit(p, a, e, "");
        return;
    }
    if (!hv || hv->kind != YN_MAP || hv->first == NONE) {
        fail(p, "a section is empty or not a mapping (it is written whole)");
        return;
    }
    size_t indent = map_indent(p, hv);
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
            if (!same_value(&f, b, s))
                replace_field(p, &f, kn, v);
        } else if (!same_value(&f, imp, s)) {
            StrBuf line = STRBUF_INIT, pair = STRBUF_INIT;
            scenario_yaml_field_line(&line, &f, s, ind, ls_key(S, k));
            flow_pair(&f, s, ls_key(S, k), &pair);
            map_insert(p, hv, (size_t)k, section_key_rank, S, sb_str(&line),
                       sb_str(&pair));
            sb_free(&line);
            sb_free(&pair);
        }
    }
    free(imp);
    const char *lname = ls_key(S, S->nscalars);
    const YamlNode *lk, *lv = yaml_spans_get(p->sp, hv, lname, &lk);
    if (lv) {
        patch_list(p, S->list, lk, lv);
        return;
    }
    size_t m = lk_count(S->list, s);
    if (m == 0)
        return;
    /* The list was left out (no items): write it with its items. */
    StrBuf t = STRBUF_INIT, first = STRBUF_INIT, rest = STRBUF_INIT;
    sb_printf(&first, "%s  - ", ind);
    sb_printf(&rest, "%s    ", ind);
    sb_printf(&t, "%s%s:\n", ind, lname);
    for (size_t j = 0; j < m; j++)
        lk_block(S->list, &t, s, j, sb_str(&first), sb_str(&rest));
    StrBuf pair = STRBUF_INIT;
    sb_printf(&pair, "%s: [", lname);
    for (size_t j = 0; j < m; j++) {
        if (j)
            sb_append(&pair, ", ");
        list_flow(S->list, s, j, &pair);
    }
    sb_append(&pair, "]");
    map_insert(p, hv, (size_t)S->nscalars, section_key_rank, S, sb_str(&t),
               sb_str(&pair));
    sb_free(&t);
    sb_free(&first);
    sb_free(&rest);
    sb_free(&pair);
}

/* The optional sections of the registry, after every scenario field as
 * a new file writes them. */
static void patch_lists(Patch *p)
{
    static const FieldScope scopes[] = {FS_HYBRID, FS_UNCERTAINTY};
    for (size_t k = 0; k < sizeof scopes / sizeof scopes[0] && !p->failed; k++) {
        ListSection S = {.scope = scopes[k]};
        const FieldList *l = NULL;
        for (size_t i = 0; i < field_count; i++)
            if (field_table[i].scope == S.scope) {
                if (!S.rank)
                    S.rank = i + 1;
                if (field_table[i].list && !l)
                    l = field_table[i].list;
            }
        ListKind L = list_kind(l);
        S.list = &L;
        while (ls_row(&S, S.nscalars))
            S.nscalars++;
        field_scope_name(S.scope, S.name, sizeof S.name);
        patch_list_section(p, &S, field_scope_given(p->base, S.scope),
                           field_scope_given(p->s, S.scope));
    }
}

/* ---- the schema line (DESIGN 1.4) ------------------------------------------ */

int yaml_patch_version_needed(const Scenario *s, int at_least)
{
    Scenario *def = xmalloc(sizeof *def);
    scenario_default(def);
    int v = at_least;
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (field_version(f) <= v)
            continue;
        bool used = false;
        if (f->scope == FS_SCENARIO) {
            used = !same_value(f, def, s);
        } else if (field_in_scope(f, s)) {
            /* The plan's version-2 keys are written only when given or
             * off their default (field_saved). */
            size_t n = f->list ? field_list_count(f->list, s) : 1;
            for (size_t k = 0; k < n && !used; k++)
                used = field_saved(f, s, k);
        }
        if (used)
            v = field_version(f);
    }
    free(def);
    return v;
}

static void patch_version(Patch *p)
{
    const YamlNode *k, *v = yaml_spans_get(p->sp, p->root, "gpuplan", &k);
    double have = 0;
    if (!v || v->kind != YN_SCALAR ||
        num_parse(yaml_spans_text(p->sp, v), &have) != 0) {
        fail(p, "the schema line is not where it was");
        return;
    }
    int need = yaml_patch_version_needed(p->s, (int)have);
    if (need > (int)have) {
        char t[16];
        snprintf(t, sizeof t, "%d", need);
        add_edit(p, v->start, v->end, t);
    }
}

/* ---- the whole ------------------------------------------------------------------ */

int yaml_patch_render(const YamlPatchDoc *doc, const Scenario *s,
                      StrBuf *out, char *why, size_t n)
{
    Patch p;
    memset(&p, 0, sizeof p);
    p.d = doc->data;
    p.len = doc->len;
    p.sp = doc->spans;
    p.base = doc->base;
    p.s = s;
    p.bom = p.len >= 3 && memcmp(p.d, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    const char *nl = memchr(p.d, '\n', p.len);
    p.crlf = nl && nl > p.d && nl[-1] == '\r';
    p.root = node(&p, p.sp->root);
    if (p.sp->unusable)
        fail(&p, "the file is UTF-16 text; it is saved as UTF-8");
    else if (!p.root || p.root->kind != YN_MAP || p.root->flow)
        fail(&p, "the file is one flow mapping {...}, which is not edited "
                 "in place");
    if (!p.failed) {
        /* A section's indentation: the first block section's, else 2. */
        p.indent = 2;
        for (size_t k = p.root->first; k != NONE;) {
            const YamlNode *v = node(&p, node(&p, k)->next);
            if (!v)
                break;
            if (v->kind == YN_MAP && !v->flow && node(&p, v->first)) {
                p.indent = map_indent(&p, v);
                break;
            }
            k = v->next;
        }
        patch_version(&p);
        char sec[32], cur[32];
        for (size_t i = 0; i < field_count && !p.failed;) {
            field_section(&field_table[i], cur, sizeof cur);
            size_t j = i + 1;
            while (j < field_count &&
                   strcmp(field_section(&field_table[j], sec, sizeof sec), cur) == 0)
                j++;
            /* the hybrid plan's rows, which exist only with the section,
             * are edited with the section (patch_lists) */
            if (field_table[i].scope == FS_SCENARIO)
                patch_section(&p, cur, i, j);
            i = j;
        }
        if (!p.failed)
            patch_lists(&p);
    }
    if (!p.failed) {
        StrBuf t = STRBUF_INIT;
        apply_edits(&p, &t);
        if (!p.failed)
            sb_append_n(out, t.data ? t.data : "", t.len);
        sb_free(&t);
    }
    for (size_t i = 0; i < p.nedits; i++)
        free(p.edits[i].text);
    free(p.edits);
    if (p.failed) {
        snprintf(why, n, "%s", p.why);
        return -1;
    }
    return 0;
}
