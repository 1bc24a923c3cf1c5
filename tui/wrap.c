/* wrap.c: word-wrapped text in a window; see wrap.h. */
#include "config.h"

#include "wrap.h"

#include <limits.h>
#include <string.h>

#include "term.h"
#include "utf8.h"

int wrap_draw(WINDOW *w, int y0, int h, int wd, const char *text)
{
    const char *p = text;
    const char *ell = term_ellipsis();
    int y = y0;
    if (wd <= 0)
        return y;
    for (; y < h; y++) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        /* The last row of text that goes on keeps room for the mark. */
        bool more = p[utf8_head_bytes(p, wd)] != '\0';
        int room = y == h - 1 && more ? wd - utf8_width(ell) : wd;
        if (room < 1)
            room = wd;
        size_t take = more ? utf8_wrap_line(p, room) : strlen(p);
        if (w) {
            mvwaddnstr(w, y, 0, p, (int)take);
            if (room < wd)
                waddstr(w, ell);
        }
        p += take;
    }
    return y;
}

int wrap_rows(int wd, const char *text) { return wrap_draw(NULL, 0, INT_MAX, wd, text); }
