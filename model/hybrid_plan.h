/* hybrid_plan.h: the plan types of the `hybrid:` section (DESIGN 6).
 *
 * Kept apart from hybrid.h so that scenario.h can hold a HybridPlan without
 * an include cycle: this header needs only cron.h, which needs nothing of
 * ours. No pointers anywhere, so a plan (and a Scenario) copies with `=`. */
#ifndef GPUPLAN_HYBRID_PLAN_H
#define GPUPLAN_HYBRID_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "cron.h"

#define HYBRID_MAX_WORKLOADS 32
#define HYBRID_NAME_MAX 80      /* characters in a workload name */
#define HYBRID_SCHEDULE_MAX 100 /* characters in a cron expression */
/* Buffer bytes for n characters: 4 bytes a character plus the terminator
 * (the same rule as SCENARIO_TEXT_BYTES, repeated so that this header does
 * not need scenario.h). */
#define HYBRID_TEXT_BYTES(n) (4 * (n) + 1)

typedef enum HybridRun { RUN_ONPREM, RUN_CLOUD, RUN_BURST } HybridRun;
typedef enum HybridCloudMode { MODE_ON_DEMAND, MODE_SPOT } HybridCloudMode;

typedef struct HybridWorkload {
    char name[HYBRID_TEXT_BYTES(HYBRID_NAME_MAX)];
    bool has_schedule;     /* true: schedule; false: per_day arrivals */
    Cron schedule;         /* parsed schedule_text (when has_schedule) */
    char schedule_text[HYBRID_TEXT_BYTES(HYBRID_SCHEDULE_MAX)];
    double per_day;        /* mean Poisson arrivals a day (when !has_schedule) */
    double gpus;           /* GPUs held at once (gang), whole number */
    double hours;          /* wall-clock hours of one job */
    HybridRun run;
    HybridCloudMode cloud_mode;
    double priority;       /* 0..100, whole; higher is scheduled first */
    bool has_max_wait;     /* max_wait_minutes below is set */
    double max_wait_minutes; /* this workload's burst threshold and wait
                                target (when has_max_wait) */
    bool has_cloud_price;  /* cloud_gpu_hour below is set */
    double cloud_gpu_hour; /* its cloud price per GPU-hour (when
                              has_cloud_price) */
} HybridWorkload;

/* The `hybrid:` section. No pointers: copy with `=`. */
typedef struct HybridPlan {
    double days;               /* 1..366 */
    double onprem_nodes;       /* whole number >= 0 */
    double max_wait_minutes;   /* burst threshold */
    double cloud_idle_minutes; /* billed idle time per cloud job */
    double seed;               /* whole number >= 0 */
    bool backfill;             /* EASY backfill instead of strict order */
    size_t workload_count;
    HybridWorkload workloads[HYBRID_MAX_WORKLOADS];
} HybridPlan;

#endif
