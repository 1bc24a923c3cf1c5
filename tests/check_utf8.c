/* check_utf8.c: the one UTF-8 module (model/utf8.h): strict decoding,
 * display widths from wcwidth (CJK two columns, combining marks none) with
 * the C locale's fallback, cutting by columns without splitting a
 * character, and clusters that keep a mark with its letter. */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* "中文" (two CJK characters), "e" + U+0301 (combining acute): "é". */
#define ZH "\xe4\xb8\xad\xe6\x96\x87"
#define E_ACUTE "e\xcc\x81"

static void utf8_locale(void)
{
    if (!setlocale(LC_CTYPE, "C.UTF-8") && !setlocale(LC_CTYPE, "C.utf8") &&
        !setlocale(LC_CTYPE, "en_US.UTF-8"))
        ck_abort_msg("no UTF-8 locale to test widths in");
}

START_TEST(decoding_is_strict)
{
    uint32_t cp;
    ck_assert_uint_eq(utf8_decode(ZH, 6, &cp), 3);
    ck_assert_uint_eq(cp, 0x4E2D);
    ck_assert_uint_eq(utf8_decode("\xc0\xaf", 2, &cp), 0);         /* overlong '/' */
    ck_assert_uint_eq(utf8_decode("\xed\xa0\x80", 3, &cp), 0);     /* surrogate */
    ck_assert_uint_eq(utf8_decode("\xf4\x90\x80\x80", 4, &cp), 0); /* past U+10FFFF */
    ck_assert_uint_eq(utf8_decode("\xe4\xb8", 2, &cp), 0);         /* cut short */
    ck_assert_uint_eq(utf8_decode("\x80", 1, &cp), 0);
    char out[4];
    ck_assert_uint_eq(utf8_encode(0x1F600, out), 4);
    ck_assert_uint_eq(utf8_decode(out, 4, &cp), 4);
    ck_assert_uint_eq(cp, 0x1F600);
    ck_assert_uint_eq(utf8_encode(0xD800, out), 0);
    ck_assert_int_eq(utf8_length("a" ZH, 7), 3);
    ck_assert_int_eq(utf8_length("a\xff", 2), -1);
    /* Positions in a file count characters, whatever the bytes. */
    ck_assert_uint_eq(utf8_count("a" ZH "\xff", 8), 4);
}
END_TEST

START_TEST(widths_in_a_utf8_locale)
{
    utf8_locale();
    ck_assert_int_eq(utf8_width(ZH), 4);
    ck_assert_int_eq(utf8_width(E_ACUTE), 1);
    ck_assert_int_eq(utf8_width("a" ZH E_ACUTE "b"), 7);
    ck_assert_int_eq(utf8_width_n(ZH, 3), 2);
    /* A wide character never straddles the limit. */
    ck_assert_uint_eq(utf8_head_bytes("a" ZH, 2), 1);
    ck_assert_uint_eq(utf8_head_bytes("a" ZH, 3), 4);
    /* A mark stays with its letter. */
    ck_assert_uint_eq(utf8_head_bytes(E_ACUTE "x", 1), 3);
    ck_assert_uint_eq(utf8_skip_cols(ZH "x", 1), 3);
    ck_assert_uint_eq(utf8_skip_cols(E_ACUTE "x", 1), 3);
    ck_assert_uint_eq(utf8_skip_cols("abc", 0), 0);
    setlocale(LC_CTYPE, "C");
}
END_TEST

START_TEST(c_locale_counts_one_column_a_character)
{
    setlocale(LC_CTYPE, "C");
    ck_assert_int_eq(utf8_width(ZH), 2);
    ck_assert_int_eq(utf8_width("abc"), 3);
    ck_assert_uint_eq(utf8_head_bytes(ZH, 1), 3);
    ck_assert_int_eq(utf8_width("a\xff"), 2); /* not UTF-8: one column */
}
END_TEST

START_TEST(clusters_keep_marks_with_letters)
{
    utf8_locale();
    const char *s = "a" E_ACUTE "b";
    size_t len = strlen(s);
    ck_assert_uint_eq(utf8_next_cluster(s, len, 0), 1);
    ck_assert_uint_eq(utf8_next_cluster(s, len, 1), 4);
    ck_assert_uint_eq(utf8_prev_cluster(s, 4), 1);
    ck_assert_uint_eq(utf8_prev_cluster(s, 5), 4);
    ck_assert_uint_eq(utf8_floor(ZH, 6, 4), 3);
    ck_assert_uint_eq(utf8_floor(ZH, 6, 9), 6);
    setlocale(LC_CTYPE, "C");
}
END_TEST

/* Word wrap: whole words where they fit, a long word cut, a wide
 * character that does not fit still taken (the caller moves on). */
START_TEST(wrap_takes_whole_words)
{
    utf8_locale();
    ck_assert_uint_eq(utf8_wrap_line("one two", 7), 7);
    ck_assert_uint_eq(utf8_wrap_line("one two three", 9), 7); /* "one two" */
    ck_assert_uint_eq(utf8_wrap_line("one two", 5), 3);
    ck_assert_uint_eq(utf8_wrap_line("abcdefgh", 3), 3);
    ck_assert_uint_eq(utf8_wrap_line(ZH " x", 3), 3); /* ZH is 2 wide */
    ck_assert_uint_eq(utf8_wrap_line(ZH, 1), 3);
    ck_assert_uint_eq(utf8_wrap_line("", 5), 0);
    setlocale(LC_CTYPE, "C");
}
END_TEST

/* A text that does not fit is cut on a character boundary and says so. */
START_TEST(clip_marks_a_cut)
{
    char out[8];
    ck_assert_str_eq(utf8_clip("short", out, sizeof out), "short");
    ck_assert_str_eq(utf8_clip("1234567", out, sizeof out), "1234567");
    ck_assert_str_eq(utf8_clip("12345678", out, sizeof out), "1234\xe2\x80\xa6");
    /* "é" is two bytes: never split */
    ck_assert_str_eq(utf8_clip("abc\xc3\xa9xyz", out, sizeof out), "abc\xe2\x80\xa6");
    ck_assert_str_eq(utf8_clip("abcdefgh", out, 3), "");
}
END_TEST

static Suite *utf8_suite(void)
{
    Suite *s = suite_create("utf8");
    TCase *t = tcase_create("utf8");
    tcase_add_test(t, decoding_is_strict);
    tcase_add_test(t, widths_in_a_utf8_locale);
    tcase_add_test(t, c_locale_counts_one_column_a_character);
    tcase_add_test(t, clusters_keep_marks_with_letters);
    tcase_add_test(t, wrap_takes_whole_words);
    tcase_add_test(t, clip_marks_a_cut);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(utf8_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
