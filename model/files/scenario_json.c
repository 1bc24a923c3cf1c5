/* scenario_json.c: reading a scenario from JSON (DESIGN 4.1) with cJSON.
 *
 * Two shapes are accepted: a JSON export ({"gpuplan": 1, "generator": ...,
 * "scenario": {...}, "results": {...}}, told apart by its "scenario" key;
 * "generator" and "results" are ignored, the scenario's own "gpuplan" is
 * optional but must be 1) and a bare scenario object with "gpuplan": 1 at
 * its top, nested exactly like the YAML file. An object holding nothing but
 * "gpuplan" is neither (an export cut short, most likely) and is refused. Both go through the loader
 * core (scenario_load.h), so the rules and messages are those of YAML.
 *
 * cJSON keeps no positions, so a small scanner walks the same (already
 * validated) text in document order and records, for every value, where it
 * and its key start and the raw text of number tokens. cJSON's tree is then
 * walked in the same preorder, pairing each item with its scanned token.
 * Numbers are re-read from their token text with num_parse (through
 * field_parse) so that they round-trip bit for bit whatever cJSON's own
 * conversion does; duplicate keys, which cJSON keeps, are errors. Nesting is
 * checked before cJSON sees the text, so a 20,000-deep array is refused at
 * its 17th bracket. */
#include "config.h"

#include "scenario_file.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "scenario_load.h"
#include "utf8.h"

typedef struct JTok {
    LoadPos key; /* line 0 for array items and the root */
    LoadPos at;
    size_t off, len; /* the value's text */
} JTok;

typedef struct JScan {
    const char *base;
    size_t len, i;
    LoadPos pos;
    JTok *tok;
    size_t n, cap;
} JScan;

typedef struct Json {
    LoadCtx *c;
    const char *data;
    JTok *tok;
    size_t ntok;
} Json;

/* ---- the position scanner ---------------------------------------------- */

static void js_adv(JScan *s)
{
    unsigned char ch = (unsigned char)s->base[s->i++];
    if (ch == '\n') {
        s->pos.line++;
        s->pos.col = 1;
    } else if (ch == '\r' && s->i < s->len && s->base[s->i] == '\n') {
        /* CR LF: the LF ends the line */
    } else if (!utf8_is_cont(ch)) {
        s->pos.col++;
    }
}

static void js_ws(JScan *s)
{
    while (s->i < s->len && strchr(" \t\r\n", s->base[s->i]) &&
           s->base[s->i] != '\0')
        js_adv(s);
}

static void js_string(JScan *s)
{
    js_adv(s); /* opening quote */
    while (s->i < s->len && s->base[s->i] != '"') {
        if (s->base[s->i] == '\\' && s->i + 1 < s->len)
            js_adv(s);
        js_adv(s);
    }
    if (s->i < s->len)
        js_adv(s);
}

static char js_peek(const JScan *s)
{
    return s->i < s->len ? s->base[s->i] : '\0';
}

/* Scan one value (the text is valid JSON, nested at most
 * SCENARIO_NEST_MAX deep, so recursion is bounded). */
static void js_value(JScan *s, LoadPos key)
{
    js_ws(s);
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->tok = xrealloc(s->tok, s->cap * sizeof s->tok[0]);
    }
    size_t k = s->n++;
    s->tok[k].key = key;
    s->tok[k].at = s->pos;
    s->tok[k].off = s->i;
    char ch = js_peek(s);
    if (ch == '{' || ch == '[') {
        char close = ch == '{' ? '}' : ']';
        js_adv(s);
        for (;;) {
            js_ws(s);
            if (s->i >= s->len)
                break;
            if (js_peek(s) == close) {
                js_adv(s);
                break;
            }
            if (js_peek(s) == ',') {
                js_adv(s);
                continue;
            }
            LoadPos kpos = {0, 0};
            if (ch == '{') {
                kpos = s->pos;
                js_string(s);
                js_ws(s);
                if (js_peek(s) == ':')
                    js_adv(s);
            }
            js_value(s, kpos);
        }
    } else if (ch == '"') {
        js_string(s);
    } else {
        /* A scalar: at least one byte, so a byte the scanner does not
         * expect can never stall the walk. */
        if (s->i < s->len) {
            do
                js_adv(s);
            while (s->i < s->len && s->base[s->i] != '\0' &&
                   !strchr(" \t\r\n,]}", s->base[s->i]));
        }
    }
    s->tok[k].len = s->i - s->tok[k].off;
}

