/* risk.c: tornado and Monte Carlo of the decision (DESIGN 2.8); see risk.h. */
#include "config.h"

#include "risk.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "correlate.h"
#include "horizon.h"
#include "rng.h"
#include "uncertainty.h"
#include "utf8.h"

/* The costs the metric compares: the levelized cost Lev_x of DESIGN 2.7,
 * which cost_evaluate_options gives (the steady-state M_x at the horizon
 * defaults). */
void risk_costs(const Scenario *s, CostResult *r)
{
    cost_evaluate_options(s, r);
}


CostOption risk_best_cloud(const Scenario *s)
{
    CostResult r;
    risk_costs(s, &r);
    return cost_cheapest_cloud(&r);
}

double risk_break_even_on_demand(const Scenario *s, const CostResult *r)
{
    if (!horizon_is_steady(s)) {
        /* DESIGN 2.7: ramp, price changes or refreshes: the cash flows. */
        int m = horizon_break_even_month(s, OPT_ON_DEMAND);
        return m > 0 ? m : NAN;
    }
    const Hardware *h = &s->hardware;
    double C = h->nodes * (h->node_price + h->network_per_node) + h->storage +
               h->other_capex;
    double R = C * h->residual_pct / 100;
    double L = h->lifetime_months;
    /* Nominal monthly flows: on-prem's running costs (everything but the
     * capital line, which stands for the purchase and the resale). */
    const OptionCost *on = &r->option[OPT_ONPREM];
    double opex = on->monthly - on->line[LINE_CAPITAL];
    double d = r->option[OPT_ON_DEMAND].monthly - opex; /* gained a month */
    /* Before month L: C + t·opex <= t·M_od, i.e. t·d >= C. */
    if (d > 0) {
        double t = ceil(C / d);
        if (t < 1)
            t = 1;
        while (t > 1 && (t - 1) * d >= C) /* ceil of a rounded quotient */
            t--;
        while (t * d < C)
            t++;
        if (t < L)
            return t;
    }
    /* Month L = T also sells the hardware: C − R + L·opex <= L·M_od. */
    return L * d >= C - R ? L : NAN;
}

int risk_rules_hold(const Scenario *s, Diag *d)
{
    const Field *bad = NULL;
    diag_clear(d, NULL);
    /* Every rule between fields that a scenario field takes part in, the
     * plan's node count included; the draws and seek steps change only
     * scenario fields of a scenario that was valid, so the plan's own
     * rules (its job count) hold as they did. */
    if (scenario_validate_scope(s, FS_SCENARIO, &bad, d) == 0)
        return 0;
    diag_place(d, 0, 0, bad->key);
    return EXIT_DATAERR;
}

void risk_point(const Scenario *s, CostOption x, RiskPoint *p)
{
    CostResult r;
    risk_costs(s, &r);
    p->best_cloud = cost_cheapest_cloud(&r);
    p->delta = r.option[OPT_ONPREM].monthly - r.option[p->best_cloud].monthly;
    p->scale = fmax(fabs(r.option[OPT_ONPREM].monthly),
                    fabs(r.option[p->best_cloud].monthly));
    p->onprem_cheapest = r.cheapest == OPT_ONPREM;
    /* DESIGN 2.3: the first of the roots of D on (0, 1], or none. */
    const Crossover *cx = &r.crossover[x];
    p->has_crossover = cx->count > 0;
    p->crossover_pct = cx->count > 0 ? cx->point[0].pct : NAN;
    p->cheapest_cloud_per_hour = r.option[p->best_cloud].per_useful_gpu_hour;
    p->break_even_month_od = risk_break_even_on_demand(s, &r);
}

/* ---- tornado ------------------------------------------------------------ */

static bool in_default_set(const Field *f)
{
    static const char *const sections[] = {"hardware.", "facility.",
                                           "staffing.", "utilization.",
                                           "cloud.", "opportunity.",
                                           "horizon."};
    if (f->type != FT_INT && f->type != FT_NUMBER && f->type != FT_PERCENT &&
        f->type != FT_MONEY)
        return false;
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
        if (strncmp(f->key, sections[i], strlen(sections[i])) == 0)
            return true;
    return false;
}

