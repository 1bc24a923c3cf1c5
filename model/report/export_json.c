/* export_json.c: the JSON report, DESIGN 4.1 (cJSON).
 *
 * The "scenario" object is built from the field registry, nested exactly
 * like the YAML file, so that a JSON export is also a valid input. Numbers
 * are written at full precision; a cost per useful GPU-hour that does not
 * exist (W = 0) is null. A scenario with a hybrid plan adds
 * scenario.hybrid (as in the YAML) and results.hybrid (DESIGN 6), from the
 * Report's HybridResult: nothing here runs the simulation. */
#include "config.h"

#include "export.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "horizon.h"
#include "hybrid.h"
#include "numfmt.h"
#include "uncertainty.h"

static cJSON *xobj(void)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        xalloc_die();
    return o;
}

/* A number at full precision: cJSON's own printer rounds to 15 digits when
 * that is merely close, so the text comes from num_format_exact (the
 * shortest decimal that reads back bit for bit). Non-finite values are
 * null, as DESIGN 4.1 wants for an undefined cost per useful GPU-hour. */
static cJSON *num_item(double v)
{
    if (!isfinite(v))
        return cJSON_CreateNull();
    char buf[40];
    num_format_exact(v, buf, sizeof buf);
    cJSON *n = cJSON_CreateRaw(buf);
    if (!n)
        xalloc_die();
    return n;
}

static void add_num(cJSON *o, const char *k, double v)
{
    cJSON_AddItemToObject(o, k, num_item(v));
}

static cJSON *gh_money(double gpu_hours, double monthly)
{
    cJSON *o = xobj();
    add_num(o, "gpu_hours", gpu_hours);
    add_num(o, "monthly", monthly);
    return o;
}

/* results.hybrid, DESIGN 6: money and GPU-hours monthly; waits null when a
 * workload had no on-prem jobs; the unserved work and the work balance of
 * DESIGN 6.2. */
