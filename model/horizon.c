/* horizon.c: cash flows over the horizon, levelized cost, break-even and
 * IRR (DESIGN 2.7); see horizon.h.
 *
 * Month t = 1..T is paid at the end of the month, discounted by v^t with
 * v = 1/(1+i); purchases are at the start (index 0 for the first
 * generation, index kL for generation k). The levelized cost is
 * NPV / sum_{t=1..T} v^t, which is NPV times the annuity factor a_T. */
#include "config.h"

#include "horizon.h"

#include <math.h>
#include <string.h>

#include "commitment.h"

int horizon_months(const Scenario *s)
{
    double T = s->horizon.months > 0 ? s->horizon.months
                                     : s->hardware.lifetime_months;
    return (int)T;
}

bool horizon_is_steady(const Scenario *s)
{
    return s->horizon.ramp_months == 0 &&
           s->horizon.cloud_price_change_pct_year == 0 &&
           horizon_months(s) == (int)s->hardware.lifetime_months &&
           commitment_upfront_share(&s->cloud) == 0;
}

/* Everything of the scenario that does not depend on the month, and the
 * per-month factors: v^t, the ramp r_t and the cloud price factor f_t. */
typedef struct Plan {
    int T, L;
    double ramp; /* continuous, so that goal seek sees no steps */
    double C, resid, maint; /* capex, residual and maintenance shares */
    double hw_growth;       /* 1 + hardware change a year */
    double perf;            /* refresh price for the same capacity */
    int overlap;            /* months both estates run at a refresh */
    double decline_q;       /* resale: monthly factor; 1 = straight line */
    double overlap_pv;      /* PV of the overlaps' colocation and idle power */
    double energy0, energy_rate; /* energy = energy0 + energy_rate * u_t */
    double onprem_flat[LINE_COUNT];  /* colocation ... opportunity */
    double cloud_flat[LINE_COUNT];   /* K's lines */
    double od_rate, spot_rate; /* compute per unit of u (full ramp, f = 1) */
    double committed;          /* N_c H p_res m, at the first term's price */
    double upfront;            /* share of each term paid at its start */
    bool termed;               /* false: a capacity reservation, no term */
    double over_rate;          /* G H p_over m */
    double kc;                 /* committed share of the fleet */
    int term;                  /* reserved_term_months */
    double c_growth;           /* 1 + cloud change a year */
    double v[HORIZON_MONTHS_MAX + 1], r[HORIZON_MONTHS_MAX + 1],
        f[HORIZON_MONTHS_MAX + 1];
    double tf[HORIZON_MONTHS_MAX + 1]; /* the commitment's price factor */
    double annuity_sum;        /* sum_{t=1..T} v^t */
} Plan;

/* The committed share of the fleet and its cost a month at the first
 * term's price (DESIGN 2.2): the only parts of a plan that follow the
 * coverage. */
static void plan_cover(Plan *p, const Scenario *s, double coverage_pct)
{
    const Cloud *c = &s->cloud;
    const double H = s->hours_per_month;
    const double G = s->hardware.nodes * s->hardware.gpus_per_node;
    const double m = 1 + c->managed_premium_pct / 100;
    p->kc = coverage_pct / 100;
    p->committed = G * p->kc * H * commitment_rate(c) * m;
}

static double capex_of(const Scenario *s)
{
    const Hardware *h = &s->hardware;
    return h->nodes * (h->node_price + h->network_per_node) + h->storage +
           h->other_capex;
}

/* The per-month parts of a plan that follow from the factors: the
 * overlaps' fixed costs (DESIGN 2.10) and the commitment's price factor of
 * each month (DESIGN 2.7, 2.9). */
static void plan_terms(Plan *p)
{
    p->overlap_pv = 0;
    for (int k = 1; p->overlap > 0 && (long)k * p->L < p->T; k++)
        for (int t = k * p->L - p->overlap + 1; t <= k * p->L; t++)
            p->overlap_pv += (p->onprem_flat[LINE_COLOCATION] + p->energy0) *
                             p->v[t];
    /* The commitment in force in month t (DESIGN 2.7) is fixed for each
     * term, at the price of the term's first month: one factor a term,
     * worked out here once rather than in every month of every option's
     * flows. A capacity reservation has no term: it pays each month's
     * on-demand price (DESIGN 2.9). */
    for (int t = 1, k = -1; t <= p->T; t++) {
        if (!p->termed) {
            p->tf[t] = p->f[t];
        } else if (p->c_growth == 1) {
            p->tf[t] = 1;
        } else if ((t - 1) / p->term != k) {
            k = (t - 1) / p->term;
            p->tf[t] = pow(p->c_growth, k * p->term / 12.0);
        } else {
            p->tf[t] = p->tf[t - 1];
        }
    }
}

