/* cost_words.c: what the verdict, the zone line and the advice share
 * (DESIGN 2.4): the words for the options, the measured utilization as a
 * sentence shows it, the term that makes the difference between on-prem
 * and a cloud option, and the option the zone's rule is compared with.
 * verdict.c and advice.c both build on this file and on nothing of each
 * other. Declared in cost.h. */
#include "config.h"

#include "cost.h"

#include <math.h>
#include <stdbool.h>

#include "numfmt.h"

const char *cost_option_word(CostOption o)
{
    static const char *const k[OPT_COUNT] = {"on-prem", "on-demand",
                                             "reserved", "spot"};
    return (unsigned)o < OPT_COUNT ? k[o] : "?";
}

char *cost_pct_text(double pct, char *buf, size_t n)
{
    /* The marks the zone and the advice compare the utilization with. */
    static const double marks[] = {50, 60, 70, 75, 80};
    for (int d = 0; d <= 3; d++) {
        num_snprintf(buf, n, "%.*f", d, pct);
        double x = pct;
        (void)num_parse(buf, &x); /* always '.', whatever the locale */
        bool same_side = true;
        for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
            same_side = same_side && (x < marks[k]) == (pct < marks[k]) &&
                        (x > marks[k]) == (pct > marks[k]);
        if (same_side && fabs(x - pct) < 0.05)
            return buf;
    }
    return buf;
}

CostOption cost_zone_rival(const CostResult *r)
{
    return r->zone == ZONE_ONPREM ? r->cheapest : cost_cheapest_cloud(r);
}

void cost_terms(const CostResult *r, CostOption x, double on[TERM_COUNT],
                double cl[TERM_COUNT])
{
    const double *o = r->option[OPT_ONPREM].line, *c = r->option[x].line;
    on[TERM_COMPUTE] = o[LINE_CAPITAL] + o[LINE_MAINTENANCE] + o[LINE_ENERGY] +
                       o[LINE_COLOCATION] + o[LINE_NETWORK];
    cl[TERM_COMPUTE] = c[LINE_COMPUTE];
    on[TERM_STAFF] = o[LINE_STAFF];
    cl[TERM_STAFF] = c[LINE_STAFF];
    on[TERM_DATA] = 0;
    cl[TERM_DATA] = c[LINE_EGRESS] + c[LINE_STORAGE];
    on[TERM_OPPORTUNITY] = o[LINE_OPPORTUNITY];
    cl[TERM_OPPORTUNITY] = c[LINE_OPPORTUNITY];
    on[TERM_OTHER] = o[LINE_OTHER];
    cl[TERM_OTHER] = c[LINE_OTHER];
}

CostTerm cost_biggest_term(const CostResult *r, CostOption x)
{
    double on[TERM_COUNT], cl[TERM_COUNT];
    cost_terms(r, x, on, cl);
    double delta = r->option[OPT_ONPREM].monthly - r->option[x].monthly;
    CostTerm best = TERM_COMPUTE;
    double best_v = -INFINITY;
    for (int t = 0; t < TERM_COUNT; t++) {
        double v = (on[t] - cl[t]) * (delta >= 0 ? 1 : -1);
        if (v > best_v) {
            best_v = v;
            best = (CostTerm)t;
        }
    }
    return best;
}

const char *cost_term_word(CostTerm t)
{
    static const char *const k[TERM_COUNT] = {"hardware vs compute", "staff",
                                              "cloud data", "delay", "other"};
    return (unsigned)t < TERM_COUNT ? k[t] : "?";
}

