/* cost.c: the cost engine, DESIGN section 2.
 *
 * Every monthly cost is a piecewise straight line in the utilization u
 * (0..1): M(u) = fixed + slope*u, plus for reserved an overflow term past
 * the committed GPU-hours (DESIGN 2.2). The engine computes those coefficients
 * per option once, then everything else (the value at the measured
 * utilization, the crossovers, the curves) follows from them without
 * sampling. */
#include "config.h"

#include "cost.h"

#include <math.h>
#include <stddef.h>

#include "commitment.h"
#include "horizon.h"
#include <string.h>

const CostLine cost_onprem_lines[ONPREM_LINES] = {
    LINE_CAPITAL, LINE_MAINTENANCE, LINE_ENERGY, LINE_COLOCATION,
    LINE_STAFF,   LINE_NETWORK,     LINE_OTHER,  LINE_OPPORTUNITY};
const CostLine cost_cloud_lines[CLOUD_LINES] = {
    LINE_COMPUTE, LINE_EGRESS, LINE_STORAGE,
    LINE_STAFF,   LINE_OTHER,  LINE_OPPORTUNITY};

/* DESIGN 2.1: capital cost a month. With a cost of capital it is the annuity
 * that repays C over L months while R is left at the end; without one it is
 * straight-line depreciation of C - R. */
static double capital_monthly(double C, double R, double L, double rate_pct)
{
    if (rate_pct == 0)
        return (C - R) / L;
    double i = rate_pct / 100 / 12;
    double v = pow(1 + i, -L);
    return (C - R * v) * i / (1 - v);
}

/* DESIGN 2.1, split into the part that does not depend on u (fixed) and the
 * part that grows with u (only energy does). */
static void onprem_lines(const Scenario *s, double u, OptionCost *o)
{
    const Hardware *h = &s->hardware;
    const Facility *f = &s->facility;
    const double H = s->hours_per_month;
    double C = h->nodes * (h->node_price + h->network_per_node) + h->storage +
               h->other_capex;
    double R = C * h->residual_pct / 100;
    double energy_rate = h->nodes * f->pue * f->power_price_kwh * H;
    double energy0 = energy_rate * f->node_power_idle_kw;
    /* Busy power follows the active share of the held time (a = 1 by
     * default: the product is then exactly version 1's). */
    double energy_slope =
        energy_rate * (f->node_power_busy_kw - f->node_power_idle_kw) *
        (s->utilization.active_pct / 100);

    double *l = o->line;
    l[LINE_CAPITAL] =
        capital_monthly(C, R, h->lifetime_months, h->cost_of_capital_pct);
    l[LINE_MAINTENANCE] = C * h->maintenance_pct_per_year / 100 / 12;
    l[LINE_ENERGY] = energy0 + energy_slope * u;
    l[LINE_COLOCATION] = h->nodes * f->node_power_max_kw * f->colo_per_kw_month;
    l[LINE_STAFF] = s->staffing.engineers * s->staffing.salary_year *
                    s->staffing.share_pct / 100 / 12;
    l[LINE_NETWORK] = f->network_monthly;
    l[LINE_OTHER] = f->other_monthly;
    l[LINE_OPPORTUNITY] =
        s->opportunity.value_per_day * s->opportunity.onprem_delay_days_month;

    o->slope = energy_slope;
    o->fixed = l[LINE_CAPITAL] + l[LINE_MAINTENANCE] + energy0 +
               l[LINE_COLOCATION] + l[LINE_STAFF] + l[LINE_NETWORK] +
               l[LINE_OTHER] + l[LINE_OPPORTUNITY];
}

/* DESIGN 2.2: the fixed cloud lines K, shared by the three cloud options. */
static void cloud_fixed_lines(const Scenario *s, double *l)
{
    const Cloud *c = &s->cloud;
    l[LINE_EGRESS] = c->egress_tb_month * 1024 * c->egress_per_gb;
    l[LINE_STORAGE] = c->storage_tb * 1024 * c->storage_per_gb_month;
    l[LINE_STAFF] = s->staffing.cloud_engineers * s->staffing.salary_year / 12;
    l[LINE_OTHER] = c->other_monthly;
    l[LINE_OPPORTUNITY] =
        s->opportunity.value_per_day * s->opportunity.cloud_delay_days_month;
}

double cost_monthly_at(const OptionCost *o, double u)
{
    double v = o->fixed + o->slope * u;
    for (int j = 0; j < o->hinges && u > o->hinge_u[j]; j++)
        v += o->hinge_slope[j] * (u - o->hinge_u[j]);
    return v;
}

