/* cli_help.c: the command line's help (DESIGN 3): `gpuplan --help`,
 * `gpuplan help [COMMAND]` and `gpuplan COMMAND --help`, from one table of
 * the commands' usage lines and texts, so the overview and each command's
 * help never disagree. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_common.h"
#include "export.h"

/* One row per command: its usage line (after "gpuplan ") and what
 * `gpuplan help COMMAND` says about it. --help prints the usage lines. */
static const struct {
    const char *name, *usage, *text;
} command_help[] = {
    {"report", "report [--format text|md|html|json|csv] [-o OUT] [--set KEY=VALUE]... FILE",
     "The report of FILE: the verdict, the options, the monthly breakdown,\n"
     "crossovers, zone, advice, the hybrid plan when there is one, the inputs.\n"
     "  --format F       text (default), md, html (one self-contained page with\n"
     "                   charts), json or csv\n"
     "  -o OUT           write OUT instead of standard output (- is standard output);\n"
     "                   without --format, OUT's extension says the format:\n"
     "                   " EXPORT_EXTENSIONS " (none: text)\n"
     "  --set KEY=VALUE  change a field first, checked like the file\n"},
    {"risk", "risk [--format text|md|json|csv] [-o OUT] [--set KEY=VALUE]... FILE",
     "How sure the decision is: the tornado (each input at its low and high\n"
     "value) and the Monte Carlo of the scenario's uncertainty section.\n"
     "  --format F       text (default), md, json or csv\n"
     "  -o OUT           write OUT instead of standard output; without\n"
     "                   --format, OUT's extension says the format:\n"
     "                   .md, .json, .csv or .txt (none: text)\n"
     "  --set KEY=VALUE  change a field first\n"},
    {"seek", "seek --vary KEY --target onprem=OPTION [--format text|json]\n"
             "                     [--set KEY=VALUE]... FILE",
     "The value of KEY at which on-prem and OPTION (on_demand, reserved, spot)\n"
     "cost the same at the measured utilization; the first line is KEY = VALUE.\n"
     "  --set KEY=VALUE  change a field first\n"},
    {"check", "check FILE...", "Validate scenario files; print each problem as FILE:LINE:COL: message.\n"},
    {"new", "new [--from NAME] FILE",
     "Write the built-in default (or the shipped scenario NAME) to FILE, a new file.\n"},
    {"list", "list", "The shipped scenarios, with their names and first lines.\n"},
    {"prices", "prices", "The price book: instances, regions, prices, their dates and sources.\n"},
    {"sweep", "sweep --vary KEY=FROM:TO:STEP [--vary ...] [--format csv|json]\n"
              "                     [--max-rows N] FILE",
     "Every combination of the varied numeric fields (both ends included; the\n"
     "first --vary changes slowest): each option's monthly cost and cost per\n"
     "useful GPU-hour, the cheapest, the zone, delta (on-prem less the cheapest\n"
     "cloud option) and each cloud option's first crossover.\n"
     "  --set KEY=VALUE  change a field first\n"
     "  --max-rows N     allow more than 100,000,000 rows\n"},
    {"import", "import [--from NAME] [-o OUT] [--force] ROUTING.json",
     "A routing file as a scenario with a hybrid plan (placeholders to fill in).\n"},
    {"help", "help [COMMAND]", "This help, or one command's.\n"},
};

void cli_print_help(void)
{
    printf("Usage: gpuplan [--no-color] [FILE]      the planner; no FILE = built-in default\n");
    for (size_t i = 0; i < sizeof command_help / sizeof command_help[0]; i++)
        printf("       gpuplan %s\n", command_help[i].usage);
    fputs("       gpuplan --help | --version\n"
          "\n"
          "Compares owning a GPU cluster with renting the same useful work\n"
          "from AWS (on-demand, reserved, spot) and shows where the answer flips.\n"
          "FILE is a path or the name of a shipped scenario (gpuplan report diagflow).\n"
          "'gpuplan help COMMAND' tells more about one command.\n"
          "\n"
          "Exit status: 0 ok, 64 usage, 65 invalid scenario data, 66 cannot open input,\n"
          "73 cannot create output, 74 I/O error. See gpuplan(1), gpuplan-scenario(5).\n",
          stdout);
}

int cli_cmd_help(int argc, char **argv)
{
    if (argc == 0) {
        cli_print_help();
        return 0;
    }
    if (argc > 1)
        return usage_error("help takes one COMMAND; '%s' is one too many", argv[1]);
    for (size_t i = 0; i < sizeof command_help / sizeof command_help[0]; i++)
        if (strcmp(argv[0], command_help[i].name) == 0) {
            printf("Usage: gpuplan %s\n\n%s", command_help[i].usage, command_help[i].text);
            return 0;
        }
    fprintf(stderr, "gpuplan: help: no command '%s'; the commands are", argv[0]);
    for (size_t i = 0; i < sizeof command_help / sizeof command_help[0]; i++)
        fprintf(stderr, "%s %s", i ? "," : "", command_help[i].name);
    fprintf(stderr, "\nTry 'gpuplan --help'.\n");
    return EXIT_USAGE;
}
