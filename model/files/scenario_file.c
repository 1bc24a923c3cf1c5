/* scenario_file.c: loading and saving scenario files, and the loader core
 * (scenario_load.h) that the YAML and JSON readers share.
 *
 * Format choice (SPEC 4.1): a file whose first non-blank byte, after an
 * optional UTF-8 byte order mark, is '{' is read as JSON (a JSON export or
 * a bare scenario object); anything else is YAML. A YAML scenario written
 * entirely in flow style on its first line would therefore be read as JSON;
 * scenario files are written in block style, so this costs nothing. */
#include "config.h"

#include "scenario_file.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "cron.h"
#include "fields.h"
#include "hybrid_fields.h"
#include "hybrid.h"
#include "numfmt.h"
#include "scenario_load.h"
#include "utf8.h"
#include "uncertainty.h"

/* ---- loader core ------------------------------------------------------- */

void load_begin(LoadCtx *c, const char *name, Diag *d)
{
    memset(c, 0, sizeof *c);
    c->d = d;
    diag_clear(d, name);
    scenario_default(&c->s);
    c->field_pos = xmalloc(field_count * sizeof c->field_pos[0]);
    memset(c->field_pos, 0, field_count * sizeof c->field_pos[0]);
    c->doc.line = 1;
    c->doc.col = 1;
}

void load_end(LoadCtx *c)
{
    free(c->field_pos);
    c->field_pos = NULL;
}

int load_error(LoadCtx *c, LoadPos at, const char *path, const char *fmt, ...)
{
    char msg[sizeof c->d->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!c->collect) {
        diag_set(c->d, EXIT_DATAERR, at.line, at.col, path, "%s", msg);
        return EXIT_DATAERR;
    }
    Diag e;
    diag_clear(&e, c->d->file);
    diag_set(&e, EXIT_DATAERR, at.line, at.col, path, "%s", msg);
    if (c->d->status == 0)
        *c->d = e;
    if (c->nall < c->maxall)
        c->all[c->nall++] = e;
    if (c->nall >= c->maxall)
        c->fatal = true; /* enough to act on; stop reading */
    return EXIT_DATAERR;
}

bool load_go_on(const LoadCtx *c, int rc)
{
    return c->collect && !c->fatal && rc == EXIT_DATAERR;
}

bool load_is_section(const char *name)
{
    size_t n = strlen(name);
    if (n == 0)
        return false;
    for (size_t i = 0; i < field_count; i++)
        if (strncmp(field_table[i].key, name, n) == 0 &&
            field_table[i].key[n] == '.')
            return true;
    return false;
}

void load_describe(const Field *f, char *buf, size_t n)
{
    char lo[40], hi[40];
    switch (f->type) {
    case FT_BOOL:
        snprintf(buf, n, "true or false");
        break;
    case FT_TEXT:
        snprintf(buf, n, "text of %.0f to %.0f characters", f->minimum, f->maximum);
        break;
    case FT_CHOICE: {
        char words[200];
        field_choice_list(f, ", ", " or ", words, sizeof words);
        snprintf(buf, n, "one of %s", words);
        break;
    }
    default:
        num_format_exact(f->minimum, lo, sizeof lo);
        num_format_exact(f->maximum, hi, sizeof hi);
        snprintf(buf, n, "%s from %s to %s",
                 f->type == FT_INT ? "a whole number" : "a number", lo, hi);
        break;
    }
}

int load_section(LoadCtx *c, const char *name, LoadPos at)
{
    for (size_t i = 0; i < c->nsections; i++)
        if (strcmp(c->section_name[i], name) == 0)
            return load_error(c, at, name,
                              "duplicate key `%s` (first given at line %lu)",
                              name, c->section_pos[i].line);
    if (c->nsections < LOAD_SECTIONS_MAX) {
        snprintf(c->section_name[c->nsections], sizeof c->section_name[0], "%s",
                 name);
        c->section_pos[c->nsections++] = at;
    }
    return 0;
}

