/* check_once_table.c: a table computed once and shared (once_table.h):
 * filled once, then read as filled; callers racing the first fill each get
 * a complete table, and the shared one is filled by exactly one of them. */
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "once_table.h"

enum { N = 4096, THREADS = 8 };

typedef struct Fill {
    atomic_int calls;       /* fills of any table */
    atomic_int shared_calls; /* fills of the shared table */
    const int *shared;
} Fill;

static void fill_squares(void *table, void *arg)
{
    Fill *f = arg;
    int *t = table;
    atomic_fetch_add(&f->calls, 1);
    if (t == f->shared)
        atomic_fetch_add(&f->shared_calls, 1);
    for (int i = 0; i < N; i++)
        t[i] = i * i % 9973;
}

static bool complete(const int *t)
{
    for (int i = 0; i < N; i++)
        if (t[i] != i * i % 9973)
            return false;
    return true;
}

START_TEST(filled_once_then_read)
{
    static int shared[N], local[N];
    OnceTable o = ONCE_TABLE_INIT;
    Fill f = {0};
    f.shared = shared;
    const int *t = once_table(&o, shared, local, fill_squares, &f);
    ck_assert_ptr_eq(t, shared);
    ck_assert(complete(t));
    memset(local, 0, sizeof local);
    for (int k = 0; k < 3; k++)
        ck_assert_ptr_eq(once_table(&o, shared, local, fill_squares, &f), shared);
    int calls = atomic_load(&f.calls);
    ck_assert_int_eq(calls, 1);
    ck_assert_int_eq(local[1], 0); /* the local copy was never touched */
}
END_TEST

typedef struct Racer {
    OnceTable *o;
    int *shared;
    Fill *f;
    pthread_barrier_t *start;
    int local[N];
    const int *got;
} Racer;

static void *race(void *arg)
{
    Racer *r = arg;
    pthread_barrier_wait(r->start);
    r->got = once_table(r->o, r->shared, r->local, fill_squares, r->f);
    return NULL;
}

START_TEST(racing_callers_each_get_a_complete_table)
{
    static int shared[N];
    static Racer racers[THREADS];
    for (int round = 0; round < 50; round++) {
        OnceTable o = ONCE_TABLE_INIT;
        Fill f = {0};
        f.shared = shared;
        memset(shared, 0, sizeof shared);
        pthread_barrier_t start;
        ck_assert_int_eq(pthread_barrier_init(&start, NULL, THREADS), 0);
        pthread_t th[THREADS];
        for (int k = 0; k < THREADS; k++) {
            racers[k] = (Racer){.o = &o, .shared = shared, .f = &f, .start = &start};
            ck_assert_int_eq(pthread_create(&th[k], NULL, race, &racers[k]), 0);
        }
        for (int k = 0; k < THREADS; k++)
            pthread_join(th[k], NULL);
        pthread_barrier_destroy(&start);
        int shared_fills = atomic_load(&f.shared_calls);
        ck_assert_msg(shared_fills == 1, "round %d: the shared table filled %d times",
                      round, shared_fills);
        for (int k = 0; k < THREADS; k++) {
            ck_assert(racers[k].got == shared || racers[k].got == racers[k].local);
            ck_assert_msg(complete(racers[k].got), "round %d, caller %d", round, k);
        }
        /* once published, every caller reads the shared table */
        ck_assert_ptr_eq(once_table(&o, shared, racers[0].local, fill_squares, &f),
                         shared);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("once_table");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, filled_once_then_read);
    tcase_add_test(tc, racing_callers_each_get_a_complete_table);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
