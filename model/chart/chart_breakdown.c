/* chart_breakdown.c: the monthly breakdown bars (chart_breakdown.h). */
#include "config.h"

#include "chart_breakdown.h"

#include <math.h>
#include <string.h>

#include "chart_legend.h"
#include "chart_plot.h"
#include "numfmt.h"

/* One letter per breakdown line, shared by on-prem and cloud where the line
 * is the same (staff, other, opportunity). */
static char chart_line_letter(CostLine l)
{
    static const char letters[LINE_COUNT] = {
        [LINE_CAPITAL] = 'C',    [LINE_MAINTENANCE] = 'M',
        [LINE_ENERGY] = 'E',     [LINE_COLOCATION] = 'L',
        [LINE_STAFF] = 'S',      [LINE_NETWORK] = 'N',
        [LINE_OTHER] = 'O',      [LINE_OPPORTUNITY] = 'P',
        [LINE_COMPUTE] = 'G',    [LINE_EGRESS] = 'T',
        [LINE_STORAGE] = 'D'};
    return (unsigned)l < LINE_COUNT ? letters[l] : '?';
}

static const char *chart_line_name(CostLine l)
{
    static const char *const names[LINE_COUNT] = {
        [LINE_CAPITAL] = "capital",       [LINE_MAINTENANCE] = "maintenance",
        [LINE_ENERGY] = "energy",         [LINE_COLOCATION] = "colocation",
        [LINE_STAFF] = "staff",           [LINE_NETWORK] = "network",
        [LINE_OTHER] = "other",           [LINE_OPPORTUNITY] = "opportunity",
        [LINE_COMPUTE] = "compute",       [LINE_EGRESS] = "egress",
        [LINE_STORAGE] = "storage"};
    return (unsigned)l < LINE_COUNT ? names[l] : "?";
}

static void chart_lines_of(CostOption o, const CostLine **lines, int *n)
{
    if (o == OPT_ONPREM) {
        *lines = cost_onprem_lines;
        *n = ONPREM_LINES;
    } else {
        *lines = cost_cloud_lines;
        *n = CLOUD_LINES;
    }
}

/* Cells per breakdown line of one bar. Cumulative rounding makes the bar
 * round(monthly / max * bar_w) cells long; a line with money in it that
 * rounds to no cell gets one, taken from the longest segment, so every
 * letter in the key can be found (the bar length does not change). */
static void chart_segments(const OptionCost *oc, const CostLine *lines, int n,
                           double max, int bar_w, int *cells)
{
    double cum = 0;
    int done = 0;
    for (int i = 0; i < n; i++) {
        cells[i] = 0;
        double v = oc->line[lines[i]];
        if (!(max > 0) || !(v > 0) || !isfinite(v))
            continue;
        cum += v;
        int end = (int)lround(cum / max * bar_w);
        if (end > bar_w)
            end = bar_w;
        if (end > done) {
            cells[i] = end - done;
            done = end;
        }
    }
    for (int i = 0; i < n; i++) {
        double v = oc->line[lines[i]];
        if (cells[i] > 0 || !(v > 0) || !isfinite(v) || !(max > 0))
            continue;
        int big = 0;
        for (int k = 1; k < n; k++)
            if (cells[k] > cells[big])
                big = k;
        if (cells[big] < 2)
            break;
        cells[big]--;
        cells[i] = 1;
    }
}

/* The figures of one bar's segments (DESIGN 8: bars carry their figures):
 * inside each segment wide enough, its letter, a blank, its monthly amount
 * scaled to a few columns ("C 33.1K"), a blank, then the letter again to
 * the segment's end. Narrower segments keep their letters only (the table
 * below, where there is room, has every figure). */
