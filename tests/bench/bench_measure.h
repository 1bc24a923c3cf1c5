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

/* How a budget is judged and printed: bench.c's judge(), from the figure
 * of each of n runs (`how` says what it is: "CPU"); sorts runs. */
typedef void (*BenchJudge)(const char *name, double *runs, size_t n,
                           const char *unit, double budget, const char *how);

/* CPU seconds (user + system) of one run of argv, its output to
 * /dev/null, and its wall clock into *wall (when not NULL); -1 when it
 * did not exit 0. */
double bench_run_cpu(char *const *argv, double *wall);

/* Generate a million-job file in dir and time `binary measure` on it
 * (CPU seconds of the process, the median of several runs); then the same
 * file replayed as a hybrid plan's trace for 30 days: read and one
 * simulated run (DESIGN 10.8), in this process, and the whole evaluation
 * with the optimizer (no budget; DESIGN 6.6). Returns false when a
 * measurement could not be taken (said on stderr). */
bool bench_measure(const char *binary, const char *dir, BenchJudge judge);

#endif
