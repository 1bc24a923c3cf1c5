/* export_risk.c: risk in the reports (DESIGN 2.8, 4.2, 4.3) and the output
 * of `gpuplan risk`.
 *
 * The Risk section of the text and Markdown reports: what the metric is
 * and its value now, the tornado chart and its table, then the Monte Carlo
 * (the probability that owning is the cheapest in a sentence, the P10 /
 * P50 / P90 table and the histogram of Δ). */
#include "config.h"

#include "export.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "canvas.h"
#include "chart_tornado.h"
#include "fields.h"
#include "numfmt.h"
#include "utf8.h"

#define RISK_CHART_WIDTH 78
#define RISK_CHART_ROWS 15 /* the rest are in the table below the chart */

/* Append s right-aligned in `cols` display columns (as "%*s" does for
 * bytes): a figure with U+2212 takes one column for its sign. */
static void pad_left(StrBuf *b, const char *s, int cols)
{
    for (int w = utf8_width(s); w < cols; w++)
        sb_append(b, " ");
    sb_append(b, s);
}

/* A crossover in percent, or "none". */
static void crossover_text(bool has, double v, char *buf, size_t n)
{
    if (has)
        num_snprintf(buf, n, "%.1f%%", v);
    else
        snprintf(buf, n, "none");
}

/* The tornado's rows in rank order. Markdown: one table with every column.
 * Text, within 78 columns: the input, its range and Δ at both ends on one
 * line, the crossover at both ends on the next. */
static void tornado_table(StrBuf *b, const Tornado *t, bool md)
{
    const char *opt = cost_option_word(t->option);
    if (md)
        sb_printf(b, "| Input | Low | High | Delta at low | Delta at high "
                  "| Crossover with %s at low | at high |\n"
                  "|---|--:|--:|--:|--:|--:|--:|\n", opt);
    else
        sb_printf(b, "  %-33s%9s%9s%12s%12s\n", "Input", "Low", "High",
                  "Delta low", "Delta high");
    for (size_t i = 0; i < t->count; i++) {
        const TornadoRow *r = &t->row[i];
        char lo[40], hi[40], dd[2][48], cc[2][24];
        num_format_value(r->low.value, lo, sizeof lo);
        num_format_value(r->high.value, hi, sizeof hi);
        const TornadoSide *sd[2] = {&r->low, &r->high};
        for (int k = 0; k < 2; k++) {
            if (sd[k]->ok) {
                if (md)
                    export_signed_money(sd[k]->at.delta, 2, dd[k], sizeof dd[k]);
                else
                    export_signed_money(sd[k]->at.delta, 0, dd[k], sizeof dd[k]);
                crossover_text(sd[k]->at.has_crossover, sd[k]->at.crossover_pct,
                         cc[k], sizeof cc[k]);
            } else {
                snprintf(dd[k], sizeof dd[k], "a rule");
                snprintf(cc[k], sizeof cc[k], "-");
            }
        }
        if (md)
            sb_printf(b, "| %s | %s | %s | %s | %s | %s | %s |\n",
                      r->field->key, lo, hi, dd[0], dd[1], cc[0], cc[1]);
        else
            sb_printf(b, "  %-33s%9s%9s%12s%12s\n      crossover with %s: "
                      "%s at low, %s at high\n", r->field->key, lo, hi,
                      dd[0], dd[1], opt, cc[0], cc[1]);
        for (int k = 0; k < 2; k++)
            if (!sd[k]->ok)
                sb_printf(b, "%s%s at %s breaks a rule: %s\n",
                          md ? "\n" : "      ", r->field->key,
                          k == 0 ? lo : hi, sd[k]->why);
    }
    sb_append(b, "\n");
}

static void pct_row(StrBuf *b, bool md, const char *label, const RiskPct *p,
                    int kind, const char *extra)
{
    char v[3][48];
    const double x[3] = {p->p10, p->p50, p->p90};
    for (int i = 0; i < 3; i++) {
        if (p->n == 0 || isnan(x[i]))
            snprintf(v[i], 48, "-");
        else if (kind == 0)
            export_signed_money(x[i], 2, v[i], 48);
        else if (kind == 1)
            num_snprintf(v[i], 48, "%.1f%%", x[i]);
        else if (kind == 2)
            num_format_money(x[i], 4, v[i], 48);
        else
            num_snprintf(v[i], 48, "%.0f", x[i]);
    }
    if (md) {
        sb_printf(b, "| %s | %s | %s | %s | %s |\n", label, v[0], v[1], v[2],
                  extra);
    } else {
        sb_printf(b, "  %-37s%13s%13s%13s\n", label, v[0], v[1], v[2]);
    }
}

/* The P10 / P50 / P90 table; in text, the shares of draws without a
 * crossover or a break-even after it in a sentence (Markdown has them in
 * the table's last column). */
