/* yaml_patch.h: save an opened YAML scenario by editing its text (DESIGN 1.3).
 *
 * Given the text a scenario was loaded from, its span tree (yaml_spans.h)
 * and the scenario it loaded as, yaml_patch_render() produces the text of
 * the edited scenario: only the scalars whose values changed are rewritten,
 * in place and in the user's quoting style where the new value allows it
 * (a block scalar stays a block scalar of the same style, a value inside a
 * flow mapping stays in the flow); a field that was absent and now differs
 * from what a reload would give is inserted in its section, in registry
 * order, with the same one-line comment a new file has (the section is
 * created when missing); a workload added or removed is inserted or removed
 * as a block. Everything else - comments, blank lines, key order, a byte
 * order mark, CRLF line endings - is kept byte for byte. The schema line
 * becomes the version of the newest field written (DESIGN 1.4). Internal to
 * the formats library; scenario_source.h checks that the result loads back
 * as the same scenario before anything is written. */
#ifndef GPUPLAN_YAML_PATCH_H
#define GPUPLAN_YAML_PATCH_H

#include <stddef.h>

#include "diag.h"
#include "scenario.h"
#include "strbuf.h"
#include "yaml_spans.h"

typedef struct YamlPatchDoc {
    const char *data; /* the text as loaded (or as last saved) */
    size_t len;
    const YamlSpans *spans; /* its span tree */
    const Scenario *base;   /* the scenario it loads as */
} YamlPatchDoc;

/* Append to *out the text of doc edited so that it holds s. Returns 0, or
 * EXIT_DATAERR with d saying why (nothing useful in *out) when the text is
 * laid out
 * in a way this saver does not edit: a document that is not a block
 * mapping, a UTF-16 text, edits that would overlap (a workload inserted
 * next to a deleted one inside a flow list). The caller then writes the
 * file whole. The result is not checked here. */
int yaml_patch_render(const YamlPatchDoc *doc, const Scenario *s,
                      StrBuf *out, Diag *d);

/* The schema version a file holding s must declare (DESIGN 1.4): the newest
 * version among the fields whose value in s differs from the default
 * (field_version), 2 for an uncertainty section or a version-2 key of the
 * hybrid plan written, at least `at_least`. */
int yaml_patch_version_needed(const Scenario *s, int at_least);

#endif
