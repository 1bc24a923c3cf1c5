/* scenario_yaml_read.c: the YAML scenario reader (libyaml events); the
 * writer is scenario_yaml.c.
 *
 * The reader pulls libyaml's event stream and never builds a document tree,
 * so nothing is expanded and every refusal happens at the first offending
 * event: an anchor or alias (no alias is ever followed, so an alias bomb
 * stops at its first anchor), nesting deeper than SCENARIO_NEST_MAX (counted
 * here on every mapping and sequence start, and given to libyaml too when it
 * has yaml_set_max_nest_level), a second document. Since every value's
 * shape is checked as it arrives, a registry section never goes deeper than
 * two levels, so a deep `[[[[...` is refused by the first misplaced bracket;
 * the depth cap guards the lists (the hybrid plan's workloads, the
 * uncertain inputs) and whatever libyaml does before our checks. Keys are resolved through the field
 * registry by the loader core (scenario_load.h).
 *
 * Choices made here:
 * - Numbers and true/false must be plain (unquoted) scalars; "42" in quotes
 *   is an error that says to write it unquoted. Text fields take any scalar
 *   style and use the scalar's value as written (`name: 42` is the text
 *   "42", `notes: |` block scalars keep their line breaks).
 * - Explicit tags (!!str, !foo) are refused: the registry gives every value
 *   its type.
 * - A section written with no value (`opportunity:` and nothing under it)
 *   is an empty section, so a file may keep a section whose keys are all
 *   commented out.
 * - A section is a mapping of the registry's fields; a key that names a
 *   registry list (`workloads` in `hybrid`) takes a block or flow list of
 *   mappings, one per item (the hybrid plan's workloads, the uncertainty
 *   section's inputs). */
#include "config.h"

#include "scenario_file.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "fields.h"
#include "numfmt.h"
#include "scenario_load.h"
#include "scenario_yaml.h"
#include "strbuf.h"
#include "utf8.h"
#include "yaml_spans.h"

typedef struct Yaml {
    yaml_parser_t parser;
    yaml_event_t ev;
    bool have; /* ev holds an event to delete */
    int depth;
    const char *data;
    size_t len;
    LoadCtx *c;
    char at[192]; /* field path being read, for refusals found by next() */
    YamlSpans *spans; /* where each node was written, or NULL */
} Yaml;

static LoadPos mark_pos(yaml_mark_t m)
{
    LoadPos p = {(unsigned long)m.line + 1, (unsigned long)m.column + 1};
    return p;
}

static LoadPos ev_pos(const Yaml *y)
{
    return mark_pos(y->ev.start_mark);
}

static const char *ev_name(yaml_event_type_t t)
{
    switch (t) {
    case YAML_SCALAR_EVENT: return "a single value";
    case YAML_SEQUENCE_START_EVENT: return "a list";
    case YAML_MAPPING_START_EVENT: return "a mapping";
    case YAML_ALIAS_EVENT: return "an alias";
    default: return "nothing";
    }
}

static int syntax_error(Yaml *y)
{
    const yaml_parser_t *p = &y->parser;
    LoadPos at;
    if (p->error == YAML_READER_ERROR)
        at = load_pos_at(y->data, y->len, p->problem_offset);
    else
        at = mark_pos(p->problem_mark);
    const char *problem = p->problem ? p->problem : "cannot be parsed";
    if (p->error == YAML_MEMORY_ERROR)
        xalloc_die();
    if (p->context)
        return load_error(y->c, at, NULL, "YAML syntax error: %s (%s that "
                          "starts at line %lu, column %lu)", problem,
                          p->context, (unsigned long)p->context_mark.line + 1,
                          (unsigned long)p->context_mark.column + 1);
    if (p->error == YAML_READER_ERROR &&
        strcmp(problem, "control characters are not allowed") == 0) {
        /* Which character, and in which field: the reader stops before
         * the parser has reached it, so the field is found afterwards. */
        char path[192], what[16];
        unsigned v = (unsigned)p->problem_value;
        snprintf(what, sizeof what, v < 0x80 ? "\\x%02x" : "U+%04X", v);
        yaml_spans_path_at(y->data, y->len, p->problem_offset,
                           SCENARIO_NEST_MAX, path, sizeof path);
        return load_error(y->c, at, path[0] ? path : NULL,
                          "the file holds the control character %s (not "
                          "allowed in a scenario file; only tabs and line "
                          "breaks are)", what);
    }
    if (p->error == YAML_READER_ERROR)
        return load_error(y->c, at, NULL, "the file is not valid UTF-8 text: "
                          "%s", problem);
    return load_error(y->c, at, NULL, "YAML syntax error: %s", problem);
}

