/* cli_measure.c: `gpuplan measure` (DESIGN 3, 10): a team's scheduler
 * records and GPU activity turned into utilization.measured_pct, printed,
 * and with --apply written into a scenario. */
#include "config.h"

#include "cli_common.h"
#include "scenario_name.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "dtoa.h"
#include "measure_apply.h"
#include "measure_report.h"
#include "measure_run.h"
#include "numfmt.h"
#include "timestamp.h"

/* --tz ZONE: a zone the C library knows (a file of the zone database) or
 * UTC. */
static int set_zone(const char *tz, bool *utc)
{
    *utc = false;
    if (!tz)
        return 0;
    if (strcmp(tz, "UTC") == 0 || strcmp(tz, "Z") == 0) {
        *utc = true;
        return 0;
    }
    const char *dir = getenv("TZDIR");
    StrBuf path = STRBUF_INIT;
    sb_printf(&path, "%s/%s", dir && *dir ? dir : "/usr/share/zoneinfo", tz);
    struct stat st;
    bool known = !strstr(tz, "..") && tz[0] != '/' &&
                 stat(path.data, &st) == 0 && S_ISREG(st.st_mode);
    sb_free(&path);
    if (!known)
        return usage_error("--tz %s: not a time zone of the zone database "
                           "(Europe/Berlin, America/New_York, UTC)", tz);
    if (setenv("TZ", tz, 1) != 0)
        return usage_error("--tz %s: cannot set the time zone", tz);
    tzset();
    return 0;
}

static int parse_bound(const char *opt, const char *v, TimeZone *z,
                       int64_t *t)
{
    int64_t later;
    const char *why = "";
    size_t at = 0;
    TimeStatus st = timestamp_parse(v, strlen(v), z, t, &later, &why, &at);
    if (st == TIME_OK)
        return 0;
    return usage_error("%s %s: %s (expected " TIMESTAMP_FORMS ")", opt, v,
                       st == TIME_UNKNOWN ? "is not a time" : why);
}

static int options_of(const CliArgs *a, MeasureRunOptions *o)
{
    memset(o, 0, sizeof *o);
    o->from = o->to = MEASURE_NONE;
    const char *format_in = cli_value(a, "format-in"),
               *group_by = cli_value(a, "group-by"),
               *gpus = cli_value(a, "gpus"), *from = cli_value(a, "from"),
               *to = cli_value(a, "to");
    int rc = set_zone(cli_value(a, "tz"), &o->utc);
    if (rc != 0)
        return rc;
    if (format_in && (!job_format_parse(format_in, &o->format) ||
                      o->format == JOBS_AUTO))
        return usage_error("--format-in %s: one of sacct, pods, csv, "
                           "activity, nodes", format_in);
    if (group_by && (!job_group_parse(group_by, &o->group_by) ||
                     o->group_by == JOB_GROUP_DEFAULT))
        return usage_error("--group-by %s: one of partition, account, qos, "
                           "user, name", group_by);
    if (gpus) {
        double g;
        if (num_parse(gpus, &g) != 0 || !(g > 0) || g > 1e9)
            return usage_error("--gpus %s: the cluster's GPU count, a number "
                               "above 0", gpus);
        o->gpus = g;
    }
    TimeZone z;
    timezone_init(&z, o->utc);
    if (from && (rc = parse_bound("--from", from, &z, &o->from)) != 0)
        return rc;
    if (to && (rc = parse_bound("--to", to, &z, &o->to)) != 0)
        return rc;
    if (from && to && o->to <= o->from)
        return usage_error("--to %s is not after --from %s", to, from);
    return 0;
}

void cli_print_job_problems(const JobReadStats *st)
{
    for (size_t i = 0; i < st->problem_count; i++)
        print_diag(&st->problems[i]);
    if (st->malformed > st->problem_count)
        fprintf(stderr, "gpuplan: %llu more malformed lines not shown "
                "(%llu in all)\n",
                (unsigned long long)(st->malformed - st->problem_count),
                (unsigned long long)st->malformed);
}

/* What the groups are: the column asked for, or the first job file's own. */
static const char *group_name(JobGroupBy g, const MeasureRun *run)
{
    if (g != JOB_GROUP_DEFAULT)
        return job_group_key(g);
    for (size_t i = 0; i < run->file_count; i++) {
        const char *f = run->files[i].format;
        if (strcmp(f, "sacct") == 0)
            return "partition";
        if (strcmp(f, "pods") == 0)
            return "qos";
        if (strcmp(f, "csv") == 0)
            return "group";
    }
    return "group";
}

static const char *zone_name(const char *tz, bool utc)
{
    if (utc)
        return "UTC";
    if (tz)
        return tz;
    const char *env = getenv("TZ");
    return env && *env ? env : "the system's local time";
}

