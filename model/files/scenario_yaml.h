/* scenario_yaml.h: the YAML writer's pieces, for the whole-file writer
 * (scenario_format_yaml) and the format-preserving saver (yaml_patch.c),
 * which inserts fields and workloads written exactly as a new file writes
 * them. Internal to the formats library. Every line ends in "\n". */
#ifndef GPUPLAN_SCENARIO_YAML_H
#define GPUPLAN_SCENARIO_YAML_H

#include <stdbool.h>
#include <stddef.h>

#include "fields.h"
#include "scenario.h"
#include "strbuf.h"

/* Append text as a YAML double-quoted scalar that reads back byte for byte
 * (quotes, backslashes, line breaks and control characters escaped). */
void scenario_yaml_quote(StrBuf *b, const char *text);

/* True when the YAML text doc (len bytes) is one mapping of one key whose
 * value reads back as exactly want[0..wlen): how a rewritten value is
 * checked before it is used. */
bool scenario_yaml_reads_back(const char *doc, size_t len, const char *want,
                              size_t wlen);

/* value as a block scalar (`|`, or `>` when folded) for a key at column
 * key_col whose content lines are indented to column ind (> key_col):
 * appends the header ("|", "|-" or "|+" as the value's final line breaks
 * need, with an indentation digit when its first line starts with a
 * blank) to *hdr and the content lines, each ending in "\n", to *body.
 * Returns false, appending nothing, when the value cannot be written so:
 * nothing but line breaks, a control character other than a
 * line break or a tab, or an indentation digit over 9; what it writes is
 * parsed back and must give the value exactly. */
bool scenario_yaml_block(const char *value, bool folded, size_t key_col,
                         size_t ind, StrBuf *hdr, StrBuf *body);

/* Append "INDENT LEAF: VALUE   # unit, range; help" for field f of s:
 * numbers in their shortest exact form; text double-quoted, or, when it
 * has line breaks and a block can hold it, as a literal block (`|` or `|-`
 * and its lines, indented two past the key). */
void scenario_yaml_field_line(StrBuf *b, const Field *f, const Scenario *s,
                              const char *indent, const char *leaf);

/* Append item i of list l of s as a block list item, the rows it saves
 * (field_saved) in table order: its first line starts with `first`
 * ("    - "), the others with `rest` ("      "). */
void scenario_yaml_item(StrBuf *b, const Scenario *s, const FieldList *l,
                        size_t i, const char *first, const char *rest);

/* Append the whole section of optional scope `scope` of s (`hybrid:`,
 * `uncertainty:`), starting with a blank line. */
void scenario_yaml_scope(StrBuf *b, const Scenario *s, FieldScope scope);

#endif