/* Refuse nesting deeper than SCENARIO_NEST_MAX before cJSON recurses into
 * it; brackets inside strings do not count. */
static int check_depth(LoadCtx *c, const char *data, size_t len,
                       bool *unclosed)
{
    int depth = 0;
    bool in_str = false;
    for (size_t i = 0; i < len; i++) {
        char ch = data[i];
        unsigned char u = (unsigned char)ch;
        /* JSON allows no control characters but tab, CR and LF between
         * tokens and none at all inside strings; cJSON is laxer (it skips
         * any byte up to 0x20 as blank), which would put the position
         * scanner out of step with the tree. */
        if (u < 0x20 && (in_str || (ch != '\t' && ch != '\r' && ch != '\n')))
            return load_error(c, load_pos_at(data, len, i), NULL,
                              "control character 0x%02x is not allowed here "
                              "(write it as an escape such as \\u%04x inside "
                              "a string)", u, u);
        if (in_str) {
            if (ch == '\\')
                i++;
            else if (ch == '"')
                in_str = false;
        } else if (ch == '"') {
            in_str = true;
        } else if (ch == '{' || ch == '[') {
            if (++depth > SCENARIO_NEST_MAX)
                return load_error(c, load_pos_at(data, len, i), NULL,
                                  "nesting is deeper than %d levels (a "
                                  "scenario needs 2, an export a few more)",
                                  SCENARIO_NEST_MAX);
        } else if (ch == '}' || ch == ']') {
            depth--;
        }
    }
    *unclosed = in_str || depth > 0;
    return 0;
}

/* ---- walking the tree -------------------------------------------------- */

/* Index of the token after item's subtree (item's own token is at k). */
static size_t skip(const cJSON *item, size_t k)
{
    k++;
    for (const cJSON *ch = item->child; ch; ch = ch->next)
        k = skip(ch, k);
    return k;
}

static const char *kind_name(const cJSON *v)
{
    if (cJSON_IsObject(v))
        return "an object";
    if (cJSON_IsArray(v))
        return "an array";
    if (cJSON_IsString(v))
        return "a string";
    if (cJSON_IsNumber(v))
        return "a number";
    if (cJSON_IsBool(v))
        return "true or false";
    return "null";
}

static JTok tok_at(const Json *j, size_t k)
{
    static const JTok none = {{1, 1}, {1, 1}, 0, 0};
    return k < j->ntok ? j->tok[k] : none;
}

/* True when the string token holds a \u0000 escape, which cJSON decodes
 * into a terminator and so would cut the text short without a word. */
static bool has_nul_escape(const char *t, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++) {
        if (t[i] != '\\')
            continue;
        if (t[i + 1] == 'u' && i + 5 < len && memcmp(t + i + 2, "0000", 4) == 0)
            return true;
        i++; /* skip the escaped character */
    }
    return false;
}

