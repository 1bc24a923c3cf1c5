/* yaml_patch.c: the format-preserving saver (DESIGN 1.3), see yaml_patch.h.
 *
 * The saver compares the scenario the text loads as (base) with the one to
 * save (s), field by field, and turns each difference into an edit of the
 * original bytes: replace a span, insert text at a line start, delete a
 * range of lines. The edits are applied in one pass in byte order. Inserted
 * lines are written by the same functions as a new file (scenario_yaml.h),
 * at the indentation the file already uses, with the file's line ending.
 *
 * Choices made here:
 * - A changed text keeps its quoting when the new value can be written
 *   that way: plain and 'single' styles are tried by parsing the candidate
 *   on its own with libyaml; otherwise it is "double-quoted" (always
 *   exact). A block scalar (`notes: |`, `>`) is rewritten as a block scalar
 *   of the same style with the chomping the new value needs, or
 *   double-quoted when the value cannot be a block scalar (control
 *   characters, a CR).
 * - An absent key is inserted after the present key that comes last before
 *   it in registry order (comment lines indented under that key stay with
 *   it); with none before it, before the mapping's first key. In a flow
 *   mapping `{nodes: 4}` the pair is added inside the braces.
 * - A missing section is written after the top-level key that precedes it
 *   in registry order, with a blank line before it, as a new file has.
 * - Workloads are matched old to new by the cheapest edit script (a changed
 *   workload costs the share of its keys that changed, an inserted or a
 *   removed one costs more than all its keys), so deleting the second of
 *   three workloads removes exactly its lines. Workloads and uncertainty
 *   inputs are both lists of mappings (ListKind); a key that goes while
 *   another comes (per_day for schedule) is rewritten in place. */
#include "config.h"

#include "yaml_patch.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "numfmt.h"
#include "scenario_yaml.h"
#include "yaml_patch_impl.h"

/* ---- the registry's fields --------------------------------------------------- */

/* Rank of a key inside section `ctx` (a section name). */
static size_t section_rank(const char *key, const void *ctx)
{
    char path[160];
    snprintf(path, sizeof path, "%s.%s", (const char *)ctx, key);
    const Field *f = field_find(path);
    return f ? (size_t)(f - field_table) : field_count;
}

/* The fields of one section (or of the top level: sec = ""), fields
 * [i0, i1) of the table. */
static void patch_section(Patch *p, const char *sec, size_t i0, size_t i1)
{
    char ind[64];
    if (!sec[0]) {
        for (size_t i = i0; i < i1; i++) {
            const Field *f = &field_table[i];
            if (yp_same_value(f, p->base, p->s))
                continue;
            const YamlNode *k, *v = yaml_spans_get(p->sp, p->root, f->key, &k);
            if (v) {
                yp_replace_field(p, f, k, v);
            } else {
                StrBuf line = STRBUF_INIT;
                scenario_yaml_field_line(&line, f, p->s, "", f->key);
                yp_top_insert(p, i + 1, sb_str(&line));
                sb_free(&line);
            }
        }
        return;
    }
    const YamlNode *seck, *secv = yaml_spans_get(p->sp, p->root, sec, &seck);
    size_t slen = strlen(sec) + 1;
    if (secv && secv->kind == YN_MAP) {
        size_t indent = yp_map_indent(p, secv);
        snprintf(ind, sizeof ind, "%*s", (int)(indent < 60 ? indent : 60), "");
        for (size_t i = i0; i < i1; i++) {
            const Field *f = &field_table[i];
            if (yp_same_value(f, p->base, p->s))
                continue;
            const YamlNode *k, *v = yaml_spans_get(p->sp, secv, f->key + slen, &k);
            if (v) {
                yp_replace_field(p, f, k, v);
                continue;
            }
            StrBuf line = STRBUF_INIT, pair = STRBUF_INIT;
            scenario_yaml_field_line(&line, f, p->s, ind, f->key + slen);
            yp_flow_pair(f, p->s, f->key + slen, &pair);
            yp_map_insert(p, secv, i, section_rank, sec, sb_str(&line),
                       sb_str(&pair));
            sb_free(&line);
            sb_free(&pair);
        }
        return;
    }
    /* The section is missing or empty (`opportunity:` with nothing under
     * it): write the changed fields as its lines. */
    snprintf(ind, sizeof ind, "%*s", (int)(p->indent < 60 ? p->indent : 60), "");
    StrBuf lines = STRBUF_INIT;
    for (size_t i = i0; i < i1; i++) {
        const Field *f = &field_table[i];
        if (!yp_same_value(f, p->base, p->s))
            scenario_yaml_field_line(&lines, f, p->s, ind, f->key + slen);
    }
    if (lines.len == 0) {
        sb_free(&lines);
        return;
    }
    if (secv && secv->kind == YN_SCALAR && !secv->flow) {
        if (secv->end > secv->start) /* `~` or `null`: drop it */
            yp_add_edit(p, seck->end, secv->end, ":");
        size_t pos = yp_line_after(p, seck->end);
        yp_add_edit(p, pos, pos, sb_str(&lines));
    } else if (secv) {
        yp_fail(p, "a section is not a mapping");
    } else {
        StrBuf t = STRBUF_INIT;
        sb_printf(&t, "\n%s:\n%s", sec, sb_str(&lines));
        yp_top_insert(p, i0 + 1, sb_str(&t));
        sb_free(&t);
    }
    sb_free(&lines);
}

