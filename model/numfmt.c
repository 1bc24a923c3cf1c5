/* numfmt.c: locale-proof number parsing and printing (see numfmt.h). */
#include "config.h"

#include "numfmt.h"

#include "dtoa.h"
#include "utf8.h"

#include <ctype.h>
#include <stdbool.h>
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The C locale object, created on first use. newlocale() cannot fail for
 * "C" short of memory exhaustion; then we fall back to the global locale,
 * which the program keeps at LC_NUMERIC=C anyway. */
static locale_t c_locale(void)
{
    static locale_t loc = (locale_t)0;
    if (loc == (locale_t)0)
        loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    return loc;
}

double num_strtod(const char *s, char **end)
{
    locale_t c = c_locale();
    locale_t old = c ? uselocale(c) : (locale_t)0;
    double v = strtod(s, end);
    if (c)
        uselocale(old);
    return v;
}

int num_vsnprintf(char *buf, size_t n, const char *fmt, va_list ap)
{
    locale_t c = c_locale();
    locale_t old = c ? uselocale(c) : (locale_t)0;
    int r = vsnprintf(buf, n, fmt, ap);
    if (c)
        uselocale(old);
    return r;
}

int num_snprintf(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = num_vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

int num_parse(const char *s, double *out)
{
    const char *p = s;
    while (*p == ' ' || *p == '\t')
        p++;
    const char *start = p;
    if (*p == '+' || *p == '-')
        p++;
    if (p[0] == '0' && isdigit((unsigned char)p[1]))
        return 3; /* "010": octal in YAML 1.1, ten to a reader */
    size_t digits = 0;
    while (isdigit((unsigned char)*p)) {
        p++;
        digits++;
    }
    if (*p == '.') {
        p++;
        while (isdigit((unsigned char)*p)) {
            p++;
            digits++;
        }
    }
    if (digits == 0)
        return 1;
    /* a digit other than 0 before the exponent: the number is not zero */
    bool nonzero = strcspn(start, "123456789") < (size_t)(p - start);
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char)*p))
            return 1;
        while (isdigit((unsigned char)*p))
            p++;
    }
    const char *stop = p;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != '\0')
        return 1;

    char tmp[128];
    size_t len = (size_t)(stop - start);
    if (len >= sizeof tmp)
        return len > 4096 ? 2 : 1; /* absurdly long numbers are refused */
    memcpy(tmp, start, len);
    tmp[len] = '\0';
    errno = 0;
    char *end = NULL;
    double v = num_strtod(tmp, &end);
    if (end != tmp + len)
        return 1;
    if (errno == ERANGE && (v == HUGE_VAL || v == -HUGE_VAL))
        return 2;
    if (!isfinite(v))
        return 2;
    /* Underflow to a denormal is a tiny number, kept; underflow of a
     * non-zero literal to 0 would change the value silently, as overflow
     * to infinity would: refused alike. */
    if (v == 0 && nonzero)
        return 4;
    *out = v;
    return 0;
}

void num_format_exact(double v, char *buf, size_t n)
{
    char tmp[DTOA_BUFSIZE];
    dtoa_shortest(v, tmp);
    num_snprintf(buf, n, "%s", tmp);
}

/* The thread's minus sign (numfmt.h): each output sets it while it
 * writes, so a worker thread that formats for a file is not changed by the
 * planner's screen. */
static _Thread_local NumMinus minus_now = NUM_MINUS_ASCII;

NumMinus num_minus_set(NumMinus m)
{
    NumMinus old = minus_now;
    minus_now = m;
    return old;
}

NumMinus num_minus_now(void) { return minus_now; }

const char *num_minus_sign(void)
{
    return minus_now == NUM_MINUS_TRUE ? "\xE2\x88\x92" : "-";
}

/* The digits of raw (no sign, '.' as the point, no exponent) with the
 * integer part grouped by thousands, after the minus sign when neg, into
 * buf. */
