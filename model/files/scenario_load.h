/* scenario_load.h: the loader core shared by the YAML and JSON readers.
 *
 * Internal to the formats library. Both readers walk their document and hand
 * every key and scalar to these functions, which look the key up in the
 * field registry, check for duplicates, parse the value with field_parse,
 * remember where each field was given, and finally run the cross-field rules
 * of SPEC 7. That keeps the two formats' rules and messages identical. */
#ifndef GPUPLAN_SCENARIO_LOAD_H
#define GPUPLAN_SCENARIO_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "fields.h"
#include "hybrid_fields.h"
#include "hybrid_plan.h"
#include "scenario.h"
#include "uncertainty.h"

/* A 1-based position in the file; line 0 = not given. */
typedef struct LoadPos {
    unsigned long line, col;
} LoadPos;

#define LOAD_SECTIONS_MAX 16

/* Where the parts of the `hybrid:` section were given (SPEC 6). */
typedef struct LoadHybrid {
    LoadPos section;                 /* the `hybrid` key */
    LoadPos key[HY_KEY_COUNT];                /* its keys, hybrid_section_keys order */
    LoadPos wl_start[HYBRID_MAX_WORKLOADS]; /* each workload mapping */
    LoadPos wl_key[HYBRID_MAX_WORKLOADS][HW_KEY_COUNT]; /* hybrid_workload_keys order */
} LoadHybrid;

/* Where the parts of the `uncertainty:` section were given (SPEC 1, 2.8):
 * each key and, for an input's keys, each value (the place a rule that
 * breaks is reported). */
typedef struct LoadUnc {
    LoadPos section;                              /* the `uncertainty` key */
    LoadPos key[UN_KEY_COUNT];                    /* its keys */
    LoadPos in_start[UNC_MAX_INPUTS];             /* each input mapping */
    LoadPos in_key[UNC_MAX_INPUTS][UI_KEY_COUNT]; /* key, low, high, mode */
    LoadPos in_val[UNC_MAX_INPUTS][UI_KEY_COUNT]; /* their values */
} LoadUnc;

typedef struct LoadCtx {
    Diag *d;
    /* Gathering every problem (`gpuplan check`, SPEC 3) instead of stopping
     * at the first: load_error() appends to all[0..maxall) and the reader
     * skips the offending value and goes on, unless `fatal` says it cannot
     * (a syntax error, an alias, deep nesting, too many problems). */
    bool collect, fatal;
    Diag *all;
    size_t nall, maxall;
    Scenario s;         /* starts as scenario_default(); copied out on success */
    LoadPos *field_pos; /* field_count entries: where each field's key was */
    LoadPos doc;        /* where the document (or the scenario object) starts */
    LoadPos version;    /* where `gpuplan:` was given */
    int version_num;    /* its value, 1 or 2 (SPEC 1.4) */
    size_t nsections;
    char section_name[LOAD_SECTIONS_MAX][32];
    LoadPos section_pos[LOAD_SECTIONS_MAX];
    LoadHybrid hy;
    LoadUnc un;
} LoadCtx;

/* How a scalar was written. Numbers and bools must be PLAIN (unquoted);
 * text accepts both. */
typedef enum LoadStyle { LOAD_PLAIN, LOAD_QUOTED } LoadStyle;

/* Start a load for file `name`: clears *d, fills c->s with the default. */
void load_begin(LoadCtx *c, const char *name, Diag *d);
/* Release what load_begin allocated. */
void load_end(LoadCtx *c);

