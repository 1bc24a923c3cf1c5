/* check_price_picker.c: the price book picker (price_picker.h) changes the
 * scenario only through the edit path (DESIGN 5, 8): a price its field
 * does not allow (a typing slip in the book, 9,000 an hour a GPU) is
 * refused with the field's own message and nothing changes; an allowed
 * one is one undo step. Driven without a terminal, on a book built here. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edit.h"
#include "fields.h"
#include "planner.h"
#include "price_picker.h"
#include "prices.h"
#include "scenario_file.h"
#include "strbuf.h"

static App app;       /* large: static */
static Scenario before;

/* The planner on tests/data/good/hybrid.yaml (workload 0 runs on-prem, so
 * its cloud price is on-demand's), with a book of one 8-GPU instance in
 * one region at `per_gpu` an hour a GPU, on-demand and spot. */
static App *start(double per_gpu)
{
    App *a = &app;
    memset(a, 0, sizeof *a);
    char path[1024];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/data/good/hybrid.yaml", top ? top : ".");
    Scenario s;
    Diag d;
    ck_assert_msg(scenario_load_file(path, &s, &d) == 0, "%s", d.message);
    doc_init(&a->doc, &s, NULL);
    edit_recompute(a);
    a->book = xmalloc(sizeof *a->book);
    memset(a->book, 0, sizeof *a->book);
    PriceInstance *in = &a->book->instances[0];
    a->book->count = 1;
    snprintf(in->name, sizeof in->name, "p9.slip");
    snprintf(in->provider, sizeof in->provider, "aws");
    snprintf(in->date, sizeof in->date, "2026-01-01");
    in->gpus = 8;
    in->reserved_term_months = NAN;
    in->region_count = 1;
    PriceRegion *r = &in->regions[0];
    snprintf(r->region, sizeof r->region, "us-east-1");
    r->on_demand = r->spot = per_gpu * 8;
    r->reserved = NAN;
    before = a->doc.cur;
    return a;
}

static void finish(App *a)
{
    price_picker_close(a);
    doc_free(&a->doc);
}

/* The message a field gives for value v: what the picker must say. */
static const char *field_says(const char *key, double v, Diag *d)
{
    const Field *f = field_find(key);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_ne(field_check_num(f, v, d), 0);
    return d->message;
}

/* Opened on workload 0's cloud_gpu_hour cell: 9,000 a GPU-hour is above
 * the field's 1,000; the picker says so with the field's message and the
 * cell's path, and nothing changes (no undo step, the draft as it was). */
START_TEST(workload_price_out_of_range_refused)
{
    App *a = start(9000);
    a->price_workload = 0;
    Diag d;
    const char *says = field_says("hybrid.workloads[].cloud_gpu_hour", 9000, &d);
    price_picker_pick(a, "0 0");
    ck_assert(a->msg.error);
    ck_assert_msg(strstr(a->msg.text, "hybrid.workloads[0].cloud_gpu_hour") &&
                      strstr(a->msg.text, says) && strstr(a->msg.text, "not changed"),
                  "%s", a->msg.text);
    ck_assert(scenario_equal(&a->doc.cur, &before));
    ck_assert(scenario_equal(&a->shown, &before));
    ck_assert(!a->doc.cur.hybrid.workloads[0].has_cloud_price);
    ck_assert_uint_eq(a->doc.undo.count, 0);
    finish(a);
}
END_TEST

/* The same book at 4.5 a GPU-hour: set, one undo step, said. */
START_TEST(workload_price_in_range_set)
{
    App *a = start(4.5);
    a->price_workload = 0;
    price_picker_pick(a, "0 0");
    ck_assert_msg(!a->msg.error, "%s", a->msg.text);
    ck_assert(a->doc.cur.hybrid.workloads[0].has_cloud_price);
    ck_assert_double_eq(a->doc.cur.hybrid.workloads[0].cloud_gpu_hour, 4.5);
    ck_assert_uint_eq(a->doc.undo.count, 1);
    ck_assert_ptr_nonnull(strstr(a->msg.text, "cloud_gpu_hour = 4.50 per GPU-h"));
    finish(a);
}
END_TEST

/* On the Cloud panel: the scenario's prices, all or nothing; 9,000 is
 * refused with cloud.on_demand_gpu_hour's message and nothing copied. */
START_TEST(cloud_price_out_of_range_refused)
{
    App *a = start(9000);
    a->price_workload = -1;
    Diag d;
    const char *says = field_says("cloud.on_demand_gpu_hour", 9000, &d);
    price_picker_pick(a, "0 0");
    ck_assert(a->msg.error);
    ck_assert_msg(strstr(a->msg.text, "cloud.on_demand_gpu_hour") &&
                      strstr(a->msg.text, says) &&
                      strstr(a->msg.text, "nothing copied"),
                  "%s", a->msg.text);
    ck_assert(scenario_equal(&a->doc.cur, &before));
    ck_assert(scenario_equal(&a->shown, &before));
    ck_assert_uint_eq(a->doc.undo.count, 0);
    finish(a);
}
END_TEST

static Suite *picker_suite(void)
{
    Suite *s = suite_create("price_picker");
    TCase *t = tcase_create("price_picker");
    tcase_add_test(t, workload_price_out_of_range_refused);
    tcase_add_test(t, workload_price_in_range_set);
    tcase_add_test(t, cloud_price_out_of_range_refused);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(picker_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
