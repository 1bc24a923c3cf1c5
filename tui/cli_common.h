/* cli_common.h: what the command line's files share (DESIGN 3): the error
 * and option helpers of cli.c, and the file commands of cli_files.c. Every
 * function prints its own error to stderr and returns a sysexits status
 * (0 = fine). */
#ifndef GPUPLAN_CLI_COMMON_H
#define GPUPLAN_CLI_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "scenario.h"
#include "strbuf.h"

/* s with its control characters shown visibly (DESIGN 7): every text from an
 * argument, a file or the price book goes through here before it reaches
 * the terminal. With `lines`, line breaks and tabs stay. The result lives
 * in one of eight rotating buffers, so one call may use up to eight. */
const char *vis_text(const char *s, bool lines);
/* vis_text(s, false). */
const char *vis(const char *s);

/* "gpuplan: FILE:LINE:COL: message" on stderr. */
void print_diag(const Diag *d);

/* "gpuplan: " + the printf-style message, then the --help hint; returns
 * EXIT_USAGE. */
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define MAX_SETS 256 /* --set options at most */

/* Collect one --set KEY=VALUE (its value v may be NULL when missing). */
int add_set(char **sets, size_t *nsets, const char *opt, const char *v);

/* Apply --set KEY=VALUE overrides to *s, validated like the file; *s is
 * changed only when all of them apply. */
int apply_sets(Scenario *s, char **sets, size_t nsets);

/* Load FILE (path or shipped name) into *s; prints the error. */
int load_arg(const char *arg, Scenario *s);

/* After FILE arg could not be opened: when it is a bare name that may
 * have meant a shipped scenario, print the nearest shipped name ("did you
 * mean diagflow?") or, for a name without an extension, where the names
 * are. Prints nothing for a path. */
void cli_suggest_shipped(const char *arg);

/* Write b to out (atomically) or, out NULL, to stdout. */
int write_output(const StrBuf *b, const char *out);

/* True when argv[*i] (a) is option `name`, as "NAME VALUE" (then *i moves
 * past the value; *val NULL when it is missing) or "NAME=VALUE". */
bool is_opt(const char *a, const char *name, int argc, int *i, char **argv,
            const char **val);

/* At most this many --set options a command. */
#define MAX_SETS 256

/* Collect one --set KEY=VALUE (its value v may be NULL when missing). */
int add_set(char **sets, size_t *nsets, const char *opt, const char *v);

/* Apply the --set KEY=VALUE overrides to *s, validated like the file
 * (fields, the hybrid plan's and the uncertainty section's keys, then the
 * rules between fields); on any error *s is unchanged. */
int apply_sets(Scenario *s, char **sets, size_t nsets);

/* The report date, YYYY-MM-DD in UTC; SOURCE_DATE_EPOCH makes it
 * reproducible. */
int cli_report_date(char *buf, size_t n);

/* The one FILE argument of command cmd; an unknown option or a second FILE
 * is a usage error. */
int take_file(const char *cmd, const char *a, const char **file);

/* The file commands, given the arguments after their name. */
int cli_cmd_prices(int argc, char **argv);
int cli_cmd_check(int argc, char **argv);
int cli_cmd_new(int argc, char **argv);
int cli_cmd_import(int argc, char **argv);
int cli_cmd_list(int argc, char **argv);

/* The risk commands of cli_risk.c. */
int cli_cmd_risk(int argc, char **argv);
int cli_cmd_seek(int argc, char **argv);
/* gpuplan sweep (cli_sweep.c). */
int cli_cmd_sweep(int argc, char **argv);

/* The usage summary on stdout (gpuplan --help); cli_help.c. */
void cli_print_help(void);

/* gpuplan help [COMMAND]: the summary, or one command's usage and text;
 * an unknown COMMAND is a usage error that lists the commands. */
int cli_cmd_help(int argc, char **argv);

#endif
