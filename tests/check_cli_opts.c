/* check_cli_opts.c: the command line's one option parser and its table
 * (tui/cli_opts.c, tui/cli_table.c): parsing, its usage errors, the
 * generated help, and that every option of every command is documented in
 * gpuplan(1) (in the command's SYNOPSIS and in OPTIONS) and every usage
 * line in the README's usage block. `check_cli_opts --readme` prints that
 * block, to paste into README.md after a command changes. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "strbuf.h"

/* Parse the blank-separated words of line for command name. */
static int parse(const char *name, const char *line, CliArgs *a, Diag *d,
                 char *store, char **argv)
{
    snprintf(store, 512, "%s", line);
    int argc = 0;
    for (char *w = strtok(store, " "); w; w = strtok(NULL, " "))
        argv[argc++] = w;
    const CliCommand *c = cli_command_find(name);
    ck_assert_ptr_nonnull(c);
    return cli_parse(c, argc, argv, a, d);
}

#define PARSE(name, line)                                                     \
    char store[512], *argv[64];                                               \
    CliArgs a;                                                                \
    Diag d;                                                                   \
    int rc = parse(name, line, &a, &d, store, argv)

START_TEST(every_spelling)
{
    PARSE("report", "-f json --output=a.json --set x=1 FILE --set=y=2");
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(cli_value(&a, "format"), "json");
    ck_assert_str_eq(cli_value(&a, "output"), "a.json");
    ck_assert_uint_eq(cli_count(&a, "set"), 2);
    ck_assert_str_eq(cli_nth(&a, "set", 0), "x=1");
    ck_assert_str_eq(cli_nth(&a, "set", 1), "y=2");
    ck_assert_uint_eq(a.noperands, 1);
    ck_assert_str_eq(a.operands[0], "FILE");
    cli_args_free(&a);
}
END_TEST

START_TEST(short_attached)
{
    PARSE("report", "-ojson.out -f=md FILE");
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(cli_value(&a, "output"), "json.out");
    ck_assert_str_eq(cli_value(&a, "format"), "md");
    cli_args_free(&a);
}
END_TEST

START_TEST(double_dash_ends_options)
{
    PARSE("check", "a.yaml -- -x.yaml --set");
    ck_assert_int_eq(rc, 0);
    ck_assert_uint_eq(a.noperands, 3);
    ck_assert_str_eq(a.operands[1], "-x.yaml");
    ck_assert_str_eq(a.operands[2], "--set");
    cli_args_free(&a);
}
END_TEST

START_TEST(dash_is_an_operand)
{
    PARSE("check", "-");
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(a.operands[0], "-");
    cli_args_free(&a);
}
END_TEST

START_TEST(help_anywhere)
{
    PARSE("sweep", "default --help");
    ck_assert_int_eq(rc, 0);
    ck_assert(a.help);
    cli_args_free(&a);
}
END_TEST

static void refused(const char *name, const char *line, const char *want)
{
    PARSE(name, line);
    ck_assert_int_eq(rc, EXIT_USAGE);
    ck_assert_msg(strstr(d.message, want) != NULL, "%s %s: '%s' lacks '%s'",
                  name, line, d.message, want);
    cli_args_free(&a);
}

START_TEST(usage_errors)
{
    refused("report", "--frobnicate default", "unknown option '--frobnicate'");
    refused("report", "--fromat md default", "did you mean --format?");
    refused("report", "default -f", "-f needs a format");
    refused("report", "default --output", "--output needs a file name");
    refused("report", "a b", "report takes one FILE; 'b' is one too many");
    refused("report", "--format md --format=html x",
            "--format is given twice ('md' and 'html')");
    refused("report", "", "report needs a FILE");
    refused("seek", "default", "seek needs --vary KEY and --target onprem=OPTION");
    refused("seek", "--vary a --vary b --target onprem=spot default",
            "--vary is given twice ('a' and 'b')");
    refused("sweep", "default", "sweep needs at least one --vary KEY=FROM:TO:STEP");
    refused("check", "--set x default", "check: unknown option '--set' (check "
            "takes only FILEs; a file of that name is ./--set)");
    refused("check", "", "check needs at least one FILE");
    refused("list", "x", "list takes no arguments");
    refused("import", "--force=yes r.json", "--force takes no value");
    refused("help", "a b", "help takes one COMMAND; 'b' is one too many");
    refused("", "a b", "the planner opens one FILE");
}
END_TEST