static int next_event(Yaml *y);

/* Fetch the next event, refusing anchors, aliases, tags and deep nesting
 * as soon as they appear. Such a refusal ends the reading even while every
 * problem is being gathered: what follows cannot be trusted. */
static int next(Yaml *y)
{
    int rc = next_event(y);
    if (rc)
        y->c->fatal = true;
    return rc;
}

/* The current event starts a mapping or a list: read to its end (the
 * value of a key that was refused, when gathering every problem). A
 * scalar or an end needs nothing. */
static int skip_value(Yaml *y)
{
    if (y->ev.type != YAML_MAPPING_START_EVENT &&
        y->ev.type != YAML_SEQUENCE_START_EVENT)
        return 0;
    for (int depth = 1; depth > 0;) {
        int rc = next(y);
        if (rc)
            return rc;
        if (y->ev.type == YAML_MAPPING_START_EVENT ||
            y->ev.type == YAML_SEQUENCE_START_EVENT)
            depth++;
        else if (y->ev.type == YAML_MAPPING_END_EVENT ||
                 y->ev.type == YAML_SEQUENCE_END_EVENT)
            depth--;
    }
    return 0;
}

/* A value failed with rc: go on past it (0) when gathering every problem,
 * else hand rc back. The current event is the value's first one, or its
 * end when the value was read whole. */
static int past_value(Yaml *y, int rc)
{
    if (!load_go_on(y->c, rc))
        return rc;
    return skip_value(y);
}

/* take_key() refused a key with rc: when gathering every problem and
 * nothing fatal happened, read past the key's value and go on (0); else
 * hand rc back. */
static int past_key(Yaml *y, int rc)
{
    if (!load_go_on(y->c, rc))
        return rc;
    int r = next(y);
    return r ? r : skip_value(y);
}

static int next_event(Yaml *y)
{
    if (y->have) {
        yaml_event_delete(&y->ev);
        y->have = false;
    }
    if (!yaml_parser_parse(&y->parser, &y->ev))
        return syntax_error(y);
    y->have = true;
    if (y->spans)
        yaml_spans_event(y->spans, &y->ev);
    const yaml_char_t *anchor = NULL, *tag = NULL;
    switch (y->ev.type) {
    case YAML_ALIAS_EVENT:
        return load_error(y->c, ev_pos(y), y->at, "anchors and aliases are not "
                          "allowed (write the value out in full)");
    case YAML_SCALAR_EVENT:
        anchor = y->ev.data.scalar.anchor;
        tag = y->ev.data.scalar.tag;
        break;
    case YAML_SEQUENCE_START_EVENT:
        anchor = y->ev.data.sequence_start.anchor;
        tag = y->ev.data.sequence_start.tag;
        y->depth++;
        break;
    case YAML_MAPPING_START_EVENT:
        anchor = y->ev.data.mapping_start.anchor;
        tag = y->ev.data.mapping_start.tag;
        y->depth++;
        break;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        y->depth--;
        break;
    default:
        break;
    }
    if (anchor)
        return load_error(y->c, ev_pos(y), y->at, "anchors and aliases are not "
                          "allowed (write the value out in full)");
    char q[DIAG_QUOTE];
    if (tag)
        return load_error(y->c, ev_pos(y), y->at, "tags such as `%s` are "
                          "not allowed (the value's type comes from its key)",
                          diag_quote((const char *)tag, q));
    if (y->depth > SCENARIO_NEST_MAX)
        return load_error(y->c, ev_pos(y), NULL, "nesting is deeper than %d "
                          "levels (a scenario needs 2)", SCENARIO_NEST_MAX);
    return 0;
}

static const char *scalar_text(const Yaml *y)
{
    return (const char *)y->ev.data.scalar.value;
}

