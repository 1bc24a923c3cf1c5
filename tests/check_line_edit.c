/* check_line_edit.c: the line editor without a terminal (HACKING 4): keys
 * give changed / committed / cancelled, UTF-8 text edits by code point. */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "line_edit.h"

static void type(LineEdit *e, const char *s)
{
    for (; *s; s++)
        ck_assert_int_eq(line_edit_handle_key(e, (unsigned char)*s), LE_CHANGED);
}

START_TEST(typing_appends_and_commits)
{
    LineEdit e;
    line_edit_init(&e, NULL);
    ck_assert_str_eq(e.text, "");
    type(&e, "70");
    ck_assert_str_eq(e.text, "70");
    ck_assert_uint_eq(e.cursor, 2);
    ck_assert_int_eq(line_edit_handle_key(&e, KC_ENTER), LE_COMMITTED);
    ck_assert_str_eq(e.text, "70");
}
END_TEST

START_TEST(escape_cancels)
{
    LineEdit e;
    line_edit_init(&e, "50");
    ck_assert_int_eq(line_edit_handle_key(&e, KC_ESC), LE_CANCELLED);
    ck_assert_int_eq(line_edit_handle_key(&e, KC_CTRL('g')), LE_CANCELLED);
}
END_TEST

START_TEST(starts_from_value_at_end)
{
    LineEdit e;
    line_edit_init(&e, "730");
    ck_assert_uint_eq(e.cursor, 3);
    ck_assert_int_eq(line_edit_handle_key(&e, KC_BACKSPACE), LE_CHANGED);
    ck_assert_str_eq(e.text, "73");
    ck_assert_int_eq(line_edit_handle_key(&e, KC_HOME), LE_NONE);
    ck_assert_int_eq(line_edit_handle_key(&e, KC_BACKSPACE), LE_NONE);
    ck_assert_int_eq(line_edit_handle_key(&e, '1'), LE_CHANGED);
    ck_assert_str_eq(e.text, "173");
    ck_assert_int_eq(line_edit_handle_key(&e, KC_DELETE), LE_CHANGED);
    ck_assert_str_eq(e.text, "13");
    ck_assert_int_eq(line_edit_handle_key(&e, KC_END), LE_NONE);
    ck_assert_uint_eq(e.cursor, 2);
}
END_TEST

START_TEST(clear_and_kill_keys)
{
    LineEdit e;
    line_edit_init(&e, "set hardware.nodes=4");
    ck_assert_int_eq(line_edit_handle_key(&e, KC_CTRL('w')), LE_CHANGED);
    ck_assert_str_eq(e.text, "set ");
    type(&e, "goto x");
    ck_assert_int_eq(line_edit_handle_key(&e, KC_LEFT), LE_NONE);
    ck_assert_int_eq(line_edit_handle_key(&e, KC_CTRL('k')), LE_CHANGED);
    ck_assert_str_eq(e.text, "set goto ");
    ck_assert_int_eq(line_edit_handle_key(&e, KC_CTRL('u')), LE_CHANGED);
    ck_assert_str_eq(e.text, "");
    ck_assert_int_eq(line_edit_handle_key(&e, KC_CTRL('u')), LE_NONE);
}
END_TEST

START_TEST(utf8_by_code_point)
{
    LineEdit e;
    line_edit_init(&e, "M\xc3\xbcnchen"); /* München */
    ck_assert_uint_eq(line_edit_cursor_col(&e), 7);
    for (int i = 0; i < 5; i++)
        line_edit_handle_key(&e, KC_LEFT);
    ck_assert_uint_eq(line_edit_cursor_col(&e), 2);
    ck_assert_int_eq(line_edit_handle_key(&e, KC_BACKSPACE), LE_CHANGED);
    ck_assert_str_eq(e.text, "Mnchen");
    ck_assert_int_eq(line_edit_handle_key(&e, 0x20AC), LE_CHANGED); /* euro sign */
    ck_assert_str_eq(e.text, "M\xe2\x82\xac" "nchen");
    ck_assert_uint_eq(line_edit_cursor_col(&e), 2);
}
END_TEST