/* "a, b, c" of the keys allowed in `section` ("" = top level: the version,
 * the top-level fields and the section names). */
static void known_keys(const char *section, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
#define ADD(s)                                                                 \
    do {                                                                       \
        int w_ = snprintf(buf + used, n - used, "%s%s", used ? ", " : "", s);  \
        if (w_ < 0 || (size_t)w_ >= n - used)                                  \
            return;                                                            \
        used += (size_t)w_;                                                    \
    } while (0)
    char prev[32] = "", sec[32];
    if (section[0] == '\0')
        ADD("gpuplan");
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        field_section(f, sec, sizeof sec);
        if (section[0] == '\0') {
            if (sec[0] == '\0')
                ADD(f->key);
            else if (strcmp(sec, prev) != 0)
                ADD(sec);
            snprintf(prev, sizeof prev, "%s", sec);
        } else if (strcmp(sec, section) == 0) {
            ADD(f->key + strlen(sec) + 1);
        }
    }
#undef ADD
}

int load_unknown(LoadCtx *c, const char *section, const char *key, LoadPos at)
{
    char path[128];
    if (section[0])
        snprintf(path, sizeof path, "%s.%s", section, key);
    else
        snprintf(path, sizeof path, "%s", key);

    /* "hardware.nodes" at the top level: say where it belongs. */
    const Field *nested = section[0] == '\0' ? field_find(key) : NULL;
    if (nested && strchr(key, '.')) {
        char sec[32];
        field_section(nested, sec, sizeof sec);
        return load_error(c, at, path,
                          "unknown key `%.60s` (write `%s` inside the `%s:` "
                          "section)", key, nested->key + strlen(sec) + 1, sec);
    }
    const char *near = field_suggest(key, section[0] ? section : NULL);
    if (near) {
        const char *dot = strrchr(near, '.');
        const char *shown = dot ? dot + 1 : near;
        if (strcmp(shown, key) != 0)
            return load_error(c, at, path,
                              "unknown key `%.60s` (did you mean `%s`?)", key,
                              shown);
        return load_error(c, at, path, "unknown key `%.60s` (this version of "
                          "gpuplan does not support it yet)", key);
    }
    char known[400];
    known_keys(section, known, sizeof known);
    if (section[0])
        return load_error(c, at, path, "unknown key `%.60s` in `%s` (known "
                          "keys: %s)", key, section, known);
    return load_error(c, at, path, "unknown key `%.60s` (known keys: %s)", key,
                      known);
}

int load_key(LoadCtx *c, const char *section, const char *key, LoadPos at,
             const Field **f)
{
    char path[128];
    if (section[0])
        snprintf(path, sizeof path, "%s.%s", section, key);
    else
        snprintf(path, sizeof path, "%s", key);
    const Field *hit = strlen(key) < 64 ? field_find(path) : NULL;
    /* A top-level key must not contain a dot: "hardware.nodes" is written
     * nested. Inside a section, "nodes" finds "hardware.nodes" only. */
    if (!hit || strchr(key, '.'))
        return load_unknown(c, section, key, at);
    size_t i = (size_t)(hit - field_table);
    if (c->field_pos[i].line)
        return load_error(c, at, hit->key,
                          "duplicate key `%s` (first given at line %lu)", key,
                          c->field_pos[i].line);
    c->field_pos[i] = at;
    *f = hit;
    return 0;
}

