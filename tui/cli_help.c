/* cli_help.c: the command line's help (DESIGN 3): `gpuplan --help`,
 * `gpuplan help [COMMAND]` and `gpuplan COMMAND --help`, generated from
 * the command table (cli_table.c), so the overview, each command's help
 * and the parser never disagree. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli_common.h"
#include "cli_opts.h"

void cli_print_help(void)
{
    StrBuf b = STRBUF_INIT;
    for (size_t i = 0; i < cli_command_count; i++) {
        sb_append(&b, i == 0 ? "Usage: " : "       ");
        cli_usage(&cli_commands[i], 7, 80, &b);
        sb_append(&b, "\n");
    }
    sb_append(&b,
              "       gpuplan --help | --version\n"
              "\n"
              "Compares owning a GPU cluster with renting the same useful work\n"
              "from AWS (on-demand, reserved, spot) and shows where the answer flips.\n"
              "FILE is a path or the name of a shipped scenario (gpuplan report diagflow).\n"
              "'gpuplan help COMMAND' tells more about one command.\n"
              "\n"
              "Exit status: 0 ok, 64 usage, 65 invalid scenario data, 66 cannot open input,\n"
              "73 cannot create output, 74 I/O error. See gpuplan(1), gpuplan-scenario(5).\n");
    fputs(sb_str(&b), stdout);
    sb_free(&b);
}

int cli_cmd_help(const CliArgs *a)
{
    if (a->noperands == 0) {
        cli_print_help();
        return 0;
    }
    const char *name = a->operands[0];
    const CliCommand *c = name[0] ? cli_command_find(name) : NULL;
    if (c) {
        StrBuf b = STRBUF_INIT;
        cli_help_text(c, &b);
        int rc = write_output(&b, NULL);
        sb_free(&b);
        return rc;
    }
    /* The name came from the user: shown escaped (DESIGN 7). */
    fprintf(stderr, "gpuplan: help: no command '%s'; the commands are", vis(name));
    for (size_t i = 1; i < cli_command_count; i++)
        fprintf(stderr, "%s %s", i > 1 ? "," : "", cli_commands[i].name);
    fprintf(stderr, "\nTry 'gpuplan --help'.\n");
    return EXIT_USAGE;
}
