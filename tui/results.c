/* results.c: the results box of the planner: the verdict, the options, the
 * zone (marked when it disagrees with the figures), the crossovers and the
 * first advice line (DESIGN 8). */
#include "config.h"

#include "results.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "horizon.h"
#include "numfmt.h"
#include "term.h"
#include "utf8.h"

const char *results_crossover_text(const CostResult *r, CostOption o, char *buf,
                                   size_t n)
{
    char t[96];
    cost_crossover_text(&r->crossover[o], t, sizeof t);
    snprintf(buf, n, "%s %s", cost_option_word(o), t);
    return buf;
}

/* Word-wrap text into rows y0..h-1 of w; returns the row after it. Text
 * that runs out of rows ends its last row with an ellipsis (DESIGN 8: cut
 * text says so). (w NULL: count the rows without drawing.) */
static int wrap(WINDOW *w, int y0, int h, int wd, const char *text)
{
    const char *p = text;
    int y = y0;
    for (; y < h && *p; y++) {
        while (*p == ' ')
            p++;
        size_t take = strlen(p);
        bool last = y == h - 1;
        const char *ell = term_ellipsis();
        int room = last && utf8_width(p) > wd ? wd - utf8_width(ell) : wd;
        if (room < 1)
            room = wd;
        if (utf8_width(p) > wd) {
            /* What fits in the room, back to the last blank. */
            size_t fit = utf8_head_bytes(p, room);
            take = fit;
            while (take > 0 && p[take] != ' ')
                take--;
            if (take == 0)
                take = fit;
        }
        if (w) {
            mvwaddnstr(w, y, 0, p, (int)take);
            if (room < wd)
                waddstr(w, ell);
        }
        p += take;
    }
    return y;
}

void results_draw(WINDOW *w, const Scenario *s, const CostResult *r, bool stale)
{
    results_draw_hybrid(w, s, r, NULL, -1, false, stale);
}

/* "s" unless n is one. */
static const char *plural(double n) { return n == 1 ? "" : "s"; }

/* One "label  money" line of the hybrid part. */
static void hybrid_line(WINDOW *w, int y, int wd, const char *label, double v,
                        const char *extra)
{
    char money[48], line[160];
    num_format_money(v, 0, money, sizeof money);
    snprintf(line, sizeof line, "%-14s %10s %s", label, money, extra);
    mvwaddnstr(w, y, 0, line, wd);
}

int results_verdict_rows(const Scenario *s, const CostResult *r, int width)
{
    char verdict[1024];
    cost_verdict_text(s, r, verdict, sizeof verdict);
    return width > 0 ? wrap(NULL, 0, 1000, width, verdict) : 0;
}

void results_draw_verdict(WINDOW *w, const Scenario *s, const CostResult *r, bool stale)
{
    int h, wd;
    getmaxyx(w, h, wd);
    werase(w);
    if (h <= 0 || wd <= 0)
        return;
    char verdict[1024];
    cost_verdict_text(s, r, verdict, sizeof verdict);
    wattrset(w, term_attr(TS_NORMAL) | (stale ? term_attr(TS_STALE) : 0));
    wrap(w, 0, h, wd, verdict);
    wattrset(w, term_attr(TS_NORMAL));
}

/* The zone line(s) from row y (DESIGN 2.4), marked when the figures
 * disagree with it; returns the row after it. */
static int zone_lines(WINDOW *w, int y, int h, int wd, const Scenario *s,
                      const CostResult *r)
{
    if (y >= h)
        return y;
    char zt[256];
    cost_zone_text(s, r, true, zt, sizeof zt);
    /* Where the sentence would crowd out the crossovers and the advice,
     * the short form: the zone, that it disagrees, and the term behind
     * it. */
    int rows = wrap(NULL, 0, h, wd, zt);
    if (rows > 1 && y + rows + OPT_COUNT > h && !r->zone_agrees)
        snprintf(zt, sizeof zt, "zone %s disagrees (%s)",
                 cost_zone_key(r->zone),
                 cost_term_word(cost_biggest_term(r, cost_zone_rival(r))));
    wattrset(w, term_attr(r->zone_agrees ? TS_NORMAL : TS_ERROR));
    y = wrap(w, y, h, wd, zt);
    wattrset(w, term_attr(TS_NORMAL));
    return y;
}

/* DESIGN 2.7: the horizon line at row y, owning against the cheapest cloud
 * option: its break-even month and IRR. Returns the row after it. */
