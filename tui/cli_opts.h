/* cli_opts.h: the command line's one option parser (DESIGN 3).
 *
 * Every command is one row of cli_commands[] (cli_table.c): its name, its
 * operands, its options (long name, short name, argument, help) and its
 * handler. From that one table come the parsing of every command's
 * arguments, `gpuplan help COMMAND`, the usage lines of `gpuplan --help`,
 * the bash completion (tui/completion/) and the man-page check, so a new
 * command is one table row and its handler. */
#ifndef GPUPLAN_CLI_OPTS_H
#define GPUPLAN_CLI_OPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "strbuf.h"

/* What the bash completion offers for an option's value or an operand. */
typedef enum CliComplete {
    CC_NONE,     /* nothing (a number, a free text) */
    CC_CHOICES,  /* the option's choices */
    CC_FILE,     /* any file or directory */
    CC_SCENARIO, /* scenario files and the shipped scenarios' names */
    CC_SHIPPED,  /* the shipped scenarios' names */
    CC_SET_KEY,  /* a field key followed by '=' (--set) */
    CC_VARY_KEY, /* a numeric field key followed by '=' (sweep --vary) */
    CC_NUM_KEY,  /* a numeric field key alone (seek --vary) */
    CC_TARGET,   /* onprem=OPTION */
    CC_COMMAND   /* a command's name */
} CliComplete;

enum {
    CLI_REPEAT = 1u << 0,     /* may be given more than once */
    CLI_REQUIRED = 1u << 1,   /* the command needs it */
    CLI_SHOW_SHORT = 1u << 2, /* the usage line spells it short (-o OUT) */
    CLI_MANY = 1000000        /* max_operands: no limit */
};

typedef struct CliOption {
    const char *name;    /* long name without "--"; NULL ends a list */
    char short_name;     /* 'o' for -o, or 0 */
    const char *arg;     /* the argument's name ("OUT"), NULL for a flag */
    const char *choices; /* "text|md|json", shown for the argument, or NULL */
    const char *needs;   /* "a file name": said when the value is missing */
    unsigned flags;      /* CLI_REPEAT, CLI_REQUIRED, CLI_SHOW_SHORT */
    CliComplete complete;
    const char *help; /* for `gpuplan help COMMAND`; lines end in '\n' */
} CliOption;

typedef struct CliArgs CliArgs;

typedef struct CliCommand {
    const char *name;     /* "" for the planner (no command word) */
    const char *operands; /* "FILE", "FILE...", "[COMMAND]" or "" */
    unsigned min_operands, max_operands;
    const char *operand_needs; /* "a FILE (a path or ...)" when missing */
    CliComplete operand_complete;
    const char *summary; /* one line for the overview */
    const char *text;    /* what `gpuplan help COMMAND` says; lines end '\n' */
    const char *example; /* a whole command line, or NULL */
    const CliOption *options;
    int (*run)(const CliArgs *a);
} CliCommand;

/* One option as given on the command line. */
typedef struct CliGiven {
    const CliOption *opt;
    char *value;         /* NULL for a flag; points into argv */
    bool as_short;       /* spelled -o, not --output */
} CliGiven;

struct CliArgs {
    const CliCommand *cmd;
    CliGiven *given; /* in command-line order */
    size_t ngiven;
    char **operands;
    size_t noperands;
    bool help; /* --help or -h was given */
};

/* The commands (cli_table.c), the planner's first. */
extern const CliCommand cli_commands[];
extern const size_t cli_command_count;

/* The row of command name ("" is the planner), or NULL (cli_table.c). */
const CliCommand *cli_command_find(const char *name);

/* Parse argv[0..argc) (the words after the command's name) for command c
 * into *a: options in any order and before or after the operands; --NAME
 * VALUE, --NAME=VALUE, -X VALUE, -XVALUE; "--" ends the options; --help and
 * -h set a->help and stop there. Returns 0, or EXIT_USAGE with the reason in
 * *d (an unknown option with the nearest one, a missing value, an option
 * given twice that takes one value, a missing or extra operand). *a owns
 * its arrays, not the strings: free it with cli_args_free in every case. */
int cli_parse(const CliCommand *c, int argc, char **argv, CliArgs *a, Diag *d);
void cli_args_free(CliArgs *a);

/* The value of option name (the last one given), or NULL when it was not
 * given. Aborts when c declares no such option: a handler asking for an
 * undeclared option is a programming error the unit test catches. */
char *cli_value(const CliArgs *a, const char *name);
/* True when the option (a flag or not) was given. */
bool cli_given(const CliArgs *a, const char *name);
/* How often the option was given, and its k-th value (0-based, in order). */
size_t cli_count(const CliArgs *a, const char *name);
char *cli_nth(const CliArgs *a, const char *name, size_t k);

/* Append c's usage (after "gpuplan "), wrapped at width columns with the
 * continuation lines indented by indent; no final newline. */
void cli_usage(const CliCommand *c, size_t indent, size_t width, StrBuf *b);
/* Append `gpuplan help COMMAND`'s text for c: usage, text, options. */
void cli_help_text(const CliCommand *c, StrBuf *b);
/* Append "-o, --output" (every spelling of o, short first). */
void cli_spellings(const CliOption *o, StrBuf *b);

/* Print "gpuplan: " + d's message with its controls escaped, then "Try
 * 'gpuplan help CMD'." (or --help for the planner); returns d->status. */
int cli_report_usage(const CliCommand *c, const Diag *d);

#endif
