/* cli_opts.c: the command line's one option parser, and the usage and help
 * texts generated from the same table (see cli_opts.h, DESIGN 3). */
#include "config.h"

#include "cli_opts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_vis.h"
#include "fields.h"

/* "report" or, for the planner, "the planner". */
static const char *command_words(const CliCommand *c)
{
    return c->name[0] ? c->name : "the planner";
}

void cli_spellings(const CliOption *o, StrBuf *b)
{
    if (o->short_name)
        sb_printf(b, "-%c, ", o->short_name);
    sb_printf(b, "--%s", o->name);
}

/* How the option was written, for a message: "-o" or "--output". */
static void spelled(const CliOption *o, bool as_short, char *buf, size_t n)
{
    if (as_short)
        snprintf(buf, n, "-%c", o->short_name);
    else
        snprintf(buf, n, "--%s", o->name);
}

static const CliOption *find_long(const CliCommand *c, const char *name,
                                  size_t len)
{
    for (const CliOption *o = c->options; o && o->name; o++)
        if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
            return o;
    return NULL;
}

static const CliOption *find_short(const CliCommand *c, char ch)
{
    for (const CliOption *o = c->options; o && o->name; o++)
        if (o->short_name && o->short_name == ch)
            return o;
    return NULL;
}

/* The operands' name without brackets and dots: "FILE", "COMMAND". */
static void operand_name(const CliCommand *c, char *buf, size_t n)
{
    const char *s = c->operands;
    size_t k = 0;
    for (; *s && k + 1 < n; s++)
        if (*s != '[' && *s != ']' && *s != '.')
            buf[k++] = *s;
    buf[k] = '\0';
    if (strstr(c->operands, ".json")) /* ROUTING.json keeps its dot */
        snprintf(buf, n, "%s", c->operands);
}

/* The usage error for the unknown option w: the nearest option of the
 * command, or what the command takes. */
static int unknown_option(const CliCommand *c, const char *w, Diag *d)
{
    const char *names[64];
    size_t n = 0;
    for (const CliOption *o = c->options; o && o->name && n < 64; o++)
        names[n++] = o->name;
    const char *bare = w + strspn(w, "-");
    size_t cut = strcspn(bare, "=");
    char word[128];
    snprintf(word, sizeof word, "%.*s", (int)(cut < 100 ? cut : 100), bare);
    const char *near = word[0] ? field_nearest(word, names, n) : NULL;
    char what[64];
    operand_name(c, what, sizeof what);
    char who[64] = "";
    if (c->name[0])
        snprintf(who, sizeof who, "%s: ", c->name);
    if (near)
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "%sunknown option '%s' (did you "
                 "mean --%s?)", who, w, near);
    else if (n == 0 && c->max_operands > 0)
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "%sunknown option '%s' (%s takes "
                 "only %ss; a file of that name is ./%s)", who, w, c->name,
                 what, w);
    else if (n == 0)
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "%sunknown option '%s' (%s takes "
                 "no arguments)", who, w, c->name);
    else
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "%sunknown option '%s' ('gpuplan "
                 "%s%s' lists the options; a file of that name is ./%s)", who,
                 w, c->name[0] ? "help " : "--help", c->name, w);
    return EXIT_USAGE;
}

static bool given_before(const CliArgs *a, const CliOption *o, size_t *at)
{
    for (size_t k = 0; k < a->ngiven; k++)
        if (a->given[k].opt == o) {
            *at = k;
            return true;
        }
    return false;
}

/* Take the option word argv[*i] (it starts with '-' and is not "-" or
 * "--") into a; returns 0 or the usage error in d. */
static int take_option(const CliCommand *c, int argc, char **argv, int *i,
                       CliArgs *a, Diag *d)
{
    char *w = argv[*i], *val = NULL;
    bool as_short = w[1] != '-', attached = false;
    const CliOption *o;
    if (!as_short) {
        size_t len = strcspn(w + 2, "=");
        o = find_long(c, w + 2, len);
        if (w[2 + len] == '=') {
            val = w + 3 + len;
            attached = true;
        }
    } else {
        o = find_short(c, w[1]);
        if (w[2]) { /* -oOUT, and -o=OUT as gpuplan always took it */
            val = w + (w[2] == '=' ? 3 : 2);
            attached = true;
        }
    }
    if (!o)
        return unknown_option(c, w, d);
    char sp[80];
    spelled(o, as_short, sp, sizeof sp);
    if (!o->arg && attached) {
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "%s takes no value, not '%s'", sp,
                 w);
        return EXIT_USAGE;
    }
    if (o->arg && !attached) {
        if (*i + 1 >= argc) {
            diag_set(d, EXIT_USAGE, 0, 0, NULL, "%s needs %s", sp, o->needs);
            return EXIT_USAGE;
        }
        val = argv[++*i];
    }
    size_t at;
    if (o->arg && !(o->flags & CLI_REPEAT) && given_before(a, o, &at)) {
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "%s: %s is given twice ('%s' "
                 "and '%s'); it takes one value", command_words(c), sp,
                 a->given[at].value, val);
        return EXIT_USAGE;
    }
    a->given[a->ngiven++] = (CliGiven){o, val, as_short};
    return 0;
}

