/* background.c: one worker thread per channel, the newest job wins, a
 * self-pipe wakes the loop (see background.h). */
#include "config.h"

#include "background.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "numfmt.h"
#include "strbuf.h"

/* One submitted job: what its run function sees as its BgCtl. */
struct BgCtl {
    void *job;
    BgChannel *ch;
    uint64_t gen;
    bool published; /* a partial result not yet taken (channel's lock) */
    /* Raised (under the channel's lock) when the job is stale; read by
     * the worker without it, as a signal handler's flag is. */
    volatile sig_atomic_t stop;
    atomic_int percent; /* written by the worker, read by the loop */
    NumMinus minus;     /* the submitter's minus sign, the worker's too */
};
typedef struct BgCtl BgTask;

struct BgChannel {
    const BgJobType *type;
    void *state;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    BgTask *next;    /* submitted, not started */
    BgTask *running; /* on the worker */
    BgTask *done;    /* the newest job, finished, not taken */
    uint64_t gen;
    bool closing;
};

/* The process's wake pipe: [0] for the loop, [1] for the workers. */
static int wake[2] = {-1, -1};

static void wake_loop(void)
{
    /* Full pipe: the loop has wakes enough waiting (EAGAIN is fine). */
    ssize_t r = write(wake[1], "w", 1);
    (void)r;
}

int bg_wake_fd(void) { return wake[0]; }

void bg_wake_drain(void)
{
    char buf[256];
    if (wake[0] < 0)
        return;
    while (read(wake[0], buf, sizeof buf) > 0)
        ;
}

static bool wake_open(void)
{
    if (wake[0] >= 0)
        return true;
    int p[2];
    if (pipe(p) != 0)
        return false;
    for (int i = 0; i < 2; i++) {
        int fl = fcntl(p[i], F_GETFL);
        if (fl < 0 || fcntl(p[i], F_SETFL, fl | O_NONBLOCK) != 0 ||
            fcntl(p[i], F_SETFD, FD_CLOEXEC) != 0) {
            close(p[0]);
            close(p[1]);
            return false;
        }
    }
    wake[0] = p[0];
    wake[1] = p[1];
    return true;
}

static void task_free(const BgChannel *ch, BgTask *t)
{
    if (!t)
        return;
    ch->type->free(t->job);
    free(t);
}

static void *worker(void *arg)
{
    BgChannel *ch = arg;
    pthread_mutex_lock(&ch->mu);
    for (;;) {
        while (!ch->next && !ch->closing)
            pthread_cond_wait(&ch->cv, &ch->mu);
        if (ch->closing)
            break;
        BgTask *t = ch->next;
        ch->next = NULL;
        ch->running = t;
        pthread_mutex_unlock(&ch->mu);
        /* A message the job words shows on the submitter's screen:
         * its minus sign (DESIGN 8). */
        num_minus_set(t->minus);
        ch->type->run(t->job, ch->state, t);
        pthread_mutex_lock(&ch->mu);
        ch->running = NULL;
        if (t->stop) {
            task_free(ch, t); /* stale: nobody wants it */
        } else {
            ch->done = t;
            wake_loop();
        }
    }
    pthread_mutex_unlock(&ch->mu);
    return NULL;
}

BgChannel *bg_open(const BgJobType *type, void *state)
{
    if (!wake_open())
        return NULL;
    BgChannel *ch = calloc(1, sizeof *ch);
    if (!ch)
        return NULL;
    ch->type = type;
    ch->state = state;
    if (pthread_mutex_init(&ch->mu, NULL) != 0) {
        free(ch);
        return NULL;
    }
    if (pthread_cond_init(&ch->cv, NULL) != 0) {
        pthread_mutex_destroy(&ch->mu);
        free(ch);
        return NULL;
    }
    /* The worker blocks every signal, so they reach the loop's thread and
     * interrupt its poll() (DESIGN 7). */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(&ch->thread, NULL, worker, ch);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        pthread_cond_destroy(&ch->cv);
        pthread_mutex_destroy(&ch->mu);
        free(ch);
        return NULL;
    }
    return ch;
}

void bg_close(BgChannel *ch)
{
    if (!ch)
        return;
    pthread_mutex_lock(&ch->mu);
    ch->closing = true;
    if (ch->running)
        ch->running->stop = 1;
    pthread_cond_signal(&ch->cv);
    pthread_mutex_unlock(&ch->mu);
    pthread_join(ch->thread, NULL);
    task_free(ch, ch->next);
    task_free(ch, ch->done);
    pthread_cond_destroy(&ch->cv);
    pthread_mutex_destroy(&ch->mu);
    free(ch);
}

