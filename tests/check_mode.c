/* check_mode.c: the planner's modes (mode.h): a dialog takes the keys
 * over any mode, the too-small screen over the base modes, and every mode
 * has a name and a key table. No terminal needed. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "mode.h"

static App app; /* large: static */

START_TEST(overlays_come_first)
{
    memset(&app, 0, sizeof app);
    for (int m = MODE_NORMAL; m <= MODE_COMMAND; m++) {
        app.mode = (Mode)m;
        app.too_small = false;
        app.dlg.kind = DLG_NONE;
        ck_assert_int_eq(mode_current(&app), m);
        app.too_small = true;
        ck_assert_int_eq(mode_current(&app), MODE_SMALL);
        app.dlg.kind = DLG_CHOICE; /* the quit question on the small screen */
        ck_assert_int_eq(mode_current(&app), MODE_DIALOG);
        app.too_small = false;
        app.dlg.kind = DLG_HELP;
        ck_assert_int_eq(mode_current(&app), MODE_DIALOG);
    }
}
END_TEST

START_TEST(every_mode_has_a_row)
{
    static const KeyMode want[MODE_COUNT] = {
        [MODE_NORMAL] = KM_NORMAL, [MODE_EDIT] = KM_EDIT,     [MODE_NOTES] = KM_NOTES,
        [MODE_COMMAND] = KM_COMMAND, [MODE_SEARCH] = KM_SEARCH, [MODE_DIALOG] = KM_DIALOG,
        [MODE_SMALL] = KM_NORMAL};
    for (int m = 0; m < MODE_COUNT; m++) {
        ck_assert_str_ne(mode_name((Mode)m), "?");
        ck_assert_int_eq(mode_keys((Mode)m), want[m]);
        for (int k = 0; k < m; k++)
            ck_assert_str_ne(mode_name((Mode)m), mode_name((Mode)k));
    }
    ck_assert_str_eq(mode_name(MODE_EDIT), "edit");
}
END_TEST

static Suite *mode_suite(void)
{
    Suite *s = suite_create("mode");
    TCase *t = tcase_create("mode");
    tcase_add_test(t, overlays_come_first);
    tcase_add_test(t, every_mode_has_a_row);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(mode_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
