/* cron.c: parse and match 5-field cron expressions (DESIGN 6). */
#include "config.h"

#include "cron.h"
#include "utf8.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct CronField {
    const char *name;
    int min, max;
} CronField;

static const CronField cron_fields[5] = {
    {"minute", 0, 59},      {"hour", 0, 23}, {"day-of-month", 1, 31},
    {"month", 1, 12},       {"day-of-week", 0, 7},
};

/* Parser state: the whole expression (for columns) and the cursor. */
typedef struct CronParser {
    const char *text;
    const char *p;
    Diag *d;
} CronParser;

/* 1-based column of byte position q, counting UTF-8 characters. */
static unsigned long cron_column(const char *text, const char *q)
{
    return 1 + (unsigned long)utf8_count(text, (size_t)(q - text));
}

#if defined(__GNUC__) || defined(__clang__)
#define CRON_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CRON_PRINTF(a, b)
#endif

static int cron_fail(CronParser *cp, const char *at, const char *fmt, ...)
    CRON_PRINTF(3, 4);

static int cron_fail(CronParser *cp, const char *at, const char *fmt, ...)
{
    if (cp->d) {
        va_list ap;
        va_start(ap, fmt);
        diag_vset(cp->d, EXIT_DATAERR, 0, cron_column(cp->text, at), NULL,
                  fmt, ap);
        va_end(ap);
    }
    return EXIT_DATAERR;
}

static bool cron_is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static bool cron_is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Complain about the character at cp->p, which does not belong there. */
static int cron_unexpected(CronParser *cp, const CronField *f)
{
    unsigned char c = (unsigned char)*cp->p;
    if (c == '\0' || cron_is_blank((char)c))
        return cron_fail(cp, cp->p, "%s: missing number (%d-%d)", f->name,
                         f->min, f->max);
    if (c < 0x21 || c >= 0x7f)
        return cron_fail(cp, cp->p,
                         "%s: unexpected character (allowed: numbers %d-%d, "
                         "*, ranges a-b, steps /n, lists a,b)",
                         f->name, f->min, f->max);
    return cron_fail(cp, cp->p,
                     "%s: unexpected '%c' (allowed: numbers %d-%d, *, "
                     "ranges a-b, steps /n, lists a,b)",
                     f->name, (char)c, f->min, f->max);
}

/* Read a decimal number at cp->p into *v (saturating at a large value so a
 * long digit string is reported as out of range rather than wrapping). */
static int cron_number(CronParser *cp, const CronField *f, int *v,
                       const char **start)
{
    *start = cp->p;
    if (!cron_is_digit(*cp->p))
        return cron_unexpected(cp, f);
    long n = 0;
    while (cron_is_digit(*cp->p)) {
        if (n < 1000000)
            n = n * 10 + (*cp->p - '0');
        cp->p++;
    }
    *v = (int)n;
    return 0;
}

/* The digits at `at` as written, for messages that quote a number (the
 * parsed value saturates, so 10^20 must not read as 1000000): cut by
 * diag_quote, ending in "…", past DIAG_QUOTE - 1 bytes. */
static const char *cron_digits(const char *at, char buf[DIAG_QUOTE])
{
    char all[2 * DIAG_QUOTE];
    size_t n = 0;
    while (cron_is_digit(at[n]) && n + 1 < sizeof all) {
        all[n] = at[n];
        n++;
    }
    all[n] = '\0';
    return diag_quote(all, buf);
}

static int cron_in_range(CronParser *cp, const CronField *f, int v,
                         const char *at)
{
    if (v < f->min || v > f->max) {
        char q[DIAG_QUOTE];
        return cron_fail(cp, at, "%s %s out of range (%d-%d)", f->name,
                         cron_digits(at, q), f->min, f->max);
    }
    return 0;
}

/* One list element: `*`, `*\/s`, `a`, `a-b`, `a-b/s`. Sets its values in
 * *bits. */