static double clamp(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void risk_default_range(const Field *f, double v, double *low, double *high)
{
    double lo = v * 0.8, hi = v * 1.2;
    if (lo > hi) { /* a negative value */
        double t = lo;
        lo = hi;
        hi = t;
    }
    if (f->type == FT_INT) {
        double step = f->step > 0 ? f->step : 1;
        lo = round(lo);
        hi = round(hi);
        if (lo > v - step)
            lo = v - step;
        if (hi < v + step)
            hi = v + step;
    }
    *low = clamp(lo, f->minimum, f->maximum);
    *high = clamp(hi, f->minimum, f->maximum);
}

/* Evaluate one end of a row: the input at `value`, the rest as given. */
static void tornado_side(const Field *f, double value, Scenario *work,
                         CostOption x, TornadoSide *side)
{
    double *slot = field_num(f, work);
    double keep = *slot;
    *slot = value;
    side->value = value;
    side->why[0] = '\0';
    Diag d;
    side->ok = risk_rules_hold(work, &d) == 0;
    if (!side->ok) { /* "key: the rule", cut with "…" to the row's room */
        char text[DIAG_TEXT_MAX];
        diag_format(&d, text, sizeof text);
        utf8_clip(text, side->why, sizeof side->why);
    }
    if (side->ok)
        risk_point(work, x, &side->at);
    else
        memset(&side->at, 0, sizeof side->at);
    *slot = keep;
}

/* The largest cost row r's swing is computed from (base: the scenario as
 * given, whose delta a one-sided swing is measured from). */
static double row_scale(const TornadoRow *r, double base)
{
    double s = base;
    if (r->low.ok)
        s = fmax(s, r->low.at.scale);
    if (r->high.ok)
        s = fmax(s, r->high.at.scale);
    return s;
}

static double row_swing(const TornadoRow *r, double base)
{
    if (r->low.ok && r->high.ok)
        return fabs(r->high.at.delta - r->low.at.delta);
    if (r->low.ok)
        return fabs(r->low.at.delta - base);
    if (r->high.ok)
        return fabs(r->high.at.delta - base);
    return 0;
}

/* Row a ranks after row b: a smaller swing, or the same swing (within
 * rounding of the costs both come from, DESIGN 2.4) and a later row of the
 * registry. Swings that are equal in exact arithmetic may differ by an ulp
 * of the costs they are differences of. */
static bool ranks_after(const TornadoRow *a, const TornadoRow *b)
{
    double tol = COST_TIE_REL * fmax(a->scale, b->scale);
    if (fabs(a->swing - b->swing) <= tol)
        return a->field > b->field;
    return a->swing < b->swing;
}

/* Rank: swing descending, ties in registry order (a stable insertion sort
 * over at most TORNADO_MAX_ROWS rows). */
static void tornado_rank(Tornado *t)
{
    for (size_t i = 1; i < t->count; i++) {
        TornadoRow r = t->row[i];
        size_t j = i;
        while (j > 0 && ranks_after(&t->row[j - 1], &r)) {
            t->row[j] = t->row[j - 1];
            j--;
        }
        t->row[j] = r;
    }
}

void risk_tornado(const Scenario *s, Scenario *work, Tornado *t)
{
    *work = *s;
    t->option = risk_best_cloud(s);
    risk_point(s, t->option, &t->base);
    t->count = 0;
    const Uncertainty *u = &s->uncertainty;
    t->default_set = !s->has_uncertainty || u->input_count == 0;
    if (t->default_set) {
        for (size_t i = 0; i < field_count && t->count < TORNADO_MAX_ROWS;
             i++) {
            const Field *f = &field_table[i];
            if (!in_default_set(f))
                continue; /* before reading it: text is not a double */
            double v = field_get_num(f, s);
            if (v == 0)
                continue;
            TornadoRow *r = &t->row[t->count++];
            r->field = f;
            double lo, hi;
            risk_default_range(f, v, &lo, &hi);
            tornado_side(f, lo, work, t->option, &r->low);
            tornado_side(f, hi, work, t->option, &r->high);
        }
    } else {
        for (size_t i = 0; i < u->input_count; i++) {
            const Field *f = uncertainty_target(u->inputs[i].key, NULL);
            if (!f)
                continue; /* uncertainty_check refuses such a file */
            TornadoRow *r = &t->row[t->count++];
            r->field = f;
            tornado_side(f, u->inputs[i].low, work, t->option, &r->low);
            tornado_side(f, u->inputs[i].high, work, t->option, &r->high);
        }
    }
    for (size_t i = 0; i < t->count; i++) {
        t->row[i].swing = row_swing(&t->row[i], t->base.delta);
        t->row[i].scale = row_scale(&t->row[i], t->base.scale);
    }
    tornado_rank(t);
}

/* ---- Monte Carlo --------------------------------------------------------- */

double risk_triangular(double u, double low, double mode, double high)
{
    double F = (mode - low) / (high - low);
    if (u < F)
        return low + sqrt(u * (high - low) * (mode - low));
    return high - sqrt((1 - u) * (high - low) * (high - mode));
}

double risk_nearest_rank(const double *sorted, size_t n, double p)
{
    double r = ceil(p / 100 * (double)n);
    size_t k = r < 1 ? 1 : (size_t)r;
    if (k > n)
        k = n;
    return sorted[k - 1];
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sort v[0..n) and take its nearest-rank P10, P50, P90. */
static void percentiles(double *v, size_t n, RiskPct *p)
{
    p->n = n;
    if (n == 0) {
        p->p10 = p->p50 = p->p90 = NAN;
        return;
    }
    qsort(v, n, sizeof v[0], cmp_double);
    p->p10 = risk_nearest_rank(v, n, 10);
    p->p50 = risk_nearest_rank(v, n, 50);
    p->p90 = risk_nearest_rank(v, n, 90);
}

/* 20 equal bins from the smallest to the largest Δ (sorted[0..n), n > 0);
 * the last bin holds its upper edge. All Δ equal: one unit either side. */
static void histogram(const double *sorted, size_t n, MonteCarlo *mc)
{
    double lo = sorted[0], hi = sorted[n - 1];
    if (!(hi > lo)) {
        double w = fabs(lo) > 1 ? fabs(lo) * 1e-6 : 1;
        lo -= w;
        hi += w;
    }
    double width = (hi - lo) / RISK_BINS;
    for (int b = 0; b <= RISK_BINS; b++)
        mc->edges[b] = b == RISK_BINS ? hi : lo + width * b;
    memset(mc->counts, 0, sizeof mc->counts);
    for (size_t i = 0; i < n; i++) {
        double k = floor((sorted[i] - lo) / width);
        int b = k < 0 ? 0 : k >= RISK_BINS ? RISK_BINS - 1 : (int)k;
        mc->counts[b]++;
    }
}

/* Keep the values that are numbers (drop NAN) at the front; their count. */
static size_t compact(double *v, size_t n)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!isnan(v[i]))
            v[m++] = v[i];
    return m;
}

