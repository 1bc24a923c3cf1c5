/* canvas.c: a character grid with a style per cell, no curses (canvas.h).
 *
 * The chart renderer draws here; the reports and the tests read it back as
 * text, the planner copies it cell by cell into a window. */
#include "config.h"

#include "canvas.h"

#include <stdlib.h>
#include <string.h>

/* Allocate a blank width x height canvas; negative sizes count as 0. */
void canvas_init(Canvas *c, int width, int height)
{
    if (width < 0)
        width = 0;
    if (height < 0)
        height = 0;
    c->width = width;
    c->height = height;
    size_t n = (size_t)width * (size_t)height;
    c->ch = xmalloc(n);
    c->style = xmalloc(n);
    canvas_clear(c);
}

/* Release the cells; c may be reused with canvas_init afterwards. */
void canvas_free(Canvas *c)
{
    free(c->ch);
    free(c->style);
    c->ch = NULL;
    c->style = NULL;
    c->width = c->height = 0;
}

/* Blank every cell (space, CS_PLAIN). */
void canvas_clear(Canvas *c)
{
    size_t n = (size_t)c->width * (size_t)c->height;
    if (n == 0)
        return;
    memset(c->ch, ' ', n);
    memset(c->style, CS_PLAIN, n);
}

static int canvas_inside(const Canvas *c, int x, int y)
{
    return x >= 0 && y >= 0 && x < c->width && y < c->height;
}

/* Set one cell; coordinates outside the grid are ignored. A character
 * outside printable ASCII is stored as '?' so the text stays plain. */
void canvas_put(Canvas *c, int x, int y, char ch, CanvasStyle st)
{
    if (!canvas_inside(c, x, y))
        return;
    if ((unsigned char)ch < 0x20 || (unsigned char)ch > 0x7e)
        ch = '?';
    size_t i = (size_t)y * (size_t)c->width + (size_t)x;
    c->ch[i] = ch;
    c->style[i] = (unsigned char)st;
}

/* Write s left to right from (x, y); the part outside the grid is clipped. */
void canvas_text(Canvas *c, int x, int y, const char *s, CanvasStyle st)
{
    if (!s)
        return;
    for (; *s; s++, x++) {
        if (x >= c->width)
            break;
        canvas_put(c, x, y, *s, st);
    }
}

/* The character at (x, y); ' ' outside the grid. */
char canvas_get(const Canvas *c, int x, int y)
{
    if (!canvas_inside(c, x, y))
        return ' ';
    return c->ch[(size_t)y * (size_t)c->width + (size_t)x];
}

/* The style at (x, y); CS_PLAIN outside the grid. */
CanvasStyle canvas_style(const Canvas *c, int x, int y)
{
    if (!canvas_inside(c, x, y))
        return CS_PLAIN;
    return (CanvasStyle)c->style[(size_t)y * (size_t)c->width + (size_t)x];
}

/* Append every row, trailing blanks trimmed, rows joined by '\n' (no newline
 * after the last row). A 0-height canvas appends nothing. */
void canvas_to_text(const Canvas *c, StrBuf *b)
{
    for (int y = 0; y < c->height; y++) {
        const char *row = c->ch + (size_t)y * (size_t)c->width;
        size_t len = (size_t)c->width;
        while (len > 0 && row[len - 1] == ' ')
            len--;
        if (y > 0)
            sb_append(b, "\n");
        sb_append_n(b, row, len);
    }
}
