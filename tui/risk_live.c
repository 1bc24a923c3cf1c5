/* risk_live.c: the Risk panel's progressive Monte Carlo on a background
 * worker; see risk_live.h. */
#include "config.h"

#include "risk_live.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "background.h"
#include "numfmt.h"
#include "risk.h"
#include "term.h"
#include "uncertainty.h"
#include "utf8.h"

/* One stage: the scenario (its draws set to the stage's) and its figures. */
typedef struct McJob {
    Scenario s;
    size_t draws;
    bool ok;
    MonteCarlo mc;
    char err[sizeof ((Diag *)0)->message]; /* a Diag's, whole */
} McJob;

/* The worker's memory: the engine's work scenario and the per-draw values,
 * grown to the largest stage seen. */
typedef struct McState {
    Scenario work;
    RiskBuffers buf;
} McState;

struct RiskLive {
    BgChannel *ch;    /* NULL: no worker could start (then in the loop) */
    McState *state;
    Scenario want;    /* the scenario computed or being computed */
    bool have_want;
    size_t total;     /* its draws */
    size_t running;   /* draws of the stage on the worker; 0 = none */
    size_t deferred;  /* draws of a first stage to submit once drawn */
    bool have;        /* mc holds figures of a stage */
    bool current;     /* ... of `want` (not of an older scenario) */
    size_t have_draws; /* the draws of that stage */
    MonteCarlo mc;
    char why[400];    /* no figures: why ("" = no inputs) */
};

/* Room for cap draws of s, its paired inputs' draws included (DESIGN 2.8). */
static bool grow(RiskBuffers *b, const Scenario *s, size_t cap)
{
    size_t room = risk_corr_room(s, cap);
    if (room > b->corr_cap) {
        double *p = realloc(b->corr, room * sizeof *p);
        if (!p)
            return false;
        b->corr = p;
        b->corr_cap = room;
    }
    if (b->cap >= cap)
        return true;
    size_t *q = realloc(b->corr_idx, cap * sizeof *q);
    if (!q)
        return false;
    b->corr_idx = q;
    double **arr[] = {&b->delta, &b->crossover, &b->per_hour, &b->break_even};
    for (size_t k = 0; k < 4; k++) {
        double *p = realloc(*arr[k], cap * sizeof **arr[k]);
        if (!p)
            return false;
        *arr[k] = p;
    }
    b->cap = cap;
    return true;
}

static void mc_run(void *job, void *state, BgCtl *ctl)
{
    McJob *j = job;
    McState *st = state;
    if (!grow(&st->buf, &j->s, j->draws)) {
        snprintf(j->err, sizeof j->err, "no memory for %zu draws", j->draws);
        return;
    }
    st->buf.cancel = ctl ? bg_stop_flag(ctl) : NULL;
    j->s.uncertainty.draws = (double)j->draws;
    Diag why;
    j->ok = risk_monte_carlo(&j->s, &st->work, &st->buf, &j->mc, &why) == 0;
    if (!j->ok)
        utf8_clip(why.message, j->err, sizeof j->err);
    st->buf.cancel = NULL;
}

static void mc_free(void *job) { free(job); }

static const BgJobType mc_type = {mc_run, mc_free};

static RiskLive *live_of(App *a)
{
    if (!a->live) {
        RiskLive *l = calloc(1, sizeof *l);
        if (!l)
            return NULL;
        l->state = calloc(1, sizeof *l->state);
        if (l->state) {
            l->ch = bg_open(&mc_type, l->state);
            if (l->ch) /* the pipe is new when the hybrid channel has none */
                term_watch(bg_wake_fd());
        }
        a->live = l;
    }
    return a->live;
}

/* Take the result of a finished stage. */
static void take(RiskLive *l, McJob *j)
{
    if (j->ok) {
        l->mc = j->mc;
        l->have = l->current = true;
        l->have_draws = j->draws;
        l->why[0] = '\0';
    } else {
        msg_format(l->why, sizeof l->why, "%s", j->err);
        l->have = false;
    }
}

