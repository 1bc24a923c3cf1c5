/* export_words.c: the wording the exporters share (DESIGN 4).
 *
 * What two formats say alike is said here once: a number's minus sign, a
 * field's value, the breakdown's rows, a break-even month, a wait, a
 * signed amount, the difference to the cheapest option, a crossover in
 * words, Markdown's escapes. The sentences are appended to a StrBuf, so no
 * wording is ever cut short. The exporters and export.c's dispatch use
 * this file; it uses none of them. */
#include "config.h"

#include "export.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "commitment.h"
#include "fields.h"
#include "horizon.h"
#include "numfmt.h"
#include "uncertainty.h"

/* --- numbers ------------------------------------------------------------------- */

NumMinus export_minus(ExportFormat f)
{
    return f == EXPORT_MD || f == EXPORT_HTML ? NUM_MINUS_TRUE : NUM_MINUS_ASCII;
}

/* --- text layout ---------------------------------------------------------------- */

void export_wrap(StrBuf *b, const char *first, const char *indent, const char *text)
{
    size_t col = strlen(first);
    sb_append(b, first);
    const char *p = text;
    bool line_empty = true;
    while (*p) {
        if (*p == '\n') {
            sb_append(b, "\n");
            sb_append(b, indent);
            col = strlen(indent);
            line_empty = true;
            p++;
            continue;
        }
        if (*p == ' ') {
            p++;
            continue;
        }
        size_t w = strcspn(p, " \n");
        if (!line_empty && col + 1 + w > EXPORT_TEXT_WIDTH) {
            sb_append(b, "\n");
            sb_append(b, indent);
            col = strlen(indent);
            line_empty = true;
        }
        if (!line_empty) {
            sb_append(b, " ");
            col++;
        }
        sb_append_n(b, p, w);
        col += w;
        p += w;
        line_empty = false;
    }
    sb_append(b, "\n");
}

/* --- the breakdown's rows ----------------------------------------------------- */

const CostLine export_breakdown_order[EXPORT_BREAKDOWN_ROWS] = {
    LINE_CAPITAL, LINE_MAINTENANCE, LINE_ENERGY,  LINE_COLOCATION,
    LINE_NETWORK, LINE_COMPUTE,     LINE_EGRESS,  LINE_STORAGE,
    LINE_STAFF,   LINE_OTHER,       LINE_OPPORTUNITY};

const char *export_line_label(CostLine l)
{
    static const char *const names[LINE_COUNT] = {
        [LINE_CAPITAL] = "Capital",       [LINE_MAINTENANCE] = "Maintenance",
        [LINE_ENERGY] = "Energy",         [LINE_COLOCATION] = "Colocation",
        [LINE_STAFF] = "Staff",           [LINE_NETWORK] = "Network",
        [LINE_OTHER] = "Other",           [LINE_OPPORTUNITY] = "Opportunity",
        [LINE_COMPUTE] = "Compute",       [LINE_EGRESS] = "Egress",
        [LINE_STORAGE] = "Storage"};
    return (unsigned)l < LINE_COUNT ? names[l] : "?";
}

bool export_line_applies(CostOption o, CostLine l)
{
    const CostLine *lines = o == OPT_ONPREM ? cost_onprem_lines : cost_cloud_lines;
    size_t n = o == OPT_ONPREM ? ONPREM_LINES : CLOUD_LINES;
    for (size_t i = 0; i < n; i++)
        if (lines[i] == l)
            return true;
    return false;
}

/* --- shared wording ------------------------------------------------------------ */

/* What a 0 in a field means, where it means more than none of its unit. */
static bool zero_meaning(const Field *f, const Scenario *s, char *buf, size_t n)
{
    if (field_get_num(f, s) != 0)
        return false;
    if (strcmp(f->key, "horizon.months") == 0) {
        num_snprintf(buf, n, "0: the hardware lifetime, %d months", horizon_months(s));
        return true;
    }
    if (strcmp(f->key, "constraints.latency_budget_ms") == 0) {
        num_snprintf(buf, n, "0: none");
        return true;
    }
    return false;
}