/* Store a field's value from item (token k). */
static int json_field(Json *j, FieldRef *r, const cJSON *v, size_t k)
{
    LoadCtx *c = j->c;
    const Field *f = field_ref(r);
    JTok t = tok_at(j, k);
    char what[120];
    load_describe(f, what, sizeof what);
    if (cJSON_IsString(v) && has_nul_escape(j->data + t.off, t.len))
        return load_error(c, t.at, f->key, "value contains a NUL character "
                          "(not allowed in scenario files)");
    if (cJSON_IsArray(v) || cJSON_IsObject(v)) /* as the YAML reader says */
        return load_error(c, t.at, f->key, "expected a single value (%s), "
                          "not %s", what, kind_name(v));
    if (f->type == FT_TEXT || f->type == FT_CHOICE) {
        if (!cJSON_IsString(v))
            return load_error(c, t.at, f->key, "expected text in double "
                              "quotes (%s), not %s", what, kind_name(v));
        return load_value(c, r, v->valuestring, strlen(v->valuestring),
                          LOAD_QUOTED, 1, t.at);
    }
    if (cJSON_IsString(v))
        return load_value(c, r, v->valuestring, strlen(v->valuestring),
                          LOAD_QUOTED, 1, t.at);
    if (cJSON_IsNull(v))
        return load_value(c, r, "", 0, LOAD_PLAIN, 0, t.at);
    if (f->type == FT_BOOL ? !cJSON_IsBool(v) : !cJSON_IsNumber(v))
        return load_error(c, t.at, f->key, "expected %s, not %s", what,
                          kind_name(v));
    /* The token's own text: exact, and never cJSON's rounding. */
    char num[128];
    size_t n = t.len < sizeof num - 1 ? t.len : sizeof num - 1;
    memcpy(num, j->data + t.off, n);
    num[n] = '\0';
    return load_value(c, r, num, n, LOAD_PLAIN, 0, t.at);
}

static int json_version(Json *j, const cJSON *v, size_t k, bool record)
{
    JTok t = tok_at(j, k);
    char text[64];
    LoadStyle style = LOAD_PLAIN;
    if (cJSON_IsNumber(v)) {
        size_t n = t.len < sizeof text - 1 ? t.len : sizeof text - 1;
        memcpy(text, j->data + t.off, n);
        text[n] = '\0';
    } else if (cJSON_IsString(v)) {
        snprintf(text, sizeof text, "%s", v->valuestring);
        style = LOAD_QUOTED;
    } else {
        snprintf(text, sizeof text, "%s", kind_name(v));
    }
    return load_version(j->c, text, style, t.key, t.at, record);
}

/* ---- lists (the hybrid plan's workloads, the uncertain inputs) --------- */

/* Item i of list l (token k): an object of its keys. */
static int json_item(Json *j, const FieldList *l, size_t i, const cJSON *obj,
                     size_t k)
{
    LoadCtx *c = j->c;
    JTok t = tok_at(j, k);
    char path[64];
    snprintf(path, sizeof path, "%s[%zu]", l->key, i);
    int rc = load_item_begin(c, l, i, t.at);
    if (rc)
        return rc;
    if (!cJSON_IsObject(obj))
        return load_error(c, t.at, path, "%s %s is an object of its keys, not "
                          "%s", load_article(l->item), l->item, kind_name(obj));
    size_t ck = k + 1;
    for (const cJSON *m = obj->child; m; m = m->next) {
        JTok mt = tok_at(j, ck);
        FieldRef r;
        if ((rc = load_key(c, path, m->string, mt.key, &r)) == 0)
            rc = json_field(j, &r, m, ck);
        if (rc && !load_go_on(c, rc))
            return rc;
        ck = skip(m, ck);
    }
    return load_item_end(c, l, i);
}

/* The value of list l's key (item m, token k). */
static int json_list(Json *j, const FieldList *l, const cJSON *m, size_t k)
{
    JTok t = tok_at(j, k);
    if (!cJSON_IsArray(m))
        return load_error(j->c, t.at, l->key, "expected a list of %ss (an "
                          "array of objects), not %s", l->item, kind_name(m));
    size_t n = 0, ik = k + 1;
    for (const cJSON *w = m->child; w; w = w->next, n++) {
        int rc = json_item(j, l, n, w, ik);
        if (rc && !load_go_on(j->c, rc))
            return rc;
        ik = skip(w, ik);
    }
    return load_list_end(j->c, l, n, t.at);
}

