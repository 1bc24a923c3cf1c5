/* group_stats.h: the measurement's figures per group of jobs (DESIGN 10):
 * a partition, an account, a QOS, a user or a job-name prefix, whatever the
 * records are grouped by.
 *
 * A table of groups by name, each with its job-held GPU time, its job
 * count and the counts of its job sizes and durations (countmap.h), from
 * which the size and duration percentiles follow. Memory grows with the
 * groups and their distinct sizes and durations, not with the jobs. Pure,
 * malloc only. */
#ifndef GPUPLAN_GROUP_STATS_H
#define GPUPLAN_GROUP_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "countmap.h"

typedef struct GroupStats {
    char *name;             /* owned, NUL-terminated; "" = no group given */
    double milli_gpu_s;     /* GPUs held x 1000 x seconds, inside the window */
    uint64_t jobs;          /* jobs counted (array tasks one each) */
    CountMap sizes;         /* GPUs x 1000 of each job */
    CountMap durations;     /* each job's duration, group_stats_duration_key */
} GroupStats;

typedef struct GroupTable {
    size_t count;        /* groups, in the order first seen */
    size_t cap;          /* of groups[] */
    GroupStats *groups;
    size_t slots_cap;    /* hash slots (a power of two, or 0) */
    size_t *slots;       /* group index + 1; 0 = free */
} GroupTable;

#define GROUP_TABLE_INIT {0, 0, NULL, 0, NULL}

/* The index of the group called name[0..len) (any bytes but NUL), added
 * empty when new. Returns 0 with *index set, or -1 when memory is short
 * (the table is unchanged). Indexes stay valid as groups are added;
 * pointers into groups[] do not. */
int group_table_find(GroupTable *t, const char *name, size_t len,
                     size_t *index);

/* FNV-1a of the bytes s[0..n): the hash of the measurement's name tables
 * (groups here, activity series in measure_activity.c). */
size_t group_stats_hash(const char *s, size_t n);

/* The key a duration of `seconds` (>= 0) is counted under: the seconds
 * themselves below 1,000, otherwise rounded down to three significant
 * figures (7,199 s counts as 7,190 s), so a group's durations take a few
 * thousand keys at most whatever its jobs. */
int64_t group_stats_duration_key(int64_t seconds);

/* Release every group and the table; *t is then empty and reusable. */
void group_table_free(GroupTable *t);

#endif
