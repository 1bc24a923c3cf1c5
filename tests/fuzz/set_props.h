/* set_props.h: the properties of --set and --vary arguments, shared by the
 * fuzz harness (fuzz_set.c) and the regression run of its seeds in
 * `make check` (check_fuzz_regress.c), so both hold the same rules. */
#ifndef GPUPLAN_SET_PROPS_H
#define GPUPLAN_SET_PROPS_H

#include <stddef.h>
#include <stdint.h>

/* Run one argument: the first byte picks --set KEY=VALUE (even) or --vary
 * KEY=FROM:TO:STEP (odd), the rest is the argument. abort()s when a
 * property fails: a refusal must say why and change nothing, an accepted
 * value must keep the scenario's rules, a sweep's values must lie in range.
 * Returns 1 when accepted, 0 when refused (msg says why), -1 when the input
 * is not an argument at all (empty, or no KEY=). */
int set_props_run(const uint8_t *data, size_t size, char *msg, size_t n);

#endif
