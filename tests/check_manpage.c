/* check_manpage.c: the field table of gpuplan-scenario(5) matches the registry.
 *
 * The page documents every scenario field with its unit, default and range.
 * Those facts live in the registry (model/field_table.c), so this program holds the one function
 * that turns a registry row into its roff block. Run as a test it asserts that
 * doc/gpuplan-scenario.5 contains the block of every field, section by
 * section, in registry order, and that the generated region names no key the
 * registry does not know. Run as `check_manpage --generate` it prints the
 * region, to paste between the page's "fields-begin" and "fields-end"
 * comment lines after a field changes. */
#include "config.h"

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "numfmt.h"
#include "scenario.h"
#include "strbuf.h"

#define BEGIN_MARK ".\\\" fields-begin"
#define END_MARK ".\\\" fields-end"

/* Append text to b as roff body text: backslashes as \e, and a leading '.'
 * or '\'' protected with \& so it is never read as a request. In values
 * (literal = true) '-' becomes \- so a copied value keeps a plain ASCII
 * hyphen-minus; in prose it stays a hyphen. */
static void roff_put(StrBuf *b, const char *text, bool literal)
{
    if (text[0] == '.' || text[0] == '\'')
        sb_append(b, "\\&");
    for (const char *p = text; *p; p++) {
        if (*p == '\\')
            sb_append(b, "\\e");
        else if (*p == '-' && literal)
            sb_append(b, "\\-");
        else
            sb_append_n(b, p, 1);
    }
}

static void roff_text(StrBuf *b, const char *text)
{
    roff_put(b, text, false);
}

static void roff_value(StrBuf *b, const char *text)
{
    roff_put(b, text, true);
}

/* The unit as the page writes it: "$" is the scenario's currency. */
static void unit_text(StrBuf *b, const char *unit)
{
    if (unit[0] == '$') {
        sb_append(b, "currency");
        unit++;
    }
    roff_text(b, unit);
}

/* The key as the page shows it: a list row with "[N]" for its index. */
static void shown_key(const Field *f, char *buf, size_t n)
{
    const char *open = strstr(f->key, "[]");
    if (open)
        snprintf(buf, n, "%.*s[N]%s", (int)(open - f->key), f->key, open + 2);
    else
        snprintf(buf, n, "%s", f->key);
}

/* The roff block of one field (see the page's FIELDS section). */
static void field_block(const Field *f, StrBuf *b)
{
    /* The defaults, the optional sections' and their items' included. */
    Scenario def;
    scenario_default(&def);
    field_scope_default(&def, FS_HYBRID);
    field_scope_default(&def, FS_UNCERTAINTY);
    field_item_default(&field_list_workloads, &def, 0);
    field_item_default(&field_list_inputs, &def, 0);
    FieldRef r;
    field_ref_init(&r, f, 0);
    char val[SCENARIO_TEXT_BYTES(SCENARIO_NOTES_MAX) + 8];
    char lo[64], hi[64], key[FIELD_PATH_MAX];
    field_format(field_ref(&r), &def, val, sizeof val);
    num_format_exact(f->minimum, lo, sizeof lo);
    num_format_exact(f->maximum, hi, sizeof hi);
    shown_key(f, key, sizeof key);

    sb_append(b, ".TP\n.B ");
    sb_append(b, key);
    sb_append(b, "\n");
    roff_text(b, f->label);
    sb_append(b, ": ");
    roff_text(b, f->help);
    sb_append(b, ".\n.br\nType: ");
    sb_append(b, field_type_name(f->type));
    if (f->unit[0]) {
        sb_append(b, "; unit: ");
        unit_text(b, f->unit);
    }
    if (f->list && f->required) {
        sb_append(b, "; required");
    } else if (f->list && field_alternative(f)) {
        sb_append(b, "; a ");
        sb_append(b, f->list->item);
        sb_append(b, " gives exactly one of this and ");
        roff_value(b, field_leaf(field_alternative(f)));
    } else if (f->has_when) {
        sb_append(b, "; optional");
    } else if (f->default_key) {
        sb_append(b, "; default: the value of ");
        roff_value(b, f->default_key);
    } else {
        sb_append(b, "; default: ");
        if (f->type == FT_TEXT) {
            sb_append(b, "\\(lq");
            roff_value(b, val);
            sb_append(b, "\\(rq");
        } else {
            roff_value(b, val);
        }
        if (f->omit_default)
            sb_append(b, ", left out of a saved file");
    }
    if (f->type == FT_TEXT) {
        sb_append(b, "; length: ");
        roff_value(b, lo);
        sb_append(b, " to ");
        roff_value(b, hi);
        sb_append(b, " characters");
        if (f->rule == TR_CURRENCY)
            sb_append(b, ", three upper-case letters");
        if (f->rule == TR_CRON)
            sb_append(b, ", a 5\\-field cron expression in UTC");
        if (f->rule == TR_NUMBER_KEY)
            sb_append(b, ", the key of a number field of the scenario");
    } else if (f->type == FT_CHOICE) {
        char words[200];
        field_choice_list(f, ", ", " or ", words, sizeof words);
        sb_append(b, "; one of: ");
        roff_value(b, words);
    } else if (f->plain_comment) {
        sb_append(b, "; unit and range: those of the field ");
        roff_value(b, "key");
        sb_append(b, " names");
    } else if (f->type != FT_BOOL) {
        sb_append(b, f->above_minimum ? "; range: above " : "; range: ");
        roff_value(b, lo);
        sb_append(b, f->above_minimum ? ", up to " : " to ");
        roff_value(b, hi);
    }
    sb_append(b, ".\n");
}