/* Start the stage of `draws` draws of l->want. */
static void submit(RiskLive *l, size_t draws)
{
    McJob *j = malloc(sizeof *j);
    if (!j || !l->state) {
        free(j);
        snprintf(l->why, sizeof l->why, "no memory for the Monte Carlo");
        l->running = 0;
        return;
    }
    memset(j, 0, sizeof *j);
    j->s = l->want;
    j->draws = draws;
    if (l->ch) {
        bg_submit(l->ch, j);
        l->running = draws;
        return;
    }
    /* No worker: compute here, every draw at once. */
    j->draws = l->total;
    McState *st = l->state;
    mc_run(j, st, NULL);
    take(l, j);
    free(j);
    l->running = 0;
}

Reaction risk_live_sync(App *a)
{
    if (a->panel != PANEL_RISK)
        return R_NONE;
    RiskLive *l = live_of(a);
    const Scenario *s = &a->shown;
    if (!l || (l->have_want && scenario_equal(&l->want, s)))
        return R_NONE;
    l->want = *s;
    l->have_want = true;
    l->current = false;
    if (l->ch)
        bg_cancel(l->ch);
    l->running = l->deferred = 0;
    Diag d;
    size_t i = 0;
    int which = 0;
    if (!s->has_uncertainty || s->uncertainty.input_count == 0) {
        l->have = false;
        l->why[0] = '\0';
        return R_RESULTS;
    }
    if (uncertainty_check(s, &i, &which, &d) != 0) {
        l->have = false;
        char path[FIELD_PATH_MAX];
        uncertainty_blame_path(i, which, false, path, sizeof path);
        msg_format(l->why, sizeof l->why, "%s: %s", path, d.message);
        return R_RESULTS;
    }
    l->total = (size_t)s->uncertainty.draws;
    size_t first = l->total < RISK_LIVE_FIRST ? l->total : RISK_LIVE_FIRST;
    if (!l->ch) {
        submit(l, first);
        return R_RESULTS;
    }
    /* The keystroke's screen first (DESIGN 9: 1 ms), the worker after it:
     * woken now, it competes with the drawing for the cores. Until then
     * the figures shown are marked refining. */
    l->deferred = l->running = first;
    return R_RESULTS;
}

void risk_live_start(App *a)
{
    RiskLive *l = a->live;
    if (!l || !l->deferred)
        return;
    size_t d = l->deferred;
    l->deferred = 0;
    submit(l, d);
}

Reaction risk_live_wake(App *a)
{
    RiskLive *l = a->live;
    if (!l || !l->ch)
        return R_NONE;
    void *job = NULL;
    if (bg_poll(l->ch, &job, NULL, NULL) != BG_DONE)
        return R_NONE;
    McJob *j = job;
    take(l, j);
    size_t done = j->draws;
    bg_job_free(l->ch, job);
    l->running = 0;
    /* Then eight times as many, up to every draw: each stage starts the
     * stream again, which costs at most a seventh more than one run. */
    if (done < l->total)
        submit(l, done * 8 < l->total ? done * 8 : l->total);
    if (a->panel != PANEL_RISK)
        return R_NONE;
    /* The pairs' rows show the rank correlations drawn. */
    return R_RESULTS | (a->shown.has_uncertainty && a->shown.uncertainty.pair_count ? R_FORM
                                                                                  : R_NONE);
}

const double *risk_live_drawn(const App *a)
{
    const RiskLive *l = a->live;
    const Scenario *s = &a->shown;
    if (a->panel != PANEL_RISK || !l || !l->have || !l->current || a->stale ||
        !s->has_uncertainty || l->mc.pair_count != s->uncertainty.pair_count)
        return NULL;
    return l->mc.rank_corr;
}

