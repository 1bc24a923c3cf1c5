/* recover_text.h: the text of a recovery file (DESIGN 7).
 *
 *   # gpuplan recovery: unsaved edits, kept when the planner was stopped.
 *   # Starting gpuplan on the scenario offers them again.
 *   # recover-of: /home/ana/plans/client.yaml
 *   # recover-opened: dev=2049 ino=1312 links=1 size=6345 mtime=1764860000.123456789 hash=...
 *   gpuplan: 2
 *   ... the unsaved scenario, as a save writes it ...
 *   # recover-base: the scenario as its file held it when the edits began
 *   #| gpuplan: 2
 *   #| ...
 *
 * Every line it adds is a YAML comment, so a recovery still loads as the
 * unsaved scenario. The path is one word: bytes up to the blank, DEL and
 * `%` are written %XX; "-" stands for a scenario without a file. The
 * opened line and the base are there only when the file was known. */
#ifndef GPUPLAN_RECOVER_TEXT_H
#define GPUPLAN_RECOVER_TEXT_H

#include <stddef.h>

#include "recover.h"
#include "strbuf.h"

/* Append the whole text to b: canon the file's canonical path ("" none),
 * s the unsaved scenario, base and opened the scenario and the file as the
 * edits began (either NULL: no opened line, no base). */
void recover_text_format(const char *canon, const Scenario *s, const Scenario *base,
                         const DiskStamp *opened, StrBuf *b);

/* Read the lines at the start of text (len bytes) into *m: legacy when
 * there is no recover-of line; has_base is left false (the caller sets
 * it once the base loads). */
void recover_text_lines(const char *text, size_t len, RecoverMeta *m);

/* Where the base begins in text: the offset of its line, or len. */
size_t recover_text_base_at(const char *text, size_t len);

/* The base, from its line on (text, len bytes), with each line's `#| `
 * taken off, appended to b as YAML. */
void recover_text_base(const char *text, size_t len, StrBuf *b);

/* What recovery `rec` holds against the scenario `file`, in one line for
 * the recovery list: the first field that differs, in registry order,
 * with both values ("utilization.measured_pct 50 -> 61"; a text field only
 * as "notes changed"), and how many more differ ("+2 more"); "the hybrid
 * plan added" or "removed"; "the uncertainty ranges changed"; or "the
 * same as the file". Returns buf. */
char *recover_describe(const Scenario *file, const Scenario *rec, char *buf,
                       size_t n);

#endif
