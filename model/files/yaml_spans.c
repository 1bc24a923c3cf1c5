/* yaml_spans.c: the span tree of a YAML document, built from libyaml events.
 *
 * libyaml's marks count characters (a CR LF counts two, a byte order mark
 * none), so each mark is converted to a byte offset by walking the UTF-8
 * text from the last converted mark; marks arrive almost in order, so the
 * walk is short. A UTF-16 text (libyaml converts it) has no byte spans that
 * match: the tree is marked unusable and the saver writes the file whole. */
#include "config.h"

#include "yaml_spans.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "strbuf.h"
#include "utf8.h"

void yaml_spans_init(YamlSpans *sp, const char *data, size_t len)
{
    memset(sp, 0, sizeof *sp);
    sp->root = YAML_SPANS_NONE;
    sp->open = YAML_SPANS_NONE;
    sp->data = data;
    sp->len = len;
    if (len >= 2 && ((unsigned char)data[0] == 0xFF ||
                     (unsigned char)data[0] == 0xFE))
        sp->unusable = true; /* a UTF-16 byte order mark */
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        sp->at_byte = 3;
}

void yaml_spans_done(YamlSpans *sp)
{
    sp->data = NULL;
    sp->len = 0;
    sp->open = YAML_SPANS_NONE;
}

void yaml_spans_free(YamlSpans *sp)
{
    free(sp->nodes);
    free(sp->pool);
    memset(sp, 0, sizeof *sp);
    sp->root = YAML_SPANS_NONE;
}

/* Byte offset of character index `ch` (a libyaml mark). */
static size_t mark_byte(YamlSpans *sp, size_t ch)
{
    size_t bom = sp->len >= 3 && memcmp(sp->data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    while (sp->at_char > ch && sp->at_byte > bom) {
        size_t b = utf8_prev(sp->data, sp->at_byte);
        sp->at_byte = b < bom ? bom : b;
        sp->at_char--;
    }
    while (sp->at_char < ch && sp->at_byte < sp->len) {
        sp->at_byte = utf8_next(sp->data, sp->len, sp->at_byte);
        sp->at_char++;
    }
    return sp->at_byte;
}

static size_t add_node(YamlSpans *sp, YamlNodeKind kind, size_t start,
                       size_t end)
{
    if (sp->count == sp->cap) {
        sp->cap = sp->cap ? 2 * sp->cap : 64;
        sp->nodes = xrealloc(sp->nodes, sp->cap * sizeof sp->nodes[0]);
    }
    size_t i = sp->count++;
    YamlNode *n = &sp->nodes[i];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->start = start;
    n->end = end;
    n->parent = sp->open;
    n->first = n->last = n->next = YAML_SPANS_NONE;
    if (sp->open == YAML_SPANS_NONE) {
        if (sp->root == YAML_SPANS_NONE)
            sp->root = i;
    } else {
        YamlNode *p = &sp->nodes[sp->open];
        if (p->last == YAML_SPANS_NONE)
            p->first = i;
        else
            sp->nodes[p->last].next = i;
        p->last = i;
        p->count++;
    }
    return i;
}

static size_t add_text(YamlSpans *sp, const char *s, size_t n)
{
    if (sp->pool_len + n + 1 > sp->pool_cap) {
        while (sp->pool_len + n + 1 > sp->pool_cap)
            sp->pool_cap = sp->pool_cap ? 2 * sp->pool_cap : 1024;
        sp->pool = xrealloc(sp->pool, sp->pool_cap);
    }
    size_t at = sp->pool_len;
    memcpy(sp->pool + at, s, n);
    sp->pool[at + n] = '\0';
    sp->pool_len += n + 1;
    return at;
}

static YamlScalarStyle scalar_style(yaml_scalar_style_t st)
{
    switch (st) {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return YS_SINGLE;
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return YS_DOUBLE;
    case YAML_LITERAL_SCALAR_STYLE: return YS_LITERAL;
    case YAML_FOLDED_SCALAR_STYLE: return YS_FOLDED;
    default: return YS_PLAIN;
    }
}

void yaml_spans_event(YamlSpans *sp, const struct yaml_event_s *ev)
{
    if (sp->unusable || !sp->data)
        return;
    size_t start = mark_byte(sp, ev->start_mark.index);
    size_t end = mark_byte(sp, ev->end_mark.index);
    size_t i;
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        i = add_node(sp, YN_SCALAR, start, end);
        sp->nodes[i].style = scalar_style(ev->data.scalar.style);
        sp->nodes[i].value = add_text(sp, (const char *)ev->data.scalar.value,
                                      ev->data.scalar.length);
        sp->nodes[i].len = ev->data.scalar.length;
        break;
    case YAML_MAPPING_START_EVENT:
    case YAML_SEQUENCE_START_EVENT:
        i = add_node(sp, ev->type == YAML_MAPPING_START_EVENT ? YN_MAP : YN_SEQ,
                     start, end);
        sp->nodes[i].flow =
            ev->type == YAML_MAPPING_START_EVENT
                ? ev->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                : ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE;
        sp->open = i;
        break;
    case YAML_MAPPING_END_EVENT:
    case YAML_SEQUENCE_END_EVENT:
        if (sp->open != YAML_SPANS_NONE) {
            YamlNode *n = &sp->nodes[sp->open];
            n->close = start;
            n->end = end;
            sp->open = n->parent;
        }
        break;
    default:
        break;
    }
}

