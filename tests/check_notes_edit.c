/* check_notes_edit.c: the notes editor without a terminal (HACKING 4):
 * wrapping, Up/Down by rows at the same column, lines joined by Backspace
 * and Delete, the field's length, control characters shown visibly. */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "notes_edit.h"

static void type(NotesEdit *e, const char *s, int width)
{
    for (; *s; s++)
        ck_assert_int_eq(notes_edit_handle_key(e, *s == '\n' ? KC_ENTER : (unsigned char)*s,
                                               width),
                         NE_CHANGED);
}

static void keys(NotesEdit *e, int key, int times, int width)
{
    for (int i = 0; i < times; i++)
        notes_edit_handle_key(e, key, width);
}

START_TEST(enter_breaks_lines_and_esc_finishes)
{
    NotesEdit e;
    notes_edit_init(&e, NULL, 4000);
    type(&e, "first\nsecond", 40);
    ck_assert_str_eq(e.text, "first\nsecond");
    ck_assert_uint_eq(notes_edit_lines(&e), 2);
    ck_assert_int_eq(notes_edit_handle_key(&e, KC_ESC, 40), NE_FINISHED);
    ck_assert_int_eq(notes_edit_handle_key(&e, KC_CTRL('s'), 40), NE_FINISHED);
    ck_assert_str_eq(e.text, "first\nsecond"); /* finishing keeps the text */
    /* The line editor's Esc (cancel) and Enter (commit) are not used here. */
    ck_assert_int_eq(notes_edit_handle_key(&e, KC_CTRL('g'), 40), NE_NONE);
    ck_assert_int_eq(notes_edit_handle_key(&e, '\n', 40), NE_CHANGED);
    ck_assert_str_eq(e.text, "first\nsecond\n");
}
END_TEST

START_TEST(words_wrap_whole)
{
    NotesEdit e;
    notes_edit_init(&e, "alpha beta gamma\n\ndelta", 4000);
    NotesRow r[8];
    ck_assert_uint_eq(notes_edit_rows(&e, 11, r, 8), 4);
    char out[64];
    ck_assert_str_eq(notes_edit_row_text(&e, r[0], out, sizeof out), "alpha beta ");
    ck_assert_str_eq(notes_edit_row_text(&e, r[1], out, sizeof out), "gamma");
    ck_assert_str_eq(notes_edit_row_text(&e, r[2], out, sizeof out), "");
    ck_assert_str_eq(notes_edit_row_text(&e, r[3], out, sizeof out), "delta");
    /* A word longer than the row is cut by characters. */
    notes_edit_init(&e, "abcdefghij", 4000);
    ck_assert_uint_eq(notes_edit_rows(&e, 4, r, 8), 3);
    ck_assert_str_eq(notes_edit_row_text(&e, r[2], out, sizeof out), "ij");
}
END_TEST

START_TEST(up_down_keep_the_column)
{
    NotesEdit e;
    notes_edit_init(&e, "0123456789\nab\n0123456789", 4000);
    int col;
    keys(&e, KC_RIGHT, 7, 40);
    ck_assert_uint_eq(notes_edit_cursor(&e, 40, &col), 0);
    ck_assert_int_eq(col, 7);
    keys(&e, KC_DOWN, 1, 40); /* a short line: its end */
    ck_assert_uint_eq(notes_edit_cursor(&e, 40, &col), 1);
    ck_assert_int_eq(col, 2);
    keys(&e, KC_DOWN, 1, 40); /* the column comes back */
    ck_assert_uint_eq(notes_edit_cursor(&e, 40, &col), 2);
    ck_assert_int_eq(col, 7);
    keys(&e, KC_UP, 2, 40);
    ck_assert_uint_eq(e.cursor, 7);
    /* Wrapped rows of one line are rows too. */
    notes_edit_init(&e, "aaaa bbbb cccc", 4000);
    keys(&e, KC_RIGHT, 1, 5);
    keys(&e, KC_DOWN, 1, 5);
    ck_assert_uint_eq(e.cursor, 6);
    keys(&e, KC_DOWN, 1, 5);
    ck_assert_uint_eq(e.cursor, 11);
    keys(&e, KC_DOWN, 1, 5); /* past the last row: the end */
    ck_assert_uint_eq(e.cursor, e.len);
    keys(&e, KC_HOME, 1, 5);
    ck_assert_uint_eq(e.cursor, 0);
}
END_TEST

START_TEST(backspace_and_delete_join_lines)
{
    NotesEdit e;
    notes_edit_init(&e, "one\ntwo\nthree", 4000);
    keys(&e, KC_DOWN, 1, 40); /* start of "two" */
    ck_assert_uint_eq(e.cursor, 4);
    ck_assert_int_eq(notes_edit_handle_key(&e, KC_BACKSPACE, 40), NE_CHANGED);
    ck_assert_str_eq(e.text, "onetwo\nthree");
    keys(&e, KC_END, 1, 40);
    ck_assert_int_eq(notes_edit_handle_key(&e, KC_DELETE, 40), NE_CHANGED);
    ck_assert_str_eq(e.text, "onetwothree");
    /* Home and End are the line's ends; Ctrl-U and Ctrl-K stay in it. */
    notes_edit_init(&e, "ab\ncd ef\ngh", 4000);
    keys(&e, KC_DOWN, 1, 40);
    keys(&e, KC_END, 1, 40);
    ck_assert_uint_eq(e.cursor, 8);
    keys(&e, KC_CTRL('w'), 1, 40);
    ck_assert_str_eq(e.text, "ab\ncd \ngh");
    keys(&e, KC_CTRL('u'), 1, 40);
    ck_assert_str_eq(e.text, "ab\n\ngh");
}
END_TEST

