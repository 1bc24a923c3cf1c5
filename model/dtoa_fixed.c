/* dtoa_fixed.c: shortest text of a short decimal from its digits (see
 * dtoa_fixed.h).
 *
 * Why the digits of k are the shortest text: let D = k / 10^p with k's
 * trailing zeros dropped (n significant digits, the first at 10^L, the last
 * at 10^(L-n+1) >= 10^-p), and v = fl(D). Any other decimal E of at most n
 * significant digits lies at least 10^-(p+1) away from D: on D's own grid
 * when E starts at 10^L; at least 10^(L-n) below 10^L <= D when it starts
 * lower; at or above 10^(L+1) >= D + 10^-p when it starts higher. When
 * both D and E read back as v, |E - D| <= ulp(v); so with ulp(v) below
 * 10^-(p+1) (|v| < 2^52 * 10^-(p+1) suffices) D is the only text of n or
 * fewer digits that reads back as v: dtoa_shortest's digits. It writes
 * them plain when the first digit's exponent L is in -5..16, as here
 * (|D| >= 10^-5, and |v| < 2^52 / 10 < 10^16). */
#include "config.h"

#include "dtoa_fixed.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "dtoa_exact.h"
#include "numfmt.h"

static const double pow10_exact[DTOA_FIXED_PLACES_MAX + 1] = {
    1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
    1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};

/* 2^52 * 10^-(p+1): below it, ulp(v) < 10^-(p+1) (the header's proof).
 * (Constant expressions: each is the division done once, rounded as the
 * machine rounds it.) */
static const double limit_of[DTOA_FIXED_PLACES_MAX + 1] = {
    4503599627370496.0 / 1e0 / 10,  4503599627370496.0 / 1e1 / 10,
    4503599627370496.0 / 1e2 / 10,  4503599627370496.0 / 1e3 / 10,
    4503599627370496.0 / 1e4 / 10,  4503599627370496.0 / 1e5 / 10,
    4503599627370496.0 / 1e6 / 10,  4503599627370496.0 / 1e7 / 10,
    4503599627370496.0 / 1e8 / 10,  4503599627370496.0 / 1e9 / 10,
    4503599627370496.0 / 1e10 / 10, 4503599627370496.0 / 1e11 / 10,
    4503599627370496.0 / 1e12 / 10, 4503599627370496.0 / 1e13 / 10,
    4503599627370496.0 / 1e14 / 10, 4503599627370496.0 / 1e15 / 10};

/* "00" .. "99": two digits at a time. */
static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536"
    "37383940414243444546474849505152535455565758596061626364656667686970717273"
    "7475767778798081828384858687888990919293949596979899";

/* The decimal digits of k (1 <= k < 10^19). */
static int digit_count(uint64_t k)
{
    static const uint64_t pow10_u64[] = {
        UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000),
        UINT64_C(10000), UINT64_C(100000), UINT64_C(1000000),
        UINT64_C(10000000), UINT64_C(100000000), UINT64_C(1000000000),
        UINT64_C(10000000000), UINT64_C(100000000000),
        UINT64_C(1000000000000), UINT64_C(10000000000000),
        UINT64_C(100000000000000), UINT64_C(1000000000000000),
        UINT64_C(10000000000000000), UINT64_C(100000000000000000),
        UINT64_C(1000000000000000000)};
    /* bits * log10(2), 1233 / 4096, is the count or one less */
    int bits = 64 - dtoa_clz64(k);
    int n = (bits * 1233) >> 12;
    return n + (k >= pow10_u64[n]);
}

/* Write k / 10^p (k > 0, at most 17 digits) into buf as plain decimal
 * text, with '-' first when neg: the places without their trailing zeros,
 * '.', the whole part or "0". Returns the length. The length is known
 * first, so the digits go straight to their places in buf, from the
 * last. */
static size_t write_decimal(uint64_t k, int p, int neg, char *buf)
{
    while (p > 0 && k % 10 == 0) {
        k /= 10;
        p--;
    }
    const int nd = digit_count(k);
    const int whole = nd > p ? nd - p : 0; /* digits before the point */
    const size_t len = (size_t)neg + (size_t)(whole > 0 ? whole : 1) +
                       (size_t)(p > 0 ? p + 1 : 0);
    char *o = buf + len;
    *o = '\0';
    int left = p; /* places still to write, then the whole digits */
    for (; left >= 2; left -= 2) {
        o -= 2;
        memcpy(o, pairs + 2 * (k % 100), 2);
        k /= 100;
    }
    if (left == 1) {
        *--o = (char)('0' + k % 10);
        k /= 10;
    }
    if (p > 0)
        *--o = '.';
    while (k >= 100) {
        o -= 2;
        memcpy(o, pairs + 2 * (k % 100), 2);
        k /= 100;
    }
    if (k >= 10) {
        o -= 2;
        memcpy(o, pairs + 2 * k, 2);
    } else {
        *--o = (char)('0' + k); /* "0" when there is no whole part */
    }
    if (neg)
        *--o = '-';
    return len;
}

size_t dtoa_fixed(double v, int places, char *buf)
{
    if (places < 0 || places > DTOA_FIXED_PLACES_MAX || !(v != 0) ||
        !(fabs(v) < limit_of[places]))
        return dtoa_shortest(v, buf); /* 0, -0, NaN, inf, too large */
    const double scale = pow10_exact[places];
    /* The nearest whole number to v 10^p (|v 10^p| < 2^52 / 10: the
     * conversion is exact); any error here fails the check below. */
    const double t = v * scale;
    const int64_t ki = (int64_t)(t < 0 ? t - 0.5 : t + 0.5);
    const double kd = (double)ki;
    /* k / 10^p is exact division of two exact numbers, rounded once:
     * equal to v exactly when v is the double nearest k / 10^p. */
    if (kd / scale != v || fabs(kd) < pow10_exact[places] / 1e5)
        return dtoa_shortest(v, buf);
    return write_decimal((uint64_t)(ki < 0 ? -ki : ki), places, v < 0, buf);
}

/* Below this, |v| 100 < 2^49 (the cents are a whole number and the
 * fraction left is exact), and the cents k / 100, at most 4e12 + 0.01,
 * are below limit_of[2]: their text is k's digits (the header's proof). */
#define CENTS_FAST 4e12

size_t dtoa_cents(double v, char *buf)
{
    if (!(fabs(v) < CENTS_FAST)) { /* NaN, the infinities, large amounts */
        return dtoa_shortest(num_round_cents(v), buf);
    }
    /* round(v 100): half away from zero, as round() does, without the
     * call: the truncation is exact and so is what it leaves. */
    const double t = v * 100;
    int64_t k = (int64_t)t;
    const double f = t - (double)k;
    if (f >= 0.5)
        k++;
    else if (f <= -0.5)
        k--;
    if (k == 0) { /* no "-0" */
        memcpy(buf, "0", 2);
        return 1;
    }
    return write_decimal((uint64_t)(k < 0 ? -k : k), 2, k < 0, buf);
}
