/* verdict.c: the planner's verdict sentence, the zone line and the crossover
 * phrases (DESIGN 2.3, 2.4).
 *
 * Everything here is worded from the computed figures of a CostResult and
 * nothing else: a comparison is stated only as the figures give it, with the
 * amount, and the article's rule of thumb is quoted as a rule, never as a
 * finding. The texts use a small set of forms ("X is cheapest at P%: it
 * costs N CUR a month less than Y", "on-prem beats X above P%", "X costs
 * more than on-prem at every utilization") that the property test in
 * tests/check_verdict.c parses and checks against the figures. */
#include "config.h"

#include "cost.h"

#include <math.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"

/* A sentence built into the caller's fixed buffer (the model allocates
 * nothing); text that does not fit is cut at the buffer's end. */
typedef struct Out {
    char *buf;
    size_t n, len;
} Out;

static void out_put(Out *o, const char *s)
{
    size_t k = strlen(s);
    if (o->n == 0)
        return;
    if (o->len + k >= o->n)
        k = o->n - 1 - o->len;
    memcpy(o->buf + o->len, s, k);
    o->len += k;
    o->buf[o->len] = '\0';
}

static void out_printf(Out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void out_printf(Out *o, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    num_vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    out_put(o, tmp);
}

char *cost_crossover_text(const Crossover *c, char *buf, size_t n)
{
    if (c->count == 0) {
        snprintf(buf, n, "never (on-prem %s)", cost_cross_word(c->kind));
        return buf;
    }
    if (c->count == 1) {
        num_snprintf(buf, n, "%s %.1f%%", cost_side_word(c->point[0].side),
                     c->point[0].pct);
        return buf;
    }
    /* Two points: on-prem is cheaper outside them (it rose through zero and
     * fell back) or between them. */
    if (c->point[0].side == SIDE_BELOW)
        num_snprintf(buf, n, "below %.1f%% and above %.1f%%", c->point[0].pct,
                     c->point[1].pct);
    else
        num_snprintf(buf, n, "between %.1f%% and %.1f%%", c->point[0].pct,
                     c->point[1].pct);
    return buf;
}

/* "a", "a and b", "a, b and c" of the options in list. */
static void join_options(Out *b, const CostOption *list, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            out_put(b, i + 1 == n ? " and " : ", ");
        out_put(b, cost_option_word(list[i]));
    }
}

/* The crossover clauses of the verdict: "on-prem beats on-demand above
 * 35.9% and spot above 76.0%; reserved costs more than on-prem at every
 * utilization". */
static void crossover_clauses(Out *b, const CostResult *r)
{
    CostOption at[OPT_COUNT], kind[3][OPT_COUNT];
    size_t nat = 0, nk[3] = {0, 0, 0};
    bool has_and = false;
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        const Crossover *c = &r->crossover[k];
        if (c->count > 0) {
            at[nat++] = (CostOption)k;
            has_and = has_and || c->count > 1;
        } else {
            int g = c->kind == CROSS_CHEAPER ? 0 : c->kind == CROSS_DEARER ? 1 : 2;
            kind[g][nk[g]++] = (CostOption)k;
        }
    }
    bool first = true;
    if (nat > 0) {
        out_put(b, "on-prem beats ");
        for (size_t i = 0; i < nat; i++) {
            char t[96];
            if (i > 0)
                out_put(b, i + 1 < nat ? ", "
                                         : (has_and || nat > 2 ? ", and " : " and "));
            cost_crossover_text(&r->crossover[at[i]], t, sizeof t);
            out_printf(b, "%s %s", cost_option_word(at[i]), t);
        }
        first = false;
    }
    static const char *const tail[3][2] = {
        {" costs more than on-prem at every utilization",
         " cost more than on-prem at every utilization"},
        {" costs less than on-prem at every utilization",
         " cost less than on-prem at every utilization"},
        {" costs the same as on-prem at every utilization",
         " cost the same as on-prem at every utilization"}};
    for (int g = 0; g < 3; g++) {
        if (nk[g] == 0)
            continue;
        if (!first)
            out_put(b, "; ");
        join_options(b, kind[g], nk[g]);
        out_put(b, tail[g][nk[g] > 1]);
        first = false;
    }
}

/* "N CUR a month (q%)" with q the share of `of`. */
static void margin_text(double diff, double of, const char *cur, char *buf,
                        size_t n)
{
    char m[48];
    num_format_money(fabs(diff), 0, m, sizeof m);
    if (of > 0)
        num_snprintf(buf, n, "%s %s a month (%.1f%%)", m, cur,
                     100 * fabs(diff) / of);
    else
        num_snprintf(buf, n, "%s %s a month", m, cur);
}

