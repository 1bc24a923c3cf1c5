/* results.c: the results box of the planner: the verdict, the options, the
 * zone (marked when it disagrees with the figures), the crossovers and the
 * first advice line (DESIGN 8); with a compared scenario beside, its
 * columns (results_compare.c). */
#include "config.h"

#include "results.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "horizon.h"
#include "numfmt.h"
#include "results_compare.h"
#include "term.h"
#include "utf8.h"
#include "wrap.h"

const char *results_crossover_text(const CostResult *r, CostOption o, char *buf,
                                   size_t n)
{
    char t[96];
    cost_crossover_text(&r->crossover[o], t, sizeof t);
    snprintf(buf, n, "%s %s", cost_option_word(o), t);
    return buf;
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

/* The verdict after `label` (NULL: none) into buf: whole, or (`lead`)
 * its first clause alone. */
static void verdict_text(const char *label, const Scenario *s, const CostResult *r,
                         bool lead, char *buf, size_t n)
{
    size_t l = (size_t)snprintf(buf, n, "%s", label ? label : "");
    if (l < n && lead)
        cost_verdict_lead_text(s, r, buf + l, n - l);
    else if (l < n)
        cost_verdict_text(s, r, buf + l, n - l);
}

int results_verdict_rows(const char *label, const Scenario *s, const CostResult *r,
                         bool lead, int width)
{
    char verdict[1024];
    verdict_text(label, s, r, lead, verdict, sizeof verdict);
    return width > 0 ? wrap_rows(width, verdict) : 0;
}

void results_draw_verdict(WINDOW *w, const char *label, const Scenario *s,
                          const CostResult *r, bool lead, bool stale)
{
    int h, wd;
    getmaxyx(w, h, wd);
    werase(w);
    if (h <= 0 || wd <= 0)
        return;
    char verdict[1024];
    verdict_text(label, s, r, lead, verdict, sizeof verdict);
    wattrset(w, term_attr(TS_NORMAL) | (stale ? term_attr(TS_STALE) : 0));
    wrap_draw(w, 0, h, wd, verdict);
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
    int rows = wrap_draw(NULL, 0, h, wd, zt);
    if (rows > 1 && y + rows + OPT_COUNT > h && !r->zone_agrees)
        snprintf(zt, sizeof zt, "zone %s disagrees (%s)",
                 cost_zone_key(r->zone),
                 cost_term_word(cost_biggest_term(r, cost_zone_rival(r))));
    wattrset(w, term_attr(r->zone_agrees ? TS_NORMAL : TS_ERROR));
    y = wrap_draw(w, y, h, wd, zt);
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
    char rate[48];
    if (isfinite(hr.irr_pct[x])) {
        num_format_fixed(hr.irr_pct[x], 1, false, rate, sizeof rate);
        num_snprintf(irr, sizeof irr, "IRR %s%%", rate);
    } else if (ir->root_count > 1 && isfinite(ir->mirr_pct)) {
        num_format_fixed(ir->mirr_pct, 1, false, rate, sizeof rate);
        num_snprintf(irr, sizeof irr, "%d IRRs, MIRR %s%%", ir->root_count, rate);
    } else
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
    return wrap_draw(w, y, h, wd, line);
}

/* Lines from..to-1 of ex from row y; returns the row after them. */
static int extra_lines(WINDOW *w, int y, int h, int wd, const ResultsExtra *ex,
                       int from, int to)
{
    for (int k = from; ex && k < to && y < h; k++) {
        wattrset(w, term_attr(ex->refining ? TS_STALE : TS_NORMAL));
        y = wrap_draw(w, y, h, wd, ex->line[k]);
        wattrset(w, term_attr(TS_NORMAL));
    }
    return y;
}

/* ---- the box, section by section ----------------------------------------- */

/* What the box shows and where: its window and size, the figures, and the
 * row the next section starts on. */
typedef struct Box {
    WINDOW *w;
    int h, wd, y;
    const Scenario *s;
    const CostResult *r;
    const HybridResult *hy; /* the Hybrid panel's figures, or NULL */
    int computing;          /* percent of newer hybrid figures, -1: none */
    bool plan_current;      /* the plan's own figures in hy are the new ones */
    const ResultsExtra *ex; /* a panel's lines, or NULL */
    bool stale;
    const ResultsCompare *both; /* B beside (two columns), or NULL */
    const char *label;          /* before the verdict ("B: "), or NULL */
} Box;

/* The widths of the money columns: each figure whole when the box has
 * the columns, else the narrow defaults (a figure too wide is then
 * scaled, 1.2M, never cut; DESIGN 8). */
typedef struct Cols {
    int money, per, diff;
} Cols;

static Cols option_cols(const CostResult *r, int wd)
{
    Cols c = {10, 6, 11};
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
    m = m > c.money ? m : c.money;
    pp = pp > c.per ? pp : c.per;
    d = d > c.diff ? d : c.diff;
    if (9 + 1 + m + 1 + pp + 1 + d <= wd)
        c = (Cols){m, pp, d};
    return c;
}

/* The verdict (DESIGN 8: it leads, wrapped and never cut; the table, the
 * zone, the crossovers and the advice take the rows left). */
static void draw_verdict_lead(Box *b)
{
    char verdict[1024];
    verdict_text(b->label, b->s, b->r, false, verdict, sizeof verdict);
    wattrset(b->w, term_attr(TS_NORMAL) | (b->stale ? term_attr(TS_STALE) : 0));
    b->y = wrap_draw(b->w, 0, b->h, b->wd, verdict);
}

/* The columns' titles; stale results say so where the last column's
 * title was. */
static void draw_titles(Box *b, Cols c)
{
    char line[512];
    wattrset(b->w, term_attr(TS_HEADER));
    snprintf(line, sizeof line, "%-9s %*s %*s %*s", "Option", c.money, "per month", c.per,
             "GPU-h", c.diff - 11, "");
    mvwaddnstr(b->w, b->y, 0, line, b->wd);
    if (b->stale)
        wattrset(b->w, term_attr(TS_STALE));
    waddnstr(b->w, b->stale ? "      stale" : "vs cheapest", b->wd - getcurx(b->w));
    b->y++;
}

/* One row per option shown: monthly cost, cost per useful GPU-hour, the
 * difference to the cheapest (or that it is the cheapest, or not allowed). */
static void draw_options(Box *b, Cols c, const bool show[OPT_COUNT])
{
    const CostResult *r = b->r;
    double best = r->option[r->cheapest].monthly;
    for (int o = 0; o < OPT_COUNT && b->y < b->h; o++) {
        if (!show[o])
            continue;
        const OptionCost *oc = &r->option[o];
        char money[48], per[32], diff[64], line[512];
        num_format_money(oc->monthly, 0, money, sizeof money);
        if (isnan(oc->per_useful_gpu_hour))
            snprintf(per, sizeof per, "n/a");
        else
            num_snprintf(per, sizeof per, "%.2f", oc->per_useful_gpu_hour);
        /* Each figure whole: one too wide for its column is scaled
         * (1.2M), never cut (DESIGN 8). */
        if ((int)strlen(money) > c.money)
            num_format_scaled(oc->monthly, c.money, money, sizeof money);
        if ((int)strlen(per) > c.per)
            num_format_scaled(oc->per_useful_gpu_hour, c.per, per, sizeof per);
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
            if ((int)strlen(d) > c.diff - 1)
                num_format_scaled(oc->monthly - best, c.diff - 1, d, sizeof d);
            snprintf(diff, sizeof diff, "+%s", d);
        }
        if (b->stale)
            attr |= term_attr(TS_STALE);
        wattrset(b->w, attr);
        snprintf(line, sizeof line, "%-9s %*s %*s %*s", cost_option_label((CostOption)o),
                 c.money, money, c.per, per, c.diff, diff);
        mvwaddnstr(b->w, b->y++, 0, line, b->wd);
    }
    wattrset(b->w, term_attr(TS_NORMAL));
}

