/* import_json.h: where a key of a JSON text is, for the messages of
 * `gpuplan import` (import_routing.c).
 *
 * cJSON builds the tree; it keeps no positions, so errors are located by a
 * small scan of the text: the key path is searched in order ("schedule",
 * then "on_prem" after it, then the entry's key), which finds the key the
 * tree walk is looking at in any file cJSON accepted, escaped keys apart
 * (those fall back to their parent's position). */
#ifndef GPUPLAN_IMPORT_JSON_H
#define GPUPLAN_IMPORT_JSON_H

#include <stddef.h>

#include "diag.h"

/* A JSON text being read: its name for messages, its bytes, and the Diag
 * its first error goes to. */
typedef struct ImportText {
    const char *name, *data;
    size_t len;
    Diag *d;
} ImportText;

/* Offset of `"key"` followed by blanks and ':' at or after from; from
 * itself when there is none. */
size_t import_json_key(const ImportText *c, size_t from, const char *key);

/* Offset of the value after the key at offset at (past ':' and blanks). */
size_t import_json_value(const ImportText *c, size_t at);

/* Offset of the key path k1/k2/k3 (NULLs end it early). */
size_t import_json_locate(const ImportText *c, const char *k1, const char *k2,
                          const char *k3);

/* Record a data error in c->d at byte offset off: line and column (in
 * characters) counted from the start of the text, path (may be NULL) and
 * the message. Returns EXIT_DATAERR. */
int import_json_fail(const ImportText *c, size_t off, const char *path,
                     const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
