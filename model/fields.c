/* fields.c: the values of the field registry (DESIGN 1.1): parse, check,
 * format and store a field's value; defaults, equality and the cross-field
 * rules of a whole scenario. The table itself is field_table.c, its keys
 * field_keys.c. */
#include "config.h"

#include "fields.h"

#include <float.h>
#include <stddef.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cron.h"
#include "numfmt.h"
#include "once_table.h"

double *field_num(const Field *f, Scenario *s)
{
    return (double *)((char *)s + f->offset);
}

double field_get_num(const Field *f, const Scenario *s)
{
    const char *p = (const char *)s + f->offset;
    if (f->type == FT_BOOL)
        return *(const bool *)p ? 1 : 0;
    if (f->type == FT_CHOICE)
        return *(const int *)p;
    return *(const double *)p;
}

void field_put_num(const Field *f, Scenario *s, double v)
{
    char *p = (char *)s + f->offset;
    if (f->type == FT_BOOL)
        *(bool *)p = v != 0;
    else if (f->type == FT_CHOICE)
        *(int *)p = (int)v;
    else if (f->type != FT_TEXT)
        *(double *)p = v;
}

size_t field_choice_count(const Field *f)
{
    size_t n = 0;
    if (f->type == FT_CHOICE && f->choices)
        while (f->choices[n])
            n++;
    return n;
}

int field_choice_index(const Field *f, const char *word)
{
    size_t n = field_choice_count(f);
    for (size_t i = 0; i < n; i++)
        if (strcmp(f->choices[i], word) == 0)
            return (int)i;
    return -1;
}

void field_choice_list(const Field *f, const char *sep, const char *last,
                       char *buf, size_t n)
{
    size_t k = field_choice_count(f), used = 0;
    if (n)
        buf[0] = '\0';
    for (size_t i = 0; i < k && used < n; i++) {
        int w = snprintf(buf + used, n - used, "%s%s",
                         i == 0 ? "" : i + 1 == k ? last : sep,
                         f->choices[i]);
        if (w < 0)
            return;
        used += (size_t)w;
    }
}

bool *field_bool(const Field *f, Scenario *s)
{
    return (bool *)((char *)s + f->offset);
}

char *field_text(const Field *f, Scenario *s)
{
    return (char *)s + f->offset;
}

const char *field_get_text(const Field *f, const Scenario *s)
{
    return (const char *)s + f->offset;
}

/* "from 0 to 100" with the shortest exact numbers. */
static void range_text(const Field *f, char *buf, size_t n)
{
    char lo[40], hi[40];
    if (f->plain_comment) { /* its range is another field's */
        snprintf(buf, n, "a number");
        return;
    }
    num_format_said(f->minimum, lo, sizeof lo);
    num_format_said(f->maximum, hi, sizeof hi);
    const char *kind = f->type == FT_INT ? "a whole number" : "a number";
    if (f->minimum == -DBL_MAX && f->maximum == DBL_MAX)
        snprintf(buf, n, "%s", kind); /* no range of its own (an
                                         uncertain input's low or high) */
    else if (f->above_minimum)
        snprintf(buf, n, "%s above %s, up to %s", kind, lo, hi);
    else
        snprintf(buf, n, "%s from %s to %s", kind, lo, hi);
}

int field_check_num(const Field *f, double v, Diag *d)
{
    if (f->type == FT_CHOICE) {
        if (v >= 0 && v < (double)field_choice_count(f) && v == floor(v))
            return 0;
        char words[200];
        field_choice_list(f, ", ", " or ", words, sizeof words);
        return diag_fail(d, "choice %g does not exist (expected %s)", v,
                         words);
    }
    bool finite = isfinite(v);
    bool whole = f->type != FT_INT || v == floor(v);
    if (finite && whole && v >= f->minimum &&
        (!f->above_minimum || v > f->minimum) && v <= f->maximum)
        return 0; /* the usual case: no text to format */
    char range[120], val[40];
    range_text(f, range, sizeof range);
    num_format_said(v, val, sizeof val);
    if (!finite)
        return diag_fail(d, "not a finite number (expected %s)", range);
    if (!whole)
        return diag_fail(d, "%s is not a whole number (expected %s)", val,
                         range);
    if (v < f->minimum) {
        char lo[40];
        num_format_said(f->minimum, lo, sizeof lo);
        return diag_fail(d, "%s is below %s (expected %s)", val, lo, range);
    }
    if (f->above_minimum && !(v > f->minimum)) {
        char lo[40];
        num_format_said(f->minimum, lo, sizeof lo);
        return diag_fail(d, "%s is not above %s (expected %s)", val, lo, range);
    }
    char hi[40];
    num_format_said(f->maximum, hi, sizeof hi);
    return diag_fail(d, "%s is above %s (expected %s)", val, hi, range);
}

