/* scenario_load.c: the loader core (scenario_load.h) that the YAML and JSON
 * readers share: keys resolved through the field registry, values set with
 * the registry's own checks, lists and their items, and at the end the
 * defaults that follow other fields and the cross-field rules. */
#include "config.h"

#include "scenario_load.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "strbuf.h"
#include "uncertainty.h"
#include "utf8.h"

_Static_assert(LOAD_ITEMS_MAX >= HYBRID_MAX_WORKLOADS &&
                   LOAD_ITEMS_MAX >= UNC_MAX_INPUTS,
               "item_start holds the items of every list");

void load_begin(LoadCtx *c, const char *name, Diag *d)
{
    memset(c, 0, sizeof *c);
    c->d = d;
    diag_clear(d, name);
    scenario_default(&c->s);
    /* One place for each scalar row and for each item a list row can
     * hold, so that a load clears a few kilobytes, not a full table of
     * rows times the longest list. */
    c->row_base = xmalloc((field_count + 1) * sizeof c->row_base[0]);
    size_t n = 0;
    for (size_t i = 0; i < field_count; i++) {
        c->row_base[i] = n;
        n += field_table[i].list ? field_table[i].list->max : 1;
    }
    c->row_base[field_count] = n;
    c->field_pos = xmalloc(2 * n * sizeof c->field_pos[0]);
    memset(c->field_pos, 0, 2 * n * sizeof c->field_pos[0]);
    c->value_pos = c->field_pos + n;
    c->doc.line = 1;
    c->doc.col = 1;
}

void load_end(LoadCtx *c)
{
    free(c->field_pos);
    free(c->row_base);
    c->field_pos = c->value_pos = NULL;
    c->row_base = NULL;
}

int load_error(LoadCtx *c, LoadPos at, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (!c->collect) {
        diag_vset(c->d, EXIT_DATAERR, at.line, at.col, path, fmt, ap);
        va_end(ap);
        return EXIT_DATAERR;
    }
    Diag e;
    diag_clear(&e, c->d->file);
    diag_vset(&e, EXIT_DATAERR, at.line, at.col, path, fmt, ap);
    va_end(ap);
    if (c->d->status == 0)
        *c->d = e;
    if (c->nall < c->maxall)
        c->all[c->nall++] = e;
    if (c->nall >= c->maxall)
        c->fatal = true; /* enough to act on; stop reading */
    return EXIT_DATAERR;
}

bool load_go_on(const LoadCtx *c, int rc)
{
    return c->collect && !c->fatal && rc == EXIT_DATAERR;
}

/* Where the key of row f, item i was given. */
static LoadPos *pos_of(LoadCtx *c, const Field *f, size_t i)
{
    return &c->field_pos[c->row_base[f - field_table] + i];
}

/* Where its value was given. */
static LoadPos *value_pos_of(LoadCtx *c, const Field *f, size_t i)
{
    return &c->value_pos[c->row_base[f - field_table] + i];
}

bool load_is_section(const char *name)
{
    size_t n = strlen(name);
    if (n == 0)
        return false;
    for (size_t i = 0; i < field_count; i++)
        if (strncmp(field_table[i].key, name, n) == 0 &&
            field_table[i].key[n] == '.')
            return true;
    return false;
}

void load_describe(const Field *f, char *buf, size_t n)
{
    char lo[40], hi[40];
    switch (f->type) {
    case FT_BOOL:
        snprintf(buf, n, "true or false");
        break;
    case FT_TEXT:
        snprintf(buf, n, "text of %.0f to %.0f characters", f->minimum,
                 f->maximum);
        break;
    case FT_CHOICE: {
        char words[200];
        field_choice_list(f, ", ", " or ", words, sizeof words);
        snprintf(buf, n, "one of %s", words);
        break;
    }
    default:
        if (f->minimum == -DBL_MAX && f->maximum == DBL_MAX) {
            /* no range of its own (an uncertain input's low or high) */
            snprintf(buf, n, "%s",
                     f->type == FT_INT ? "a whole number" : "a number");
            break;
        }
        num_format_said(f->minimum, lo, sizeof lo); /* a message: grouped */
        num_format_said(f->maximum, hi, sizeof hi);
        snprintf(buf, n, "%s %s %s%s %s",
                 f->type == FT_INT ? "a whole number" : "a number",
                 f->above_minimum ? "above" : "from", lo,
                 f->above_minimum ? ", up to" : " to", hi);
        break;
    }
}

