/* bench_measure.h: the measurement's budgets in `make bench` (DESIGN 9, 10):
 * a generated sacct file of a million jobs, measured by the gpuplan
 * binary as a user runs it. */
#ifndef GPUPLAN_BENCH_MEASURE_H
#define GPUPLAN_BENCH_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Write a synthetic `sacct --parsable2` file of `jobs` jobs to path: a
 * 1,024-node cluster of 8 GPUs a node over 30 days from 2024-03-04 (UTC),
 * arrivals, sizes (1 to 64 GPUs) and durations drawn from splitmix64
 * seeded with `seed`; every job has its .batch and .extern steps, one in
 * ten is an array task, the jobs still going at the end are RUNNING and
 * the last arrivals PENDING. Returns 0, or -1 (errno set) when the file
 * cannot be written. */
int bench_measure_generate(const char *path, size_t jobs, uint64_t seed);

/* How a budget line is printed: bench.c's report(). */
typedef void (*BenchReport)(const char *name, double value, const char *unit,
                            double budget, bool higher_is_better);

/* Generate a million-job file in dir and time `binary measure` on it
 * (CPU seconds of the process, the median of several runs); then the same
 * file replayed as a hybrid plan's trace for 30 days: read and one
 * simulated run (DESIGN 10.8), in this process. */
void bench_measure(const char *binary, const char *dir, BenchReport report);

#endif