static cJSON *hybrid_json(const HybridResult *r)
{
    cJSON *h = xobj();
    add_num(h, "onprem_nodes", r->onprem_nodes);
    cJSON *op = xobj();
    add_num(op, "gpu_hours", r->onprem.gpu_hours);
    add_num(op, "utilization_pct", r->onprem.utilization_pct);
    add_num(op, "monthly", r->onprem.monthly);
    cJSON_AddItemToObject(h, "onprem", op);
    cJSON *cl = xobj();
    cJSON_AddItemToObject(cl, "on_demand", gh_money(r->cloud.on_demand.gpu_hours,
                                                    r->cloud.on_demand.monthly));
    cJSON_AddItemToObject(cl, "spot", gh_money(r->cloud.spot.gpu_hours,
                                               r->cloud.spot.monthly));
    add_num(cl, "fixed_monthly", r->cloud.fixed_monthly);
    add_num(cl, "monthly", r->cloud.monthly);
    cJSON_AddItemToObject(h, "cloud", cl);
    cJSON *un = xobj();
    add_num(un, "jobs", r->unserved.jobs);
    add_num(un, "gpu_hours", r->unserved.gpu_hours);
    add_num(un, "monthly", r->unserved.monthly);
    cJSON_AddItemToObject(h, "unserved", un);
    add_num(h, "total_monthly", r->total_monthly);
    cJSON *wk = xobj();
    add_num(wk, "demand_gpu_hours", r->work.demand_gpu_hours);
    add_num(wk, "onprem_gpu_hours", r->work.onprem_gpu_hours);
    add_num(wk, "carried_gpu_hours", r->work.carried_gpu_hours);
    add_num(wk, "cloud_gpu_hours", r->work.cloud_gpu_hours);
    add_num(wk, "unserved_gpu_hours", r->work.unserved_gpu_hours);
    cJSON_AddItemToObject(h, "work", wk);
    cJSON *wl = cJSON_CreateArray();
    for (size_t i = 0; i < r->workload_count; i++) {
        const HybridWorkloadResult *w = &r->workloads[i];
        cJSON *o = xobj();
        cJSON_AddStringToObject(o, "name", w->name);
        add_num(o, "jobs", w->jobs);
        add_num(o, "to_cloud_pct", w->to_cloud_pct);
        add_num(o, "wait_mean_minutes", w->wait_mean_minutes);
        add_num(o, "wait_p95_minutes", w->wait_p95_minutes);
        add_num(o, "late_jobs", w->late_jobs);
        add_num(o, "unserved_jobs", w->unserved_jobs);
        add_num(o, "optimum_cloud_jobs", w->optimum_cloud_jobs);
        cJSON_AddItemToArray(wl, o);
    }
    cJSON_AddItemToObject(h, "workloads", wl);
    add_num(h, "backfilled_jobs", r->backfilled_jobs);
    cJSON *cm = xobj();
    add_num(cm, "gpus", r->commit.gpus);
    add_num(cm, "monthly", r->commit.monthly);
    add_num(cm, "saving_monthly", r->commit.saving_monthly);
    cJSON_AddItemToObject(h, "commit", cm);
    cJSON *warn = cJSON_CreateArray();
    for (size_t i = 0; i < r->warning_count; i++)
        cJSON_AddItemToArray(warn, cJSON_CreateString(r->warnings[i]));
    cJSON_AddItemToObject(h, "warnings", warn);
    cJSON *ac = xobj();
    add_num(ac, "monthly", r->all_cloud.monthly);
    cJSON_AddItemToObject(h, "all_cloud", ac);
    cJSON *ao = xobj();
    add_num(ao, "nodes", r->all_onprem.nodes);
    add_num(ao, "utilization_pct", r->all_onprem.utilization_pct);
    add_num(ao, "monthly", r->all_onprem.monthly);
    cJSON_AddItemToObject(h, "all_onprem", ao);
    cJSON *opt = xobj();
    add_num(opt, "onprem_nodes", r->optimum.onprem_nodes);
    add_num(opt, "total_monthly", r->optimum.total_monthly);
    add_num(opt, "unserved_jobs", r->optimum.unserved_jobs);
    cJSON_AddItemToObject(h, "optimum", opt);
    cJSON *ch = xobj(); /* DESIGN 6.3 */
    cJSON_AddStringToObject(ch, "routing", r->cheapest.all_onprem ? "all_onprem" : "plan");
    add_num(ch, "onprem_nodes", r->cheapest.onprem_nodes);
    add_num(ch, "total_monthly", r->cheapest.total_monthly);
    cJSON_AddItemToObject(h, "cheapest", ch);
    /* A size the optimizer left out (DESIGN 6.6) has no total (null) and
     * gives its lower bound; sizes_simulated appears when any was. */
    size_t simulated = hybrid_sizes_simulated(r);
    if (simulated < r->by_nodes_count)
        add_num(h, "sizes_simulated", (double)simulated);
    cJSON *bn = cJSON_CreateArray();
    for (size_t i = 0; i < r->by_nodes_count; i++) {
        const HybridNodesTotal *t = &r->by_nodes[i];
        cJSON *o = xobj();
        add_num(o, "onprem_nodes", t->onprem_nodes);
        add_num(o, "total_monthly", t->total_monthly);
        if (isnan(t->total_monthly))
            add_num(o, "lower_bound_monthly", t->lower_bound_monthly);
        cJSON_AddItemToArray(bn, o);
    }
    cJSON_AddItemToObject(h, "by_nodes", bn);
    return h;
}

/* Add field f's value (a resolved field) to object `into` as `leaf`. */
static void add_field(cJSON *into, const char *leaf, const Field *f,
                      const Scenario *s)
{
    char word[64];
    switch (f->type) {
    case FT_TEXT:
        cJSON_AddStringToObject(into, leaf, field_get_text(f, s));
        break;
    case FT_CHOICE:
        field_format(f, s, word, sizeof word);
        cJSON_AddStringToObject(into, leaf, word);
        break;
    case FT_BOOL:
        cJSON_AddBoolToObject(into, leaf, field_get_num(f, s) != 0);
        break;
    default:
        add_num(into, leaf, field_get_num(f, s));
        break;
    }
}

/* The list whose rows start at field_table[first], as an array of objects
 * with the rows each item uses, into `into`; returns the row after it. */
