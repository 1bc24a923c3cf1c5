/* rng.h: splitmix64, the one random source of the hybrid simulation (DESIGN 6).
 *
 * Plain 64-bit integer arithmetic and one libm log(), so a seed gives the
 * same stream on every machine. The state is a value type: copy it to fork
 * a stream, no global state. */
#ifndef GPUPLAN_RNG_H
#define GPUPLAN_RNG_H

#include <stdint.h>

typedef struct Rng {
    uint64_t state;
} Rng;

/* Golden-ratio increment of splitmix64. */
#define RNG_GAMMA UINT64_C(0x9e3779b97f4a7c15)

/* Start *r at seed. Any 64-bit value is a valid seed (0 included). */
void rng_seed(Rng *r, uint64_t seed);

/* The next 64-bit output of splitmix64 (state += gamma, then the mix);
 * seed 0 gives 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f. */
uint64_t rng_next(Rng *r);

/* Uniform in [0, 1): the top 53 bits of the next output times 2^-53. */
double rng_uniform(Rng *r);

/* Exponential with the given rate (> 0, events per unit of time):
 * -log(1 - U) / rate with U from rng_uniform, so never infinite. */
double rng_exponential(Rng *r, double rate);

#endif
