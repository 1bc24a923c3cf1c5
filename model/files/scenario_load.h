/* scenario_load.h: the loader core shared by the YAML and JSON readers.
 *
 * Internal to the formats library. Both readers walk their document and hand
 * every key and scalar to these functions, which look the key up in the
 * field registry, check for duplicates, parse the value with field_parse,
 * remember where each field was given, and finally run the cross-field rules
 * of DESIGN 7. That keeps the two formats' rules and messages identical. */
#ifndef GPUPLAN_SCENARIO_LOAD_H
#define GPUPLAN_SCENARIO_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "fields.h"
#include "scenario.h"

/* A 1-based position in the file; line 0 = not given. */
typedef struct LoadPos {
    unsigned long line, col;
} LoadPos;

#define LOAD_SECTIONS_MAX 16
#define LOAD_LISTS_MAX 4

/* The most items a list of the registry holds (its .max): the uncertain
 * inputs' 64. */
#define LOAD_ITEMS_MAX 64

typedef struct LoadCtx {
    Diag *d;
    /* Gathering every problem (`gpuplan check`, DESIGN 3) instead of stopping
     * at the first: load_error() appends to all[0..maxall) and the reader
     * skips the offending value and goes on, unless `fatal` says it cannot
     * (a syntax error, an alias, deep nesting, too many problems). */
    bool collect, fatal;
    Diag *all;
    size_t nall, maxall;
    Scenario s;         /* starts as scenario_default(); copied out on success */
    /* Where each field's key was given: row r, item i (0 for a scalar) at
     * field_pos[row_base[r] + i]; value_pos the same for its value (where
     * a rule that breaks is reported). A scalar row has one place, a list
     * row one per item its list can hold. */
    LoadPos *field_pos, *value_pos;
    size_t *row_base;   /* field_count + 1 entries; the last is the total */
    LoadPos doc;        /* where the document (or the scenario object) starts */
    LoadPos version;    /* where `gpuplan:` was given */
    int version_num;    /* its value, 1 or 2 (DESIGN 1.4) */
    size_t nsections;
    char section_name[LOAD_SECTIONS_MAX][32];
    LoadPos section_pos[LOAD_SECTIONS_MAX];
    size_t nlists;                          /* lists given so far */
    const FieldList *list[LOAD_LISTS_MAX];  /* ... which ones */
    LoadPos list_pos[LOAD_LISTS_MAX];       /* ... and where their key was */
    LoadPos item_start[LOAD_ITEMS_MAX]; /* items of the current list */
} LoadCtx;

/* How a scalar was written. Numbers and bools must be PLAIN (unquoted);
 * text and choices accept both. */
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

/* Note that section `name` starts at `at` (its key); a second one is a
 * duplicate-key error. An optional section (the hybrid plan, the
 * uncertainty section) now exists, with its defaults. Returns 0 or
 * EXIT_DATAERR. */
int load_section(LoadCtx *c, const char *name, LoadPos at);

/* Section `name` ended: the lists it must hold were given. */
int load_section_end(LoadCtx *c, const char *name);

/* Resolve key `key` inside `section` ("" = top level, "hardware", or a
 * list item "hybrid.workloads[2]") to its field. Unknown keys get a "did
 * you mean" suggestion (field_unknown); a key given twice is an error.
 * Returns 0 and fills *r, or EXIT_DATAERR. */
int load_key(LoadCtx *c, const char *section, const char *key, LoadPos at,
             FieldRef *r);

/* Error for an unknown key in `section` ("" = top level). */
int load_unknown(LoadCtx *c, const char *section, const char *key, LoadPos at);

/* Parse, check and store the value of r (text of len bytes, may hold NULs,
 * which are refused) given at `at`. `lead` is the number of columns before
 * the text itself (1 for an opening quote on the same line), so that an
 * error inside the text (a cron field) is pointed at exactly. */
int load_value(LoadCtx *c, FieldRef *r, const char *text, size_t len,
               LoadStyle style, unsigned long lead, LoadPos at);

/* ---- lists (the hybrid plan's workloads, DESIGN 6; the uncertain inputs,
 * DESIGN 2.8) ----
 * When key `key` of `section` names a list, a reader calls load_list()
 * with the key's position, then for item i load_item_begin(), load_key()
 * with section "LIST[i]" and load_value() per key, load_item_end(); after
 * the list load_list_end() with its length. Paths in messages are
 * "hybrid.workloads[0].gpus" (items counted from 0). */

/* "a" or "an" before word (an item's name: "a workload", "an input"). */
const char *load_article(const char *word);

/* The list named by `key` in `section`, or NULL. */
const FieldList *load_list_of(const char *section, const char *key);
/* List l's key was given at `at` (a second time is a duplicate). */
int load_list(LoadCtx *c, const FieldList *l, LoadPos at);
/* Item i (0-based) of l starts at `at`. */
int load_item_begin(LoadCtx *c, const FieldList *l, size_t i, LoadPos at);
/* Item i ended: its required keys are there, and exactly one of each set
 * of alternatives. */
int load_item_end(LoadCtx *c, const FieldList *l, size_t i);
/* The list (its value given at `at`) ended after n items. */
int load_list_end(LoadCtx *c, const FieldList *l, size_t n, LoadPos at);

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

/* True when data (after an optional UTF-8 byte order mark and blanks)
 * starts with '{': the file is read as JSON (scenario_file.c). */
bool scenario_looks_like_json(const char *data, size_t len);

/* 1-based line and column (in characters) of byte `off` of data. */
LoadPos load_pos_at(const char *data, size_t len, size_t off);

#endif