int load_value(LoadCtx *c, const Field *f, const char *text, size_t len,
               LoadStyle style, LoadPos at)
{
    char msg[400];
    if (memchr(text, '\0', len))
        return load_error(c, at, f->key, "value contains a NUL character "
                          "(not allowed in scenario files)");
    if (f->type == FT_TEXT) {
        if (!field_check_text(f, text, msg, sizeof msg))
            return load_error(c, at, f->key, "%s", msg);
        snprintf(field_text(f, &c->s), f->size, "%s", text);
        return 0;
    }
    double v = 0;
    bool ok = field_parse(f, text, &v, msg, sizeof msg);
    /* A choice is a word: plain or quoted, as the user likes. */
    if (f->type == FT_CHOICE) {
        if (!ok)
            return load_error(c, at, f->key, "%s", msg);
        field_put_num(f, &c->s, v);
        return 0;
    }
    /* Numbers and yes/no values are written unquoted: a quoted "42" is
     * text in YAML and JSON alike, so accepting it would hide a typing
     * mistake (and JSON exports never quote numbers). */
    if (style == LOAD_QUOTED) {
        if (ok)
            return load_error(c, at, f->key, "\"%.40s\" is quoted text; write "
                              "%s without quotes", text,
                              f->type == FT_BOOL ? "true or false"
                                                 : "numbers");
        char what[120];
        load_describe(f, what, sizeof what);
        return load_error(c, at, f->key, "\"%.40s\" is quoted text (expected "
                          "%s, written without quotes)", text, what);
    }
    if (!ok)
        return load_error(c, at, f->key, "%s", msg);
    field_put_num(f, &c->s, v);
    return 0;
}

int load_version(LoadCtx *c, const char *text, LoadStyle style, LoadPos key,
                 LoadPos at, bool record)
{
    if (record) {
        if (c->version.line)
            return load_error(c, key, "gpuplan", "duplicate key `gpuplan` "
                              "(first given at line %lu)", c->version.line);
        c->version = key;
    }
    double v;
    if (style == LOAD_QUOTED || num_parse(text, &v) != 0 || v != floor(v))
        return load_error(c, at, "gpuplan", "schema version \"%.40s\" is not "
                          "valid (expected the whole number %d, unquoted)",
                          text, SCENARIO_VERSION);
    char shown[40];
    num_format_exact(v + 0.0, shown, sizeof shown);
    if (v > SCENARIO_VERSION)
        return load_error(c, at, "gpuplan", "schema version %s is newer than "
                          "this gpuplan understands (%d)", shown,
                          SCENARIO_VERSION);
    if (v < SCENARIO_VERSION_MIN)
        return load_error(c, at, "gpuplan", "schema version %s is not valid "
                          "(expected %d, or %d for an older file)", shown,
                          SCENARIO_VERSION, SCENARIO_VERSION_MIN);
    if (record || !c->version_num)
        c->version_num = (int)v;
    return 0;
}

