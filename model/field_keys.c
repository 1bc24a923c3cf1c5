/* field_keys.c: the keys of the field registry (DESIGN 1.1, 7): find a row,
 * resolve a key as a user writes it ("hybrid.workloads[2].gpus") to a row
 * and an item, and say what an unknown key probably meant. The one place
 * that words "did you mean". Declared in fields.h. */
#include "config.h"

#include "fields.h"

#include <stdio.h>
#include <string.h>

#include "utf8.h"

/* A key quoted in "unknown key" (longer ones are cut with "…"). */
#define KEY_QUOTE 161

const char *field_section(const Field *f, char *buf, size_t n)
{
    const char *dot = strchr(f->key, '.');
    size_t len = dot ? (size_t)(dot - f->key) : 0;
    if (len >= n)
        len = n - 1;
    memcpy(buf, f->key, len);
    buf[len] = '\0';
    return buf;
}

int field_version(const Field *f)
{
    return f->version > 1 ? f->version : 1;
}

const char *field_type_name(FieldType t)
{
    switch (t) {
    case FT_INT: return "whole number";
    case FT_NUMBER: return "number";
    case FT_PERCENT: return "percent";
    case FT_MONEY: return "money";
    case FT_BOOL: return "true or false";
    case FT_TEXT: return "text";
    case FT_CHOICE: return "choice";
    }
    return "?";
}

const char *panel_name(Panel p)
{
    static const char *const names[PANEL_COUNT] = {
        "Hardware", "Facility", "Staffing", "Utilization",
        "Cloud", "Business", "Horizon", "Hybrid", "Risk"};
    return (unsigned)p < PANEL_COUNT ? names[p] : "?";
}

const char *field_leaf(const Field *f)
{
    const char *dot = strrchr(f->key, '.');
    return dot ? dot + 1 : f->key;
}

const Field *field_find(const char *key)
{
    for (size_t i = 0; i < field_count; i++)
        if (strcmp(field_table[i].key, key) == 0)
            return &field_table[i];
    return NULL;
}

/* Append the n bytes at s to buf (size cap, holding *len bytes), cutting
 * what does not fit as snprintf does; keeps buf terminated. */
static void path_put(char *buf, size_t cap, size_t *len, const char *s, size_t n)
{
    if (*len + n >= cap)
        n = cap - 1 - *len;
    memcpy(buf + *len, s, n);
    *len += n;
    buf[*len] = '\0';
}

/* A field path is built for every cell the planner draws and every value
 * the loader reads: by hand, not with snprintf. */
void field_ref_init(FieldRef *r, const Field *row, size_t index)
{
    memset(r, 0, sizeof *r);
    r->row = row;
    r->field = *row;
    if (row->list) {
        size_t shift = index * row->list->stride;
        r->index = index;
        r->field.offset += shift;
        if (row->has_when)
            r->field.when_offset += shift;
        if (row->parsed_offset)
            r->field.parsed_offset += shift;
        /* "hybrid.workloads[].gpus" -> "hybrid.workloads[2].gpus" */
        const char *open = strstr(row->key, "[]");
        char num[24];
        size_t d = sizeof num;
        do {
            num[--d] = (char)('0' + index % 10);
            index /= 10;
        } while (index > 0);
        size_t len = 0;
        path_put(r->path, sizeof r->path, &len, row->key, (size_t)(open - row->key));
        path_put(r->path, sizeof r->path, &len, "[", 1);
        path_put(r->path, sizeof r->path, &len, num + d, sizeof num - d);
        path_put(r->path, sizeof r->path, &len, "]", 1);
        path_put(r->path, sizeof r->path, &len, open + 2, strlen(open + 2));
    } else {
        size_t len = 0;
        path_put(r->path, sizeof r->path, &len, row->key, strlen(row->key));
    }
}

const Field *field_ref(FieldRef *r)
{
    r->field.key = r->path;
    return &r->field;
}

