/* yaml_comment.h: a whole-line comment above a field of a YAML scenario,
 * kept current (DESIGN 10: a measured value says where it came from).
 *
 * The comment sits on its own line directly above the field's line, with
 * that line's indentation, and starts with a marker ("# gpuplan measure:")
 * so that writing it again replaces the old one instead of stacking them.
 * Everything else of the text stays byte for byte; line ends follow the
 * field's line (LF or CRLF). Internal to the formats library: the save
 * path (scenario_source.h) applies it and checks that the text still
 * loads as the same scenario. */
#ifndef GPUPLAN_YAML_COMMENT_H
#define GPUPLAN_YAML_COMMENT_H

#include <stddef.h>

#include "diag.h"
#include "strbuf.h"

/* A comment to keep above a field. */
typedef struct YamlComment {
    const char *key;    /* "utilization.measured_pct": section and field */
    const char *marker; /* "gpuplan measure:", starts the comment */
    const char *text;   /* what follows the marker, one line; NULL: drop
                         * the marked line, write none */
} YamlComment;

/* Append to *out the YAML scenario text[0..len) with "# MARKER TEXT" on
 * the line above c->key's line: replacing a comment line there that
 * starts with the marker, else inserted. When the field is not written,
 * the comment goes above its section's line, and when that is not written
 * either, at the end of the text. Control characters of c->text are shown
 * visibly (a comment is one line). With c->text NULL the marked line
 * above the field (or its section) is dropped and none written. Returns 0, or EXIT_DATAERR with *d
 * filled when the text does not parse as a scenario (nothing appended). */
int yaml_comment_set(const char *name, const char *text, size_t len,
                     const YamlComment *c, StrBuf *out, Diag *d);

#endif
