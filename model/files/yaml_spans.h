/* yaml_spans.h: where each node of a YAML scenario was written (DESIGN 1.3).
 *
 * The YAML reader hands every libyaml event to yaml_spans_event() (one call
 * in its event loop), which builds a light tree of the document: each
 * scalar with its value, its style and its byte span; each mapping and
 * sequence with its span, its flow or block style and its children. The
 * format-preserving saver (yaml_patch.h) edits the original bytes at these
 * spans. Marks from libyaml count characters; the spans here are byte
 * offsets into the loaded text (after a UTF-8 byte order mark, which
 * libyaml does not count). Internal to the formats library. */
#ifndef GPUPLAN_YAML_SPANS_H
#define GPUPLAN_YAML_SPANS_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "scenario.h"

#define YAML_SPANS_NONE ((size_t)-1)

typedef enum YamlNodeKind { YN_SCALAR, YN_MAP, YN_SEQ } YamlNodeKind;

/* How a scalar was written. */
typedef enum YamlScalarStyle {
    YS_PLAIN,
    YS_SINGLE,  /* 'text' */
    YS_DOUBLE,  /* "text" */
    YS_LITERAL, /* | block */
    YS_FOLDED   /* > block */
} YamlScalarStyle;

typedef struct YamlNode {
    YamlNodeKind kind;
    YamlScalarStyle style; /* scalars */
    bool flow;             /* collections written as {...} or [...] */
    size_t start, end;     /* bytes [start, end) as written; a block
                              scalar's end is past its trailing blank lines,
                              a block collection's is where the next token
                              starts */
    size_t close;          /* collections: where the closing event starts
                              (a flow one's '}' or ']') */
    size_t value, len;     /* scalars: value at pool + value, len bytes */
    size_t parent, first, last, next; /* tree links, YAML_SPANS_NONE */
    size_t count;          /* children (a mapping's keys and values
                              alternate: key, value, key, value) */
} YamlNode;

typedef struct YamlSpans {
    YamlNode *nodes;
    size_t count, cap;
    char *pool; /* scalar values, each NUL-terminated */
    size_t pool_len, pool_cap;
    size_t root; /* the document's top node, or YAML_SPANS_NONE */
    /* while building: */
    const char *data;
    size_t len;
    size_t open;             /* the collection being filled */
    size_t at_char, at_byte; /* the last mark converted */
    bool unusable; /* the text is not UTF-8 (a UTF-16 file): no spans */
} YamlSpans;

/* Start recording spans of the YAML text data[0..len) (which must stay
 * valid until yaml_spans_done). */
void yaml_spans_init(YamlSpans *sp, const char *data, size_t len);

/* Record one parsed libyaml event (a yaml_event_t). */
struct yaml_event_s;
void yaml_spans_event(YamlSpans *sp, const struct yaml_event_s *ev);

/* The text is no longer available: drop the building state. The tree
 * stays. */
void yaml_spans_done(YamlSpans *sp);

/* Release the tree. */
void yaml_spans_free(YamlSpans *sp);

/* The value of a scalar node (NUL-terminated, n->len bytes). */
const char *yaml_spans_text(const YamlSpans *sp, const YamlNode *n);

/* The value node of key `key` in mapping node `map`, or NULL (also when
 * `map` is NULL or not a mapping). *key_node gets the key's node when not
 * NULL. */
const YamlNode *yaml_spans_get(const YamlSpans *sp, const YamlNode *map,
                               const char *key, const YamlNode **key_node);

/* Node i, or NULL for YAML_SPANS_NONE. */
const YamlNode *yaml_spans_node(const YamlSpans *sp, size_t i);

/* The field path ("hybrid.workloads[0].name") of the value written over
 * byte off of data, which holds a control character libyaml's reader
 * refuses: the text is read again with every such character blanked and
 * the innermost scalar spanning off is named (for a key, the mapping that
 * holds it, since the key itself is what is wrong). path is empty when no
 * scalar holds it (a comment) or the key is at the top; it is cut to n
 * bytes, and a path that long never names a registry field. The text is
 * read no further than the first node past off and no deeper than
 * max_depth collections (the loader's own cap), so the time it takes grows
 * with off, never with the square of the nesting. */
void yaml_spans_path_at(const char *data, size_t len, size_t off,
                        int max_depth, char *path, size_t n);

/* Parse a YAML scenario like scenario_load_yaml (same contract) and, when
 * spans is not NULL, record the spans of the text (yaml_spans_init must
 * have been called on it with the same data). */
int scenario_load_yaml_spans(const char *name, const char *data, size_t len,
                             Scenario *out, YamlSpans *spans, Diag *d);

#endif