static size_t list_json(cJSON *into, const Scenario *s, size_t first)
{
    const FieldList *l = field_table[first].list;
    size_t end = first;
    while (end < field_count && field_table[end].list == l)
        end++;
    cJSON *arr = cJSON_CreateArray();
    if (!arr)
        xalloc_die();
    size_t n = field_list_count(l, s);
    for (size_t i = 0; i < n; i++) {
        cJSON *o = xobj();
        for (size_t k = first; k < end; k++) {
            if (!field_in_use(&field_table[k], s, i))
                continue;
            FieldRef r;
            field_ref_init(&r, &field_table[k], i);
            add_field(o, field_leaf(&field_table[k]), field_ref(&r), s);
        }
        cJSON_AddItemToArray(arr, o);
    }
    cJSON_AddItemToObject(into, strrchr(l->key, '.') + 1, arr);
    return end;
}

/* The scenario, nested exactly like the YAML file so that it reads back:
 * every field of the registry in its order, the hybrid plan and the
 * uncertainty section when given. */
static cJSON *scenario_json(const Scenario *s)
{
    cJSON *root = xobj();
    cJSON_AddNumberToObject(root, "gpuplan", SCENARIO_VERSION);
    cJSON *section = NULL;
    char cur[32] = "", sec[32];
    for (size_t i = 0; i < field_count;) {
        const Field *f = &field_table[i];
        if (!field_in_scope(f, s)) {
            i++;
            continue;
        }
        field_section(f, sec, sizeof sec);
        cJSON *into = root;
        const char *leaf = f->key;
        if (sec[0]) {
            if (strcmp(sec, cur) != 0) {
                section = xobj();
                cJSON_AddItemToObject(root, sec, section);
                strcpy(cur, sec);
            }
            into = section;
            leaf = f->key + strlen(sec) + 1;
        }
        if (f->list) {
            i = list_json(into, s, i);
            continue;
        }
        add_field(into, leaf, f, s);
        i++;
    }
    return root;
}

/* A number, or null when it is n/a (NAN). */
static cJSON *num_or_null(double v)
{
    return isfinite(v) ? num_item(v) : cJSON_CreateNull();
}

static cJSON *pct_json(const RiskPct *p, const char *share_key, double share)
{
    cJSON *o = xobj();
    cJSON_AddItemToObject(o, "p10", num_or_null(p->p10));
    cJSON_AddItemToObject(o, "p50", num_or_null(p->p50));
    cJSON_AddItemToObject(o, "p90", num_or_null(p->p90));
    if (share_key)
        add_num(o, share_key, share);
    return o;
}

/* The inputs whose range no longer holds the scenario's value of their
 * field (DESIGN 2.8): key, value, the range as written and the mode the
 * draws use. */
static cJSON *outside_json(const Scenario *s)
{
    cJSON *a = cJSON_CreateArray();
    for (size_t i = 0; s->has_uncertainty && i < s->uncertainty.input_count;
         i++) {
        if (!uncertainty_outside(s, i, NULL))
            continue;
        const UncInput *in = &s->uncertainty.inputs[i];
        const Field *f = uncertainty_target(in->key, NULL);
        cJSON *j = xobj();
        cJSON_AddStringToObject(j, "key", in->key);
        add_num(j, "value", field_get_num(f, s));
        add_num(j, "low", in->low);
        add_num(j, "high", in->high);
        add_num(j, "mode", uncertainty_mode(in, f, s));
        cJSON_AddItemToArray(a, j);
    }
    return a;
}

/* The pairs the draws were given (DESIGN 2.8): its inputs, the rank correlation
 * asked and the one the draws made have (null: drawn independently). */
static cJSON *pairs_json(const Scenario *s, const MonteCarlo *mc)
{
    cJSON *a = cJSON_CreateArray();
    for (size_t p = 0; p < s->uncertainty.pair_count; p++) {
        const UncPair *q = &s->uncertainty.pairs[p];
        cJSON *j = xobj();
        cJSON_AddStringToObject(j, "input", q->a);
        cJSON_AddStringToObject(j, "with", q->b);
        add_num(j, "rho", q->rho);
        cJSON_AddItemToObject(j, "rank_correlation_drawn",
                              num_or_null(p < mc->pair_count ? mc->rank_corr[p]
                                                             : NAN));
        cJSON_AddItemToArray(a, j);
    }
    return a;
}

/* results.risk, DESIGN 4.1: x̂, the tornado rows in rank order and the Monte
 * Carlo (null when no inputs are listed; an object with "error" when it
 * could not run), and the inputs whose range no longer holds their value. */
