/* results_compare.c: the results box with a compared scenario beside
 * (:compare, DESIGN 11.5): a column of figures for each, A the open
 * scenario and B the compared one, under the same rows. */
#include "config.h"

#include "results_compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare_report.h"
#include "numfmt.h"
#include "term.h"

#define LABEL_W 11 /* "X on-demand" */

/* The columns: a label, then a block per scenario of a blank, the
 * monthly cost, its mark, a blank and the cost per useful GPU-hour. */
typedef struct BothCols {
    int money, per, block;
} BothCols;

static BothCols both_cols(const CostResult *ra, const CostResult *rb)
{
    BothCols c = {(int)strlen("A monthly"), (int)strlen("GPU-h"), 0};
    const CostResult *r[2] = {ra, rb};
    for (int i = 0; i < 2; i++)
        for (int o = 0; o < OPT_COUNT; o++) {
            char t[64];
            num_format_money(r[i]->option[o].monthly, 0, t, sizeof t);
            c.money = (int)strlen(t) > c.money ? (int)strlen(t) : c.money;
            num_snprintf(t, sizeof t, "%.2f", r[i]->option[o].per_useful_gpu_hour);
            c.per = (int)strlen(t) > c.per ? (int)strlen(t) : c.per;
        }
    c.block = 1 + c.money + 1 + 1 + c.per;
    return c;
}

int results_compare_width(const CostResult *ra, const ResultsCompare *rc)
{
    return LABEL_W + 2 * both_cols(ra, rc->rb).block;
}

/* The mark of option o of scenario i: `*` the cheapest of both, `x` not
 * allowed. */
static char mark_of(const CostResult *r, const Comparison *c, size_t i, int o)
{
    if (!r->option[o].allowed)
        return 'x';
    if (c->has_cheapest && c->cheapest_scenario == i && (int)c->cheapest_option == o)
        return '*';
    return ' ';
}

int results_compare_options(WINDOW *w, int y, int h, int wd, bool titles,
                            const CostResult *ra, const ResultsCompare *rc, bool stale)
{
    BothCols c = both_cols(ra, rc->rb);
    const CostResult *r[2] = {ra, rc->rb};
    int st = stale ? term_attr(TS_STALE) : 0;
    if (titles && y < h) {
        char line[256];
        snprintf(line, sizeof line, "%-*s %*s  %*s %*s  %*s", LABEL_W, "Option", c.money,
                 "A monthly", c.per, "GPU-h", c.money, "B monthly", c.per, "GPU-h");
        wattrset(w, term_attr(TS_HEADER) | st);
        mvwaddnstr(w, y++, 0, line, wd);
    }
    for (int o = 0; o < OPT_COUNT && y < h; o++, y++) {
        wattrset(w, term_attr(TS_NORMAL) | st);
        mvwprintw(w, y, 0, "%-*s", LABEL_W, cost_option_label((CostOption)o));
        for (size_t i = 0; i < 2; i++) {
            const OptionCost *oc = &r[i]->option[o];
            char money[48], per[32];
            num_format_money(oc->monthly, 0, money, sizeof money);
            if (isnan(oc->per_useful_gpu_hour))
                snprintf(per, sizeof per, "n/a");
            else
                num_snprintf(per, sizeof per, "%.2f", oc->per_useful_gpu_hour);
            char mark = mark_of(r[i], rc->c, i, o);
            int attr = mark == '*' ? TS_CHEAPEST : mark == 'x' ? TS_DISALLOWED : TS_NORMAL;
            int x = LABEL_W + (int)i * c.block;
            if (x + c.block > wd)
                break;
            wattrset(w, term_attr(attr) | st);
            mvwprintw(w, y, x, " %*s%c %*s", c.money, money, mark, c.per, per);
        }
    }
    wattrset(w, term_attr(TS_NORMAL));
    return y;
}

/* A row of a label and a cell right-aligned at the end of each block. */
static int both_row(WINDOW *w, int y, int wd, const BothCols *c, const char *label,
                    const char *cell[2])
{
    char line[256];
    int len = LABEL_W + 2 * c->block;
    if (len >= (int)sizeof line)
        len = (int)sizeof line - 1;
    memset(line, ' ', (size_t)len);
    line[len] = '\0';
    int lw = (int)strlen(label), first = LABEL_W + c->block - (int)strlen(cell[0]);
    /* A label longer than its column takes the blanks before the first
     * cell; where there are too few, the short form. */
    if (lw >= first)
        lw = first - 1;
    memcpy(line, label, (size_t)(lw > 0 ? lw : 0));
    for (int i = 0; i < 2; i++) {
        int end = LABEL_W + (i + 1) * c->block, l = (int)strlen(cell[i]);
        if (end <= len && l < c->block)
            memcpy(line + end - l, cell[i], (size_t)l);
    }
    mvwaddnstr(w, y, 0, line, wd);
    return y + 1;
}

int results_compare_tail(WINDOW *w, int y, int h, int wd, const CostResult *ra,
                         const ResultsCompare *rc)
{
    BothCols c = both_cols(ra, rc->rb);
    const HorizonResult *hz[2] = {rc->ha, rc->hb};
    const CostResult *r[2] = {ra, rc->rb};
    char label[64], cell[2][48];
    const char *cells[2] = {cell[0], cell[1]};
    /* DESIGN 2.7: owning against A's cheapest cloud option, in both. */
    CostOption x = cost_cheapest_cloud(ra);
    if (y < h) {
        for (int i = 0; i < 2; i++) {
            if (hz[i]->break_even[x] > 0)
                num_snprintf(cell[i], sizeof cell[i], "month %d", hz[i]->break_even[x]);
            else
                snprintf(cell[i], sizeof cell[i], "never");
        }
        snprintf(label, sizeof label, "Buy vs %s", cost_option_word(x));
        if ((int)strlen(label) >= LABEL_W + c.block - (int)strlen(cell[0]))
            snprintf(label, sizeof label, "Payback");
        y = both_row(w, y, wd, &c, label, cells);
    }
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT && y < h; o++) {
        for (int i = 0; i < 2; i++)
            compare_cross_cell(&r[i]->crossover[o], cell[i], sizeof cell[i]);
        snprintf(label, sizeof label, "X %s", cost_option_word((CostOption)o));
        y = both_row(w, y, wd, &c, label, cells);
    }
    return y;
}