/* True when the caller asked the run to stop (RiskBuffers.cancel). */
static bool cancelled(const RiskBuffers *buf)
{
    return buf->cancel && *buf->cancel;
}

/* The run was stopped: say after how many draws. Returns d's status. */
static int stop_message(const MonteCarlo *mc, size_t draws, Diag *err)
{
    return diag_fail(err, "stopped after %zu of %zu draws",
                     mc->draws + mc->rejected, draws);
}

/* The inputs as the draws see them: each one's field, its slot in the
 * work scenario and its mode; with pairs, the paired inputs' draws in the
 * order Iman-Conover gave them (column[i] the column of input i, or
 * NO_COLUMN). */
#define NO_COLUMN ((size_t)-1)
typedef struct Draws {
    size_t k, n; /* inputs, draws */
    const Field *target[UNC_MAX_INPUTS];
    double *slot[UNC_MAX_INPUTS];
    double mode[UNC_MAX_INPUTS];
    const double *corr;
    size_t column[UNC_MAX_INPUTS];
} Draws;

/* The Iman-Conover scores' stream, apart from the draws' (DESIGN 2.8):
 * the seed with "correlat" in ASCII xor'ed in. */
#define CORR_SALT UINT64_C(0x636f7272656c6174)

/* Input i's next draw: the triangular inverse CDF, an int rounded half
 * away from zero. */
