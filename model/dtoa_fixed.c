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

static const double pow10_exact[DTOA_FIXED_PLACES_MAX + 1] = {
    1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
    1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};

/* 2^52 * 10^-(p+1): below it, ulp(v) < 10^-(p+1) (the header's proof). */
static double limit_of(int p)
{
    return 4503599627370496.0 / pow10_exact[p] / 10;
}

/* "00" .. "99": two digits at a time. */
static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536"
    "37383940414243444546474849505152535455565758596061626364656667686970717273"
    "7475767778798081828384858687888990919293949596979899";

size_t dtoa_fixed(double v, int places, char *buf)
{
    if (places < 0 || places > DTOA_FIXED_PLACES_MAX || !(v != 0) ||
        !(fabs(v) < limit_of(places)))
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
    uint64_t k = (uint64_t)(ki < 0 ? -ki : ki);
    int p = places;
    while (p > 0 && k % 10 == 0) {
        k /= 10;
        p--;
    }
    /* Written backwards into tmp (the places, '.', the whole part or "0",
     * the sign), then copied whole: at most 1 + 17 + 1 digits and signs. */
    char tmp[2 * DTOA_BUFSIZE];
    char *const end = tmp + DTOA_BUFSIZE;
    char *o = end;
    *o = '\0';
    for (; p >= 2; p -= 2) {
        o -= 2;
        memcpy(o, pairs + 2 * (k % 100), 2);
        k /= 100;
    }
    if (p == 1) {
        *--o = (char)('0' + k % 10);
        k /= 10;
    }
    if (o != end)
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
    if (v < 0)
        *--o = '-';
    memcpy(buf, o, DTOA_BUFSIZE); /* o >= tmp: at most 21 bytes written */
    return (size_t)(end - o);
}