/* D(u) = M_onprem(u) - M_x(u), DESIGN 2.3. */
static double diff_at(const OptionCost *on, const OptionCost *x, double u)
{
    return cost_monthly_at(on, u) - cost_monthly_at(x, u);
}

/* DESIGN 2.3: every root of D in (0, 1], in closed form segment by segment.
 * D is linear between its breakpoints 0, x's hinges inside (0, 1) and 1;
 * on each segment [a, b] it is c0 + c1 u. A segment holds a root when D
 * leaves zero at a and reaches or passes it by b; its position is -c0/c1
 * (the same expression as a single line's root, so a scenario without a
 * hinge gives bit for bit the root it always gave). A zero exactly at a
 * hinge where D turns back (a touch, not a crossing) is no crossover. */
static Crossover crossover_of(const OptionCost *on, const OptionCost *x)
{
    Crossover c = {CROSS_EQUAL, NAN, 0, {{0, SIDE_ABOVE}}};
    double bp[COST_HINGES_MAX + 2];
    size_t nb = 0;
    bp[nb++] = 0;
    for (int j = 0; j < x->hinges; j++)
        if (x->hinge_u[j] > 0 && x->hinge_u[j] < 1)
            bp[nb++] = x->hinge_u[j];
    bp[nb++] = 1;
    const double d0 = on->fixed - x->fixed;
    const double ds = on->slope - x->slope;
    bool all_zero = true;
    int active = 0; /* hinges at or left of the segment's start */
    double c0 = d0, c1 = ds;
    for (size_t i = 0; i + 1 < nb; i++) {
        double a = bp[i], b = bp[i + 1];
        /* The segment's line: d0 + ds u, less each hinge already passed:
         * -hinge_slope (u - hinge_u). */
        while (active < x->hinges && x->hinge_u[active] <= a) {
            c0 += x->hinge_slope[active] * x->hinge_u[active];
            c1 -= x->hinge_slope[active];
            active++;
        }
        double da = c0 + c1 * a, db = c0 + c1 * b;
        if (i == 0 && active == 0)
            da = d0; /* exact at u = 0 */
        if (da != 0 || db != 0 || c1 != 0)
            all_zero = false;
        if (da == 0 || c1 == 0)
            continue; /* a root at a belongs to the segment before it */
        if (!(db == 0 || (da > 0) != (db > 0)))
            continue;
        double u = db == 0 ? b : -c0 / c1;
        if (u < a)
            u = a;
        if (u > b)
            u = b;
        if (!(u > 0))
            continue;
        CrossSide side = da > 0 ? SIDE_ABOVE : SIDE_BELOW;
        if (db == 0 && b < 1 && i + 2 < nb) {
            /* Zero at a hinge: a crossing only when D goes on past zero
             * on the next segment. */
            double after = diff_at(on, x, bp[i + 2]);
            if (after == 0 || (after > 0) == (da > 0))
                continue;
        }
        if (c.count == CROSS_POINTS_MAX)
            break; /* D is concave: unreachable */
        c.point[c.count].pct = u * 100;
        c.point[c.count].side = side;
        c.count++;
    }
    if (c.count > 0) {
        c.kind = CROSS_AT;
        c.pct = c.point[0].pct;
        return c;
    }
    if (all_zero)
        return c; /* identically zero */
    /* No root: the sign of D(1), or of D at 0 when D(1) is a touching zero. */
    double d1 = diff_at(on, x, 1);
    if (d1 < 0 || (d1 == 0 && d0 < 0))
        c.kind = CROSS_CHEAPER;
    else
        c.kind = CROSS_DEARER;
    return c;
}

/* Price per GPU-hour of the overflow beyond the committed GPUs, before the
 * managed premium (DESIGN 2.2 p_over). */
static double overflow_price(const Cloud *c)
{
    const double ov = 1 + c->billed_overhead_pct / 100;
    if (c->reserved_overflow == OVERFLOW_SPOT)
        return c->spot_gpu_hour * ov / (c->spot_goodput_pct / 100);
    return c->on_demand_gpu_hour * ov;
}

/* DESIGN 2.2 reserved compute at utilization u with coverage_pct committed:
 * the committed part and the overflow, without K. */
