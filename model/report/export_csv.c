/* export_csv.c: the CSV exports (DESIGN 4.3): a report's options, one row
 * each, and `gpuplan risk`'s tornado rows.
 *
 * RFC 4180: a header row, CRLF line ends, quoted fields where a field needs
 * it, '.' as the decimal point whatever the locale, an empty cell for n/a.
 * Every number is the shortest text that reads back to its double; money
 * (every amount in the currency: monthly, per useful GPU-hour, each
 * breakdown line, the tornado's deltas) is rounded to the cent first, so a
 * spreadsheet shows 48074.88, not 48074.880000000005. */
#include "config.h"

#include "export.h"

#include <math.h>
#include <string.h>

#include "dtoa.h"
#include "numfmt.h"

void export_csv_field(StrBuf *b, const char *s)
{
    if (strpbrk(s, ",\"\r\n") == NULL) {
        sb_append(b, s);
        return;
    }
    sb_append(b, "\"");
    for (; *s; s++) {
        if (*s == '"')
            sb_append(b, "\"\"");
        else
            sb_append_n(b, s, 1);
    }
    sb_append(b, "\"");
}

/* A number cell: the shortest text that reads back to v exactly; empty
 * for n/a. */
static void csv_num(StrBuf *b, double v)
{
    char buf[DTOA_BUFSIZE];
    if (!isfinite(v))
        return;
    dtoa_shortest(v, buf);
    sb_append(b, buf);
}

/* A money cell (DESIGN 4.3): rounded to the cent, then as csv_num. */
static void csv_money(StrBuf *b, double v)
{
    csv_num(b, num_round_cents(v));
}

void export_csv(const Report *rep, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(EXPORT_CSV));
    const CostResult *r = rep->cost;
    /* Header: option columns, then the union of both kinds' lines in the
     * DESIGN's order (capital .. opportunity, compute .. opportunity). */
    static const CostLine cols[] = {
        LINE_CAPITAL, LINE_MAINTENANCE, LINE_ENERGY,  LINE_COLOCATION,
        LINE_STAFF,   LINE_NETWORK,     LINE_OTHER,   LINE_OPPORTUNITY,
        LINE_COMPUTE, LINE_EGRESS,      LINE_STORAGE};
    sb_append(b, "option,allowed,monthly,per_useful_gpu_hour");
    for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++)
        sb_printf(b, ",%s", cost_line_key(cols[i]));
    sb_append(b, "\r\n");
    for (int k = 0; k < OPT_COUNT; k++) {
        const OptionCost *o = &r->option[k];
        export_csv_field(b, cost_option_key((CostOption)k));
        sb_printf(b, ",%s,", o->allowed ? "true" : "false");
        csv_money(b, o->monthly);
        sb_append(b, ",");
        csv_money(b, o->per_useful_gpu_hour);
        for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
            sb_append(b, ",");
            if (export_line_applies((CostOption)k, cols[i]))
                csv_money(b, o->line[cols[i]]);
        }
        sb_append(b, "\r\n");
    }
    num_minus_set(was);
}

void export_risk_csv(const Report *rep, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(EXPORT_CSV));
    sb_append(b, "key,low,high,delta_low,delta_high,crossover_low,"
              "crossover_high\r\n");
    if (!rep->risk) {
        num_minus_set(was);
        return;
    }
    const Tornado *t = &rep->risk->tornado;
    for (size_t i = 0; i < t->count; i++) {
        const TornadoRow *r = &t->row[i];
        export_csv_field(b, r->field->key);
        sb_append(b, ",");
        csv_num(b, r->low.value);
        sb_append(b, ",");
        csv_num(b, r->high.value);
        sb_append(b, ",");
        csv_money(b, r->low.ok ? r->low.at.delta : NAN);
        sb_append(b, ",");
        csv_money(b, r->high.ok ? r->high.at.delta : NAN);
        sb_append(b, ",");
        csv_num(b, r->low.ok ? r->low.at.crossover_pct : NAN);
        sb_append(b, ",");
        csv_num(b, r->high.ok ? r->high.at.crossover_pct : NAN);
        sb_append(b, "\r\n");
    }
    num_minus_set(was);
}
