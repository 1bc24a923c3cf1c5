/* cli_planner.c: `gpuplan [FILE]` (DESIGN 3): the interactive planner's
 * launch from the command line, once the terminal is known to serve. The
 * command table names it; the planner (app.c) is below it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "app.h"
#include "cli_common.h"
#include "diag.h"
#include "scenario_name.h"
#include "term.h"

int cli_cmd_planner(const CliArgs *a)
{
    const char *file = a->noperands ? a->operands[0] : NULL;
    /* No terminal, an unknown or a dumb TERM: the hint names the user's
     * FILE. */
    Diag td;
    if (term_check(file ? file : "default", &td) != 0) {
        char m[DIAG_TEXT_MAX];
        diag_format(&td, m, sizeof m);
        fprintf(stderr, "gpuplan: %s\n", m);
        return td.status;
    }
    char *path = file ? cli_resolve_scenario(file) : NULL;
    int rc = app_run(path, cli_given(a, "no-color"));
    free(path);
    return rc;
}
