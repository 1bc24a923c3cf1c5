/* export_html.c: the HTML report (DESIGN 4.2), one self-contained page.
 *
 * What a consultant sends a client: the verdict first, then the options,
 * the numeric monthly breakdown, the charts (inline SVG, chart_svg.h), the
 * crossovers, the zone, the advice, the horizon (DESIGN 2.7) with its
 * cumulative-spend chart, risk and the hybrid plan when there are, and the
 * inputs. Inline CSS, no script, nothing fetched: the file opens the
 * same offline, in a mail client's preview and years later. Text is text
 * (copyable); the print CSS keeps each chart and table on one page of A4
 * or Letter. Every string from the scenario goes through html_text().
 */
#include "config.h"

#include "export.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chart_svg.h"
#include "chart_svg_horizon.h"
#include "fields.h"
#include "horizon.h"
#include "numfmt.h"
#include "svg.h"

/* The page's style: screen, then print. The option and breakdown-line
 * colours are shared by the charts (classes o-KEY and l-KEY), and by the
 * comparison's page (export.h). */
const char export_html_css[] =
    ":root{--ink:#1d232a;--muted:#5b6570;--rule:#d9dee3;--soft:#f4f7fa;"
    "--onprem:#1b6ca8;--on_demand:#c8423b;--reserved:#7d5ba6;--spot:#2b8a4e;"
    "--measured:#d97706;--threshold:#8a949e;--low:#c9bfae;--high:#6b5c45}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;background:#fff;color:var(--ink);font:15px/1.5 "
    "system-ui,-apple-system,\"Segoe UI\",Roboto,\"Helvetica Neue\",Arial,"
    "\"Liberation Sans\",\"DejaVu Sans\",sans-serif}\n"
    "main{max-width:880px;margin:0 auto;padding:28px 24px 40px}\n"
    "h1{font-size:26px;line-height:1.25;margin:0 0 4px}\n"
    "h2{font-size:19px;margin:28px 0 8px;padding-bottom:4px;"
    "border-bottom:1px solid var(--rule)}\n"
    "h3{font-size:16px;margin:18px 0 6px}\n"
    ".meta{color:var(--muted);margin:0 0 18px}\n"
    ".verdict{background:var(--soft);border-left:5px solid var(--onprem);"
    "padding:12px 18px;margin:0 0 8px}\n"
    ".verdict p{margin:4px 0}\n.verdict .lead{font-size:18px;font-weight:600}\n"
    ".verdict ul{margin:6px 0 2px;padding-left:20px}\n"
    ".notes{white-space:pre-wrap}\n"
    "table{border-collapse:collapse;width:100%;margin:6px 0 14px;"
    "font-variant-numeric:tabular-nums}\n"
    "th,td{padding:4px 8px;border-bottom:1px solid var(--rule);text-align:left;"
    "vertical-align:top}\n"
    "th{font-weight:600;background:var(--soft)}\n"
    ".n{text-align:right;white-space:nowrap}\n"
    "tr.cheapest td{font-weight:600}\ntr.total td{font-weight:600;"
    "border-top:2px solid var(--ink)}\n"
    "td.na{color:var(--muted);text-align:right}\n"
    "code{font:13px/1.4 ui-monospace,\"DejaVu Sans Mono\",monospace;"
    "color:var(--muted)}\n"
    ".key{display:inline-block;width:10px;height:10px;margin-right:6px;"
    "border-radius:2px}\n"
    "figure{margin:14px 0 22px}\nfigure svg{display:block;width:100%;height:auto}\n"
    "figcaption{color:var(--muted);font-size:13px;margin-top:4px}\n"
    ".advice dt{font-weight:600;margin-top:8px}\n.advice dd{margin:2px 0 0 0}\n"
    ".warn{color:#8a4b00}\n"
    "footer{margin-top:32px;color:var(--muted);font-size:13px}\n"
    "svg text{font-size:12px;fill:var(--ink)}\n"
    "svg .tick{fill:var(--muted)}\nsvg .axis-title{font-size:13px;fill:var(--muted)}\n"
    "svg .axis{stroke:var(--ink);stroke-width:1}\n"
    "svg .grid{stroke:var(--rule);stroke-width:1}\n"
    "svg .curve{fill:none;stroke-width:2.4;stroke-linejoin:round}\n"
    "svg .not-allowed{stroke-dasharray:7 5;opacity:.75}\n"
    "svg .threshold{stroke:var(--threshold);stroke-width:1.2;stroke-dasharray:4 4}\n"
    "svg .threshold-label{fill:var(--threshold);font-weight:600}\n"
    "svg .measured{stroke:var(--measured);stroke-width:2}\n"
    "svg .measured-label{fill:var(--measured);font-weight:600}\n"
    "svg .crossover{fill:#fff;stroke:var(--ink);stroke-width:2}\n"
    "svg .crossover-label{font-weight:600;paint-order:stroke;stroke:#fff;"
    "stroke-width:4px;stroke-linejoin:round}\n"
    "svg .swatch{stroke-width:3}\nsvg .seg{stroke:#fff;stroke-width:1}\n"
    "svg .bar-label{font-size:13px;font-weight:600}\n"
    "svg .bar-total.cheapest{font-weight:700}\n"
    "svg .point{stroke:none}\n"
    "svg .bar-low{fill:var(--low)}\nsvg .bar-high{fill:var(--high)}\n"
    "svg .zero{stroke:var(--ink);stroke-width:1;stroke-dasharray:2 3}\n"
    "svg .percentile{stroke:var(--ink);stroke-width:1.2;stroke-dasharray:5 4}\n"
    "svg .percentile-label{font-weight:600}\n"
    "svg .bin{stroke:#fff;stroke-width:1}\n"
    ".o-onprem{stroke:var(--onprem);fill:var(--onprem)}\n"
    ".o-on_demand{stroke:var(--on_demand);fill:var(--on_demand)}\n"
    ".o-reserved{stroke:var(--reserved);fill:var(--reserved)}\n"
    ".o-spot{stroke:var(--spot);fill:var(--spot)}\n"
    "svg .curve.o-onprem,svg .curve.o-on_demand,svg .curve.o-reserved,"
    "svg .curve.o-spot{fill:none}\n"
    ".key.o-onprem{background:var(--onprem)}.key.o-on_demand{background:var(--on_demand)}"
    ".key.o-reserved{background:var(--reserved)}.key.o-spot{background:var(--spot)}\n"
    "table.inputs{table-layout:fixed}table.inputs th:first-child{width:38%}"
    "table.inputs th.n{width:22%}table.inputs td{overflow-wrap:anywhere}\n"
    "td.n.text,th.n{white-space:normal}\n"
    /* The cost terms' colours: hues of their own, none an option's (blue,
     * red, purple, green), the measured line's orange or the tornado's
     * sand and brown, so one colour keeps one meaning on the page. */
    ".l-capital{fill:#b3a100;background:#b3a100}"
    ".l-maintenance{fill:#e8d75a;background:#e8d75a}"
    ".l-energy{fill:#a6b81a;background:#a6b81a}"
    ".l-colocation{fill:#dde39a;background:#dde39a}"
    ".l-network{fill:#e377c2;background:#e377c2}"
    ".l-compute{fill:#14a89a;background:#14a89a}"
    ".l-egress{fill:#9fded6;background:#9fded6}"
    ".l-storage{fill:#0a6b60;background:#0a6b60}"
    ".l-staff{fill:#6c757d;background:#6c757d}"
    ".l-other{fill:#c7c7c7;background:#c7c7c7}"
    ".l-opportunity{fill:#b83280;background:#b83280}\n"
    "@media print{\n"
    "@page{size:auto;margin:14mm 12mm}\n"
    "body{font-size:10.5pt}\nmain{max-width:none;padding:0}\n"
    "h2{margin-top:18px}\n"
    "h1,h2,h3{break-after:avoid;page-break-after:avoid}\n"
    "figure,table,.keep,.verdict,.advice dd,svg{break-inside:avoid;"
    "page-break-inside:avoid}\n"
    "tr{break-inside:avoid;page-break-inside:avoid}\n"
    "thead{display:table-header-group}\n"
    "figure svg{max-height:120mm}\n"
    "*{-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
    "}\n";

