/* job_sacct.c: one line of SLURM `sacct --parsable2` output as a job,
 * DESIGN 10: job steps are not jobs, array tasks are jobs, the GPUs come
 * from the allocated (or else requested) trackable resources. */
#include "config.h"

#include <string.h>

#include "job_reader.h"

#define ARRAY_TASKS_MAX 10000000ULL /* tasks one array line may stand for */

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Digits at s[*i] (at least one) as a number below 2^53. */
static bool whole_at(const char *s, size_t n, size_t *i, uint64_t *v)
{
    size_t a = *i;
    uint64_t x = 0;
    while (*i < n && is_digit(s[*i])) {
        if (x > (UINT64_C(1) << 53) / 10)
            return false;
        x = x * 10 + (uint64_t)(s[(*i)++] - '0');
    }
    *v = x;
    return *i > a;
}

/* "[1-3,5,7-15:4%2]" at s[*i]: the number of tasks. */
static bool array_tasks(const char *s, size_t n, size_t *i, uint64_t *count)
{
    (*i)++; /* '[' */
    *count = 0;
    for (;;) {
        uint64_t a, b, step = 1;
        if (!whole_at(s, n, i, &a))
            return false;
        b = a;
        if (*i < n && s[*i] == '-') {
            (*i)++;
            if (!whole_at(s, n, i, &b) || b < a)
                return false;
            if (*i < n && s[*i] == ':') {
                (*i)++;
                if (!whole_at(s, n, i, &step) || step == 0)
                    return false;
            }
        }
        *count += (b - a) / step + 1;
        if (*count > ARRAY_TASKS_MAX)
            return false;
        if (*i < n && s[*i] == ',') {
            (*i)++;
            continue;
        }
        if (*i < n && s[*i] == '%') { /* how many run at once: no tasks */
            uint64_t limit;
            (*i)++;
            if (!whole_at(s, n, i, &limit))
                return false;
        }
        if (*i < n && s[*i] == ']') {
            (*i)++;
            return true;
        }
        return false;
    }
}

/* JobID: 123, 123_4 (an array task), 123_[1-3] (tasks not yet started, one
 * job each), 123+1 (a heterogeneous job's component: +0 is the job, the
 * others only add GPU time). Returns false for anything else. */
static bool job_id(const char *s, size_t n, uint64_t *count, bool *component)
{
    size_t i = 0;
    uint64_t v;
    *count = 1;
    *component = false;
    if (!whole_at(s, n, &i, &v))
        return false;
    if (i < n && s[i] == '_') {
        i++;
        if (i < n && s[i] == '[') {
            if (!array_tasks(s, n, &i, count))
                return false;
        } else if (!whole_at(s, n, &i, &v)) {
            return false;
        }
    }
    if (i < n && s[i] == '+') {
        i++;
        if (!whole_at(s, n, &i, &v))
            return false;
        *component = v > 0;
    }
    return i == n;
}

static bool starts_with(const char *s, size_t n, const char *w)
{
    size_t k = strlen(w);
    if (n < k)
        return false;
    for (size_t i = 0; i < k; i++)
        if ((s[i] & ~0x20) != w[i])
            return false;
    return true;
}

/* The GPUs of a TRES list ("cpu=8,gres/gpu=2,gres/gpu:h100=2,mem=64G"):
 * gres/gpu=N when given, else the sum of the typed gres/gpu:TYPE=N (SLURM
 * lists both when a type was asked for; counting both would count twice).
 * Returns 1 (*gpus set, 0 when none listed), or 0 with *bad at the entry
 * that is not a count. */
static int tres_gpus(const char *s, size_t n, uint64_t *gpus, size_t *bad)
{
    int64_t plain = -1;
    uint64_t typed = 0;
    size_t a = 0;
    while (a < n) {
        const char *c = memchr(s + a, ',', n - a);
        size_t b = c ? (size_t)(c - s) : n;
        const char *e = s + a;
        size_t len = b - a;
        if (len > 8 && memcmp(e, "gres/gpu", 8) == 0 &&
            (e[8] == '=' || e[8] == ':')) {
            const char *eq = memchr(e, '=', len);
            size_t i = eq ? (size_t)(eq - e) + 1 : len;
            uint64_t v;
            if (!eq || !whole_at(e, len, &i, &v) || i != len) {
                *bad = a;
                return 0;
            }
            if (e[8] == '=')
                plain = (int64_t)v;
            else
                typed += v;
        }
        a = b + 1;
    }
    *gpus = plain >= 0 ? (uint64_t)plain : typed;
    return 1;
}

