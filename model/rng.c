/* rng.c: splitmix64 and the two distributions the hybrid simulation uses. */
#include "config.h"

#include "rng.h"

#include <math.h>

void rng_seed(Rng *r, uint64_t seed)
{
    r->state = seed;
}

uint64_t rng_next(Rng *r)
{
    uint64_t z = (r->state += RNG_GAMMA);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

double rng_uniform(Rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

double rng_exponential(Rng *r, double rate)
{
    /* 1 - U is in (0, 1], so the log is finite. */
    return -log(1.0 - rng_uniform(r)) / rate;
}