static LoadStyle scalar_style(const Yaml *y)
{
    return y->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? LOAD_PLAIN
                                                              : LOAD_QUOTED;
}

/* The current event is a field's value: store it. */
static int field_value(Yaml *y, FieldRef *r)
{
    const Field *f = field_ref(r);
    if (y->ev.type != YAML_SCALAR_EVENT) {
        char what[120];
        load_describe(f, what, sizeof what);
        return load_error(y->c, ev_pos(y), f->key, "expected a single value "
                          "(%s), not %s", what, ev_name(y->ev.type));
    }
    yaml_scalar_style_t st = y->ev.data.scalar.style;
    bool quoted = st == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                  st == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
    return load_value(y->c, r, scalar_text(y), y->ev.data.scalar.length,
                      scalar_style(y), quoted ? 1 : 0, ev_pos(y));
}

/* The current event is a mapping key: copy it out (the event is deleted by
 * the next fetch). */
static int take_key(Yaml *y, char *buf, size_t n, LoadPos *at)
{
    *at = ev_pos(y);
    /* y->at names the mapping the key is in ("" at the top). A key that
     * is not a name ends the reading: its value cannot be paired. */
    if (y->ev.type != YAML_SCALAR_EVENT)
        y->c->fatal = true;
    if (y->ev.type != YAML_SCALAR_EVENT)
        return load_error(y->c, *at, y->at, "a key must be a name, not %s "
                          "(complex keys are not allowed)",
                          ev_name(y->ev.type));
    char q[DIAG_QUOTE];
    if (y->ev.data.scalar.length >= n)
        return load_error(y->c, *at, y->at, "key `%s` is too long to be "
                          "a scenario key", diag_quote(scalar_text(y), q));
    if (y->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
        strcmp(scalar_text(y), "<<") == 0)
        return load_error(y->c, *at, y->at, "merge keys (`<<`) are not "
                          "allowed (write the keys out in full)");
    memcpy(buf, scalar_text(y), y->ev.data.scalar.length + 1);
    return 0;
}

/* Name the field path being read: section ("" = top level) and key. */
static void yaml_at(Yaml *y, const char *section, const char *key)
{
    char full[2 * 128 + 2]; /* keys are read into 128 bytes, as are sections */
    if (section[0] && key[0])
        snprintf(full, sizeof full, "%s.%s", section, key);
    else
        snprintf(full, sizeof full, "%s", section[0] ? section : key);
    utf8_clip(full, y->at, sizeof y->at); /* a path too long ends in "…" */
}

static bool scalar_is_null(const Yaml *y)
{
    return y->ev.type == YAML_SCALAR_EVENT &&
           y->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
           (y->ev.data.scalar.length == 0 ||
            strcmp(scalar_text(y), "~") == 0 ||
            strcmp(scalar_text(y), "null") == 0);
}

/* The current event is item i of list l: a mapping of its keys. */
static int yaml_item(Yaml *y, const FieldList *l, size_t i)
{
    LoadCtx *c = y->c;
    char path[64];
    snprintf(path, sizeof path, "%s[%zu]", l->key, i);
    if (y->ev.type != YAML_MAPPING_START_EVENT)
        return load_error(c, ev_pos(y), path, "%s %s is a mapping of its keys, "
                          "not %s", load_article(l->item), l->item,
                          ev_name(y->ev.type));
    for (;;) {
        yaml_at(y, path, "");
        int rc = next(y);
        if (rc)
            return rc;
        if (y->ev.type == YAML_MAPPING_END_EVENT)
            return load_item_end(c, l, i);
        char key[128];
        LoadPos kat;
        FieldRef r;
        if ((rc = take_key(y, key, sizeof key, &kat)) != 0) {
            if ((rc = past_key(y, rc)) != 0)
                return rc;
            continue;
        }
        int krc = load_key(c, path, key, kat, &r);
        if (krc && !load_go_on(c, krc))
            return krc;
        yaml_at(y, path, key);
        if ((rc = next(y)) != 0)
            return rc;
        if (krc)
            rc = krc;
        else if (y->ev.type != YAML_SCALAR_EVENT)
            rc = load_error(c, ev_pos(y), path, "`%s` takes a single value, "
                            "not %s", key, ev_name(y->ev.type));
        else
            rc = field_value(y, &r);
        if (rc && (rc = past_value(y, rc)) != 0)
            return rc;
    }
}