int load_finish(LoadCtx *c, Scenario *out)
{
    if (!c->version.line)
        return load_error(c, c->doc, "gpuplan", "missing `gpuplan: %d` schema "
                          "version (add it at the top of the file)",
                          SCENARIO_VERSION);
    /* SPEC 1.4: a version-1 file has no version-2 field; each takes its
     * default, which gives version 1's figures. */
    if (c->version_num < 2) {
        for (size_t i = 0; i < field_count; i++)
            if (c->field_pos[i].line && field_version(&field_table[i]) > 1)
                return load_error(c, c->field_pos[i], field_table[i].key,
                                  "`%s` is a schema version 2 field, but this "
                                  "file says `gpuplan: %d` (line %lu); write "
                                  "`gpuplan: 2` to use it",
                                  field_table[i].key, c->version_num,
                                  c->version.line);
        if (c->s.has_uncertainty)
            return load_error(c, c->un.section, "uncertainty", "`uncertainty` "
                              "is a schema version 2 section, but this file "
                              "says `gpuplan: %d` (line %lu); write `gpuplan: "
                              "2` to use it", c->version_num, c->version.line);
        /* The version-2 keys of the hybrid plan, which the loader records
         * apart from the registry. */
        static const int wl_v2[] = {HW_PRIORITY, HW_MAX_WAIT, HW_CLOUD_PRICE};
        const char *v2 = NULL;
        char key[160];
        LoadPos at = {0};
        if (c->hy.key[HY_BACKFILL].line) {
            v2 = "hybrid.backfill";
            at = c->hy.key[HY_BACKFILL];
        }
        for (size_t i = 0; !v2 && i < HYBRID_MAX_WORKLOADS; i++)
            for (size_t k = 0; !v2 && k < sizeof wl_v2 / sizeof wl_v2[0]; k++)
                if (c->hy.wl_key[i][wl_v2[k]].line) {
                    snprintf(key, sizeof key, "hybrid.workloads[%zu].%s", i,
                             hybrid_workload_keys[wl_v2[k]]);
                    v2 = key;
                    at = c->hy.wl_key[i][wl_v2[k]];
                }
        if (v2)
            return load_error(c, at, v2, "`%s` is a schema version 2 field, "
                              "but this file says `gpuplan: %d` (line %lu); "
                              "write `gpuplan: 2` to use it",
                              v2, c->version_num, c->version.line);
    }
    if (c->nall > 0)
        return EXIT_DATAERR;
    const Field *bad = NULL;
    char msg[400];
    if (!scenario_validate(&c->s, &bad, msg, sizeof msg)) {
        LoadPos at = c->doc;
        size_t i = (size_t)(bad - field_table);
        char sec[32];
        field_section(bad, sec, sizeof sec);
        if (c->field_pos[i].line) {
            at = c->field_pos[i];
        } else {
            for (size_t k = 0; k < c->nsections; k++)
                if (strcmp(c->section_name[k], sec) == 0)
                    at = c->section_pos[k];
        }
        return load_error(c, at, bad->key, "%s", msg);
    }
    if (c->s.has_hybrid) {
        LoadPos at = c->hy.key[HY_ONPREM_NODES];
        if (!at.line)
            c->s.hybrid.onprem_nodes = c->s.hardware.nodes;
        else if (!hybrid_check_nodes(&c->s, msg, sizeof msg))
            return load_error(c, at, "hybrid.onprem_nodes", "%s", msg);
        if (!hybrid_check_jobs(&c->s.hybrid, msg, sizeof msg)) {
            LoadPos days = c->hy.key[HY_DAYS];
            return load_error(c, days.line ? days : c->hy.section, "hybrid.days",
                              "%s", msg);
        }
    }
    if (c->s.has_uncertainty) {
        size_t i = 0;
        int which = UI_KEY;
        if (!uncertainty_check(&c->s, &i, &which, msg, sizeof msg)) {
            char path[96];
            snprintf(path, sizeof path, "uncertainty.inputs[%zu].%s", i,
                     uncertainty_input_keys[which]);
            LoadPos at = c->un.in_val[i][which];
            if (!at.line)
                at = c->un.in_start[i];
            return load_error(c, at, path, "%s", msg);
        }
    }
    *out = c->s;
    return 0;
}

/* ---- the hybrid section ------------------------------------------------ */

void load_hybrid_begin(LoadCtx *c, LoadPos key)
{
    c->s.has_hybrid = true;
    hybrid_plan_default(&c->s.hybrid, 0);
    memset(&c->hy, 0, sizeof c->hy);
    c->hy.section = key;
}

/* "a, b and c" of keys[0..n). */
static void key_list(const char *const *keys, size_t n, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < len; i++) {
        int w = snprintf(buf + used, len - used, "%s%s",
                         i == 0 ? "" : i + 1 == n ? " and " : ", ", keys[i]);
        if (w < 0)
            return;
        used += (size_t)w;
    }
}

/* Unknown key `key` at path `path` among keys[0..n). */
static int hybrid_unknown(LoadCtx *c, const char *path, const char *key,
                          const char *const *keys, size_t n, LoadPos at)
{
    const char *near = field_suggest_in(key, keys, n);
    if (near)
        return load_error(c, at, path, "unknown key `%.60s` (did you mean "
                          "`%s`?)", key, near);
    char known[200];
    key_list(keys, n, known, sizeof known);
    return load_error(c, at, path, "unknown key `%.60s` (known keys: %s)", key,
                      known);
}

