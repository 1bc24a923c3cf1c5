/* cli_vis.c: the command line's texts shown visibly (DESIGN 7): every text
 * from an argument, a file or the price book has its control characters
 * escaped before it reaches the terminal. Below every other file of the
 * command line, the option parser included. */
#include "config.h"

#include "cli_vis.h"

#include <stdbool.h>
#include <string.h>

#include "strbuf.h"
#include "text_rules.h"

const char *vis_text(const char *s, bool lines)
{
    /* Eight rotating buffers, each grown to the text it holds: a long
     * argument is shown whole, never cut. */
    static char *buf[8];
    static size_t cap[8];
    static unsigned k;
    unsigned slot = k++ % 8;
    if (!s)
        return "";
    size_t len = strlen(s), need = text_visible(s, len, lines, NULL, 0) + 1;
    if (cap[slot] < need) {
        buf[slot] = xrealloc(buf[slot], need);
        cap[slot] = need;
    }
    text_visible(s, len, lines, buf[slot], need);
    return buf[slot];
}

const char *vis(const char *s) { return vis_text(s, false); }
