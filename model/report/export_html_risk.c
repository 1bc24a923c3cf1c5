/* export_html_risk.c: the Risk section of the HTML report (DESIGN 2.8,
 * 4.2): the decision figure now, the tornado as SVG and as a table, the
 * Monte Carlo's probability and percentiles. */
#include "config.h"

#include "export.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chart_svg.h"
#include "chart_svg_tornado.h"
#include "fields.h"
#include "numfmt.h"
#include "svg.h"

/* Risk (DESIGN 2.8): the decision figure now, the tornado as SVG and as a
 * table, and the Monte Carlo's probability and percentiles. */
void export_html_risk(const Scenario *s, const RiskResult *k, StrBuf *b)
{
    static const char *const words[OPT_COUNT] = {"on-prem", "on-demand",
                                                 "reserved", "spot"};
    const Tornado *t = &k->tornado;
    const char *opt = words[t->option];
    char buf[600], m[48], c[48];
    sb_append(b, "<div class=\"keep\">\n<h2>Risk</h2>\n<p>");
    num_format_money(t->base.delta, 2, m, sizeof m);
    snprintf(buf, sizeof buf, "The decision figure is on-prem's monthly cost "
             "minus the cheapest cloud option's (%s): %s %s a month now "
             "(negative: owning is cheaper).", opt, m, s->currency);
    html_text(b, buf);
    if (t->default_set)
        html_text(b, " No uncertainty inputs are listed: every non-zero "
                     "number is moved 20% down and up.");
    sb_append(b, "</p>\n<figure>\n");
    chart_svg_tornado(b, t, s->currency);
    html_figcaption(b, "Each input at its low and its high value, every other input "
              "as given, widest swing first.");
    sb_append(b, "</div>\n");
    sb_append(b, "<table id=\"tornado\">\n<thead><tr><th>Input</th>"
                 "<th class=\"n\">Low</th><th class=\"n\">High</th>"
                 "<th class=\"n\">At low</th><th class=\"n\">At high</th>"
                 "<th class=\"n\">Crossover at low</th>"
                 "<th class=\"n\">Crossover at high</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < t->count; i++) {
        const TornadoRow *r = &t->row[i];
        sb_append(b, "<tr>");
        html_element(b, "td", NULL, r->field->key);
        num_snprintf(buf, sizeof buf, "%.10g", r->low.value);
        html_element(b, "td", "n", buf);
        num_snprintf(buf, sizeof buf, "%.10g", r->high.value);
        html_element(b, "td", "n", buf);
        const TornadoSide *sd[2] = {&r->low, &r->high};
        for (int j = 0; j < 2; j++) {
            if (sd[j]->ok)
                num_format_money(sd[j]->at.delta, 2, m, sizeof m);
            else
                snprintf(m, sizeof m, "breaks a rule");
            html_element(b, "td", "n", m);
        }
        for (int j = 0; j < 2; j++) {
            if (sd[j]->ok && sd[j]->at.has_crossover)
                num_snprintf(c, sizeof c, "%.1f%%", sd[j]->at.crossover_pct);
            else
                snprintf(c, sizeof c, sd[j]->ok ? "none" : "-");
            html_element(b, "td", "n", c);
        }
        sb_append(b, "</tr>\n");
    }
    sb_append(b, "</tbody>\n</table>\n");
    if (!k->has_monte_carlo)
        return;
    sb_append(b, "<div class=\"keep\">\n<h3>Monte Carlo</h3>\n<p>");
    if (!k->mc_ok) {
        html_text(b, k->mc_error);
        sb_append(b, "</p>\n</div>\n");
        return;
    }
    const MonteCarlo *mc = &k->mc;
    num_snprintf(buf, sizeof buf, "%zu draws (seed %.0f; %zu rejected for "
                 "breaking a rule between fields). Owning is the cheapest "
                 "option in %.1f%% of the draws.", mc->draws,
                 s->uncertainty.seed, mc->rejected,
                 mc->p_onprem_cheapest * 100);
    html_text(b, buf);
    sb_append(b, "</p>\n<table id=\"monte-carlo\">\n<thead><tr><th></th>"
                 "<th class=\"n\">P10</th><th class=\"n\">P50</th>"
                 "<th class=\"n\">P90</th></tr></thead>\n<tbody>\n");
    const RiskPct *p[4] = {&mc->delta, &mc->crossover, &mc->per_hour,
                           &mc->break_even};
    char label[4][120];
    snprintf(label[0], sizeof label[0], "On-prem minus %s (%s a month)", opt,
             s->currency);
    num_snprintf(label[1], sizeof label[1], "Crossover with %s (none in "
                 "%.1f%% of draws)", opt, mc->crossover_none_share * 100);
    snprintf(label[2], sizeof label[2], "Cheapest cloud (%s per useful "
             "GPU-hour)", s->currency);
    num_snprintf(label[3], sizeof label[3], "Break-even against on-demand, "
                 "month (never in %.1f%% of draws)",
                 mc->break_even_never_share * 100);
    for (int i = 0; i < 4; i++) {
        sb_append(b, "<tr>");
        html_element(b, "td", NULL, label[i]);
        const double v[3] = {p[i]->p10, p[i]->p50, p[i]->p90};
        for (int j = 0; j < 3; j++) {
            if (p[i]->n == 0 || !isfinite(v[j]))
                snprintf(m, sizeof m, "-");
            else if (i == 0)
                num_format_money(v[j], 2, m, sizeof m);
            else if (i == 1)
                num_snprintf(m, sizeof m, "%.1f%%", v[j]);
            else if (i == 2)
                num_snprintf(m, sizeof m, "%.4f", v[j]);
            else
                num_snprintf(m, sizeof m, "%.0f", v[j]);
            html_element(b, "td", "n", m);
        }
        sb_append(b, "</tr>\n");
    }
    sb_append(b, "</tbody>\n</table>\n</div>\n");
}