static void plan_init(const Scenario *s, double coverage_pct, Plan *p)
{
    const Hardware *h = &s->hardware;
    const Facility *fa = &s->facility;
    const Cloud *c = &s->cloud;
    const double H = s->hours_per_month;
    const double G = h->nodes * h->gpus_per_node;
    const double m = 1 + c->managed_premium_pct / 100;
    const double ov = 1 + c->billed_overhead_pct / 100;
    const double g = c->spot_goodput_pct / 100;
    const double e = c->spot_eligible_pct / 100;
    const double i = h->cost_of_capital_pct / 100 / 12;

    p->T = horizon_months(s);
    p->L = (int)h->lifetime_months;
    p->ramp = s->horizon.ramp_months;
    p->C = capex_of(s);
    p->resid = h->residual_pct / 100;
    p->maint = h->maintenance_pct_per_year / 100 / 12;
    p->hw_growth = 1 + s->horizon.hardware_price_change_pct_year / 100;
    p->perf = s->horizon.refresh_price_performance;
    /* Shorter than a life (a rule between fields, DESIGN 2.10); held here
     * too, so an unchecked scenario never buys before month 0. */
    p->overlap = (int)s->horizon.refresh_overlap_months;
    if (p->overlap > p->L - 1)
        p->overlap = p->L - 1;
    p->decline_q =
        pow(1 - s->horizon.resale_decline_pct_year / 100, 1 / 12.0);
    double er = h->nodes * fa->pue * fa->power_price_kwh * H;
    p->energy0 = er * fa->node_power_idle_kw;
    p->energy_rate = er * (fa->node_power_busy_kw - fa->node_power_idle_kw) *
                     (s->utilization.active_pct / 100); /* DESIGN 2.1 */
    memset(p->onprem_flat, 0, sizeof p->onprem_flat);
    p->onprem_flat[LINE_COLOCATION] =
        h->nodes * fa->node_power_max_kw * fa->colo_per_kw_month;
    p->onprem_flat[LINE_STAFF] = s->staffing.engineers *
                                 s->staffing.salary_year *
                                 s->staffing.share_pct / 100 / 12;
    p->onprem_flat[LINE_NETWORK] = fa->network_monthly;
    p->onprem_flat[LINE_OTHER] = fa->other_monthly;
    p->onprem_flat[LINE_OPPORTUNITY] =
        s->opportunity.value_per_day * s->opportunity.onprem_delay_days_month;
    memset(p->cloud_flat, 0, sizeof p->cloud_flat);
    p->cloud_flat[LINE_EGRESS] = c->egress_tb_month * 1024 * c->egress_per_gb;
    p->cloud_flat[LINE_STORAGE] =
        c->storage_tb * 1024 * c->storage_per_gb_month;
    p->cloud_flat[LINE_STAFF] =
        s->staffing.cloud_engineers * s->staffing.salary_year / 12;
    p->cloud_flat[LINE_OTHER] = c->other_monthly;
    p->cloud_flat[LINE_OPPORTUNITY] =
        s->opportunity.value_per_day * s->opportunity.cloud_delay_days_month;
    /* DESIGN 2.2, written as cost.c writes them. */
    p->od_rate = G * H * c->on_demand_gpu_hour * m * ov;
    p->spot_rate = e == 1 ? G * H * c->spot_gpu_hour * m * ov / g
                   : e == 0 ? p->od_rate
                          : G * H * m * ov *
                                (e * c->spot_gpu_hour / g +
                                 (1 - e) * c->on_demand_gpu_hour);
    plan_cover(p, s, coverage_pct);
    double p_over = c->reserved_overflow == OVERFLOW_SPOT
                        ? c->spot_gpu_hour * ov / g
                        : c->on_demand_gpu_hour * ov;
    p->over_rate = G * H * p_over * m;
    p->term = (int)c->reserved_term_months;
    p->upfront = commitment_upfront_share(c);
    p->termed = commitment_has_term(c);
    p->c_growth = 1 + s->horizon.cloud_price_change_pct_year / 100;

    p->annuity_sum = 0;
    p->v[0] = 1;
    p->r[0] = 0;
    p->f[0] = 1;
    p->tf[0] = 1;
    for (int t = 1; t <= p->T; t++) {
        p->v[t] = i == 0 ? 1 : pow(1 + i, -t);
        p->r[t] = p->ramp == 0 || t >= p->ramp ? 1 : t / p->ramp;
        p->f[t] = p->c_growth == 1 ? 1 : pow(p->c_growth, (t - 1) / 12.0);
        p->annuity_sum += p->v[t];
    }
    plan_terms(p);
}

