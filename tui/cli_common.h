/* cli_common.h: what the command line's files share (DESIGN 3): the error
 * and option helpers of cli_common.c, and the command handlers. Every
 * function prints its own error to stderr and returns a sysexits status
 * (0 = fine). */
#ifndef GPUPLAN_CLI_COMMON_H
#define GPUPLAN_CLI_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "cli_opts.h"
#include "cli_vis.h"
#include "diag.h"
#include "scenario.h"
#include "strbuf.h"

/* d as "FILE:LINE:COL: path: message", whole, in a malloc'ed string the
 * caller frees. */
char *diag_text(const Diag *d);

/* "gpuplan: FILE:LINE:COL: message" on stderr. */
void print_diag(const Diag *d);

/* The malformed lines of job records (gpuplan measure, a replayed trace):
 * the first JOB_PROBLEMS_MAX with file:line:column, then how many more. */
struct JobReadStats;
void cli_print_job_problems(const struct JobReadStats *st);

/* "gpuplan: " + the printf-style message, then the --help hint; returns
 * EXIT_USAGE. */
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Load FILE (path or shipped name) into *s; prints the error. */
int load_arg(const char *arg, Scenario *s);

/* After FILE arg could not be opened: when it is a bare name that may
 * have meant a shipped scenario, print the nearest shipped name ("did you
 * mean diagflow?") or, for a name without an extension, where the names
 * are. Prints nothing for a path. */
void cli_suggest_shipped(const char *arg);

/* Write b to out (atomically) or, out NULL, to stdout. */
int write_output(const StrBuf *b, const char *out);

/* Apply the command's --set KEY=VALUE overrides to *s, validated like the
 * file (fields, the hybrid plan's and the uncertainty section's keys, then
 * the rules between fields); on any error *s is unchanged. */
int apply_sets(Scenario *s, const CliArgs *a);

/* The report date, YYYY-MM-DD in UTC; SOURCE_DATE_EPOCH makes it
 * reproducible. */
int cli_report_date(char *buf, size_t n);

/* The command handlers (cli_table.c lists them): each takes the parsed
 * arguments and returns a sysexits status, its errors said on stderr. */
int cli_cmd_planner(const CliArgs *a);
int cli_cmd_report(const CliArgs *a);
/* The file commands of cli_files.c. */
int cli_cmd_prices(const CliArgs *a);
int cli_cmd_check(const CliArgs *a);
int cli_cmd_new(const CliArgs *a);
int cli_cmd_import(const CliArgs *a);
int cli_cmd_list(const CliArgs *a);
/* `gpuplan measure` (cli_measure.c). */
int cli_cmd_measure(const CliArgs *a);
/* The risk commands of cli_risk.c. */
int cli_cmd_risk(const CliArgs *a);
int cli_cmd_seek(const CliArgs *a);
/* gpuplan diff and gpuplan compare (cli_compare.c). */
int cli_cmd_diff(const CliArgs *a);
int cli_cmd_compare(const CliArgs *a);
/* gpuplan sweep (cli_sweep.c). */
int cli_cmd_sweep(const CliArgs *a);
/* gpuplan help [COMMAND] (cli_table.c): the summary, or one command's usage
 * and text; an unknown COMMAND is a usage error that lists the commands. */
int cli_cmd_help(const CliArgs *a);

/* The usage summary on stdout (gpuplan --help); cli_table.c. */
void cli_print_help(void);

#endif