void export_field_value(const Field *f, const Scenario *s, char *buf, size_t n)
{
    char v[SCENARIO_TEXT_BYTES(SCENARIO_SHORT_MAX) + 8];
    if (f->type == FT_BOOL) {
        num_snprintf(buf, n, "%s", field_get_num(f, s) != 0 ? "yes" : "no");
        return;
    }
    if (f->type == FT_TEXT || f->type == FT_CHOICE) {
        field_format(f, s, buf, n);
        return;
    }
    if (zero_meaning(f, s, buf, n))
        return;
    num_format_value(field_get_num(f, s), v, sizeof v);
    const char *unit = f->unit;
    if (strcmp(unit, "$") == 0)
        unit = s->currency;
    else if (unit[0] == '$') {
        /* "$/GPU-h" -> "USD/GPU-h" */
        num_snprintf(buf, n, "%s %s%s", v, s->currency, unit + 1);
        return;
    }
    num_snprintf(buf, n, "%s%s%s", v, unit[0] ? " " : "", unit);
}

void export_month_text(int m, char *buf, size_t n)
{
    if (m > 0)
        num_snprintf(buf, n, "month %d", m);
    else
        num_snprintf(buf, n, "never");
}

void export_owning_text(const HorizonResult *h, CostOption k, char *be,
                        char *dbe, char *irr, size_t n)
{
    horizon_spans_text(&h->ahead[k], h->months, be, n);
    horizon_spans_text(&h->discounted_ahead[k], h->months, dbe, n);
    horizon_irr_text(&h->irr[k], 2, irr, n);
}

void export_rates_note(const HorizonResult *h, char *buf, size_t n)
{
    num_snprintf(buf, n, "Rates a year are (1 + monthly rate)^12 - 1, as "
                 "the monthly discounting compounds: on that footing the "
                 "%g%% cost of capital is %.2f%%.", h->discount_rate_pct,
                 h->discount_rate_effective_pct);
}

bool export_commitment_text(const Scenario *s, const HorizonResult *h,
                            char *buf, size_t n)
{
    const HorizonCommitment *c = &h->commitment;
    if (n > 0)
        buf[0] = '\0';
    if (c->months_past <= 0)
        return false;
    char owed[48], paid[48], term[48];
    num_format_money(c->owed_past, 0, owed, sizeof owed);
    num_format_money(c->prepaid_past, 0, paid, sizeof paid);
    num_snprintf(term, sizeof term, "%.0f-month %s",
                 s->cloud.reserved_term_months,
                 s->cloud.commitment == COMMIT_CAPACITY_BLOCK ? "windows"
                                                              : "terms");
    int k = num_snprintf(buf, n, "Reserved (%s, %s, %s): the last term runs "
                         "%d month%s past the horizon", commitment_kind_words(
                             &s->cloud),
                         commitment_payment_words(&s->cloud), term,
                         c->months_past, c->months_past == 1 ? "" : "s");
    size_t used = k > 0 ? (size_t)k : 0;
    if (c->owed_past > 0 && used < n)
        used += (size_t)num_snprintf(buf + used, n - used, "; %s %s of it is "
                                     "still owed after month %d (not in the "
                                     "NPV: the capacity is used then)", owed,
                                     s->currency, h->months);
    if (c->prepaid_past > 0 && used < n)
        used += (size_t)num_snprintf(buf + used, n - used, "; %s %s prepaid "
                                     "for those months is credited at month "
                                     "%d, as on-prem's book value is", paid,
                                     s->currency, h->months);
    if (used < n)
        num_snprintf(buf + used, n - used, ".");
    return true;
}

void export_wait_text(double minutes, char *buf, size_t n)
{
    if (isfinite(minutes))
        num_snprintf(buf, n, "%.1f min", minutes);
    else
        num_snprintf(buf, n, "-");
}

void export_signed_money(double v, int decimals, char *buf, size_t n)
{
    num_format_signed(v, decimals, true, buf, n);
}

void export_vs_cheapest(const CostResult *r, CostOption k, const char *cheapest,
                        char *buf, size_t n)
{
    if (k == r->cheapest) {
        num_snprintf(buf, n, "%s", cheapest);
        return;
    }
    /* A not-allowed option can be cheaper than the cheapest allowed one:
     * its difference is then negative, signed once. */
    const double best = r->option[r->cheapest].monthly;
    const double delta = r->option[k].monthly - best;
    char d[64], pct[48];
    num_format_signed(delta, 2, true, d, sizeof d);
    num_format_fixed(100 * delta / best, 1, true, pct, sizeof pct);
    if (best > 0)
        num_snprintf(buf, n, "%s (%s%%)", d, pct);
    else
        num_snprintf(buf, n, "%s", d);
}