/* DESIGN 2.10: what a generation bought for Ck, to be sold for Rk at the
 * end of its L months, is worth after `age` months of service: the
 * straight-line book value, or with a declining curve (q < 1)
 *     Rk + (Ck - Rk) (q^age - q^L) / (1 - q^L),
 * which falls fastest early and still ends at Rk. */
static double resale_value(const Plan *p, double Ck, double Rk, int age)
{
    if (p->decline_q == 1)
        return Ck - (Ck - Rk) * age / p->L;
    double qL = pow(p->decline_q, p->L);
    return Rk + (Ck - Rk) * (pow(p->decline_q, age) - qL) / (1 - qL);
}

/* A term's months that fall in the horizon, from its first month `from`
 * (1-based) on: min(term, T - from + 1). */
static int term_months_in(const Plan *p, int from)
{
    int left = p->T - from + 1;
    return left < p->term ? left : p->term;
}

/* DESIGN 2.9: the share of each term paid at its start. Term k starts in
 * month kτ+1 and is paid at index kτ (the start of that month, as a
 * purchase is), for all its τ months at that term's price, also those
 * past T; the part of a prepayment that covers months past T is credited
 * at T, as on-prem's book value is (into *tv, counted as a negative flow
 * at T). Adds to cf; returns the present value of these flows. */
static double upfront_flows(const Plan *p, double *cf, double *tv)
{
    double pv = 0;
    for (int start = 0; start < p->T; start += p->term) {
        double month = p->committed * p->tf[start + 1];
        double paid = p->upfront * month * p->term;
        cf[start] += paid;
        pv += paid * p->v[start];
        int past = p->term - term_months_in(p, start + 1);
        if (past > 0) {
            double credit = p->upfront * month * past;
            cf[p->T] -= credit;
            pv -= credit * p->v[p->T];
            *tv += credit;
        }
    }
    return pv;
}

/* On-prem's purchases, resales, overlaps and maintenance (DESIGN 2.7,
 * 2.10), added to cf[0..T] and to the present values pv[line]. Returns the
 * value credited at T for the generation still in service then. */
static double generation_flows(const Plan *p, double *cf, double *pv)
{
    const int T = p->T;
    double tv_at_T = 0;
    /* Generations serve from kL while kL < T, bought at kL (the later
     * ones `overlap` months early, DESIGN 2.10), sold at (k+1)L when
     * that is within the horizon, else valued at T on the resale
     * curve. */
    for (int k = 0; (long)k * p->L < T; k++) {
        int start = k * p->L;
        int buy = k == 0 ? 0 : start - p->overlap;
        double Ck = k == 0 ? p->C
                           : p->C * pow(p->hw_growth, buy / 12.0);
        if (k > 0 && p->perf != 1)
            Ck *= pow(p->perf, k);
        double Rk = Ck * p->resid;
        cf[buy] += Ck;
        pv[LINE_CAPITAL] += Ck * p->v[buy];
        int end = start + p->L;
        if (end <= T) {
            cf[end] -= Rk;
            pv[LINE_CAPITAL] -= Rk * p->v[end];
        } else {
            double TV = resale_value(p, Ck, Rk, T - start);
            cf[T] -= TV;
            pv[LINE_CAPITAL] -= TV * p->v[T];
            tv_at_T += TV;
        }
        /* The overlap: the new estate's space and idle power beside
         * the old one's (its maintenance runs from its purchase). */
        for (int t = buy + 1; k > 0 && t <= start; t++) {
            cf[t] += p->onprem_flat[LINE_COLOCATION] + p->energy0;
            pv[LINE_COLOCATION] += p->onprem_flat[LINE_COLOCATION] *
                                   p->v[t];
            pv[LINE_ENERGY] += p->energy0 * p->v[t];
        }
        int last = end < T ? end : T;
        double mt = Ck * p->maint;
        for (int t = buy + 1; t <= last; t++) {
            cf[t] += mt;
            pv[LINE_MAINTENANCE] += mt * p->v[t];
        }
    }
    return tv_at_T;
}

