/* numfmt.h: locale-proof number parsing and printing.
 *
 * gpuplan always reads and writes numbers with '.' (DESIGN 7), even when the
 * process runs under a locale such as de_DE.UTF-8 whose LC_NUMERIC uses ','.
 * These wrappers switch the calling thread to the C locale for the duration
 * of one call (POSIX uselocale), so they are correct whatever setlocale() the
 * program or a test has done. */
#ifndef GPUPLAN_NUMFMT_H
#define GPUPLAN_NUMFMT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* strtod in the C locale. */
double num_strtod(const char *s, char **end);

/* snprintf in the C locale; same return value as snprintf. */
int num_snprintf(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* vsnprintf in the C locale. */
int num_vsnprintf(char *buf, size_t n, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

/* Strict decimal parse: [-+]digits[.digits][(e|E)[-+]digits] with optional
 * surrounding blanks, nothing else (no hex, inf, nan, no empty string).
 * Returns 0 and stores the value on success; 1 when the text is not a plain
 * decimal number; 2 when it overflows a double (|v| > DBL_MAX); 3 when
 * the whole part has a leading zero ("010", which YAML 1.1 reads as octal);
 * 4 when a non-zero number underflows to 0 ("1e-400"; a denormal such as
 * 1e-310 is kept). *out is unchanged unless 0 is returned. */
int num_parse(const char *s, double *out);

/* Shortest decimal text that num_parse reads back to exactly v ("%.15g",
 * then 16, then 17 significant digits). -0 prints as "-0". */
void num_format_exact(double v, char *buf, size_t n);

/* Money for files (DESIGN 4.3): v rounded to the cent, half away from
 * zero, -0 as 0; v itself where a cent is below its precision (|v| from
 * 1e15) or v is not finite. Its shortest text (num_format_exact,
 * dtoa_shortest) then has at most two decimals: 48074.880000000005 ->
 * 48074.88. */
double num_round_cents(double v);

/* now - before as a reader gets it subtracting the two figures printed
 * with `decimals` digits (num_format_money): 54828.894 - 65658.996 at 2
 * decimals is -10830.11, not the exact -10830.102 that prints -10830.10.
 * NAN when either is not finite. */
double num_shown_difference(double now, double before, int decimals);

/* Money for people: 66075.52 -> "66,075.52" (thousands separators, two
 * decimals); `decimals` digits after the point. */
void num_format_money(double v, int decimals, char *buf, size_t n);

/* A number as people read it, on screen and in the reports: at most 10
 * significant digits (so a computation's last-bit noise, 5.5040000000000004,
 * never shows), its integer part grouped by thousands from 1,000: "290,000",
 * "1,234.5", "0.08", "-12,000", "0" (never "-0"). From 1e15, or non-zero
 * below 1e-5, %g's exponent form ("1.5e+16"); "n/a" when not finite. The
 * one grouping rule of every number gpuplan shows a person. */
void num_format_value(double v, char *buf, size_t n);

/* The sign of a negative number shown to a person (DESIGN 8, "One minus
 * sign"): U+2212 MINUS SIGN where the output is read by people and may
 * hold Unicode (the planner in a UTF-8 locale, the HTML and Markdown
 * reports), ASCII '-' where it must stay ASCII or machine-readable (the C
 * locale, the text report, CSV, JSON, messages on the command line). The
 * formatters here that write for people (num_format_money,
 * num_format_value, num_format_said, num_format_fixed, num_format_signed,
 * num_format_scaled) follow the calling thread's choice; num_format_exact
 * and num_snprintf never do (files and JSON are read back). */
typedef enum NumMinus { NUM_MINUS_ASCII, NUM_MINUS_TRUE } NumMinus;

/* Set the calling thread's minus sign; returns the one it replaces, for the
 * caller to put back when its output is written. Every thread starts with
 * NUM_MINUS_ASCII. */
NumMinus num_minus_set(NumMinus m);

/* The calling thread's minus sign (for a worker to take its caller's). */
NumMinus num_minus_now(void);

/* The calling thread's minus sign as text: "-" or "\u2212" (3 bytes),
 * for a figure assembled from parts (a chart's "-1.2M"). */
const char *num_minus_sign(void);

/* v with `decimals` digits after the point and the thread's minus sign,
 * "+" before a positive figure when plus is set: "-2.4" / "+7.7"; a figure
 * that rounds to zero has no sign ("0.0", never "-0.0"); "n/a" when not
 * finite. For percentages and rates ("IRR -31.9%"). */
void num_format_fixed(double v, int decimals, bool plus, char *buf, size_t n);

/* A signed amount as the tables show it: num_format_money's text with the
 * thread's minus sign, "+" before a positive one ("+20,477.88",
 * "-1,234"); zero (after rounding) as "+0" when zero_plus, else "0". */
void num_format_signed(double v, int decimals, bool zero_plus, char *buf, size_t n);

/* A value a message quotes (a refused value, the range a field allows, a
 * limit reached): every digit num_format_exact keeps, so a refusal never
 * rounds the value it refuses, with the integer part grouped by thousands
 * and the minus sign as num_format_value's: "290,000", "1,234.5678",
 * "-3"; the exponent form as it is ("1e+20"); "0" for -0. The one rule of
 * numbers on screen (DESIGN 8), in the sentences that refuse. */
void num_format_said(double v, char *buf, size_t n);

/* v scaled to fit `width` columns (DESIGN 8: scaled, never truncated):
 * 1200000 -> "1.2M", 1e12 -> "1T" (K, M, G, T, P, E; one decimal when it
 * fits, none otherwise). Returns false when even that is wider. */
bool num_format_scaled(double v, int width, char *buf, size_t n);

#endif