/* A registry section object (token k): its fields and lists. */
static int json_section(Json *j, const char *name, const cJSON *obj, size_t k)
{
    JTok t = tok_at(j, k);
    int rc = load_section(j->c, name, t.key);
    if (rc)
        return rc;
    if (cJSON_IsNull(obj))
        return load_section_end(j->c, name); /* an empty section, as in YAML */
    if (!cJSON_IsObject(obj))
        return load_error(j->c, t.at, name, "`%s` is a section: expected an "
                          "object of its keys, not %s", name, kind_name(obj));
    size_t ck = k + 1;
    for (const cJSON *m = obj->child; m; m = m->next) {
        FieldRef r;
        JTok mt = tok_at(j, ck);
        const FieldList *l = load_list_of(name, m->string);
        if (l) {
            if ((rc = load_list(j->c, l, mt.key)) == 0)
                rc = json_list(j, l, m, ck);
        } else if ((rc = load_key(j->c, name, m->string, mt.key, &r)) == 0) {
            rc = json_field(j, &r, m, ck);
        }
        if (rc && !load_go_on(j->c, rc))
            return rc;
        ck = skip(m, ck);
    }
    return load_section_end(j->c, name);
}

/* The scenario object (token k); in an export its "gpuplan" is optional. */
static int json_scenario(Json *j, const cJSON *obj, size_t k, bool in_export)
{
    LoadCtx *c = j->c;
    size_t ck = k + 1;
    for (const cJSON *m = obj->child; m; m = m->next) {
        JTok mt = tok_at(j, ck);
        int rc;
        const char *key = m->string;
        if (strcmp(key, "gpuplan") == 0) {
            rc = json_version(j, m, ck, !in_export);
        } else if (load_is_section(key)) {
            rc = json_section(j, key, m, ck);
        } else {
            FieldRef r;
            rc = load_key(c, "", key, mt.key, &r);
            if (rc == 0)
                rc = json_field(j, &r, m, ck);
        }
        if (rc && !load_go_on(c, rc))
            return rc;
        ck = skip(m, ck);
    }
    return 0; /* problems gathered so far: load_finish says so */
}

/* Key w of an export (0 gpuplan, 1 generator, 2 scenario, 3 results):
 * its value m (token k). */
static int json_export_entry(Json *j, size_t w, const cJSON *m, size_t k)
{
    JTok t = tok_at(j, k);
    if (w == 0)
        return json_version(j, m, k, true);
    if (w == 1 && !cJSON_IsString(m))
        return load_error(j->c, t.at, "generator", "expected a string naming "
                          "the program, not %s", kind_name(m));
    if (w == 2 && !cJSON_IsObject(m))
        return load_error(j->c, t.at, "scenario", "expected the scenario "
                          "object, not %s", kind_name(m));
    if (w == 2)
        return json_scenario(j, m, k, true);
    return 0; /* "results" is ignored */
}