bool field_scope_given(const Scenario *s, FieldScope scope)
{
    switch (scope) {
    case FS_HYBRID:
        return s->has_hybrid;
    case FS_UNCERTAINTY:
        return s->has_uncertainty;
    default:
        return true;
    }
}

const char *field_scope_name(FieldScope scope, char *buf, size_t n)
{
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].scope == scope)
            return field_section(&field_table[i], buf, n);
    snprintf(buf, n, "%s", "");
    return buf;
}

bool field_in_scope(const Field *f, const Scenario *s)
{
    return field_scope_given(s, f->scope);
}

size_t field_list_count(const FieldList *l, const Scenario *s)
{
    size_t n;
    memcpy(&n, (const char *)s + l->count_offset, sizeof n);
    return n;
}

bool field_in_use(const Field *f, const Scenario *s, size_t index)
{
    if (!f->has_when)
        return true;
    size_t off = f->when_offset + (f->list ? index * f->list->stride : 0);
    bool on;
    memcpy(&on, (const char *)s + off, sizeof on);
    return on == f->when_value;
}

const Field *field_alternative(const Field *f)
{
    if (!f->has_when)
        return NULL;
    for (size_t i = 0; i < field_count; i++) {
        const Field *g = &field_table[i];
        if (g != f && g->has_when && g->list == f->list &&
            g->when_offset == f->when_offset)
            return g;
    }
    return NULL;
}

int field_exists(const FieldRef *r, const Scenario *s, Diag *d)
{
    if (!field_in_scope(r->row, s)) {
        char sec[32];
        field_section(r->row, sec, sizeof sec);
        bool hy = r->row->scope == FS_HYBRID;
        return diag_fail(d, "the scenario has no %s section (add a%s `%s:` "
                         "section with its %s to the file first)", sec,
                         hy ? "" : "n", sec, hy ? "workloads" : "inputs");
    }
    if (r->row->list) {
        size_t n = field_list_count(r->row->list, s);
        if (r->index >= n)
            return diag_fail(d, "there is no %s %zu (the %s has %zu, "
                             "numbered from 0)", r->row->list->item, r->index,
                             r->row->list->holder, n);
    }
    return 0;
}

/* ---- did you mean ------------------------------------------------------- */

/* Levenshtein distance, capped: returns cap + 1 when the strings are
 * further apart than cap. Names here are short, so a row of 64 is plenty. */
static size_t edit_distance(const char *a, const char *b, size_t cap)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return cap + 1;
    size_t prev[64], cur[64];
    for (size_t j = 0; j <= lb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
            size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
            size_t m = sub < del ? sub : del;
            cur[j] = m < ins ? m : ins;
        }
        memcpy(prev, cur, (lb + 1) * sizeof prev[0]);
    }
    return prev[lb];
}

/* How far a key may be from a known one and still be suggested: a third
 * of its last part (a typing slip is in one name, and a long section name
 * must not make any two keys look alike). */
static size_t suggest_cap(const char *key)
{
    const char *dot = strrchr(key, '.');
    size_t cap = strlen(dot ? dot + 1 : key) / 3 + 1;
    return cap > 4 ? 4 : cap;
}

/* The nearest candidate so far. */
typedef struct Near {
    const char *best;
    size_t d, cap;
} Near;

static void consider(Near *n, const char *key, const char *cand,
                     const char *result)
{
    size_t d = edit_distance(key, cand, n->cap);
    if (d < n->d) {
        n->d = d;
        n->best = result;
    }
}

/* The part of row key k inside section `prefix` ("nodes" of
 * "hardware.nodes" in "hardware"; "workloads[].gpus" of a list row in
 * "hybrid"), or NULL when k is not under it. */
static const char *under(const char *k, const char *prefix, size_t plen)
{
    if (plen == 0)
        return k;
    if (strncmp(k, prefix, plen) != 0 || k[plen] != '.')
        return NULL;
    return k + plen + 1;
}

/* The one row whose last part is the last part of `key`, a full key put
 * in the wrong section ("hardware.power_price_kwh" ->
 * "facility.power_price_kwh"); NULL when none, or when that last part is
 * in several sections (which one was meant cannot be told). */