int load_section(LoadCtx *c, const char *name, LoadPos at)
{
    for (size_t i = 0; i < c->nsections; i++)
        if (strcmp(c->section_name[i], name) == 0)
            return load_error(c, at, name,
                              "duplicate key `%s` (first given at line %lu)",
                              name, c->section_pos[i].line);
    if (c->nsections < LOAD_SECTIONS_MAX) {
        snprintf(c->section_name[c->nsections], sizeof c->section_name[0], "%s",
                 name);
        c->section_pos[c->nsections++] = at;
    }
    size_t n = strlen(name);
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].scope != FS_SCENARIO &&
            strncmp(field_table[i].key, name, n) == 0 &&
            field_table[i].key[n] == '.') {
            field_scope_default(&c->s, field_table[i].scope);
            break;
        }
    return 0;
}

/* Where section `name` was given (the document when it was not). */
static LoadPos section_at(const LoadCtx *c, const char *name)
{
    for (size_t k = 0; k < c->nsections; k++)
        if (strcmp(c->section_name[k], name) == 0)
            return c->section_pos[k];
    return c->doc;
}

int load_section_end(LoadCtx *c, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < field_count; i++) {
        const FieldList *l = field_table[i].list;
        if (!l || !l->required || strncmp(l->key, name, n) != 0 ||
            l->key[n] != '.')
            continue;
        bool given = false;
        for (size_t k = 0; k < c->nlists; k++)
            given |= c->list[k] == l;
        if (!given) {
            const char *leaf = l->key + n + 1;
            return load_error(c, section_at(c, name), l->key, "missing `%s` "
                              "(the `%s` section needs a list of up to %zu "
                              "%ss; `%s: []` for none yet)", leaf, name,
                              l->max, l->item, leaf);
        }
    }
    return 0;
}

int load_unknown(LoadCtx *c, const char *section, const char *key, LoadPos at)
{
    char path[160];
    Diag why;
    if (section[0])
        snprintf(path, sizeof path, "%s.%s", section, key);
    else
        snprintf(path, sizeof path, "%s", key);
    /* Items are written "hybrid.workloads[2]"; their keys are the rows of
     * "hybrid.workloads[]". */
    char rows[64];
    const char *open = strchr(section, '[');
    if (open)
        snprintf(rows, sizeof rows, "%.*s[]", (int)(open - section), section);
    else
        snprintf(rows, sizeof rows, "%s", section);
    field_unknown(section[0] ? rows : NULL, key, &why);
    return load_error(c, at, path, "%s", why.message);
}

int load_key(LoadCtx *c, const char *section, const char *key, LoadPos at,
             FieldRef *r)
{
    char path[160];
    Diag unknown; /* said by load_unknown, with the section's keys */
    if (section[0])
        snprintf(path, sizeof path, "%s.%s", section, key);
    else
        snprintf(path, sizeof path, "%s", key);
    /* A key is one name: "hardware.nodes" is written nested, and an item's
     * index comes from the list, never from the key. */
    bool in_item = strchr(section, '[') != NULL;
    if (strlen(key) >= 64 || strpbrk(key, ".[]") ||
        field_resolve(path, r, &unknown) != 0 ||
        (r->row->list != NULL) != in_item)
        return load_unknown(c, section, key, at);
    LoadPos *p = pos_of(c, r->row, r->index);
    if (p->line)
        return load_error(c, at, r->path,
                          "duplicate key `%s` (first given at line %lu)", key,
                          p->line);
    *p = at;
    return 0;
}