/* The hybrid plan's heading line: its nodes and use, or with warnings
 * their count, or while its figures are computed how far they are. */
static void draw_hybrid_head(Box *b, bool plan_old)
{
    const HybridResult *hy = b->hy;
    char line[160];
    if (plan_old)
        snprintf(line, sizeof line, "Hybrid: computing%s %d%%", term_ellipsis(),
                 b->computing);
    else if (hy->warning_count)
        num_snprintf(line, sizeof line, "Hybrid: %.0f node%s, %.1f%% used, %zu warning%s",
                     hy->onprem_nodes, plural(hy->onprem_nodes), hy->onprem.utilization_pct,
                     hy->warning_count, hy->warning_count == 1 ? "" : "s");
    else
        num_snprintf(line, sizeof line, "Hybrid: %.0f on-prem node%s, %.1f%% used",
                     hy->onprem_nodes, plural(hy->onprem_nodes), hy->onprem.utilization_pct);
    mvwaddnstr(b->w, b->y++, 0, line, b->wd);
}

/* A figure of the search (all on-prem) or the optimizer: its monthly
 * cost and node count, or, with the plan's own figures in and theirs
 * still computing, how far they are. */
static void draw_search_line(Box *b, const char *label, double monthly, double nodes)
{
    char a[48];
    if (b->plan_current && b->computing >= 0) {
        char line[160];
        snprintf(line, sizeof line, "%-14s computing%s %d%%", label, term_ellipsis(),
                 b->computing);
        mvwaddnstr(b->w, b->y++, 0, line, b->wd);
        return;
    }
    num_snprintf(a, sizeof a, "(%.0f node%s)", nodes, plural(nodes));
    hybrid_line(b->w, b->y++, b->wd, label, monthly, a);
}

