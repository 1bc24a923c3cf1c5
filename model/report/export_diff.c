/* export_diff.c: `gpuplan diff` as text and Markdown (DESIGN 11.1, 11.2).
 *
 * Both verdicts first, then every input that differs, grouped by the
 * section of the file it is in, then every result that moves with its old
 * and new value and, for money, the change. Text fits 80 columns: the
 * results stand in columns while their values fit, and wrap as "old ->
 * new" where they do not. */
#include "config.h"

#include "compare_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "utf8.h"

#define WIDTH 78    /* text lines, as the report's */
#define WHAT_W 24   /* an input's name column */
#define RES_W 27    /* a result's name column */
#define VAL_W 13    /* a result's old and new columns */

/* Append text at `indent` columns wrapped at WIDTH, the first line after
 * `head` (which is narrower than `indent` or, when not, gets a line of
 * its own). */
static void put_wrapped(StrBuf *b, const char *head, int indent, const char *text)
{
    int col = utf8_width(head);
    sb_append(b, head);
    if (col >= indent) {
        sb_append(b, "\n");
        col = 0;
    }
    for (; col < indent; col++)
        sb_append(b, " ");
    const char *p = text;
    for (bool first = true; *p; first = false) {
        size_t n = utf8_wrap_line(p, WIDTH - indent);
        if (!first)
            sb_printf(b, "\n%*s", indent, "");
        size_t k = n;
        while (k > 0 && p[k - 1] == ' ')
            k--;
        sb_append_n(b, p, k);
        p += n;
        while (*p == ' ')
            p++;
    }
    sb_append(b, "\n");
}


