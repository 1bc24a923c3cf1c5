/* cli.h: gpuplan's command line (DESIGN 3). */
#ifndef GPUPLAN_CLI_H
#define GPUPLAN_CLI_H

/* Run gpuplan with argv; returns the process exit status (sysexits). */
int cli_main(int argc, char **argv);

#endif
