/* check_msg.c: the planner's status-line message (msg.h): control
 * characters shown visibly, a message too long for its buffer ended in the
 * ellipsis, and the log :messages lists, oldest first, the last
 * MSG_LOG_MAX kept. No terminal needed. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "planner.h"
#include "term.h"

static App app; /* large: static */

START_TEST(shows_and_clears)
{
    memset(&app, 0, sizeof app);
    ck_assert_uint_eq(msg_show(&app, true, "%s: %d", "hardware.nodes", 5), R_MSG);
    ck_assert_str_eq(app.msg.text, "hardware.nodes: 5");
    ck_assert(app.msg.error);
    ck_assert_uint_eq(msg_clear(&app), R_MSG);
    ck_assert_str_eq(app.msg.text, "");
    ck_assert_uint_eq(msg_log_count(&app), 1);
    ck_assert_str_eq(msg_log_at(&app, 0), "hardware.nodes: 5");
}
END_TEST

/* A file name with an escape sequence never reaches the terminal raw. */
START_TEST(control_characters_visible)
{
    memset(&app, 0, sizeof app);
    msg_show(&app, false, "saved %s", "a\033]0;x\007.yaml");
    ck_assert_str_eq(app.msg.text, "saved a\\x1b]0;x\\x07.yaml");
}
END_TEST

/* Too long for the buffer: what fits, ended in the ellipsis ("~" in a
 * locale without UTF-8), never a silent cut. */
START_TEST(long_message_says_it_is_cut)
{
    memset(&app, 0, sizeof app);
    char big[3 * MSG_MAX];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    msg_show(&app, false, "%s", big);
    size_t len = strlen(app.msg.text);
    const char *ell = term_ellipsis();
    ck_assert_uint_lt(len, MSG_MAX);
    ck_assert_str_eq(app.msg.text + len - strlen(ell), ell);
    /* Escapes that outgrow the buffer are cut the same way. */
    char ctl[MSG_MAX];
    memset(ctl, '\033', sizeof ctl - 1);
    ctl[sizeof ctl - 1] = '\0';
    msg_show(&app, false, "%s", ctl);
    len = strlen(app.msg.text);
    ck_assert_str_eq(app.msg.text + len - strlen(ell), ell);
    ck_assert_ptr_null(strchr(app.msg.text, '\033'));
    /* msg_fit alone: a cut in the middle of a character keeps it whole. */
    const char *word = "ab\u00e9\u00e9\u00e9\u00e9"; /* 10 bytes */
    char buf[8];
    size_t need = strlen(word) + 1;
    memcpy(buf, word, sizeof buf - 1); /* as snprintf leaves it: cut */
    buf[sizeof buf - 1] = '\0';
    msg_fit(buf, sizeof buf, need);
    ck_assert_uint_le(strlen(buf), sizeof buf - 1);
    ck_assert_str_eq(buf + strlen(buf) - strlen(ell), ell);
}
END_TEST

/* The log keeps the last MSG_LOG_MAX, oldest first; empty messages are
 * not logged. */
START_TEST(log_keeps_the_last)
{
    memset(&app, 0, sizeof app);
    for (int i = 1; i <= MSG_LOG_MAX + 7; i++)
        msg_show(&app, false, "message %d", i);
    msg_show(&app, false, "%s", "");
    ck_assert_uint_eq(msg_log_count(&app), MSG_LOG_MAX);
    ck_assert_str_eq(msg_log_at(&app, 0), "message 8");
    char last[32];
    snprintf(last, sizeof last, "message %d", MSG_LOG_MAX + 7);
    ck_assert_str_eq(msg_log_at(&app, MSG_LOG_MAX - 1), last);
    ck_assert_str_eq(msg_log_at(&app, MSG_LOG_MAX), "");
    ck_assert_str_eq(MSG_LOG_MAX_TEXT, "50");
}
END_TEST

static Suite *msg_suite(void)
{
    Suite *s = suite_create("msg");
    TCase *t = tcase_create("msg");
    tcase_add_test(t, shows_and_clears);
    tcase_add_test(t, control_characters_visible);
    tcase_add_test(t, long_message_says_it_is_cut);
    tcase_add_test(t, log_keeps_the_last);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(msg_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
