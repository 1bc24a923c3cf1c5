/* cost.c: the cost engine, SPEC section 2.
 *
 * Every monthly cost is a straight line in the utilization u (0..1):
 * M(u) = fixed + slope * u. The engine computes those two coefficients per
 * option once, then everything else (the value at the measured utilization,
 * the crossovers, the curves) follows from them without sampling. */
#include "config.h"

#include "cost.h"

#include <math.h>
#include <string.h>

const CostLine cost_onprem_lines[ONPREM_LINES] = {
    LINE_CAPITAL, LINE_MAINTENANCE, LINE_ENERGY, LINE_COLOCATION,
    LINE_STAFF,   LINE_NETWORK,     LINE_OTHER,  LINE_OPPORTUNITY};
const CostLine cost_cloud_lines[CLOUD_LINES] = {
    LINE_COMPUTE, LINE_EGRESS, LINE_STORAGE,
    LINE_STAFF,   LINE_OTHER,  LINE_OPPORTUNITY};

/* SPEC 2.1: capital cost a month. With a cost of capital it is the annuity
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

/* SPEC 2.1, split into the part that does not depend on u (fixed) and the
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
    double energy_slope =
        energy_rate * (f->node_power_busy_kw - f->node_power_idle_kw);

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

/* SPEC 2.2: the fixed cloud lines K, shared by the three cloud options. */
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

/* D(u) = (a0 - b0) + (a1 - b1) u: on-prem minus option x (SPEC 2.3). */
static Crossover crossover_of(const OptionCost *on, const OptionCost *x)
{
    Crossover c = {CROSS_EQUAL, NAN};
    double d0 = on->fixed - x->fixed;
    double ds = on->slope - x->slope;
    double d1 = d0 + ds;
    /* Exact zero tests are right here: both coefficients come from the same
     * inputs, and a root at exactly u = 0 or 1 is decided by the sign test. */
    if (ds != 0) {
        double u = -d0 / ds;
        if (u > 0 && u <= 1) {
            c.kind = CROSS_AT;
            c.pct = u * 100;
            return c;
        }
    } else if (d0 == 0) {
        return c; /* identically zero */
    }
    if (d1 < 0 || (d1 == 0 && d0 < 0))
        c.kind = CROSS_CHEAPER;
    else
        c.kind = CROSS_DEARER;
    return c;
}

void cost_evaluate_options(const Scenario *s, CostResult *r)
{
    const double H = s->hours_per_month;
    const double G = s->hardware.nodes * s->hardware.gpus_per_node;
    const double u = s->utilization.measured_pct / 100;
    const Cloud *c = &s->cloud;
    const double m = 1 + c->managed_premium_pct / 100;
    const double ov = 1 + c->billed_overhead_pct / 100;
    const double goodput = c->spot_goodput_pct / 100;
    const bool cloud_ok = !s->constraints.compliance_forbids_cloud;

    memset(r->option, 0, sizeof r->option);
    r->gpus = G;
    r->useful_gpu_hours_month = G * H * u;

    OptionCost *on = &r->option[OPT_ONPREM];
    onprem_lines(s, u, on);
    on->allowed = true;

    double kl[LINE_COUNT] = {0};
    cloud_fixed_lines(s, kl);
    double K = kl[LINE_EGRESS] + kl[LINE_STORAGE] + kl[LINE_STAFF] +
               kl[LINE_OTHER] + kl[LINE_OPPORTUNITY];

    /* Compute per unit of u (on-demand, spot) or flat (reserved). */
    double slope_od = G * H * c->on_demand_gpu_hour * m * ov;
    double slope_spot = G * H * c->spot_gpu_hour * m * ov / goodput;
    double flat_res = G * H * c->reserved_gpu_hour * m;
    const double slopes[OPT_COUNT] = {0, slope_od, 0, slope_spot};
    const double flats[OPT_COUNT] = {0, 0, flat_res, 0};

    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        OptionCost *o = &r->option[k];
        memcpy(o->line, kl, sizeof kl);
        o->line[LINE_COMPUTE] = flats[k] + slopes[k] * u;
        o->fixed = flats[k] + K;
        o->slope = slopes[k];
        o->allowed = cloud_ok;
    }

    const double W = r->useful_gpu_hours_month;
    for (int k = 0; k < OPT_COUNT; k++) {
        OptionCost *o = &r->option[k];
        o->monthly = 0;
        const CostLine *lines = k == OPT_ONPREM ? cost_onprem_lines
                                                : cost_cloud_lines;
        size_t nl = k == OPT_ONPREM ? ONPREM_LINES : CLOUD_LINES;
        for (size_t i = 0; i < nl; i++)
            o->monthly += o->line[lines[i]];
        o->per_useful_gpu_hour = W > 0 ? o->monthly / W : NAN;
    }

    /* SPEC 2.4: cheapest allowed; a tie goes to the earlier option. */
    r->cheapest = OPT_ONPREM;
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        if (r->option[k].allowed &&
            r->option[k].monthly < r->option[r->cheapest].monthly)
            r->cheapest = (CostOption)k;

    r->crossover[OPT_ONPREM] = (Crossover){CROSS_EQUAL, NAN};
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        r->crossover[k] = crossover_of(on, &r->option[k]);

    const double pct = s->utilization.measured_pct;
    r->zone = pct < 50 ? ZONE_CLOUD : pct > 75 ? ZONE_ONPREM : ZONE_HYBRID;

    /* SPEC 2.4 advice table, in its order. */
    const bool when[ADV_COUNT] = {
        [ADV_BELOW_60] = pct < 60,
        [ADV_ABOVE_80] = pct >= 80,
        [ADV_MIN_SIZE] = G < 16 || pct < 70,
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
    /* SPEC 2.5 curves: (fixed + slope u) / (G H u). */
    const double GH = r->gpus * s->hours_per_month;
    for (int k = 0; k < OPT_COUNT; k++) {
        const OptionCost *o = &r->option[k];
        for (int i = 0; i < CURVE_POINTS; i++) {
            double ui = (i + 1) / 100.0;
            r->curve[k][i] = (o->fixed + o->slope * ui) / (GH * ui);
        }
    }
}

double cost_per_hour_at(const CostResult *r, const Scenario *s, CostOption o,
                        double pct)
{
    double ui = pct / 100;
    double W = r->gpus * s->hours_per_month * ui;
    if (!(W > 0))
        return NAN;
    return (r->option[o].fixed + r->option[o].slope * ui) / W;
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

const char *cost_advice_key(AdviceCode c)
{
    static const char *const k[ADV_COUNT] = {
        "BELOW_60",   "ABOVE_80", "MIN_SIZE", "EGRESS_HEAVY",
        "COMPLIANCE", "LATENCY",  "MANAGED",  "MEASURE"};
    return (unsigned)c < ADV_COUNT ? k[c] : "?";
}