/* After parsing: every required option and enough operands, or what is
 * missing in one sentence ("seek needs --vary KEY, --target ... and a FILE"). */
static int check_complete(const CliCommand *c, const CliArgs *a, Diag *d)
{
    const char *part[16];
    char opt[16][96];
    size_t n = 0;
    size_t at;
    bool opt_missing = false;
    for (const CliOption *o = c->options; o && o->name && n < 15; o++)
        if ((o->flags & CLI_REQUIRED) && !given_before(a, o, &at)) {
            snprintf(opt[n], sizeof opt[n], "%s--%s %s",
                     o->flags & CLI_REPEAT ? "at least one " : "", o->name,
                     o->choices ? o->choices : o->arg);
            part[n] = opt[n];
            n++;
            opt_missing = true;
        }
    if (a->noperands < c->min_operands)
        part[n++] = c->operand_needs;
    if (n == 0)
        return 0;
    StrBuf b = STRBUF_INIT;
    sb_printf(&b, "%s needs ", c->name);
    for (size_t k = 0; k < n; k++)
        sb_printf(&b, "%s%s", k == 0 ? "" : k + 1 == n ? " and " : ", ", part[k]);
    if (opt_missing && c->example)
        sb_printf(&b, " (for example: %s)", c->example);
    diag_set(d, EXIT_USAGE, 0, 0, NULL, "%s", sb_str(&b));
    sb_free(&b);
    return EXIT_USAGE;
}

int cli_parse(const CliCommand *c, int argc, char **argv, CliArgs *a, Diag *d)
{
    memset(a, 0, sizeof *a);
    a->cmd = c;
    a->given = xmalloc(((size_t)argc + 1) * sizeof *a->given);
    a->operands = xmalloc(((size_t)argc + 1) * sizeof *a->operands);
    diag_clear(d, NULL);
    bool options_end = false;
    for (int i = 0; i < argc; i++) {
        char *w = argv[i];
        if (!options_end && strcmp(w, "--") == 0) {
            options_end = true;
            continue;
        }
        if (!options_end && (strcmp(w, "--help") == 0 || strcmp(w, "-h") == 0)) {
            a->help = true;
            return 0;
        }
        if (!options_end && w[0] == '-' && w[1]) {
            int rc = take_option(c, argc, argv, &i, a, d);
            if (rc != 0)
                return rc;
            continue;
        }
        if (a->noperands == c->max_operands) {
            char what[64];
            operand_name(c, what, sizeof what);
            if (c->max_operands == 0)
                diag_set(d, EXIT_USAGE, 0, 0, NULL, "%s takes no arguments; "
                         "'%s' is one too many", command_words(c), w);
            else if (c->name[0] && c->max_operands > 1) /* diff, compare */
                diag_set(d, EXIT_USAGE, 0, 0, NULL, "%s takes %s; '%s' is one too "
                         "many", c->name, c->operand_needs, w);
            else if (c->name[0])
                diag_set(d, EXIT_USAGE, 0, 0, NULL, "%s takes one %s; '%s' is "
                         "one too many", c->name, what, w);
            else
                diag_set(d, EXIT_USAGE, 0, 0, NULL, "the planner opens one "
                         "%s; '%s' is one too many", what, w);
            return EXIT_USAGE;
        }
        a->operands[a->noperands++] = w;
    }
    return check_complete(c, a, d);
}

void cli_args_free(CliArgs *a)
{
    free(a->given);
    free(a->operands);
    a->given = NULL;
    a->operands = NULL;
    a->ngiven = a->noperands = 0;
}

static const CliOption *declared(const CliArgs *a, const char *name)
{
    const CliOption *o = find_long(a->cmd, name, strlen(name));
    if (!o) {
        fprintf(stderr, "gpuplan: internal error: %s has no option --%s\n",
                command_words(a->cmd), name);
        abort();
    }
    return o;
}