void export_crossover_words(const CostResult *r, CostOption k, StrBuf *b)
{
    const Crossover *c = &r->crossover[k];
    sb_printf(b, "%s: ", cost_option_label(k));
    if (c->count == 0) {
        if (c->kind == CROSS_EQUAL)
            sb_append(b, "none (the two cost the same everywhere)");
        else
            sb_printf(b, "none (on-prem is %s at every utilization)",
                      cost_cross_word(c->kind));
        return;
    }
    for (size_t i = 0; i < c->count; i++)
        sb_printf(b, "%s%.1f%% (on-prem is cheaper %s it)", i ? ", " : "",
                  c->point[i].pct, cost_side_word(c->point[i].side));
}

void export_useful_hours(const Scenario *s, const CostResult *r, StrBuf *b)
{
    char w[64];
    num_format_money(r->useful_gpu_hours_month, 0, w, sizeof w);
    sb_printf(b, "Useful GPU-hours a month: %s (%.0f GPUs x %g h x %g%%).", w,
              r->gpus, s->hours_per_month, s->utilization.measured_pct);
}

void export_risk_decision(const Scenario *s, const Tornado *t, StrBuf *b)
{
    char now[64], pct[32];
    export_signed_money(t->base.delta, 2, now, sizeof now);
    if (t->base.has_crossover)
        num_snprintf(pct, sizeof pct, "%.1f%%", t->base.crossover_pct);
    else
        num_snprintf(pct, sizeof pct, "none");
    const char *x = cost_option_word(t->option);
    sb_printf(b, "The decision figure is on-prem's monthly cost minus the cheapest "
              "cloud option's (%s): %s %s a month now (negative: owning is "
              "cheaper). Crossover of on-prem and %s: %s.", x, now, s->currency, x,
              pct);
    /* DESIGN 2.8: a value edited out of its input's range keeps the range
     * as written; say so where the risk figures are read. */
    for (size_t i = 0; s->has_uncertainty && i < s->uncertainty.input_count;
         i++) {
        Diag note;
        if (uncertainty_outside(s, i, &note)) {
            note.message[0] = (char)toupper((unsigned char)note.message[0]);
            sb_printf(b, " %s.", note.message);
        }
    }
}

void export_mc_draws(const Scenario *s, const MonteCarlo *mc, StrBuf *b)
{
    char draws[64], rejected[64];
    num_format_value((double)mc->draws, draws, sizeof draws);
    num_format_value((double)mc->rejected, rejected, sizeof rejected);
    const size_t inputs = s->uncertainty.input_count;
    sb_printf(b, "%s draws of %zu input%s (seed %.0f; %s rejected for breaking a "
              "cross-field rule).", draws, inputs, inputs == 1 ? "" : "s",
              s->uncertainty.seed, rejected);
    /* DESIGN 2.8: each pair's rank correlation, asked and in the draws. */
    const Uncertainty *u = &s->uncertainty;
    for (size_t p = 0; p < u->pair_count && p < mc->pair_count; p++) {
        char rho[40], got[40] = "drawn independently";
        num_format_exact(u->pairs[p].rho, rho, sizeof rho);
        if (!isnan(mc->rank_corr[p]))
            num_snprintf(got, sizeof got, "%.3f in the draws", mc->rank_corr[p]);
        sb_printf(b, "%s %s and %s, rank correlation %s (%s)%s", p ? ";" :
                  " Inputs drawn together (Iman-Conover):", u->pairs[p].a,
                  u->pairs[p].b, rho, got, p + 1 == u->pair_count ? "." : "");
    }
}

void export_mc_summary(const Scenario *s, const MonteCarlo *mc, StrBuf *b)
{
    char lo[64], hi[64];
    export_signed_money(mc->delta.p10, 2, lo, sizeof lo);
    export_signed_money(mc->delta.p90, 2, hi, sizeof hi);
    sb_printf(b, "Owning is the cheapest option in %.1f%% of the draws. In 8 draws "
              "out of 10, on-prem's monthly cost minus %s's lies between %s and "
              "%s %s (P10 to P90; negative: owning is cheaper).",
              mc->p_onprem_cheapest * 100, cost_option_word(mc->option), lo, hi,
              s->currency);
}

