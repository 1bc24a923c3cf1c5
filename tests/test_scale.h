/* test_scale.h: loop counts for the heavy randomized tests.
 *
 * Under valgrind or a sanitizer (make check-valgrind sets
 * GPUPLAN_TEST_QUICK=1) the million-case loops would take minutes; there a
 * hundredth of the cases still exercises every path. */
#ifndef GPUPLAN_TEST_SCALE_H
#define GPUPLAN_TEST_SCALE_H

#include <stdlib.h>

static inline int test_quick(void)
{
    const char *q = getenv("GPUPLAN_TEST_QUICK");
    return q && *q && *q != '0';
}

/* n, or n / 100 (at least 1) in quick mode. */
static inline long test_scale(long n)
{
    if (!test_quick())
        return n;
    return n / 100 > 0 ? n / 100 : 1;
}

#endif