/* Record an EXIT_DATAERR error at `at` and return EXIT_DATAERR. */
int load_error(LoadCtx *c, LoadPos at, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* After a reader got status rc from a value: true when it should skip the
 * value and read on (gathering problems, rc is bad data, nothing fatal). */
bool load_go_on(const LoadCtx *c, int rc);

/* True when the registry has fields under section `name` ("hardware"). */
bool load_is_section(const char *name);

/* What a value of f may be, for messages: "a whole number from 1 to 100000",
 * "true or false", "text of 0 to 40 characters". */
void load_describe(const Field *f, char *buf, size_t n);

/* Note that section `name` starts at `at`; a second one is a duplicate-key
 * error. Returns 0 or EXIT_DATAERR. */
int load_section(LoadCtx *c, const char *name, LoadPos at);

/* Resolve key `key` inside `section` ("" = top level) to its field. Unknown
 * keys get a "did you mean" suggestion; a key given twice is an error.
 * Returns 0 and sets *f, or EXIT_DATAERR. */
int load_key(LoadCtx *c, const char *section, const char *key, LoadPos at,
             const Field **f);

/* Error for an unknown key in `section` ("" = top level). */
int load_unknown(LoadCtx *c, const char *section, const char *key, LoadPos at);

/* Parse and store the value of f (text of len bytes, may hold NULs, which
 * are refused) given at `at`. */
int load_value(LoadCtx *c, const Field *f, const char *text, size_t len,
               LoadStyle style, LoadPos at);

/* Check the schema version `text` given at `at` (key at `key`). With
 * `record` the position is remembered and a second `gpuplan:` is a
 * duplicate. */
int load_version(LoadCtx *c, const char *text, LoadStyle style, LoadPos key,
                 LoadPos at, bool record);

/* The document ended: check that the version was given and the cross-field
 * rules hold, then copy the scenario to *out. Returns 0 or EXIT_DATAERR.
 * When problems were gathered it returns EXIT_DATAERR without the
 * cross-field rules (values the file gave were left out, so the rules
 * would judge a scenario nobody wrote). */
int load_finish(LoadCtx *c, Scenario *out);

/* ---- the hybrid section (SPEC 6) ----
 * A reader calls load_hybrid_begin() after load_section("hybrid"), then for
 * each key load_hybrid_key() and, for a scalar, load_hybrid_scalar(); for
 * `workloads` it checks that the value is a list, then for each item calls
 * load_hybrid_workload_begin(), load_hybrid_wkey() + load_hybrid_wvalue()
 * per key, load_hybrid_workload_end(), and after the list
 * load_hybrid_workloads() with its length; finally load_hybrid_end(). Paths in
 * messages are "hybrid.workloads[0].gpus" (items counted from 0). */

/* The section's value starts at `at` (its key at c->hy.section). */
void load_hybrid_begin(LoadCtx *c, LoadPos key);
/* Resolve a section key: sets *which (HY_DAYS..HY_WORKLOADS). */
int load_hybrid_key(LoadCtx *c, const char *key, LoadPos at, int *which);
/* Store scalar `which`. */
int load_hybrid_scalar(LoadCtx *c, int which, const char *text, size_t len,
                       LoadStyle style, LoadPos at);
/* The workloads list (its value given at `at`) ended after n items. */
int load_hybrid_workloads(LoadCtx *c, size_t n, LoadPos at);
/* Item i (0-based) of the list starts at `at`. */
int load_hybrid_workload_begin(LoadCtx *c, size_t i, LoadPos at);
/* Resolve key `key` of item i: sets *which (HW_NAME..HW_CLOUD_MODE). */
int load_hybrid_wkey(LoadCtx *c, size_t i, const char *key, LoadPos at,
                     int *which);
/* Store value `which` of item i. A schedule is parsed as cron; an error in
 * it is reported at at.col + (cron column - 1), plus 1 when `quoted` (the
 * scalar's opening quote). */
int load_hybrid_wvalue(LoadCtx *c, size_t i, int which, const char *text,
                       size_t len, LoadStyle style, bool quoted, LoadPos at);
/* Item i ended: its required keys are there. */
int load_hybrid_workload_end(LoadCtx *c, size_t i);
/* The section ended (its value started at `at`): workloads were given. */
int load_hybrid_end(LoadCtx *c, LoadPos at);

/* ---- the uncertainty section (SPEC 1, 2.8) ----
 * The same protocol as the hybrid section: load_unc_begin() after
 * load_section("uncertainty"); load_unc_key() per key and load_unc_scalar()
 * for draws and seed; for `inputs` (a list) load_unc_input_begin(),
 * load_unc_ikey() + load_unc_ivalue() per key, load_unc_input_end() per item,
 * load_unc_inputs() with the list's length; finally load_unc_end(). Values
 * are read as numbers here; their ranges, which depend on the field an input
 * names and on the scenario's values, are checked by load_finish() and
 * reported at the value that breaks them. Paths in messages are
 * "uncertainty.inputs[0].low". */
void load_unc_begin(LoadCtx *c, LoadPos key);
int load_unc_key(LoadCtx *c, const char *key, LoadPos at, int *which);
int load_unc_scalar(LoadCtx *c, int which, const char *text, size_t len,
                    LoadStyle style, LoadPos at);
int load_unc_inputs(LoadCtx *c, size_t n, LoadPos at);
int load_unc_input_begin(LoadCtx *c, size_t i, LoadPos at);
int load_unc_ikey(LoadCtx *c, size_t i, const char *key, LoadPos at,
                  int *which);
int load_unc_ivalue(LoadCtx *c, size_t i, int which, const char *text,
                    size_t len, LoadStyle style, LoadPos at);
int load_unc_input_end(LoadCtx *c, size_t i);
int load_unc_end(LoadCtx *c, LoadPos at);

/* True when data (after an optional UTF-8 byte order mark and blanks)
 * starts with '{': the file is read as JSON (scenario_file.c). */
bool scenario_looks_like_json(const char *data, size_t len);

/* 1-based line and column (in characters) of byte `off` of data. */
LoadPos load_pos_at(const char *data, size_t len, size_t off);

#endif