static bool parse_bool(const char *t, double *out)
{
    /* true and false only (DESIGN 7): YAML 1.1 readers take yes/on/y as
     * true, YAML 1.2 readers as text, so accepting them would make a file
     * mean different things to different tools. */
    static const char *const yes[] = {"true"};
    static const char *const no[] = {"false"};
    for (size_t i = 0; i < 1; i++) {
        if (strcmp(t, yes[i]) == 0) {
            *out = 1;
            return true;
        }
        if (strcmp(t, no[i]) == 0) {
            *out = 0;
            return true;
        }
    }
    return false;
}

/* Does the number written as `text` equal v exactly? Only whole numbers of
 * 2^53 and more can differ (a double holds every smaller one); those must
 * be written as plain digits that v spells back, so that 2^53 + 1 is an
 * error instead of a silently different seed (DESIGN 7). */
static bool int_written_exactly(const char *text, double v)
{
    if (!(fabs(v) >= 9007199254740992.0))
        return true;
    const char *t = text;
    if (*t == '+' || *t == '-')
        t++;
    size_t digits = strspn(t, "0123456789");
    const char *rest = t + digits;
    if (*rest == '.') /* "…992.000" is fine, "…992.5" is not whole anyway */
        for (rest++; *rest == '0'; rest++)
            ;
    if (*rest != '\0')
        return false; /* an exponent: 9.007199254740993e15 cannot be checked */
    char spelled[400];
    snprintf(spelled, sizeof spelled, "%.0f", fabs(v));
    while (digits > 1 && *t == '0') {
        t++;
        digits--;
    }
    return strlen(spelled) == digits && strncmp(spelled, t, digits) == 0;
}

int field_parse(const Field *f, const char *text, double *out_num, Diag *d)
{
    if (f->type == FT_TEXT)
        return field_check_text(f, text, d);
    char q[DIAG_QUOTE]; /* the text, quoted in a message */
    diag_quote(text, q);
    if (f->type == FT_CHOICE) {
        int i = field_choice_index(f, text);
        if (i < 0) {
            char words[200];
            field_choice_list(f, ", ", " or ", words, sizeof words);
            return diag_fail(d, "\"%s\" is not one of the allowed words "
                             "(expected %s)", q, words);
        }
        *out_num = i;
        return 0;
    }
    if (f->type == FT_BOOL) {
        if (!parse_bool(text, out_num)) {
            return diag_fail(d, "\"%s\" is not true or false (write true "
                             "or false; yes, no, on, off, 1 and 0 are not "
                             "accepted)", q);
        }
        return 0;
    }
    double v;
    int r = num_parse(text, &v);
    if (r != 0) {
        char range[120];
        range_text(f, range, sizeof range);
        if (r == 2)
            return diag_fail(d, "\"%s\" is too large for a number "
                             "(expected %s)", q, range);
        if (r == 4)
            return diag_fail(d, "\"%s\" is too small for a number: it "
                             "would be read as 0 (expected %s; write 0 for "
                             "zero)", q, range);
        if (r == 3)
            return diag_fail(d, "\"%s\" has a leading zero, which YAML "
                             "reads as octal (expected %s, without leading "
                             "zeros)", q, range);
        if (*text == '\0')
            return diag_fail(d, "no value given (expected %s)", range);
        return diag_fail(d, "\"%s\" is not a number (expected %s, written "
                         "with '.')", q, range);
    }
    v += 0.0; /* -0 is read as 0: a sign on zero means nothing here */
    if (field_check_num(f, v, d) != 0)
        return EXIT_DATAERR;
    if (f->type == FT_INT && !int_written_exactly(text, v)) {
        return diag_fail(d, "\"%s\" cannot be held exactly (a whole number "
                         "beyond 9007199254740992, 2^53, would be rounded to "
                         "%.0f); write a whole number of at most 2^53", q, v);
    }
    *out_num = v;
    return 0;
}

