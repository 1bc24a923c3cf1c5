/* check_keys.c: the key tables, one per mode (HACKING 6): no key bound twice
 * in a mode, every action with a help sentence, the DESIGN 8 keys present,
 * and the help screen and hint lines generated from the tables. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "commands.h"
#include "keys.h"

START_TEST(table_is_consistent)
{
    Diag d;
    ck_assert_msg(keys_table_check(&d) == 0, "%s", d.message);
}
END_TEST

START_TEST(spec_keys_are_bound)
{
    static const struct {
        int key;
        Action act;
    } want[] = {
        {KC_TAB, ACT_PANEL_NEXT}, {KC_BTAB, ACT_PANEL_PREV},
        {KC_UP, ACT_FIELD_PREV},  {'k', ACT_FIELD_PREV},
        {KC_DOWN, ACT_FIELD_NEXT}, {'j', ACT_FIELD_NEXT},
        {KC_LEFT, ACT_NUDGE_DOWN}, {'h', ACT_NUDGE_DOWN}, {'-', ACT_NUDGE_DOWN},
        {KC_RIGHT, ACT_NUDGE_UP}, {'l', ACT_NUDGE_UP},    {'+', ACT_NUDGE_UP},
        {'<', ACT_NUDGE_DOWN10},  {'>', ACT_NUDGE_UP10},
        {KC_ENTER, ACT_EDIT},     {'0', ACT_EDIT_DIGIT},  {'9', ACT_EDIT_DIGIT},
        {' ', ACT_TOGGLE},        {'u', ACT_UNDO},        {KC_CTRL('r'), ACT_REDO},
        {'c', ACT_CHART},         {':', ACT_COMMAND},
        {KC_F(1), ACT_HELP},      {'?', ACT_FIELD_HELP},
        {'/', ACT_SEARCH},        {'n', ACT_SEARCH_NEXT}, {'N', ACT_SEARCH_PREV},
        {KC_F(2), ACT_SAVE},      {KC_CTRL('s'), ACT_SAVE},
        {KC_F(3), ACT_OPEN},      {'o', ACT_OPEN},
        {KC_F(4), ACT_EXPORT},    {'x', ACT_EXPORT},
        {KC_F(10), ACT_QUIT},     {'q', ACT_QUIT},
        {KC_ALT('1'), ACT_PANEL_1}, {KC_ALT('7'), ACT_PANEL_7},
        {'p', ACT_PRICES},
        {'z', ACT_ZOOM},          {KC_ESC, ACT_ZOOM},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char name[32];
        ck_assert_msg(keys_lookup(want[i].key) == want[i].act, "key %s: action %d, want %d",
                      keys_name(want[i].key, name, sizeof name),
                      (int)keys_lookup(want[i].key), (int)want[i].act);
    }
    ck_assert_int_eq(keys_lookup('Z'), ACT_NONE);
}
END_TEST

START_TEST(key_names)
{
    char b[32];
    ck_assert_str_eq(keys_name(KC_F(10), b, sizeof b), "F10");
    ck_assert_str_eq(keys_name(KC_CTRL('s'), b, sizeof b), "Ctrl-S");
    ck_assert_str_eq(keys_name(KC_BTAB, b, sizeof b), "Shift-Tab");
    ck_assert_str_eq(keys_name(KC_ALT('3'), b, sizeof b), "M-3");
    ck_assert_str_eq(keys_name('<', b, sizeof b), "<");
    ck_assert_str_eq(keys_name(' ', b, sizeof b), "Space");
}
END_TEST

START_TEST(hint_line_fits_and_comes_from_labels)
{
    char b[512];
    keys_hint_line(b, sizeof b, 79, KS_ANY);
    ck_assert_int_le((int)strlen(b), 79);
    ck_assert_ptr_nonnull(strstr(b, "F1 help"));
    ck_assert_ptr_nonnull(strstr(b, "F2 save"));
    ck_assert_ptr_nonnull(strstr(b, "F10 quit"));
    /* The most useful first: 80 columns show undo, chart and `:` (DESIGN 8). */
    ck_assert_ptr_nonnull(strstr(b, "u undo"));
    ck_assert_ptr_nonnull(strstr(b, "c chart"));
    ck_assert_ptr_nonnull(strstr(b, ": cmd"));
    /* And where to learn more: the field's whole help and the search. */
    ck_assert_ptr_nonnull(strstr(b, "? about"));
    ck_assert_ptr_nonnull(strstr(b, "/ search"));
    /* The Risk panel's line has room for them beside its own keys. */
    char risk[512];
    keys_hint_line(risk, sizeof risk, 79, KS_RISK);
    ck_assert_int_le((int)strlen(risk), 79);
    ck_assert_ptr_nonnull(strstr(risk, "a add"));
    ck_assert_ptr_nonnull(strstr(risk, "? about"));
    ck_assert_ptr_nonnull(strstr(risk, "/ search"));
    /* Only whole labels, and each label is in the table. */
    char wide[512];
    keys_hint_line(wide, sizeof wide, 400, KS_ANY);
    ck_assert_int_eq(strncmp(wide, b, strlen(b)), 0);
    size_t labels = 0;
    for (size_t i = 0; i < key_table_count; i++)
        if (key_table[i].label && key_table[i].scope == KS_ANY) {
            ck_assert_ptr_nonnull(strstr(wide, key_table[i].label));
            labels++;
        }
    ck_assert_uint_gt(labels, 5);
    /* The Hybrid panel's own keys are not on the other panels' line. */
    ck_assert_ptr_null(strstr(wide, "a add"));
    keys_hint_line(b, sizeof b, 3, KS_ANY);
    ck_assert_str_eq(b, "");
}
END_TEST

