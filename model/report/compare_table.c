/* compare_table.c: the rows of the comparison's table (DESIGN 11.3), one
 * cell a scenario, which the text, Markdown and HTML comparisons lay out
 * each in its own markup; declared in compare_report.h. */
#include "config.h"

#include "compare_report.h"

#include <math.h>
#include <string.h>

#include "numfmt.h"

typedef struct Table {
    CompareRow *rows;
    size_t n;
    const CompareEntry *e;
    const Comparison *c;
} Table;

static void heading(Table *t, const char *text)
{
    CompareRow *r = &t->rows[t->n++];
    memset(r, 0, sizeof *r);
    r->heading = true;
    r->option = OPT_COUNT;
    num_snprintf(r->label, sizeof r->label, "%s", text);
}

static CompareRow *row(Table *t, const char *label, CostOption o, bool figure)
{
    CompareRow *r = &t->rows[t->n++];
    memset(r, 0, sizeof *r);
    r->option = o;
    r->figure = figure;
    num_snprintf(r->label, sizeof r->label, "%s", label);
    return r;
}

/* "Monthly cost (USD, levelized)": the heading with the currency when
 * every scenario has the same one. */
static void money_heading(Table *t, const char *what, const char *after)
{
    char buf[96];
    if (t->c->notes & COMPARE_CURRENCY)
        num_snprintf(buf, sizeof buf, "%s (each in its currency%s)", what, after);
    else
        num_snprintf(buf, sizeof buf, "%s (%s%s)", what, t->e[0].scenario->currency, after);
    heading(t, buf);
}

/* One row per option of a money figure, marks on the allowed flag and
 * (mark_cheapest) on the cheapest of all. */
static void option_rows(Table *t, int first, int decimals, bool mark_cheapest,
                        double (*get)(const CompareEntry *, int))
{
    for (int o = first; o < OPT_COUNT; o++) {
        CompareRow *r = row(t, cost_option_label((CostOption)o), (CostOption)o, true);
        for (size_t i = 0; i < t->c->count; i++) {
            num_format_money(get(&t->e[i], o), decimals, r->cell[i], COMPARE_CELL_BYTES);
            if (!t->e[i].cost->option[o].allowed)
                r->mark[i] = MARK_NOT_ALLOWED;
            else if (mark_cheapest && t->c->tied[i] && t->e[i].cost->cheapest == (CostOption)o)
                r->mark[i] = MARK_CHEAPEST;
        }
    }
}

static double get_monthly(const CompareEntry *e, int o) { return e->cost->option[o].monthly; }

static double get_per_hour(const CompareEntry *e, int o)
{
    return e->cost->option[o].per_useful_gpu_hour;
}

static double get_npv(const CompareEntry *e, int o) { return e->horizon->result.npv[o]; }

static void owning_rows(Table *t, bool irr)
{
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        CompareRow *r = row(t, cost_option_label((CostOption)o), (CostOption)o, true);
        for (size_t i = 0; i < t->c->count; i++) {
            const HorizonResult *h = &t->e[i].horizon->result;
            if (!irr)
                export_month_text(h->break_even[o], r->cell[i], COMPARE_CELL_BYTES);
            else if (isfinite(h->irr_pct[o])) {
                char rate[48];
                num_format_fixed(h->irr_pct[o], 2, false, rate, sizeof rate);
                num_snprintf(r->cell[i], COMPARE_CELL_BYTES, "%s%%", rate);
            }
            else
                num_snprintf(r->cell[i], COMPARE_CELL_BYTES, "none");
        }
    }
}

/* Each scenario's own cheapest option, its cost, and how far above the
 * cheapest of all it is. */
static void summary_rows(Table *t)
{
    heading(t, "Each scenario's cheapest");
    CompareRow *opt = row(t, "Option", OPT_COUNT, false);
    CompareRow *cost = row(t, "Monthly", OPT_COUNT, true);
    CompareRow *above = row(t, "Above the cheapest", OPT_COUNT, true);
    for (size_t i = 0; i < t->c->count; i++) {
        const CostResult *r = t->e[i].cost;
        bool best = t->c->tied[i];
        num_snprintf(opt->cell[i], COMPARE_CELL_BYTES, "%s", cost_option_word(r->cheapest));
        num_format_money(r->option[r->cheapest].monthly, 2, cost->cell[i], COMPARE_CELL_BYTES);
        if (best) {
            opt->mark[i] = cost->mark[i] = MARK_CHEAPEST;
            num_snprintf(above->cell[i], COMPARE_CELL_BYTES, "cheapest");
        } else if (isfinite(t->c->above_cheapest[i])) {
            /* As the reader subtracts the two figures printed above. */
            double d = num_shown_difference(r->option[r->cheapest].monthly,
                                            t->c->cheapest_monthly, 2);
            export_signed_money(d, 2, above->cell[i], COMPARE_CELL_BYTES);
        } else {
            num_snprintf(above->cell[i], COMPARE_CELL_BYTES, "-");
        }
    }
}

size_t compare_table(const CompareEntry *e, const Comparison *c, CompareRow *rows)
{
    Table t = {rows, 0, e, c};
    money_heading(&t, "Monthly cost", ", levelized");
    option_rows(&t, OPT_ONPREM, 2, true, get_monthly);
    money_heading(&t, "Cost per useful GPU-hour", "");
    option_rows(&t, OPT_ONPREM, 2, false, get_per_hour);
    heading(&t, "Crossovers (where on-prem is the cheaper)");
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        CompareRow *r = row(&t, cost_option_label((CostOption)o), (CostOption)o, false);
        for (size_t i = 0; i < c->count; i++)
            compare_cross_cell(&e[i].cost->crossover[o], r->cell[i], COMPARE_CELL_BYTES);
    }
    heading(&t, "Horizon");
    CompareRow *months = row(&t, "Months", OPT_COUNT, true);
    for (size_t i = 0; i < c->count; i++)
        num_snprintf(months->cell[i], COMPARE_CELL_BYTES, "%d", e[i].horizon->result.months);
    money_heading(&t, "NPV", "");
    option_rows(&t, OPT_ONPREM, 0, false, get_npv);
    heading(&t, "Break-even of owning against");
    owning_rows(&t, false);
    heading(&t, "IRR of owning against (a year)");
    owning_rows(&t, true);
    summary_rows(&t);
    return t.n;
}