static void chart_segment_figures(Canvas *c, int y, int x, const OptionCost *oc,
                                  const CostLine *lines, int n, const int *cells,
                                  CanvasStyle st)
{
    for (int i = 0; i < n; i++) {
        char fig[16], text[24];
        if (num_format_scaled(oc->line[lines[i]], 6, fig, sizeof fig)) {
            num_snprintf(text, sizeof text, "%c %s ", chart_line_letter(lines[i]), fig);
            if (canvas_text_cells(text) <= cells[i])
                canvas_text(c, x, y, text, st);
        }
        x += cells[i];
    }
}

/* The numeric breakdown (DESIGN 8, where there is room): a row per cost line
 * with money in it, a column per option, the totals last; figures whole,
 * scaled only when one is wider than its column. Returns its rows. */
static int chart_breakdown_table(Canvas *c, int y, const CostResult *r,
                                 const bool *seen, const CostLine *order, bool draw)
{
    int rows = 0;
    const int lw = 13, cw = 11;
    if (draw) {
        canvas_text(c, 0, y, "per month", CS_LABEL);
        for (int o = 0; o < OPT_COUNT; o++) {
            const char *name = cost_option_label((CostOption)o);
            canvas_text(c, lw + o * cw + cw - canvas_text_cells(name), y, name, CS_LABEL);
        }
    }
    rows++;
    for (int i = 0; i <= LINE_COUNT; i++) {
        bool total = i == LINE_COUNT;
        if (!total && !seen[order[i]])
            continue;
        if (draw) {
            char head[32];
            if (total)
                num_snprintf(head, sizeof head, "total");
            else
                num_snprintf(head, sizeof head, "%c %s", chart_line_letter(order[i]),
                             chart_line_name(order[i]));
            canvas_text(c, 0, y + rows, head, CS_LABEL);
            for (int o = 0; o < OPT_COUNT; o++) {
                const OptionCost *oc = &r->option[o];
                double v = total ? oc->monthly : oc->line[order[i]];
                const CostLine *lines;
                int n;
                chart_lines_of((CostOption)o, &lines, &n);
                bool has = total;
                for (int k = 0; k < n && !has; k++)
                    has = lines[k] == order[i];
                char fig[48];
                if (!has)
                    num_snprintf(fig, sizeof fig, "-");
                else {
                    num_format_money(v, 0, fig, sizeof fig);
                    if (canvas_text_cells(fig) > cw - 1)
                        num_format_scaled(v, cw - 1, fig, sizeof fig);
                }
                canvas_text(c, lw + o * cw + cw - canvas_text_cells(fig), y + rows, fig,
                            total ? chart_option_style[o] : CS_LABEL);
            }
        }
        rows++;
    }
    return rows;
}

/* The key order: the on-prem lines, the cloud-only ones, then those both
 * have (staff, other, opportunity), as in the reports' table. */
static const CostLine key_order[LINE_COUNT] = {
    LINE_CAPITAL, LINE_MAINTENANCE, LINE_ENERGY, LINE_COLOCATION,
    LINE_NETWORK, LINE_COMPUTE, LINE_EGRESS, LINE_STORAGE,
    LINE_STAFF, LINE_OTHER, LINE_OPPORTUNITY};

/* The key: every line with money in it (seen[l]) in key order, wrapped to
 * width. */
static void breakdown_key(const CostResult *r, int width, bool seen[LINE_COUNT],
                          Legend *lg)
{
    memset(lg, 0, sizeof *lg);
    memset(seen, 0, LINE_COUNT * sizeof seen[0]);
    for (int o = 0; o < OPT_COUNT; o++) {
        const CostLine *lines;
        int n;
        chart_lines_of((CostOption)o, &lines, &n);
        for (int i = 0; i < n; i++)
            if (r->option[o].line[lines[i]] > 0)
                seen[lines[i]] = true;
    }
    for (int i = 0; i < LINE_COUNT; i++) {
        CostLine l = key_order[i];
        if (!seen[l])
            continue;
        char buf[ITEM_BYTES];
        num_snprintf(buf, sizeof buf, "%c %s", chart_line_letter(l), chart_line_name(l));
        chart_legend_add(lg, 0, CS_LABEL, buf);
    }
    chart_legend_wrap(lg, width);
}

