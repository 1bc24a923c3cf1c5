/* export_html_risk.c: the Risk section of the HTML report (DESIGN 2.8,
 * 4.2): the decision figure now, the tornado as SVG and as a table, the
 * Monte Carlo's answer, its percentiles and its histogram (as SVG), in the
 * words of the text report (export_words.c). */
#include "config.h"

#include "export.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chart_svg_risk.h"
#include "numfmt.h"
#include "svg.h"

/* <p> with a sentence built by one of export_words.c's functions. */
static void paragraph(StrBuf *b, const StrBuf *text)
{
    html_element(b, "p", NULL, sb_str(text));
    sb_append(b, "\n");
}

/* The tornado's rows in a table: each input's range, Δ at both ends and
 * the crossover at both ends. */
static void tornado_table(StrBuf *b, const Tornado *t)
{
    sb_append(b, "<table id=\"tornado\">\n<thead><tr><th>Input</th>"
                 "<th class=\"n\">Low</th><th class=\"n\">High</th>"
                 "<th class=\"n\">At low</th><th class=\"n\">At high</th>"
                 "<th class=\"n\">Crossover at low</th>"
                 "<th class=\"n\">Crossover at high</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < t->count; i++) {
        const TornadoRow *r = &t->row[i];
        char v[64];
        sb_append(b, "<tr>");
        html_element(b, "td", NULL, r->field->key);
        num_format_value(r->low.value, v, sizeof v);
        html_element(b, "td", "n", v);
        num_format_value(r->high.value, v, sizeof v);
        html_element(b, "td", "n", v);
        const TornadoSide *sd[2] = {&r->low, &r->high};
        for (int j = 0; j < 2; j++) {
            if (sd[j]->ok)
                export_signed_money(sd[j]->at.delta, 2, v, sizeof v);
            else
                num_snprintf(v, sizeof v, "breaks a rule");
            html_element(b, "td", "n", v);
        }
        for (int j = 0; j < 2; j++) {
            if (sd[j]->ok && sd[j]->at.has_crossover)
                num_snprintf(v, sizeof v, "%.1f%%", sd[j]->at.crossover_pct);
            else
                num_snprintf(v, sizeof v, "%s", sd[j]->ok ? "none" : "-");
            html_element(b, "td", "n", v);
        }
        sb_append(b, "</tr>\n");
    }
    sb_append(b, "</tbody>\n</table>\n");
}

/* One percentile row: kind 0 money, 1 percent, 2 money a GPU-hour, 3 a
 * month. */
static void pct_row(StrBuf *b, const char *label, const RiskPct *p, int kind)
{
    sb_append(b, "<tr>");
    html_element(b, "td", NULL, label);
    const double v[3] = {p->p10, p->p50, p->p90};
    for (int j = 0; j < 3; j++) {
        char m[64];
        if (p->n == 0 || !isfinite(v[j]))
            num_snprintf(m, sizeof m, "-");
        else if (kind == 0)
            export_signed_money(v[j], 2, m, sizeof m);
        else if (kind == 1)
            num_snprintf(m, sizeof m, "%.1f%%", v[j]);
        else if (kind == 2)
            num_format_money(v[j], 4, m, sizeof m);
        else
            num_snprintf(m, sizeof m, "%.0f", v[j]);
        html_element(b, "td", "n", m);
    }
    sb_append(b, "</tr>\n");
}

/* The Monte Carlo: what was drawn, the answer, the percentiles and the
 * histogram. */
static void monte_carlo(StrBuf *b, const Scenario *s, const RiskResult *k)
{
    sb_append(b, "<div class=\"keep\">\n<h3>Monte Carlo</h3>\n");
    if (!k->mc_ok) {
        StrBuf why = STRBUF_INIT;
        sb_printf(&why, "The Monte Carlo could not run: %s.", k->mc_error);
        paragraph(b, &why);
        sb_free(&why);
        sb_append(b, "</div>\n");
        return;
    }
    const MonteCarlo *mc = &k->mc;
    StrBuf text = STRBUF_INIT;
    export_mc_draws(s, mc, &text);
    sb_append(&text, " ");
    export_mc_summary(s, mc, &text);
    paragraph(b, &text);
    sb_append(b, "<table id=\"monte-carlo\">\n<thead><tr><th></th>"
                 "<th class=\"n\">P10</th><th class=\"n\">P50</th>"
                 "<th class=\"n\">P90</th></tr></thead>\n<tbody>\n");
    const char *x = cost_option_word(mc->option);
    sb_free(&text);
    sb_printf(&text, "On-prem minus %s (%s a month)", x, s->currency);
    pct_row(b, sb_str(&text), &mc->delta, 0);
    sb_free(&text);
    sb_printf(&text, "Crossover with %s (none in %.1f%% of draws)", x,
              mc->crossover_none_share * 100);
    pct_row(b, sb_str(&text), &mc->crossover, 1);
    sb_free(&text);
    sb_printf(&text, "Cheapest cloud (%s per useful GPU-hour)", s->currency);
    pct_row(b, sb_str(&text), &mc->per_hour, 2);
    sb_free(&text);
    sb_printf(&text, "Break-even against on-demand, month (never in %.1f%% of draws)",
              mc->break_even_never_share * 100);
    pct_row(b, sb_str(&text), &mc->break_even, 3);
    sb_free(&text);
    sb_append(b, "</tbody>\n</table>\n</div>\n<figure>\n");
    chart_svg_histogram(b, mc, s->currency);
    html_figcaption(b, "How the draws fall: the share of them in each band of on-prem's "
                       "monthly cost minus the cheapest cloud option's. Left of 0 "
                       "owning is the cheaper; the dashed lines are the P10, P50 and "
                       "P90.");
}

void export_html_risk(const Scenario *s, const RiskResult *k, StrBuf *b)
{
    const Tornado *t = &k->tornado;
    sb_append(b, "<div class=\"keep\">\n<h2>Risk</h2>\n");
    StrBuf text = STRBUF_INIT;
    export_risk_decision(s, t, &text);
    if (t->default_set)
        sb_append(&text, " No uncertainty inputs are listed: every non-zero number "
                         "is moved 20% down and up.");
    paragraph(b, &text);
    sb_free(&text);
    sb_append(b, "<figure>\n");
    chart_svg_tornado(b, t, s->currency);
    html_figcaption(b, "Each input at its low and its high value, every other input "
                       "as given, widest swing first.");
    sb_append(b, "</div>\n");
    tornado_table(b, t);
    if (k->has_monte_carlo)
        monte_carlo(b, s, k);
}