/* --apply SCENARIO: a file of the user's, loaded now so that a bad one
 * stops the command before the records are read. */
static int apply_target(const char *path, MeasureRunOptions *o)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        char *shipped = cli_resolve_scenario(path);
        bool is_template = strcmp(shipped, path) != 0 && stat(shipped, &st) == 0;
        free(shipped);
        if (is_template)
            return usage_error("--apply %s: a shipped scenario is a template; "
                               "write a copy of your own first (gpuplan new "
                               "--from %s FILE) and apply to it", path, path);
        fprintf(stderr, "gpuplan: %s: cannot open the scenario to apply to: "
                "%s\n", vis(path), strerror(errno ? errno : ENOENT));
        return EXIT_NOINPUT;
    }
    Scenario *sc = xmalloc(sizeof *sc);
    int rc = load_arg(path, sc);
    if (rc == 0)
        o->scenario_gpus = sc->hardware.nodes * sc->hardware.gpus_per_node;
    free(sc);
    return rc;
}

/* Write the figures into the scenario, and say what changed. */
static int apply(const char *path, const CliArgs *a, const MeasureRun *run)
{
    MeasureApplied ap;
    measure_apply_of(&run->result, (const char *const *)a->operands,
                     a->noperands, &ap);
    MeasureApplyNote note;
    Diag d;
    int rc = measure_apply_file(path, &ap, &note, &d);
    if (rc != 0) {
        print_diag(&d);
        return rc;
    }
    char o[3][DTOA_BUFSIZE], n[3][DTOA_BUFSIZE];
    dtoa_shortest(note.old_pct, o[0]);
    dtoa_shortest(ap.pct, n[0]);
    dtoa_shortest(note.old_weeks, o[1]);
    dtoa_shortest(ap.weeks, n[1]);
    fprintf(stderr, "gpuplan: wrote %s: utilization.measured_pct %s -> %s, "
            "measurement_weeks %s -> %s", vis(path), o[0], n[0], o[1], n[1]);
    if (isfinite(ap.active)) {
        dtoa_shortest(note.old_active, o[2]);
        dtoa_shortest(ap.active, n[2]);
        fprintf(stderr, ", active_pct %s -> %s", o[2], n[2]);
    }
    if (note.edited)
        fprintf(stderr, " (its layout and comments kept)\n");
    else
        fprintf(stderr, " (written whole: %s)\n", vis(note.why));
    return 0;
}

int cli_cmd_measure(const CliArgs *a)
{
    MeasureRunOptions o;
    int rc = options_of(a, &o);
    if (rc != 0)
        return rc;
    const char *target = cli_value(a, "apply");
    if (target && (rc = apply_target(target, &o)) != 0)
        return rc;
    const char *format = cli_value(a, "format");
    bool json = format && strcmp(format, "json") == 0;
    if (format && !json && strcmp(format, "text") != 0)
        return usage_error("--format %s: measure writes text or json", format);
    MeasureRun run;
    Diag d;
    rc = measure_run((const char *const *)a->operands, a->noperands, &o, &run,
                     &d);
    cli_print_job_problems(&run.stats);
    if (rc != 0) {
        if (rc == EXIT_USAGE)
            return usage_error("%s", d.message);
        print_diag(&d);
        return rc;
    }
    if (cli_given(a, "strict") && run.stats.malformed) {
        fprintf(stderr, "gpuplan: --strict: %llu malformed line%s; nothing "
                "measured\n", (unsigned long long)run.stats.malformed,
                run.stats.malformed == 1 ? "" : "s");
        measure_run_free(&run);
        return EXIT_DATAERR;
    }
    const MeasureResult *r = &run.result;
    if (r->measured_pct > 100) {
        fprintf(stderr, "gpuplan: the jobs held %.2f GPU-hours, more than %g "
                "GPUs give in %.2f hours (%.2f%%): the cluster has more GPUs "
                "than %s says\n", r->gpu_hours, r->capacity, r->hours,
                r->measured_pct, run.capacity_source);
        measure_run_free(&run);
        return EXIT_DATAERR;
    }
    char generator[64];
    snprintf(generator, sizeof generator, "%s %s", PACKAGE_NAME,
             PACKAGE_VERSION);
    MeasureReport rep = {r, generator, run.capacity_source,
                         zone_name(cli_value(a, "tz"), o.utc),
                         group_name(o.group_by, &run), run.files,
                         run.file_count, run.stats.records, run.stats.steps,
                         run.stats.malformed, run.stats.nodes};
    StrBuf b = STRBUF_INIT;
    if (json)
        measure_report_json(&rep, &b);
    else
        measure_report_text(&rep, &b);
    if (target)
        rc = apply(target, a, &run);
    if (rc == 0)
        rc = write_output(&b, NULL);
    sb_free(&b);
    measure_run_free(&run);
    return rc;
}