int field_set(const Field *f, Scenario *s, const char *text, Diag *d)
{
    double v = 0;
    if (field_parse(f, text, &v, d) != 0)
        return EXIT_DATAERR;
    if (f->type == FT_TEXT) {
        snprintf(field_text(f, s), f->size, "%s", text);
        if (f->rule == TR_CRON) {
            /* Checked above, so this parse succeeds. */
            (void)cron_parse(text, (Cron *)((char *)s + f->parsed_offset), NULL);
        }
    } else {
        field_put_num(f, s, v);
    }
    if (f->has_when)
        *(bool *)((char *)s + f->when_offset) = f->when_value;
    return 0;
}

bool field_unset(const FieldRef *r, Scenario *s)
{
    const Field *row = r->row;
    if (!row->has_when || field_alternative(row) || row->type == FT_TEXT)
        return false;
    field_put_num(&r->field, s, row->default_num);
    *(bool *)((char *)s + r->field.when_offset) = !row->when_value;
    return true;
}

void field_format_double(double v, char *buf, size_t n)
{
    num_format_exact(v, buf, n);
}

void field_format(const Field *f, const Scenario *s, char *buf, size_t n)
{
    switch (f->type) {
    case FT_TEXT:
        snprintf(buf, n, "%s", field_get_text(f, s));
        break;
    case FT_BOOL:
        snprintf(buf, n, "%s", field_get_num(f, s) != 0 ? "true" : "false");
        break;
    case FT_CHOICE: {
        double i = field_get_num(f, s);
        snprintf(buf, n, "%s", i >= 0 && i < (double)field_choice_count(f)
                                   ? f->choices[(size_t)i] : "?");
        break;
    }
    default:
        num_format_exact(field_get_num(f, s), buf, n);
        break;
    }
}

bool field_saved(const Field *f, const Scenario *s, size_t index)
{
    if (!field_in_scope(f, s) || !field_in_use(f, s, index))
        return false;
    if (!f->omit_default)
        return true;
    FieldRef r;
    field_ref_init(&r, f, index);
    if (f->type == FT_TEXT) /* a text's default is its default_text */
        return strcmp(field_get_text(field_ref(&r), s),
                      f->default_text ? f->default_text : "") != 0;
    return field_get_num(field_ref(&r), s) != f->default_num;
}

/* The rows each rule names, looked up once: the rules are checked for
 * every draw of a Monte Carlo, and finding their fields among the
 * registry's rows by name took four fifths of a draw (once_table.h). */
typedef struct RuleRows {
    const Field *key, *limit;
} RuleRows;
static RuleRows rule_rows[FIELD_RULES_MAX];
static OnceTable rule_once = ONCE_TABLE_INIT;

static void rules_fill(void *table, void *arg)
{
    (void)arg;
    RuleRows *t = table;
    for (size_t i = 0; i < field_rule_count; i++) {
        t[i].key = field_find(field_rules[i].key);
        t[i].limit = field_rules[i].limit ? field_find(field_rules[i].limit)
                                          : NULL;
    }
}

static const RuleRows *rules_resolved(RuleRows *local)
{
    return once_table(&rule_once, rule_rows, local, rules_fill, NULL);
}

/* The rules of field_rules (those involving a field of scope `changed`
 * when only is set), the first broken one reported. */
static int validate(const Scenario *s, bool only, FieldScope changed,
                    const Field **bad, Diag *d)
{
    RuleRows local[FIELD_RULES_MAX];
    const RuleRows *rows = rules_resolved(local);
    for (size_t i = 0; i < field_rule_count; i++) {
        const FieldRule *r = &field_rules[i];
        const Field *f = rows[i].key, *lim = rows[i].limit;
        if (only && f->scope != changed && !(lim && lim->scope == changed))
            continue;
        if (r->holds) {
            if (field_in_scope(f, s) && r->holds(s, d) != 0) {
                *bad = f;
                return EXIT_DATAERR;
            }
            continue;
        }
        if (!field_in_scope(f, s) || !field_in_scope(lim, s))
            continue;
        if (field_get_num(f, s) > field_get_num(lim, s)) {
            *bad = f;
            return r->say(s, d);
        }
    }
    return 0;
}

int scenario_validate(const Scenario *s, const Field **bad, Diag *d)
{
    return validate(s, false, FS_SCENARIO, bad, d);
}

int scenario_validate_scope(const Scenario *s, FieldScope changed,
                            const Field **bad, Diag *d)
{
    return validate(s, true, changed, bad, d);
}