int load_value(LoadCtx *c, FieldRef *r, const char *text, size_t len,
               LoadStyle style, unsigned long lead, LoadPos at)
{
    Diag why;
    const Field *f = field_ref(r);
    *value_pos_of(c, r->row, r->index) = at;
    if (memchr(text, '\0', len))
        return load_error(c, at, f->key, "value contains a NUL character "
                          "(not allowed in scenario files)");
    if (f->type == FT_TEXT) {
        int col = 0;
        if (field_check_text_at(f, text, &why, &col) != 0) {
            /* A problem inside the text (a cron field) is pointed at. */
            if (col > 0)
                at.col += (unsigned long)(col - 1) + lead;
            return load_error(c, at, f->key, "%s", why.message);
        }
    } else {
        double v = 0;
        bool ok = field_parse(f, text, &v, &why) == 0;
        /* Numbers and yes/no values are written unquoted: a quoted "42" is
         * text in YAML and JSON alike, so accepting it would hide a typing
         * mistake (and JSON exports never quote numbers). A choice is a
         * word, quoted or not. */
        if (style == LOAD_QUOTED && f->type != FT_CHOICE) {
            char q[DIAG_QUOTE];
            diag_quote(text, q);
            if (ok)
                return load_error(c, at, f->key, "\"%s\" is quoted text; "
                                  "write %s without quotes", q,
                                  f->type == FT_BOOL ? "true or false"
                                                     : "numbers");
            char what[120];
            load_describe(f, what, sizeof what);
            return load_error(c, at, f->key, "\"%s\" is quoted text "
                              "(expected %s, written without quotes)", q,
                              what);
        }
        if (!ok)
            return load_error(c, at, f->key, "%s", why.message);
    }
    if (field_set(f, &c->s, text, &why) != 0)
        return load_error(c, at, f->key, "%s", why.message);
    return 0;
}

int load_version(LoadCtx *c, const char *text, LoadStyle style, LoadPos key,
                 LoadPos at, bool record)
{
    if (record) {
        if (c->version.line)
            return load_error(c, key, "gpuplan", "duplicate key `gpuplan` "
                              "(first given at line %lu)", c->version.line);
        c->version = key;
    }
    double v;
    char q[DIAG_QUOTE];
    if (style == LOAD_QUOTED || num_parse(text, &v) != 0 || v != floor(v))
        return load_error(c, at, "gpuplan", "schema version \"%s\" is not "
                          "valid (expected the whole number %d, unquoted)",
                          diag_quote(text, q), SCENARIO_VERSION);
    char shown[40];
    num_format_exact(v + 0.0, shown, sizeof shown);
    if (v > SCENARIO_VERSION)
        return load_error(c, at, "gpuplan", "schema version %s is newer than "
                          "this gpuplan understands (%d)", shown,
                          SCENARIO_VERSION);
    if (v < SCENARIO_VERSION_MIN)
        return load_error(c, at, "gpuplan", "schema version %s is not valid "
                          "(expected %d, or %d for an older file)", shown,
                          SCENARIO_VERSION, SCENARIO_VERSION_MIN);
    if (record || !c->version_num)
        c->version_num = (int)v;
    return 0;
}