static cJSON *risk_json(const Scenario *s, const RiskResult *k)
{
    const Tornado *t = &k->tornado;
    cJSON *o = xobj();
    cJSON_AddStringToObject(o, "option", cost_option_key(t->option));
    add_num(o, "delta", t->base.delta);
    cJSON_AddItemToObject(o, "ranges_outside", outside_json(s));
    cJSON *rows = cJSON_CreateArray();
    for (size_t i = 0; i < t->count; i++) {
        const TornadoRow *r = &t->row[i];
        cJSON *j = xobj();
        cJSON_AddStringToObject(j, "key", r->field->key);
        add_num(j, "low", r->low.value);
        add_num(j, "high", r->high.value);
        const TornadoSide *sd[2] = {&r->low, &r->high};
        static const char *const dk[2] = {"delta_low", "delta_high"};
        static const char *const ck[2] = {"crossover_low", "crossover_high"};
        for (int e = 0; e < 2; e++) {
            cJSON_AddItemToObject(j, dk[e], sd[e]->ok ? num_item(sd[e]->at.delta)
                                                      : cJSON_CreateNull());
            cJSON_AddItemToObject(j, ck[e],
                                  num_or_null(sd[e]->ok ? sd[e]->at.crossover_pct
                                                        : NAN));
        }
        if (!r->low.ok)
            cJSON_AddStringToObject(j, "low_breaks", r->low.why);
        if (!r->high.ok)
            cJSON_AddStringToObject(j, "high_breaks", r->high.why);
        cJSON_AddItemToArray(rows, j);
    }
    cJSON_AddItemToObject(o, "tornado", rows);
    if (!k->has_monte_carlo) {
        cJSON_AddNullToObject(o, "monte_carlo");
        return o;
    }
    cJSON *m = xobj();
    if (!k->mc_ok) {
        cJSON_AddStringToObject(m, "error", k->mc_error);
        cJSON_AddItemToObject(o, "monte_carlo", m);
        return o;
    }
    const MonteCarlo *mc = &k->mc;
    add_num(m, "draws", (double)mc->draws);
    add_num(m, "rejected", (double)mc->rejected);
    add_num(m, "p_onprem_cheapest", mc->p_onprem_cheapest);
    if (s->uncertainty.pair_count)
        cJSON_AddItemToObject(m, "correlations", pairs_json(s, mc));
    cJSON_AddItemToObject(m, "delta", pct_json(&mc->delta, NULL, 0));
    cJSON_AddItemToObject(m, "crossover",
                          pct_json(&mc->crossover, "none_share",
                                   mc->crossover_none_share));
    cJSON_AddItemToObject(m, "cheapest_cloud_per_useful_gpu_hour",
                          pct_json(&mc->per_hour, NULL, 0));
    cJSON_AddItemToObject(m, "break_even_month_on_demand",
                          pct_json(&mc->break_even, "never_share",
                                   mc->break_even_never_share));
    cJSON *h = xobj(), *edges = cJSON_CreateArray(),
          *counts = cJSON_CreateArray();
    for (int i = 0; i <= RISK_BINS; i++)
        cJSON_AddItemToArray(edges, num_item(mc->edges[i]));
    for (int i = 0; i < RISK_BINS; i++)
        cJSON_AddItemToArray(counts, num_item((double)mc->counts[i]));
    cJSON_AddItemToObject(h, "edges", edges);
    cJSON_AddItemToObject(h, "counts", counts);
    cJSON_AddItemToObject(m, "histogram", h);
    cJSON_AddItemToObject(o, "monte_carlo", m);
    return o;
}

static cJSON *option_json(const CostResult *r, CostOption k)
{
    const OptionCost *o = &r->option[k];
    cJSON *j = xobj();
    cJSON_AddBoolToObject(j, "allowed", o->allowed);
    add_num(j, "monthly", o->monthly);
    add_num(j, "per_useful_gpu_hour", o->per_useful_gpu_hour);
    cJSON *b = xobj();
    const CostLine *lines = k == OPT_ONPREM ? cost_onprem_lines : cost_cloud_lines;
    size_t n = k == OPT_ONPREM ? ONPREM_LINES : CLOUD_LINES;
    for (size_t i = 0; i < n; i++)
        add_num(b, cost_line_key(lines[i]), o->line[lines[i]]);
    cJSON_AddItemToObject(j, "breakdown", b);
    if (k == OPT_RESERVED) {
        /* DESIGN 2.2: the reserved compute line, committed and overflow. */
        add_num(j, "committed", o->committed);
        add_num(j, "overflow", o->overflow);
    }
    return j;
}