/* Drop every job but the running one, which is told to stop (lock held). */
static void drop_all(BgChannel *ch)
{
    task_free(ch, ch->next);
    ch->next = NULL;
    task_free(ch, ch->done);
    ch->done = NULL;
    if (ch->running)
        ch->running->stop = 1;
}

uint64_t bg_submit(BgChannel *ch, void *job)
{
    BgTask *t = xmalloc(sizeof *t);
    t->job = job;
    t->ch = ch;
    t->published = false;
    t->minus = num_minus_now();
    t->stop = 0;
    atomic_init(&t->percent, 0);
    pthread_mutex_lock(&ch->mu);
    drop_all(ch);
    t->gen = ++ch->gen;
    ch->next = t;
    pthread_cond_signal(&ch->cv);
    pthread_mutex_unlock(&ch->mu);
    return t->gen;
}

void bg_cancel(BgChannel *ch)
{
    pthread_mutex_lock(&ch->mu);
    drop_all(ch);
    pthread_mutex_unlock(&ch->mu);
}

BgState bg_poll(BgChannel *ch, void **job, uint64_t *gen, int *percent)
{
    BgState st = BG_IDLE;
    pthread_mutex_lock(&ch->mu);
    if (ch->done) {
        *job = ch->done->job;
        if (gen)
            *gen = ch->done->gen;
        free(ch->done);
        ch->done = NULL;
        st = BG_DONE;
    } else if (ch->next || (ch->running && !ch->running->stop)) {
        int pc = ch->next ? 0 : atomic_load(&ch->running->percent);
        if (percent)
            *percent = pc;
        st = BG_RUNNING;
    }
    pthread_mutex_unlock(&ch->mu);
    return st;
}

void bg_job_free(BgChannel *ch, void *job)
{
    if (job)
        ch->type->free(job);
}

double bg_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

bool bg_wait(BgChannel *ch, int timeout_ms, volatile sig_atomic_t *stop)
{
    double end = bg_now_ms() + timeout_ms;
    bool drained = false, finished = false;
    for (;;) {
        pthread_mutex_lock(&ch->mu);
        finished = !ch->next && !(ch->running && !ch->running->stop);
        pthread_mutex_unlock(&ch->mu);
        if (finished || (stop && *stop))
            break;
        int left = -1;
        if (timeout_ms >= 0) {
            double l = end - bg_now_ms();
            if (l <= 0)
                break;
            left = (int)l + 1;
        }
        struct pollfd pfd = {wake[0], POLLIN, 0};
        int r = poll(&pfd, 1, left);
        if (r < 0 && errno != EINTR)
            break;
        if (r > 0) {
            bg_wake_drain();
            drained = true;
        }
    }
    /* What was drained may have been another channel's news: leave the
     * pipe readable so the loop polls them all. */
    if (drained)
        wake_loop();
    return finished;
}

void bg_publish(BgCtl *ctl, void (*fill)(void *job, void *arg), void *arg)
{
    BgChannel *ch = ctl->ch;
    pthread_mutex_lock(&ch->mu);
    fill(ctl->job, arg);
    ctl->published = true;
    pthread_mutex_unlock(&ch->mu);
    wake_loop();
}

bool bg_take_published(BgChannel *ch, void (*take)(void *job, void *arg), void *arg)
{
    bool took = false;
    pthread_mutex_lock(&ch->mu);
    BgTask *t = ch->running;
    if (!ch->next && t && !t->stop && t->published) {
        take(t->job, arg);
        t->published = false;
        took = true;
    }
    pthread_mutex_unlock(&ch->mu);
    return took;
}

bool bg_stopping(const BgCtl *ctl) { return ctl->stop != 0; }

volatile sig_atomic_t *bg_stop_flag(BgCtl *ctl) { return &ctl->stop; }

void bg_progress(BgCtl *ctl, size_t done, size_t total)
{
    if (total == 0)
        return;
    if (done > total)
        done = total;
    /* 0..99 while running: 100% is the result itself. */
    int pc = (int)((double)done / (double)total * 100);
    if (pc > 99)
        pc = 99;
    if (atomic_exchange(&ctl->percent, pc) != pc)
        wake_loop();
}