/* <li>cloud option k's crossovers in words</li> (DESIGN 2.3). */
static void crossover_item(StrBuf *b, const CostResult *r, CostOption k)
{
    StrBuf w = STRBUF_INIT;
    export_crossover_words(r, k, &w);
    html_element(b, "li", NULL, sb_str(&w));
    sb_append(b, "\n");
    sb_free(&w);
}

/* The verdict first (DESIGN 2.4, 4.2): the planner's sentence from the
 * computed figures, the cheapest option's cost, then every crossover. */
static void verdict(StrBuf *b, const Scenario *s, const CostResult *r)
{
    const OptionCost *best = &r->option[r->cheapest];
    char per[48], m[48], line[1024];
    num_format_money(best->per_useful_gpu_hour, 2, per, sizeof per);
    num_format_money(best->monthly, 2, m, sizeof m);
    sb_append(b, "<section class=\"verdict\" id=\"verdict\">\n");
    cost_verdict_text(s, r, line, sizeof line);
    html_element(b, "p", "lead", line);
    sb_append(b, "\n");
    num_snprintf(line, sizeof line, "%s: %s %s per useful GPU-hour, %s %s a month.",
                 cost_option_label(r->cheapest), per, s->currency, m, s->currency);
    html_element(b, "p", NULL, line);
    sb_append(b, "\n<ul>\n");
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        crossover_item(b, r, (CostOption)k);
    sb_append(b, "</ul>\n</section>\n");
}