START_TEST(repeats_where_allowed)
{
    PARSE("sweep", "--vary a=1:2:1 --vary b=1:2:1 --set x=1 --set x=2 f");
    ck_assert_int_eq(rc, 0);
    ck_assert_uint_eq(cli_count(&a, "vary"), 2);
    ck_assert_str_eq(cli_value(&a, "set"), "x=2");
    cli_args_free(&a);
}
END_TEST

/* The table: names and spellings unique, every option with its help and,
 * taking a value, what a missing one needs. */
START_TEST(table_is_consistent)
{
    ck_assert_str_eq(cli_commands[0].name, "");
    for (size_t i = 0; i < cli_command_count; i++) {
        const CliCommand *c = &cli_commands[i];
        ck_assert_ptr_nonnull(c->run);
        ck_assert_ptr_eq(cli_command_find(c->name), c);
        ck_assert_msg(c->summary && c->text, "%s lacks its help", c->name);
        ck_assert_msg(c->min_operands <= c->max_operands, "%s", c->name);
        for (const CliOption *o = c->options; o && o->name; o++) {
            ck_assert_msg(o->help && o->help[0], "%s --%s lacks help", c->name, o->name);
            ck_assert_msg(!o->arg || (o->needs && o->needs[0]),
                          "%s --%s lacks what it needs", c->name, o->name);
            ck_assert_msg(strcmp(o->name, "help") != 0 && o->short_name != 'h',
                          "%s: --help and -h are every command's", c->name);
            for (const CliOption *p = o + 1; p->name; p++) {
                ck_assert_msg(strcmp(o->name, p->name) != 0, "%s --%s twice",
                              c->name, o->name);
                ck_assert_msg(!o->short_name || o->short_name != p->short_name,
                              "%s -%c twice", c->name, o->short_name);
            }
        }
    }
}
END_TEST

/* `gpuplan help COMMAND` names every option of the command. */
START_TEST(help_names_every_option)
{
    for (size_t i = 0; i < cli_command_count; i++) {
        StrBuf b = STRBUF_INIT;
        cli_help_text(&cli_commands[i], &b);
        for (const CliOption *o = cli_commands[i].options; o && o->name; o++) {
            StrBuf sp = STRBUF_INIT;
            cli_spellings(o, &sp);
            ck_assert_msg(strstr(sb_str(&b), sb_str(&sp)), "help %s lacks %s",
                          cli_commands[i].name, sb_str(&sp));
            sb_free(&sp);
        }
        ck_assert(strstr(sb_str(&b), "-h, --help"));
        /* no line of the help is wider than 80 columns */
        for (const char *p = sb_str(&b); *p;) {
            size_t len = strcspn(p, "\n");
            ck_assert_msg(len <= 80, "help %s: a line of %zu columns: %.*s",
                          cli_commands[i].name, len, (int)len, p);
            p += len + (p[len] == '\n');
        }
        sb_free(&b);
    }
}
END_TEST

