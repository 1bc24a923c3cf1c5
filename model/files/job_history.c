/* job_history.c: opening a job-history file, recognising its format from
 * its header and reading it record by record, DESIGN 10. The records
 * themselves are job_sacct.c's (sacct) and job_records.c's (the other
 * formats, and the helpers both use). */
#include "config.h"

#include "job_history.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "job_reader.h"

/* The header names of each column (lower case; a header is compared
 * without case and surrounding blanks). */
static const char *const column_names[COL_COUNT] = {
    [COL_JOBID] = "jobid",         [COL_SUBMIT] = "submit",
    [COL_START] = "start",         [COL_END] = "end",
    [COL_STATE] = "state",         [COL_ALLOC_TRES] = "alloctres",
    [COL_ALLOC_GRES] = "allocgres", [COL_REQ_TRES] = "reqtres",
    [COL_REQ_GRES] = "reqgres",    [COL_PARTITION] = "partition",
    [COL_ACCOUNT] = "account",     [COL_QOS] = "qos",
    [COL_USER] = "user",           [COL_JOBNAME] = "jobname",
    [COL_NAME] = "name",           [COL_NUM_GPU] = "num_gpu",
    [COL_GPU_MILLI] = "gpu_milli", [COL_CREATION] = "creation_time",
    [COL_SCHEDULED] = "scheduled_time", [COL_DELETION] = "deletion_time",
    [COL_GPUS] = "gpus",           [COL_GROUP] = "group",
    [COL_VALUE] = "value",         [COL_TIMESTAMP] = "timestamp",
    [COL_ID] = "id",
};

/* The same as sacct writes them, for messages. */
static const char *const column_display[COL_COUNT] = {
    [COL_JOBID] = "JobID",         [COL_SUBMIT] = "Submit",
    [COL_START] = "Start",         [COL_END] = "End",
    [COL_STATE] = "State",         [COL_ALLOC_TRES] = "AllocTRES",
    [COL_ALLOC_GRES] = "AllocGRES", [COL_REQ_TRES] = "ReqTRES",
    [COL_REQ_GRES] = "ReqGRES",    [COL_PARTITION] = "Partition",
    [COL_ACCOUNT] = "Account",     [COL_QOS] = "QOS",
    [COL_USER] = "User",           [COL_JOBNAME] = "JobName",
};

/* A column's name as the file's format writes it. */
static const char *display(JobFormat f, JobColumn c)
{
    if (f == JOBS_SACCT && column_display[c])
        return column_display[c];
    return column_names[c];
}

/* What each format needs, and how it is described in messages. */
typedef struct FormatInfo {
    const char *key;
    JobColumn need[5];
    size_t nneed;
    const char *header; /* an example header */
} FormatInfo;

static const FormatInfo formats[JOBS_FORMAT_COUNT] = {
    [JOBS_AUTO] = {"auto", {0}, 0, ""},
    [JOBS_SACCT] = {"sacct", {COL_JOBID, COL_SUBMIT, COL_START, COL_END,
                              COL_STATE}, 5,
                    "JobID|Submit|Start|End|State|AllocTRES|Partition"},
    [JOBS_PODS] = {"pods", {COL_NUM_GPU, COL_SCHEDULED, COL_DELETION}, 3,
                   "name,num_gpu,gpu_milli,qos,creation_time,deletion_time,"
                   "scheduled_time"},
    [JOBS_CSV] = {"csv", {COL_SUBMIT, COL_START, COL_END, COL_GPUS}, 4,
                  "submit,start,end,gpus[,group]"},
    [JOBS_ACTIVITY] = {"activity", {COL_VALUE, COL_TIMESTAMP, COL_ID}, 3,
                       "value,timestamp,id"},
    [JOBS_NODES] = {"nodes", {COL_NUM_GPU}, 1, "sn,num_gpu"},
};

const char *job_format_key(JobFormat f)
{
    return (unsigned)f < JOBS_FORMAT_COUNT ? formats[f].key : "?";
}

bool job_format_parse(const char *word, JobFormat *f)
{
    for (int k = 0; k < JOBS_FORMAT_COUNT; k++)
        if (strcmp(word, formats[k].key) == 0) {
            *f = (JobFormat)k;
            return true;
        }
    return false;
}

static const char *const group_keys[JOB_GROUP_COUNT] = {
    "default", "partition", "account", "qos", "user", "name"};

const char *job_group_key(JobGroupBy g)
{
    return (unsigned)g < JOB_GROUP_COUNT ? group_keys[g] : "?";
}

bool job_group_parse(const char *word, JobGroupBy *g)
{
    for (int k = 0; k < JOB_GROUP_COUNT; k++)
        if (strcmp(word, group_keys[k]) == 0) {
            *g = (JobGroupBy)k;
            return true;
        }
    return false;
}

