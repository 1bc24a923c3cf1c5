/* yaml_patch_map.c: a field's value as the saver writes it, and inserting
 * a pair into a mapping, in key order (DESIGN 1.3; see yaml_patch.c for the
 * choices made). Below both yaml_patch.c (the registry's fields) and
 * yaml_patch_list.c (lists and the optional sections), which use it. */
#include "config.h"

#include "yaml_patch_impl.h"

#include <string.h>

#include "fields.h"
#include "scenario_yaml.h"

/* ---- field values ----------------------------------------------------------- */

bool yp_same_value(const Field *f, const Scenario *a, const Scenario *b)
{
    if (f->type == FT_TEXT)
        return strcmp(field_get_text(f, a), field_get_text(f, b)) == 0;
    double x = field_get_num(f, a), y = field_get_num(f, b);
    return memcmp(&x, &y, sizeof x) == 0;
}

/* f's value in s as written in a file: text unquoted, numbers and words
 * in their shortest exact form. */
void yp_value_text(const Field *f, const Scenario *s, StrBuf *out)
{
    if (f->type == FT_TEXT) {
        sb_append(out, field_get_text(f, s));
    } else {
        char num[128];
        field_format(f, s, num, sizeof num);
        sb_append(out, num);
    }
}

/* Rewrite the value of f found at (k, v). */
void yp_replace_field(Patch *p, const Field *f, const YamlNode *k,
                          const YamlNode *v)
{
    StrBuf t = STRBUF_INIT;
    yp_value_text(f, p->s, &t);
    yp_replace_scalar(p, k, v, sb_str(&t),
                   f->type == FT_TEXT || f->type == FT_CHOICE);
    sb_free(&t);
}

/* "key: value" for a flow mapping: text double-quoted. */
void yp_flow_pair(const Field *f, const Scenario *s, const char *leaf,
                      StrBuf *out)
{
    sb_printf(out, "%s: ", leaf);
    if (f->type == FT_TEXT) {
        scenario_yaml_quote(out, field_get_text(f, s));
    } else {
        char num[128];
        field_format(f, s, num, sizeof num);
        sb_append(out, num);
    }
}

/* ---- inserting into a mapping ------------------------------------------------ */

/* The indentation of map's keys, as spaces. */
size_t yp_map_indent(const Patch *p, const YamlNode *map)
{
    const YamlNode *k = yp_node(p, map->first);
    return k ? yp_column(p, k->start) : p->indent;
}

/* Insert into mapping `map` a pair whose rank is `rank` (keys ranked by
 * rank_fn): `line` (one or more whole lines, already indented) in a block
 * mapping, `pair` ("key: value") in a flow one. */
void yp_map_insert(Patch *p, const YamlNode *map, size_t rank,
                       RankFn rank_fn, const void *ctx, const char *line,
                       const char *pair)
{
    if (map->flow) {
        const YamlNode *lastv = yp_node(p, map->last);
        StrBuf t = STRBUF_INIT;
        if (lastv) {
            sb_printf(&t, ", %s", pair);
            yp_add_edit(p, yp_tail(p, lastv), yp_tail(p, lastv), sb_str(&t));
        } else {
            yp_add_edit(p, map->start + 1, map->start + 1, pair);
        }
        sb_free(&t);
        return;
    }
    size_t indent = yp_map_indent(p, map);
    const YamlNode *best = NULL, *first = yp_node(p, map->first), *lastv = NULL;
    size_t best_rank = 0;
    for (const YamlNode *k = first; k; k = yp_node(p, yp_node(p, k->next)->next)) {
        const YamlNode *v = yp_node(p, k->next);
        lastv = v;
        size_t r = rank_fn(yaml_spans_text(p->sp, k), ctx);
        if (r < rank && (!best || r >= best_rank)) {
            best = v;
            best_rank = r;
        }
        if (!yp_node(p, v->next))
            break;
    }
    size_t pos;
    if (best) {
        pos = yp_after_block(p, yp_tail(p, best), indent);
    } else if (first && yp_line_start(p, first->start) + indent == first->start) {
        pos = yp_line_start(p, first->start);
    } else if (lastv) {
        pos = yp_after_block(p, yp_tail(p, lastv), indent);
    } else {
        yp_fail(p, "an empty block mapping");
        return;
    }
    yp_add_edit(p, pos, pos, line);
}

/* ---- the top level ------------------------------------------------------------ */

/* Rank of a top-level key in registry order: gpuplan first, then the
 * fields and sections in table order, the optional ones last (the
 * order a new file has); unknown keys rank last (the loader refuses
 * them). */
static size_t top_rank(const char *key, const void *ctx)
{
    (void)ctx;
    if (strcmp(key, "gpuplan") == 0)
        return 0;
    char sec[32];
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        field_section(f, sec, sizeof sec);
        if (sec[0] ? strcmp(sec, key) == 0 : strcmp(f->key, key) == 0)
            return i + 1;
    }
    return field_count + 1;
}

/* Insert whole lines at the top level, in registry order at `rank`. */
void yp_top_insert(Patch *p, size_t rank, const char *lines)
{
    yp_map_insert(p, p->root, rank, top_rank, NULL, lines, "");
}