/* ---- the schema line (DESIGN 1.4) ------------------------------------------ */

int yaml_patch_version_needed(const Scenario *s, int at_least)
{
    Scenario *def = xmalloc(sizeof *def);
    scenario_default(def);
    int v = at_least;
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (field_version(f) <= v)
            continue;
        bool used = false;
        if (f->scope == FS_SCENARIO) {
            used = !yp_same_value(f, def, s);
        } else if (field_in_scope(f, s)) {
            /* The plan's version-2 keys are written only when given or
             * off their default (field_saved). */
            size_t n = f->list ? field_list_count(f->list, s) : 1;
            for (size_t k = 0; k < n && !used; k++)
                used = field_saved(f, s, k);
        }
        if (used)
            v = field_version(f);
    }
    free(def);
    return v;
}

static void patch_version(Patch *p)
{
    const YamlNode *k, *v = yaml_spans_get(p->sp, p->root, "gpuplan", &k);
    double have = 0;
    if (!v || v->kind != YN_SCALAR ||
        num_parse(yaml_spans_text(p->sp, v), &have) != 0) {
        yp_fail(p, "the schema line is not where it was");
        return;
    }
    int need = yaml_patch_version_needed(p->s, (int)have);
    if (need > (int)have) {
        char t[16];
        snprintf(t, sizeof t, "%d", need);
        yp_add_edit(p, v->start, v->end, t);
    }
}

/* ---- the whole ------------------------------------------------------------------ */

int yaml_patch_render(const YamlPatchDoc *doc, const Scenario *s,
                      StrBuf *out, Diag *d)
{
    Patch p;
    memset(&p, 0, sizeof p);
    p.d = doc->data;
    p.len = doc->len;
    p.sp = doc->spans;
    p.base = doc->base;
    p.s = s;
    p.bom = p.len >= 3 && memcmp(p.d, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    const char *nl = memchr(p.d, '\n', p.len);
    p.crlf = nl && nl > p.d && nl[-1] == '\r';
    p.root = yp_node(&p, p.sp->root);
    if (p.sp->unusable)
        yp_fail(&p, "the file is UTF-16 text; it is saved as UTF-8");
    else if (!p.root || p.root->kind != YN_MAP || p.root->flow)
        yp_fail(&p, "the file is one flow mapping {...}, which is not edited "
                 "in place");
    if (!p.failed) {
        /* A section's indentation: the first block section's, else 2. */
        p.indent = 2;
        for (size_t k = p.root->first; k != NONE;) {
            const YamlNode *v = yp_node(&p, yp_node(&p, k)->next);
            if (!v)
                break;
            if (v->kind == YN_MAP && !v->flow && yp_node(&p, v->first)) {
                p.indent = yp_map_indent(&p, v);
                break;
            }
            k = v->next;
        }
        patch_version(&p);
        char sec[32], cur[32];
        for (size_t i = 0; i < field_count && !p.failed;) {
            field_section(&field_table[i], cur, sizeof cur);
            size_t j = i + 1;
            while (j < field_count &&
                   strcmp(field_section(&field_table[j], sec, sizeof sec), cur) == 0)
                j++;
            /* the hybrid plan's rows, which exist only with the section,
             * are edited with the section (patch_lists) */
            if (field_table[i].scope == FS_SCENARIO)
                patch_section(&p, cur, i, j);
            i = j;
        }
        if (!p.failed)
            yp_patch_lists(&p);
    }
    if (!p.failed) {
        StrBuf t = STRBUF_INIT;
        yp_apply_edits(&p, &t);
        if (!p.failed)
            sb_append_n(out, t.data ? t.data : "", t.len);
        sb_free(&t);
    }
    for (size_t i = 0; i < p.nedits; i++)
        free(p.edits[i].text);
    free(p.edits);
    if (p.failed)
        return diag_fail(d, "%s", p.why);
    return 0;
}