static const char *in_other_section(const char *key)
{
    const char *dot = strrchr(key, '.');
    if (!dot)
        return NULL;
    const char *found = NULL;
    for (size_t i = 0; i < field_count; i++)
        if (strchr(field_table[i].key, '.') &&
            strcmp(field_leaf(&field_table[i]), dot + 1) == 0) {
            if (found)
                return NULL;
            found = field_table[i].key;
        }
    return found;
}

const char *field_suggest(const char *key, const char *prefix, char *buf,
                          size_t n_buf)
{
    Near n = {NULL, (size_t)-1, suggest_cap(key)};
    /* The last part of a key, exactly: `nodes` -> `hardware.nodes`. */
    if ((prefix == NULL || prefix[0] == '\0') && !strchr(key, '.'))
        for (size_t i = 0; i < field_count; i++)
            if (strchr(field_table[i].key, '.') &&
                strcmp(field_leaf(&field_table[i]), key) == 0)
                return field_table[i].key;
    if (prefix == NULL) {
        /* The top level of a file: its names and the section names. */
        consider(&n, key, "gpuplan", "gpuplan");
        for (size_t i = 0; i < field_count; i++) {
            const char *k = field_table[i].key;
            const char *dot = strchr(k, '.');
            if (!dot) {
                consider(&n, key, k, k);
                continue;
            }
            char s[32];
            snprintf(s, sizeof s, "%.*s", (int)(dot - k), k);
            if (edit_distance(key, s, n.cap) < n.d) {
                /* A section name is no row's key: it goes to the caller's
                 * buffer (the model keeps no state of its own, so worker
                 * threads may call this at once). */
                snprintf(buf, n_buf, "%s", s);
                consider(&n, key, s, buf);
            }
        }
        return n.d > n.cap ? NULL : n.best;
    }
    size_t plen = strlen(prefix);
    for (size_t i = 0; i < field_count; i++) {
        const char *k = under(field_table[i].key, prefix, plen);
        if (!k)
            continue;
        if (plen > 0 && strchr(k, '.'))
            continue; /* a list row, below this section's own keys */
        consider(&n, key, k, field_table[i].key);
        /* A full key may also be a near miss of a last part. */
        if (plen == 0 && !strchr(key, '.') && strchr(k, '.'))
            consider(&n, key, field_leaf(&field_table[i]),
                     field_table[i].key);
    }
    if (n.d <= n.cap)
        return n.best;
    return plen == 0 ? in_other_section(key) : NULL;
}

/* The lists with items under section `prefix` ("workloads" in "hybrid"). */
static const FieldList *list_named(const char *prefix, const char *name)
{
    size_t plen = strlen(prefix);
    for (size_t i = 0; i < field_count; i++) {
        const FieldList *l = field_table[i].list;
        if (l && strncmp(l->key, prefix, plen) == 0 && l->key[plen] == '.' &&
            strcmp(l->key + plen + 1, name) == 0)
            return l;
    }
    return NULL;
}

/* Append "a, b, c" of the keys written directly in `section` (NULL = the
 * top level of a file: the version, top-level names and section names). */
static void known_keys(const char *section, char *buf, size_t n)
{
    size_t used = 0, slen = section ? strlen(section) : 0;
    const char *prev = "";
    size_t prevlen = 0;
    buf[0] = '\0';
    /* A list longer than buf ends in "…" (never cut silently). */
#define ADD(s, len)                                                            \
    do {                                                                       \
        int w_ = snprintf(buf + used, n - used, "%s%.*s", used ? ", " : "",    \
                          (int)(len), s);                                      \
        if (w_ < 0 || (size_t)w_ >= n - used) {                               \
            memcpy(buf + utf8_floor(buf, strlen(buf), n - 4), "\xe2\x80\xa6", \
                   4);                                                         \
            return;                                                            \
        }                                                                      \
        used += (size_t)w_;                                                    \
    } while (0)
    if (!section)
        ADD("gpuplan", 7);
    for (size_t i = 0; i < field_count; i++) {
        const char *k = field_table[i].key;
        if (section) {
            k = under(k, section, slen);
            if (!k)
                continue;
        }
        /* The first part: a name, a section or a list ("workloads"). */
        size_t len = strcspn(k, ".[");
        if (len == prevlen && strncmp(k, prev, len) == 0)
            continue;
        prev = k;
        prevlen = len;
        ADD(k, len);
    }
#undef ADD
}