/* A JSON export: gpuplan, generator, scenario, results. */
static int json_export(Json *j, const cJSON *root)
{
    static const char *const keys[] = {"gpuplan", "generator", "scenario",
                                       "results"};
    LoadPos seen[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    LoadCtx *c = j->c;
    size_t ck = 1;
    for (const cJSON *m = root->child; m; m = m->next) {
        JTok mt = tok_at(j, ck);
        size_t w = 0;
        while (w < 4 && strcmp(m->string, keys[w]) != 0)
            w++;
        int rc = 0;
        char q[DIAG_QUOTE];
        if (w == 4)
            rc = load_error(c, mt.key, m->string, "unknown key `%s` (a "
                            "JSON export holds gpuplan, generator, scenario "
                            "and results)", diag_quote(m->string, q));
        else if (seen[w].line)
            rc = load_error(c, mt.key, m->string, "duplicate key `%s` "
                            "(first given at line %lu)", keys[w],
                            seen[w].line);
        else
            rc = json_export_entry(j, w, m, ck);
        if (w < 4 && !seen[w].line)
            seen[w] = mt.key;
        if (rc && !load_go_on(c, rc))
            return rc;
        ck = skip(m, ck);
    }
    return 0; /* problems gathered so far: load_finish says so */
}

/* Read the JSON text; with all != NULL gather up to max problems there
 * (their count in *n) instead of stopping at the first, as yaml_read. */
static int json_read(const char *name, const char *data, size_t len,
                     Scenario *out, Diag *d, Diag *all, size_t max, size_t *n)
{
    LoadCtx c;
    load_begin(&c, name, d);
    if (all && max > 0) {
        c.collect = true;
        c.all = all;
        c.maxall = max;
    }
    /* A byte order mark is not JSON; skip it (positions count from after
     * it, as libyaml's do). */
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0) {
        data += 3;
        len -= 3;
    }
    bool unclosed = false;
    int rc = check_depth(&c, data, len, &unclosed);
    cJSON *root = NULL;
    if (rc == 0) {
        const char *end = NULL;
        root = cJSON_ParseWithLengthOpts(data, len, &end, false);
        size_t stop = end ? (size_t)(end - data) : 0;
        if (!root && unclosed && stop + 1 >= len) {
            rc = load_error(&c, load_pos_at(data, len, len), NULL, "JSON "
                            "syntax error at the end of the file (an object, "
                            "array or string is not closed)");
        } else if (!root) {
            /* cJSON_GetErrorPtr() gives the same place; the per-call end
             * pointer does not depend on global state. cJSON stops just
             * after the offending token at times, so step back over
             * blanks to the token itself. */
            size_t off = stop;
            while (off > 0 && (off >= len || strchr(" \t\r\n", data[off])))
                off--;
            char near[24];
            size_t w = 0;
            while (off + w < len && w < 16 && data[off + w] != '\n' &&
                   data[off + w] != '\r')
                w++;
            memcpy(near, data + off, w);
            near[w] = '\0';
            rc = load_error(&c, load_pos_at(data, len, off), NULL,
                            "JSON syntax error near `%s`", near);
        } else {
            size_t off = (size_t)(end - data);
            while (off < len && strchr(" \t\r\n", data[off]) && data[off])
                off++;
            if (off < len)
                rc = load_error(&c, load_pos_at(data, len, off), NULL,
                                "unexpected text after the JSON object");
        }
    }
    JScan s;
    memset(&s, 0, sizeof s);
    if (rc == 0) {
        s.base = data;
        s.len = len;
        s.pos.line = s.pos.col = 1;
        LoadPos none = {0, 0};
        js_value(&s, none);
        Json j = {&c, data, s.tok, s.n};
        JTok t = tok_at(&j, 0);
        c.doc = t.at;
        if (!cJSON_IsObject(root))
            rc = load_error(&c, t.at, NULL, "a JSON scenario is an object "
                            "({\"gpuplan\": 1, ...}), not %s", kind_name(root));
        else if (cJSON_GetObjectItemCaseSensitive(root, "scenario"))
            rc = json_export(&j, root);
        else if ((rc = json_scenario(&j, root, 0, false)) == 0 &&
                 c.nall == 0 && cJSON_GetArraySize(root) == 1 &&
                 cJSON_GetObjectItemCaseSensitive(root, "gpuplan"))
            /* Only a (valid) version: an export that lost its "scenario",
             * most likely; reading it as the built-in default would hide
             * that. */
            rc = load_error(&c, t.at, "scenario", "the JSON object holds only "
                            "the schema version: neither an export's "
                            "\"scenario\" object nor any field of a bare "
                            "scenario (for the built-in default, use `gpuplan "
                            "new FILE`)");
        if (rc == 0)
            rc = load_finish(&c, out);
    }
    free(s.tok);
    cJSON_Delete(root);
    if (n)
        *n = c.nall;
    load_end(&c);
    return rc;
}

int scenario_load_json(const char *name, const char *data, size_t len,
                       Scenario *out, Diag *d)
{
    return json_read(name, data, len, out, d, NULL, 0, NULL);
}

int scenario_check_json(const char *name, const char *data, size_t len,
                        Diag *all, size_t max, size_t *n)
{
    Scenario s;
    Diag first;
    *n = 0;
    int rc = json_read(name, data, len, &s, &first, all, max, n);
    if (rc != 0 && *n == 0 && max > 0)
        all[(*n)++] = first;
    return rc;
}