/* The Hybrid panel's part (DESIGN 6): the plan's figures. While newer
 * figures are computed, the old ones are marked stale: all of them, or
 * (the plan's own figures in already) those of the all-on-prem search and
 * the optimizer, which say how far they are. The warnings' texts are the
 * panel's, below its table: the box only counts them. */
static void draw_hybrid(Box *b)
{
    const HybridResult *hy = b->hy;
    bool plan_old = b->computing >= 0 && !b->plan_current;
    int sa = b->stale || plan_old ? term_attr(TS_STALE) : term_attr(TS_NORMAL);
    int so = b->stale || b->computing >= 0 ? term_attr(TS_STALE) : term_attr(TS_NORMAL);
    char x[48];
    wattrset(b->w, term_attr(TS_HEADER) | sa);
    if (b->y < b->h)
        draw_hybrid_head(b, plan_old);
    wattrset(b->w, sa);
    if (b->y < b->h) {
        char line[160], y[48];
        num_format_money(hy->onprem.monthly, 0, x, sizeof x);
        num_format_money(hy->cloud.monthly, 0, y, sizeof y);
        snprintf(line, sizeof line, "on-prem %s + cloud %s", x, y);
        mvwaddnstr(b->w, b->y++, 0, line, b->wd);
    }
    if (b->y < b->h)
        hybrid_line(b->w, b->y++, b->wd, "total monthly", hy->total_monthly, "");
    if (b->y < b->h)
        hybrid_line(b->w, b->y++, b->wd, "all cloud", hy->all_cloud.monthly, "");
    wattrset(b->w, so);
    if (b->y < b->h)
        draw_search_line(b, "all on-prem", hy->all_onprem.monthly, hy->all_onprem.nodes);
    if (b->y < b->h)
        draw_search_line(b, "optimum", hy->optimum.total_monthly, hy->optimum.onprem_nodes);
    wattrset(b->w, sa);
    /* DESIGN 6.2: work not started by the period's end, finished in the
     * cloud and part of the total: a row of its own when there is some,
     * after the optimum (a short box shows it in the panel's warning). */
    if (b->y < b->h && hy->unserved.jobs > 0) {
        num_snprintf(x, sizeof x, "(%.0f job%s)", hy->unserved.jobs,
                     plural(hy->unserved.jobs));
        hybrid_line(b->w, b->y++, b->wd, "unserved", hy->unserved.monthly, x);
    }
    if (b->y < b->h) { /* the commitment from the load (DESIGN 6) */
        num_snprintf(x, sizeof x, "(%.0f GPU%s)", hy->commit.gpus, plural(hy->commit.gpus));
        hybrid_line(b->w, b->y++, b->wd, "commit saves", hy->commit.saving_monthly, x);
    }
    wattrset(b->w, term_attr(TS_NORMAL));
}

/* After the options: a panel's other lines, the zone and the horizon
 * line, every crossover, the first advice line. */
static void draw_tail(Box *b)
{
    WINDOW *w = b->w;
    const ResultsExtra *ex = b->ex;
    int y = extra_lines(w, b->y, b->h, b->wd, ex, ex ? ex->lead : 0, ex ? ex->count : 0);
    /* When the box has a row for only one of the zone and the horizon line
     * (80x22), an agreeing zone, which the verdict says in other words,
     * gives its row to the horizon line; a zone that disagrees keeps it. */
    if (b->both) { /* B beside: the payback and the crossovers of both */
        y = zone_lines(w, y, b->h, b->wd, b->s, b->r);
        y = results_compare_tail(w, y, b->h, b->wd, b->r, b->both);
    } else if (b->r->zone_agrees) {
        y = horizon_line(w, y, b->h, b->wd, b->s, b->r);
        y = zone_lines(w, y, b->h, b->wd, b->s, b->r);
    } else {
        y = zone_lines(w, y, b->h, b->wd, b->s, b->r);
        y = horizon_line(w, y, b->h, b->wd, b->s, b->r);
    }
    /* Every crossover, one option a row: the verdict names them too, so
     * they come after the zone when rows are short. */
    for (int o = OPT_ON_DEMAND; !b->both && o < OPT_COUNT && y < b->h; o++, y++) {
        char line[512], c[128];
        snprintf(line, sizeof line, "X %s",
                 results_crossover_text(b->r, (CostOption)o, c, sizeof c));
        mvwaddnstr(w, y, 0, line, b->wd);
    }
    if (y < b->h && b->r->advice_count > 0) {
        char adv[1024];
        cost_advice_text(b->r->advice[0], b->s, b->r, adv, sizeof adv);
        wattrset(w, term_attr(TS_HINT));
        wrap_draw(w, y, b->h, b->wd, adv);
        wattrset(w, term_attr(TS_NORMAL));
    }
}

