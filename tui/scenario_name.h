/* scenario_name.h: the shipped scenarios' folder and what a FILE argument
 * names (DESIGN 3), for the command line and the planner alike. */
#ifndef GPUPLAN_SCENARIO_NAME_H
#define GPUPLAN_SCENARIO_NAME_H

#include <stddef.h>

/* The directory of the shipped scenarios: the source tree's scenarios/ when
 * this binary runs from the build tree, $(pkgdatadir)/scenarios once
 * installed. GPUPLAN_SCENARIO_DIR in the environment overrides both. */
const char *cli_scenario_dir(void);

/* Resolve a FILE argument: an existing path is returned as is; a bare name
 * (no '/') that is not a file names a shipped scenario (NAME or NAME.yaml in
 * cli_scenario_dir()). Returns the path, whole whatever its length, in
 * memory the caller frees. */
char *cli_resolve_scenario(const char *arg);

/* The files of the shipped scenarios ("diagflow.yaml"), sorted, every one
 * there is: *names gets *n of them in memory the caller frees with
 * cli_names_free. Returns 0, or the errno of a directory that does not
 * open (then *n is 0). */
int cli_shipped_files(char ***names, size_t *n);
void cli_names_free(char **names, size_t n);

#endif