/* Print `s` into msg with "[]" given back its index (or N when none). */
static void with_index(char *out, size_t n, const char *s, const char *index)
{
    const char *open = strstr(s, "[]");
    if (!open)
        snprintf(out, n, "%s", s);
    else
        snprintf(out, n, "%.*s[%s]%s", (int)(open - s), s, index, open + 2);
}

int field_unknown(const char *section, const char *key, Diag *d)
{
    char known[600], q[KEY_QUOTE]; /* q: the key as written, quoted */
    utf8_clip(key, q, sizeof q);
    if (section == NULL) {
        /* "hardware.nodes" at the top level of a file: say where it goes. */
        const Field *nested = field_find(key);
        char near_sec[32];
        const char *near = field_suggest(key, NULL, near_sec, sizeof near_sec);
        if (nested && strchr(key, '.') && !nested->list) {
            char sec[32];
            field_section(nested, sec, sizeof sec);
            diag_fail(d, "unknown key `%s` (write `%s` inside the `%s:` "
                      "section)", q, field_leaf(nested), sec);
        } else if (near && strchr(near, '.') && !strstr(near, "[]")) {
            char sec[32];
            field_section(field_find(near), sec, sizeof sec);
            diag_fail(d, "unknown key `%s` (did you mean `%s`? write `%s` "
                      "inside the `%s:` section)", q, near,
                      field_leaf(field_find(near)), sec);
        } else if (near && !strchr(near, '.')) {
            diag_fail(d, "unknown key `%s` (did you mean `%s`?)", q, near);
        } else {
            known_keys(NULL, known, sizeof known);
            diag_fail(d, "unknown key `%s` (known keys: %s)", q, known);
        }
        return EXIT_DATAERR;
    }
    if (section[0] == '\0') {
        /* A full key: "hybrid.workloads[2].gpu" is compared without its
         * index, and the suggestion gets the index back. */
        char bare[128], index[24] = "N";
        const char *open = strchr(key, '[');
        const char *close = open ? strchr(open, ']') : NULL;
        if (open && close && (size_t)(close - open - 1) < sizeof index) {
            snprintf(index, sizeof index, "%.*s", (int)(close - open - 1),
                     open + 1);
            snprintf(bare, sizeof bare, "%.*s[]%s", (int)(open - key), key,
                     close + 1);
        } else {
            snprintf(bare, sizeof bare, "%s", key);
        }
        char near_sec[32];
        const char *near = field_suggest(bare, "", near_sec,
                                         sizeof near_sec);
        if (near) {
            char shown[FIELD_PATH_MAX];
            with_index(shown, sizeof shown, near, index);
            return diag_fail(d, "unknown key `%s` (did you mean `%s`?)", q,
                             shown);
        }
        /* Under a list: name the item's keys. */
        for (size_t i = 0; i < field_count; i++) {
            const FieldList *l = field_table[i].list;
            if (l && strncmp(key, l->key, strlen(l->key)) == 0 &&
                key[strlen(l->key)] == '[') {
                char sec[64];
                snprintf(sec, sizeof sec, "%s[]", l->key);
                known_keys(sec, known, sizeof known);
                diag_fail(d, "unknown key `%s` (expected %s[N].KEY with KEY "
                          "one of %s)", q, l->key, known);
                return EXIT_DATAERR;
            }
        }
        return diag_fail(d, "unknown key `%s` (the keys are listed in "
                         "gpuplan-scenario(5))", q);
    }
    char near_sec[32];
    const char *near = field_suggest(key, section, near_sec, sizeof near_sec);
    if (!near && list_named(section, key) == NULL) {
        /* A list's name misspelled ("workload" for "workloads"). */
        size_t slen = strlen(section);
        Near n = {NULL, (size_t)-1, suggest_cap(key)};
        for (size_t i = 0; i < field_count; i++) {
            const FieldList *l = field_table[i].list;
            if (l && strncmp(l->key, section, slen) == 0 &&
                l->key[slen] == '.')
                consider(&n, key, l->key + slen + 1, l->key);
        }
        if (n.d <= n.cap)
            near = n.best;
    }
    if (near) {
        const char *dot = strrchr(near, '.');
        const char *shown = dot ? dot + 1 : near;
        if (strcmp(shown, key) != 0)
            return diag_fail(d, "unknown key `%s` (did you mean `%s`?)", q,
                             shown);
        return diag_fail(d, "unknown key `%s` (this version of gpuplan does "
                         "not support it yet)", q);
    }
    known_keys(section, known, sizeof known);
    if (strstr(section, "[]"))
        return diag_fail(d, "unknown key `%s` (known keys: %s)", q, known);
    return diag_fail(d, "unknown key `%s` in `%s` (known keys: %s)", q,
                     section, known);
}

