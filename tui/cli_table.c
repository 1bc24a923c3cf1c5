/* cli_table.c: every command of the command line, one row each (DESIGN 3):
 * its operands, its options and their help, its handler. The parser, the
 * help, the usage lines, the bash completion and the man-page check are
 * all generated from this table (cli_opts.h); a new command is a row here
 * and its handler. The lookup of a row and the help (`gpuplan --help`,
 * `gpuplan help [COMMAND]`, itself a row) are here too, so the parser and
 * the commands below never reach back up to the table. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli_common.h"
#include "cli_opts.h"
#include "export.h"

/* The options several commands share. */
#define OPT_SET(what)                                                        \
    {"set", 0, "KEY=VALUE", NULL, "KEY=VALUE", CLI_REPEAT, CC_SET_KEY,        \
     "change a field first, checked like the file" what "; may\n"           \
     "be repeated\n"}
#define OPT_OUTPUT(help)                                                     \
    {"output", 'o', "OUT", NULL, "a file name", CLI_SHOW_SHORT, CC_FILE, help}
#define OPT_FROM(help)                                                       \
    {"from", 0, "NAME", NULL, "a scenario name (see 'gpuplan list')", 0,      \
     CC_SHIPPED, help}
#define OPT_END {NULL, 0, NULL, NULL, NULL, 0, CC_NONE, NULL}
#define SCENARIO_NEEDS(name)                                                 \
    "a FILE (a path or a shipped scenario name such as " name ")"

static const CliOption planner_opts[] = {
    {"no-color", 0, NULL, NULL, NULL, 0, CC_NONE,
     "bold, reverse and underline instead of colour\n"},
    OPT_END};

static const CliOption report_opts[] = {
    {"format", 'f', "FORMAT", "text|md|html|json|csv",
     "a format: text, md, html, json or csv", 0, CC_CHOICES,
     "text (default), md, html (one self-contained page with\n"
     "charts), json or csv\n"},
    OPT_OUTPUT("write OUT instead of standard output (- is standard\n"
               "output); without --format, OUT's extension says the\n"
               "format: " EXPORT_EXTENSIONS " (none: text)\n"),
    OPT_SET(""), OPT_END};

static const CliOption risk_opts[] = {
    {"format", 'f', "FORMAT", "text|md|json|csv",
     "a format: text, md, json or csv", 0, CC_CHOICES,
     "text (default), md, json or csv\n"},
    OPT_OUTPUT("write OUT instead of standard output; without\n"
               "--format, OUT's extension says the format: .md,\n"
               ".json, .csv or .txt (none: text)\n"),
    OPT_SET(""), OPT_END};

static const CliOption seek_opts[] = {
    {"vary", 0, "KEY", NULL, "a field key, such as hardware.node_price",
     CLI_REQUIRED, CC_NUM_KEY,
     "the number field to solve for (its full key, such as\n"
     "hardware.node_price)\n"},
    {"target", 0, "onprem=OPTION", NULL,
     "onprem=OPTION with OPTION one of on_demand, reserved, spot",
     CLI_REQUIRED, CC_TARGET,
     "the cloud option owning is compared with: on_demand,\n"
     "reserved or spot\n"},
    {"format", 'f', "FORMAT", "text|json", "a format: text or json", 0,
     CC_CHOICES, "text (default) or json (full precision, both costs)\n"},
    OPT_SET(""), OPT_END};

static const CliOption new_opts[] = {
    OPT_FROM("start from the shipped scenario NAME (or a scenario\n"
             "file) instead of the built-in default\n"),
    OPT_END};

static const CliOption sweep_opts[] = {
    {"vary", 0, "KEY=FROM:TO:STEP", NULL, "KEY=FROM:TO:STEP",
     CLI_REQUIRED | CLI_REPEAT, CC_VARY_KEY,
     "vary the number field KEY from FROM to TO in steps of\n"
     "STEP, both ends included; repeat for more fields (the\n"
     "first changes slowest)\n"},
    {"format", 'f', "FORMAT", "csv|json", "a format: csv or json", 0,
     CC_CHOICES, "csv (default) or json\n"},
    {"max-rows", 0, "N", NULL, "a whole number of rows", 0, CC_NONE,
     "allow up to N rows (default 100,000,000)\n"},
    OPT_SET(""), OPT_END};

static const CliOption import_opts[] = {
    OPT_FROM("add the plan to the shipped scenario NAME (or a\n"
             "scenario file) instead of the built-in default\n"),
    OPT_OUTPUT("write the scenario to OUT instead of standard output;\n"
               "OUT may not be ROUTING.json\n"),
    {"force", 0, NULL, NULL, NULL, 0, CC_NONE, "replace an existing OUT\n"},
    OPT_END};

