/* fields.c: the helpers that read the field registry (SPEC 1.1): find,
 * suggest, parse, check, format and store a field's value. The table
 * itself is field_table.c. */
#include "config.h"

#include "fields.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hybrid_fields.h"
#include "numfmt.h"
#include "text_rules.h"
#include "utf8.h"
#include "uncertainty.h"


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

const Field *field_find(const char *key)
{
    for (size_t i = 0; i < field_count; i++)
        if (strcmp(field_table[i].key, key) == 0)
            return &field_table[i];
    return NULL;
}

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

const char *field_suggest(const char *key, const char *prefix)
{
    static const char *const sections[] = {
        "hardware", "facility", "staffing", "utilization", "cloud",
        "opportunity", "constraints", "horizon", "hybrid", "gpuplan"};
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    size_t cap = strlen(key) / 3 + 1;
    if (cap > 4)
        cap = 4;

    if (prefix == NULL) {
        for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++) {
            size_t d = edit_distance(key, sections[i], cap);
            if (d < best_d) {
                best_d = d;
                best = sections[i];
            }
        }
    }
    size_t plen = prefix ? strlen(prefix) : 0;
    for (size_t i = 0; i < field_count; i++) {
        const char *k = field_table[i].key;
        const char *dot = strrchr(k, '.');
        if (prefix == NULL) {
            if (dot)
                continue;
        } else if (plen > 0) {
            if (strncmp(k, prefix, plen) != 0 || k[plen] != '.')
                continue;
            k += plen + 1;
        }
        size_t d = edit_distance(key, k, cap);
        if (d < best_d) {
            best_d = d;
            best = field_table[i].key;
        }
    }
    if (best_d > cap)
        return NULL;
    return best;
}

const char *field_suggest_in(const char *key, const char *const *candidates,
                             size_t n)
{
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    size_t cap = strlen(key) / 3 + 1;
    if (cap > 4)
        cap = 4;
    for (size_t i = 0; i < n; i++) {
        size_t d = edit_distance(key, candidates[i], cap);
        if (d < best_d) {
            best_d = d;
            best = candidates[i];
        }
    }
    return best_d > cap ? NULL : best;
}

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

long field_utf8_length(const char *s) { return utf8_length(s, strlen(s)); }

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
        "Cloud", "Business", "Hybrid"};
    return (unsigned)p < PANEL_COUNT ? names[p] : "?";
}

/* "from 0 to 100" with the shortest exact numbers. */
static void range_text(const Field *f, char *buf, size_t n)
{
    char lo[40], hi[40];
    num_format_exact(f->minimum, lo, sizeof lo);
    num_format_exact(f->maximum, hi, sizeof hi);
    const char *kind = f->type == FT_INT ? "a whole number" : "a number";
    snprintf(buf, n, "%s from %s to %s", kind, lo, hi);
}

bool field_check_num(const Field *f, double v, char *msg, size_t msgn)
{
    if (f->type == FT_CHOICE) {
        if (v >= 0 && v < (double)field_choice_count(f) && v == floor(v))
            return true;
        char words[200];
        field_choice_list(f, ", ", " or ", words, sizeof words);
        snprintf(msg, msgn, "choice %g does not exist (expected %s)", v,
                 words);
        return false;
    }
    char range[120], val[40];
    range_text(f, range, sizeof range);
    num_format_exact(v, val, sizeof val);
    if (!isfinite(v)) {
        snprintf(msg, msgn, "not a finite number (expected %s)", range);
        return false;
    }
    if (f->type == FT_INT && v != floor(v)) {
        snprintf(msg, msgn, "%s is not a whole number (expected %s)", val,
                 range);
        return false;
    }
    if (v < f->minimum) {
        char lo[40];
        num_format_exact(f->minimum, lo, sizeof lo);
        snprintf(msg, msgn, "%s is below %s (expected %s)", val, lo, range);
        return false;
    }
    if (v > f->maximum) {
        char hi[40];
        num_format_exact(f->maximum, hi, sizeof hi);
        snprintf(msg, msgn, "%s is above %s (expected %s)", val, hi, range);
        return false;
    }
    return true;
}

bool field_check_text(const Field *f, const char *text, char *msg,
                      size_t msgn)
{
    long len = field_utf8_length(text);
    if (len < 0) {
        snprintf(msg, msgn, "text is not valid UTF-8");
        return false;
    }
    if (strlen(text) >= f->size || len > (long)f->maximum) {
        snprintf(msg, msgn, "text is %ld characters long (at most %.0f allowed)",
                 len, f->maximum);
        return false;
    }
    if (len < (long)f->minimum) {
        if (f->minimum == 1)
            snprintf(msg, msgn, "text is empty (expected 1 to %.0f characters)",
                     f->maximum);
        else
            snprintf(msg, msgn,
                     "text is %ld characters long (expected %.0f to %.0f)", len,
                     f->minimum, f->maximum);
        return false;
    }
    if (f->rule == TR_CURRENCY) {
        bool ok = strlen(text) == 3;
        for (size_t i = 0; ok && i < 3; i++)
            ok = text[i] >= 'A' && text[i] <= 'Z';
        if (!ok) {
            snprintf(msg, msgn,
                     "\"%s\" is not a currency code (expected three upper-case "
                     "letters, such as USD or EUR)", text);
            return false;
        }
    }
    /* Only notes span lines; every other text is one line (SPEC 7). */
    char why[300];
    if (!text_check(text, strcmp(f->key, "notes") == 0, why, sizeof why, NULL)) {
        snprintf(msg, msgn, "text %s", why);
        return false;
    }
    return true;
}