/* The column a header field names, or -1. */
static int column_of(const RecordField *f)
{
    const char *s = f->s;
    size_t n = f->n;
    while (n && (*s == ' ' || *s == '\t'))
        s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    for (int c = 0; c < COL_COUNT; c++) {
        const char *w = column_names[c];
        if (strlen(w) != n)
            continue;
        size_t i = 0;
        while (i < n && (s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]) == w[i])
            i++;
        if (i == n)
            return c;
    }
    return -1;
}

static void map_header(JobReader *jr)
{
    for (int c = 0; c < COL_COUNT; c++)
        jr->col[c] = -1;
    for (size_t i = 0; i < jr->rr.nfields; i++) {
        int c = column_of(&jr->rr.fields[i]);
        if (c >= 0 && jr->col[c] < 0)
            jr->col[c] = (int)i;
    }
    jr->ncols = jr->rr.nfields;
}

/* The format a header says, JOBS_AUTO when none. */
static JobFormat recognise(const JobReader *jr)
{
    const int *c = jr->col;
    if (jr->rr.sep == '|')
        return JOBS_SACCT;
    if (c[COL_NUM_GPU] >= 0)
        return c[COL_SCHEDULED] >= 0 || c[COL_DELETION] >= 0 ? JOBS_PODS
                                                              : JOBS_NODES;
    if (c[COL_VALUE] >= 0 && c[COL_TIMESTAMP] >= 0)
        return JOBS_ACTIVITY;
    if (c[COL_START] >= 0 && c[COL_END] >= 0 && c[COL_GPUS] >= 0)
        return JOBS_CSV;
    return JOBS_AUTO;
}

/* A csv file without a header: submit,start,end,gpus[,group] by position,
 * when its first field reads as a time. */
static bool headerless_csv(JobReader *jr)
{
    const RecordField *f = jr->rr.fields;
    size_t n = jr->rr.nfields;
    int64_t t, later;
    const char *why;
    size_t at;
    if (jr->rr.sep != ',' || (n != 4 && n != 5) ||
        timestamp_parse(f[0].s, f[0].n, jr->o->zone, &t, &later, &why, &at) !=
            TIME_OK)
        return false;
    for (int c = 0; c < COL_COUNT; c++)
        jr->col[c] = -1;
    jr->col[COL_SUBMIT] = 0;
    jr->col[COL_START] = 1;
    jr->col[COL_END] = 2;
    jr->col[COL_GPUS] = 3;
    if (n == 5)
        jr->col[COL_GROUP] = 4;
    jr->ncols = n;
    return true;
}