/* The whole generated region: one .SS per section, then its fields. */
static void fields_region(StrBuf *b)
{
    char prev[64] = "\1", sec[64];
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        field_section(f, sec, sizeof sec);
        if (strcmp(sec, prev) != 0) {
            sb_append(b, ".SS ");
            sb_append(b, sec[0] ? sec : "Top level");
            sb_append(b, "\n");
            snprintf(prev, sizeof prev, "%s", sec);
        }
        field_block(f, b);
    }
}

static char *read_page(void)
{
    const char *top = getenv("top_srcdir");
    char path[1024];
    snprintf(path, sizeof path, "%s/doc/gpuplan-scenario.5",
             top && *top ? top : ".");
    FILE *fp = fopen(path, "rb");
    ck_assert_msg(fp != NULL, "cannot open %s", path);
    StrBuf b = STRBUF_INIT;
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        sb_append_n(&b, chunk, n);
    fclose(fp);
    char *copy = xstrdup(sb_str(&b));
    sb_free(&b);
    return copy;
}

/* The page's generated region, between the two marker lines (a copy). */
static char *page_region(const char *page)
{
    const char *a = strstr(page, BEGIN_MARK "\n");
    ck_assert_msg(a != NULL, "no '%s' line in the page", BEGIN_MARK);
    a += strlen(BEGIN_MARK "\n");
    const char *z = strstr(a, END_MARK "\n");
    ck_assert_msg(z != NULL, "no '%s' line in the page", END_MARK);
    StrBuf b = STRBUF_INIT;
    sb_append_n(&b, a, (size_t)(z - a));
    char *copy = xstrdup(sb_str(&b));
    sb_free(&b);
    return copy;
}

START_TEST(every_field_documented)
{
    char *page = read_page();
    char *region = page_region(page);
    const char *pos = region;
    for (size_t i = 0; i < field_count; i++) {
        StrBuf want = STRBUF_INIT;
        field_block(&field_table[i], &want);
        const char *hit = strstr(pos, sb_str(&want));
        ck_assert_msg(hit != NULL,
                      "%s: the page's entry is missing, out of order or out "
                      "of date; expected:\n%s(regenerate with check_manpage "
                      "--generate)",
                      field_table[i].key, sb_str(&want));
        pos = hit + want.len;
        sb_free(&want);
    }
    free(region);
    free(page);
}
END_TEST

START_TEST(region_is_exactly_generated)
{
    char *page = read_page();
    char *region = page_region(page);
    StrBuf want = STRBUF_INIT;
    fields_region(&want);
    ck_assert_msg(strcmp(region, sb_str(&want)) == 0,
                  "the field table differs from the registry (extra text or "
                  "keys); regenerate it with check_manpage --generate");
    sb_free(&want);
    free(region);
    free(page);
}
END_TEST

/* Any ".B key" in the region must be a registry key. */
START_TEST(no_unknown_keys)
{
    char *page = read_page();
    char *region = page_region(page);
    size_t seen = 0;
    for (char *line = strtok(region, "\n"); line; line = strtok(NULL, "\n")) {
        if (strncmp(line, ".B ", 3) != 0)
            continue;
        char key[FIELD_PATH_MAX];
        const char *n = strstr(line + 3, "[N]");
        if (n)
            snprintf(key, sizeof key, "%.*s[]%s", (int)(n - line - 3),
                     line + 3, n + 3);
        else
            snprintf(key, sizeof key, "%s", line + 3);
        ck_assert_msg(field_find(key) != NULL,
                      "the page documents '%s', which is not a scenario field",
                      line + 3);
        seen++;
    }
    ck_assert_uint_eq(seen, field_count);
    free(region);
    free(page);
}
END_TEST

/* The sections the page must have, and the version key outside the table. */
START_TEST(page_sections)
{
    static const char *const want[] = {
        ".TH GPUPLAN\\-SCENARIO 5", ".SH NAME", ".SH SYNOPSIS",
        ".SH DESCRIPTION", ".SH FIELDS", ".SH SAVING", ".SH ERRORS",
        ".SH EXAMPLES", ".SH SEE ALSO", ".B gpuplan: 1", "1 MiB", "NaN",
        "anchor", "alias", "duplicate", "symbolic link", "JSON", "CRLF",
        "byte order mark", "flow style"};
    char *page = read_page();
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        ck_assert_msg(strstr(page, want[i]) != NULL, "page lacks '%s'",
                      want[i]);
    free(page);
}
END_TEST

static Suite *manpage_suite(void)
{
    Suite *s = suite_create("manpage");
    TCase *t = tcase_create("fields");
    tcase_add_test(t, every_field_documented);
    tcase_add_test(t, region_is_exactly_generated);
    tcase_add_test(t, no_unknown_keys);
    tcase_add_test(t, page_sections);
    suite_add_tcase(s, t);
    return s;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--generate") == 0) {
        StrBuf b = STRBUF_INIT;
        fields_region(&b);
        fputs(BEGIN_MARK "\n", stdout);
        fputs(sb_str(&b), stdout);
        fputs(END_MARK "\n", stdout);
        sb_free(&b);
        return ferror(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
    }
    SRunner *sr = srunner_create(manpage_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
