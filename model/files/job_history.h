/* job_history.h: reading a team's scheduler records and GPU activity
 * (DESIGN 10).
 *
 * Five kinds of file, each recognised from its header line (or named):
 *   sacct     SLURM `sacct --parsable2` output: JobID, Submit, Start, End,
 *             State, and AllocTRES, AllocGRES, ReqTRES or ReqGRES; Partition,
 *             Account, QOS, User, JobName for groups
 *   pods      a Kubernetes pod list: name, num_gpu, gpu_milli, qos,
 *             creation_time, scheduled_time, deletion_time (seconds)
 *   csv       submit,start,end,gpus[,group] (a header is optional)
 *   activity  value,timestamp,id: GPU busy samples (0..1 or 0..100)
 *   nodes     a node list with num_gpu: the cluster's GPU count
 * Each record becomes a MeasureJob, an activity sample or a node's GPUs,
 * handed to the caller's JobSink as it is read: nothing is kept, so a file
 * of any length reads in the memory of one block. A line that cannot be
 * read is counted and, up to a limit, described with its line, column and
 * what is wrong; reading goes on. */
#ifndef GPUPLAN_JOB_HISTORY_H
#define GPUPLAN_JOB_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "measure.h"
#include "timestamp.h"

typedef enum JobFormat {
    JOBS_AUTO, /* from the header */
    JOBS_SACCT,
    JOBS_PODS,
    JOBS_CSV,
    JOBS_ACTIVITY,
    JOBS_NODES,
    JOBS_FORMAT_COUNT
} JobFormat;

/* What the jobs are grouped by; JOB_GROUP_DEFAULT is the partition for
 * sacct, the QOS for pods and the group column for csv. */
typedef enum JobGroupBy {
    JOB_GROUP_DEFAULT,
    JOB_GROUP_PARTITION,
    JOB_GROUP_ACCOUNT,
    JOB_GROUP_QOS,
    JOB_GROUP_USER,
    JOB_GROUP_NAME, /* the job name up to its first digit or separator */
    JOB_GROUP_COUNT
} JobGroupBy;

#define JOB_PROBLEMS_MAX 20 /* malformed lines described; the rest counted */

/* Where the records go. Any callback may be NULL (those records are then
 * read, checked and dropped). */
typedef struct JobSink {
    void *ctx;
    /* A job record; returns 0, or non-zero to stop reading (out of memory,
     * a scratch file that cannot be written: job_history_read stops and
     * fails with EXIT_IOERR, saying "out of memory"; a sink with a reason
     * of its own says it in place of that). */
    int (*job)(void *ctx, const MeasureJob *j);
    MeasureSampleStatus (*sample)(void *ctx, int64_t t, double value,
                                  const char *id, size_t id_len);
    void (*gpus)(void *ctx, double gpus); /* a node of the node list */
} JobSink;

typedef struct JobReadOptions {
    JobFormat format;   /* JOBS_AUTO: recognise each file */
    JobGroupBy group_by;
    TimeZone *zone;     /* for times without an offset */
} JobReadOptions;

/* What the reading saw, summed over the files read into it. */
typedef struct JobReadStats {
    uint64_t records;   /* data lines (and records) read */
    uint64_t steps;     /* job steps: not jobs, not counted */
    uint64_t malformed; /* lines that could not be read */
    uint64_t nodes;     /* node list lines */
    size_t problem_count;
    Diag problems[JOB_PROBLEMS_MAX]; /* the first malformed lines */
    unsigned files[JOBS_FORMAT_COUNT]; /* files read, by format */
} JobReadStats;

/* Read the file at path ("-" = standard input) into sink. Returns 0 (the
 * malformed lines only counted and described in *st), or: EXIT_NOINPUT
 * (cannot open), EXIT_IOERR (cannot read, out of memory), EXIT_DATAERR (a
 * header that is none of the formats, a column a format needs missing,
 * --group-by a column the file lacks), with *d saying why. *st is never
 * reset: zero it before the first file. */
int job_history_read(const char *path, const JobReadOptions *o,
                     const JobSink *sink, JobReadStats *st, Diag *d);

/* Names: "sacct", "pods", "csv", "activity", "nodes" ("auto"), and back
 * (false for an unknown word). */
const char *job_format_key(JobFormat f);
bool job_format_parse(const char *word, JobFormat *f);
/* "partition", "account", "qos", "user", "name" ("default"), and back. */
const char *job_group_key(JobGroupBy g);
bool job_group_parse(const char *word, JobGroupBy *g);

/* The leading part of a job name that names its kind: up to the first
 * digit or separator (- _ . : / space), the whole name when that is empty
 * ("train-llama-7b" and "train42" give "train"). Returns its length. */
size_t job_name_prefix(const char *name, size_t n);

#endif