static int horizon_line(WINDOW *w, int y, int h, int wd, const Scenario *s,
                        const CostResult *r)
{
    if (y >= h)
        return y;
    HorizonResult hr;
    horizon_evaluate(s, &hr, NULL);
    CostOption x = cost_cheapest_cloud(r);
    char be[96], when[64], irr[64], line[240];
    /* DESIGN 2.7: the month owning stays ahead from; a lead it loses
     * again is named ("never (m10-11 only)"). */
    horizon_spans_brief(&hr.ahead[x], hr.months, when, sizeof when);
    if (hr.break_even[x] > 0)
        num_snprintf(be, sizeof be, "payback month %d%s", hr.break_even[x],
                     when + strcspn(when, " "));
    else
        snprintf(be, sizeof be, "no payback%s", when + strlen("never"));
    /* The IRR when one rate alone is one; several: the MIRR. */
    const HorizonIrr *ir = &hr.irr[x];
    if (isfinite(hr.irr_pct[x]))
        num_snprintf(irr, sizeof irr, "IRR %.1f%%", hr.irr_pct[x]);
    else if (ir->root_count > 1 && isfinite(ir->mirr_pct))
        num_snprintf(irr, sizeof irr, "%d IRRs, MIRR %.1f%%", ir->root_count,
                     ir->mirr_pct);
    else
        snprintf(irr, sizeof irr, "IRR none");
    snprintf(line, sizeof line, "Buy vs %s: %s, %s", cost_option_word(x),
             be, irr);
    /* Too wide for the box ("on-demand", a three-digit month and IRR): the
     * short form, at most 38 columns. */
    if (utf8_width(line) > wd) {
        if (hr.break_even[x] > 0)
            num_snprintf(line, sizeof line, "Payback vs %s: m%d, %s",
                         cost_option_word(x), hr.break_even[x], irr);
        else
            snprintf(line, sizeof line, "No payback vs %s, %s",
                     cost_option_word(x), irr);
    }
    return wrap(w, y, h, wd, line);
}

/* Lines from..to-1 of ex from row y; returns the row after them. */
static int extra_lines(WINDOW *w, int y, int h, int wd, const ResultsExtra *ex,
                       int from, int to)
{
    for (int k = from; ex && k < to && y < h; k++) {
        wattrset(w, term_attr(ex->refining ? TS_STALE : TS_NORMAL));
        y = wrap(w, y, h, wd, ex->line[k]);
        wattrset(w, term_attr(TS_NORMAL));
    }
    return y;
}

