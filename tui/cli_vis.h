/* cli_vis.h: the command line's texts with their control characters shown
 * visibly (DESIGN 7). */
#ifndef GPUPLAN_CLI_VIS_H
#define GPUPLAN_CLI_VIS_H

#include <stdbool.h>

/* s with its control characters shown visibly (DESIGN 7): every text from an
 * argument, a file or the price book goes through here before it reaches
 * the terminal. With `lines`, line breaks and tabs stay. The result lives
 * in one of eight rotating buffers, so one call may use up to eight. */
const char *vis_text(const char *s, bool lines);
/* vis_text(s, false). */
const char *vis(const char *s);

#endif
