/* hybrid_queue.c: the on-prem queue of a hybrid plan run event by event
 * (DESIGN 6): at each minute with submissions or ends, the ends free their
 * GPUs, the submissions join the queue (a burst job predicts its start at
 * once and goes to the cloud past its limit, hybrid_predict.c), and the
 * pass of hybrid_view.c starts what may start. */
#include "config.h"

#include "hybrid_walk.h"

#include <stdlib.h>
#include <string.h>

/* ---- the run ------------------------------------------------------------ */

void hybrid_release(Sim *m, int64_t t)
{
    if (t <= m->now)
        return;
    if (m->free < m->cap) {
        Ring *r = &m->mem->ring;
        int64_t lim = t < m->now + r->mask ? t : m->now + r->mask;
        for (int64_t e = m->now; (e = ring_next(r, e, lim)) != NEVER;)
            m->free += ring_take(r, e);
    }
    m->now = t;
}

/* Class k's job submitted at t joins the queue, or goes to the cloud. */
static void submit(Sim *m, size_t k, int64_t t, int64_t seq)
{
    const HybridClass *cl = &m->c->cls[k];
    HybridMem *mem = m->mem;
    HybridRun run = route_run(m->c, m->route, k);
    mem->tl[k]++;
    if (run == RUN_CLOUD) {
        mem->cloud[k]++;
        demand_add(m, k, t);
        return;
    }
    if (m->cap <= 0 || cl->g > m->cap) {
        if (m->cap > 0)
            m->too_big[cl->w] = true;
        divert(m, k, t);
        demand_add(m, k, t);
        return;
    }
    ClassQueue *q = &mem->queues[k];
    q_push(q, (QEntry){seq, (int32_t)t, INT32_MAX});
    m->queued++;
    hybrid_walk_joined(m, k);
    hybrid_backwalk_joined(m, k);
    if (run == RUN_BURST) {
        /* Predict with the job in the queue, as the last of its class. */
        int64_t at = hybrid_predict(m, k, t);
        if (at == NEVER) {
            q->n--;
            m->queued--;
            hybrid_walk_left(m, k);
            hybrid_backwalk_left(m, k, seq);
            divert(m, k, t);
            demand_add(m, k, t);
            return;
        }
        q_at(q, q->n - 1)->pred = (int32_t)(at - t);
    }
    /* Its class had no job waiting: it joins the heads. */
    if (q->n == 1)
        heads_push(&mem->heads, (HeadKey){seq, cl->prio, (uint32_t)k});
}

/* The real queue's view for a pass at t; its reservation kept in m. */
static void real_pass(Sim *m, int64_t t)
{
    View v;
    memset(&v, 0, sizeof v);
    v.m = m;
    v.backfill = m->backfill;
    v.now = m->now;
    v.free = m->free;
    v.res_ok = m->res_ok;
    v.res_class = m->res_class;
    v.res_seq = m->res_seq;
    v.res_shadow = m->res_shadow;
    v.res_extra = m->res_extra;
    v.heads = &m->mem->heads;
    hybrid_pass(&v, t);
    m->free = v.free;
    m->res_ok = v.res_ok;
    m->res_class = v.res_class;
    m->res_seq = v.res_seq;
    m->res_shadow = v.res_shadow;
    m->res_extra = v.res_extra;
}

/* The jobs still waiting when a cost-only run stops at the end of the
 * period: unserved (DESIGN 6.2); take out what the baseline counted for
 * them. */
static void drop_waiting(Sim *m)
{
    for (size_t k = 0; k < m->c->nc; k++) {
        const ClassQueue *q = &m->mem->queues[k];
        for (size_t i = 0; i < q->n; i++)
            move_start(m, k, q_at(q, i)->submit, m->c->period);
    }
}

void hybrid_run_events(Sim *m, bool stop)
{
    Ring *r = &m->mem->ring;
    for (;;) {
        /* Every event: one may hold predictions through a long queue. */
        if (m->cancelled || hybrid_cancelled(m->sc)) {
            m->cancelled = true;
            return;
        }
        uint32_t key;
        bool have = feed_peek(m, &key);
        int64_t nsub = have ? key_minute(key) : NEVER, t;
        if (m->queued == 0) {
            if (!have)
                break;
            t = nsub;
        } else {
            int64_t e = ring_next(r, m->now, m->now + r->mask);
            t = nsub < e ? nsub : e;
            if (t == NEVER)
                abort(); /* a job larger than the cluster was queued */
            if (m->cost_only && !have && t >= m->c->period) {
                drop_waiting(m);
                break;
            }
        }
        hybrid_release(m, t);
        while (feed_peek(m, &key) && key_minute(key) == t) {
            m->feed.pos++;
            m->mem->work++;
            submit(m, key_class(key), t,
                   (int64_t)(m->feed.base + m->feed.pos - 1));
        }
        real_pass(m, t);
        if (stop && m->queued == 0 && t >= m->dev_end)
            break;
    }
}