static void notes(StrBuf *b, const Scenario *s)
{
    if (!s->notes[0] || report_notes_are_template(s))
        return;
    sb_append(b, "<h2>Notes</h2>\n");
    html_element(b, "div", "notes", s->notes);
    sb_append(b, "\n");
}

static void options(StrBuf *b, const Scenario *s, const CostResult *r)
{
    sb_append(b, "<div class=\"keep\">\n<h2>Options</h2>\n<table id=\"options\">\n"
                 "<thead><tr><th>Option</th>");
    sb_printf(b, "<th class=\"n\">Monthly (");
    html_text(b, s->currency);
    sb_append(b, ")</th><th class=\"n\">Per useful GPU-hour</th>"
                 "<th class=\"n\">vs cheapest</th></tr></thead>\n<tbody>\n");
    for (int k = 0; k < OPT_COUNT; k++) {
        const OptionCost *o = &r->option[k];
        bool cheapest = (CostOption)k == r->cheapest;
        char monthly[64], per[64], diff[96];
        num_format_money(o->monthly, 2, monthly, sizeof monthly);
        num_format_money(o->per_useful_gpu_hour, 2, per, sizeof per);
        export_vs_cheapest(r, (CostOption)k, "cheapest", diff, sizeof diff);
        sb_printf(b, "<tr%s><td><span class=\"key o-%s\"></span>%s%s</td>",
                  cheapest ? " class=\"cheapest\"" : "", cost_option_key((CostOption)k),
                  cost_option_label((CostOption)k), o->allowed ? "" : " (not allowed)");
        sb_printf(b, "<td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td>"
                     "</tr>\n", monthly, per, diff);
    }
    sb_append(b, "</tbody>\n</table>\n</div>\n");
    StrBuf w = STRBUF_INIT;
    export_useful_hours(s, r, &w);
    html_element(b, "p", NULL, sb_str(&w));
    sb_append(b, "\n");
    sb_free(&w);
}

/* The numeric monthly breakdown, the same table as the text report's. */
static void breakdown(StrBuf *b, const Scenario *s, const CostResult *r)
{
    sb_append(b, "<div class=\"keep\">\n<h2>Monthly breakdown</h2>\n"
                 "<table id=\"breakdown\">\n<thead><tr><th>");
    html_text(b, s->currency);
    sb_append(b, " a month</th>");
    for (int k = 0; k < OPT_COUNT; k++)
        sb_printf(b, "<th class=\"n\">%s</th>", cost_option_label((CostOption)k));
    sb_append(b, "</tr></thead>\n<tbody>\n");
    char v[48];
    for (int i = 0; i <= EXPORT_BREAKDOWN_ROWS; i++) {
        bool total = i == EXPORT_BREAKDOWN_ROWS;
        CostLine l = total ? LINE_COUNT : export_breakdown_order[i];
        if (total)
            sb_append(b, "<tr class=\"total\"><td>Total</td>");
        else
            sb_printf(b, "<tr><td><span class=\"key l-%s\"></span>%s</td>",
                      cost_line_key(l), export_line_label(l));
        for (int k = 0; k < OPT_COUNT; k++) {
            const OptionCost *o = &r->option[k];
            if (!total && !export_line_applies((CostOption)k, l)) {
                sb_append(b, "<td class=\"na\">-</td>");
                continue;
            }
            num_format_money(total ? o->monthly : o->line[l], 2, v, sizeof v);
            sb_printf(b, "<td class=\"n\">%s</td>", v);
        }
        sb_append(b, "</tr>\n");
    }
    sb_append(b, "</tbody>\n</table>\n</div>\n");
}

