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

const Field *field_number_key(const char *key, char *msg, size_t n)
{
    const Field *f = field_find(key);
    /* The cost engine's inputs only: not the hybrid plan's or this
     * section's own. */
    if (f && f->scope != FS_SCENARIO) {
        char sec[32];
        snprintf(msg, n, "`%.60s` is a field of the %s section; an uncertain "
                 "input must be a number field of the scenario, such as "
                 "utilization.measured_pct", key,
                 field_section(f, sec, sizeof sec));
        return NULL;
    }
    if (!f) {
        /* A near miss is suggested only when it is a key this rule takes
         * (not "uncertainty.correlations[N].a" for "x"). */
        char why[400], sec[32];
        const char *near = field_suggest(key, "", sec, sizeof sec);
        const Field *nf = near ? field_find(near) : NULL;
        if (nf && (nf->list || nf->scope != FS_SCENARIO ||
                   !(nf->type == FT_INT || nf->type == FT_NUMBER ||
                     nf->type == FT_PERCENT || nf->type == FT_MONEY)))
            snprintf(why, sizeof why, "unknown key `%.160s` (the keys are "
                     "listed in gpuplan-scenario(5))", key);
        else
            field_unknown("", key, why, sizeof why);
        snprintf(msg, n, "`%.60s` is not a scenario field (%s; expected the "
                 "key path of a number field, such as "
                 "utilization.measured_pct)", key, why);
        return NULL;
    }
    if (f->type == FT_INT || f->type == FT_NUMBER || f->type == FT_PERCENT ||
        f->type == FT_MONEY)
        return f;
    snprintf(msg, n, "`%s` is a %s field; an uncertain input must be a "
             "number field (int, number, percent or money)", key,
             field_type_name(f->type));
    return NULL;
}

/* ---- text rules: one validator for each TextRule ---------------------- */

/* A validator: true when text is allowed; otherwise fills msg. With col
 * non-NULL it also gives the 1-based column of the problem within text (0
 * when none applies) and msg is only the problem, for a caller that points
 * at the column itself. */
typedef bool (*TextRuleFn)(const char *text, char *msg, size_t msgn,
                           int *col);

static bool rule_currency(const char *text, char *msg, size_t msgn, int *col)
{
    bool ok = strlen(text) == 3;
    for (size_t i = 0; ok && i < 3; i++)
        ok = text[i] >= 'A' && text[i] <= 'Z';
    if (!ok)
        snprintf(msg, msgn, "\"%s\" is not a currency code (expected three "
                 "upper-case letters, such as USD or EUR)", text);
    if (col)
        *col = 0;
    return ok;
}

static bool rule_cron(const char *text, char *msg, size_t msgn, int *col)
{
    Cron c;
    CronError ce;
    if (cron_parse(text, &c, &ce) == 0)
        return true;
    if (col) {
        *col = ce.column;
        snprintf(msg, msgn, "%s", ce.message);
    } else {
        snprintf(msg, msgn, "\"%.40s\" is not a cron schedule: %s (column "
                 "%d)", text, ce.message, ce.column);
    }
    return false;
}

/* An uncertain input's key: a number field of the scenario (DESIGN 2.8). */
static bool rule_number_key(const char *text, char *msg, size_t msgn,
                            int *col)
{
    if (col)
        *col = 0;
    return field_number_key(text, msg, msgn) != NULL;
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
static bool check_text_chars(const Field *f, const char *text, char *msg,
                             size_t msgn)
{
    char why[300];
    if (!text_check(text, field_multiline(f), why, sizeof why,
                    NULL)) {
        snprintf(msg, msgn, "text %s", why);
        return false;
    }
    return true;
}

bool field_check_text_at(const Field *f, const char *text, char *msg,
                         size_t msgn, int *col)
{
    if (col)
        *col = 0;
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
    if (f->rule == TR_CURRENCY && !rule_currency(text, msg, msgn, col))
        return false; /* said before the characters, as it always was */
    if (!check_text_chars(f, text, msg, msgn))
        return false;
    TextRuleFn rule = (unsigned)f->rule < TR_COUNT ? text_rules[f->rule] : NULL;
    if (rule && f->rule != TR_CURRENCY && !rule(text, msg, msgn, col))
        return false;
    return true;
}

bool field_check_text(const Field *f, const char *text, char *msg,
                      size_t msgn)
{
    return field_check_text_at(f, text, msg, msgn, NULL);
}

