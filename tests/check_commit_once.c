/* check_commit_once.c: a value typed in the planner is checked once and
 * worked out once (DESIGN 8, the one commit path). The planner's edit
 * module is driven as the main loop drives it (mode_key, one key at a
 * time) with no terminal; the model's functions are counted through the
 * linker (-Wl,--wrap), so nothing in the model or the planner exists for
 * this test:
 *   scenario_validate  the cross-field rules, what scenario_check runs;
 *   field_set          a value's own rules (type, range, step);
 *   cost_evaluate, horizon_evaluate  the figures of the draft.
 * A keystroke that changes the typed text previews it (one check, one
 * evaluation); Enter commits the previewed value with neither; Enter on a
 * value not previewed yet checks it once, and works it out once when it
 * changes the main view. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "edit.h"
#include "fields.h"
#include "horizon.h"
#include "keys.h"
#include "mode.h"
#include "mode_dispatch.h"
#include "planner.h"

static unsigned long validations, sets, costs, horizons;

int __real_scenario_validate(const Scenario *s, const Field **bad, Diag *d);
int __wrap_scenario_validate(const Scenario *s, const Field **bad, Diag *d);
int __wrap_scenario_validate(const Scenario *s, const Field **bad, Diag *d)
{
    validations++;
    return __real_scenario_validate(s, bad, d);
}

int __real_field_set(const Field *f, Scenario *s, const char *text, Diag *d);
int __wrap_field_set(const Field *f, Scenario *s, const char *text, Diag *d);
int __wrap_field_set(const Field *f, Scenario *s, const char *text, Diag *d)
{
    sets++;
    return __real_field_set(f, s, text, d);
}

void __real_cost_evaluate(const Scenario *s, CostResult *r);
void __wrap_cost_evaluate(const Scenario *s, CostResult *r);
void __wrap_cost_evaluate(const Scenario *s, CostResult *r)
{
    costs++;
    __real_cost_evaluate(s, r);
}

void __real_horizon_evaluate(const Scenario *s, HorizonResult *h,
                             HorizonCumulative *cum);
void __wrap_horizon_evaluate(const Scenario *s, HorizonResult *h,
                             HorizonCumulative *cum);
void __wrap_horizon_evaluate(const Scenario *s, HorizonResult *h,
                             HorizonCumulative *cum)
{
    horizons++;
    __real_horizon_evaluate(s, h, cum);
}

static App app; /* large: static */

/* The planner as it starts on the default scenario (app_run without the
 * terminal), the selection on `key`'s row of its panel. */
static App *start_on(const char *key)
{
    App *a = &app;
    memset(a, 0, sizeof *a);
    Scenario s;
    scenario_default(&s);
    doc_init(&a->doc, &s, NULL);
    edit_recompute(a);
    for (int p = 0; p < PANEL_COUNT; p++) {
        a->panel = (Panel)p;
        FieldRef r;
        for (size_t row = 0; edit_ref_at(a, a->panel, row, 0, &r); row++)
            if (strcmp(r.path, key) == 0) {
                a->sel[p] = row;
                validations = sets = costs = horizons = 0;
                return a;
            }
    }
    ck_abort_msg("no panel has a row for %s", key);
    return NULL;
}

#define EXPECT_COUNTS(what, v, st, c, h)                                      \
    ck_assert_msg(validations == (v) && sets == (st) && costs == (c) &&       \
                      horizons == (h),                                        \
                  "%s: %lu cross-field checks, %lu value checks, %lu cost "   \
                  "and %lu horizon evaluations (want %d, %d, %d, %d)", what,  \
                  validations, sets, costs, horizons, (v), (st), (c), (h))

static void reset(void) { validations = sets = costs = horizons = 0; }

/* Nodes 4 -> '8' -> Enter: the digit opens the editor and previews "8"
 * (checked once, worked out once); Enter commits it with neither. */
START_TEST(typed_digit_then_enter)
{
    App *a = start_on("hardware.nodes");
    ck_assert_int_eq(mode_current(a), MODE_NORMAL);
    mode_key(a, '8');
    ck_assert_int_eq(mode_current(a), MODE_EDIT);
    EXPECT_COUNTS("the digit", 1, 1, 1, 1);
    reset();
    mode_key(a, KC_ENTER);
    ck_assert_int_eq(mode_current(a), MODE_NORMAL);
    EXPECT_COUNTS("Enter after the preview", 0, 0, 0, 0);
    ck_assert_double_eq(a->doc.cur.hardware.nodes, 8);
    ck_assert(scenario_equal(&a->shown, &a->doc.cur)); /* its figures shown */
    ck_assert_uint_eq(a->doc.undo.count, 1); /* one undo step */
    doc_free(&a->doc);
}
END_TEST

/* Enter on the value as it opened (nothing typed, nothing previewed):
 * checked once, not worked out again (the main view's fields are those
 * its figures are of), and no undo step for no change. */
START_TEST(enter_at_once)
{
    App *a = start_on("hardware.nodes");
    mode_key(a, KC_ENTER);
    ck_assert_int_eq(mode_current(a), MODE_EDIT);
    EXPECT_COUNTS("Enter opens the editor", 0, 0, 0, 0);
    mode_key(a, KC_ENTER);
    ck_assert_int_eq(mode_current(a), MODE_NORMAL);
    EXPECT_COUNTS("Enter commits", 1, 1, 0, 0);
    ck_assert_uint_eq(a->doc.undo.count, 0);
    doc_free(&a->doc);
}
END_TEST

/* Two keystrokes that change the text: each previews once; a refused
 * value keeps the editor open, and Enter on it checks it once more (it
 * may have been refused for a rule another change could lift) and
 * commits nothing. */
START_TEST(each_keystroke_once)
{
    App *a = start_on("hardware.nodes");
    mode_key(a, '1');
    mode_key(a, '2');
    EXPECT_COUNTS("two digits", 2, 2, 2, 2);
    reset();
    mode_key(a, KC_ENTER);
    EXPECT_COUNTS("Enter after them", 0, 0, 0, 0);
    ck_assert_double_eq(a->doc.cur.hardware.nodes, 12);
    reset();
    mode_key(a, '0'); /* 0 nodes: below the field's range */
    ck_assert_int_eq(mode_current(a), MODE_EDIT);
    EXPECT_COUNTS("a refused digit", 0, 1, 0, 0);
    reset();
    mode_key(a, KC_ENTER);
    ck_assert_int_eq(mode_current(a), MODE_EDIT);
    EXPECT_COUNTS("Enter on a refused value", 0, 1, 0, 0);
    ck_assert_double_eq(a->doc.cur.hardware.nodes, 12);
    doc_free(&a->doc);
}
END_TEST

static Suite *commit_suite(void)
{
    Suite *s = suite_create("commit_once");
    TCase *t = tcase_create("commit_once");
    tcase_add_test(t, typed_digit_then_enter);
    tcase_add_test(t, enter_at_once);
    tcase_add_test(t, each_keystroke_once);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(commit_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