int load_hybrid_key(LoadCtx *c, const char *key, LoadPos at, int *which)
{
    char path[128];
    snprintf(path, sizeof path, "hybrid.%.60s", key);
    int k = hybrid_key_index(hybrid_section_keys, HY_KEY_COUNT, key);
    if (k < 0)
        return hybrid_unknown(c, path, key, hybrid_section_keys, HY_KEY_COUNT,
                              at);
    if (c->hy.key[k].line)
        return load_error(c, at, path, "duplicate key `%s` (first given at "
                          "line %lu)", key, c->hy.key[k].line);
    c->hy.key[k] = at;
    *which = k;
    return 0;
}

int load_hybrid_scalar(LoadCtx *c, int which, const char *text, size_t len,
                       LoadStyle style, LoadPos at)
{
    char path[64];
    Field f;
    snprintf(path, sizeof path, "hybrid.%s", hybrid_section_keys[which]);
    hybrid_scalar_field(which, path, &f);
    return load_value(c, &f, text, len, style, at);
}

int load_hybrid_workloads(LoadCtx *c, size_t n, LoadPos at)
{
    (void)at;
    /* An empty list is a plan with no workloads yet (the planner's Hybrid
     * panel after every workload was deleted): it loads, so a save of it
     * loads back (SPEC 1.3). */
    c->s.hybrid.workload_count = n;
    return 0;
}

int load_hybrid_workload_begin(LoadCtx *c, size_t i, LoadPos at)
{
    if (i >= HYBRID_MAX_WORKLOADS)
        return load_error(c, at, "hybrid.workloads", "more than %d workloads "
                          "(expected 1 to %d)", HYBRID_MAX_WORKLOADS,
                          HYBRID_MAX_WORKLOADS);
    hybrid_workload_default(&c->s.hybrid.workloads[i]);
    memset(c->hy.wl_key[i], 0, sizeof c->hy.wl_key[i]);
    c->hy.wl_start[i] = at;
    c->s.hybrid.workload_count = i + 1;
    return 0;
}

int load_hybrid_wkey(LoadCtx *c, size_t i, const char *key, LoadPos at,
                     int *which)
{
    char path[160];
    snprintf(path, sizeof path, "hybrid.workloads[%zu].%.60s", i, key);
    int k = hybrid_key_index(hybrid_workload_keys, HW_KEY_COUNT, key);
    if (k < 0)
        return hybrid_unknown(c, path, key, hybrid_workload_keys,
                              HW_KEY_COUNT, at);
    if (c->hy.wl_key[i][k].line)
        return load_error(c, at, path, "duplicate key `%s` (first given at "
                          "line %lu)", key, c->hy.wl_key[i][k].line);
    c->hy.wl_key[i][k] = at;
    *which = k;
    return 0;
}

