/* canvas.c: a grid of cells with a style per cell, no curses (canvas.h).
 *
 * The chart renderer draws here; the reports and the tests read it back as
 * text, the planner copies it cell by cell into a window. */
#include "config.h"

#include "canvas.h"

#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* Allocate a blank width x height canvas; negative sizes count as 0. */
void canvas_init(Canvas *c, int width, int height)
{
    if (width < 0)
        width = 0;
    if (height < 0)
        height = 0;
    c->width = width;
    c->height = height;
    c->unicode = false;
    size_t n = (size_t)width * (size_t)height;
    c->cp = xmalloc(n * sizeof *c->cp);
    c->style = xmalloc(n);
    canvas_clear(c);
}

/* Release the cells; c may be reused with canvas_init afterwards. */
void canvas_free(Canvas *c)
{
    free(c->cp);
    free(c->style);
    c->cp = NULL;
    c->style = NULL;
    c->width = c->height = 0;
}

/* Blank every cell (space, CS_PLAIN). */
void canvas_clear(Canvas *c)
{
    size_t n = (size_t)c->width * (size_t)c->height;
    for (size_t i = 0; i < n; i++)
        c->cp[i] = ' ';
    if (n > 0)
        memset(c->style, CS_PLAIN, n);
}

size_t canvas_bytes(const Canvas *c)
{
    return (size_t)c->width * (size_t)c->height * (sizeof *c->cp + 1);
}

static int canvas_inside(const Canvas *c, int x, int y)
{
    return x >= 0 && y >= 0 && x < c->width && y < c->height;
}

static size_t canvas_at(const Canvas *c, int x, int y)
{
    return (size_t)y * (size_t)c->width + (size_t)x;
}

static bool is_braille(uint32_t cp)
{
    return cp >= CANVAS_BRAILLE && cp <= CANVAS_BRAILLE + 0xff;
}

/* Whether cp may be stored on c as it is. */
static bool canvas_allowed(const Canvas *c, uint32_t cp)
{
    if ((cp >= 0x20 && cp <= 0x7e) || cp == CANVAS_MINUS)
        return true;
    return c->unicode && (is_braille(cp) || cp == CANVAS_UP || cp == CANVAS_DOWN);
}

void canvas_put_cp(Canvas *c, int x, int y, uint32_t cp, CanvasStyle st)
{
    if (!canvas_inside(c, x, y))
        return;
    size_t i = canvas_at(c, x, y);
    c->cp[i] = canvas_allowed(c, cp) ? cp : '?';
    c->style[i] = (unsigned char)st;
}

/* Set one cell; coordinates outside the grid are ignored. A character
 * outside printable ASCII is stored as '?' so the text stays plain. */
void canvas_put(Canvas *c, int x, int y, char ch, CanvasStyle st)
{
    canvas_put_cp(c, x, y, (uint32_t)(unsigned char)ch, st);
}

/* The next code point of UTF-8 text *s (advancing it; utf8.h decodes); a
 * byte that starts no valid sequence counts as one code point, '?'. */
static uint32_t canvas_next_cp(const char **s)
{
    uint32_t cp;
    size_t n = utf8_decode(*s, strnlen(*s, 4), &cp);
    if (n == 0) {
        *s += 1;
        return '?';
    }
    *s += n;
    return cp;
}

/* Write s left to right from (x, y); the part outside the grid is clipped. */
void canvas_text(Canvas *c, int x, int y, const char *s, CanvasStyle st)
{
    if (!s)
        return;
    while (*s && x < c->width)
        canvas_put_cp(c, x++, y, canvas_next_cp(&s), st);
}

int canvas_text_cells(const char *s)
{
    int n = 0;
    while (s && *s) {
        canvas_next_cp(&s);
        n++;
    }
    return n;
}

unsigned canvas_dot_bit(int col, int row)
{
    /* Dots 1-2-3-7 down the left column, 4-5-6-8 down the right. */
    static const unsigned char bit[2][4] = {{0x01, 0x02, 0x04, 0x40},
                                            {0x08, 0x10, 0x20, 0x80}};
    if (col < 0 || col > 1 || row < 0 || row > 3)
        return 0;
    return bit[col][row];
}

bool canvas_dot(Canvas *c, int dx, int dy, CanvasStyle st)
{
    if (!c->unicode || dx < 0 || dy < 0)
        return false;
    int x = dx / 2, y = dy / 4;
    if (!canvas_inside(c, x, y))
        return false;
    size_t i = canvas_at(c, x, y);
    uint32_t cur = c->cp[i];
    if (cur == ' ')
        cur = CANVAS_BRAILLE;
    else if (!is_braille(cur))
        return false;
    c->cp[i] = cur | canvas_dot_bit(dx % 2, dy % 4);
    c->style[i] = (unsigned char)st;
    return true;
}

/* The character at (x, y); ' ' outside the grid. */
char canvas_get(const Canvas *c, int x, int y)
{
    uint32_t cp = canvas_cp(c, x, y);
    if (cp == CANVAS_BRAILLE)
        return ' ';
    return cp < 0x80 ? (char)cp : '\0';
}

uint32_t canvas_cp(const Canvas *c, int x, int y)
{
    if (!canvas_inside(c, x, y))
        return ' ';
    return c->cp[canvas_at(c, x, y)];
}

unsigned canvas_dots(const Canvas *c, int x, int y)
{
    uint32_t cp = canvas_cp(c, x, y);
    return is_braille(cp) ? cp - CANVAS_BRAILLE : 0;
}

/* The style at (x, y); CS_PLAIN outside the grid. */
CanvasStyle canvas_style(const Canvas *c, int x, int y)
{
    if (!canvas_inside(c, x, y))
        return CS_PLAIN;
    return (CanvasStyle)c->style[canvas_at(c, x, y)];
}

static void append_utf8(StrBuf *b, uint32_t cp)
{
    char u[4];
    size_t n = utf8_encode(cp, u);
    sb_append_n(b, n ? u : "?", n ? n : 1);
}

/* Append every row, trailing blanks trimmed, rows joined by '\n' (no newline
 * after the last row). A 0-height canvas appends nothing. */
void canvas_to_text(const Canvas *c, StrBuf *b)
{
    for (int y = 0; y < c->height; y++) {
        const uint32_t *row = c->cp + (size_t)y * (size_t)c->width;
        int len = c->width;
        while (len > 0 && (row[len - 1] == ' ' || row[len - 1] == CANVAS_BRAILLE))
            len--;
        if (y > 0)
            sb_append(b, "\n");
        for (int x = 0; x < len; x++)
            append_utf8(b, row[x] == CANVAS_BRAILLE ? ' ' : row[x]);
    }
}

void canvas_blank_column(Canvas *c, int x, int y0, int y1, char ch, CanvasStyle st)
{
    for (int y = y0; y < y1; y++)
        if (canvas_get(c, x, y) == ' ')
            canvas_put(c, x, y, ch, st);
}
