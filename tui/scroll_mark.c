/* scroll_mark.c: the more-above and more-below marks and the position of
 * a list that does not fit; see scroll_mark.h. */
#include "config.h"

#include "scroll_mark.h"

#include <stdio.h>

#include "term.h"

/* Arrows where the charts may use them (term_braille: a UTF-8 locale on a
 * terminal that is not of the vt100 family). */
const char *scroll_mark_up(void) { return term_braille() ? "\u2191" : "^"; }

const char *scroll_mark_down(void) { return term_braille() ? "\u2193" : "v"; }

bool scroll_marks_draw(WINDOW *w, int y_first, int y_last, int x, size_t top,
                       size_t shown, size_t lines, int attr)
{
    bool above = top > 0, below = top + shown < lines;
    if (!above && !below)
        return false;
    wattrset(w, attr);
    if (above)
        mvwaddstr(w, y_first, x, scroll_mark_up());
    if (below)
        mvwaddstr(w, y_last, x, scroll_mark_down());
    wattrset(w, term_attr(TS_NORMAL));
    return true;
}

char *scroll_position(char *buf, size_t n, size_t sel, size_t count)
{
    snprintf(buf, n, "%zu/%zu", sel + 1 < count ? sel + 1 : count, count);
    return buf;
}
