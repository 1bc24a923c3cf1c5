/* job_reader.h: what the job-history reader's two halves share: the
 * reading state of one file (job_history.c opens it and maps its header;
 * job_records.c turns each record into a job, a sample or a node).
 * Internal to job_history. */
#ifndef GPUPLAN_JOB_READER_H
#define GPUPLAN_JOB_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "job_history.h"
#include "record_reader.h"

/* Every column any format reads. */
typedef enum JobColumn {
    COL_JOBID,
    COL_SUBMIT,
    COL_START,
    COL_END,
    COL_STATE,
    COL_ALLOC_TRES,
    COL_ALLOC_GRES,
    COL_REQ_TRES,
    COL_REQ_GRES,
    COL_PARTITION,
    COL_ACCOUNT,
    COL_QOS,
    COL_USER,
    COL_JOBNAME,
    COL_NAME,
    COL_NUM_GPU,
    COL_GPU_MILLI,
    COL_CREATION,
    COL_SCHEDULED,
    COL_DELETION,
    COL_GPUS,
    COL_GROUP,
    COL_VALUE,
    COL_TIMESTAMP,
    COL_ID,
    COL_COUNT
} JobColumn;

typedef struct JobReader {
    RecordReader rr;
    const JobReadOptions *o;
    const JobSink *sink;
    JobReadStats *st;
    JobFormat format;
    int col[COL_COUNT];   /* field index of each column; -1 = absent */
    size_t ncols;         /* fields a record has */
    int group_col;        /* the column jobs are grouped by; -1 = none */
    bool group_prefix;    /* group by the name's prefix */
} JobReader;

/* Describe a malformed record: byte `at` of field `field` of the current
 * record (byte `at` of its raw text when field is JOB_RAW; its start when
 * field is otherwise < 0), with the printf-style reason. Counts it. */
#define JOB_RAW (-2)
void job_problem(JobReader *jr, int field, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Turn the current record into what its format gives and hand it to the
 * sink; a sacct record is job_sacct_record's, and job_record leaves it.
 * Returns 0, or -1 when the sink asked to stop. */
int job_record(JobReader *jr);

/* job_records.c's helpers for job_sacct.c. The field's text for a message
 * (at most 40 characters, "…" when cut); buf of JOB_SHOWN bytes. */
#define JOB_SHOWN (40 * 4 + 8)
const char *job_shown(const RecordField *f, char *buf, size_t n);
/* Submit, start and end of the current record into j, a time repeated by
 * a clock change settled (DESIGN 10). False when one was bad (reported). */
bool job_times(JobReader *jr, MeasureJob *j, JobColumn submit,
               JobColumn start, JobColumn end);
/* j's group from the group column. */
void job_set_group(const JobReader *jr, MeasureJob *j);
/* Hand j to the sink: its return value. */
int job_emit(JobReader *jr, const MeasureJob *j);

/* A sacct record (job_sacct.c). */
int job_sacct_record(JobReader *jr);

#endif