const char *export_advice_title(AdviceCode c)
{
    static const char *const titles[ADV_COUNT] = {
        [ADV_ZONE_DISAGREES] = "The rule of thumb and the figures disagree",
        [ADV_BELOW_60] = "Utilization below 60%",
        [ADV_ABOVE_80] = "Utilization above 80%",
        [ADV_MIN_SIZE] = "Size of a first cluster",
        [ADV_COMMIT_COVERAGE] = "Reserved commitment",
        [ADV_EGRESS_HEAVY] = "Data transfer out of the cloud",
        [ADV_COMPLIANCE] = "Compliance",
        [ADV_LATENCY] = "Latency budget",
        [ADV_MANAGED] = "Managed service or raw instances",
        [ADV_MEASURE] = "Measure for longer",
    };
    return (unsigned)c < ADV_COUNT && titles[c] ? titles[c] : "Advice";
}

/* Whether the text at s, at the start of a line, would open a Markdown
 * block: a heading ("# "), a list item ("- ", "+ ", "* ", "1. ", "1) ") or
 * a rule / setext underline (a line of '-' or '='). Returns the length of
 * the opener's marker before the character to escape, or -1. */
static int md_block_opener(const char *s)
{
    size_t n = strspn(s, "0123456789");
    if (n && n <= 9 && (s[n] == '.' || s[n] == ')'))
        return strchr(" \t\n\r", s[n + 1]) ? (int)n : -1;
    if (*s == '#') {
        size_t h = strspn(s, "#");
        return h <= 6 && strchr(" \t\n\r", s[h]) ? 0 : -1;
    }
    if (*s == '-' || *s == '+' || *s == '*' || *s == '=') {
        if (*s != '=' && strchr(" \t\n\r", s[1]))
            return 0;
        if (*s == '-' || *s == '=') { /* "---", "===": a rule or an underline */
            size_t r = strspn(s, *s == '-' ? "- \t" : "= \t");
            return s[r] == '\0' || s[r] == '\n' || s[r] == '\r' ? 0 : -1;
        }
    }
    return -1;
}

/* DESIGN 4.2: a user's string in Markdown is text, never markup. HTML's
 * three specials become entities (a renderer that passes HTML through shows
 * them as characters), the inline specials get a backslash, and a line that
 * would open a block has its marker escaped. In a cell a line break is a
 * blank; in text it stays a line break (a hard one, so the author's lines
 * stay lines, as in the HTML export). */
static void md_escape(StrBuf *b, const char *s, bool cell)
{
    bool line_start = true;
    for (; *s; s++) {
        char c = *s;
        if (c == '\r' && s[1] == '\n')
            continue;
        if (c == '\n' || c == '\r') {
            if (cell) {
                sb_append(b, " ");
                continue;
            }
            bool more = s[1] && s[1] != '\n' && s[1] != '\r';
            sb_append(b, !line_start && more ? "\\\n" : "\n");
            line_start = true;
            continue;
        }
        if (line_start && c != ' ' && c != '\t') {
            line_start = false;
            int at = md_block_opener(s);
            if (at > 0) { /* "12." : the digits, then the escaped '.' */
                sb_append_n(b, s, (size_t)at);
                s += at;
                c = *s;
            }
            if (at >= 0 && c != '*' && c != '\\')
                sb_append(b, "\\");
        }
        switch (c) {
        case '<': sb_append(b, "&lt;"); break;
        case '>': sb_append(b, "&gt;"); break;
        case '&': sb_append(b, "&amp;"); break;
        case '\\': case '`': case '*': case '_': case '[': case ']':
        case '|': case '~':
            sb_append(b, "\\");
            sb_append_n(b, &c, 1);
            break;
        default: sb_append_n(b, &c, 1);
        }
    }
}

void export_md_cell(StrBuf *b, const char *s)
{
    md_escape(b, s, true);
}

void export_md_text(StrBuf *b, const char *s)
{
    md_escape(b, s, false);
}
