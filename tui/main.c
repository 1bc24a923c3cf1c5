/* main.c: gpuplan's entry point: locale set-up, then the command line. */
#include "config.h"

#include <locale.h>

#include "cli.h"
#include "fatal_signals.h"

int main(int argc, char **argv)
{
    /* ncursesw needs the user's character set; numbers are always read and
     * written with '.' (DESIGN 7). */
    setlocale(LC_ALL, "");
    setlocale(LC_NUMERIC, "C");
    /* A write past `ulimit -f` fails with EFBIG and is reported, rather
     * than killing gpuplan with a half-written file (DESIGN 7). */
    fatal_signals_ignore_xfsz();
    return cli_main(argc, argv);
}