/* Cash flows of option x at utilization u: cf[0..T] in total (TV counted
 * at T as a negative flow) and, when line is not NULL, the present value of
 * each breakdown line (and of reserved's committed and overflow parts).
 * tv, when not NULL, receives the terminal value credited at T. */
static void option_flows(const Plan *p, CostOption x, double u, double *cf,
                         double *line, double *committed, double *overflow,
                         double *tv)
{
    const int T = p->T;
    double pv[LINE_COUNT] = {0};
    double pv_comm = 0, pv_over = 0, tv_at_T = 0;
    for (int t = 0; t <= T; t++)
        cf[t] = 0;
    if (x == OPT_ONPREM) {
        tv_at_T = generation_flows(p, cf, pv);
        for (int t = 1; t <= T; t++) {
            double en = p->energy0 + p->energy_rate * u * p->r[t];
            cf[t] += en;
            pv[LINE_ENERGY] += en * p->v[t];
        }
        static const CostLine flat[] = {LINE_COLOCATION, LINE_STAFF,
                                        LINE_NETWORK, LINE_OTHER,
                                        LINE_OPPORTUNITY};
        for (size_t j = 0; j < sizeof flat / sizeof flat[0]; j++) {
            double a = p->onprem_flat[flat[j]];
            for (int t = 1; t <= T; t++)
                cf[t] += a;
            pv[flat[j]] += a * p->annuity_sum;
        }
    } else {
        for (int t = 1; t <= T; t++) {
            double comp;
            if (x == OPT_ON_DEMAND)
                comp = p->od_rate * u * p->r[t] * p->f[t];
            else if (x == OPT_SPOT)
                comp = p->spot_rate * u * p->r[t] * p->f[t];
            else {
                /* The committed GPUs' month; the share paid upfront is
                 * added at the term's start below (DESIGN 2.9). */
                double cm = p->committed * p->tf[t];
                if (p->upfront > 0)
                    cm *= 1 - p->upfront;
                double beyond = u * p->r[t] - p->kc;
                double ovf =
                    beyond > 0 ? p->over_rate * beyond * p->f[t] : 0;
                pv_comm += cm * p->v[t];
                pv_over += ovf * p->v[t];
                comp = cm + ovf;
            }
            cf[t] += comp;
            pv[LINE_COMPUTE] += comp * p->v[t];
        }
        if (x == OPT_RESERVED && p->upfront > 0) {
            double pv_up = upfront_flows(p, cf, &tv_at_T);
            pv_comm += pv_up;
            pv[LINE_COMPUTE] += pv_up;
        }
        static const CostLine flat[] = {LINE_EGRESS, LINE_STORAGE,
                                        LINE_STAFF, LINE_OTHER,
                                        LINE_OPPORTUNITY};
        for (size_t j = 0; j < sizeof flat / sizeof flat[0]; j++) {
            double a = p->cloud_flat[flat[j]];
            for (int t = 1; t <= T; t++)
                cf[t] += a;
            pv[flat[j]] += a * p->annuity_sum;
        }
    }
    if (line)
        memcpy(line, pv, sizeof pv);
    if (committed)
        *committed = pv_comm;
    if (overflow)
        *overflow = pv_over;
    if (tv)
        *tv = tv_at_T;
}

/* Sum over t of w_t * v^t, for the weights that make u's coefficients. */
static double pv_sum(const Plan *p, bool ramp, bool price)
{
    double sum = 0;
    for (int t = 1; t <= p->T; t++)
        sum += (ramp ? p->r[t] : 1) * (price ? p->f[t] : 1) * p->v[t];
    return sum;
}

/* Reserved's overflow as hinges in u (DESIGN 2.3): month t pays
 * over_rate f_t r_t max(0, u - kc/r_t); months at full ramp share the hinge
 * at kc, each ramp month adds one further right. Only hinges below 1
 * matter. Returns the count, in increasing hinge_u. */
