/* scenario_source.h: a scenario together with the text it was opened from,
 * so that saving keeps what the user wrote (DESIGN 1.3).
 *
 * The planner's document (and any caller that loads a file to save it
 * again) loads through scenario_source_load_file(), which also keeps the
 * file's bytes and where each value was written. Saving through
 * scenario_source_save_file() then edits those bytes (yaml_patch.h)
 * instead of writing the file anew; a scenario without a source (a new
 * file, one opened from JSON, the built-in default) is written whole, with
 * every field and its comment. Either way the bytes are loaded back before
 * anything is written, and saving is refused unless they give exactly the
 * scenario being saved. The source is kept apart from the Scenario, which
 * stays pointer-free (the undo stack copies it). */
#ifndef GPUPLAN_SCENARIO_SOURCE_H
#define GPUPLAN_SCENARIO_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "scenario.h"
#include "strbuf.h"

typedef struct ScenarioSource ScenarioSource;

/* How a save went, for the message the user sees. */
typedef struct ScenarioSaveNote {
    bool edited;   /* the opened file was edited in place (layout kept) */
    bool rewrote;  /* it had a source, but was written whole: see why */
    char why[200]; /* why the layout could not be kept */
} ScenarioSaveNote;

/* Load the scenario at path, as scenario_load_file() does (same return
 * values and diagnostics; *out untouched on failure). On success *src gets
 * the text and its spans when the file is YAML, or NULL (a JSON file); the
 * caller owns it (scenario_source_free). On failure *src is NULL. */
int scenario_source_load_file(const char *path, Scenario *out,
                              ScenarioSource **src, Diag *d);

/* The same for text held in memory; `name` is used in diagnostics. */
int scenario_source_load(const char *name, const char *data, size_t len,
                         Scenario *out, ScenarioSource **src, Diag *d);

/* The bytes that saving s would write, checked: with src, its text edited
 * to hold s; without (or when the text cannot be edited: note->rewrote and
 * note->why say so), the whole file as a new one. The bytes are loaded
 * back as `name` and must give exactly s. Returns 0 with the bytes appended
 * to *out and, when next is not NULL, their source in *next (caller owns
 * it); otherwise EXIT_DATAERR with *d saying why the scenario cannot be
 * written so that it reads back, and *out, *next untouched. note may be
 * NULL. */
int scenario_source_render(const ScenarioSource *src, const char *name,
                           const Scenario *s, StrBuf *out,
                           ScenarioSource **next, ScenarioSaveNote *note,
                           Diag *d);

/* scenario_source_render, then with the comment c (yaml_comment.h) on its
 * own line above c->key's line (replacing the one a previous save wrote);
 * the bytes with the comment are the ones checked to load back as exactly
 * s. c may be NULL: then it is scenario_source_render. */
struct YamlComment;
int scenario_source_render_noted(const ScenarioSource *src, const char *name,
                                 const Scenario *s, const struct YamlComment *c,
                                 StrBuf *out, ScenarioSource **next,
                                 ScenarioSaveNote *note, Diag *d);

/* Save s to path atomically (atomic_file.h) with the bytes of
 * scenario_source_render(*src, ...). On success *src is replaced by the
 * source of the bytes written (the old one is freed), so the next save
 * edits the new text. On failure (EXIT_DATAERR, EXIT_CANTCREAT,
 * EXIT_IOERR, *d filled) the file and *src are unchanged. src may point to
 * NULL (written whole). note may be NULL. */
int scenario_source_save_file(const char *path, const Scenario *s,
                              ScenarioSource **src, ScenarioSaveNote *note,
                              Diag *d);

/* The text the source holds (as loaded or last saved) and its length. */
const char *scenario_source_text(const ScenarioSource *src, size_t *len);

/* Release a source; NULL is fine. */
void scenario_source_free(ScenarioSource *src);

#endif
