/* completion_keys.c: prints the part of the bash completion that comes from
 * the program's tables (a build tool, not installed).
 *
 * The field keys come from the field registry: every key --set takes (the
 * registry's, then the hybrid plan's scalars) and the numeric ones --vary
 * takes. The commands, their options and what each option's value and
 * each command's operands are come from the command table (cli_table.c),
 * as shell functions the script's body calls. The build writes this output
 * into the script (gpuplan.bash.in, at its @TABLE@ line), so the script
 * never drifts from the registry or the parser. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli_opts.h"
#include "fields.h"

/* The keys on one line, separated by blanks. */
static void print_keys(bool vary)
{
    const char *sep = "";
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->scope != FS_SCENARIO ||
            (vary && (f->type == FT_TEXT || f->type == FT_BOOL)))
            continue;
        printf("%s%s", sep, f->key);
        sep = " ";
    }
    if (!vary) /* the plan's scalars; a workload's keys need its index */
        for (size_t i = 0; i < field_count; i++)
            if (field_table[i].scope == FS_HYBRID && !field_table[i].list)
                printf(" %s", field_table[i].key);
}

/* The word the script's _gpuplan_offer takes for kind k. */
static const char *kind_word(CliComplete k)
{
    switch (k) {
    case CC_NONE:
        return "none";
    case CC_CHOICES:
        return "choices";
    case CC_FILE:
        return "file";
    case CC_SCENARIO:
        return "scenario";
    case CC_SHIPPED:
        return "shipped";
    case CC_SET_KEY:
        return "set-key";
    case CC_VARY_KEY:
        return "vary-key";
    case CC_NUM_KEY:
        return "num-key";
    case CC_TARGET:
        return "target";
    case CC_COMMAND:
        return "command";
    }
    return "none";
}

/* "report --format" | "report -f") echo "choices text md html json csv" ;; */
static void print_values(const CliCommand *c)
{
    for (const CliOption *o = c->options; o && o->name; o++) {
        if (!o->arg)
            continue;
        printf("    \"%s --%s\"", c->name, o->name);
        if (o->short_name)
            printf(" | \"%s -%c\"", c->name, o->short_name);
        printf(") echo \"%s", kind_word(o->complete));
        for (const char *p = o->choices; p && *p; p++)
            printf("%s%c", p == o->choices ? " " : "", *p == '|' ? ' ' : *p);
        printf("\" ;;\n");
    }
}

static void print_table(void)
{
    printf("_gpuplan_set_keys='");
    print_keys(false);
    printf("'\n_gpuplan_vary_keys='");
    print_keys(true);
    printf("'\n_gpuplan_commands='");
    for (size_t i = 1; i < cli_command_count; i++)
        printf("%s%s", i > 1 ? " " : "", cli_commands[i].name);
    printf("'\n\n# _gpuplan_options CMD: every spelling of CMD's options (\"\": "
           "the planner's).\n_gpuplan_options() {\n    case $1 in\n");
    for (size_t i = 0; i < cli_command_count; i++) {
        const CliCommand *c = &cli_commands[i];
        printf("    \"%s\") echo \"", c->name);
        for (const CliOption *o = c->options; o && o->name; o++) {
            printf("--%s ", o->name);
            if (o->short_name)
                printf("-%c ", o->short_name);
        }
        printf("%s\" ;;\n", c->name[0] ? "--help -h" : "--help -h --version -V");
    }
    printf("    esac\n}\n\n# _gpuplan_value CMD OPTION: what OPTION's value is "
           "(nothing: no value).\n_gpuplan_value() {\n    case \"$1 $2\" in\n");
    for (size_t i = 0; i < cli_command_count; i++)
        print_values(&cli_commands[i]);
    printf("    esac\n}\n\n# _gpuplan_operand CMD: what CMD's operands are.\n"
           "_gpuplan_operand() {\n    case $1 in\n");
    for (size_t i = 0; i < cli_command_count; i++)
        printf("    \"%s\") echo %s ;;\n", cli_commands[i].name,
               kind_word(cli_commands[i].max_operands ?
                         cli_commands[i].operand_complete : CC_NONE));
    printf("    esac\n}\n");
}

int main(int argc, char **argv)
{
    if (argc == 2 && (strcmp(argv[1], "set") == 0 || strcmp(argv[1], "vary") == 0)) {
        print_keys(strcmp(argv[1], "vary") == 0);
        printf("\n");
    } else if (argc == 1) {
        print_table();
    } else {
        fprintf(stderr, "usage: completion_keys [set|vary]\n");
        return 64;
    }
    return ferror(stdout) ? 74 : 0;
}
