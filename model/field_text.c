/* field_text.c: the value of a text field (DESIGN 1.1, 7): its length in
 * characters, the characters it may hold and the rule of its row (a
 * currency code, a cron schedule, the key of a number field). Declared in
 * fields.h; the rest of a field's values is fields.c. */
#include "config.h"

#include "fields.h"

#include <stdio.h>
#include <string.h>

#include "cron.h"
#include "text_rules.h"
#include "utf8.h"

long field_utf8_length(const char *s) { return utf8_length(s, strlen(s)); }

const Field *field_number_key(const char *key, Diag *d)
{
    const Field *f = field_find(key);
    char q[DIAG_QUOTE];
    diag_quote(key, q);
    /* The cost engine's inputs only: not the hybrid plan's or this
     * section's own. */
    if (f && f->scope != FS_SCENARIO) {
        char sec[32];
        diag_fail(d, "`%s` is a field of the %s section; an uncertain input "
                  "must be a number field of the scenario, such as "
                  "utilization.measured_pct", q,
                  field_section(f, sec, sizeof sec));
        return NULL;
    }
    if (!f) {
        /* A near miss is suggested only when it is a key this rule takes
         * (not "uncertainty.correlations[N].a" for "x"). */
        char sec[32];
        const char *near = field_suggest(key, "", sec, sizeof sec);
        const Field *nf = near ? field_find(near) : NULL;
        if (nf && (nf->list || nf->scope != FS_SCENARIO ||
                   !(nf->type == FT_INT || nf->type == FT_NUMBER ||
                     nf->type == FT_PERCENT || nf->type == FT_MONEY)))
            diag_fail(d, "unknown key `%s` (the keys are listed in "
                      "gpuplan-scenario(5))", q);
        else
            field_unknown("", key, d);
        char why[sizeof d->message];
        memcpy(why, d->message, sizeof why);
        diag_fail(d, "`%s` is not a scenario field (%s; expected the key path "
                  "of a number field, such as utilization.measured_pct)", q,
                  why);
        return NULL;
    }
    if (f->type == FT_INT || f->type == FT_NUMBER || f->type == FT_PERCENT ||
        f->type == FT_MONEY)
        return f;
    diag_fail(d, "`%s` is a %s field; an uncertain input must be a number "
              "field (int, number, percent or money)", key,
              field_type_name(f->type));
    return NULL;
}

/* ---- text rules: one validator for each TextRule ---------------------- */

/* A validator: 0 when text is allowed; otherwise EXIT_DATAERR with d set.
 * With col non-NULL it also gives the 1-based column of the problem within
 * text (0 when none applies) and d is only the problem, for a caller that
 * points at the column itself. */
typedef int (*TextRuleFn)(const char *text, Diag *d, int *col);

static int rule_currency(const char *text, Diag *d, int *col)
{
    bool ok = strlen(text) == 3;
    for (size_t i = 0; ok && i < 3; i++)
        ok = text[i] >= 'A' && text[i] <= 'Z';
    if (col)
        *col = 0;
    if (ok)
        return 0;
    char q[DIAG_QUOTE];
    return diag_fail(d, "\"%s\" is not a currency code (expected three "
                     "upper-case letters, such as USD or EUR)",
                     diag_quote(text, q));
}

static int rule_cron(const char *text, Diag *d, int *col)
{
    Cron c;
    if (cron_parse(text, &c, d) == 0)
        return 0;
    unsigned long at = d->col;
    d->col = 0; /* the caller places it */
    if (col) {
        *col = (int)at;
        return EXIT_DATAERR;
    }
    char q[DIAG_QUOTE], why[sizeof d->message];
    memcpy(why, d->message, sizeof why);
    return diag_fail(d, "\"%s\" is not a cron schedule: %s (column %lu)",
                     diag_quote(text, q), why, at);
}

/* An uncertain input's key: a number field of the scenario (DESIGN 2.8). */
static int rule_number_key(const char *text, Diag *d, int *col)
{
    if (col)
        *col = 0;
    return field_number_key(text, d) != NULL ? 0 : EXIT_DATAERR;
}

static const TextRuleFn text_rules[TR_COUNT] = {
    [TR_NONE] = NULL,
    [TR_CURRENCY] = rule_currency,
    [TR_CRON] = rule_cron,
    [TR_NUMBER_KEY] = rule_number_key,
};

bool field_multiline(const Field *f)
{
    return f->type == FT_TEXT && strcmp(f->key, "notes") == 0;
}

/* The characters a text field may hold (DESIGN 7): only notes span lines;
 * every other text is one line, without control characters or
 * bidirectional overrides (text_rules.h). */
static int check_text_chars(const Field *f, const char *text, Diag *d)
{
    if (text_check(text, field_multiline(f), d, NULL) == 0)
        return 0;
    diag_prefix(d, "text ");
    return EXIT_DATAERR;
}

int field_check_text_at(const Field *f, const char *text, Diag *d, int *col)
{
    if (col)
        *col = 0;
    long len = field_utf8_length(text);
    if (len < 0)
        return diag_fail(d, "text is not valid UTF-8");
    if (strlen(text) >= f->size || len > (long)f->maximum)
        return diag_fail(d, "text is %ld characters long (at most %.0f "
                         "allowed)", len, f->maximum);
    if (len < (long)f->minimum) {
        if (f->minimum == 1)
            return diag_fail(d, "text is empty (expected 1 to %.0f "
                             "characters)", f->maximum);
        return diag_fail(d, "text is %ld characters long (expected %.0f to "
                         "%.0f)", len, f->minimum, f->maximum);
    }
    if (f->rule == TR_CURRENCY && rule_currency(text, d, col) != 0)
        return EXIT_DATAERR; /* said before the characters, as it always was */
    if (check_text_chars(f, text, d) != 0)
        return EXIT_DATAERR;
    TextRuleFn rule = (unsigned)f->rule < TR_COUNT ? text_rules[f->rule] : NULL;
    if (rule && f->rule != TR_CURRENCY && rule(text, d, col) != 0)
        return EXIT_DATAERR;
    return 0;
}

int field_check_text(const Field *f, const char *text, Diag *d)
{
    return field_check_text_at(f, text, d, NULL);
}