static bool parse_bool(const char *t, double *out)
{
    /* true and false only (SPEC 7): YAML 1.1 readers take yes/on/y as
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
 * error instead of a silently different seed (SPEC 7). */
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

bool field_parse(const Field *f, const char *text, double *out_num, char *msg,
                 size_t msgn)
{
    if (f->type == FT_TEXT)
        return field_check_text(f, text, msg, msgn);
    if (f->type == FT_CHOICE) {
        int i = field_choice_index(f, text);
        if (i < 0) {
            char words[200];
            field_choice_list(f, ", ", " or ", words, sizeof words);
            snprintf(msg, msgn, "\"%.40s\" is not one of the allowed words "
                     "(expected %s)", text, words);
            return false;
        }
        *out_num = i;
        return true;
    }
    if (f->type == FT_BOOL) {
        if (!parse_bool(text, out_num)) {
            snprintf(msg, msgn, "\"%.40s\" is not true or false (write true "
                     "or false; yes, no, on, off, 1 and 0 are not accepted)",
                     text);
            return false;
        }
        return true;
    }
    double v;
    int r = num_parse(text, &v);
    if (r != 0) {
        char range[120];
        range_text(f, range, sizeof range);
        if (r == 2)
            snprintf(msg, msgn, "\"%.40s\" is too large for a number "
                     "(expected %s)", text, range);
        else if (r == 3)
            snprintf(msg, msgn, "\"%.40s\" has a leading zero, which YAML reads "
                     "as octal (expected %s, without leading zeros)", text, range);
        else if (*text == '\0')
            snprintf(msg, msgn, "no value given (expected %s)", range);
        else
            snprintf(msg, msgn, "\"%.40s\" is not a number (expected %s, "
                     "written with '.')", text, range);
        return false;
    }
    v += 0.0; /* -0 is read as 0: a sign on zero means nothing here */
    if (!field_check_num(f, v, msg, msgn))
        return false;
    if (f->type == FT_INT && !int_written_exactly(text, v)) {
        snprintf(msg, msgn, "\"%.40s\" cannot be held exactly (a whole number "
                 "beyond 9007199254740992, 2^53, would be rounded to %.0f); "
                 "write a whole number of at most 2^53", text, v);
        return false;
    }
    *out_num = v;
    return true;
}

bool field_set(const Field *f, Scenario *s, const char *text, char *msg,
               size_t msgn)
{
    double v = 0;
    if (!field_parse(f, text, &v, msg, msgn))
        return false;
    if (f->type == FT_TEXT)
        snprintf(field_text(f, s), f->size, "%s", text);
    else
        field_put_num(f, s, v);
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

bool scenario_validate(const Scenario *s, const Field **bad, char *msg,
                       size_t msgn)
{
    const Facility *fa = &s->facility;
    char a[40], b[40];
    if (fa->node_power_busy_kw > fa->node_power_max_kw) {
        num_format_exact(fa->node_power_busy_kw, a, sizeof a);
        num_format_exact(fa->node_power_max_kw, b, sizeof b);
        *bad = field_find("facility.node_power_busy_kw");
        snprintf(msg, msgn, "busy power %s kW is above the provisioned %s kW "
                 "(need idle <= busy <= max)", a, b);
        return false;
    }
    if (fa->node_power_idle_kw > fa->node_power_busy_kw) {
        num_format_exact(fa->node_power_idle_kw, a, sizeof a);
        num_format_exact(fa->node_power_busy_kw, b, sizeof b);
        *bad = field_find("facility.node_power_idle_kw");
        snprintf(msg, msgn, "idle power %s kW is above the busy %s kW "
                 "(need idle <= busy <= max)", a, b);
        return false;
    }
    return true;
}

void scenario_default(Scenario *s)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->type == FT_TEXT)
            snprintf(field_text(f, s), f->size, "%s", f->default_text);
        else
            field_put_num(f, s, f->default_num);
    }
}

bool scenario_equal(const Scenario *a, const Scenario *b)
{
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->type == FT_TEXT) {
            if (strcmp(field_get_text(f, a), field_get_text(f, b)) != 0)
                return false;
        } else if (f->type == FT_BOOL || f->type == FT_CHOICE) {
            if (field_get_num(f, a) != field_get_num(f, b))
                return false;
        } else {
            double x = field_get_num(f, a), y = field_get_num(f, b);
            if (memcmp(&x, &y, sizeof x) != 0)
                return false;
        }
    }
    if (a->has_hybrid != b->has_hybrid ||
        a->has_uncertainty != b->has_uncertainty)
        return false;
    if (a->has_uncertainty &&
        !uncertainty_equal(&a->uncertainty, &b->uncertainty))
        return false;
    return !a->has_hybrid || hybrid_plan_equal(&a->hybrid, &b->hybrid);
}
