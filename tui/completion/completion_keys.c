/* completion_keys.c: prints the field keys the bash completion offers
 * (a build tool, not installed).
 *
 * `completion_keys set` prints every key --set takes (the registry's, then
 * the hybrid plan's scalars); `completion_keys vary` the numeric ones
 * --vary takes. One line, keys separated by blanks, so that the build
 * writes them into the completion script and the script never drifts from
 * the registry. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fields.h"

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "set") != 0 && strcmp(argv[1], "vary") != 0)) {
        fprintf(stderr, "usage: completion_keys set|vary\n");
        return 64;
    }
    bool vary = strcmp(argv[1], "vary") == 0;
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
    printf("\n");
    return ferror(stdout) ? 74 : 0;
}