/* The current event is the value of list l's key. */
static int yaml_list(Yaml *y, const FieldList *l)
{
    LoadCtx *c = y->c;
    LoadPos at = ev_pos(y);
    /* `workloads:` with nothing under it is the empty list: what earlier
     * versions saved after every workload was deleted, so it loads. */
    if (scalar_is_null(y))
        return load_list_end(c, l, 0, at);
    if (y->ev.type != YAML_SEQUENCE_START_EVENT) {
        const char *first = "name";
        for (size_t i = 0; i < field_count; i++)
            if (field_table[i].list == l) {
                first = field_leaf(&field_table[i]);
                break;
            }
        return load_error(c, at, l->key, "expected a list of %ss (items "
                          "starting with `- %s: ...`), not %s", l->item, first,
                          ev_name(y->ev.type));
    }
    for (size_t n = 0;; n++) {
        int rc = next(y);
        if (rc)
            return rc;
        if (y->ev.type == YAML_SEQUENCE_END_EVENT)
            return load_list_end(c, l, n, at);
        char item[64];
        snprintf(item, sizeof item, "%s[%zu]", l->key, n);
        yaml_at(y, item, "");
        if ((rc = load_item_begin(c, l, n, ev_pos(y))) == 0)
            rc = yaml_item(y, l, n);
        if (rc && (rc = past_value(y, rc)) != 0)
            return rc;
    }
}

/* A registry section: a mapping of its fields and lists. The current event
 * is the section's value. */
static int load_fields(Yaml *y, const char *name)
{
    if (scalar_is_null(y))
        return load_section_end(y->c, name); /* an empty section */
    if (y->ev.type != YAML_MAPPING_START_EVENT)
        return load_error(y->c, ev_pos(y), name, "`%s` is a section: expected "
                          "a mapping of its keys (such as `key: value` lines "
                          "indented under it), not %s", name,
                          ev_name(y->ev.type));
    for (;;) {
        yaml_at(y, name, "");
        int rc = next(y);
        if (rc)
            return rc;
        if (y->ev.type == YAML_MAPPING_END_EVENT)
            return load_section_end(y->c, name);
        char key[128];
        LoadPos kat;
        FieldRef r;
        if ((rc = take_key(y, key, sizeof key, &kat)) != 0) {
            if ((rc = past_key(y, rc)) != 0)
                return rc;
            continue;
        }
        const FieldList *l = load_list_of(name, key);
        if (l) {
            yaml_at(y, name, key);
            int lrc = load_list(y->c, l, kat);
            if (lrc && !load_go_on(y->c, lrc))
                return lrc;
            if ((rc = next(y)) != 0)
                return rc;
            rc = lrc ? lrc : yaml_list(y, l);
            if (rc && (rc = past_value(y, rc)) != 0)
                return rc;
            continue;
        }
        int krc = load_key(y->c, name, key, kat, &r);
        if (krc && !load_go_on(y->c, krc))
            return krc;
        yaml_at(y, name, key);
        if ((rc = next(y)) != 0)
            return rc;
        rc = krc ? krc : field_value(y, &r);
        if (rc && (rc = past_value(y, rc)) != 0)
            return rc;
    }
}

/* The current event is the value of top-level key `key` given at `kat`. */
static int top_entry(Yaml *y, const char *key, LoadPos kat)
{
    LoadCtx *c = y->c;
    if (strcmp(key, "gpuplan") == 0) {
        if (y->ev.type != YAML_SCALAR_EVENT)
            return load_error(c, ev_pos(y), "gpuplan", "expected the schema "
                              "version 1, not %s", ev_name(y->ev.type));
        return load_version(c, scalar_text(y), scalar_style(y), kat,
                            ev_pos(y), true);
    }
    if (load_is_section(key)) {
        int rc = load_section(c, key, kat);
        return rc ? rc : load_fields(y, key);
    }
    FieldRef r;
    int rc = load_key(c, "", key, kat, &r);
    return rc ? rc : field_value(y, &r);
}

