/* commands.h: the `:` command line (DESIGN 8) as a table: name, usage, help
 * and handler. The help screen and Tab completion read the table, so a
 * command added there is documented and completed everywhere. */
#ifndef GPUPLAN_COMMANDS_H
#define GPUPLAN_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>

#include "planner.h"

/* What a command's argument is, for Tab completion. */
typedef enum CommandArgs {
    CA_NONE,  /* nothing to complete */
    CA_KEY    /* a field key (set, goto) */
} CommandArgs;

typedef struct Command {
    const char *name;  /* what is typed */
    const char *alias; /* another name for it, or NULL */
    const char *usage; /* for the help screen: "w[!] [FILE]" */
    const char *help;  /* one line */
    bool bang;         /* also accepted as NAME! (forces it) */
    CommandArgs args;
    /* Run it: `typed` is the command word as typed (with its '!'), arg the
     * rest of the line, trimmed (the handler may modify it). */
    Reaction (*run)(App *a, const char *typed, bool bang, char *arg);
} Command;

extern const Command command_table[];
extern const size_t command_count;

/* Open the `:` line. */
Reaction commands_open(App *a);

/* One key while the `:` line is open: Tab completes (command names, then
 * field keys after set and goto), Backspace on an empty line closes it,
 * Enter runs the line, the rest edits it. */
Reaction commands_key(App *a, int key);

/* Run one command line (without the ':'). */
Reaction commands_run(App *a, char *line);

/* The help screen: the normal mode's keys, then the commands. */
Reaction commands_show_help(App *a);

/* Self-check of the table: 0, or EXIT_DATAERR with *d saying what is
 * wrong when a name is there twice or a command has no usage, help or
 * handler. */
int commands_table_check(Diag *d);

#endif