static double draw_one(const Uncertainty *u, const Draws *w, size_t i,
                       Rng *rng)
{
    const UncInput *in = &u->inputs[i];
    double v = risk_triangular(rng_uniform(rng), in->low, w->mode[i],
                               in->high);
    if (w->target[i]->type == FT_INT)
        v = round(v); /* half away from zero */
    return v;
}

/* The column of the input with this key, or NO_COLUMN. */
static size_t column_named(const Uncertainty *u, const Draws *w,
                           const char *key)
{
    for (size_t i = 0; i < w->k; i++)
        if (strcmp(u->inputs[i].key, key) == 0)
            return w->column[i];
    return NO_COLUMN;
}

size_t risk_corr_room(const Scenario *s, size_t draws)
{
    CorrPair pairs[UNC_MAX_PAIRS];
    size_t col[UNC_MAX_INPUTS], from[UNC_MAX_PAIRS], np;
    size_t k = uncertainty_pair_matrix(s, pairs, &np, from, col);
    return k ? draws * (2 * k + 1) : 0;
}

/* With pairs: every draw made once, the paired inputs' kept in buf->corr
 * and reordered by Iman-Conover to the pairs' rank correlations (DESIGN
 * 2.8), and each pair's rank correlation over them into mc. The draws then
 * run the same stream again and take the paired inputs' values from
 * w->corr, so that the other inputs' draws are those of the independent
 * run. Without pairs w->corr stays NULL. */
static int correlate_draws(const Scenario *s, const RiskBuffers *buf,
                           Draws *w, MonteCarlo *mc, Diag *err)
{
    const Uncertainty *u = &s->uncertainty;
    CorrPair pairs[UNC_MAX_PAIRS];
    size_t col[UNC_MAX_INPUTS], from[UNC_MAX_PAIRS], np, nd = w->n;
    for (size_t i = 0; i < w->k; i++)
        w->column[i] = NO_COLUMN;
    w->corr = NULL;
    mc->pair_count = u->pair_count;
    for (size_t p = 0; p < u->pair_count; p++)
        mc->rank_corr[p] = NAN; /* drawn independently */
    size_t k = uncertainty_pair_matrix(s, pairs, &np, from, col);
    if (k == 0)
        return 0;
    if (!buf->corr || !buf->corr_idx || buf->corr_cap < risk_corr_room(s, nd))
        return diag_fail(err, "no room for the draws of the %zu inputs the "
                         "pairs name", k);
    for (size_t j = 0; j < k; j++)
        w->column[col[j]] = j;
    double *x = buf->corr, *scratch = x + nd * k;
    Rng rng;
    rng_seed(&rng, (uint64_t)u->seed);
    for (size_t d = 0; d < nd; d++)
        for (size_t i = 0; i < w->k; i++) {
            double v = draw_one(u, w, i, &rng);
            if (w->column[i] != NO_COLUMN)
                x[w->column[i] * nd + d] = v;
        }
    double C[CORRELATE_MAX * CORRELATE_MAX];
    size_t bad = 0;
    if (!correlate_matrix(pairs, np, k, C, &bad) ||
        !correlate_iman_conover(x, nd, k, C, (uint64_t)u->seed ^ CORR_SALT,
                                scratch, buf->corr_idx)) {
        return diag_fail(err, "the rank correlations of "
                         "uncertainty.correlations cannot be given to %zu "
                         "draws of %zu inputs (the pairs must pass the check, "
                         "with more draws than inputs)", nd, k);
    }
    for (size_t p = 0; p < u->pair_count; p++) {
        size_t a = column_named(u, w, u->pairs[p].a);
        size_t b = column_named(u, w, u->pairs[p].b);
        if (a != NO_COLUMN && b != NO_COLUMN)
            mc->rank_corr[p] = correlate_spearman(x + a * nd, x + b * nd, nd,
                                                  scratch, buf->corr_idx);
    }
    w->corr = x;
    return 0;
}