void chart_breakdown_render(Canvas *c, const Scenario *s, const CostResult *r)
{
    int W = c->width, H = c->height;
    if (W < 30 || H < 5) {
        chart_note(c);
        return;
    }
    canvas_clear(c);

    Legend lg;
    bool seen[LINE_COUNT];
    breakdown_key(r, W, seen, &lg);

    /* Rows: header, four bars, key; the numeric table (after a blank row)
     * when it fits with the rest, which also makes the key redundant; blank
     * rows between the bars when there is room. */
    int table_rows = chart_breakdown_table(c, 0, r, seen, key_order, false);
    int avail = H - 1 - OPT_COUNT;
    bool table = W >= 13 + 11 * OPT_COUNT && avail >= 1 + table_rows;
    if (table)
        avail -= 1 + table_rows;
    int key_lines = table ? 0 : lg.lines < avail ? lg.lines : avail;
    avail -= key_lines;
    int gap = avail >= OPT_COUNT ? 1 : 0;

    char head[96], upct[16];
    chart_pct_text(s->utilization.measured_pct, upct, sizeof upct);
    num_snprintf(head, sizeof head, "Monthly cost at u=%s (%s)", upct,
                 s->currency);
    canvas_text(c, 0, 0, head, CS_LABEL);

    double max = 0;
    char total[OPT_COUNT][48];
    int label_w = 0, total_w = 0;
    for (int o = 0; o < OPT_COUNT; o++) {
        const OptionCost *oc = &r->option[o];
        if (isfinite(oc->monthly) && oc->monthly > max)
            max = oc->monthly;
        num_format_money(oc->monthly, 0, total[o], sizeof total[o]);
        int lw = canvas_text_cells(cost_option_label((CostOption)o));
        int tw = canvas_text_cells(total[o]);
        label_w = lw > label_w ? lw : label_w;
        total_w = tw > total_w ? tw : total_w;
    }
    /* Row layout: label, blank, bar, blank, total right-aligned, then a
     * note (cheapest / not allowed) when it fits. */
    int note_w = canvas_text_cells(" not allowed");
    int bar_x = label_w + 1;
    int bar_w = W - bar_x - 1 - total_w - note_w;
    if (bar_w < 8)
        bar_w = W - bar_x - 1 - total_w, note_w = 0;
    if (bar_w < 4) {
        chart_note(c);
        return;
    }

    int y = 1 + gap;
    for (int o = 0; o < OPT_COUNT; o++, y += 1 + gap) {
        const OptionCost *oc = &r->option[o];
        CanvasStyle st = chart_option_style[o];
        canvas_text(c, 0, y, cost_option_label((CostOption)o), CS_LABEL);
        const CostLine *lines;
        int n;
        chart_lines_of((CostOption)o, &lines, &n);
        int cells[ONPREM_LINES];
        chart_segments(oc, lines, n, max, bar_w, cells);
        int x = bar_x;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < cells[i]; k++)
                canvas_put(c, x++, y, chart_line_letter(lines[i]), st);
        chart_segment_figures(c, y, bar_x, oc, lines, n, cells, st);
        int tx = bar_x + bar_w + 1 + total_w - canvas_text_cells(total[o]);
        canvas_text(c, tx, y, total[o], CS_LABEL);
        const char *note = !oc->allowed              ? " not allowed"
                           : r->cheapest == (CostOption)o ? " cheapest"
                                                          : "";
        if (note_w > 0)
            canvas_text(c, bar_x + bar_w + 1 + total_w, y, note, CS_LABEL);
    }
    if (table)
        chart_breakdown_table(c, y - gap + 1, r, seen, key_order, true);
    chart_legend_draw(&lg, c, H - key_lines, key_lines);
}