size_t cli_count(const CliArgs *a, const char *name)
{
    const CliOption *o = declared(a, name);
    size_t n = 0;
    for (size_t k = 0; k < a->ngiven; k++)
        n += a->given[k].opt == o;
    return n;
}

char *cli_nth(const CliArgs *a, const char *name, size_t want)
{
    const CliOption *o = declared(a, name);
    for (size_t k = 0; k < a->ngiven; k++)
        if (a->given[k].opt == o && want-- == 0)
            return a->given[k].value;
    return NULL;
}

char *cli_value(const CliArgs *a, const char *name)
{
    size_t n = cli_count(a, name);
    return n ? cli_nth(a, name, n - 1) : NULL;
}

bool cli_given(const CliArgs *a, const char *name)
{
    return cli_count(a, name) > 0;
}

/* One piece of a usage line: "[--format text|md]", "--vary KEY". */
static void usage_piece(const CliOption *o, char *buf, size_t n)
{
    char sp[80], arg[200] = "";
    if ((o->flags & CLI_SHOW_SHORT) && o->short_name)
        snprintf(sp, sizeof sp, "-%c", o->short_name);
    else
        snprintf(sp, sizeof sp, "--%s", o->name);
    if (o->arg)
        snprintf(arg, sizeof arg, " %s", o->choices ? o->choices : o->arg);
    if (!(o->flags & CLI_REQUIRED))
        snprintf(buf, n, "[%s%s]%s", sp, arg, o->flags & CLI_REPEAT ? "..." : "");
    else if (o->flags & CLI_REPEAT) /* --vary K=A:B:S [--vary ...] */
        snprintf(buf, n, "%s%s [%s ...]", sp, arg, sp);
    else
        snprintf(buf, n, "%s%s", sp, arg);
}

void cli_usage(const CliCommand *c, size_t col, size_t width, StrBuf *b)
{
    size_t start = b->len;
    sb_printf(b, "gpuplan%s%s", c->name[0] ? " " : "", c->name);
    size_t indent = col + (b->len - start) + 1, at = col + (b->len - start);
    for (const CliOption *o = c->options;; o++) {
        char piece[300];
        if (o && o->name)
            usage_piece(o, piece, sizeof piece);
        else if (c->operands[0])
            snprintf(piece, sizeof piece, "%s", c->operands);
        else
            break;
        size_t len = strlen(piece);
        if (at + 1 + len > width && at > indent) {
            sb_printf(b, "\n%*s%s", (int)indent, "", piece);
            at = indent + len;
        } else {
            sb_printf(b, " %s", piece);
            at += 1 + len;
        }
        if (!o || !o->name)
            break;
    }
}

/* One option's line(s) of the help: spellings and argument in a column
 * of width w, then the help text, its further lines indented to match. */
static void option_help(const char *left, const char *help, size_t w,
                        StrBuf *b)
{
    sb_printf(b, "  %-*s", (int)w, left);
    if (strlen(left) > w)
        sb_printf(b, "\n  %-*s", (int)w, "");
    for (const char *p = help; *p;) {
        size_t len = strcspn(p, "\n");
        sb_printf(b, "  %.*s\n", (int)len, p);
        p += len + (p[len] == '\n');
        if (*p)
            sb_printf(b, "  %-*s", (int)w, "");
    }
}

void cli_help_text(const CliCommand *c, StrBuf *b)
{
    sb_append(b, "Usage: ");
    cli_usage(c, 7, 80, b);
    sb_printf(b, "\n\n%s", c->text);
    if (c->example)
        sb_printf(b, "Example: %s\n", c->example);
    enum { COLUMN = 22 };
    sb_append(b, "\nOptions:\n");
    for (const CliOption *o = c->options; o && o->name; o++) {
        StrBuf left = STRBUF_INIT;
        if (!o->short_name)
            sb_append(&left, "    ");
        cli_spellings(o, &left);
        if (o->arg)
            sb_printf(&left, " %s", o->arg);
        option_help(sb_str(&left), o->help, COLUMN, b);
        sb_free(&left);
    }
    option_help("-h, --help", "this help", COLUMN, b);
}

int cli_report_usage(const CliCommand *c, const Diag *d)
{
    fprintf(stderr, "gpuplan: %s\n", vis(d->message));
    if (c && c->name[0])
        fprintf(stderr, "Try 'gpuplan help %s'.\n", c->name);
    else
        fprintf(stderr, "Try 'gpuplan --help'.\n");
    return d->status ? d->status : EXIT_USAGE;
}
