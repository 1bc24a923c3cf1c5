/* scenario_file.h: reading and writing scenario files (DESIGN 1.3, 4.1, 7).
 *
 * YAML scenarios are read with libyaml (scenario_yaml.c), JSON exports with
 * cJSON (scenario_json.c); scenario_load_file() picks the reader from the
 * content. Loading never half-applies: *out is written only on success.
 * Saving is atomic (atomic_file.h) and writes every field in registry order
 * with a comment. */
#ifndef GPUPLAN_SCENARIO_FILE_H
#define GPUPLAN_SCENARIO_FILE_H

#include <stddef.h>

#include "diag.h"
#include "scenario.h"
#include "strbuf.h"

#define SCENARIO_FILE_MAX (1024 * 1024) /* files over 1 MiB are refused */
#define SCENARIO_NEST_MAX 16            /* YAML/JSON nesting cap */

/* Load the scenario at path (YAML, or JSON - an export or a bare scenario
 * object - when the first non-blank byte after an optional UTF-8 byte order
 * mark is '{'). Returns 0 and fills *out on success; otherwise returns the exit
 * status (EXIT_NOINPUT, EXIT_DATAERR, EXIT_IOERR), fills *d with file, line,
 * column, field path and message, and leaves *out untouched. */
int scenario_load_file(const char *path, Scenario *out, Diag *d);

/* Parse a YAML scenario held in memory; `name` is used in diagnostics.
 * Same contract as scenario_load_file. */
int scenario_load_yaml(const char *name, const char *data, size_t len,
                       Scenario *out, Diag *d);

/* Check a YAML scenario held in memory and gather every problem, not only
 * the first (`gpuplan check`, DESIGN 3): a value that breaks a rule is
 * reported and skipped, and reading goes on; a syntax error, an alias,
 * deep nesting or a key that is not a name end the reading, and the rules
 * between fields are checked only when every value was fine. Up to max
 * problems go to all[0..*n), in file order. Returns 0 or EXIT_DATAERR. */
int scenario_check_yaml(const char *name, const char *data, size_t len,
                        Diag *all, size_t max, size_t *n);

/* scenario_check_yaml for a JSON scenario or export held in memory: every
 * problem, each at the line and column of the value (or key) it blames, in
 * file order, with the YAML reader's messages; a JSON syntax error, a
 * control character or deep nesting is the one problem reported. */
int scenario_check_json(const char *name, const char *data, size_t len,
                        Diag *all, size_t max, size_t *n);

/* scenario_check_yaml or scenario_check_json for the file at path (the
 * reader chosen as scenario_load_file does). Returns 0, or the status of
 * scenario_load_file; *n problems in all (a file that cannot be opened is
 * one problem). */
int scenario_check_file(const char *path, Diag *all, size_t max, size_t *n);

/* Parse a JSON export (its "scenario" object) held in memory. */
int scenario_load_json(const char *name, const char *data, size_t len,
                       Scenario *out, Diag *d);

/* Append the YAML text of s to b: every field in registry order, each with
 * a one-line comment giving its unit and meaning. Loading the text gives
 * back exactly s. */
void scenario_format_yaml(const Scenario *s, StrBuf *b);

/* Check that data (len bytes of YAML about to be saved as path) loads, with
 * the loader's every rule, and gives back exactly s. Returns 0, or
 * EXIT_DATAERR with *d saying why the save is refused ("not saved: ...").
 * A saver calls it before it writes anything (DESIGN 7). */
int scenario_check_bytes(const char *path, const Scenario *s, const char *data,
                         size_t len, Diag *d);

/* Save s to path atomically (DESIGN 1.3), after scenario_check_bytes: a
 * scenario that would not load back is refused (EXIT_DATAERR) and nothing
 * is written. Returns 0, or EXIT_CANTCREAT /
 * EXIT_IOERR with *d filled; on failure the file at path is unchanged. */
int scenario_save_file(const char *path, const Scenario *s, Diag *d);

/* Save s over the existing file at path in place (same inode), keeping
 * its hard links (atomic_rewrite_in_place); the same text as
 * scenario_save_file. */
int scenario_save_file_in_place(const char *path, const Scenario *s, Diag *d);

#endif