static void reserved_parts(const Scenario *s, double coverage_pct, double u,
                           double *committed, double *overflow)
{
    const Cloud *c = &s->cloud;
    const double H = s->hours_per_month;
    const double G = s->hardware.nodes * s->hardware.gpus_per_node;
    const double m = 1 + c->managed_premium_pct / 100;
    const double Nc = G * coverage_pct / 100;
    const double W = G * H * u;
    *committed = Nc * H * commitment_rate(c) * m;
    double beyond = W - Nc * H;
    *overflow = beyond > 0 ? beyond * overflow_price(c) * m : 0;
}

double cost_reserved_monthly(const Scenario *s, double coverage_pct, double u)
{
    if (!horizon_is_steady(s))
        return horizon_reserved_monthly(s, coverage_pct, u);
    double committed, overflow, kl[LINE_COUNT] = {0};
    reserved_parts(s, coverage_pct, u, &committed, &overflow);
    cloud_fixed_lines(s, kl);
    return committed + overflow + kl[LINE_EGRESS] + kl[LINE_STORAGE] +
           kl[LINE_STAFF] + kl[LINE_OTHER] + kl[LINE_OPPORTUNITY];
}

CostOption cost_cheapest_cloud(const CostResult *r)
{
    CostOption best = OPT_ON_DEMAND;
    for (int k = OPT_RESERVED; k < OPT_COUNT; k++)
        if (cost_less(r->option[k].monthly, r->option[best].monthly))
            best = (CostOption)k;
    return best;
}

/* DESIGN 2.4 COMMIT_COVERAGE: the coverage in steps of 5% (0..100) at which
 * reserved costs least at the measured utilization; the scenario's own
 * coverage wins ties, so a different one is named only when it saves (at
 * least one unit of the currency: a saving that rounds to nothing is not
 * advice).
 *
 * Steady state: M_res(c) = a*c + b*max(0, u - c) is convex in c with its
 * minimum at c = 0 or c = u, so on the 5% grid only 0 and the steps on
 * either side of u can be the least: those three are evaluated (what a
 * scan of all 21 steps finds, at a seventh of the work on every
 * keystroke). Over a horizon the month-t overflow kinks at u*r_t (a ramp)
 * and the committed rate and the overflow price move apart with the term
 * prices (DESIGN 2.7): the minimum can lie at any step, so all 21 are
 * levelized, over one plan of the horizon. */
#define COVERAGE_STEPS 21
static void best_coverage(const Scenario *s, CostResult *r)
{
    const double u = s->utilization.measured_pct / 100;
    const double own = s->cloud.reserved_coverage_pct;
    const double now = r->option[OPT_RESERVED].monthly;
    double steps[COVERAGE_STEPS], cost[COVERAGE_STEPS];
    size_t n = 0;
    if (horizon_is_steady(s)) {
        const double below = 5 * floor(u * 20), above = 5 * ceil(u * 20);
        const double three[3] = {0, below, above};
        for (int k = 0; k < 3; k++)
            if (k == 0 || three[k] != three[k - 1]) {
                steps[n] = three[k];
                cost[n] = cost_reserved_monthly(s, steps[n], u);
                n++;
            }
    } else {
        for (int k = 0; k < COVERAGE_STEPS; k++)
            steps[n++] = 5.0 * k;
        horizon_reserved_monthly_n(s, steps, n, u, cost);
    }
    double best_pct = own, best = now;
    for (size_t k = 0; k < n; k++) {
        double v = cost[k];
        if (cost_less(v, best) && (best_pct != own || v <= now - 1)) {
            best = v;
            best_pct = steps[k];
        }
    }
    r->best_coverage_pct = best_pct;
    r->best_coverage_monthly = best;
}

/* DESIGN 2.1: on-prem's lines and its piecewise line, into
 * r->option[OPT_ONPREM]. Reads nothing of s->cloud (cost_field_parts). */
static void onprem_option(const Scenario *s, CostResult *r)
{
    OptionCost *on = &r->option[OPT_ONPREM];
    memset(on->line, 0, sizeof on->line);
    on->committed = on->overflow = 0;
    on->hinges = 0;
    onprem_lines(s, s->utilization.measured_pct / 100, on);
    on->allowed = true;
}

/* DESIGN 2.2: the three cloud options' lines and piecewise lines. Reads
 * nothing of s->facility (cost_field_parts). */