/* An unbound key says so and names the bound keys nearest to it. */
START_TEST(unknown_key_names_its_neighbours)
{
    char b[256];
    keys_unknown_text('b', b, sizeof b);
    ck_assert_ptr_nonnull(strstr(b, "b is not a key here"));
    ck_assert_ptr_nonnull(strstr(b, "c cycle the chart"));
    ck_assert_ptr_nonnull(strstr(b, "F1"));
    ck_assert_int_eq(keys_lookup('b'), ACT_NONE);
}
END_TEST

START_TEST(hybrid_hint_line_leads_with_the_panel_keys)
{
    char b[512];
    keys_hint_line(b, sizeof b, 79, KS_HYBRID);
    ck_assert_int_le((int)strlen(b), 79);
    ck_assert_int_eq(strncmp(b, "a add  d delete  r run  m mode  F1 help", 39), 0);
    ck_assert_ptr_nonnull(strstr(b, "F10 quit"));
    ck_assert_ptr_nonnull(strstr(b, "u undo"));
    ck_assert_ptr_nonnull(strstr(b, ": cmd"));
    /* Cut at whole labels: "a add  d delete" needs 15 columns. */
    keys_hint_line(b, sizeof b, 14, KS_HYBRID);
    ck_assert_str_eq(b, "a add");
    keys_hint_line(b, sizeof b, 15, KS_HYBRID);
    ck_assert_str_eq(b, "a add  d delete");
}
END_TEST

typedef struct Lines {
    char text[128][400];
    size_t n;
} Lines;

static void collect(const char *line, void *ctx)
{
    Lines *l = ctx;
    if (l->n < 128)
        snprintf(l->text[l->n++], sizeof l->text[0], "%s", line);
}

START_TEST(help_screen_has_one_line_per_action)
{
    static Lines l;
    l.n = 0;
    size_t n = keys_help_lines(collect, &l);
    ck_assert_uint_eq(n, l.n);
    /* every normal-mode action but ACT_NONE */
    ck_assert_uint_eq(n, ACT_LE_COMMIT - 1);
    bool save = false, digits = false, nudge = false, prices = false;
    for (size_t i = 0; i < l.n; i++) {
        if (strncmp(l.text[i], "F2, Ctrl-S", 10) == 0 && strstr(l.text[i], "save"))
            save = true;
        if (strncmp(l.text[i], "0-9", 3) == 0)
            digits = true;
        if (strncmp(l.text[i], "Left, h, -", 10) == 0)
            nudge = true;
        if (strncmp(l.text[i], "p ", 2) == 0 && strstr(l.text[i], "price book"))
            prices = true;
    }
    ck_assert(save);
    ck_assert(digits);
    ck_assert(nudge);
    ck_assert(prices);
}
END_TEST

