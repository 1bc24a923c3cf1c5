/* export_compare.c: `gpuplan compare` as text and Markdown (DESIGN 11.3),
 * and the dispatch of every format.
 *
 * The scenarios by letter, the cheapest over all of them, what keeps
 * their figures from comparing, one table (a column a scenario), each
 * scenario's verdict and one chart of the curves. Text fits 80 columns:
 * a label column of 18 and a column of 15 a scenario, a figure wider than
 * its column scaled (1.2M), never cut. */
#include "config.h"

#include "compare_report.h"

#include <math.h>
#include <string.h>

#include "canvas.h"
#include "chart_compare.h"
#include "numfmt.h"
#include "utf8.h"

#define WIDTH 78
#define LABEL_W 18
#define CELL_W 13 /* and a mark and a blank: 15 a scenario */
#define CHART_W 72
#define CHART_H 22

/* Append text wrapped at WIDTH: the first line after head, the others
 * indented by `indent`. */
static void put_lines(StrBuf *b, const char *head, int indent, const char *text)
{
    sb_append(b, head);
    int col = utf8_width(head);
    for (const char *p = text; *p;) {
        size_t n = utf8_wrap_line(p, WIDTH - col);
        size_t k = n;
        while (k > 0 && p[k - 1] == ' ')
            k--;
        sb_append_n(b, p, k);
        p += n;
        while (*p == ' ')
            p++;
        if (*p) {
            sb_printf(b, "\n%*s", indent, "");
            col = indent;
        }
    }
    sb_append(b, "\n");
}


static const char mark_char[] = {[MARK_NONE] = ' ', [MARK_CHEAPEST] = '*',
                                 [MARK_NOT_ALLOWED] = 'x'};

/* A cell of the text table: its figure scaled when wider than CELL_W. */
static void text_cell(const char *cell, char *buf, size_t n)
{
    num_snprintf(buf, n, "%s", cell);
    if (utf8_width(buf) <= CELL_W)
        return;
    char digits[COMPARE_CELL_BYTES];
    size_t k = 0;
    for (const char *p = cell; *p && k + 1 < sizeof digits; p++)
        if (*p != ',')
            digits[k++] = *p;
    digits[k] = '\0';
    double v;
    if (num_parse(digits, &v) == 0)
        num_format_scaled(v, CELL_W, buf, n);
}

static void table_text(const CompareRow *rows, size_t nrows, size_t n, StrBuf *b)
{
    sb_printf(b, "  %-*s", LABEL_W, "");
    for (size_t i = 0; i < n; i++)
        sb_printf(b, " %*c%s", CELL_W, compare_label(i), i + 1 < n ? " " : "");
    sb_append(b, "\n");
    bool marks[3] = {false, false, false};
    for (size_t r = 0; r < nrows; r++) {
        const CompareRow *row = &rows[r];
        if (row->heading) {
            sb_printf(b, "%s\n", row->label);
            continue;
        }
        sb_printf(b, "  %-*s", LABEL_W, row->label);
        for (size_t i = 0; i < n; i++) {
            char cell[COMPARE_CELL_BYTES];
            text_cell(row->cell[i], cell, sizeof cell);
            int pad = CELL_W - utf8_width(cell);
            sb_printf(b, " %*s%s%c", pad > 0 ? pad : 0, "", cell, mark_char[row->mark[i]]);
            marks[row->mark[i]] = true;
        }
        /* No blanks at the ends of lines. */
        while (b->len > 0 && b->data[b->len - 1] == ' ')
            b->data[--b->len] = '\0';
        sb_append(b, "\n");
    }
    if (marks[MARK_CHEAPEST])
        sb_append(b, "  * the cheapest of all the scenarios\n");
    if (marks[MARK_NOT_ALLOWED])
        sb_append(b, "  x not allowed (compliance forbids the cloud)\n");
}

static void table_md(const CompareRow *rows, size_t nrows, size_t n, StrBuf *b)
{
    sb_append(b, "| |");
    for (size_t i = 0; i < n; i++)
        sb_printf(b, " %c |", compare_label(i));
    sb_append(b, "\n|---|");
    for (size_t i = 0; i < n; i++)
        sb_append(b, "---:|");
    sb_append(b, "\n");
    for (size_t r = 0; r < nrows; r++) {
        const CompareRow *row = &rows[r];
        if (row->heading) {
            sb_printf(b, "| **%s** |", row->label);
            for (size_t i = 0; i < n; i++)
                sb_append(b, " |");
            sb_append(b, "\n");
            continue;
        }
        sb_printf(b, "| %s |", row->label);
        for (size_t i = 0; i < n; i++) {
            const char *bold = row->mark[i] == MARK_CHEAPEST ? "**" : "";
            sb_printf(b, " %s%s%s%s |", bold, row->cell[i], bold,
                      row->mark[i] == MARK_NOT_ALLOWED ? " (not allowed)" : "");
        }
        sb_append(b, "\n");
    }
    sb_append(b, "\nThe cheapest of all the scenarios is in bold.\n\n");
}