static int cron_element(CronParser *cp, const CronField *f, uint64_t *bits)
{
    int lo, hi, step = 1;
    const char *at;
    if (*cp->p == '*') {
        cp->p++;
        lo = f->min;
        hi = f->max;
    } else {
        if (cron_number(cp, f, &lo, &at) || cron_in_range(cp, f, lo, at))
            return EXIT_DATAERR;
        hi = lo;
        if (*cp->p == '-') {
            cp->p++;
            const char *hat;
            if (cron_number(cp, f, &hi, &hat) || cron_in_range(cp, f, hi, hat))
                return EXIT_DATAERR;
            if (hi < lo)
                return cron_fail(cp, at,
                                 "%s range %d-%d runs backwards (start must "
                                 "not exceed end)",
                                 f->name, lo, hi);
        } else if (*cp->p == '/') {
            return cron_fail(cp, cp->p,
                             "%s: a step needs `*` or a range before it "
                             "(write %d-%d/...)",
                             f->name, lo, f->max);
        }
    }
    if (*cp->p == '/') {
        cp->p++;
        const char *sat;
        if (cron_number(cp, f, &step, &sat))
            return EXIT_DATAERR;
        int span = f->max - f->min + 1;
        if (step < 1 || step > span) {
            char q[DIAG_QUOTE];
            return cron_fail(cp, sat, "%s step %s out of range (1-%d)",
                             f->name, cron_digits(sat, q), span);
        }
    }
    for (int v = lo; v <= hi; v += step)
        *bits |= UINT64_C(1) << v;
    return 0;
}

/* One whole field: a comma list of elements, up to a blank or the end. */
static int cron_field(CronParser *cp, const CronField *f, uint64_t *bits,
                      bool *star)
{
    *bits = 0;
    *star = *cp->p == '*';
    for (;;) {
        if (cron_element(cp, f, bits))
            return EXIT_DATAERR;
        if (*cp->p == ',') {
            cp->p++;
            continue;
        }
        if (*cp->p == '\0' || cron_is_blank(*cp->p))
            return 0;
        return cron_unexpected(cp, f);
    }
}

int cron_parse(const char *text, Cron *out, Diag *d)
{
    CronParser cp = {text, text, d};
    uint64_t bits[5];
    bool star[5];
    memset(out, 0, sizeof *out);
    for (int i = 0; i < 5; i++) {
        while (cron_is_blank(*cp.p))
            cp.p++;
        if (*cp.p == '\0')
            return cron_fail(&cp, cp.p,
                             "expected 5 fields (minute hour day-of-month "
                             "month day-of-week), found %d",
                             i);
        if (cron_field(&cp, &cron_fields[i], &bits[i], &star[i]))
            return EXIT_DATAERR;
    }
    while (cron_is_blank(*cp.p))
        cp.p++;
    if (*cp.p != '\0')
        return cron_fail(&cp, cp.p,
                         "expected 5 fields (minute hour day-of-month month "
                         "day-of-week), found more");
    out->minutes = bits[0];
    out->hours = (uint32_t)bits[1];
    out->mdays = (uint32_t)bits[2];
    out->months = (uint16_t)bits[3];
    /* Day of week 7 is Sunday, like 0. */
    out->wdays = (uint8_t)((bits[4] & 0x7f) | ((bits[4] >> 7) & 1));
    out->mday_star = star[2];
    out->wday_star = star[4];
    return 0;
}

bool cron_day_matches(const Cron *c, int month, int mday, int wday)
{
    if (month < 1 || month > 12 || !(c->months >> month & 1))
        return false;
    bool md = mday >= 1 && mday <= 31 && (c->mdays >> mday & 1);
    bool wd = wday >= 0 && wday <= 6 && (c->wdays >> wday & 1);
    if (c->mday_star || c->wday_star)
        return md && wd;
    return md || wd;
}

bool cron_matches(const Cron *c, int month, int mday, int wday, int hour,
                  int minute)
{
    return hour >= 0 && hour <= 23 && (c->hours >> hour & 1) && minute >= 0 &&
           minute <= 59 && (c->minutes >> minute & 1) &&
           cron_day_matches(c, month, mday, wday);
}