int load_finish(LoadCtx *c, Scenario *out)
{
    if (!c->version.line)
        return load_error(c, c->doc, "gpuplan", "missing `gpuplan: %d` schema "
                          "version (add it at the top of the file)",
                          SCENARIO_VERSION);
    /* DESIGN 1.4: a version-1 file has no version-2 field; each takes its
     * default, which gives version 1's figures. */
    if (c->version_num < 2) {
        /* A section that version 2 brought (uncertainty) is named itself. */
        for (size_t k = 0; k < c->nsections; k++) {
            size_t n = strlen(c->section_name[k]), rows = 0, v2 = 0;
            for (size_t i = 0; i < field_count; i++)
                if (strncmp(field_table[i].key, c->section_name[k], n) == 0 &&
                    field_table[i].key[n] == '.') {
                    rows++;
                    v2 += field_version(&field_table[i]) >= 2;
                }
            if (rows > 0 && v2 == rows)
                return load_error(c, c->section_pos[k], c->section_name[k],
                                  "`%s` is a schema version 2 section, but "
                                  "this file says `gpuplan: %d` (line %lu); "
                                  "write `gpuplan: 2` to use it",
                                  c->section_name[k], c->version_num,
                                  c->version.line);
        }
        for (size_t i = 0; i < field_count; i++) {
            const Field *f = &field_table[i];
            if (field_version(f) < 2)
                continue;
            for (size_t k = 0; k < (f->list ? f->list->max : 1); k++) {
                LoadPos p = *pos_of(c, f, k);
                if (!p.line)
                    continue;
                FieldRef r;
                field_ref_init(&r, f, k);
                return load_error(c, p, r.path, "`%s` is a schema version 2 "
                                  "field, but this file says `gpuplan: %d` "
                                  "(line %lu); write `gpuplan: 2` to use it",
                                  r.path, c->version_num, c->version.line);
            }
        }
    }
    if (c->nall > 0)
        return EXIT_DATAERR;
    /* A default that follows another field takes that field's final value
     * ("hybrid.onprem_nodes" follows "hardware.nodes", read later). */
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->default_key && !f->list && field_in_scope(f, &c->s) &&
            !pos_of(c, f, 0)->line)
            field_put_num(f, &c->s, field_get_num(field_find(f->default_key),
                                                  &c->s));
    }
    /* The rules between fields (scenario_validate, the edit path's), each
     * reported at the field it blames. */
    const Field *bad = NULL;
    Diag why;
    if (scenario_validate(&c->s, &bad, &why) != 0) {
        LoadPos at = c->doc;
        if (pos_of(c, bad, 0)->line) {
            at = *pos_of(c, bad, 0);
        } else {
            char sec[32];
            at = section_at(c, field_section(bad, sec, sizeof sec));
        }
        return load_error(c, at, bad->key, "%s", why.message);
    }
    /* The uncertainty section's rules, at the value that breaks them. */
    size_t ui = 0;
    int which = UI_KEY;
    if (uncertainty_check(&c->s, &ui, &which, &why) != 0) {
        char row[64];
        uncertainty_blame_path(0, which, true, row, sizeof row);
        FieldRef r;
        field_ref_init(&r, field_find(row), ui);
        LoadPos at = *value_pos_of(c, r.row, ui);
        if (!at.line)
            at = c->item_start[ui];
        return load_error(c, at, r.path, "%s", why.message);
    }
    *out = c->s;
    return 0;
}

/* ---- lists ----------------------------------------------------------------- */

const char *load_article(const char *word)
{
    return word[0] && strchr("aeiou", word[0]) ? "an" : "a";
}

const FieldList *load_list_of(const char *section, const char *key)
{
    size_t n = strlen(section);
    for (size_t i = 0; i < field_count; i++) {
        const FieldList *l = field_table[i].list;
        if (l && n > 0 && strncmp(l->key, section, n) == 0 &&
            l->key[n] == '.' && strcmp(l->key + n + 1, key) == 0)
            return l;
    }
    return NULL;
}

int load_list(LoadCtx *c, const FieldList *l, LoadPos at)
{
    for (size_t k = 0; k < c->nlists; k++)
        if (c->list[k] == l)
            return load_error(c, at, l->key, "duplicate key `%s` (first "
                              "given at line %lu)", strrchr(l->key, '.') + 1,
                              c->list_pos[k].line);
    if (c->nlists < LOAD_LISTS_MAX) {
        c->list[c->nlists] = l;
        c->list_pos[c->nlists++] = at;
    }
    return 0;
}