static const CliOption diff_opts[] = {
    {"format", 'f', "FORMAT", "text|md|json", "a format: text, md or json", 0,
     CC_CHOICES, "text (default), md or json (every value typed, full\n"
     "precision)\n"},
    OPT_OUTPUT("write OUT instead of standard output; without\n"
               "--format, OUT's extension says the format: .md,\n"
               ".json or .txt (none: text)\n"),
    OPT_END};

static const CliOption compare_opts[] = {
    {"format", 'f', "FORMAT", "text|md|html|json|csv",
     "a format: text, md, html, json or csv", 0, CC_CHOICES,
     "text (default), md, html (one self-contained page with\n"
     "the chart), json or csv (a row per scenario and\n"
     "option)\n"},
    OPT_OUTPUT("write OUT instead of standard output; without\n"
               "--format, OUT's extension says the format: .md,\n"
               ".html, .json, .csv or .txt (none: text)\n"),
    OPT_END};

static const CliOption measure_opts[] = {
    {"format", 'f', "FORMAT", "text|json", "a format: text or json", 0,
     CC_CHOICES, "text (default) or json (every figure, full precision)\n"},
    {"gpus", 0, "N", NULL, "the cluster's GPU count, a number above 0", 0,
     CC_NONE,
     "the GPUs the records ran on: the share is of N x the\n"
     "window's hours (else a node list among the FILEs, else\n"
     "the --apply scenario's nodes x gpus_per_node)\n"},
    {"from", 0, "TIME", NULL, "a time such as 2024-03-01", 0, CC_NONE,
     "measure from TIME (2024-03-01, 2024-03-01T08:00,\n"
     "...Z, +01:00, or epoch seconds); default: the first\n"
     "job's start\n"},
    {"to", 0, "TIME", NULL, "a time such as 2024-04-01", 0, CC_NONE,
     "measure until TIME (not included); running jobs are\n"
     "held until it; default: the latest time the records\n"
     "name\n"},
    {"tz", 0, "ZONE", NULL, "a time zone such as Europe/Berlin or UTC", 0,
     CC_NONE,
     "the zone of times written without an offset (sacct\n"
     "writes local time) and of the week-by-hour profile;\n"
     "default: TZ, the system's local time\n"},
    {"format-in", 0, "FMT", "sacct|pods|csv|activity|nodes",
     "one of sacct, pods, csv, activity, nodes", 0, CC_CHOICES,
     "read every FILE as FMT instead of recognising each\n"
     "from its header\n"},
    {"group-by", 0, "KEY", "partition|account|qos|user|name",
     "one of partition, account, qos, user, name", 0, CC_CHOICES,
     "group the jobs by KEY (name: the job name up to its\n"
     "first digit or separator); default: the partition,\n"
     "the pod's QOS, the CSV's group column\n"},
    {"apply", 0, "SCENARIO", NULL, "a scenario file of yours", 0, CC_FILE,
     "write the measured utilization.measured_pct,\n"
     "measurement_weeks (and active_pct, with activity)\n"
     "into SCENARIO, keeping its layout, with a comment that\n"
     "says from which files and window; its nodes x\n"
     "gpus_per_node is the GPU count when nothing else says\n"},
    {"strict", 0, NULL, NULL, NULL, 0, CC_NONE,
     "refuse the records when any line is malformed (exit\n"
     "65); nothing is measured or written\n"},
    OPT_END};