static char *read_source(const char *rel)
{
    const char *top = getenv("top_srcdir");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", top && *top ? top : ".", rel);
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

/* A copy of page from the line that is `from` up to (not with) `to`. */
static char *between(const char *page, const char *from, const char *to)
{
    const char *a = strstr(page, from);
    ck_assert_msg(a != NULL, "gpuplan.1 lacks '%s'", from);
    a += strlen(from);
    const char *z = strstr(a, to);
    ck_assert_msg(z != NULL, "gpuplan.1 lacks '%s' after '%s'", to, from);
    char *copy = xmalloc((size_t)(z - a) + 1);
    memcpy(copy, a, (size_t)(z - a));
    copy[z - a] = '\0';
    return copy;
}

/* --name as roff writes it: every '-' as "\-". */
static void roff_long(const char *name, char *buf, size_t n)
{
    size_t k = (size_t)snprintf(buf, n, "\\-\\-");
    for (const char *p = name; *p && k + 3 < n; p++) {
        if (*p == '-')
            buf[k++] = '\\';
        buf[k++] = *p;
    }
    buf[k] = '\0';
}

/* An OPTIONS entry: a line after ".TP" that holds every spelling. */
static bool has_entry(const char *options, const CliOption *o)
{
    char lng[80], shrt[8];
    roff_long(o->name, lng, sizeof lng);
    snprintf(shrt, sizeof shrt, "\\-%c", o->short_name);
    for (const char *p = strstr(options, ".TP\n"); p; p = strstr(p + 1, ".TP\n")) {
        const char *line = p + 4;
        size_t len = strcspn(line, "\n");
        char tag[300];
        snprintf(tag, sizeof tag, "%.*s ", (int)(len < 290 ? len : 290), line);
        char *hit = strstr(tag, lng);
        if (hit && (hit[strlen(lng)] == ' ' || hit[strlen(lng)] == '"') &&
            (!o->short_name || strstr(tag, shrt)))
            return true;
    }
    return false;
}

START_TEST(manpage_documents_every_option)
{
    char *page = read_source("doc/gpuplan.1");
    char *options = between(page, "\n.SH OPTIONS\n", "\n.SH ");
    for (size_t i = 0; i < cli_command_count; i++) {
        const CliCommand *c = &cli_commands[i];
        char head[64];
        if (c->name[0])
            snprintf(head, sizeof head, "\n.SY \"gpuplan %s\"\n", c->name);
        else
            snprintf(head, sizeof head, "\n.SY gpuplan\n");
        char *syn = between(page, head, "\n.YS\n");
        for (const CliOption *o = c->options; o && o->name; o++) {
            char lng[80], shrt[8];
            roff_long(o->name, lng, sizeof lng);
            snprintf(shrt, sizeof shrt, "\\-%c ", o->short_name);
            ck_assert_msg(strstr(syn, lng) || (o->short_name && strstr(syn, shrt)),
                          "gpuplan.1's SYNOPSIS of %s lacks --%s", c->name[0] ?
                          c->name : "the planner", o->name);
            ck_assert_msg(has_entry(options, o), "gpuplan.1's OPTIONS has no "
                          "entry naming every spelling of --%s (%s)", o->name,
                          c->name);
        }
        free(syn);
    }
    free(options);
    free(page);
}
END_TEST

/* The README's usage block, as the table says it. */
static void readme_block(StrBuf *b)
{
    enum { COLUMN = 39 };
    for (size_t i = 0; i < cli_command_count; i++) {
        size_t start = b->len;
        cli_usage(&cli_commands[i], 0, 10000, b);
        size_t len = b->len - start;
        if (len + 2 <= COLUMN)
            sb_printf(b, "%*s%s\n", (int)(COLUMN - len), "", cli_commands[i].summary);
        else
            sb_printf(b, "\n%*s%s\n", COLUMN, "", cli_commands[i].summary);
    }
}

START_TEST(readme_usage_block)
{
    char *readme = read_source("README.md");
    char *block = between(readme, "## Using it\n\n```\n", "```\n");
    StrBuf want = STRBUF_INIT;
    readme_block(&want);
    ck_assert_msg(strcmp(block, sb_str(&want)) == 0, "README.md's usage block "
                  "differs from the command table; it should be:\n%s(print it "
                  "with check_cli_opts --readme)", sb_str(&want));
    sb_free(&want);
    free(block);
    free(readme);
}
END_TEST

static Suite *cli_opts_suite(void)
{
    Suite *s = suite_create("cli_opts");
    TCase *t = tcase_create("parse");
    tcase_add_test(t, every_spelling);
    tcase_add_test(t, short_attached);
    tcase_add_test(t, double_dash_ends_options);
    tcase_add_test(t, dash_is_an_operand);
    tcase_add_test(t, help_anywhere);
    tcase_add_test(t, usage_errors);
    tcase_add_test(t, repeats_where_allowed);
    suite_add_tcase(s, t);
    t = tcase_create("table");
    tcase_add_test(t, table_is_consistent);
    tcase_add_test(t, help_names_every_option);
    tcase_add_test(t, manpage_documents_every_option);
    tcase_add_test(t, readme_usage_block);
    suite_add_tcase(s, t);
    return s;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--readme") == 0) {
        StrBuf b = STRBUF_INIT;
        readme_block(&b);
        fputs(sb_str(&b), stdout);
        sb_free(&b);
        return ferror(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
    }
    SRunner *sr = srunner_create(cli_opts_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
