/* main.c: gpuplan's entry point: locale set-up, then the command line. */
#include "config.h"

#include <locale.h>

#include "cli.h"

int main(int argc, char **argv)
{
    /* ncursesw needs the user's character set; numbers are always read and
     * written with '.' (DESIGN 7). */
    setlocale(LC_ALL, "");
    setlocale(LC_NUMERIC, "C");
    return cli_main(argc, argv);
}