/* Row f's default into s (item `index` of a list row). */
static void put_default(const Field *f, Scenario *s, size_t index)
{
    /* The row's storage moved to item `index`, as field_ref_init() does,
     * without formatting the item's key path: this runs for every field
     * on every commit, and the getters read only the offset and type. */
    Field item = *f;
    if (f->list)
        item.offset += index * f->list->stride;
    const Field *g = &item;
    if (g->type == FT_TEXT) {
        snprintf(field_text(g, s), g->size, "%s", g->default_text);
    } else if (g->default_key) {
        const Field *from = field_find(g->default_key);
        field_put_num(g, s, from ? field_get_num(from, s) : g->default_num);
    } else {
        field_put_num(g, s, g->default_num);
    }
}

void scenario_default(Scenario *s)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].scope == FS_SCENARIO)
            put_default(&field_table[i], s, 0);
}

void scenario_hybrid_default(Scenario *s)
{
    memset(&s->hybrid, 0, sizeof s->hybrid);
    memset(&s->trace, 0, sizeof s->trace);
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].scope == FS_HYBRID && !field_table[i].list)
            put_default(&field_table[i], s, 0);
}

void field_scope_default(Scenario *s, FieldScope scope)
{
    if (scope == FS_HYBRID) {
        s->has_hybrid = true;
        scenario_hybrid_default(s);
    } else if (scope == FS_UNCERTAINTY) {
        s->has_uncertainty = true;
        memset(&s->uncertainty, 0, sizeof s->uncertainty);
        for (size_t i = 0; i < field_count; i++)
            if (field_table[i].scope == scope && !field_table[i].list)
                put_default(&field_table[i], s, 0);
    }
}

void field_item_default(const FieldList *l, Scenario *s, size_t i)
{
    memset((char *)s + l->offset + i * l->stride, 0, l->stride);
    for (size_t k = 0; k < field_count; k++)
        if (field_table[k].list == l)
            put_default(&field_table[k], s, i);
}

/* Row f holds the same value in a and b (item `index` of a list row):
 * numbers bit for bit, text byte for byte. */
static bool same_value(const Field *f, const Scenario *a, const Scenario *b,
                       size_t index)
{
    /* The row's storage moved to item `index`, as field_ref_init() does,
     * without formatting the item's key path: this runs for every field
     * on every commit, and the getters read only the offset and type. */
    Field item = *f;
    if (f->list)
        item.offset += index * f->list->stride;
    const Field *g = &item;
    if (g->type == FT_TEXT)
        return strcmp(field_get_text(g, a), field_get_text(g, b)) == 0;
    double x = field_get_num(g, a), y = field_get_num(g, b);
    return memcmp(&x, &y, sizeof x) == 0;
}

/* The main view's sections are the members from currency up to the
 * optional sections; the name and notes come before them. */
_Static_assert(offsetof(Scenario, name) < offsetof(Scenario, currency) &&
                   offsetof(Scenario, notes) < offsetof(Scenario, currency) &&
                   offsetof(Scenario, horizon) < offsetof(Scenario, has_hybrid),
               "Scenario's main sections lie between currency and has_hybrid");

#define MAIN_FROM offsetof(Scenario, currency)
#define MAIN_TO offsetof(Scenario, has_hybrid)

void scenario_copy_main(Scenario *dst, const Scenario *src)
{
    memcpy((char *)dst + MAIN_FROM, (const char *)src + MAIN_FROM, MAIN_TO - MAIN_FROM);
}

bool scenario_main_equal(const Scenario *a, const Scenario *b)
{
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->scope != FS_SCENARIO || f->offset < MAIN_FROM || f->offset >= MAIN_TO)
            continue;
        if (f->list) /* (the main view has no lists; compared as a whole) */
            return scenario_equal(a, b);
        if (!same_value(f, a, b, 0))
            return false;
    }
    return true;
}

bool scenario_equal(const Scenario *a, const Scenario *b)
{
    for (int sc = 0; sc < FS_COUNT; sc++)
        if (field_scope_given(a, (FieldScope)sc) !=
            field_scope_given(b, (FieldScope)sc))
            return false;
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (!field_in_scope(f, a))
            continue;
        if (!f->list) {
            if (!same_value(f, a, b, 0))
                return false;
            continue;
        }
        size_t n = field_list_count(f->list, a);
        if (n != field_list_count(f->list, b))
            return false;
        for (size_t k = 0; k < n; k++) {
            bool used = field_in_use(f, a, k);
            if (used != field_in_use(f, b, k))
                return false;
            if (used && !same_value(f, a, b, k))
                return false;
        }
    }
    return true;
}