/* Draw d of the run: every input's value into its slot. */
static void draw_set(const Uncertainty *u, const Draws *w, size_t d, Rng *rng)
{
    for (size_t i = 0; i < w->k; i++) {
        double v = draw_one(u, w, i, rng);
        if (w->corr && w->column[i] != NO_COLUMN)
            v = w->corr[w->column[i] * w->n + d];
        *w->slot[i] = v;
    }
}

int risk_monte_carlo(const Scenario *s, Scenario *work,
                     const RiskBuffers *buf, MonteCarlo *mc, Diag *err)
{
    diag_clear(err, NULL);
    const Uncertainty *u = &s->uncertainty;
    size_t draws = (size_t)u->draws;
    memset(mc, 0, sizeof *mc);
    mc->option = risk_best_cloud(s);
    if (buf->cap < draws)
        return diag_fail(err, "room for %zu draws, %zu asked", buf->cap, draws);
    Draws w = {.k = u->input_count, .n = draws};
    *work = *s;
    for (size_t i = 0; i < w.k; i++) {
        w.target[i] = uncertainty_target(u->inputs[i].key, err);
        if (!w.target[i]) {
            char where[FIELD_PATH_MAX + 2];
            snprintf(where, sizeof where, "uncertainty.inputs[%zu].key: ", i);
            diag_prefix(err, where); /* a cut ends in "…" */
            return err->status ? err->status : EXIT_DATAERR;
        }
        w.slot[i] = field_num(w.target[i], work);
        w.mode[i] = uncertainty_mode(&u->inputs[i], w.target[i], s);
    }
    int rc = correlate_draws(s, buf, &w, mc, err);
    if (rc != 0)
        return rc;
    if (cancelled(buf))
        return stop_message(mc, draws, err);
    Rng rng;
    rng_seed(&rng, (uint64_t)u->seed);
    size_t used = 0, cheapest = 0;
    Diag why; /* the last draw refused */
    bool stopped = false;
    for (size_t d = 0; d < draws; d++) {
        if (cancelled(buf)) { /* one volatile read: a draw costs far more */
            stopped = true;
            break;
        }
        draw_set(u, &w, d, &rng);
        if (risk_rules_hold(work, &why) != 0) {
            mc->rejected++;
            continue;
        }
        RiskPoint p;
        risk_point(work, mc->option, &p);
        cheapest += p.onprem_cheapest;
        buf->delta[used] = p.delta;
        buf->crossover[used] = p.crossover_pct;
        buf->per_hour[used] = p.cheapest_cloud_per_hour;
        buf->break_even[used] = p.break_even_month_od;
        used++;
    }
    for (size_t i = 0; i < w.k; i++)
        *w.slot[i] = field_get_num(w.target[i], s);
    mc->draws = used;
    if (stopped || cancelled(buf))
        return stop_message(mc, draws, err);
    if (mc->rejected * 2 > draws) {
        char last[DIAG_TEXT_MAX];
        diag_format(&why, last, sizeof last);
        return diag_fail(err, "%zu of %zu draws break a cross-field rule (the "
                         "last: %s); narrow the ranges so that most draws are "
                         "valid scenarios", mc->rejected, draws, last);
    }
    /* Each sort of up to a million values takes tens of milliseconds: the
     * flag is looked at between them, so a signal still acts at once. */
    mc->p_onprem_cheapest = (double)cheapest / (double)used;
    percentiles(buf->delta, used, &mc->delta);
    histogram(buf->delta, used, mc);
    size_t m = compact(buf->crossover, used);
    if (cancelled(buf))
        return stop_message(mc, draws, err);
    percentiles(buf->crossover, m, &mc->crossover);
    mc->crossover_none_share = (double)(used - m) / (double)used;
    m = compact(buf->per_hour, used);
    if (cancelled(buf))
        return stop_message(mc, draws, err);
    percentiles(buf->per_hour, m, &mc->per_hour);
    m = compact(buf->break_even, used);
    if (cancelled(buf))
        return stop_message(mc, draws, err);
    percentiles(buf->break_even, m, &mc->break_even);
    mc->break_even_never_share = (double)(used - m) / (double)used;
    return 0;
}