static void group_digits(const char *raw, bool neg, char *buf, size_t n)
{
    const char *dot = strchr(raw, '.');
    size_t intlen = dot ? (size_t)(dot - raw) : strlen(raw);
    /* A finite double has at most 309 integer digits: 103 commas. */
    char out[2 * 330];
    size_t o = 0;
    if (neg)
        o = (size_t)snprintf(out, sizeof out, "%s", num_minus_sign());
    for (size_t i = 0; i < intlen && o < sizeof out - 2; i++) {
        if (i > 0 && (intlen - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = raw[i];
    }
    out[o] = '\0';
    num_snprintf(buf, n, "%s%s", out, dot ? dot : "");
}

void num_format_money(double v, int decimals, char *buf, size_t n)
{
    if (!isfinite(v)) {
        num_snprintf(buf, n, "n/a");
        return;
    }
    /* Room for any finite double: 309 integer digits, the point, the
     * decimals (at most 17 asked for). */
    char raw[340];
    decimals = decimals < 0 ? 0 : decimals > 17 ? 17 : decimals;
    num_snprintf(raw, sizeof raw, "%.*f", decimals, fabs(v));
    /* Negative zero after rounding prints without a sign. */
    group_digits(raw, v < 0 && strspn(raw, "0.") != strlen(raw), buf, n);
}

/* v as printed with `decimals` digits, read back. */
static double shown(double v, int decimals)
{
    char raw[340];
    num_snprintf(raw, sizeof raw, "%.*f", decimals, v);
    return num_strtod(raw, NULL);
}

double num_shown_difference(double now, double before, int decimals)
{
    if (!isfinite(now) || !isfinite(before))
        return NAN;
    decimals = decimals < 0 ? 0 : decimals > 17 ? 17 : decimals;
    double d = shown(shown(now, decimals) - shown(before, decimals), decimals);
    return d == 0 ? 0 : d; /* no "-0" */
}

double num_round_cents(double v)
{
    if (!isfinite(v) || fabs(v) >= 1e15)
        return v;
    double c = round(v * 100) / 100;
    return c == 0 ? 0 : c; /* no "-0" */
}

void num_format_value(double v, char *buf, size_t n)
{
    if (!isfinite(v)) {
        num_snprintf(buf, n, "n/a");
        return;
    }
    double a = fabs(v);
    char raw[40];
    if (a >= 1e15 || (a > 0 && a < 1e-5)) {
        num_snprintf(buf, n, "%s%.10g", v < 0 ? num_minus_sign() : "", a);
        return;
    }
    /* Ten significant digits in plain notation, trailing zeros dropped. */
    int whole = a >= 1 ? (int)floor(log10(a)) + 1 : 1;
    num_snprintf(raw, sizeof raw, "%.*f", whole < 10 ? 10 - whole : 0, a);
    if (strchr(raw, '.')) {
        size_t len = strlen(raw);
        while (raw[len - 1] == '0')
            raw[--len] = '\0';
        if (raw[len - 1] == '.')
            raw[--len] = '\0';
    }
    group_digits(raw, v < 0 && strspn(raw, "0.") != strlen(raw), buf, n);
}

bool num_format_scaled(double v, int width, char *buf, size_t n)
{
    static const char suffix[] = " KMGTPE";
    if (n == 0)
        return false;
    if (!isfinite(v)) {
        num_snprintf(buf, n, "n/a");
        return (int)strlen(buf) <= width;
    }
    double a = fabs(v);
    int k = 0;
    while (a >= 999.95 && k < 6) {
        a /= 1000;
        k++;
    }
    for (int d = 1; d >= 0; d--) {
        char num[48];
        num_snprintf(num, sizeof num, "%.*f", d, a);
        size_t l = strlen(num);
        if (d == 1 && l > 2 && num[l - 1] == '0' && num[l - 2] == '.')
            num[l - 2] = '\0'; /* "1.0M" reads "1M" */
        if (k > 0)
            num_snprintf(buf, n, "%s%s%c", v < 0 ? num_minus_sign() : "", num, suffix[k]);
        else
            num_snprintf(buf, n, "%s%s", v < 0 ? num_minus_sign() : "", num);
        /* The width is in columns: U+2212 is three bytes and one column. */
        if (utf8_length(buf, strlen(buf)) <= width)
            return true;
    }
    return false;
}

void num_format_fixed(double v, int decimals, bool plus, char *buf, size_t n)
{
    if (!isfinite(v)) {
        num_snprintf(buf, n, "n/a");
        return;
    }
    char raw[340];
    decimals = decimals < 0 ? 0 : decimals > 17 ? 17 : decimals;
    num_snprintf(raw, sizeof raw, "%.*f", decimals, fabs(v));
    bool zero = strspn(raw, "0.") == strlen(raw);
    num_snprintf(buf, n, "%s%s",
                 zero ? "" : v < 0 ? num_minus_sign() : plus ? "+" : "", raw);
}

void num_format_signed(double v, int decimals, bool zero_plus, char *buf, size_t n)
{
    char m[360];
    num_format_money(fabs(v), decimals, m, sizeof m);
    if (!isfinite(v))
        num_snprintf(buf, n, "%s", m);
    else if (strspn(m, "0.") == strlen(m))
        num_snprintf(buf, n, "%s%s", zero_plus ? "+" : "", m);
    else
        num_snprintf(buf, n, "%s%s", v < 0 ? num_minus_sign() : "+", m);
}

void num_format_said(double v, char *buf, size_t n)
{
    char raw[DTOA_BUFSIZE];
    dtoa_shortest(fabs(v), raw);
    bool neg = v < 0;
    if (!isfinite(v) || strchr(raw, 'e'))
        num_snprintf(buf, n, "%s%s", neg && isfinite(v) ? num_minus_sign() : "",
                     isfinite(v) ? raw : v < 0 ? "-inf" : v > 0 ? "inf" : "nan");
    else
        group_digits(raw, neg, buf, n);
}
