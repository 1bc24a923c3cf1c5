/* cli.c: gpuplan's command line (DESIGN 3): the dispatch.
 *
 * Each command is a row of the table (cli_table.c) with a handler taking
 * the parsed arguments and returning a sysexits status; this file finds the
 * row, parses the arguments, refuses an output that is one of the inputs and
 * runs the handler. Errors go to stderr as "gpuplan: FILE:LINE:COL:
 * message"; output is built in memory and written in one piece, atomically
 * when it goes to a file (-o), so nothing partial is ever left behind. */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_common.h"
#include "diag.h"
#include "file_rules.h"
#include "scenario_name.h"
#include "strbuf.h"

/* True when o is a file this command reads: an operand or the value of an
 * option that names a scenario (--from). */
static bool reads_file(const CliArgs *a, const char *out, const char **input)
{
    for (size_t k = 0; k < a->noperands + a->ngiven; k++) {
        const char *v;
        if (k < a->noperands) {
            v = a->operands[k];
        } else {
            const CliGiven *g = &a->given[k - a->noperands];
            if (g->opt->complete != CC_SCENARIO && g->opt->complete != CC_SHIPPED)
                continue;
            v = g->value;
        }
        char *in = v[0] ? cli_resolve_scenario(v) : NULL;
        bool same = in && file_same(in, out);
        free(in);
        if (same) {
            *input = v;
            return true;
        }
    }
    return false;
}

/* An output (-o) that is one of the command's inputs, by device and inode
 * (a symbolic or hard link to it too), would replace what is being read:
 * refused before anything runs, with or without --force. Not a regular
 * file (/dev/stdout, a FIFO) replaces nothing. */
static int output_is_input(const CliArgs *a)
{
    const CliOption *o = a->cmd->options;
    while (o && o->name && strcmp(o->name, "output") != 0)
        o++;
    const char *out = o && o->name ? cli_value(a, "output") : NULL, *in;
    struct stat st;
    if (!out || strcmp(out, "-") == 0 || stat(out, &st) != 0 || !S_ISREG(st.st_mode) || !reads_file(a, out, &in))
        return 0;
    fprintf(stderr, "gpuplan: %s -o %s: that is the file being read (%s); "
            "write the output to another file\n", a->cmd->name, vis(out), vis(in));
    return EXIT_CANTCREAT;
}

/* Parse argv for command c and run it (or its help). */
static int run_parsed(const CliCommand *c, int argc, char **argv)
{
    CliArgs a;
    Diag d;
    int rc = cli_parse(c, argc, argv, &a, &d);
    if (rc != 0) {
        rc = cli_report_usage(c, &d);
    } else if (a.help && !c->name[0]) {
        cli_print_help(); /* gpuplan FILE --help: the overview */
    } else if (a.help) {
        StrBuf b = STRBUF_INIT;
        cli_help_text(c, &b);
        rc = write_output(&b, NULL);
        sb_free(&b);
    } else if ((rc = output_is_input(&a)) == 0) {
        rc = c->run(&a);
    }
    cli_args_free(&a);
    return rc;
}

static int run_command(int argc, char **argv)
{
    const CliCommand *planner = cli_command_find("");
    if (argc < 2)
        return run_parsed(planner, 0, argv + 1);
    const char *cmd = argv[1];
    const CliCommand *c = cmd[0] ? cli_command_find(cmd) : NULL;
    if (c)
        return run_parsed(c, argc - 2, argv + 2);
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        cli_print_help();
        return 0;
    }
    if ((strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0)) {
        printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
        return 0;
    }
    return run_parsed(planner, argc - 1, argv + 1);
}

int cli_main(int argc, char **argv)
{
    int rc = run_command(argc, argv);
    /* Output that never reached its file (a full disk, a closed pipe) is an
     * I/O error, whatever the command printed before it. */
    if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
        fprintf(stderr, "gpuplan: cannot write the output: %s\n", strerror(errno));
        return EXIT_IOERR;
    }
    return rc;
}