static void cloud_options(const Scenario *s, CostResult *r)
{
    const double H = s->hours_per_month;
    const double G = s->hardware.nodes * s->hardware.gpus_per_node;
    const double u = s->utilization.measured_pct / 100;
    const Cloud *c = &s->cloud;
    const double m = 1 + c->managed_premium_pct / 100;
    const double ov = 1 + c->billed_overhead_pct / 100;
    const double goodput = c->spot_goodput_pct / 100;
    const double e = c->spot_eligible_pct / 100;
    const bool cloud_ok = !s->constraints.compliance_forbids_cloud;

    double kl[LINE_COUNT] = {0};
    cloud_fixed_lines(s, kl);
    double K = kl[LINE_EGRESS] + kl[LINE_STORAGE] + kl[LINE_STAFF] +
               kl[LINE_OTHER] + kl[LINE_OPPORTUNITY];

    /* DESIGN 2.2 compute per unit of u. Spot's eligible share runs at the spot
     * price over goodput, the rest on-demand; with e = 1 the product is
     * written exactly as version 1 wrote it, so its figures stay bit for
     * bit; with e = 0 all of spot's work runs on-demand and its slope is
     * on-demand's itself, so the two are equal to the last bit (DESIGN 2.4
     * then gives the tie to on-demand). Reserved: the committed GPUs are
     * flat, the overflow grows past the kink at u = coverage. */
    double slope_od = G * H * c->on_demand_gpu_hour * m * ov;
    double slope_spot = e == 1 ? G * H * c->spot_gpu_hour * m * ov / goodput
                        : e == 0 ? slope_od
                               : G * H * m * ov *
                                     (e * c->spot_gpu_hour / goodput +
                                      (1 - e) * c->on_demand_gpu_hour);
    double committed, overflow;
    reserved_parts(s, c->reserved_coverage_pct, u, &committed, &overflow);
    double flat_res = G * c->reserved_coverage_pct / 100 * H *
                      commitment_rate(c) * m;
    const double slopes[OPT_COUNT] = {0, slope_od, 0, slope_spot};
    const double flats[OPT_COUNT] = {0, 0, flat_res, 0};

    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        OptionCost *o = &r->option[k];
        /* (the hinge arrays are read only up to their count: clearing
         * them would triple the work at the defaults) */
        memcpy(o->line, kl, sizeof kl);
        o->line[LINE_COMPUTE] = flats[k] + slopes[k] * u;
        o->fixed = flats[k] + K;
        o->slope = slopes[k];
        o->committed = o->overflow = 0;
        o->hinges = 0;
        o->allowed = cloud_ok;
    }
    OptionCost *res = &r->option[OPT_RESERVED];
    res->committed = committed;
    res->overflow = overflow;
    res->line[LINE_COMPUTE] = committed + overflow;
    if (c->reserved_coverage_pct < 100) {
        res->hinges = 1;
        res->hinge_u[0] = c->reserved_coverage_pct / 100;
        res->hinge_slope[0] = G * H * overflow_price(c) * m;
    }
}

/* From the options' lines: each option's monthly cost and cost per useful
 * GPU-hour, the cheapest, the crossovers and the zone (DESIGN 2.3, 2.4).
 * The crossovers of the options whose bit is set in `kept` are left as r
 * holds them (cost_update_figures: their piecewise lines did not change). */
static void figures_of_lines(const Scenario *s, CostResult *r, unsigned kept)
{
    /* Cost per useful GPU-hour: NPV / sum(W_t v^t) = Lev / (W wf). */
    const double W = r->useful_gpu_hours_month * r->work_factor;
    for (int k = 0; k < OPT_COUNT; k++) {
        OptionCost *o = &r->option[k];
        /* (a loop of a known count a kind: the table's lines are added in
         * its order, as always, and the compiler can unroll it) */
        double m = 0;
        if (k == OPT_ONPREM)
            for (size_t i = 0; i < ONPREM_LINES; i++)
                m += o->line[cost_onprem_lines[i]];
        else
            for (size_t i = 0; i < CLOUD_LINES; i++)
                m += o->line[cost_cloud_lines[i]];
        o->monthly = m;
        o->per_useful_gpu_hour = W > 0 ? m / W : NAN;
    }

    /* DESIGN 2.4: cheapest allowed; a tie (equal within rounding) goes to
     * the earlier option. */
    r->cheapest = OPT_ONPREM;
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        if (r->option[k].allowed &&
            cost_less(r->option[k].monthly, r->option[r->cheapest].monthly))
            r->cheapest = (CostOption)k;

    const OptionCost *on = &r->option[OPT_ONPREM];
    r->crossover[OPT_ONPREM] = (Crossover){CROSS_EQUAL, NAN, 0, {{0, 0}}};
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        if (!(kept & (1u << k)))
            r->crossover[k] = crossover_of(on, &r->option[k]);

    /* DESIGN 2.4 zone: the article's rule of thumb, and whether the figures
     * agree with it. */
    const double pct = s->utilization.measured_pct;
    r->zone = pct < 50 ? ZONE_CLOUD : pct > 75 ? ZONE_ONPREM : ZONE_HYBRID;
    r->zone_agrees = !((r->zone == ZONE_ONPREM && r->cheapest != OPT_ONPREM) ||
                       (r->zone == ZONE_CLOUD && r->cheapest == OPT_ONPREM));
}