static int header_error(JobReader *jr, Diag *d, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int header_error(JobReader *jr, Diag *d, const char *fmt, ...)
{
    char msg[2 * sizeof d->message]; /* diag_set marks a cut with "…" */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_set(d, EXIT_DATAERR, jr->rr.raw_line, 1, NULL, "%s", msg);
    return EXIT_DATAERR;
}

/* The group column: the one asked for, or the format's own. */
static int choose_group(JobReader *jr, Diag *d)
{
    static const JobColumn by[JOB_GROUP_COUNT] = {
        [JOB_GROUP_PARTITION] = COL_PARTITION, [JOB_GROUP_ACCOUNT] = COL_ACCOUNT,
        [JOB_GROUP_QOS] = COL_QOS, [JOB_GROUP_USER] = COL_USER,
        [JOB_GROUP_NAME] = COL_JOBNAME};
    JobGroupBy g = jr->o->group_by;
    jr->group_prefix = g == JOB_GROUP_NAME;
    if (jr->format == JOBS_ACTIVITY || jr->format == JOBS_NODES) {
        jr->group_col = -1;
        return 0;
    }
    if (g == JOB_GROUP_DEFAULT) {
        JobColumn own = jr->format == JOBS_SACCT  ? COL_PARTITION
                        : jr->format == JOBS_PODS ? COL_QOS
                                                  : COL_GROUP;
        jr->group_col = jr->col[own];
        return 0;
    }
    int c = jr->col[by[g]];
    if (g == JOB_GROUP_NAME && jr->format != JOBS_SACCT)
        c = jr->col[COL_NAME];
    if (c < 0)
        return header_error(jr, d, "--group-by %s: this %s file has no %s "
                            "column", job_group_key(g),
                            job_format_key(jr->format),
                            g == JOB_GROUP_NAME && jr->format != JOBS_SACCT
                                ? "name"
                                : display(jr->format, by[g]));
    jr->group_col = c;
    return 0;
}

/* Read the header and settle the format and columns. */
static int read_header(JobReader *jr, Diag *d)
{
    RecordStatus rs = record_next(&jr->rr, d);
    if (rs == RECORD_IO_ERROR)
        return d->status;
    if (rs == RECORD_END) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "the file holds no records");
        return EXIT_DATAERR;
    }
    if (rs != RECORD_OK)
        return header_error(jr, d, "the header line cannot be read (%s)",
                            rs == RECORD_TOO_LONG ? "longer than 1 MiB"
                                                  : "an unclosed quote");
    map_header(jr);
    JobFormat seen = recognise(jr);
    JobFormat want = jr->o->format;
    if (want == JOBS_AUTO)
        want = seen;
    if (want == JOBS_CSV && seen != JOBS_CSV && headerless_csv(jr)) {
        jr->format = JOBS_CSV;
        return 1; /* the first line is a record */
    }
    if (want == JOBS_AUTO && headerless_csv(jr)) {
        jr->format = JOBS_CSV;
        return 1;
    }
    if (want == JOBS_AUTO)
        return header_error(
            jr, d, "not a job history this reads: the first line should be "
            "a header of sacct --parsable2 (%s), a pod list (%s), a job "
            "CSV (%s), GPU activity (%s) or a node list (%s)",
            formats[JOBS_SACCT].header, formats[JOBS_PODS].header,
            formats[JOBS_CSV].header, formats[JOBS_ACTIVITY].header,
            formats[JOBS_NODES].header);
    jr->format = want;
    const FormatInfo *fi = &formats[want];
    for (size_t k = 0; k < fi->nneed; k++)
        if (jr->col[fi->need[k]] < 0)
            return header_error(jr, d, "this %s file has no %s column (its "
                                "header should name at least: %s)%s",
                                fi->key, display(want, fi->need[k]), fi->header,
                                want == JOBS_SACCT
                                    ? "; sacct -a -X --parsable2 "
                                      "--format=JobID,JobName,Partition,"
                                      "Account,QOS,User,State,Submit,Start,"
                                      "End,AllocTRES writes every one"
                                    : "");
    if (want == JOBS_SACCT && jr->col[COL_ALLOC_TRES] < 0 &&
        jr->col[COL_ALLOC_GRES] < 0 && jr->col[COL_REQ_TRES] < 0 &&
        jr->col[COL_REQ_GRES] < 0)
        return header_error(jr, d, "this sacct file says nothing of GPUs: it "
                            "needs an AllocTRES, AllocGRES, ReqTRES or "
                            "ReqGRES column");
    return 0;
}

int job_history_read(const char *path, const JobReadOptions *o,
                     const JobSink *sink, JobReadStats *st, Diag *d)
{
    diag_clear(d, path);
    JobReader jr;
    memset(&jr, 0, sizeof jr);
    int rc = record_open(&jr.rr, path, d);
    if (rc != 0)
        return rc;
    jr.o = o;
    jr.sink = sink;
    jr.st = st;
    rc = read_header(&jr, d);
    bool first_is_record = rc == 1;
    if (rc == 1)
        rc = 0;
    if (rc == 0)
        rc = choose_group(&jr, d);
    if (rc == 0)
        st->files[jr.format]++;
    while (rc == 0) {
        RecordStatus rs = first_is_record ? RECORD_OK : record_next(&jr.rr, d);
        first_is_record = false;
        if (rs == RECORD_END)
            break;
        if (rs == RECORD_IO_ERROR) {
            rc = d->status;
            break;
        }
        st->records++;
        if (rs == RECORD_TOO_LONG) {
            job_problem(&jr, -1, 0, "the line is longer than 1 MiB");
            continue;
        }
        if (rs == RECORD_BAD_QUOTE) {
            job_problem(&jr, JOB_RAW, jr.rr.bad_at, "%s",
                        jr.rr.bad_open
                            ? "a quoted field is not closed"
                            : "text after a closing quote (a quote inside "
                              "a quoted field is written twice)");
            continue;
        }
        if (jr.rr.nfields != jr.ncols) {
            /* Too many: the first field past the header's; too few: the
             * line's end, where the next one was due. */
            size_t end = jr.rr.raw_len;
            if (end > 0 && jr.rr.raw[end - 1] == '\r')
                end--;
            if (jr.rr.nfields > jr.ncols)
                job_problem(&jr, (int)jr.ncols, 0,
                            "%zu fields where the header has %zu",
                            jr.rr.nfields, jr.ncols);
            else
                job_problem(&jr, JOB_RAW, end,
                            "%zu fields where the header has %zu",
                            jr.rr.nfields, jr.ncols);
            continue;
        }
        int stop = jr.format == JOBS_SACCT ? job_sacct_record(&jr)
                                           : job_record(&jr);
        if (stop != 0) {
            diag_set(d, EXIT_IOERR, 0, 0, NULL, "out of memory");
            rc = EXIT_IOERR;
            break;
        }
    }
    record_close(&jr.rr);
    return rc;
}