static void heading(StrBuf *b, const char *text, size_t count, bool md)
{
    if (md)
        sb_printf(b, "## %s (%zu)\n\n", text, count);
    else {
        for (const char *p = text; *p; p++)
            sb_printf(b, "%c", *p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
        sb_printf(b, " (%zu)\n", count);
    }
}

static void header(const CompareEntry *from, const CompareEntry *to, bool md, StrBuf *b)
{
    const CompareEntry *e[2] = {from, to};
    static const char *const side[2] = {"old", "new"};
    char verdict[1024];
    if (md) {
        sb_append(b, "# gpuplan diff\n\n| | Scenario | File |\n|---|---|---|\n");
        for (int i = 0; i < 2; i++) {
            sb_printf(b, "| %s | ", side[i]);
            export_md_cell(b, e[i]->scenario->name);
            sb_append(b, " | ");
            export_md_cell(b, e[i]->file);
            sb_append(b, " |\n");
        }
        sb_append(b, "\n## Verdicts\n\n");
        for (int i = 0; i < 2; i++) {
            cost_verdict_text(e[i]->scenario, e[i]->cost, verdict, sizeof verdict);
            sb_printf(b, "- **%s:** %s\n", side[i], verdict);
        }
        sb_append(b, "\n");
        return;
    }
    sb_append(b, "gpuplan diff\n");
    for (int i = 0; i < 2; i++) {
        StrBuf t = STRBUF_INIT;
        sb_printf(&t, "%s: %s", e[i]->file, e[i]->scenario->name);
        char head[16];
        num_snprintf(head, sizeof head, "  %s:", side[i]);
        put_wrapped(b, head, 7, sb_str(&t));
        sb_free(&t);
    }
    sb_append(b, "\nVERDICTS\n");
    for (int i = 0; i < 2; i++) {
        char head[16];
        num_snprintf(head, sizeof head, "  %s:", side[i]);
        cost_verdict_text(e[i]->scenario, e[i]->cost, verdict, sizeof verdict);
        put_wrapped(b, head, 7, verdict);
    }
    sb_append(b, "\n");
}

/* One input that differs: "old -> new", or what happened to an item or a
 * section. */
static void change_words(const InputDiff *d, const Scenario *a, const Scenario *z, bool md,
                         StrBuf *b)
{
    const char *arrow = md ? " \xE2\x86\x92 " : " -> ";
    switch (d->kind) {
    case DIFF_SECTION_ADDED: sb_append(b, "added"); return;
    case DIFF_SECTION_REMOVED: sb_append(b, "removed"); return;
    case DIFF_ITEM_ADDED:
        sb_append(b, "added: ");
        diff_side(d, true, a, z, b);
        return;
    case DIFF_ITEM_REMOVED:
        sb_append(b, "removed: ");
        diff_side(d, false, a, z, b);
        return;
    default:
        diff_side(d, false, a, z, b);
        sb_append(b, arrow);
        diff_side(d, true, a, z, b);
    }
}

static void inputs(const CompareEntry *from, const CompareEntry *to, const ScenarioDiff *sd,
                   bool md, StrBuf *b)
{
    const Scenario *a = from->scenario, *z = to->scenario;
    heading(b, "Inputs that differ", sd->count, md);
    if (sd->count == 0) {
        sb_append(b, md ? "None: the two scenarios are the same.\n\n"
                        : "  none: the two scenarios are the same\n\n");
        return;
    }
    if (md)
        sb_append(b, "| Input | Key | Old | New |\n|---|---|---|---|\n");
    const char *group = NULL;
    for (size_t i = 0; i < sd->count; i++) {
        const InputDiff *d = &sd->item[i];
        if (d->kind != DIFF_SECTION_ADDED && d->kind != DIFF_SECTION_REMOVED &&
            (!group || strcmp(group, diff_group(d)) != 0)) {
            group = diff_group(d);
            sb_printf(b, md ? "| **%s** | | | |\n" : "  %s\n", group);
        }
        StrBuf what = STRBUF_INIT, key = STRBUF_INIT, text = STRBUF_INIT;
        diff_what(d, a, z, &what);
        diff_key(d, &key);
        if (md) {
            StrBuf old = STRBUF_INIT, now = STRBUF_INIT;
            bool sides = d->kind == DIFF_VALUE || d->kind == DIFF_ITEM_ORDER;
            if (sides) {
                diff_side(d, false, a, z, &old);
                diff_side(d, true, a, z, &now);
            } else {
                change_words(d, a, z, true, &now);
            }
            sb_append(b, "| ");
            export_md_cell(b, sb_str(&what));
            sb_printf(b, " | `%s` | ", sb_str(&key));
            export_md_cell(b, sides ? sb_str(&old) : "");
            sb_append(b, " | ");
            export_md_cell(b, sb_str(&now));
            sb_append(b, " |\n");
            sb_free(&old);
            sb_free(&now);
        } else {
            bool top = d->kind == DIFF_SECTION_ADDED || d->kind == DIFF_SECTION_REMOVED;
            StrBuf head = STRBUF_INIT;
            sb_printf(&head, "%s%-*s", top ? "  " : "    ", WHAT_W, sb_str(&what));
            change_words(d, a, z, false, &text);
            put_wrapped(b, sb_str(&head), 4 + WHAT_W + 1, sb_str(&text));
            sb_free(&head);
            if (top)
                group = diff_group(d);
        }
        sb_free(&what);
        sb_free(&key);
        sb_free(&text);
    }
    sb_append(b, "\n");
}

/* A figure scaled to `width` columns when it is wider (DESIGN 8: scaled,
 * never cut). */
static void fit(const char *text, double v, bool sign, int width, char *buf, size_t n)
{
    num_snprintf(buf, n, "%s", text);
    if (utf8_width(buf) <= width || !isfinite(v))
        return;
    char s[32];
    if (num_format_scaled(fabs(v), width - 1, s, sizeof s))
        num_snprintf(buf, n, "%s%s", v < 0 ? num_minus_sign() : sign ? "+" : "", s);
}

/* One result row of the text format: in columns when old and new fit
 * theirs, else "old -> new" wrapped after the name. */
static void result_row(const ResultMove *m, StrBuf *b)
{
    StrBuf what = STRBUF_INIT, old = STRBUF_INIT, now = STRBUF_INIT, ch = STRBUF_INIT;
    result_what(m, &what);
    result_side(m, false, &old);
    result_side(m, true, &now);
    result_change(m, &ch);
    char o[48], n[48], c[64];
    fit(sb_str(&old), m->old_value, false, VAL_W, o, sizeof o);
    fit(sb_str(&now), m->new_value, false, VAL_W, n, sizeof n);
    num_snprintf(c, sizeof c, "%s", sb_str(&ch));
    if (m->kind != RES_ADVICE && 2 + RES_W + 2 * (VAL_W + 1) + 2 + (int)strlen(c) > WIDTH + 2) {
        /* Too wide for the line: the difference scaled, then its percent. */
        double delta = m->new_value - m->old_value;
        char d[64], full[64];
        export_signed_money(delta, 0, full, sizeof full);
        fit(full, delta, true, 8, d, sizeof d);
        const char *pct = strstr(sb_str(&ch), " (");
        num_snprintf(c, sizeof c, "%s%s", d, pct ? pct : "");
    }
    bool columns = m->kind != RES_ADVICE && utf8_width(o) <= VAL_W && utf8_width(n) <= VAL_W;
    if (columns) {
        sb_printf(b, "  %-*s %*s %*s", RES_W, sb_str(&what), VAL_W, o, VAL_W, n);
        if (c[0])
            sb_printf(b, "  %s", c);
        sb_append(b, "\n");
    } else {
        StrBuf head = STRBUF_INIT, text = STRBUF_INIT;
        sb_printf(&head, "  %-*s", RES_W, sb_str(&what));
        if (m->kind == RES_ADVICE)
            sb_append(&text, sb_str(&ch));
        else
            sb_printf(&text, "%s -> %s", sb_str(&old), sb_str(&now));
        put_wrapped(b, sb_str(&head), 2 + RES_W + 1, sb_str(&text));
        sb_free(&head);
        sb_free(&text);
    }
    sb_free(&what);
    sb_free(&old);
    sb_free(&now);
    sb_free(&ch);
}

static void results(const CompareEntry *from, const CompareEntry *to, const ResultDiff *rd,
                    bool md, StrBuf *b)
{
    heading(b, "Results that move", rd->count, md);
    if (rd->count == 0) {
        sb_append(b, md ? "None.\n" : "  none\n");
        return;
    }
    if (from->scenario->currency[0] && strcmp(from->scenario->currency,
                                              to->scenario->currency) == 0)
        sb_printf(b, md ? "Money in %s a month (NPV over the horizon); a crossover says "
                          "where on-prem is the cheaper.\n\n"
                        : "  money in %s a month (NPV over the horizon); a crossover says\n"
                          "  where on-prem is the cheaper\n",
                  to->scenario->currency);
    if (md)
        sb_append(b, "| Result | Key | Old | New | Change |\n|---|---|---:|---:|---:|\n");
    else
        sb_printf(b, "  %-*s %*s %*s  %s\n", RES_W, "", VAL_W, "old", VAL_W, "new",
                  "change");
    for (size_t i = 0; i < rd->count; i++) {
        const ResultMove *m = &rd->move[i];
        if (!md) {
            result_row(m, b);
            continue;
        }
        StrBuf what = STRBUF_INIT, old = STRBUF_INIT, now = STRBUF_INIT, ch = STRBUF_INIT;
        char key[96];
        result_what(m, &what);
        result_side(m, false, &old);
        result_side(m, true, &now);
        result_change(m, &ch);
        sb_append(b, "| ");
        export_md_cell(b, sb_str(&what));
        sb_printf(b, " | `%s` | ", result_key(m, key, sizeof key));
        export_md_cell(b, sb_str(&old));
        sb_append(b, " | ");
        export_md_cell(b, sb_str(&now));
        sb_append(b, " | ");
        export_md_cell(b, sb_str(&ch));
        sb_append(b, " |\n");
        sb_free(&what);
        sb_free(&old);
        sb_free(&now);
        sb_free(&ch);
    }
}

void export_diff_text(const CompareEntry *from, const CompareEntry *to, bool md, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(md ? EXPORT_MD : EXPORT_TEXT));
    ScenarioDiff *sd = xmalloc(sizeof *sd);
    ResultDiff rd;
    scenario_diff(from->scenario, to->scenario, sd);
    ResultSide ra = result_side_of(from), rz = result_side_of(to);
    result_diff(&ra, &rz, &rd);
    header(from, to, md, b);
    inputs(from, to, sd, md, b);
    results(from, to, &rd, md, b);
    free(sd);
    num_minus_set(was);
}

void export_diff(ExportFormat f, const CompareEntry *from, const CompareEntry *to,
                 const char *generator, StrBuf *b)
{
    if (f == EXPORT_JSON)
        export_diff_json(from, to, generator, b);
    else
        export_diff_text(from, to, f == EXPORT_MD, b);
}