void cost_evaluate_figures(const Scenario *s, CostResult *r)
{
    const double G = s->hardware.nodes * s->hardware.gpus_per_node;
    r->gpus = G;
    r->useful_gpu_hours_month =
        G * s->hours_per_month * (s->utilization.measured_pct / 100);
    r->work_factor = 1;
    onprem_option(s, r);
    cloud_options(s, r);
    /* DESIGN 2.7: beyond the steady state, every figure is levelized. */
    if (!horizon_is_steady(s))
        horizon_levelize(s, r);
    figures_of_lines(s, r, 0);
}

unsigned cost_field_parts(size_t offset)
{
    if (offset >= offsetof(Scenario, cloud) &&
        offset < offsetof(Scenario, cloud) + sizeof(Cloud))
        return COST_PART_CLOUD;
    if (offset >= offsetof(Scenario, facility) &&
        offset < offsetof(Scenario, facility) + sizeof(Facility))
        return COST_PART_ONPREM;
    return COST_PART_ONPREM | COST_PART_CLOUD;
}

/* What crossover_of reads of an option: its piecewise line. In the steady
 * state an option has at most one hinge; more count as a change. */
typedef struct LineKey {
    double fixed, slope, hinge_u, hinge_slope;
    int hinges;
} LineKey;

static LineKey line_key(const OptionCost *o)
{
    LineKey k = {o->fixed, o->slope, 0, 0, o->hinges};
    if (o->hinges >= 1) {
        k.hinge_u = o->hinge_u[0];
        k.hinge_slope = o->hinge_slope[0];
    }
    return k;
}

/* The same line, bit for bit (a NaN or a -0 that changed is a change). */
static bool same_key(const LineKey *a, const LineKey *b)
{
    return a->hinges == b->hinges && a->hinges <= 1 &&
           memcmp(&a->fixed, &b->fixed, sizeof a->fixed) == 0 &&
           memcmp(&a->slope, &b->slope, sizeof a->slope) == 0 &&
           memcmp(&a->hinge_u, &b->hinge_u, sizeof a->hinge_u) == 0 &&
           memcmp(&a->hinge_slope, &b->hinge_slope, sizeof a->hinge_slope) == 0;
}

void cost_update_figures(const Scenario *s, unsigned parts, CostResult *r)
{
    if (parts == (COST_PART_ONPREM | COST_PART_CLOUD) || !horizon_is_steady(s)) {
        cost_evaluate_figures(s, r);
        return;
    }
    LineKey before[OPT_COUNT];
    for (int k = 0; k < OPT_COUNT; k++)
        before[k] = line_key(&r->option[k]);
    /* G, W and the work factor read neither section */
    if (parts & COST_PART_ONPREM)
        onprem_option(s, r);
    if (parts & COST_PART_CLOUD)
        cloud_options(s, r);
    /* A crossover is a function of on-prem's line and the option's: when
     * neither changed (a step of spot's price leaves on-demand's and, with
     * on-demand overflow, reserved's alone), it is the one r holds. */
    unsigned kept = 0;
    LineKey on = line_key(&r->option[OPT_ONPREM]);
    if (same_key(&before[OPT_ONPREM], &on))
        for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
            LineKey now = line_key(&r->option[k]);
            if (same_key(&before[k], &now))
                kept |= 1u << k;
        }
    figures_of_lines(s, r, kept);
}

