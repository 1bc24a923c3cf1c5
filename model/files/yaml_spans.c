/* yaml_spans.c: the span tree of a YAML document, built from libyaml events.
 *
 * libyaml's marks count characters (a CR LF counts two, a byte order mark
 * none), so each mark is converted to a byte offset by walking the UTF-8
 * text from the last converted mark; marks arrive almost in order, so the
 * walk is short. A UTF-16 text (libyaml converts it) has no byte spans that
 * match: the tree is marked unusable and the saver writes the file whole. */
#include "config.h"

#include "yaml_spans.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "strbuf.h"

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
    const unsigned char *d = (const unsigned char *)sp->data;
    size_t bom = sp->len >= 3 && memcmp(d, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    while (sp->at_char > ch && sp->at_byte > bom) {
        sp->at_byte--;
        while (sp->at_byte > bom && (d[sp->at_byte] & 0xC0) == 0x80)
            sp->at_byte--;
        sp->at_char--;
    }
    while (sp->at_char < ch && sp->at_byte < sp->len) {
        sp->at_byte++;
        while (sp->at_byte < sp->len && (d[sp->at_byte] & 0xC0) == 0x80)
            sp->at_byte++;
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