int load_item_begin(LoadCtx *c, const FieldList *l, size_t i, LoadPos at)
{
    if (i >= l->max || i >= LOAD_ITEMS_MAX)
        return load_error(c, at, l->key, "more than %zu %ss (expected %zu "
                          "to %zu)", l->max, l->item, l->min, l->max);
    field_item_default(l, &c->s, i);
    for (size_t k = 0; k < field_count; k++)
        if (field_table[k].list == l)
            *pos_of(c, &field_table[k], i) = *value_pos_of(c, &field_table[k], i) =
                (LoadPos){0, 0};
    c->item_start[i] = at;
    size_t count = i + 1;
    memcpy((char *)&c->s + l->count_offset, &count, sizeof count);
    return 0;
}

/* "a, b and c" of the rows of list l that match: required ones, or the
 * alternatives. */
static void row_names(const FieldList *l, bool alternatives, const char *last,
                      char *buf, size_t n)
{
    size_t used = 0, count = 0, total = 0;
    for (size_t k = 0; k < field_count; k++)
        if (field_table[k].list == l &&
            (alternatives ? field_alternative(&field_table[k]) != NULL
                          : field_table[k].required))
            total++;
    buf[0] = '\0';
    for (size_t k = 0; k < field_count && used < n; k++) {
        const Field *f = &field_table[k];
        if (f->list != l ||
            !(alternatives ? field_alternative(f) != NULL : f->required))
            continue;
        count++;
        int w = snprintf(buf + used, n - used, "%s%s",
                         count == 1 ? "" : count == total ? last : ", ",
                         field_leaf(f));
        if (w < 0)
            return;
        used += (size_t)w;
    }
}

int load_item_end(LoadCtx *c, const FieldList *l, size_t i)
{
    char path[64], need[160], alts[120];
    snprintf(path, sizeof path, "%s[%zu]", l->key, i);
    row_names(l, false, ", ", need, sizeof need);
    row_names(l, true, " or ", alts, sizeof alts);
    const Field *first = NULL, *later = NULL;
    for (size_t k = 0; k < field_count; k++) {
        const Field *f = &field_table[k];
        if (f->list != l)
            continue;
        LoadPos p = *pos_of(c, f, i);
        if (f->required && !p.line)
            return load_error(c, c->item_start[i], path, "missing `%s` (%s %s "
                              "needs %s%s%s)", field_leaf(f),
                              load_article(l->item), l->item,
                              need, alts[0] ? " and one of " : "", alts);
        if (!field_alternative(f) || !p.line)
            continue;
        if (!first) {
            first = f;
            continue;
        }
        LoadPos q = *pos_of(c, first, i);
        bool this_later = p.line > q.line || (p.line == q.line && p.col > q.col);
        later = this_later ? f : first;
        const Field *earlier = this_later ? first : f;
        char lp[96];
        snprintf(lp, sizeof lp, "%s.%s", path, field_leaf(later));
        return load_error(c, *pos_of(c, later, i), lp, "both `%s` and `%s` "
                          "are given (%s %s has exactly one of them)",
                          field_leaf(earlier), field_leaf(later),
                          load_article(l->item), l->item);
    }
    if (alts[0] && !first) {
        char both[120];
        row_names(l, true, "` or `", both, sizeof both);
        return load_error(c, c->item_start[i], path, "missing `%s` (give "
                          "exactly one of them)", both);
    }
    return 0;
}

int load_list_end(LoadCtx *c, const FieldList *l, size_t n, LoadPos at)
{
    if (n < l->min)
        return load_error(c, at, l->key, "the list is empty (expected %zu "
                          "to %zu %ss)", l->min, l->max, l->item);
    memcpy((char *)&c->s + l->count_offset, &n, sizeof n);
    return 0;
}

LoadPos load_pos_at(const char *data, size_t len, size_t off)
{
    LoadPos p = {1, 1};
    if (off > len)
        off = len;
    for (size_t i = 0; i < off; i++) {
        unsigned char ch = (unsigned char)data[i];
        if (ch == '\n') {
            p.line++;
            p.col = 1;
        } else if (ch == '\r' && i + 1 < len && data[i + 1] == '\n') {
            continue; /* CR LF is one line break */
        } else if (!utf8_is_cont(ch)) {
            p.col++; /* count characters, not UTF-8 continuation bytes */
        }
    }
    return p;
}

