/* yaml_patch_text.c: positions in the text, the edit list, and rewriting
 * one value in the user's quoting style (DESIGN 1.3; see yaml_patch.c for
 * the choices made). */
#include "config.h"

#include "yaml_patch_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "scenario_yaml.h"
#include "utf8.h"

void yp_fail(Patch *p, const char *why)
{
    if (!p->failed)
        snprintf(p->why, sizeof p->why, "%s", why);
    p->failed = true;
}

const YamlNode *yp_node(const Patch *p, size_t i)
{
    return yaml_spans_node(p->sp, i);
}

/* ---- positions in the text ----------------------------------------------- */

size_t yp_line_start(const Patch *p, size_t pos)
{
    while (pos > p->bom && p->d[pos - 1] != '\n')
        pos--;
    return pos;
}

size_t yp_line_after(const Patch *p, size_t pos)
{
    while (pos < p->len && p->d[pos] != '\n')
        pos++;
    return pos < p->len ? pos + 1 : pos;
}

size_t yp_column(const Patch *p, size_t pos)
{
    return pos - yp_line_start(p, pos);
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
    size_t e = yp_line_after(p, q);
    return e < n->end ? e : n->end;
}

static bool is_block_scalar(const YamlNode *n)
{
    return n->kind == YN_SCALAR &&
           (n->style == YS_LITERAL || n->style == YS_FOLDED);
}

/* Where what was written for node n ends (before any trailing comment or
 * line break of a one-line value). */
size_t yp_tail(const Patch *p, const YamlNode *n)
{
    if (n->kind == YN_SCALAR)
        return is_block_scalar(n) ? block_content_end(p, n) : n->end;
    if (n->flow)
        return n->end;
    const YamlNode *last = yp_node(p, n->last);
    return last ? yp_tail(p, last) : n->start;
}

/* The line start after a value that ends at `t`, past the comment lines
 * indented deeper than `indent` that follow it (they belong to it). */
size_t yp_after_block(const Patch *p, size_t t, size_t indent)
{
    size_t q = t > p->bom && p->d[t - 1] == '\n' ? t : yp_line_after(p, t);
    while (q < p->len) {
        size_t i = q;
        while (i < p->len && p->d[i] == ' ')
            i++;
        if (i < p->len && p->d[i] == '#' && i - q > indent)
            q = yp_line_after(p, q);
        else
            break;
    }
    return q;
}

static bool in_flow(const Patch *p, const YamlNode *n)
{
    const YamlNode *parent = yp_node(p, n->parent);
    return parent && parent->flow;
}

/* ---- edits ---------------------------------------------------------------- */

/* Replace [a, b) with text (lines end in "\n"; written with the file's line
 * ending). An insertion at the end of a text without a final line break
 * starts with one. */
void yp_add_edit(Patch *p, size_t a, size_t b, const char *text)
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

void yp_apply_edits(Patch *p, StrBuf *out)
{
    if (p->nedits)
        qsort(p->edits, p->nedits, sizeof p->edits[0], edit_cmp);
    size_t at = 0;
    for (size_t i = 0; i < p->nedits; i++) {
        const Edit *e = &p->edits[i];
        if (e->a < at) {
            yp_fail(p, "two edits would overlap");
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
    size_t key_col = yp_column(p, k->start);
    size_t content_start = yp_line_after(p, v->start);
    size_t content_end = block_content_end(p, v);
    if (content_start > content_end)
        content_start = content_end;
    size_t ind = key_col + 2;
    if (digit) {
        ind = key_col + digit;
    } else {
        for (size_t q = content_start; q < content_end; q = yp_line_after(p, q)) {
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
        yp_add_edit(p, v->start, hdr_end, sb_str(&hdr));
        bool keep = trailing > 1 || old_keep;
        yp_add_edit(p, content_start, keep ? v->end : content_end, sb_str(&body));
    }
    sb_free(&hdr);
    sb_free(&body);
    return ok;
}

/* Replace the one-line value [a, b) with text, keeping the column of a
 * comment that follows it on its line: the blanks before the `#` grow or
 * shrink by the change in the value's width on screen, and at least one
 * stays (so a longer value pushes the comment right only as far as it
 * must). Tabs before the comment, or a value that spans lines, are left
 * as they are. */
static void edit_keep_comment(Patch *p, size_t a, size_t b, const char *text)
{
    size_t q = b;
    while (q < p->len && p->d[q] == ' ')
        q++;
    if (q == b || q >= p->len || p->d[q] != '#' || strchr(text, '\n') ||
        memchr(p->d + a, '\n', b - a)) {
        yp_add_edit(p, a, b, text);
        return;
    }
    long blanks = (long)(q - b) + utf8_width_n(p->d + a, b - a) - utf8_width(text);
    if (blanks < 1)
        blanks = 1;
    StrBuf t = STRBUF_INIT;
    sb_printf(&t, "%s%*s", text, (int)blanks, "");
    yp_add_edit(p, a, q, sb_str(&t));
    sb_free(&t);
}

/* Rewrite scalar v (the value of key k) to hold `value`: as a number or a
 * word when `text` is false (always plain), else as text in v's style. */
void yp_replace_scalar(Patch *p, const YamlNode *k, const YamlNode *v,
                           const char *value, bool text)
{
    if (v->kind != YN_SCALAR) {
        yp_fail(p, "a value is not a single value");
        return;
    }
    if (!text) {
        edit_keep_comment(p, v->start, v->end, value);
        return;
    }
    if (!is_block_scalar(v)) {
        StrBuf r = STRBUF_INIT;
        render_inline(v->style, in_flow(p, v), value, &r);
        edit_keep_comment(p, v->start, v->end, sb_str(&r));
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
    yp_add_edit(p, v->start, e, sb_str(&r));
    sb_free(&r);
}