void field_complete_key(const Field *f, const char *word, char *buf,
                        size_t n)
{
    if (!f->list) {
        snprintf(buf, n, "%s", f->key);
        return;
    }
    size_t ll = strlen(f->list->key);
    const char *p = word + ll;
    if (strncmp(word, f->list->key, ll) == 0 && *p == '[' &&
        p[1] >= '0' && p[1] <= '9') {
        const char *close = strchr(p, ']');
        if (close && strspn(p + 1, "0123456789") == (size_t)(close - p - 1)) {
            snprintf(buf, n, "%.*s.%s", (int)(close + 1 - word), word,
                     field_leaf(f));
            return;
        }
    }
    snprintf(buf, n, "%s[", f->list->key);
}

const char *field_nearest(const char *word, const char *const *names, size_t n)
{
    Near near = {NULL, (size_t)-1, suggest_cap(word)};
    for (size_t i = 0; i < n; i++)
        consider(&near, word, names[i], names[i]);
    return near.d <= near.cap ? near.best : NULL;
}

/* ---- resolving a key ---------------------------------------------------- */

int field_resolve(const char *key, FieldRef *r, Diag *d)
{
    const Field *f = strchr(key, '[') ? NULL : field_find(key);
    if (f && !f->list) {
        field_ref_init(r, f, 0);
        return 0;
    }
    for (size_t i = 0; i < field_count; i++) {
        const FieldList *l = field_table[i].list;
        size_t ll = l ? strlen(l->key) : 0;
        if (!l || strncmp(key, l->key, ll) != 0)
            continue;
        const char *p = key + ll;
        if (*p == '\0') {
            return diag_fail(d, "`%s` is a list; set one value of one %s, "
                             "such as %s[0].%s", l->key, l->item, l->key,
                             field_leaf(&field_table[i]));
        }
        if (*p != '[')
            break;
        /* "[N]." with N plain decimal digits. */
        size_t index = 0, digits = 0;
        bool big = false;
        for (p++; *p >= '0' && *p <= '9'; p++, digits++) {
            if (index > l->max)
                big = true;
            else
                index = index * 10 + (size_t)(*p - '0');
        }
        char q[DIAG_QUOTE];
        if (digits == 0 || p[0] != ']' || p[1] != '.')
            return diag_fail(d, "`%s`: expected %s[N].KEY with N the %s's "
                             "number, from 0", diag_quote(key, q), l->key,
                             l->item);
        if (big || index >= l->max)
            return diag_fail(d, "`%s`: there are at most %zu %ss (numbered 0 "
                             "to %zu)", diag_quote(key, q), l->max, l->item,
                             l->max - 1);
        char row[128];
        snprintf(row, sizeof row, "%s[]%s", l->key, p + 1);
        f = field_find(row);
        if (!f)
            break;
        field_ref_init(r, f, index);
        return 0;
    }
    return field_unknown("", key, d);
}
