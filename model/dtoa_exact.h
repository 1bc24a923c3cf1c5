/* dtoa_exact.h: the exact big-integer method of dtoa.c (dtoa.h), the
 * fallback for the values Grisu3 cannot decide, and what the two methods
 * share: a double split as significand and binary exponent. */
#ifndef GPUPLAN_DTOA_EXACT_H
#define GPUPLAN_DTOA_EXACT_H

#include <stdint.h>

/* A positive, finite, non-zero double split as v = f * 2^e (f integer). */
typedef struct Decomposed {
    uint64_t f;
    int e;
    int even;         /* f even: strtod rounds the midpoints to v */
    int lower_closer; /* v is a power of two: the gap below is half the gap above */
} Decomposed;

/* The leading zero bits of x (x != 0). */
static inline int dtoa_clz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_clzll(x);
#else
    int n = 0;
    while (!(x & (UINT64_C(1) << 63))) {
        x <<= 1;
        n++;
    }
    return n;
#endif
}

/* Shortest, nearest digits of d's value by exact arithmetic: buf gets n
 * digits D (no NUL, at most 20), *exp10 the power of ten of the last one
 * (v = D * 10^exp10 to the digits shown). The same digits as Grisu3 gives
 * where Grisu3 decides. */
void dtoa_exact_digits(const Decomposed *d, char *buf, int *n_out,
                       int *exp10);

#endif