static int load_document(Yaml *y)
{
    LoadCtx *c = y->c;
    int rc = next(y); /* STREAM_START */
    if (rc || (rc = next(y)) != 0)
        return rc;
    if (y->ev.type == YAML_STREAM_END_EVENT)
        return load_error(c, ev_pos(y), NULL, "the file is empty (a scenario "
                          "is a mapping that starts with `gpuplan: %d`)",
                          SCENARIO_VERSION);
    c->doc = ev_pos(y); /* DOCUMENT_START */
    if ((rc = next(y)) != 0)
        return rc;
    if (y->ev.type == YAML_SCALAR_EVENT && y->ev.data.scalar.length == 0 &&
        y->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
        return load_error(c, ev_pos(y), NULL, "the document is empty (a "
                          "scenario is a mapping that starts with `gpuplan: "
                          "%d`)", SCENARIO_VERSION);
    if (y->ev.type != YAML_MAPPING_START_EVENT)
        return load_error(c, ev_pos(y), NULL, "a scenario file is a mapping of "
                          "keys to values (gpuplan: %d, name: ..., hardware: "
                          "...), not %s", SCENARIO_VERSION, ev_name(y->ev.type));
    c->doc = ev_pos(y);
    for (;;) {
        yaml_at(y, "", "");
        if ((rc = next(y)) != 0)
            return rc;
        if (y->ev.type == YAML_MAPPING_END_EVENT)
            break;
        char key[128];
        LoadPos kat;
        if ((rc = take_key(y, key, sizeof key, &kat)) != 0) {
            if ((rc = past_key(y, rc)) != 0)
                return rc;
            continue;
        }
        yaml_at(y, "", key);
        if ((rc = next(y)) != 0)
            return rc;
        if ((rc = top_entry(y, key, kat)) != 0 &&
            (rc = past_value(y, rc)) != 0)
            return rc;
    }
    if ((rc = next(y)) != 0) /* DOCUMENT_END */
        return rc;
    if ((rc = next(y)) != 0)
        return rc;
    if (y->ev.type != YAML_STREAM_END_EVENT)
        return load_error(c, ev_pos(y), NULL, "the file holds more than one "
                          "YAML document (a scenario file holds exactly one)");
    return 0;
}

/* Read the YAML text, recording where each value was written in spans
 * (NULL: not wanted); with all != NULL gather up to max problems there
 * (their count in *n) instead of stopping at the first. */
static int yaml_read(const char *name, const char *data, size_t len,
                     Scenario *out, YamlSpans *spans, Diag *d, Diag *all,
                     size_t max, size_t *n)
{
    LoadCtx c;
    Yaml y;
    load_begin(&c, name, d);
    if (all && max > 0) {
        c.collect = true;
        c.all = all;
        c.maxall = max;
    }
    memset(&y, 0, sizeof y);
    y.c = &c;
    y.data = data;
    y.len = len;
    y.spans = spans;
#ifdef HAVE_YAML_SET_MAX_NEST_LEVEL
    yaml_set_max_nest_level(SCENARIO_NEST_MAX + 1);
#endif
    if (!yaml_parser_initialize(&y.parser))
        xalloc_die();
    yaml_parser_set_input_string(&y.parser, (const unsigned char *)data, len);
    int rc = load_document(&y);
    if (rc == 0)
        rc = load_finish(&c, out);
    if (y.have)
        yaml_event_delete(&y.ev);
    yaml_parser_delete(&y.parser);
    if (n)
        *n = c.nall;
    load_end(&c);
    return rc;
}

int scenario_load_yaml_spans(const char *name, const char *data, size_t len,
                             Scenario *out, YamlSpans *spans, Diag *d)
{
    return yaml_read(name, data, len, out, spans, d, NULL, 0, NULL);
}

int scenario_load_yaml(const char *name, const char *data, size_t len,
                       Scenario *out, Diag *d)
{
    return yaml_read(name, data, len, out, NULL, d, NULL, 0, NULL);
}

int scenario_check_yaml(const char *name, const char *data, size_t len,
                        Diag *all, size_t max, size_t *n)
{
    Scenario s;
    Diag first;
    *n = 0;
    int rc = yaml_read(name, data, len, &s, NULL, &first, all, max, n);
    if (rc != 0 && *n == 0 && max > 0) /* not gathered (cannot happen) */
        all[(*n)++] = first;
    return rc;
}