/* F4's help line names every format `:export` takes (its usage lists them
 * after "report: " up to the parenthesis). */
START_TEST(f4_help_names_every_export_format)
{
    static Lines l;
    l.n = 0;
    keys_help_lines(collect, &l);
    const char *f4 = NULL;
    for (size_t i = 0; i < l.n; i++)
        if (strncmp(l.text[i], "F4", 2) == 0)
            f4 = l.text[i];
    ck_assert_ptr_nonnull(f4);
    const char *help = NULL;
    for (size_t i = 0; i < command_count; i++)
        if (strcmp(command_table[i].name, "export") == 0)
            help = command_table[i].help;
    ck_assert_ptr_nonnull(help);
    const char *p = strstr(help, "report: ");
    ck_assert_ptr_nonnull(p);
    p += strlen("report: ");
    size_t formats = 0;
    while (*p && *p != '(') {
        size_t n = strcspn(p, ", (");
        if (n > 0) {
            char word[16];
            ck_assert_uint_lt(n, sizeof word);
            memcpy(word, p, n);
            word[n] = '\0';
            ck_assert_msg(strstr(f4, word) != NULL, "F4 help \"%s\" omits %s", f4, word);
            formats++;
        }
        p += n;
        p += strspn(p, ", ");
    }
    ck_assert_uint_ge(formats, 5);
}
END_TEST

/* The check the table test relies on must fail on bad tables. */
START_TEST(check_rejects_a_duplicate_key)
{
    static const KeyBinding bad[] = {
        {'u', ACT_UNDO, "u undo", "undo", KS_ANY},
        {'u', ACT_REDO, NULL, "redo", KS_ANY},
    };
    const KeyTable t = {"bad", bad, 2};
    Diag d;
    ck_assert_int_eq(keys_tables_check(&t, 1, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "key u is bound twice"));
}
END_TEST

START_TEST(check_rejects_an_action_without_help)
{
    static const KeyBinding bad[] = {
        {'u', ACT_UNDO, "u undo", "undo", KS_ANY},
        {KC_CTRL('r'), ACT_REDO, NULL, NULL, KS_ANY},
    };
    const KeyTable t = {"bad", bad, 2};
    Diag d;
    ck_assert_int_eq(keys_tables_check(&t, 1, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "no help sentence"));
}
END_TEST

START_TEST(check_rejects_an_action_in_two_modes)
{
    static const KeyBinding one[] = {{'u', ACT_UNDO, NULL, "undo", KS_ANY}};
    static const KeyBinding two[] = {{'z', ACT_UNDO, NULL, "undo", KS_ANY}};
    const KeyTable t[2] = {{"one", one, 1}, {"two", two, 1}};
    Diag d;
    ck_assert_int_eq(keys_tables_check(t, 2, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "two modes"));
    /* The same key in two modes is fine: modes do not share keys. */
    static const KeyBinding three[] = {{'u', ACT_REDO, NULL, "redo", KS_ANY}};
    const KeyTable ok[2] = {{"one", one, 1}, {"three", three, 1}};
    ck_assert_msg(keys_tables_check(ok, 2, &d) == 0, "%s", d.message);
}
END_TEST