void cost_evaluate_options(const Scenario *s, CostResult *r)
{
    cost_evaluate_figures(s, r);
    best_coverage(s, r);

    const Cloud *c = &s->cloud;
    const bool cloud_ok = !s->constraints.compliance_forbids_cloud;
    const double pct = s->utilization.measured_pct;
    /* (the month's egress, before any levelizing) */
    double kl[LINE_COUNT] = {0};
    cloud_fixed_lines(s, kl);

    /* DESIGN 2.4 advice table, in its order. */
    const bool when[ADV_COUNT] = {
        [ADV_ZONE_DISAGREES] = !r->zone_agrees,
        [ADV_BELOW_60] = pct < 60,
        [ADV_ABOVE_80] = pct >= 80,
        [ADV_MIN_SIZE] = s->hardware.nodes * s->hardware.gpus_per_node < 16 ||
                         pct < 70,
        [ADV_COMMIT_COVERAGE] = cloud_ok && c->reserved_coverage_pct > 0 &&
                                r->best_coverage_pct !=
                                    c->reserved_coverage_pct,
        [ADV_EGRESS_HEAVY] = kl[LINE_EGRESS] > 0.2 * r->option[OPT_ON_DEMAND].monthly,
        [ADV_COMPLIANCE] = s->constraints.compliance_forbids_cloud,
        [ADV_LATENCY] = s->constraints.latency_budget_ms > 0 &&
                        s->constraints.cloud_rtt_ms >=
                            s->constraints.latency_budget_ms,
        [ADV_MANAGED] = true,
        [ADV_MEASURE] = s->utilization.measurement_weeks < 4,
    };
    r->advice_count = 0;
    for (int a = 0; a < ADV_COUNT; a++)
        if (when[a])
            r->advice[r->advice_count++] = (AdviceCode)a;
}

void cost_evaluate(const Scenario *s, CostResult *r)
{
    cost_evaluate_options(s, r);
    /* DESIGN 2.5 curves: (fixed + slope u) / (G H u). */
    const double GH = r->gpus * s->hours_per_month * r->work_factor;
    for (int k = 0; k < OPT_COUNT; k++) {
        const OptionCost *o = &r->option[k];
        for (int i = 0; i < CURVE_POINTS; i++) {
            double ui = (i + 1) / 100.0;
            r->curve[k][i] = cost_monthly_at(o, ui) / (GH * ui);
        }
    }
}

double cost_per_hour_at(const CostResult *r, const Scenario *s, CostOption o,
                        double pct)
{
    double ui = pct / 100;
    double W = r->gpus * s->hours_per_month * ui * r->work_factor;
    if (!(W > 0))
        return NAN;
    return cost_monthly_at(&r->option[o], ui) / W;
}

const char *cost_option_key(CostOption o)
{
    static const char *const k[OPT_COUNT] = {"onprem", "on_demand",
                                             "reserved", "spot"};
    return (unsigned)o < OPT_COUNT ? k[o] : "?";
}

const char *cost_option_label(CostOption o)
{
    static const char *const k[OPT_COUNT] = {"On-prem", "On-demand",
                                             "Reserved", "Spot"};
    return (unsigned)o < OPT_COUNT ? k[o] : "?";
}

char cost_option_letter(CostOption o)
{
    static const char k[OPT_COUNT] = {'o', 'd', 'r', 's'};
    return (unsigned)o < OPT_COUNT ? k[o] : '?';
}

const char *cost_line_key(CostLine l)
{
    static const char *const k[LINE_COUNT] = {
        "capital", "maintenance", "energy", "colocation", "staff", "network",
        "other",   "opportunity", "compute", "egress",    "storage"};
    return (unsigned)l < LINE_COUNT ? k[l] : "?";
}

const char *cost_zone_key(Zone z)
{
    switch (z) {
    case ZONE_CLOUD: return "cloud";
    case ZONE_HYBRID: return "hybrid";
    case ZONE_ONPREM: return "onprem";
    }
    return "?";
}

const char *cost_cross_word(CrossKind k)
{
    switch (k) {
    case CROSS_AT: return "at";
    case CROSS_CHEAPER: return "cheaper";
    case CROSS_DEARER: return "dearer";
    case CROSS_EQUAL: return "equal";
    }
    return "?";
}

const char *cost_side_word(CrossSide s)
{
    return s == SIDE_BELOW ? "below" : "above";
}

const char *cost_advice_key(AdviceCode c)
{
    static const char *const k[ADV_COUNT] = {
        "ZONE_DISAGREES", "BELOW_60",     "ABOVE_80",   "MIN_SIZE",
        "COMMIT_COVERAGE", "EGRESS_HEAVY", "COMPLIANCE", "LATENCY",
        "MANAGED",        "MEASURE"};
    return (unsigned)c < ADV_COUNT ? k[c] : "?";
}
