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

/* Does `cand` written as the value of a key (inside braces when flow)
 * read back as value? */
static bool scalar_ok(const char *cand, bool flow, const char *value)
{
    StrBuf doc = STRBUF_INIT;
    sb_printf(&doc, flow ? "{k: %s}\n" : "k: %s\n", cand);
    bool ok = scenario_yaml_reads_back(doc.data, doc.len, value, strlen(value));
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

/* Rewrite block scalar v (the value of key k) to hold value, in its own
 * style, at the indentation its lines have. False when value cannot be a
 * block scalar there. */
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
    StrBuf hdr = STRBUF_INIT, body = STRBUF_INIT;
    bool ok = scenario_yaml_block(value, folded, key_col, ind, &hdr, &body);
    if (ok) {
        size_t vlen = strlen(value), trailing = 0;
        while (trailing < vlen && value[vlen - 1 - trailing] == '\n')
            trailing++;
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

bool yp_blank_line(const Patch *p, size_t q)
{
    while (q < p->len && (p->d[q] == ' ' || p->d[q] == '\t' || p->d[q] == '\r'))
        q++;
    return q < p->len && p->d[q] == '\n';
}

bool yp_comment_line(const Patch *p, size_t q, size_t min_col)
{
    size_t i = q;
    while (i < p->len && p->d[i] == ' ')
        i++;
    return i < p->len && p->d[i] == '#' && i - q >= min_col;
}