static int reserved_hinges(const Plan *p, double A, double *hu, double *hs)
{
    int n = 0;
    if (p->kc >= 1)
        return 0;
    /* Full-ramp months (and every month without a ramp). */
    double full = 0;
    for (int t = 1; t <= p->T; t++)
        if (p->r[t] >= 1)
            full += p->f[t] * p->v[t];
    if (full > 0) {
        hu[n] = p->kc;
        hs[n] = p->over_rate * full / A;
        n++;
    }
    /* Ramp months, latest first: their hinges kc/r_t grow as t falls. */
    int last = p->T;
    while (last >= 1 && p->r[last] >= 1)
        last--;
    for (int t = last; t >= 1; t--) {
        double at = p->kc / p->r[t];
        if (!(at < 1))
            break;
        double sl = p->over_rate * p->f[t] * p->r[t] * p->v[t] / A;
        if (n > 0 && hu[n - 1] == at) {
            hs[n - 1] += sl;
            continue;
        }
        hu[n] = at;
        hs[n] = sl;
        n++;
    }
    return n;
}

void horizon_levelize(const Scenario *s, CostResult *r)
{
    Plan local;
    plan_init(s, s->cloud.reserved_coverage_pct, &local);
    const double A = local.annuity_sum;
    const double u = s->utilization.measured_pct / 100;
    double cf[HORIZON_MONTHS_MAX + 1];
    const double ramp_sum = pv_sum(&local, true, false);
    r->work_factor = ramp_sum / A;

    for (int k = 0; k < OPT_COUNT; k++) {
        OptionCost *o = &r->option[k];
        double pv[LINE_COUNT], comm = 0, over = 0;
        option_flows(&local, (CostOption)k, u, cf, pv, &comm, &over, NULL);
        for (int l = 0; l < LINE_COUNT; l++)
            o->line[l] = pv[l] / A;
        o->hinges = 0;
        if (k == OPT_ONPREM) {
            o->slope = local.energy_rate * ramp_sum / A;
            o->fixed = o->line[LINE_CAPITAL] + o->line[LINE_MAINTENANCE] +
                       local.energy0 + local.onprem_flat[LINE_COLOCATION] +
                       o->line[LINE_STAFF] + o->line[LINE_NETWORK] +
                       o->line[LINE_OTHER] + o->line[LINE_OPPORTUNITY];
            if (local.overlap_pv != 0) /* DESIGN 2.10 */
                o->fixed += local.overlap_pv / A;
            continue;
        }
        double K = o->line[LINE_EGRESS] + o->line[LINE_STORAGE] +
                   o->line[LINE_STAFF] + o->line[LINE_OTHER] +
                   o->line[LINE_OPPORTUNITY];
        double both = pv_sum(&local, true, true);
        if (k == OPT_ON_DEMAND) {
            o->fixed = K;
            o->slope = local.od_rate * both / A;
        } else if (k == OPT_SPOT) {
            o->fixed = K;
            o->slope = local.spot_rate * both / A;
        } else {
            o->committed = comm / A;
            o->overflow = over / A;
            o->fixed = K + o->committed;
            o->slope = 0;
            o->hinges = reserved_hinges(&local, A, o->hinge_u, o->hinge_slope);
        }
    }
}

/* Reserved's levelized cost at u with the plan p's coverage. */
static double reserved_levelized(const Plan *p, double u)
{
    double cf[HORIZON_MONTHS_MAX + 1], pv[LINE_COUNT];
    option_flows(p, OPT_RESERVED, u, cf, pv, NULL, NULL, NULL);
    /* The cloud lines of DESIGN 2.2, in their order (compute, egress,
     * storage, staff, other, opportunity). */
    double sum = pv[LINE_COMPUTE] + pv[LINE_EGRESS] + pv[LINE_STORAGE] +
                 pv[LINE_STAFF] + pv[LINE_OTHER] + pv[LINE_OPPORTUNITY];
    return sum / p->annuity_sum;
}

double horizon_reserved_monthly(const Scenario *s, double coverage_pct,
                                double u)
{
    Plan p;
    plan_init(s, coverage_pct, &p);
    return reserved_levelized(&p, u);
}

void horizon_reserved_monthly_n(const Scenario *s, const double *coverage_pct,
                                size_t n, double u, double *out)
{
    if (n == 0)
        return;
    Plan p;
    plan_init(s, coverage_pct[0], &p);
    for (size_t k = 0; k < n; k++) {
        if (k > 0)
            plan_cover(&p, s, coverage_pct[k]);
        out[k] = reserved_levelized(&p, u);
    }
}

/* DESIGN 2.9: the committed months of the last term that run past T, and
 * what they cost: the part still to pay after T and the part prepaid. */