const YamlNode *yaml_spans_node(const YamlSpans *sp, size_t i)
{
    return i == YAML_SPANS_NONE || i >= sp->count ? NULL : &sp->nodes[i];
}

const char *yaml_spans_text(const YamlSpans *sp, const YamlNode *n)
{
    return sp->pool + n->value;
}

const YamlNode *yaml_spans_get(const YamlSpans *sp, const YamlNode *map,
                               const char *key, const YamlNode **key_node)
{
    if (key_node)
        *key_node = NULL;
    if (!map || map->kind != YN_MAP)
        return NULL;
    for (size_t k = map->first; k != YAML_SPANS_NONE;) {
        const YamlNode *kn = &sp->nodes[k];
        size_t v = kn->next;
        if (v == YAML_SPANS_NONE)
            break;
        if (kn->kind == YN_SCALAR && strcmp(yaml_spans_text(sp, kn), key) == 0) {
            if (key_node)
                *key_node = kn;
            return &sp->nodes[v];
        }
        k = sp->nodes[v].next;
    }
    return NULL;
}

/* ---- where a refused character stands ---------------------------------- */

/* Bytes [i, i + *k) of data are a character libyaml's reader refuses (C0
 * controls other than tab and line breaks, DEL, C1 controls other than
 * NEL): true, with its length in *k. */
static bool refused_control(const char *data, size_t len, size_t i, size_t *k)
{
    unsigned char b = (unsigned char)data[i];
    if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) {
        *k = 1;
        return true;
    }
    unsigned char c = i + 1 < len ? (unsigned char)data[i + 1] : 0;
    if (b == 0xC2 && c >= 0x80 && c <= 0x9F && c != 0x85) {
        *k = 2;
        return true;
    }
    return false;
}

/* True when node i is a key of a mapping (not a value). */
static bool is_key(const YamlSpans *sp, size_t i)
{
    const YamlNode *up = yaml_spans_node(sp, yaml_spans_node(sp, i)->parent);
    if (!up || up->kind != YN_MAP)
        return false;
    size_t idx = 0;
    for (size_t c = up->first; c != YAML_SPANS_NONE && c != i;
         c = yaml_spans_node(sp, c)->next)
        idx++;
    return idx % 2 == 0;
}

/* Append node i's place in the tree to path: "hardware.nodes",
 * "hybrid.workloads[0].name". */
static void node_path(const YamlSpans *sp, size_t i, char *path, size_t n)
{
    const YamlNode *node = yaml_spans_node(sp, i);
    const YamlNode *up = node ? yaml_spans_node(sp, node->parent) : NULL;
    if (!up)
        return;
    node_path(sp, node->parent, path, n);
    size_t idx = 0, prev = YAML_SPANS_NONE;
    for (size_t c = up->first; c != YAML_SPANS_NONE && c != i;
         c = yaml_spans_node(sp, c)->next, idx++)
        prev = c;
    size_t used = strlen(path);
    if (up->kind == YN_SEQ) {
        snprintf(path + used, n - used, "[%zu]", idx);
        return;
    }
    const YamlNode *key = idx % 2 ? yaml_spans_node(sp, prev) : node;
    if (key && key->kind == YN_SCALAR)
        snprintf(path + used, n - used, "%s%s", used ? "." : "",
                 yaml_spans_text(sp, key));
}

void yaml_spans_path_at(const char *data, size_t len, size_t off,
                        int max_depth, char *path, size_t n)
{
    path[0] = '\0';
    char *copy = xmalloc(len + 1);
    memcpy(copy, data, len);
    copy[len] = '\0';
    for (size_t i = 0, k; i < len; i++)
        if (refused_control(copy, len, i, &k))
            memset(copy + i, ' ', k);
    YamlSpans sp;
    yaml_spans_init(&sp, copy, len);
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        xalloc_die();
    yaml_parser_set_input_string(&parser, (const unsigned char *)copy, len);
    /* Read only up to the first node that starts past off, and no deeper
     * than max_depth: libyaml's scanner looks at every open flow level for
     * each token it reads, so a text nested deeply past the point the
     * loader stopped at would cost time quadratic in its length. */
    int depth = 0;
    for (bool done = false; !done;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev))
            break;
        if (ev.type == YAML_MAPPING_START_EVENT ||
            ev.type == YAML_SEQUENCE_START_EVENT)
            depth++;
        else if (ev.type == YAML_MAPPING_END_EVENT ||
                 ev.type == YAML_SEQUENCE_END_EVENT)
            depth--;
        yaml_spans_event(&sp, &ev);
        done = ev.type == YAML_STREAM_END_EVENT || depth > max_depth ||
               (sp.count > 0 && sp.nodes[sp.count - 1].start > off);
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&parser);
    yaml_spans_done(&sp);
    size_t best = YAML_SPANS_NONE;
    for (size_t i = 0; i < sp.count; i++) {
        const YamlNode *node = &sp.nodes[i];
        if (node->kind == YN_SCALAR && node->start <= off && off < node->end)
            best = i;
    }
    if (best != YAML_SPANS_NONE)
        node_path(&sp, is_key(&sp, best) ? sp.nodes[best].parent : best, path, n);
    yaml_spans_free(&sp);
    free(copy);
}
