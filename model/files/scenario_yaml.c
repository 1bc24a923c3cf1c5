/* scenario_yaml.c: the YAML scenario writer (DESIGN 1.3), see
 * scenario_yaml.h: a new file whole, every field in registry order with a
 * one-line comment, and the pieces the format-preserving saver
 * (yaml_patch*.c) inserts, written exactly as a new file writes them. */
#include "config.h"

#include "scenario_yaml.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "numfmt.h"
#include "scenario_file.h"
#include "utf8.h"

/* Append text as a YAML double-quoted scalar that reads back byte for
 * byte: quotes, backslashes and line breaks escaped, control characters and
 * the code points YAML treats as line breaks or forbids (C1 controls, U+2028,
 * U+2029, U+FEFF, U+FFFE, U+FFFF) as \xNN or \uNNNN. Bytes that are not
 * UTF-8 (the loader never lets them in) are written as \xNN. */
void scenario_yaml_quote(StrBuf *b, const char *text)
{
    const char *p = text;
    sb_append(b, "\"");
    while (*p) {
        uint32_t cp;
        size_t n = utf8_decode(p, strlen(p), &cp);
        if (n == 0) {
            sb_printf(b, "\\x%02X", (unsigned char)*p);
            p++;
            continue;
        }
        switch (cp) {
        case '"': sb_append(b, "\\\""); break;
        case '\\': sb_append(b, "\\\\"); break;
        case '\n': sb_append(b, "\\n"); break;
        case '\t': sb_append(b, "\\t"); break;
        default:
            if (cp < 0x20 || cp == 0x7F)
                sb_printf(b, "\\x%02X", (unsigned)cp);
            else if ((cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 ||
                     cp == 0x2029 || cp == 0xFEFF || cp == 0xFFFE ||
                     cp == 0xFFFF)
                sb_printf(b, "\\u%04X", (unsigned)cp);
            else
                sb_append_n(b, p, n);
            break;
        }
        p += n;
    }
    sb_append(b, "\"");
}

bool scenario_yaml_reads_back(const char *doc, size_t len, const char *want,
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

bool scenario_yaml_block(const char *value, bool folded, size_t key_col,
                         size_t ind, StrBuf *hdr, StrBuf *body)
{
    for (const unsigned char *c = (const unsigned char *)value; *c; c++)
        if ((*c < 0x20 && *c != '\n' && *c != '\t') || *c == 0x7F)
            return false;
    size_t vlen = strlen(value), blen = vlen;
    while (blen > 0 && value[blen - 1] == '\n')
        blen--;
    size_t trailing = vlen - blen;
    if (blen == 0 && trailing > 0)
        return false; /* only line breaks: keep it simple, quote it */
    StrBuf h = STRBUF_INIT, b = STRBUF_INIT;
    sb_append(&h, folded ? ">" : "|");
    size_t first = 0;
    while (first < blen && value[first] == '\n')
        first++;
    if (first < blen && value[first] == ' ') {
        if (ind - key_col > 9) {
            sb_free(&h);
            return false;
        }
        sb_printf(&h, "%zu", ind - key_col);
    }
    sb_append(&h, trailing == 0 ? "-" : trailing == 1 ? "" : "+");
    block_lines(value, blen, folded, ind, &b);
    for (size_t j = 1; j < trailing; j++)
        sb_append(&b, "\n");
    /* Check the block on its own before using it. */
    StrBuf doc = STRBUF_INIT;
    sb_printf(&doc, "%*sk: %s\n%s", (int)key_col, "", sb_str(&h), sb_str(&b));
    bool ok = scenario_yaml_reads_back(doc.data, doc.len, value, vlen);
    sb_free(&doc);
    if (ok) {
        sb_append(hdr, sb_str(&h));
        sb_append_n(body, b.data ? b.data : "", b.len);
    }
    sb_free(&h);
    sb_free(&b);
    return ok;
}

/* The registry unit with "$" standing for the scenario's currency. */
static void unit_text(const Field *f, const Scenario *s, char *buf, size_t n)
{
    const char *cur = s->currency;
    bool cur_ok = strlen(cur) == 3;
    for (size_t i = 0; cur_ok && i < 3; i++)
        cur_ok = cur[i] >= 'A' && cur[i] <= 'Z';
    size_t used = 0;
    buf[0] = '\0';
    for (const char *u = f->unit; *u && used + 4 < n; u++) {
        if (*u == '$' && cur_ok) {
            memcpy(buf + used, cur, 3);
            used += 3;
        } else {
            buf[used++] = *u;
        }
    }
    buf[used] = '\0';
}

/* "# unit, range; help" for a field. */
static void field_comment(const Field *f, const Scenario *s, char *buf,
                          size_t n)
{
    char unit[64], lo[40], hi[40];
    unit_text(f, s, unit, sizeof unit);
    num_format_exact(f->minimum, lo, sizeof lo);
    num_format_exact(f->maximum, hi, sizeof hi);
    switch (f->type) {
    case FT_TEXT:
        if (f->minimum == f->maximum)
            snprintf(buf, n, "# text, %s characters; %s", lo, f->help);
        else
            snprintf(buf, n, "# text, %s..%s characters; %s", lo, hi, f->help);
        break;
    case FT_BOOL:
        snprintf(buf, n, "# true or false; %s", f->help);
        break;
    case FT_CHOICE: {
        char words[200];
        field_choice_list(f, " | ", " | ", words, sizeof words);
        snprintf(buf, n, "# %s; %s", words, f->help);
        break;
    }
    default:
        if (unit[0])
            snprintf(buf, n, "# %s, %s..%s; %s", unit, lo, hi, f->help);
        else
            snprintf(buf, n, "# %s..%s; %s", lo, hi, f->help);
        break;
    }
}

/* One "key: value   # comment" line; comments start at column 32 when the
 * line leaves room (as in DESIGN 1). */
static void emit_line(StrBuf *b, const char *indent, const char *key,
                      const char *value, const char *comment)
{
    size_t start = b->len;
    sb_printf(b, "%s%s: %s", indent, key, value);
    size_t w = b->len - start;
    if (comment && comment[0]) {
        sb_append(b, " ");
        for (w++; w < 31; w++)
            sb_append(b, " ");
        sb_append(b, comment);
    }
    sb_append(b, "\n");
}

/* A "key:" line with no value and its comment at column 32 (head may
 * start with a line break, which does not count). */
static void emit_head(StrBuf *b, const char *head, const char *comment)
{
    sb_append(b, head);
    size_t w = strlen(head) - (head[0] == '\n');
    sb_append(b, " ");
    for (w++; w < 31; w++)
        sb_append(b, " ");
    sb_printf(b, "%s\n", comment);
}

void scenario_yaml_field_line(StrBuf *b, const Field *f, const Scenario *s,
                              const char *indent, const char *leaf)
{
    char comment[400], num[64];
    if (f->plain_comment) /* its type and range are another field's */
        snprintf(comment, sizeof comment, "# %s", f->help);
    else
        field_comment(f, s, comment, sizeof comment);
    if (f->type == FT_TEXT) {
        /* Text of several lines (notes) as a literal block, as a person
         * writes it; anything a block cannot hold double-quoted. A text
         * ending in two line breaks or more stays quoted too: its block
         * (`|+`) would take in a blank line written after it, such as the
         * one before a section inserted there. */
        const char *text = field_get_text(f, s);
        size_t key_col = strlen(indent), tl = strlen(text);
        bool kept = tl >= 2 && text[tl - 1] == '\n' && text[tl - 2] == '\n';
        StrBuf q = STRBUF_INIT, body = STRBUF_INIT;
        if (!strchr(text, '\n') || kept ||
            !scenario_yaml_block(text, false, key_col, key_col + 2, &q, &body))
            scenario_yaml_quote(&q, text);
        emit_line(b, indent, leaf, sb_str(&q), comment);
        sb_append_n(b, body.data ? body.data : "", body.len);
        sb_free(&q);
        sb_free(&body);
    } else {
        field_format(f, s, num, sizeof num);
        emit_line(b, indent, leaf, num, comment);
    }
}

void scenario_yaml_item(StrBuf *b, const Scenario *s, const FieldList *l,
                        size_t i, const char *first, const char *rest)
{
    bool started = false;
    for (size_t k = 0; k < field_count; k++) {
        const Field *row = &field_table[k];
        if (row->list != l || !field_saved(row, s, i))
            continue;
        FieldRef r;
        field_ref_init(&r, row, i);
        scenario_yaml_field_line(b, field_ref(&r), s, started ? rest : first,
                                 field_leaf(row));
        started = true;
    }
}

/* The list whose first row is field_table[first], as a block list: every
 * item with the rows it saves, in table order (an empty list as `[]`,
 * which loads back). Returns the index of the row after the list's rows. */
static size_t format_list(const Scenario *s, StrBuf *b, size_t first)
{
    const FieldList *l = field_table[first].list;
    size_t end = first;
    while (end < field_count && field_table[end].list == l)
        end++;
    const char *name = strrchr(l->key, '.') + 1;
    char comment[200];
    snprintf(comment, sizeof comment, "# list of %zu..%zu %ss (%s), in this "
             "order", l->min, l->max, l->item, l->help);
    size_t n = field_list_count(l, s);
    if (n == 0) {
        emit_line(b, "  ", name, "[]", comment);
        return end;
    }
    char head[64];
    snprintf(head, sizeof head, "  %s:", name);
    emit_head(b, head, comment);
    for (size_t i = 0; i < n; i++)
        scenario_yaml_item(b, s, l, i, "    - ", "      ");
    return end;
}

/* The rows of one section from field_table[i] on (for the top level, its
 * fields), with the section's head line; returns the index after them. */
static size_t format_section(const Scenario *s, StrBuf *b, size_t i)
{
    char sec[32], cur[32];
    field_section(&field_table[i], cur, sizeof cur);
    if (cur[0] && field_table[i].scope == FS_HYBRID)
        emit_head(b, "\nhybrid:", "# optional: on-prem base plus cloud "
                  "burst, simulated (gpuplan-scenario(5))");
    else if (cur[0] && field_table[i].scope == FS_UNCERTAINTY)
        emit_head(b, "\nuncertainty:", "# optional: ranges for the tornado "
                  "and the Monte Carlo (gpuplan-scenario(5))");
    else if (cur[0])
        sb_printf(b, "\n%s:\n", cur);
    while (i < field_count &&
           strcmp(field_section(&field_table[i], sec, sizeof sec), cur) == 0) {
        const Field *f = &field_table[i];
        if (f->list) {
            i = format_list(s, b, i);
            continue;
        }
        if (field_saved(f, s, 0))
            scenario_yaml_field_line(b, f, s, cur[0] ? "  " : "",
                                     cur[0] ? f->key + strlen(cur) + 1
                                            : f->key);
        i++;
    }
    return i;
}

void scenario_yaml_scope(StrBuf *b, const Scenario *s, FieldScope scope)
{
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].scope == scope) {
            format_section(s, b, i);
            return;
        }
}

void scenario_format_yaml(const Scenario *s, StrBuf *b)
{
    char ver[16];
    snprintf(ver, sizeof ver, "%d", SCENARIO_VERSION);
    emit_line(b, "", "gpuplan", ver, "# schema version; required");
    for (size_t i = 0; i < field_count;) {
        if (!field_in_scope(&field_table[i], s)) {
            i++;
            continue;
        }
        i = format_section(s, b, i);
    }
}