const CliCommand cli_commands[] = {
    {"", "[FILE]", 0, 1, "a FILE", CC_SCENARIO,
     "the planner; no FILE = built-in default",
     "The interactive planner on FILE (a path or a shipped scenario name) or,\n"
     "without FILE, on the built-in default scenario.\n",
     NULL, planner_opts, cli_cmd_planner},
    {"report", "FILE", 1, 1, SCENARIO_NEEDS("diagflow"), CC_SCENARIO,
     "the verdict, options, breakdown, crossovers, advice, charts",
     "The report of FILE: the verdict, the options, the monthly breakdown,\n"
     "crossovers, zone, advice, the hybrid plan when there is one, the inputs.\n",
     "gpuplan report --format html -o diagflow.html diagflow", report_opts,
     cli_cmd_report},
    {"risk", "FILE", 1, 1, SCENARIO_NEEDS("diagflow-risk"), CC_SCENARIO,
     "tornado and Monte Carlo of the decision",
     "How sure the decision is: the tornado (each input at its low and high\n"
     "value) and the Monte Carlo of the scenario's uncertainty section.\n",
     NULL, risk_opts, cli_cmd_risk},
    {"seek", "FILE", 1, 1, SCENARIO_NEEDS("diagflow"), CC_SCENARIO,
     "the value of KEY where owning costs what OPTION costs",
     "The value of KEY at which on-prem and OPTION (on_demand, reserved, spot)\n"
     "cost the same at the measured utilization; the first line is KEY = VALUE.\n",
     "gpuplan seek --vary hardware.node_price --target onprem=spot default",
     seek_opts, cli_cmd_seek},
    {"check", "FILE...", 1, CLI_MANY, "at least one FILE", CC_SCENARIO,
     "validate; each problem as FILE:LINE:COL: message",
     "Validate scenario files; print each problem as FILE:LINE:COL: message.\n",
     NULL, NULL, cli_cmd_check},
    {"new", "FILE", 1, 1, "the FILE to write", CC_FILE,
     "write the default (or a shipped scenario) to FILE",
     "Write the built-in default (or the shipped scenario NAME) to FILE, a new file.\n",
     NULL, new_opts, cli_cmd_new},
    {"list", "", 0, 0, "", CC_NONE, "the shipped scenarios",
     "The shipped scenarios, with their names and first lines.\n", NULL, NULL,
     cli_cmd_list},
    {"sweep", "FILE", 1, 1, SCENARIO_NEEDS("diagflow"), CC_SCENARIO,
     "one CSV or JSON row per combination of the varied fields",
     "Every combination of the varied numeric fields (both ends included; the\n"
     "first --vary changes slowest): each option's monthly cost and cost per\n"
     "useful GPU-hour, the cheapest, the zone, delta (on-prem less the cheapest\n"
     "cloud option) and each cloud option's first crossover.\n",
     "gpuplan sweep --vary utilization.measured_pct=10:90:10 default",
     sweep_opts, cli_cmd_sweep},
    {"prices", "", 0, 0, "", CC_NONE, "the price book",
     "The price book: instances, regions, prices, their dates and sources.\n",
     NULL, NULL, cli_cmd_prices},
    {"import", "ROUTING.json", 1, 1, "the routing JSON file to read", CC_FILE,
     "a routing file as a scenario with a hybrid plan",
     "A routing file as a scenario with a hybrid plan (placeholders to fill in).\n",
     NULL, import_opts, cli_cmd_import},
    {"measure", "FILE...", 1, CLI_MANY,
     "a FILE of job records (sacct --parsable2, a pod list, a job CSV)",
     CC_FILE, "utilization.measured_pct from the scheduler's job records",
     "The share of the GPU-hours that jobs held, from the scheduler's records\n"
     "(sacct --parsable2 output, a Kubernetes pod list, a CSV of\n"
     "submit,start,end,gpus[,group]; - is standard input), beside GPU activity\n"
     "samples (value,timestamp,id) when given; the first line is\n"
     "utilization.measured_pct = X. Then the window, the jobs read and skipped,\n"
     "the GPUs held hour by hour, the week by hour and the groups. Malformed\n"
     "lines are reported (the first 20) and skipped.\n",
     "gpuplan measure --gpus 64 --from 2024-03-01 --to 2024-04-01 sacct.txt",
     measure_opts, cli_cmd_measure},
    {"diff", "A B", 2, 2, "two scenarios, A and B (paths or shipped names)",
     CC_SCENARIO, "what differs from A to B, and what it moves",
     "Every input that differs from scenario A to scenario B (old -> new, in\n"
     "the order of the file; workloads and uncertain inputs matched by name),\n"
     "every result that moves (each option's monthly cost and cost per useful\n"
     "GPU-hour, the cheapest, the zone, the crossovers, the horizon, the hybrid\n"
     "plan's totals) and the verdict of each.\n",
     "gpuplan diff dgx-h100-4 dgx-b200-2", diff_opts, cli_cmd_diff},
    {"compare", "A B [C [D]]", 2, 4,
     "two to four scenarios, A B [C [D]] (paths or shipped names)", CC_SCENARIO,
     "two to four scenarios side by side, the cheapest marked",
     "Two to four scenarios for the same demand side by side: each option's\n"
     "monthly cost and cost per useful GPU-hour, the crossovers, the NPVs and\n"
     "break-even months, the cheapest of all marked, what keeps figures from\n"
     "comparing, and one chart of every scenario's curves.\n",
     "gpuplan compare --format html -o options.html dgx-h100-4 dgx-b200-2",
     compare_opts, cli_cmd_compare},
    {"help", "[COMMAND]", 0, 1, "", CC_COMMAND,
     "the usage, or one command's options",
     "This help, or one command's.\n", NULL, NULL, cli_cmd_help},
};

const size_t cli_command_count = sizeof cli_commands / sizeof cli_commands[0];

const CliCommand *cli_command_find(const char *name)
{
    for (size_t i = 0; i < cli_command_count; i++)
        if (strcmp(cli_commands[i].name, name) == 0)
            return &cli_commands[i];
    return NULL;
}

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
