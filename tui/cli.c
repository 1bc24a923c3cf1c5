/* cli.c: gpuplan's command line (SPEC 3). */
#include "config.h"

#include "cli.h"

#include <stdio.h>

int cli_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "gpuplan: command line under construction\n");
    return 64;
}