START_TEST(utf8_and_length)
{
    NotesEdit e;
    notes_edit_init(&e, NULL, 3);
    ck_assert_int_eq(notes_edit_handle_key(&e, 0x4E16, 40), NE_CHANGED); /* 世 */
    ck_assert_int_eq(notes_edit_handle_key(&e, 'e', 40), NE_CHANGED);
    ck_assert_int_eq(notes_edit_handle_key(&e, 0x301, 40), NE_CHANGED); /* combining acute */
    ck_assert_int_eq(notes_edit_handle_key(&e, 'x', 40), NE_FULL);
    ck_assert_str_eq(e.text, "\xe4\xb8\x96" "e\xcc\x81");
    int col;
    notes_edit_cursor(&e, 40, &col);
    ck_assert_int_eq(col, 3); /* a wide character and a marked letter */
    /* Backspace takes the letter with its mark. */
    ck_assert_int_eq(notes_edit_handle_key(&e, KC_BACKSPACE, 40), NE_CHANGED);
    ck_assert_str_eq(e.text, "\xe4\xb8\x96");
    /* Controls are never typed in, bidi controls neither. */
    ck_assert_int_eq(notes_edit_handle_key(&e, 0x85, 40), NE_NONE);
    ck_assert_int_eq(notes_edit_handle_key(&e, 0x202E, 40), NE_NONE);
}
END_TEST

START_TEST(controls_from_a_file_show_visibly)
{
    NotesEdit e;
    notes_edit_init(&e, "a\tb", 4000);
    NotesRow r[4];
    char out[64];
    ck_assert_uint_eq(notes_edit_rows(&e, 40, r, 4), 1);
    ck_assert_str_eq(notes_edit_row_text(&e, r[0], out, sizeof out), "a\\x09b");
    int col;
    keys(&e, KC_END, 1, 40);
    notes_edit_cursor(&e, 40, &col);
    ck_assert_int_eq(col, 6); /* the columns it is shown in */
}
END_TEST

/* Any sequence of keys keeps the text valid UTF-8 within the field's
 * length, the cursor on a character boundary inside it, and the rows
 * covering the text in order. */
/* Notes that ended in a line break (a file's `notes: |`) keep it when a
 * line is typed on the empty last row, so the block stays `|`; notes that
 * had none do not gain one, and emptied notes stay empty. */
START_TEST(the_final_line_break_stays)
{
    NotesEdit e;
    notes_edit_init(&e, "first\nsecond\n", 4000);
    ck_assert_uint_eq(notes_edit_lines(&e), 3);
    keys(&e, KC_DOWN, 2, 40);
    type(&e, "third", 40);
    ck_assert_str_eq(e.text, "first\nsecond\nthird");
    ck_assert_str_eq(notes_edit_result(&e), "first\nsecond\nthird\n");
    ck_assert_str_eq(notes_edit_result(&e), "first\nsecond\nthird\n");

    notes_edit_init(&e, "no break", 4000);
    type(&e, "X", 40);
    ck_assert_str_eq(notes_edit_result(&e), "Xno break");

    notes_edit_init(&e, "gone\n", 4000);
    keys(&e, KC_DELETE, 5, 40);
    ck_assert_str_eq(notes_edit_result(&e), "");
}
END_TEST

START_TEST(random_keys_keep_the_invariants)
{
    static const int pool[] = {KC_ENTER, KC_BACKSPACE, KC_DELETE, KC_LEFT, KC_RIGHT, KC_UP,
                               KC_DOWN,  KC_HOME,      KC_END,    KC_CTRL('u'), KC_CTRL('k'),
                               KC_CTRL('w'), 'a', ' ', 0xE9, 0x4E16, 0x301, 0x85, KC_TAB};
    NotesEdit e;
    notes_edit_init(&e, "start\there\n", 60);
    unsigned long x = 12345;
    static NotesRow rows[LINE_EDIT_MAX];
    for (int i = 0; i < 5000; i++) {
        x = x * 6364136223846793005UL + 1442695040888963407UL;
        int width = 1 + (int)((x >> 33) % 12);
        notes_edit_handle_key(&e, pool[(x >> 40) % (sizeof pool / sizeof pool[0])], width);
        ck_assert_uint_le(e.cursor, e.len);
        ck_assert_uint_eq(strlen(e.text), e.len);
        ck_assert_uint_le(notes_edit_chars(&e), 60 + 7); /* what it started with */
        ck_assert(e.cursor == 0 || e.cursor == e.len ||
                  ((unsigned char)e.text[e.cursor] & 0xC0) != 0x80);
        size_t n = notes_edit_rows(&e, width, rows, LINE_EDIT_MAX);
        ck_assert_uint_ge(n, 1);
        ck_assert_uint_eq(rows[0].start, 0);
        ck_assert_uint_eq(rows[n - 1].end, e.len);
        for (size_t r = 1; r < n; r++)
            ck_assert(rows[r].start == rows[r - 1].end || rows[r].start == rows[r - 1].end + 1);
        int col;
        ck_assert_uint_lt(notes_edit_cursor(&e, width, &col), n);
    }
}
END_TEST

int main(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    Suite *s = suite_create("notes_edit");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, enter_breaks_lines_and_esc_finishes);
    tcase_add_test(tc, words_wrap_whole);
    tcase_add_test(tc, up_down_keep_the_column);
    tcase_add_test(tc, backspace_and_delete_join_lines);
    tcase_add_test(tc, utf8_and_length);
    tcase_add_test(tc, controls_from_a_file_show_visibly);
    tcase_add_test(tc, the_final_line_break_stays);
    tcase_add_test(tc, random_keys_keep_the_invariants);
    suite_add_tcase(s, tc);
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
