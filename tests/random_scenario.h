/* random_scenario.h: random valid scenarios for the randomized engine tests.
 *
 * Every number field of the registry is drawn around its default (0 to 3
 * times it, or anywhere in its range for percentages), rounded where the
 * field is whole, clamped to its range; the commitment and spot-eligibility
 * fields of DESIGN 2.2 are drawn over their whole range (the horizon of DESIGN
 * 2.7 stays at its defaults: these tests check the steady state against its
 * closed forms; check_horizon draws horizons of its own), with a coverage below
 * 100% most of the time so the reserved curve has its kink; then the power
 * draws are ordered so the cross-field rules hold, and the active share of
 * DESIGN 2.1 is drawn below 100% half the time. Fields added after these
 * draws were fixed (random_later_keys) are drawn from streams of their own,
 * forked from g without advancing it, so every other field is drawn as it
 * was before they existed: the commitment of DESIGN 2.9 (any kind and
 * payment; a prepayment takes the horizon's path even at its defaults).
 * The scenario passes scenario_validate(). */
#ifndef GPUPLAN_RANDOM_SCENARIO_H
#define GPUPLAN_RANDOM_SCENARIO_H

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "fields.h"
#include "rng.h"
#include "scenario.h"

/* Drawn from a stream of their own, not in the registry's loop (DESIGN 2.9
 * and later): each added to the loop would shift the draws of every field
 * after it. */
static const char *const random_later_keys[] = {
    "cloud.commitment", "cloud.reserved_payment", NULL};

static inline bool random_is_later(const Field *f)
{
    for (size_t i = 0; random_later_keys[i]; i++)
        if (strcmp(f->key, random_later_keys[i]) == 0)
            return true;
    return false;
}

static inline void random_commitment(Rng *g, Scenario *s);

static inline void random_scenario(Rng *g, Scenario *s)
{
    scenario_default(s);
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->type == FT_TEXT || f->type == FT_BOOL ||
            strncmp(f->key, "horizon.", 8) == 0 ||
            f->offset == offsetof(Scenario, utilization.active_pct) ||
            random_is_later(f) ||
            f->list == &field_list_pairs) /* no engine figure; added later */
            continue;
        if (f->type == FT_CHOICE) {
            size_t n = field_choice_count(f);
            field_put_num(f, s, (double)(rng_next(g) % n));
            continue;
        }
        double v;
        if (f->type == FT_PERCENT && f->maximum <= 100)
            v = f->minimum + rng_uniform(g) * (f->maximum - f->minimum);
        else
            v = f->default_num * 3 * rng_uniform(g);
        if (f->type == FT_INT)
            v = round(v);
        if (v < f->minimum)
            v = f->minimum;
        if (v > f->maximum)
            v = f->maximum;
        field_put_num(f, s, v);
    }
    /* Keep the fleet and the money in a range where the options compete. */
    if (s->hardware.nodes > 64)
        s->hardware.nodes = 64;
    Facility *fa = &s->facility;
    double p[3] = {fa->node_power_idle_kw, fa->node_power_busy_kw,
                   fa->node_power_max_kw};
    for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 3; b++)
            if (p[b] < p[a]) {
                double t = p[a];
                p[a] = p[b];
                p[b] = t;
            }
    fa->node_power_idle_kw = p[0];
    fa->node_power_busy_kw = p[1];
    fa->node_power_max_kw = p[2];
    s->constraints.compliance_forbids_cloud = rng_uniform(g) < 0.05;
    /* Coverage below 100% most of the time, on a 1% grid. */
    if (rng_uniform(g) < 0.85)
        s->cloud.reserved_coverage_pct = floor(rng_uniform(g) * 100);
    /* The active share from a stream of its own, forked from g without
     * advancing it, so every other field is drawn as it was before the
     * share existed; half the time below 100%. */
    Rng side;
    rng_seed(&side, g->state ^ UINT64_C(0x5bd1e9955bd1e995));
    if (rng_uniform(&side) < 0.5)
        s->utilization.active_pct = rng_uniform(&side) * 100;
    /* The commitment (DESIGN 2.9) from a second fork. */
    Rng commit;
    rng_seed(&commit, g->state ^ UINT64_C(0x9e3779b97f4a7c15));
    random_commitment(&commit, s);
}

/* Any commitment as AWS sells it (DESIGN 2.9), for tests of the horizon:
 * a kind and a payment drawn evenly, a capacity block's window 1 to 6
 * months. */
static inline void random_commitment(Rng *g, Scenario *s)
{
    s->cloud.commitment = (int)(rng_next(g) % COMMIT_COUNT);
    s->cloud.reserved_payment = (int)(rng_next(g) % PAY_COUNT);
    if (s->cloud.commitment == COMMIT_CAPACITY_BLOCK)
        s->cloud.reserved_term_months = 1 + (double)(rng_next(g) % 6);
}

/* The refresh of DESIGN 2.10, for tests of the horizon, from a fork of g
 * (g does not advance: the draws after the call are those of before it
 * existed). Half the time the defaults; else a price per performance of
 * 0.3 to 1.5, an overlap below the lifetime (at most 24 months) and a
 * resale decline of 0 to 80% a year. Call it once the lifetime is set. */
static inline void random_refresh(const Rng *g, Scenario *s)
{
    Rng r;
    rng_seed(&r, g->state ^ UINT64_C(0xd1b54a32d192ed03));
    if (rng_uniform(&r) < 0.5)
        return;
    s->horizon.refresh_price_performance = 0.3 + 1.2 * rng_uniform(&r);
    double most = s->hardware.lifetime_months - 1;
    if (most > 24)
        most = 24;
    s->horizon.refresh_overlap_months =
        (double)(rng_next(&r) % ((uint64_t)most + 1));
    s->horizon.resale_decline_pct_year = 80 * rng_uniform(&r);
}

#endif