/* The scenarios by letter: name and file. */
static void scenarios(const CompareEntry *e, size_t n, bool md, StrBuf *b)
{
    if (md)
        sb_append(b, "| | Scenario | File |\n|---|---|---|\n");
    for (size_t i = 0; i < n; i++) {
        if (md) {
            sb_printf(b, "| %c | ", compare_label(i));
            export_md_cell(b, e[i].scenario->name);
            sb_append(b, " | ");
            export_md_cell(b, e[i].file);
            sb_append(b, " |\n");
            continue;
        }
        StrBuf t = STRBUF_INIT;
        char head[8];
        sb_printf(&t, "%s: %s", e[i].file, e[i].scenario->name);
        num_snprintf(head, sizeof head, "  %c  ", compare_label(i));
        put_lines(b, head, 5, sb_str(&t));
        sb_free(&t);
    }
    sb_append(b, "\n");
}

static void chart(const CompareEntry *e, const Comparison *c, bool md, StrBuf *b)
{
    CompareChart cc = {.count = c->count};
    for (size_t i = 0; i < c->count; i++) {
        cc.scenario[i] = e[i].scenario;
        cc.cost[i] = e[i].cost;
    }
    memcpy(cc.cloud_shared, c->cloud_shared, sizeof cc.cloud_shared);
    sb_append(b, md ? "## Chart\n\n```\n" : "CHART: cost per useful GPU-hour against utilization\n");
    Canvas cv;
    canvas_init(&cv, CHART_W, CHART_H);
    chart_compare_render(&cv, &cc);
    canvas_to_text(&cv, b);
    canvas_free(&cv);
    sb_append(b, md ? "\n```\n" : "\n");
}

void export_compare_text(const CompareEntry *e, const Comparison *c, const char *date,
                         bool md, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(md ? EXPORT_MD : EXPORT_TEXT));
    size_t n = c->count;
    char title[64];
    num_snprintf(title, sizeof title, "Comparison of %zu scenarios", n);
    if (md)
        sb_printf(b, "# %s\n\ngpuplan compare, %s.\n\n", title, date);
    else
        sb_printf(b, "%s\n%.*s\ngpuplan compare, %s.\n\n", title, (int)strlen(title),
                  "==============================================", date);
    scenarios(e, n, md, b);
    StrBuf t = STRBUF_INIT;
    compare_cheapest_text(e, c, &t);
    if (md)
        sb_printf(b, "**%s**\n\n", sb_str(&t));
    else {
        put_lines(b, "", 2, sb_str(&t));
        sb_append(b, "\n");
    }
    sb_free(&t);
    if (c->notes) {
        StrBuf notes = STRBUF_INIT;
        compare_notes(e, c, "\n", &notes);
        sb_append(b, md ? "## Notes\n\n" : "NOTES\n");
        for (const char *p = sb_str(&notes); *p;) {
            size_t k = strcspn(p, "\n");
            StrBuf line = STRBUF_INIT;
            sb_append_n(&line, p, k);
            if (md)
                sb_printf(b, "- %s\n", sb_str(&line));
            else
                put_lines(b, "  - ", 4, sb_str(&line));
            sb_free(&line);
            p += k + (p[k] == '\n');
        }
        sb_append(b, "\n");
        sb_free(&notes);
    }
    CompareRow rows[COMPARE_ROWS_MAX];
    size_t nrows = compare_table(e, c, rows);
    sb_append(b, md ? "## Side by side\n\n" : "SIDE BY SIDE\n");
    if (md)
        table_md(rows, nrows, n, b);
    else {
        table_text(rows, nrows, n, b);
        sb_append(b, "\n");
    }
    sb_append(b, md ? "## Verdicts\n\n" : "VERDICTS\n");
    for (size_t i = 0; i < n; i++) {
        char verdict[1024];
        cost_verdict_text(e[i].scenario, e[i].cost, verdict, sizeof verdict);
        if (md) {
            sb_printf(b, "- **%c:** %s\n", compare_label(i), verdict);
        } else {
            char head[16];
            num_snprintf(head, sizeof head, "  %c: ", compare_label(i));
            put_lines(b, head, 5, verdict);
        }
    }
    sb_append(b, "\n");
    chart(e, c, md, b);
    num_minus_set(was);
}

void export_compare(ExportFormat f, const CompareEntry *e, size_t n, const char *date,
                    const char *generator, StrBuf *b)
{
    CompareInput in[COMPARE_MAX];
    for (size_t i = 0; i < n && i < COMPARE_MAX; i++)
        in[i] = compare_input_of(&e[i]);
    Comparison c;
    compare_evaluate(in, n, &c);
    if (c.count == 0)
        return;
    switch (f) {
    case EXPORT_TEXT: export_compare_text(e, &c, date, false, b); break;
    case EXPORT_MD: export_compare_text(e, &c, date, true, b); break;
    case EXPORT_JSON: export_compare_json(e, &c, date, generator, b); break;
    case EXPORT_CSV: export_compare_csv(e, &c, b); break;
    case EXPORT_HTML: export_compare_html(e, &c, date, generator, b); break;
    }
}
