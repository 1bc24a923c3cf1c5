/* measure_run.c: the files of a measurement read into its figures,
 * DESIGN 10. */
#include "config.h"

#include "measure_run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

typedef struct RunSink {
    Measure m;
    double node_gpus;
} RunSink;

static int sink_job(void *ctx, const MeasureJob *j)
{
    return measure_add_job(&((RunSink *)ctx)->m, j, NULL);
}

static MeasureSampleStatus sink_sample(void *ctx, int64_t t, double v,
                                       const char *id, size_t n)
{
    return measure_add_sample(&((RunSink *)ctx)->m, t, v, id, n);
}

static void sink_gpus(void *ctx, double gpus)
{
    ((RunSink *)ctx)->node_gpus += gpus;
}

static long local_offset(void *ctx, int64_t t)
{
    return timezone_offset(ctx, t);
}

/* The GPU count the share is of: --gpus, the node lists, the scenario. */
static int capacity_of(const MeasureRunOptions *o, MeasureRun *run,
                       double *gpus, Diag *d)
{
    if (o->gpus > 0) {
        *gpus = o->gpus;
        snprintf(run->capacity_source, sizeof run->capacity_source, "--gpus");
    } else if (run->node_gpus > 0) {
        *gpus = run->node_gpus;
        snprintf(run->capacity_source, sizeof run->capacity_source,
                 "the node list, %llu nodes",
                 (unsigned long long)run->stats.nodes);
    } else if (o->scenario_gpus > 0) {
        *gpus = o->scenario_gpus;
        snprintf(run->capacity_source, sizeof run->capacity_source,
                 "the scenario's nodes x gpus_per_node");
    } else {
        diag_set(d, EXIT_USAGE, 0, 0, NULL,
                 "the records do not say how many GPUs the cluster has: give "
                 "--gpus N, a node list, or --apply SCENARIO (its nodes x "
                 "gpus_per_node)");
        return EXIT_USAGE;
    }
    return 0;
}

int measure_run(const char *const *paths, size_t n,
                const MeasureRunOptions *o, MeasureRun *run, Diag *d)
{
    memset(run, 0, sizeof *run);
    diag_clear(d, NULL);
    RunSink rs;
    measure_init(&rs.m, o->from, o->to);
    rs.node_gpus = 0;
    TimeZone *zone = xmalloc(sizeof *zone);
    timezone_init(zone, o->utc);
    JobReadOptions ro = {o->format, o->group_by, zone};
    JobSink sink = {&rs, sink_job, sink_sample, sink_gpus};
    run->files = xmalloc((n ? n : 1) * sizeof *run->files);
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        unsigned before[JOBS_FORMAT_COUNT];
        memcpy(before, run->stats.files, sizeof before);
        rc = job_history_read(paths[i], &ro, &sink, &run->stats, d);
        if (rc != 0)
            break;
        run->files[run->file_count].path = paths[i];
        run->files[run->file_count].format = "?";
        for (int f = 0; f < JOBS_FORMAT_COUNT; f++)
            if (run->stats.files[f] != before[f])
                run->files[run->file_count].format =
                    job_format_key((JobFormat)f);
        run->file_count++;
    }
    run->node_gpus = rs.node_gpus;
    double gpus = 0;
    if (rc == 0)
        rc = capacity_of(o, run, &gpus, d);
    if (rc == 0) {
        MeasureClock clock = {local_offset, zone};
        rc = measure_finish(&rs.m, gpus, &clock, &run->result, d);
    }
    measure_free(&rs.m);
    free(zone);
    if (rc != 0) {
        JobReadStats keep = run->stats;
        measure_run_free(run);
        run->stats = keep;
    }
    return rc;
}

void measure_run_free(MeasureRun *run)
{
    measure_result_free(&run->result);
    free(run->files);
    memset(run, 0, sizeof *run);
}
