/* yaml_patch_impl.h: what the files of the format-preserving saver share
 * (yaml_patch.c: the registry's fields and the whole; yaml_patch_text.c:
 * positions, edits and rewriting one value; yaml_patch_map.c: a field's
 * value and inserting into a mapping; yaml_patch_list.c: lists of items and
 * the optional sections). They call each other one way: yaml_patch.c uses
 * yaml_patch_list.c, both use yaml_patch_map.c, and all three use
 * yaml_patch_text.c. Internal to those four files: the
 * rest of gpuplan uses yaml_patch.h. Every function here takes the Patch
 * being built; a function that cannot do its edit calls yp_fail(), which
 * keeps the first reason, and the whole render then fails. */
#ifndef GPUPLAN_YAML_PATCH_IMPL_H
#define GPUPLAN_YAML_PATCH_IMPL_H

#include <stdbool.h>
#include <stddef.h>

#include "fields.h"
#include "scenario.h"
#include "strbuf.h"
#include "yaml_spans.h"

typedef struct Edit {
    size_t a, b; /* replace bytes [a, b) */
    size_t seq;  /* order of equal positions: the order they were added */
    char *text;
} Edit;

typedef struct Patch {
    const char *d;
    size_t len;
    size_t bom; /* bytes of a UTF-8 byte order mark */
    const YamlSpans *sp;
    const YamlNode *root;
    const Scenario *base, *s;
    Edit *edits;
    size_t nedits, cap;
    bool crlf;
    size_t indent; /* key indentation of a section in this file */
    bool failed;
    char why[200];
} Patch;

#define NONE YAML_SPANS_NONE

/* Rank of a key in the order its mapping keeps (registry order). */
typedef size_t (*RankFn)(const char *key, const void *ctx);

/* ---- yaml_patch_text.c ---- */

/* Mark the patch failed with a reason (the first reason stays). */
void yp_fail(Patch *p, const char *why);
/* Node i of the span tree, or NULL for YAML_SPANS_NONE. */
const YamlNode *yp_node(const Patch *p, size_t i);
/* The start of the line holding pos; the start of the next line. */
size_t yp_line_start(const Patch *p, size_t pos);
/* True when the line at q holds only blanks; when it is a comment
 * indented at least min_col. */
bool yp_blank_line(const Patch *p, size_t q);
bool yp_comment_line(const Patch *p, size_t q, size_t min_col);
size_t yp_line_after(const Patch *p, size_t pos);
/* The column of pos on its line (bytes). */
size_t yp_column(const Patch *p, size_t pos);
/* Where what was written for node n ends (before a trailing comment). */
size_t yp_tail(const Patch *p, const YamlNode *n);
/* The line start after a value ending at t, past the comment lines
 * indented deeper than indent that belong to it. */
size_t yp_after_block(const Patch *p, size_t t, size_t indent);
/* Replace bytes [a, b) of the text with text (its "\n" written as the
 * file's line ending); a copy of text is kept. */
void yp_add_edit(Patch *p, size_t a, size_t b, const char *text);
/* Append the edited text to *out (fails on overlapping edits). */
void yp_apply_edits(Patch *p, StrBuf *out);
/* Rewrite scalar v (the value of key k) to hold value: plain when text is
 * false, else in v's quoting style where the value allows it. */
void yp_replace_scalar(Patch *p, const YamlNode *k, const YamlNode *v,
                       const char *value, bool text);

/* ---- yaml_patch_map.c ---- */

/* True when field f has the same value (bit for bit) in a and b. */
bool yp_same_value(const Field *f, const Scenario *a, const Scenario *b);
/* f's value in s as a file writes it (text unquoted). */
void yp_value_text(const Field *f, const Scenario *s, StrBuf *out);
/* Rewrite the value of f found at (k, v) to its value in the saved one. */
void yp_replace_field(Patch *p, const Field *f, const YamlNode *k,
                      const YamlNode *v);
/* "leaf: value" for a flow mapping (text double-quoted). */
void yp_flow_pair(const Field *f, const Scenario *s, const char *leaf,
                  StrBuf *out);
/* The indentation of a block mapping's keys. */
size_t yp_map_indent(const Patch *p, const YamlNode *map);
/* Insert a pair of rank `rank` into map: whole lines in a block mapping,
 * "key: value" in a flow one. */
void yp_map_insert(Patch *p, const YamlNode *map, size_t rank, RankFn rank_fn,
                   const void *ctx, const char *line, const char *pair);
/* Insert whole lines at the top level, in registry order at rank. */
void yp_top_insert(Patch *p, size_t rank, const char *lines);

/* ---- yaml_patch_list.c ---- */

/* The hybrid plan and the uncertainty section: added, removed or edited. */
void yp_patch_lists(Patch *p);

#endif