static void mc_table(StrBuf *b, const Scenario *s, const MonteCarlo *mc, bool md)
{
    const char *opt = cost_option_word(mc->option);
    char none[80], never[80], dl[80], ch[80], cross[80];
    num_snprintf(dl, sizeof dl, "Owning minus %s (%s/month)", opt, s->currency);
    num_snprintf(ch, sizeof ch, "Cheapest cloud (%s/useful GPU-h)", s->currency);
    num_snprintf(cross, sizeof cross, "Crossover with %s (utilization)", opt);
    num_snprintf(none, sizeof none, "none in %.1f%% of draws",
                 mc->crossover_none_share * 100);
    num_snprintf(never, sizeof never, "never in %.1f%% of draws",
                 mc->break_even_never_share * 100);
    if (md)
        sb_append(b, "| | P10 | P50 | P90 | |\n|---|--:|--:|--:|---|\n");
    else
        sb_printf(b, "  %-37s%13s%13s%13s\n", "", "P10", "P50", "P90");
    pct_row(b, md, dl, &mc->delta, 0, "");
    pct_row(b, md, cross, &mc->crossover, 1, none);
    pct_row(b, md, ch, &mc->per_hour, 2, "");
    pct_row(b, md, "Break-even against on-demand (month)", &mc->break_even, 3, never);
    sb_append(b, "\n");
    if (md)
        return;
    StrBuf text = STRBUF_INIT;
    sb_printf(&text, "The crossover percentiles are over the draws that have one: "
              "on-prem and %s do not cross in %.1f%% of the draws. Against "
              "on-demand, owning breaks even and stays ahead to the end of the "
              "horizon in %.1f%% of them.", opt, mc->crossover_none_share * 100,
              100 - mc->break_even_never_share * 100);
    export_wrap(b, "  ", "  ", sb_str(&text));
    sb_free(&text);
    sb_append(b, "\n");
}

/* The histogram of Δ, as bars scaled to the fullest bin. */
static void mc_histogram(StrBuf *b, const Scenario *s, const MonteCarlo *mc, bool md)
{
    size_t top = 1;
    for (int i = 0; i < RISK_BINS; i++)
        if (mc->counts[i] > top)
            top = mc->counts[i];
    sb_printf(b, "%sOwning minus %s, %s a month: how the draws fall\n%s",
              md ? "" : "  ", cost_option_word(mc->option), s->currency,
              md ? "\n```\n" : "");
    for (int i = 0; i < RISK_BINS; i++) {
        char a[64], c[64];
        export_signed_money(mc->edges[i], 2, a, sizeof a);
        export_signed_money(mc->edges[i + 1], 2, c, sizeof c);
        /* In columns, not bytes: a minus sign may be U+2212 (DESIGN 8). */
        sb_append(b, "  ");
        pad_left(b, a, 15);
        sb_append(b, " .. ");
        pad_left(b, c, 15);
        sb_printf(b, " %6zu ", mc->counts[i]);
        size_t w = (mc->counts[i] * 30 + top - 1) / top;
        for (size_t j = 0; j < w; j++)
            sb_append(b, "#");
        sb_append(b, "\n");
    }
    sb_append(b, md ? "```\n\n" : "\n");
}

static void monte_carlo(StrBuf *b, const Scenario *s, const RiskResult *k, bool md)
{
    sb_printf(b, md ? "### Monte Carlo\n\n" : "MONTE CARLO\n");
    if (!k->mc_ok) {
        sb_printf(b, "%sThe Monte Carlo could not run: %s.\n\n", md ? "" : "  ",
                  k->mc_error);
        return;
    }
    const char *indent = md ? "" : "  ";
    StrBuf text = STRBUF_INIT;
    export_mc_draws(s, &k->mc, &text);
    export_wrap(b, indent, indent, sb_str(&text));
    sb_free(&text);
    export_mc_summary(s, &k->mc, &text);
    export_wrap(b, indent, indent, sb_str(&text));
    sb_free(&text);
    sb_append(b, "\n");
    mc_table(b, s, &k->mc, md);
    mc_histogram(b, s, &k->mc, md);
}

void export_risk_section(const Report *rep, bool md, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(md ? EXPORT_MD : EXPORT_TEXT));
    const Scenario *s = rep->scenario;
    const RiskResult *k = rep->risk;
    if (!k) {
        num_minus_set(was);
        return;
    }
    const Tornado *t = &k->tornado;
    sb_append(b, md ? "## Risk\n\n" : "RISK\n");
    const char *indent = md ? "" : "  ";
    StrBuf text = STRBUF_INIT;
    export_risk_decision(s, t, &text);
    export_wrap(b, indent, indent, sb_str(&text));
    sb_free(&text);
    sb_append(b, "\n");
    sb_printf(b, md ? "### Tornado\n\n" : "TORNADO\n");
    if (t->default_set) {
        export_wrap(b, indent, indent, "No uncertainty inputs are listed: "
                    "every non-zero number moved 20% down and up.");
        if (md)
            sb_append(b, "\n");
    }
    sb_append(b, md ? "```\n" : "\n");
    Canvas c;
    int h = chart_tornado_height(t, RISK_CHART_ROWS);
    canvas_init(&c, RISK_CHART_WIDTH, h < 6 ? 6 : h);
    chart_tornado_render(&c, t, s->currency);
    canvas_to_text(&c, b);
    canvas_free(&c);
    sb_append(b, md ? "\n```\n\n" : "\n\n");
    tornado_table(b, t, md);
    if (k->has_monte_carlo)
        monte_carlo(b, s, k, md);
    num_minus_set(was);
}