int load_hybrid_wvalue(LoadCtx *c, size_t i, int which, const char *text,
                       size_t len, LoadStyle style, bool quoted, LoadPos at)
{
    char path[160], msg[300];
    snprintf(path, sizeof path, "hybrid.workloads[%zu].%s", i,
             hybrid_workload_keys[which]);
    HybridWorkload *w = &c->s.hybrid.workloads[i];
    if (which == HW_RUN || which == HW_CLOUD_MODE) {
        if (memchr(text, '\0', len))
            return load_error(c, at, path, "value contains a NUL character "
                              "(not allowed in scenario files)");
        bool ok = which == HW_RUN
                      ? hybrid_parse_run(text, &w->run, msg, sizeof msg)
                      : hybrid_parse_mode(text, &w->cloud_mode, msg,
                                          sizeof msg);
        return ok ? 0 : load_error(c, at, path, "%s", msg);
    }
    Field f;
    hybrid_workload_field(i, which, path, &f);
    int rc = load_value(c, &f, text, len, style, at);
    if (rc)
        return rc;
    if (f.type != FT_TEXT &&
        !hybrid_check_workload_num(which, *field_num(&f, &c->s), msg,
                                   sizeof msg))
        return load_error(c, at, path, "%s", msg);
    hybrid_workload_mark(w, which);
    if (which == HW_SCHEDULE) {
        CronError err;
        if (cron_parse(w->schedule_text, &w->schedule, &err) != 0) {
            LoadPos in = at;
            in.col += (unsigned long)(err.column > 0 ? err.column - 1 : 0) +
                      (quoted ? 1 : 0);
            return load_error(c, in, path, "%s", err.message);
        }
        w->has_schedule = true;
    }
    return 0;
}

int load_hybrid_workload_end(LoadCtx *c, size_t i)
{
    char path[64];
    snprintf(path, sizeof path, "hybrid.workloads[%zu]", i);
    const LoadPos *k = c->hy.wl_key[i];
    static const int required[] = {HW_NAME, HW_GPUS, HW_HOURS};
    for (size_t r = 0; r < 3; r++)
        if (!k[required[r]].line)
            return load_error(c, c->hy.wl_start[i], path, "missing `%s` (a "
                              "workload needs name, gpus, hours and one of "
                              "schedule or per_day)",
                              hybrid_workload_keys[required[r]]);
    if (!k[HW_SCHEDULE].line && !k[HW_PER_DAY].line)
        return load_error(c, c->hy.wl_start[i], path, "missing `schedule` or "
                          "`per_day` (give exactly one: a cron schedule or "
                          "random arrivals a day)");
    if (k[HW_SCHEDULE].line && k[HW_PER_DAY].line) {
        bool sched_later =
            k[HW_SCHEDULE].line > k[HW_PER_DAY].line ||
            (k[HW_SCHEDULE].line == k[HW_PER_DAY].line &&
             k[HW_SCHEDULE].col > k[HW_PER_DAY].col);
        int later = sched_later ? HW_SCHEDULE : HW_PER_DAY;
        char lp[96];
        snprintf(lp, sizeof lp, "%s.%s", path, hybrid_workload_keys[later]);
        return load_error(c, k[later], lp, "both `schedule` and `per_day` are "
                          "given (a workload has exactly one of them)");
    }
    c->s.hybrid.workloads[i].has_schedule = k[HW_SCHEDULE].line != 0;
    return 0;
}

int load_hybrid_end(LoadCtx *c, LoadPos at)
{
    (void)at;
    if (!c->hy.key[HY_WORKLOADS].line)
        return load_error(c, c->hy.section, "hybrid.workloads", "missing "
                          "`workloads` (the hybrid plan needs a list of up "
                          "to %d workloads; `workloads: []` for none yet)",
                          HYBRID_MAX_WORKLOADS);
    return 0;
}

/* ---- the uncertainty section ------------------------------------------- */

void load_unc_begin(LoadCtx *c, LoadPos key)
{
    c->s.has_uncertainty = true;
    uncertainty_default(&c->s.uncertainty);
    memset(&c->un, 0, sizeof c->un);
    c->un.section = key;
}

int load_unc_key(LoadCtx *c, const char *key, LoadPos at, int *which)
{
    char path[128];
    snprintf(path, sizeof path, "uncertainty.%.60s", key);
    int k = hybrid_key_index(uncertainty_section_keys, UN_KEY_COUNT, key);
    if (k < 0)
        return hybrid_unknown(c, path, key, uncertainty_section_keys,
                              UN_KEY_COUNT, at);
    if (c->un.key[k].line)
        return load_error(c, at, path, "duplicate key `%s` (first given at "
                          "line %lu)", key, c->un.key[k].line);
    c->un.key[k] = at;
    *which = k;
    return 0;
}