/* Upper-case the first letter of an ASCII word into buf. */
static const char *capital(const char *w, char *buf, size_t n)
{
    snprintf(buf, n, "%s", w);
    if (buf[0] >= 'a' && buf[0] <= 'z')
        buf[0] = (char)(buf[0] - 'a' + 'A');
    return buf;
}

/* DESIGN 2.4: the verdict's first clause, which option is cheapest and by
 * how much, into b. */
static void lead_clause(Out *b, const Scenario *s, const CostResult *r)
{
    char u[16], mt[96], cap[32];
    cost_pct_text(s->utilization.measured_pct, u, sizeof u);
    const char *cur = s->currency;
    const OptionCost *on = &r->option[OPT_ONPREM];
    CostOption cc = cost_cheapest_cloud(r);
    const OptionCost *cl = &r->option[cc];
    if (!cl->allowed) {
        /* Compliance: only on-prem is allowed; the cloud is for reference. */
        double d = cl->monthly - on->monthly;
        margin_text(d, on->monthly, cur, mt, sizeof mt);
        out_printf(b, "On-prem is the only allowed option at %s%% (compliance "
                  "forbids the cloud); ", u);
        if (cost_same(cl->monthly, on->monthly))
            out_printf(b, "%s would cost the same as on-prem", cost_option_word(cc));
        else
            out_printf(b, "%s would cost %s %s than on-prem",
                      cost_option_word(cc), mt, d < 0 ? "less" : "more");
    } else if (r->cheapest == OPT_ONPREM) {
        double d = cl->monthly - on->monthly;
        margin_text(d, cl->monthly, cur, mt, sizeof mt);
        if (cost_same(cl->monthly, on->monthly))
            out_printf(b, "On-prem is cheapest at %s%%: it costs the same as %s, "
                      "the cheapest cloud option", u, cost_option_word(cc));
        else
            out_printf(b, "On-prem is cheapest at %s%%: it costs %s less than "
                      "%s, the cheapest cloud option", u, mt,
                      cost_option_word(cc));
    } else {
        double d = on->monthly - cl->monthly;
        margin_text(d, on->monthly, cur, mt, sizeof mt);
        out_printf(b, "%s is cheapest at %s%%: it costs %s less than on-prem",
                  capital(cost_option_word(cc), cap, sizeof cap), u, mt);
    }
}

char *cost_verdict_text(const Scenario *s, const CostResult *r, char *buf,
                        size_t n)
{
    Out b = {buf, n, 0};
    if (n > 0)
        buf[0] = '\0';
    lead_clause(&b, s, r);
    out_put(&b, "; ");
    crossover_clauses(&b, r);
    out_put(&b, ".");
    return buf;
}

char *cost_verdict_lead_text(const Scenario *s, const CostResult *r, char *buf,
                             size_t n)
{
    Out b = {buf, n, 0};
    if (n > 0)
        buf[0] = '\0';
    lead_clause(&b, s, r);
    out_put(&b, ".");
    return buf;
}

/* The article's rule for each zone, quoted as a rule. */
static const char *const zone_rule[] = {
    [ZONE_CLOUD] = "below 50%, rent from the cloud",
    [ZONE_HYBRID] = "from 50% to 75%, own the base and burst to the cloud",
    [ZONE_ONPREM] = "above 75%, own the cluster"};

char *cost_zone_text(const Scenario *s, const CostResult *r, bool brief,
                     char *buf, size_t n)
{
    const char *z = cost_zone_key(r->zone);
    CostOption best = r->cheapest;
    if (brief) {
        if (r->zone_agrees)
            snprintf(buf, n, "zone %s (rule of thumb): agrees", z);
        else
            snprintf(buf, n, "zone %s disagrees: %s is cheapest; biggest "
                     "term: %s", z, cost_option_word(best),
                     cost_term_word(cost_biggest_term(r, cost_zone_rival(r))));
        return buf;
    }
    char u[16];
    cost_pct_text(s->utilization.measured_pct, u, sizeof u);
    if (r->zone == ZONE_HYBRID) {
        num_snprintf(buf, n, "%s (%s%% measured; the rule of thumb: \"%s\"); "
                     "%s is cheapest.", z, u, zone_rule[r->zone],
                     cost_option_word(best));
        return buf;
    }
    num_snprintf(buf, n, "%s (%s%% measured; the rule of thumb: \"%s\"); the "
                 "figures %s: %s is cheapest%s.", z, u, zone_rule[r->zone],
                 r->zone_agrees ? "agree" : "disagree", cost_option_word(best),
                 r->zone_agrees ? "" : " (see ZONE_DISAGREES)");
    return buf;
}