/* A name with CJK characters and a combining mark, typed and edited in a
 * UTF-8 locale: the cursor column counts display columns (two for each CJK
 * character, none for the mark) and the cursor never stops between a
 * letter and its mark. */
START_TEST(cjk_and_combining_marks)
{
    ck_assert_ptr_nonnull(setlocale(LC_CTYPE, "C.UTF-8"));
    LineEdit e;
    line_edit_init(&e, NULL);
    static const int keys[] = {0x4E2D, 0x6587, ' ', 'e', 0x0301, 'x'}; /* 中文 éx */
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        ck_assert_int_eq(line_edit_handle_key(&e, keys[i]), LE_CHANGED);
    ck_assert_str_eq(e.text, "\xe4\xb8\xad\xe6\x96\x87 e\xcc\x81x");
    ck_assert_uint_eq(line_edit_cursor_col(&e), 7); /* 2 + 2 + 1 + 1 + 0 + 1 */
    line_edit_handle_key(&e, KC_LEFT); /* before x */
    ck_assert_uint_eq(line_edit_cursor_col(&e), 6);
    line_edit_handle_key(&e, KC_LEFT); /* before e + mark, not between them */
    ck_assert_uint_eq(e.cursor, 7);
    ck_assert_uint_eq(line_edit_cursor_col(&e), 5);
    line_edit_handle_key(&e, KC_RIGHT);
    ck_assert_uint_eq(e.cursor, 10);
    /* Backspace takes the letter with its mark. */
    ck_assert_int_eq(line_edit_handle_key(&e, KC_BACKSPACE), LE_CHANGED);
    ck_assert_str_eq(e.text, "\xe4\xb8\xad\xe6\x96\x87 x");
    line_edit_handle_key(&e, KC_HOME);
    line_edit_handle_key(&e, KC_RIGHT);
    ck_assert_uint_eq(line_edit_cursor_col(&e), 2);
    ck_assert_int_eq(line_edit_handle_key(&e, 'A'), LE_CHANGED);
    ck_assert_str_eq(e.text, "\xe4\xb8\xad" "A\xe6\x96\x87 x");
    ck_assert_uint_eq(line_edit_cursor_col(&e), 3);
    ck_assert_int_eq(line_edit_handle_key(&e, KC_DELETE), LE_CHANGED);
    ck_assert_str_eq(e.text, "\xe4\xb8\xad" "A x");
    setlocale(LC_CTYPE, "C");
}
END_TEST

START_TEST(controls_and_special_keys_do_not_insert)
{
    LineEdit e;
    line_edit_init(&e, "1");
    ck_assert_int_eq(line_edit_handle_key(&e, KC_UP), LE_NONE);
    ck_assert_int_eq(line_edit_handle_key(&e, KC_F(2)), LE_NONE);
    ck_assert_int_eq(line_edit_handle_key(&e, KC_TAB), LE_NONE);
    ck_assert_int_eq(line_edit_handle_key(&e, 0x85), LE_NONE);
    ck_assert_str_eq(e.text, "1");
}
END_TEST

START_TEST(full_buffer_refuses)
{
    LineEdit e;
    char big[LINE_EDIT_MAX + 10];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    line_edit_init(&e, big);
    ck_assert_uint_eq(e.len, LINE_EDIT_MAX - 1);
    ck_assert_int_eq(line_edit_handle_key(&e, 'b'), LE_NONE);
    ck_assert_uint_eq(strlen(e.text), LINE_EDIT_MAX - 1);
}
END_TEST

static Suite *line_edit_suite(void)
{
    Suite *s = suite_create("line_edit");
    TCase *t = tcase_create("keys");
    tcase_add_test(t, typing_appends_and_commits);
    tcase_add_test(t, escape_cancels);
    tcase_add_test(t, starts_from_value_at_end);
    tcase_add_test(t, clear_and_kill_keys);
    tcase_add_test(t, utf8_by_code_point);
    tcase_add_test(t, cjk_and_combining_marks);
    tcase_add_test(t, controls_and_special_keys_do_not_insert);
    tcase_add_test(t, full_buffer_refuses);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(line_edit_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