/* Stretches of months as [{"from": 27, "to": 47}, ...]. */
static cJSON *spans_json(const HorizonSpans *sp)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < sp->count; i++) {
        cJSON *one = xobj();
        add_num(one, "from", sp->span[i].from);
        add_num(one, "to", sp->span[i].to);
        cJSON_AddItemToArray(a, one);
    }
    return a;
}

/* DESIGN 4.1 results.horizon: NPVs, break-even months (null when owning
 * does not stay ahead) with every stretch it is ahead, IRRs (null unless
 * one rate alone gives the flows zero value) with every such rate, the
 * sign changes and the MIRR, and the cumulative spend of every option. */
static cJSON *horizon_json(const HorizonFigures *hz)
{
    const HorizonResult *h = &hz->result;
    const double(*cum)[HORIZON_MONTHS_MAX + 1] = hz->cum;
    cJSON *o = xobj();
    add_num(o, "months", h->months);
    add_num(o, "discount_rate_pct", h->discount_rate_pct);
    add_num(o, "discount_rate_effective_pct", h->discount_rate_effective_pct);
    cJSON *npv = xobj(), *be = xobj(), *dbe = xobj(), *irr = xobj();
    cJSON *bes = xobj(), *dbes = xobj(), *roots = xobj(), *changes = xobj(),
          *mirr = xobj();
    for (int k = 0; k < OPT_COUNT; k++)
        add_num(npv, cost_option_key((CostOption)k), h->npv[k]);
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        const char *key = cost_option_key((CostOption)k);
        add_num(be, key, h->break_even[k] > 0 ? h->break_even[k] : NAN);
        add_num(dbe, key, h->discounted_break_even[k] > 0
                              ? h->discounted_break_even[k]
                              : NAN);
        add_num(irr, key, h->irr_pct[k]);
        cJSON_AddItemToObject(bes, key, spans_json(&h->ahead[k]));
        cJSON_AddItemToObject(dbes, key, spans_json(&h->discounted_ahead[k]));
        const HorizonIrr *ir = &h->irr[k];
        cJSON *rs = cJSON_CreateArray();
        for (int i = 0; i < ir->root_count && i < HORIZON_ROOTS_MAX; i++)
            cJSON_AddItemToArray(rs, num_item(ir->root_pct[i]));
        cJSON_AddItemToObject(roots, key, rs);
        add_num(changes, key, ir->sign_changes);
        add_num(mirr, key, ir->mirr_pct);
    }
    cJSON_AddItemToObject(o, "npv", npv);
    cJSON_AddItemToObject(o, "break_even_month", be);
    cJSON_AddItemToObject(o, "discounted_break_even_month", dbe);
    cJSON_AddItemToObject(o, "break_even_spans", bes);
    cJSON_AddItemToObject(o, "discounted_break_even_spans", dbes);
    cJSON_AddItemToObject(o, "irr_pct", irr);
    cJSON_AddItemToObject(o, "irr_roots_pct", roots);
    cJSON_AddItemToObject(o, "irr_sign_changes", changes);
    cJSON_AddItemToObject(o, "mirr_pct", mirr);
    /* DESIGN 2.9: the reserved option's last term past the horizon. */
    cJSON *cm = xobj();
    add_num(cm, "months_past_horizon", h->commitment.months_past);
    add_num(cm, "owed_past_horizon", h->commitment.owed_past);
    add_num(cm, "prepaid_past_horizon", h->commitment.prepaid_past);
    cJSON_AddItemToObject(o, "commitment", cm);
    cJSON *c = xobj(), *months = cJSON_CreateArray();
    for (int t = 0; t <= h->months; t++)
        cJSON_AddItemToArray(months, num_item(t));
    cJSON_AddItemToObject(c, "month", months);
    for (int k = 0; k < OPT_COUNT; k++) {
        cJSON *ys = cJSON_CreateArray();
        for (int t = 0; t <= h->months; t++)
            cJSON_AddItemToArray(ys, num_item(cum[k][t]));
        cJSON_AddItemToObject(c, cost_option_key((CostOption)k), ys);
    }
    cJSON_AddItemToObject(o, "cumulative", c);
    return o;
}