int load_unc_scalar(LoadCtx *c, int which, const char *text, size_t len,
                    LoadStyle style, LoadPos at)
{
    char path[64];
    Field f;
    snprintf(path, sizeof path, "uncertainty.%s",
             uncertainty_section_keys[which]);
    uncertainty_scalar_field(which, path, &f);
    return load_value(c, &f, text, len, style, at);
}

int load_unc_inputs(LoadCtx *c, size_t n, LoadPos at)
{
    (void)at;
    c->s.uncertainty.input_count = n;
    return 0;
}

int load_unc_input_begin(LoadCtx *c, size_t i, LoadPos at)
{
    if (i >= UNC_MAX_INPUTS)
        return load_error(c, at, "uncertainty.inputs", "more than %d inputs "
                          "(expected 0 to %d)", UNC_MAX_INPUTS,
                          UNC_MAX_INPUTS);
    memset(&c->s.uncertainty.inputs[i], 0, sizeof c->s.uncertainty.inputs[i]);
    memset(c->un.in_key[i], 0, sizeof c->un.in_key[i]);
    memset(c->un.in_val[i], 0, sizeof c->un.in_val[i]);
    c->un.in_start[i] = at;
    c->s.uncertainty.input_count = i + 1;
    return 0;
}

int load_unc_ikey(LoadCtx *c, size_t i, const char *key, LoadPos at,
                  int *which)
{
    char path[160];
    snprintf(path, sizeof path, "uncertainty.inputs[%zu].%.60s", i, key);
    int k = hybrid_key_index(uncertainty_input_keys, UI_KEY_COUNT, key);
    if (k < 0)
        return hybrid_unknown(c, path, key, uncertainty_input_keys,
                              UI_KEY_COUNT, at);
    if (c->un.in_key[i][k].line)
        return load_error(c, at, path, "duplicate key `%s` (first given at "
                          "line %lu)", key, c->un.in_key[i][k].line);
    c->un.in_key[i][k] = at;
    *which = k;
    return 0;
}

int load_unc_ivalue(LoadCtx *c, size_t i, int which, const char *text,
                    size_t len, LoadStyle style, LoadPos at)
{
    char path[160], msg[300];
    snprintf(path, sizeof path, "uncertainty.inputs[%zu].%s", i,
             uncertainty_input_keys[which]);
    c->un.in_val[i][which] = at;
    Field f;
    if (which == UI_KEY) {
        uncertainty_key_row(i, path, &f);
        int rc = load_value(c, &f, text, len, style, at);
        if (rc)
            return rc;
        if (!uncertainty_target(c->s.uncertainty.inputs[i].key, msg,
                                sizeof msg))
            return load_error(c, at, path, "%s", msg);
        return 0;
    }
    uncertainty_value_field(i, which, NULL, path, &f);
    int rc = load_value(c, &f, text, len, style, at);
    if (rc == 0 && which == UI_MODE)
        c->s.uncertainty.inputs[i].has_mode = true;
    return rc;
}

int load_unc_input_end(LoadCtx *c, size_t i)
{
    char path[64];
    snprintf(path, sizeof path, "uncertainty.inputs[%zu]", i);
    static const int required[] = {UI_KEY, UI_LOW, UI_HIGH};
    for (size_t r = 0; r < 3; r++)
        if (!c->un.in_key[i][required[r]].line)
            return load_error(c, c->un.in_start[i], path, "missing `%s` (an "
                              "input needs key, low and high; mode is "
                              "optional)", uncertainty_input_keys[required[r]]);
    return 0;
}

int load_unc_end(LoadCtx *c, LoadPos at)
{
    (void)c;
    (void)at;
    return 0;
}