/* The hybrid plan's rows the box keeps before options other than the
 * cheapest: its heading, on-prem + cloud, the total, all cloud, all
 * on-prem and the optimum (draw_hybrid). */
#define HYBRID_ROWS 6

/* Which options get a row when `rows` are left under the titles (DESIGN
 * 8): the cheapest, then on-prem, then the others in the table's order;
 * the first `firm` of them before the `reserve` rows kept for what
 * follows, the others only in rows left after those. */
static void pick_options(const CostResult *r, int rows, int firm, int reserve,
                         bool show[OPT_COUNT])
{
    int n = rows - reserve < OPT_COUNT ? rows - reserve : OPT_COUNT;
    if (n < firm)
        n = rows < firm ? rows : firm;
    for (int o = 0; o < OPT_COUNT; o++)
        show[o] = false;
    int k = 0;
    if (k < n) {
        show[r->cheapest] = true;
        k++;
    }
    if (k < n && !show[OPT_ONPREM]) {
        show[OPT_ONPREM] = true;
        k++;
    }
    for (int o = 0; o < OPT_COUNT && k < n; o++)
        if (!show[o]) {
            show[o] = true;
            k++;
        }
}

/* The rows the panel's lines after the options take (the draws line of
 * the Risk panel), wrapped at the box's width. */
static int extra_tail_rows(const Box *b)
{
    int n = 0;
    for (int k = b->ex ? b->ex->lead : 0; b->ex && k < b->ex->count; k++)
        n += wrap_rows(b->wd, b->ex->line[k]);
    return n;
}

bool results_hybrid_leads(const char *label, const Scenario *s, const CostResult *r,
                          int width, int height)
{
    return results_verdict_rows(label, s, r, false, width) + 1 + OPT_COUNT + HYBRID_ROWS <=
           height;
}

/* The box; `verdict_too` false leaves the verdict to its own window. The
 * options' titles and the cheapest option's row are shown at every size
 * the planner draws (DESIGN 8): rows of the other options give way first
 * to the panel's own lines and the hybrid plan's figures. */
static void results_box(Box *b, bool verdict_too)
{
    getmaxyx(b->w, b->h, b->wd);
    werase(b->w);
    b->y = 0;
    if (b->h <= 0 || b->wd <= 0)
        return;
    if (verdict_too && (!b->hy || results_hybrid_leads(b->label, b->s, b->r, b->wd, b->h)))
        draw_verdict_lead(b);
    b->y = extra_lines(b->w, b->y, b->h, b->wd, b->ex, 0, b->ex ? b->ex->lead : 0);
    bool titles = b->h - b->y >= 2;
    bool show[OPT_COUNT];
    /* The Hybrid panel keeps its plan's rows before on-prem's, which its
     * own figures show beside the cloud's. */
    pick_options(b->r, b->h - b->y - (titles ? 1 : 0), b->hy ? 1 : 2,
                 b->hy ? HYBRID_ROWS : extra_tail_rows(b), show);
    Cols c = option_cols(b->r, b->wd);
    if (b->both) {
        b->y = results_compare_options(b->w, b->y, b->h, b->wd, titles, b->r, b->both,
                                       b->stale);
    } else {
        if (titles)
            draw_titles(b, c);
        draw_options(b, c, show);
    }
    if (b->hy)
        draw_hybrid(b);
    else
        draw_tail(b);
}

void results_draw(WINDOW *w, const ResultsView *v)
{
    Box b = {.w = w, .s = v->s, .r = v->r, .hy = v->hy, .computing = v->computing,
             .plan_current = v->plan_current, .ex = v->ex, .stale = v->stale,
             .both = v->both, .label = v->verdict_label};
    results_box(&b, v->verdict_too);
}

void results_draw_hybrid(WINDOW *w, const Scenario *s, const CostResult *r,
                         const HybridResult *hy, int computing, bool plan_current,
                         bool stale)
{
    Box b = {.w = w, .s = s, .r = r, .hy = hy, .computing = computing,
             .plan_current = plan_current, .stale = stale};
    results_box(&b, true);
}

void results_draw_figures(WINDOW *w, const Scenario *s, const CostResult *r,
                          const HybridResult *hy, int computing, bool plan_current,
                          bool stale)
{
    Box b = {.w = w, .s = s, .r = r, .hy = hy, .computing = computing,
             .plan_current = plan_current, .stale = stale};
    results_box(&b, false);
}

void results_draw_extra(WINDOW *w, const Scenario *s, const CostResult *r,
                        const ResultsExtra *ex, bool stale, bool verdict_too)
{
    Box b = {.w = w, .s = s, .r = r, .computing = -1, .ex = ex, .stale = stale};
    results_box(&b, verdict_too);
}