static cJSON *results_json(const Scenario *s, const CostResult *r,
                           const HorizonFigures *hz,
                           const HybridResult *hybrid, const RiskResult *risk)
{
    cJSON *res = xobj();
    add_num(res, "useful_gpu_hours_month", r->useful_gpu_hours_month);
    cJSON *opts = xobj();
    for (int k = 0; k < OPT_COUNT; k++)
        cJSON_AddItemToObject(opts, cost_option_key((CostOption)k),
                              option_json(r, (CostOption)k));
    cJSON_AddItemToObject(res, "options", opts);
    cJSON_AddStringToObject(res, "cheapest", cost_option_key(r->cheapest));
    char text[1024];
    cJSON_AddStringToObject(res, "verdict",
                            cost_verdict_text(s, r, text, sizeof text));

    /* DESIGN 4.1: every crossover with its side; `onprem` only without one. */
    cJSON *cross = xobj();
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        const Crossover *c = &r->crossover[k];
        cJSON *cj = xobj();
        cJSON *pts = cJSON_CreateArray();
        for (size_t i = 0; i < c->count; i++) {
            cJSON *p = xobj();
            add_num(p, "utilization_pct", c->point[i].pct);
            cJSON_AddStringToObject(p, "onprem_cheaper",
                                    cost_side_word(c->point[i].side));
            cJSON_AddItemToArray(pts, p);
        }
        cJSON_AddItemToObject(cj, "points", pts);
        if (c->count == 0)
            cJSON_AddStringToObject(cj, "onprem", cost_cross_word(c->kind));
        cJSON_AddItemToObject(cross, cost_option_key((CostOption)k), cj);
    }
    cJSON_AddItemToObject(res, "crossovers", cross);
    cJSON_AddStringToObject(res, "zone", cost_zone_key(r->zone));
    cJSON_AddBoolToObject(res, "zone_agrees", r->zone_agrees);

    cJSON *adv = cJSON_CreateArray();
    for (size_t i = 0; i < r->advice_count; i++) {
        cJSON *a = xobj();
        cJSON_AddStringToObject(a, "code", cost_advice_key(r->advice[i]));
        cJSON_AddStringToObject(
            a, "text", cost_advice_text(r->advice[i], s, r, text, sizeof text));
        cJSON_AddItemToArray(adv, a);
    }
    cJSON_AddItemToObject(res, "advice", adv);

    cJSON *curves = xobj();
    cJSON *xs = cJSON_CreateArray();
    for (int i = 0; i < CURVE_POINTS; i++)
        cJSON_AddItemToArray(xs, cJSON_CreateNumber(i + 1));
    cJSON_AddItemToObject(curves, "utilization_pct", xs);
    for (int k = 0; k < OPT_COUNT; k++) {
        cJSON *ys = cJSON_CreateArray();
        for (int i = 0; i < CURVE_POINTS; i++) {
            cJSON_AddItemToArray(ys, num_item(r->curve[k][i]));
        }
        cJSON_AddItemToObject(curves, cost_option_key((CostOption)k), ys);
    }
    cJSON_AddItemToObject(res, "curves", curves);
    cJSON_AddItemToObject(res, "horizon", horizon_json(hz));
    if (hybrid)
        cJSON_AddItemToObject(res, "hybrid", hybrid_json(hybrid));
    if (risk)
        cJSON_AddItemToObject(res, "risk", risk_json(s, risk));
    return res;
}

void export_json(const Report *rep, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(EXPORT_JSON));
    cJSON *doc = xobj();
    cJSON_AddNumberToObject(doc, "gpuplan", SCENARIO_VERSION);
    cJSON_AddStringToObject(doc, "generator", rep->generator);
    cJSON_AddItemToObject(doc, "scenario", scenario_json(rep->scenario));
    cJSON_AddItemToObject(doc, "results",
                          results_json(rep->scenario, rep->cost, rep->horizon,
                                       rep->hybrid, rep->risk));
    char *text = cJSON_Print(doc);
    if (!text)
        xalloc_die();
    sb_append(b, text);
    sb_append(b, "\n");
    cJSON_free(text);
    cJSON_Delete(doc);
    num_minus_set(was);
}