static void charts(StrBuf *b, const Scenario *s, const CostResult *r)
{
    sb_append(b, "<div class=\"keep\">\n<h2>Cost against utilization</h2>\n"
                 "<figure>\n");
    chart_svg_cost(b, s, r);
    html_figcaption(b, "Each option's cost per useful GPU-hour as utilization changes. "
              "Rings mark where a cloud option costs the same as on-prem; the "
              "dashed lines are the 60, 75 and 80% rules of thumb.");
    sb_append(b, "</div>\n");
    sb_append(b, "<figure>\n");
    chart_svg_breakdown(b, s, r);
    html_figcaption(b, "The monthly cost of each option, split by line as in the "
              "breakdown table.");
}

static void crossovers(StrBuf *b, const CostResult *r)
{
    sb_append(b, "<div class=\"keep\">\n<h2>Crossovers</h2>\n<p>Where on-prem and "
                 "the option cost the same:</p>\n<ul id=\"crossovers\">\n");
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        crossover_item(b, r, (CostOption)k);
    sb_append(b, "</ul>\n</div>\n");
}

static void zone_and_advice(StrBuf *b, const Scenario *s, const CostResult *r)
{
    char line[1024];
    sb_append(b, "<div class=\"keep\">\n<h2>Zone</h2>\n");
    /* The rule of thumb, and whether the figures agree (DESIGN 2.4). */
    cost_zone_text(s, r, false, line, sizeof line);
    const char *key = cost_zone_key(r->zone);
    sb_printf(b, "<p%s><strong>%s</strong>",
              r->zone_agrees ? "" : " class=\"disagrees\"", key);
    html_text(b, line + strlen(key));
    sb_append(b, "</p>\n</div>\n<div class=\"keep\">\n<h2>Advice</h2>\n"
                 "<dl class=\"advice\">\n");
    for (size_t i = 0; i < r->advice_count; i++) {
        cost_advice_text(r->advice[i], s, r, line, sizeof line);
        sb_printf(b, "<dt>%s</dt><dd>", export_advice_title(r->advice[i]));
        html_text(b, line);
        sb_append(b, "</dd>\n");
    }
    sb_append(b, "</dl>\n</div>\n");
}

/* The horizon (DESIGN 2.7, 4.2), as in the text report: the NPV of every
 * option, the break-even months and IRR of owning against each cloud
 * option, and the cumulative spend as a chart. */
static void horizon(StrBuf *b, const Scenario *s, const CostResult *r,
                    const HorizonFigures *hz)
{
    const HorizonResult *h = &hz->result;
    char v[64], be[400], dbe[400], irr[400], note[300], line[700];
    export_rates_note(h, note, sizeof note);
    sb_append(b, "<div class=\"keep\">\n<h2>Horizon</h2>\n<p>");
    num_snprintf(line, sizeof line, "Over %d months, discounted at %g%% a year "
                 "(the monthly figures above are levelized over it). %s",
                 h->months, h->discount_rate_pct, note);
    html_text(b, line);
    sb_append(b, "</p>\n<table id=\"horizon-npv\">\n<thead><tr><th>Option</th>"
                 "<th class=\"n\">NPV (");
    html_text(b, s->currency);
    sb_append(b, ")</th></tr></thead>\n<tbody>\n");
    for (int k = 0; k < OPT_COUNT; k++) {
        num_format_money(h->npv[k], 0, v, sizeof v);
        sb_printf(b, "<tr><td><span class=\"key o-%s\"></span>%s</td>"
                     "<td class=\"n\">%s</td></tr>\n",
                  cost_option_key((CostOption)k), cost_option_label((CostOption)k), v);
    }
    sb_append(b, "</tbody>\n</table>\n</div>\n<table id=\"horizon-owning\">\n"
                 "<thead><tr>"
                 "<th>Owning against</th><th>Break-even</th>"
                 "<th>Discounted break-even</th><th>IRR</th>"
                 "</tr></thead>\n<tbody>\n");
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        export_owning_text(h, (CostOption)k, be, dbe, irr, sizeof be);
        sb_printf(b, "<tr><td><span class=\"key o-%s\"></span>%s</td><td>",
                  cost_option_key((CostOption)k),
                  cost_option_label((CostOption)k));
        html_text(b, be);
        sb_append(b, "</td><td>");
        html_text(b, dbe);
        sb_append(b, "</td><td>");
        html_text(b, irr);
        sb_append(b, "</td></tr>\n");
    }
    sb_append(b, "</tbody>\n</table>\n");
    char past[600];
    if (export_commitment_text(s, h, past, sizeof past)) {
        sb_append(b, "<p id=\"horizon-commitment\">");
        html_text(b, past);
        sb_append(b, "</p>\n");
    }
    sb_append(b, "<figure>\n");
    chart_svg_horizon(b, s, r, hz);
    html_figcaption(b, "What each option has cost so far, month by month over the "
              "horizon (purchases and resales included, terminal value not). "
              "Rings mark the month from which owning has cost no more than "
              "a cloud option to the end of the horizon.");
}

