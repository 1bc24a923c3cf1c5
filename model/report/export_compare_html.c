/* export_compare_html.c: `gpuplan compare --format html` (DESIGN 11.3),
 * one self-contained page like the report's (DESIGN 4.2): the report's
 * style sheet and palette, the chart as inline SVG, no script, nothing
 * fetched, text as text, each table and the chart kept on one printed
 * page. Every string from a scenario goes through html_text(). */
#include "config.h"

#include "compare_report.h"

#include <string.h>

#include "chart_svg.h"
#include "chart_svg_compare.h"
#include "numfmt.h"
#include "svg.h"

/* What the comparison's page adds to the report's style: the cheapest of
 * all framed, in ink (the options' colours keep their meaning). */
static const char compare_css[] =
    "table.cmp-cheapest td.best{font-weight:700;outline:2px solid var(--ink);"
    "outline-offset:-3px}\n";

/* The scenarios by letter: name, file, GPUs. */
static void scenarios(const CompareEntry *e, size_t n, StrBuf *b)
{
    sb_append(b, "<table id=\"scenarios\">\n<thead><tr><th></th><th>Scenario</th>"
                 "<th>File</th><th>GPUs</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < n; i++) {
        const Scenario *s = e[i].scenario;
        char gpus[128];
        num_snprintf(gpus, sizeof gpus, "%g x %g ", s->hardware.nodes,
                     s->hardware.gpus_per_node);
        sb_printf(b, "<tr><td><strong>%c</strong></td>", compare_label(i));
        html_element(b, "td", NULL, s->name);
        sb_append(b, "<td><code>");
        html_text(b, e[i].file);
        sb_append(b, "</code></td><td>");
        html_text(b, gpus);
        html_text(b, s->hardware.gpu_model);
        sb_append(b, "</td></tr>\n");
    }
    sb_append(b, "</tbody>\n</table>\n");
}

/* The cheapest of all first, then what keeps figures from comparing. */
static void lead(const CompareEntry *e, const Comparison *c, StrBuf *b)
{
    StrBuf t = STRBUF_INIT;
    compare_cheapest_text(e, c, &t);
    sb_append(b, "<section class=\"verdict\" id=\"cheapest\">\n");
    html_element(b, "p", "lead", sb_str(&t));
    sb_free(&t);
    if (c->notes) {
        StrBuf notes = STRBUF_INIT;
        compare_notes(e, c, "\n", &notes);
        sb_append(b, "\n<ul id=\"notes\">\n");
        for (const char *p = sb_str(&notes); *p;) {
            size_t k = strcspn(p, "\n");
            sb_append(b, "<li>");
            html_text_n(b, p, k);
            sb_append(b, "</li>\n");
            p += k + (p[k] == '\n');
        }
        sb_append(b, "</ul>");
        sb_free(&notes);
    }
    sb_append(b, "\n</section>\n");
}

static void table(const CompareEntry *e, const Comparison *c, StrBuf *b)
{
    CompareRow rows[COMPARE_ROWS_MAX];
    size_t nrows = compare_table(e, c, rows), n = c->count;
    sb_append(b, "<div class=\"keep\">\n<h2>Side by side</h2>\n<table id=\"compare\" "
                 "class=\"cmp-cheapest\">\n<thead><tr><th></th>");
    for (size_t i = 0; i < n; i++)
        sb_printf(b, "<th class=\"n\">%c</th>", compare_label(i));
    sb_append(b, "</tr></thead>\n<tbody>\n");
    bool not_allowed = false;
    for (size_t r = 0; r < nrows; r++) {
        const CompareRow *row = &rows[r];
        if (row->heading) {
            sb_printf(b, "<tr><th colspan=\"%zu\">", n + 1);
            html_text(b, row->label);
            sb_append(b, "</th></tr>\n");
            continue;
        }
        sb_append(b, "<tr><td>");
        if (row->option != OPT_COUNT)
            sb_printf(b, "<span class=\"key o-%s\"></span>", cost_option_key(row->option));
        html_text(b, row->label);
        sb_append(b, "</td>");
        for (size_t i = 0; i < n; i++) {
            const char *cls = row->mark[i] == MARK_CHEAPEST ? "n best" : "n";
            sb_printf(b, "<td class=\"%s\">", cls);
            html_text(b, row->cell[i]);
            if (row->mark[i] == MARK_NOT_ALLOWED)
                sb_append(b, " (not allowed)");
            not_allowed |= row->mark[i] == MARK_NOT_ALLOWED;
            sb_append(b, "</td>");
        }
        sb_append(b, "</tr>\n");
    }
    sb_append(b, "</tbody>\n</table>\n<p class=\"meta\">The cheapest option of all the "
                 "scenarios is set in bold and framed.");
    if (not_allowed)
        sb_append(b, " Options marked not allowed are forbidden by compliance.");
    sb_append(b, "</p>\n</div>\n");
}