LoadPos load_pos_at(const char *data, size_t len, size_t off)
{
    LoadPos p = {1, 1};
    if (off > len)
        off = len;
    for (size_t i = 0; i < off; i++) {
        unsigned char ch = (unsigned char)data[i];
        if (ch == '\n') {
            p.line++;
            p.col = 1;
        } else if (ch == '\r' && i + 1 < len && data[i + 1] == '\n') {
            continue; /* CR LF is one line break */
        } else if (!utf8_is_cont(ch)) {
            p.col++; /* count characters, not UTF-8 continuation bytes */
        }
    }
    return p;
}

/* ---- files ------------------------------------------------------------- */

bool scenario_looks_like_json(const char *data, size_t len)
{
    size_t i = 0;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' ||
                       data[i] == '\n'))
        i++;
    return i < len && data[i] == '{';
}

int scenario_check_file(const char *path, Diag *all, size_t max, size_t *n)
{
    char *data = NULL;
    size_t len = 0;
    Diag d;
    *n = 0;
    diag_clear(&d, path);
    int rc = read_whole_file(path, SCENARIO_FILE_MAX, &data, &len, &d);
    if (rc == 0 && scenario_looks_like_json(data, len)) {
        Scenario s;
        rc = scenario_load_json(path, data, len, &s, &d);
    } else if (rc == 0) {
        rc = scenario_check_yaml(path, data, len, all, max, n);
    }
    if (rc != 0 && *n == 0 && max > 0)
        all[(*n)++] = d;
    free(data);
    return rc;
}

int scenario_load_file(const char *path, Scenario *out, Diag *d)
{
    char *data = NULL;
    size_t len = 0;
    diag_clear(d, path);
    int rc = read_whole_file(path, SCENARIO_FILE_MAX, &data, &len, d);
    if (rc != 0)
        return rc;
    if (scenario_looks_like_json(data, len))
        rc = scenario_load_json(path, data, len, out, d);
    else
        rc = scenario_load_yaml(path, data, len, out, d);
    free(data);
    return rc;
}

int scenario_check_bytes(const char *path, const Scenario *s, const char *data,
                         size_t len, Diag *d)
{
    Scenario back;
    Diag why;
    diag_clear(d, path);
    if (scenario_load_yaml(path, data, len, &back, &why) != 0) {
        char m[sizeof why.message + sizeof why.path + 64];
        if (why.path[0])
            snprintf(m, sizeof m, "%s: %s", why.path, why.message);
        else
            snprintf(m, sizeof m, "%s", why.message);
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "not saved: the file would not "
                 "load back (line %lu: %s); the file on disk is unchanged",
                 why.line, m);
        return EXIT_DATAERR;
    }
    if (!scenario_equal(&back, s)) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "not saved: the file would load "
                 "back as a different scenario; the file on disk is "
                 "unchanged");
        return EXIT_DATAERR;
    }
    return 0;
}

int scenario_save_file(const char *path, const Scenario *s, Diag *d)
{
    StrBuf b = STRBUF_INIT;
    diag_clear(d, path);
    scenario_format_yaml(s, &b);
    /* Save only what loads (SPEC 7): the bytes about to be written are
     * read back exactly as a load would before anything touches the disk. */
    int rc = scenario_check_bytes(path, s, sb_str(&b), b.len, d);
    if (rc == 0)
        rc = atomic_write_file(path, sb_str(&b), b.len, 0666, d);
    sb_free(&b);
    return rc;
}

int scenario_save_file_in_place(const char *path, const Scenario *s, Diag *d)
{
    StrBuf b = STRBUF_INIT;
    diag_clear(d, path);
    scenario_format_yaml(s, &b);
    /* Save only what loads (SPEC 7), in place as well. */
    int rc = scenario_check_bytes(path, s, sb_str(&b), b.len, d);
    if (rc == 0)
        rc = atomic_rewrite_in_place(path, sb_str(&b), b.len, d);
    sb_free(&b);
    return rc;
}
