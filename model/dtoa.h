/* dtoa.h: fast, locale-free shortest double-to-text for bulk output.
 *
 * `gpuplan sweep` writes millions of full-precision numbers a second
 * (DESIGN 9); snprintf("%.17g") is both too slow and too long. dtoa_shortest
 * prints the fewest significant digits that strtod reads back to exactly
 * the same double, in printf %g style, and never looks at the locale. */
#ifndef GPUPLAN_DTOA_H
#define GPUPLAN_DTOA_H

#include <stddef.h>

/* Bytes a buffer for dtoa_shortest needs (the longest output,
 * "-2.2250738585072014e-308" or "-0.000012345678901234568", is 24 + NUL). */
#define DTOA_BUFSIZE 32

/* Write into buf (at least DTOA_BUFSIZE bytes, not NULL) the shortest
 * decimal text that strtod reads back to exactly v, bit for bit, and
 * NUL-terminate it; returns its length (without the NUL).
 *
 * Notation: plain when the decimal exponent X of the first digit is in
 * [-5, 16] ("66075.52", "0.023", "730", "1000000000000", "0.00001"),
 * otherwise d[.ddd]e-XX / d[.ddd]e+XX with at least two exponent digits like
 * printf ("1.5e-07", "1e+17", "5e-324"). When several texts of the shortest
 * length read back to v, the one nearest v is chosen (ties: even last digit),
 * so the digits are those of printf "%.Ng" for the smallest N that reads
 * back, except where v is a power of two and a shorter text exists above v.
 * Zero prints as "0" or "-0"; NaN as "nan", infinities as "inf" / "-inf".
 * Always '.' as the decimal point, whatever the locale. Thread-safe, no
 * allocation. */
size_t dtoa_shortest(double v, char *buf);

/* Same contract and same output as dtoa_shortest, computed only by the
 * exact big-integer method (no Grisu fast path); roughly 20-50 times
 * slower. dtoa_shortest falls back on it for the few values its fast
 * path cannot decide; tests use it to cross-check the two paths. */
size_t dtoa_shortest_exact(double v, char *buf);

#endif