/* The GPUs of a GRES list ("gpu:2", "gpu:h100:8(IDX:0-7)", "gpu:a100:2(IDX:0,2)"):
 * the count of each gpu entry (1 when it gives none), summed. Commas inside
 * parentheses do not split entries. Returns as tres_gpus. */
static int gres_gpus(const char *s, size_t n, uint64_t *gpus, size_t *bad)
{
    *gpus = 0;
    size_t a = 0;
    while (a < n) {
        size_t b = a;
        int depth = 0;
        while (b < n && (s[b] != ',' || depth > 0)) {
            depth += s[b] == '(' ? 1 : s[b] == ')' ? -1 : 0;
            b++;
        }
        const char *e = s + a;
        const char *paren = memchr(e, '(', b - a);
        size_t len = paren ? (size_t)(paren - e) : b - a;
        if (len >= 3 && memcmp(e, "gpu", 3) == 0 && (len == 3 || e[3] == ':')) {
            const char *last = e + len;
            while (last > e && last[-1] != ':')
                last--;
            size_t i = (size_t)(last - e);
            uint64_t v = 1;
            if (last > e + 3 && is_digit(*last) &&
                (!whole_at(e, len, &i, &v) || i != len)) {
                *bad = a;
                return 0;
            }
            *gpus += v;
        }
        a = b + 1;
    }
    return 1;
}

/* The GPUs from the first resource column the line fills in: what was
 * allocated, or for a job that never had an allocation, what it asked for.
 * Returns false when that column does not read (reported). */
static bool sacct_gpus(JobReader *jr, uint64_t *gpus)
{
    static const JobColumn order[] = {COL_ALLOC_TRES, COL_ALLOC_GRES,
                                      COL_REQ_TRES, COL_REQ_GRES};
    *gpus = 0;
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
        int c = jr->col[order[k]];
        if (c < 0 || jr->rr.fields[c].n == 0)
            continue;
        const RecordField *f = &jr->rr.fields[c];
        bool tres = order[k] == COL_ALLOC_TRES || order[k] == COL_REQ_TRES;
        size_t bad = 0;
        int ok = tres ? tres_gpus(f->s, f->n, gpus, &bad)
                      : gres_gpus(f->s, f->n, gpus, &bad);
        if (!ok || *gpus > MEASURE_MAX_GPUS) {
            char q[JOB_SHOWN];
            job_problem(jr, c, ok ? 0 : bad,
                        "%s '%s' %s", tres ? "the TRES" : "the GRES",
                        job_shown(f, q, sizeof q),
                        ok ? "holds more GPUs than a job may (1000000)"
                           : "has a GPU entry that is not a whole count "
                             "(gres/gpu=8, gres/gpu:h100=8, gpu:h100:8)");
            return false;
        }
        return true;
    }
    return true;
}

int job_sacct_record(JobReader *jr)
{
    const RecordField *id = &jr->rr.fields[jr->col[COL_JOBID]];
    const RecordField *state = &jr->rr.fields[jr->col[COL_STATE]];
    const char *s = id->s;
    size_t n = id->n;
    while (n && (s[n - 1] == ' '))
        n--;
    while (n && *s == ' ')
        s++, n--;
    if (memchr(s, '.', n)) { /* 123.batch, 123.extern, 123.0: steps */
        jr->st->steps++;
        return 0;
    }
    MeasureJob j = {0};
    if (!job_id(s, n, &j.count, &j.component)) {
        char q[JOB_SHOWN];
        job_problem(jr, jr->col[COL_JOBID], 0,
                    "the JobID '%s' is not a job id (123, 123_4, 123_[1-3], "
                    "123+1 or a step such as 123.batch)",
                    job_shown(id, q, sizeof q));
        return 0;
    }
    uint64_t gpus;
    bool times = job_times(jr, &j, COL_SUBMIT, COL_START, COL_END);
    if (!sacct_gpus(jr, &gpus) || !times)
        return 0;
    j.milli_gpus = (int64_t)gpus * 1000;
    const char *st = state->s;
    size_t sn = state->n;
    /* A pending job has no start yet, whatever Start says (sacct may show
     * the expected one). Running (or completing, or suspended: the
     * allocation is kept) with no end is held to the window's end. */
    if (starts_with(st, sn, "PENDING"))
        j.start = MEASURE_NONE;
    j.running = j.end == MEASURE_NONE &&
                (starts_with(st, sn, "RUNNING") ||
                 starts_with(st, sn, "COMPLETING") ||
                 starts_with(st, sn, "SUSPENDED"));
    job_set_group(jr, &j);
    return job_emit(jr, &j);
}
