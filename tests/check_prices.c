/* check_prices.c: the price book (DESIGN 5) records commitments as AWS
 * sells them (DESIGN 2.9): each committed rate says its kind (a word of
 * cloud.commitment), payment and term, picking an instance copies them,
 * a rate the sources do not give is said to be missing, and a book with a
 * word the registry does not know is refused where the word is. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fields.h"
#include "prices.h"
#include "scenario.h"
#include "scenario_edit.h"

static PriceBook *shipped(void)
{
    PriceBook *b = malloc(sizeof *b);
    ck_assert_ptr_nonnull(b);
    char path[4096];
    snprintf(path, sizeof path, "%s/scenarios/prices.yaml", GPUPLAN_SRCDIR);
    Diag d;
    int rc = prices_load_file(path, b, &d);
    char msg[1200];
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s", msg);
    return b;
}

static const PriceInstance *named(const PriceBook *b, const char *name)
{
    for (size_t i = 0; i < b->count; i++)
        if (strcmp(b->instances[i].name, name) == 0)
            return &b->instances[i];
    ck_abort_msg("no %s in the book", name);
    return NULL;
}

/* Every committed rate names its kind and term; every instance that
 * lacks a kind of price says which ones the sources do not give. */
START_TEST(rates_say_what_they_are)
{
    PriceBook *b = shipped();
    const Field *kind = field_find("cloud.commitment");
    for (size_t i = 0; i < b->count; i++) {
        const PriceInstance *in = &b->instances[i];
        bool reserved = false, spot = false;
        for (size_t j = 0; j < in->region_count; j++) {
            reserved |= isfinite(in->regions[j].reserved);
            spot |= isfinite(in->regions[j].spot);
        }
        if (reserved) {
            ck_assert_msg(field_choice_index(kind, in->reserved_kind) >= 0,
                          "%s: reserved_kind '%s'", in->name,
                          in->reserved_kind);
            ck_assert_msg(isfinite(in->reserved_term_months), "%s: no term",
                          in->name);
        }
        ck_assert_msg(in->not_sourced[0] != '\0' || (reserved && spot),
                      "%s lacks a price and does not say so", in->name);
    }
    free(b);
}
END_TEST

/* Picking p5.48xlarge in us-east-1 copies its capacity-block rate with the
 * kind and the 6-month window (31.464 / 8 = 3.933 a GPU-hour); g5.24xlarge
 * a 1-year no-upfront Reserved Instance (5.131 / 4 = 1.28275). Through the
 * edit path, as the planner applies them: the scenario stays valid. */
START_TEST(picking_copies_the_commitment)
{
    PriceBook *b = shipped();
    static const struct {
        const char *name;
        double rate, term;
        CommitmentKind kind;
        CommitmentPayment pay;
    } rows[] = {
        {"p5.48xlarge", 3.933, 6, COMMIT_CAPACITY_BLOCK, PAY_NO_UPFRONT},
        {"g5.24xlarge", 1.28275, 12, COMMIT_RESERVED_INSTANCE, PAY_NO_UPFRONT},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        const PriceInstance *in = named(b, rows[k].name);
        PriceEdits e;
        prices_edits(in, &in->regions[0], &e);
        Scenario s;
        scenario_default(&s);
        s.cloud.reserved_payment = PAY_ALL_UPFRONT; /* the book may say */
        size_t bad;
        Diag d;
        int rc = scenario_set_all(&s, e.keys, e.texts, e.count, &bad, &d);
        ck_assert_msg(rc == 0, "%s: %s: %s", rows[k].name, d.path, d.message);
        ck_assert_double_eq_tol(s.cloud.reserved_gpu_hour, rows[k].rate, 1e-12);
        ck_assert_double_eq(s.cloud.reserved_term_months, rows[k].term);
        ck_assert_int_eq(s.cloud.commitment, rows[k].kind);
        /* The book gives the RI's payment; a block's is not the book's to
         * say (blocks are prepaid whatever it is). */
        ck_assert_int_eq(s.cloud.reserved_payment,
                         rows[k].kind == COMMIT_CAPACITY_BLOCK ? PAY_ALL_UPFRONT
                                                               : rows[k].pay);
    }
    free(b);
}
END_TEST

/* A kind that is no word of cloud.commitment is refused at its place. */
START_TEST(unknown_kind_is_refused)
{
    const char *y = "gpuplan_prices: 1\ninstances:\n  - name: x1\n"
                    "    provider: AWS\n    gpus: 8\n"
                    "    reserved_kind: capacity block\n"
                    "    regions:\n      us-east-1: {on_demand: 1}\n";
    char path[] = "/tmp/gpuplan-prices-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(y, f);
    fclose(f);
    PriceBook *b = malloc(sizeof *b);
    Diag d;
    int rc = prices_load_file(path, b, &d);
    remove(path);
    free(b);
    ck_assert_int_eq(rc, EXIT_DATAERR);
    ck_assert_uint_eq(d.line, 6);
    ck_assert_uint_eq(d.col, 20);
    ck_assert_msg(strstr(d.message, "capacity_block") &&
                      strstr(d.message, "copied into cloud.commitment"),
                  "%s", d.message);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("prices");
    TCase *tc = tcase_create("prices");
    tcase_add_test(tc, rates_say_what_they_are);
    tcase_add_test(tc, picking_copies_the_commitment);
    tcase_add_test(tc, unknown_kind_is_refused);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