static void chart(const CompareEntry *e, const Comparison *c, StrBuf *b)
{
    CompareChart cc = {.count = c->count};
    const char *names[COMPARE_MAX];
    for (size_t i = 0; i < c->count; i++) {
        cc.scenario[i] = e[i].scenario;
        cc.cost[i] = e[i].cost;
        names[i] = e[i].scenario->name;
    }
    memcpy(cc.cloud_shared, c->cloud_shared, sizeof cc.cloud_shared);
    sb_append(b, "<div class=\"keep\">\n<h2>Cost against utilization</h2>\n<figure>\n");
    chart_svg_compare(b, &cc, names);
    html_figcaption(b, (c->notes & COMPARE_CLOUD)
                           ? "Each scenario's curves: a colour an option, a line style a "
                             "scenario; the cloud curves differ, so each scenario's are "
                             "drawn. Rings mark where a cloud option costs what the "
                             "scenario's on-prem does."
                           : "Each scenario's on-prem curve (a line style a scenario) "
                             "against the cloud curves, which every scenario shares. Rings "
                             "mark where a cloud option costs what the scenario's on-prem "
                             "does.");
    sb_append(b, "</div>\n");
}

static void verdicts(const CompareEntry *e, size_t n, StrBuf *b)
{
    sb_append(b, "<div class=\"keep\">\n<h2>Verdicts</h2>\n<dl class=\"advice\">\n");
    for (size_t i = 0; i < n; i++) {
        char verdict[1024];
        cost_verdict_text(e[i].scenario, e[i].cost, verdict, sizeof verdict);
        sb_printf(b, "<dt>%c: ", compare_label(i));
        html_text(b, e[i].scenario->name);
        sb_append(b, "</dt><dd>");
        html_text(b, verdict);
        sb_append(b, "</dd>\n");
    }
    sb_append(b, "</dl>\n</div>\n");
}

void export_compare_html(const CompareEntry *e, const Comparison *c, const char *date,
                         const char *generator, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(EXPORT_HTML));
    char title[64];
    num_snprintf(title, sizeof title, "Comparison of %zu scenarios", c->count);
    sb_append(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                 "<meta name=\"generator\" content=\"");
    html_text(b, generator);
    sb_append(b, "\">\n<title>");
    html_text(b, title);
    sb_append(b, " \xE2\x80\x94 gpuplan</title>\n<style>\n");
    sb_append(b, export_html_css);
    sb_append(b, chart_svg_compare_css);
    sb_append(b, compare_css);
    sb_append(b, "</style>\n</head>\n<body>\n<main>\n<header>\n");
    html_element(b, "h1", NULL, title);
    sb_append(b, "\n<p class=\"meta\">gpuplan compare, ");
    html_text(b, date);
    sb_append(b, "</p>\n</header>\n");
    lead(e, c, b);
    scenarios(e, c->count, b);
    table(e, c, b);
    chart(e, c, b);
    verdicts(e, c->count, b);
    sb_append(b, "<footer>");
    html_text(b, generator);
    sb_append(b, ". Monthly costs are levelized over each scenario's horizon; useful "
                 "GPU-hours are GPU-hours doing the work, at each scenario's measured "
                 "utilization.</footer>\n</main>\n</body>\n</html>\n");
    num_minus_set(was);
}