/* Every mode has its table, and its keys reach its actions only. */
START_TEST(each_mode_has_its_keys)
{
    ck_assert_int_eq(keys_lookup_mode(KM_EDIT, KC_ENTER), ACT_LE_COMMIT);
    ck_assert_int_eq(keys_lookup_mode(KM_EDIT, KC_CTRL('u')), ACT_LE_KILL_START);
    ck_assert_int_eq(keys_lookup_mode(KM_EDIT, 'u'), ACT_NONE); /* typed, not bound */
    ck_assert_int_eq(keys_lookup_mode(KM_COMMAND, KC_TAB), ACT_CMD_COMPLETE);
    ck_assert_int_eq(keys_lookup_mode(KM_DIALOG, 'j'), ACT_DLG_DOWN);
    ck_assert_int_eq(keys_lookup_mode(KM_DIALOG, KC_ESC), ACT_DLG_CLOSE);
    ck_assert_int_eq(keys_lookup_mode(KM_NORMAL, 'u'), ACT_UNDO);
    ck_assert_int_eq(keys_lookup_mode(KM_SEARCH, KC_DOWN), ACT_SRCH_NEXT);
    ck_assert_int_eq(keys_lookup_mode(KM_SEARCH, KC_ESC), ACT_SRCH_BACK);
    ck_assert_int_eq(keys_lookup_mode(KM_SEARCH, 'n'), ACT_NONE); /* typed, not bound */
    for (int m = 0; m < KM_COUNT; m++)
        ck_assert_uint_gt(key_tables[m].count, 0);
}
END_TEST

/* The editing hint line comes from the edit table's labels. */
START_TEST(edit_hint_line_from_its_table)
{
    char b[256];
    keys_mode_hint_line(KM_EDIT, b, sizeof b, 79);
    ck_assert_str_eq(b, "Enter commit  Esc cancel  Backspace delete  Ctrl-U clear");
    keys_mode_hint_line(KM_EDIT, b, sizeof b, 24);
    ck_assert_str_eq(b, "Enter commit  Esc cancel");
}
END_TEST

START_TEST(help_covers_every_mode)
{
    static Lines l;
    l.n = 0;
    size_t n = keys_modes_help_lines(collect, &l);
    ck_assert_uint_eq(n, l.n);
    for (int m = 1; m < KM_COUNT; m++) {
        bool titled = false;
        for (size_t i = 0; i < l.n; i++)
            titled |= strcmp(l.text[i], key_tables[m].title) == 0;
        ck_assert_msg(titled, "no title line for mode %d", m);
    }
    bool kill = false;
    for (size_t i = 0; i < l.n; i++)
        kill |= strncmp(l.text[i], "Ctrl-U", 6) == 0;
    ck_assert(kill);
}
END_TEST

/* The planner's tables beside the keys: every normal-mode action has a
 * handler, every `:` command a name, usage, help and handler, once. */
START_TEST(planner_tables_are_complete)
{
    Diag d;
    ck_assert_msg(actions_table_check(&d) == 0, "%s", d.message);
    ck_assert_msg(commands_table_check(&d) == 0, "%s", d.message);
    bool set = false, export = false;
    for (size_t i = 0; i < command_count; i++) {
        set |= strcmp(command_table[i].name, "set") == 0 && command_table[i].args == CA_KEY;
        export |= strcmp(command_table[i].name, "export") == 0 && command_table[i].bang;
    }
    ck_assert(set);
    ck_assert(export);
}
END_TEST

static Suite *keys_suite(void)
{
    Suite *s = suite_create("keys");
    TCase *t = tcase_create("table");
    tcase_add_test(t, table_is_consistent);
    tcase_add_test(t, spec_keys_are_bound);
    tcase_add_test(t, key_names);
    tcase_add_test(t, hint_line_fits_and_comes_from_labels);
    tcase_add_test(t, unknown_key_names_its_neighbours);
    tcase_add_test(t, hybrid_hint_line_leads_with_the_panel_keys);
    tcase_add_test(t, help_screen_has_one_line_per_action);
    tcase_add_test(t, f4_help_names_every_export_format);
    tcase_add_test(t, check_rejects_a_duplicate_key);
    tcase_add_test(t, check_rejects_an_action_without_help);
    tcase_add_test(t, check_rejects_an_action_in_two_modes);
    tcase_add_test(t, each_mode_has_its_keys);
    tcase_add_test(t, edit_hint_line_from_its_table);
    tcase_add_test(t, help_covers_every_mode);
    tcase_add_test(t, planner_tables_are_complete);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(keys_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
