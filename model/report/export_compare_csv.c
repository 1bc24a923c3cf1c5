/* export_compare_csv.c: `gpuplan compare --format csv` (DESIGN 11.4): one
 * row per scenario and option, RFC 4180, '.' whatever the locale. Money
 * to the cent, other figures at full precision (the shortest text that
 * reads back as the same double); empty cells where there is nothing (no
 * crossover, a break-even that never comes, no IRR, on-prem's own
 * crossover and owning columns). */
#include "config.h"

#include "compare_report.h"

#include <math.h>

#include "numfmt.h"

static void figure(StrBuf *b, double v)
{
    char t[40];
    sb_append(b, ",");
    if (!isfinite(v))
        return;
    num_format_exact(v, t, sizeof t);
    sb_append(b, t);
}

/* Money rounded to the cent, as every CSV of gpuplan writes it. */
static void money(StrBuf *b, double v)
{
    figure(b, num_round_cents(v));
}

static void text(StrBuf *b, const char *s)
{
    sb_append(b, ",");
    export_csv_field(b, s);
}

void export_compare_csv(const CompareEntry *e, const Comparison *c, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(EXPORT_CSV));
    sb_append(b, "scenario,file,name,currency,option,allowed,monthly,per_useful_gpu_hour,"
                 "crossovers,crossover_pct,npv,break_even_month,"
                 "discounted_break_even_month,irr_pct,scenario_cheapest,cheapest\r\n");
    for (size_t i = 0; i < c->count; i++) {
        const CostResult *r = e[i].cost;
        const HorizonResult *h = &e[i].horizon->result;
        for (int o = 0; o < OPT_COUNT; o++) {
            const OptionCost *oc = &r->option[o];
            sb_printf(b, "%c", compare_label(i));
            text(b, e[i].file);
            text(b, e[i].scenario->name);
            text(b, e[i].scenario->currency);
            text(b, cost_option_key((CostOption)o));
            text(b, oc->allowed ? "true" : "false");
            money(b, oc->monthly);
            money(b, oc->per_useful_gpu_hour);
            char cell[COMPARE_CELL_BYTES] = "";
            bool cloud = o != OPT_ONPREM;
            if (cloud)
                compare_cross_cell(&r->crossover[o], cell, sizeof cell);
            text(b, cell);
            figure(b, cloud ? r->crossover[o].pct : NAN);
            money(b, h->npv[o]);
            figure(b, cloud && h->break_even[o] > 0 ? h->break_even[o] : NAN);
            figure(b, cloud && h->discounted_break_even[o] > 0 ? h->discounted_break_even[o]
                                                               : NAN);
            figure(b, cloud ? h->irr_pct[o] : NAN);
            text(b, r->cheapest == (CostOption)o ? "true" : "false");
            text(b, c->tied[i] && r->cheapest == (CostOption)o ? "true" : "false");
            sb_append(b, "\r\n");
        }
    }
    num_minus_set(was);
}