static void commitment_past(const Plan *p, HorizonCommitment *hc)
{
    memset(hc, 0, sizeof *hc);
    if (!p->termed || p->committed == 0)
        return;
    int start = (p->T - 1) / p->term * p->term; /* the last term's start */
    int past = p->term - term_months_in(p, start + 1);
    if (past <= 0)
        return;
    double month = p->committed * p->tf[start + 1];
    hc->months_past = past;
    hc->owed_past = (1 - p->upfront) * month * past;
    hc->prepaid_past = p->upfront * month * past;
}

/* Cumulative spend of flows cf[0..T] without the terminal value tv
 * (DESIGN 2.7): nominal into sum[0..T] and, when disc is not NULL,
 * discounted into disc[0..T]. */
static void cumulate(const double *cf, double tv, const Plan *p, int T,
                     double *sum, double *disc)
{
    double a = 0, b = 0;
    for (int t = 0; t <= T; t++) {
        double f = cf[t] + (t == T ? tv : 0);
        a += f;
        sum[t] = a;
        if (disc) {
            b += f * p->v[t];
            disc[t] = b;
        }
    }
}

void horizon_evaluate(const Scenario *s, HorizonResult *h,
                      HorizonCumulative *cum)
{
    Plan p;
    plan_init(s, s->cloud.reserved_coverage_pct, &p);
    const int T = p.T;
    const double u = s->utilization.measured_pct / 100;
    double cf[OPT_COUNT][HORIZON_MONTHS_MAX + 1];
    double tv[OPT_COUNT];

    memset(h, 0, sizeof *h);
    h->months = T;
    h->discount_rate_pct = s->hardware.cost_of_capital_pct;
    for (int k = 0; k < OPT_COUNT; k++) {
        option_flows(&p, (CostOption)k, u, cf[k], NULL, NULL, NULL, &tv[k]);
        double npv = 0;
        for (int t = 0; t <= T; t++)
            npv += cf[k][t] * p.v[t];
        h->npv[k] = npv;
        h->irr_pct[k] = NAN;
        if (cum)
            cumulate(cf[k], tv[k], &p, T, (*cum)[k], NULL);
    }
    /* Break-even: cumulative spend without TV, nominal and discounted;
     * the IRR of the flows owning saves (TV included). */
    const double *on = cf[OPT_ONPREM];
    double s_on[HORIZON_MONTHS_MAX + 1], d_on[HORIZON_MONTHS_MAX + 1];
    cumulate(on, tv[OPT_ONPREM], &p, T, s_on, d_on);
    const double i = s->hardware.cost_of_capital_pct / 100 / 12;
    h->discount_rate_effective_pct = (pow(1 + i, 12) - 1) * 100;
    commitment_past(&p, &h->commitment);
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        double s_x[HORIZON_MONTHS_MAX + 1], d_x[HORIZON_MONTHS_MAX + 1];
        double diff[HORIZON_MONTHS_MAX + 1];
        cumulate(cf[k], tv[k], &p, T, s_x, d_x);
        horizon_spans(s_on, s_x, T, &h->ahead[k]);
        horizon_spans(d_on, d_x, T, &h->discounted_ahead[k]);
        h->break_even[k] = horizon_spans_break_even(&h->ahead[k], T);
        h->discounted_break_even[k] =
            horizon_spans_break_even(&h->discounted_ahead[k], T);
        for (int t = 0; t <= T; t++)
            diff[t] = cf[k][t] - on[t];
        horizon_irr(diff, T, i, &h->irr[k]);
        h->irr_pct[k] = h->irr[k].pct;
    }
}

int horizon_break_even_month(const Scenario *s, CostOption x)
{
    Plan p;
    plan_init(s, s->cloud.reserved_coverage_pct, &p);
    const double u = s->utilization.measured_pct / 100;
    double on[HORIZON_MONTHS_MAX + 1], cx[HORIZON_MONTHS_MAX + 1];
    double s_on[HORIZON_MONTHS_MAX + 1], s_x[HORIZON_MONTHS_MAX + 1];
    double tv_on = 0, tv_x = 0;
    option_flows(&p, OPT_ONPREM, u, on, NULL, NULL, NULL, &tv_on);
    option_flows(&p, x, u, cx, NULL, NULL, NULL, &tv_x);
    cumulate(on, tv_on, &p, p.T, s_on, NULL);
    cumulate(cx, tv_x, &p, p.T, s_x, NULL);
    HorizonSpans sp;
    horizon_spans(s_on, s_x, p.T, &sp);
    return horizon_spans_break_even(&sp, p.T);
}