/* The box; `verdict` false leaves the verdict to its own window. */
static void results_box(WINDOW *w, const Scenario *s, const CostResult *r,
                        const HybridResult *hy, int computing, bool plan_current,
                        const ResultsExtra *ex, bool stale, bool verdict_too)
{
    int h, wd;
    getmaxyx(w, h, wd);
    werase(w);
    if (h <= 0 || wd <= 0)
        return;
    char line[512];
    int y = 0;
    if (!hy && verdict_too) {
        /* DESIGN 8: the verdict leads, wrapped and never cut; the table, the
         * zone, the crossovers and the advice take the rows left. */
        char verdict[1024];
        cost_verdict_text(s, r, verdict, sizeof verdict);
        wattrset(w, term_attr(TS_NORMAL) | (stale ? term_attr(TS_STALE) : 0));
        y = wrap(w, 0, h, wd, verdict);
    }
    y = extra_lines(w, y, h, wd, ex, 0, ex ? ex->lead : 0);
    /* A short box on the Hybrid panel (80x22) gives its rows to the plan's
     * figures, so that they and `computing…` stay legible; the verdict
     * above it still names the cheapest option. */
    bool plan_only = hy && h < 1 + OPT_COUNT + 4;
    /* The columns' titles; left out when that row is what the horizon
     * line needs (80x22 with a three-row verdict): the money columns read
     * without them, and stale rows keep their own mark. */
    bool titles = !plan_only &&
                  (hy || y + 1 + OPT_COUNT + 1 <= h || (!ex && y + OPT_COUNT + 1 > h));
    /* The money columns widen to show each figure whole when the box has
     * the columns; else a figure too wide is scaled (1.2M), never cut
     * (DESIGN 8). */
    int mw = 10, pw = 6, dw = 11;
    {
        int m = 0, pp = 0, d = 0;
        double cheapest = r->option[r->cheapest].monthly;
        for (int o = 0; o < OPT_COUNT; o++) {
            char t[64];
            num_format_money(r->option[o].monthly, 0, t, sizeof t);
            int l = (int)strlen(t);
            m = l > m ? l : m;
            num_snprintf(t, sizeof t, "%.2f", r->option[o].per_useful_gpu_hour);
            l = (int)strlen(t);
            pp = l > pp ? l : pp;
            num_format_money(r->option[o].monthly - cheapest, 0, t, sizeof t);
            l = 1 + (int)strlen(t);
            d = l > d ? l : d;
        }
        m = m > mw ? m : mw;
        pp = pp > pw ? pp : pw;
        d = d > dw ? d : dw;
        if (9 + 1 + m + 1 + pp + 1 + d <= wd) {
            mw = m;
            pw = pp;
            dw = d;
        }
    }
    if (titles) {
        wattrset(w, term_attr(TS_HEADER));
        /* Stale results say so where the last column's title was. */
        snprintf(line, sizeof line, "%-9s %*s %*s %*s", "Option", mw, "per month", pw, "GPU-h",
                 dw - 11, "");
        mvwaddnstr(w, y, 0, line, wd);
        if (stale)
            wattrset(w, term_attr(TS_STALE));
        waddnstr(w, stale ? "      stale" : "vs cheapest", wd - getcurx(w));
        y++;
    }
    double best = r->option[r->cheapest].monthly;
    for (int o = 0; !plan_only && o < OPT_COUNT && y < h; o++, y++) {
        const OptionCost *oc = &r->option[o];
        char money[48], per[32], diff[64];
        num_format_money(oc->monthly, 0, money, sizeof money);
        if (isnan(oc->per_useful_gpu_hour))
            snprintf(per, sizeof per, "n/a");
        else
            num_snprintf(per, sizeof per, "%.2f", oc->per_useful_gpu_hour);
        /* Each figure whole: one too wide for its column is scaled
         * (1.2M), never cut (DESIGN 8). */
        if ((int)strlen(money) > mw)
            num_format_scaled(oc->monthly, mw, money, sizeof money);
        if ((int)strlen(per) > pw)
            num_format_scaled(oc->per_useful_gpu_hour, pw, per, sizeof per);
        int attr = term_attr(TS_NORMAL);
        if (!oc->allowed) {
            snprintf(diff, sizeof diff, "not allowed");
            attr = term_attr(TS_DISALLOWED);
        } else if ((int)r->cheapest == o) {
            snprintf(diff, sizeof diff, "cheapest");
            attr = term_attr(TS_CHEAPEST);
        } else {
            char d[48];
            num_format_money(oc->monthly - best, 0, d, sizeof d);
            if ((int)strlen(d) > dw - 1)
                num_format_scaled(oc->monthly - best, dw - 1, d, sizeof d);
            snprintf(diff, sizeof diff, "+%s", d);
        }
        if (stale)
            attr |= term_attr(TS_STALE);
        wattrset(w, attr);
        snprintf(line, sizeof line, "%-9s %*s %*s %*s", cost_option_label((CostOption)o), mw,
                 money, pw, per, dw, diff);
        mvwaddnstr(w, y, 0, line, wd);
    }
    wattrset(w, term_attr(TS_NORMAL));
    if (hy) {
        char line2[160], a[48], b[48];
        /* While newer figures are computed, the old ones are marked stale:
         * all of them, or (the plan's own figures in already) those of
         * the all-on-prem search and the optimizer, which say how far. */
        bool plan_old = computing >= 0 && !plan_current;
        int sa = stale || plan_old ? term_attr(TS_STALE) : term_attr(TS_NORMAL);
        int so = stale || computing >= 0 ? term_attr(TS_STALE) : term_attr(TS_NORMAL);
        char busy[48] = "";
        if (computing >= 0)
            snprintf(busy, sizeof busy, "computing%s %d%%", term_ellipsis(), computing);
        wattrset(w, term_attr(TS_HEADER) | sa);
        if (y < h) {
            /* With warnings, their count replaces the words "on-prem";
             * while the plan's figures are computed, how far they are. */
            if (plan_old)
                snprintf(line2, sizeof line2, "Hybrid: computing%s %d%%",
                         term_ellipsis(), computing);
            else if (hy->warning_count)
                num_snprintf(line2, sizeof line2, "Hybrid: %.0f node%s, %.1f%% used, %zu warning%s",
                             hy->onprem_nodes, plural(hy->onprem_nodes),
                             hy->onprem.utilization_pct, hy->warning_count,
                             hy->warning_count == 1 ? "" : "s");
            else
                num_snprintf(line2, sizeof line2, "Hybrid: %.0f on-prem node%s, %.1f%% used",
                             hy->onprem_nodes, plural(hy->onprem_nodes),
                             hy->onprem.utilization_pct);
            mvwaddnstr(w, y++, 0, line2, wd);
        }
        wattrset(w, sa);
        if (y < h) {
            num_format_money(hy->onprem.monthly, 0, a, sizeof a);
            num_format_money(hy->cloud.monthly, 0, b, sizeof b);
            snprintf(line2, sizeof line2, "on-prem %s + cloud %s", a, b);
            mvwaddnstr(w, y++, 0, line2, wd);
        }
        if (y < h)
            hybrid_line(w, y++, wd, "total monthly", hy->total_monthly, "");
        if (y < h)
            hybrid_line(w, y++, wd, "all cloud", hy->all_cloud.monthly, "");
        /* With the plan's own figures in, the search and the optimizer
         * say how far they are in place of their last figures. */
        wattrset(w, so);
        if (y < h && plan_current && computing >= 0) {
            snprintf(line2, sizeof line2, "%-14s %s", "all on-prem", busy);
            mvwaddnstr(w, y++, 0, line2, wd);
        } else if (y < h) {
            num_snprintf(a, sizeof a, "(%.0f node%s)", hy->all_onprem.nodes,
                         plural(hy->all_onprem.nodes));
            hybrid_line(w, y++, wd, "all on-prem", hy->all_onprem.monthly, a);
        }
        if (y < h && plan_current && computing >= 0) {
            snprintf(line2, sizeof line2, "%-14s %s", "optimum", busy);
            mvwaddnstr(w, y++, 0, line2, wd);
        } else if (y < h) {
            num_snprintf(a, sizeof a, "(%.0f node%s)", hy->optimum.onprem_nodes,
                         plural(hy->optimum.onprem_nodes));
            hybrid_line(w, y++, wd, "optimum", hy->optimum.total_monthly, a);
        }
        wattrset(w, sa);
        if (y < h) { /* the commitment from the load (DESIGN 6) */
            num_snprintf(a, sizeof a, "(%.0f GPU%s)", hy->commit.gpus,
                         plural(hy->commit.gpus));
            hybrid_line(w, y++, wd, "commit saves", hy->commit.saving_monthly, a);
        }
        /* The warnings' texts are the Hybrid panel's, below its table:
         * the box, beside it, only counts them. */
        wattrset(w, term_attr(TS_NORMAL));
        return;
    }
    y = extra_lines(w, y, h, wd, ex, ex ? ex->lead : 0, ex ? ex->count : 0);
    /* The zone and the horizon line. When the box has a row for only one
     * of them (80x22), an agreeing zone, which the verdict says in other
     * words, gives its row to the horizon line; a zone that disagrees
     * keeps it. */
    if (r->zone_agrees) {
        y = horizon_line(w, y, h, wd, s, r);
        y = zone_lines(w, y, h, wd, s, r);
    } else {
        y = zone_lines(w, y, h, wd, s, r);
        y = horizon_line(w, y, h, wd, s, r);
    }
    /* Every crossover, one option a row: the verdict names them too, so
     * they come after the zone when rows are short. */
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT && y < h; o++, y++) {
        char c[128];
        snprintf(line, sizeof line, "X %s",
                 results_crossover_text(r, (CostOption)o, c, sizeof c));
        mvwaddnstr(w, y, 0, line, wd);
    }
    if (y < h && r->advice_count > 0) {
        char adv[1024];
        cost_advice_text(r->advice[0], s, r, adv, sizeof adv);
        wattrset(w, term_attr(TS_HINT));
        wrap(w, y, h, wd, adv);
        wattrset(w, term_attr(TS_NORMAL));
    }
}

void results_draw_hybrid(WINDOW *w, const Scenario *s, const CostResult *r,
                         const HybridResult *hy, int computing, bool plan_current,
                         bool stale)
{
    results_box(w, s, r, hy, computing, plan_current, NULL, stale, true);
}

void results_draw_figures(WINDOW *w, const Scenario *s, const CostResult *r,
                          const HybridResult *hy, int computing, bool plan_current,
                          bool stale)
{
    results_box(w, s, r, hy, computing, plan_current, NULL, stale, false);
}

void results_draw_extra(WINDOW *w, const Scenario *s, const CostResult *r,
                        const ResultsExtra *ex, bool stale, bool verdict_too)
{
    results_box(w, s, r, NULL, -1, false, ex, stale, verdict_too);
}