/* A field's key as code that may wrap after a '.' or '_' (a long key
 * breaks between its words, never inside one). */
static void key_code(StrBuf *b, const char *key)
{
    sb_append(b, "<code>");
    for (const char *p = key; *p;) {
        size_t n = strcspn(p, "._");
        if (p[n])
            n++;
        html_text_n(b, p, n);
        p += n;
        if (*p)
            sb_append(b, "<wbr>");
    }
    sb_append(b, "</code>");
}

static void inputs(StrBuf *b, const Scenario *s)
{
    char val[256];
    bool first = true;
    for (int p = 0; p < PANEL_COUNT; p++) {
        bool any = false;
        for (size_t i = 0; i < field_count; i++) {
            const Field *f = &field_table[i];
            if ((int)f->panel != p || strcmp(f->key, "notes") == 0 ||
                f->scope != FS_SCENARIO)
                continue; /* the hybrid plan has its own table */
            if (!any) {
                /* "Inputs" stays with the first group (DESIGN 4.2: nothing
                 * split across pages). */
                sb_append(b, "<div class=\"keep\">\n");
                if (first)
                    sb_append(b, "<h2>Inputs</h2>\n");
                first = false;
                sb_append(b, "<h3>");
                html_text(b, panel_name((Panel)p));
                sb_append(b, "</h3>\n<table class=\"inputs\">\n<thead><tr><th>Input</th>"
                             "<th class=\"n\">Value</th><th>Key</th></tr></thead>\n"
                             "<tbody>\n");
                any = true;
            }
            export_field_value(f, s, val, sizeof val);
            sb_append(b, "<tr>");
            html_element(b, "td", NULL, f->label);
            /* Text (a name) wraps; numbers with their unit do not. */
            html_element(b, "td", f->type == FT_TEXT ? "n text" : "n", val);
            sb_append(b, "<td>");
            key_code(b, f->key);
            sb_append(b, "</td></tr>\n");
        }
        if (any)
            sb_append(b, "</tbody>\n</table>\n</div>\n");
    }
}

void export_html(const Report *rep, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(EXPORT_HTML));
    const Scenario *s = rep->scenario;
    const CostResult *r = rep->cost;
    sb_append(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                 "<meta name=\"generator\" content=\"");
    html_text(b, rep->generator);
    sb_append(b, "\">\n<title>");
    html_text(b, s->name);
    sb_append(b, " \xE2\x80\x94 gpuplan report</title>\n<style>\n");
    sb_append(b, export_html_css);
    sb_append(b, "</style>\n</head>\n<body>\n<main>\n<header>\n");
    html_element(b, "h1", NULL, s->name);
    sb_append(b, "\n<p class=\"meta\">gpuplan report, ");
    html_text(b, rep->date);
    sb_append(b, "</p>\n</header>\n");
    verdict(b, s, r);
    notes(b, s);
    options(b, s, r);
    breakdown(b, s, r);
    charts(b, s, r);
    crossovers(b, r);
    zone_and_advice(b, s, r);
    horizon(b, s, r, rep->horizon);
    if (rep->risk)
        export_html_risk(s, rep->risk, b);
    if (rep->hybrid)
        export_html_hybrid(s, rep->hybrid, b);
    inputs(b, s);
    sb_append(b, "<footer>");
    html_text(b, rep->generator);
    sb_append(b, ". All figures are monthly in ");
    html_text(b, s->currency);
    sb_append(b, " unless marked otherwise; useful GPU-hours are GPU-hours doing the "
                 "work, at the measured utilization.</footer>\n</main>\n</body>\n</html>\n");
    num_minus_set(was);
}
