/* cli.h: gpuplan's command line (DESIGN 3). */
#ifndef GPUPLAN_CLI_H
#define GPUPLAN_CLI_H

#include <stddef.h>

/* Run gpuplan with argv; returns the process exit status (sysexits). */
int cli_main(int argc, char **argv);

/* The directory of the shipped scenarios: the source tree's scenarios/ when
 * this binary runs from the build tree, $(pkgdatadir)/scenarios once
 * installed. GPUPLAN_SCENARIO_DIR in the environment overrides both. */
const char *cli_scenario_dir(void);

/* Resolve a FILE argument: an existing path is returned as is; a bare name
 * (no '/') that is not a file names a shipped scenario (NAME or NAME.yaml in
 * cli_scenario_dir()). Writes the path to buf and returns buf. */
const char *cli_resolve_scenario(const char *arg, char *buf, size_t n);

#endif