/* "-8,123" or "+12,456" in the scenario's currency, scaled when long. */
static void money(double v, char *buf, size_t n)
{
    char m[48];
    num_format_money(fabs(v), 0, m, sizeof m);
    if (strlen(m) > 9)
        num_format_scaled(fabs(v), 7, m, sizeof m);
    snprintf(buf, n, "%s%s", v < 0 ? num_minus_sign() : "+", m);
}

/* A count with thousands separators: 10,000. */
static void count(size_t v, char *buf, size_t n)
{
    num_format_money((double)v, 0, buf, n);
}

int risk_live_lines(const App *a, char lines[][RISK_LIVE_WIDTH], int max,
                    bool *refining)
{
    const RiskLive *l = a->live;
    *refining = false;
    if (a->panel != PANEL_RISK || max < RISK_LIVE_LINES)
        return 0;
    const Scenario *s = &a->shown;
    if (!s->has_uncertainty || s->uncertainty.input_count == 0) {
        snprintf(lines[0], RISK_LIVE_WIDTH, "Monte Carlo: no uncertain "
                 "inputs yet (a adds one)");
        return 1;
    }
    if (!l || (!l->have && l->why[0])) {
        msg_format(lines[0], RISK_LIVE_WIDTH, "Monte Carlo: %s",
                 l ? l->why : "cannot start");
        return 1;
    }
    if (!l->have) {
        snprintf(lines[0], RISK_LIVE_WIDTH, "Monte Carlo: computing...");
        *refining = true;
        return 1;
    }
    const MonteCarlo *mc = &l->mc;
    /* A value being typed that is refused (DESIGN 8 live recompute): the
     * figures are those of the last valid one, marked stale as the main
     * results are. */
    bool stale = a->stale;
    *refining = stale || !l->current || l->running != 0;
    int n = 0;
    /* Most needed first (the box may show only the first ones): the
     * probability, the crossover's range, the metric's range, the draws. */
    num_snprintf(lines[n++], RISK_LIVE_WIDTH, "P(owning cheapest) %.1f%%%s",
                 100 * mc->p_onprem_cheapest,
                 stale ? " stale" : *refining ? " refining" : "");
    if (mc->crossover.n > 0)
        num_snprintf(lines[n++], RISK_LIVE_WIDTH, "X %s P10..P90 %.1f%%..%.1f%%",
                     cost_option_word(mc->option), mc->crossover.p10,
                     mc->crossover.p90);
    else
        snprintf(lines[n++], RISK_LIVE_WIDTH, "X %s: none in any draw",
                 cost_option_word(mc->option));
    char lo[48], hi[48];
    money(mc->delta.p10, lo, sizeof lo);
    money(mc->delta.p90, hi, sizeof hi);
    snprintf(lines[n++], RISK_LIVE_WIDTH, "Delta P10..P90 %s..%s", lo, hi);
    char done[32], all[32], rej[32];
    count(l->have_draws, done, sizeof done);
    count(l->total, all, sizeof all);
    count(mc->rejected, rej, sizeof rej);
    if (stale)
        snprintf(lines[n++], RISK_LIVE_WIDTH, "stale: the value typed is refused");
    else if (*refining)
        snprintf(lines[n++], RISK_LIVE_WIDTH, "refining: %s of %s draws", done,
                 all);
    else
        snprintf(lines[n++], RISK_LIVE_WIDTH, "%s draws, %s rejected", all,
                 rej);
    return n;
}

void risk_live_free(App *a)
{
    RiskLive *l = a->live;
    if (!l)
        return;
    bg_close(l->ch);
    if (l->state) {
        free(l->state->buf.delta);
        free(l->state->buf.crossover);
        free(l->state->buf.per_hour);
        free(l->state->buf.break_even);
        free(l->state->buf.corr);
        free(l->state->buf.corr_idx);
        free(l->state);
    }
    free(l);
    a->live = NULL;
}
