/* canvas.h: a grid of cells with a style per cell, no curses.
 *
 * Charts draw here; tests compare canvas_to_text() with golden files; the
 * planner copies cells into a curses window, mapping each style to a colour
 * or attribute. A cell holds one code point of one column: printable ASCII,
 * or, on a canvas whose `unicode` flag is set (the planner in a UTF-8
 * terminal), a Unicode braille pattern (U+2800..U+28FF: 2x4 dots a cell,
 * DESIGN 8) or one of a few arrows. Memory is a fixed 5 bytes a cell, however
 * many dots are set: bounded by the canvas, which the planner sizes to its
 * visible window. */
#ifndef GPUPLAN_CANVAS_H
#define GPUPLAN_CANVAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "strbuf.h"

/* Cell styles; the planner maps them to colour pairs / attributes. */
typedef enum CanvasStyle {
    CS_PLAIN,
    CS_AXIS,
    CS_ONPREM,
    CS_ON_DEMAND,
    CS_RESERVED,
    CS_SPOT,
    CS_MARKER,   /* the 60/75/80% threshold lines */
    CS_MEASURED, /* the measured-utilization marker */
    CS_CROSS,    /* X at a crossover */
    CS_LABEL,
    CS_COUNT
} CanvasStyle;

#define CANVAS_BRAILLE 0x2800u /* the blank braille pattern */
#define CANVAS_UP 0x2191u      /* an upwards arrow */
#define CANVAS_DOWN 0x2193u    /* a downwards arrow */
/* The minus sign (U+2212): on any canvas, since the output's number
 * formatter decides whether a figure has it (numfmt.h, DESIGN 8); one
 * column, as '-'. */
#define CANVAS_MINUS 0x2212u

typedef struct Canvas {
    int width, height;
    uint32_t *cp;         /* width*height code points */
    unsigned char *style; /* width*height CanvasStyle values */
    /* Braille and arrows allowed (false after canvas_init: plain ASCII,
     * as the text and Markdown reports want). */
    bool unicode;
} Canvas;

/* Allocate a blank w x h canvas (w, h >= 0), unicode off. canvas_free
 * releases it. */
void canvas_init(Canvas *c, int width, int height);
void canvas_free(Canvas *c);
/* Blank every cell; the unicode flag stays. */
void canvas_clear(Canvas *c);
/* The bytes the canvas's cells take: width * height * 5, whatever is drawn. */
size_t canvas_bytes(const Canvas *c);
/* Out-of-range coordinates are ignored (clipped). */
void canvas_put(Canvas *c, int x, int y, char ch, CanvasStyle st);
/* Put a code point: printable ASCII and the minus sign always; braille and
 * the arrows only on a unicode canvas; anything else is stored as '?'. */
void canvas_put_cp(Canvas *c, int x, int y, uint32_t cp, CanvasStyle st);
/* Write UTF-8 text s from (x, y), one cell a code point (each taken as
 * canvas_put_cp does); the part outside the grid is clipped. */
void canvas_text(Canvas *c, int x, int y, const char *s, CanvasStyle st);
/* Put ch in style st in the blank cells of column x from row y0 to row
 * y1 - 1 (a marker line that never cuts what is drawn there). */
void canvas_blank_column(Canvas *c, int x, int y0, int y1, char ch, CanvasStyle st);
/* Set braille dot (dx, dy) of the dot grid, 2 dots a cell across and 4 down
 * (cell dx / 2, dy / 4). The cell becomes (or stays) a braille pattern with
 * that dot added, in style st; a cell holding anything else (a label, an
 * axis) keeps it. Returns whether the dot was set. Needs a unicode canvas;
 * on an ASCII canvas nothing is set. */
bool canvas_dot(Canvas *c, int dx, int dy, CanvasStyle st);
/* The braille bit of dot (col 0-1, row 0-3) of a cell (U+2800 + bits). */
unsigned canvas_dot_bit(int col, int row);
/* The character at (x, y) when it is ASCII; '\0' for a braille pattern or
 * an arrow; ' ' outside the grid. */
char canvas_get(const Canvas *c, int x, int y);
/* The code point at (x, y); ' ' outside the grid. */
uint32_t canvas_cp(const Canvas *c, int x, int y);
/* The dots of a braille cell (0 for any other cell). */
unsigned canvas_dots(const Canvas *c, int x, int y);
CanvasStyle canvas_style(const Canvas *c, int x, int y);
/* Cells a UTF-8 text takes on the canvas (its code points). */
int canvas_text_cells(const char *s);
/* Append the grid as text (UTF-8): rows joined by '\n', trailing blanks
 * trimmed; a blank braille pattern is shown as a blank. */
void canvas_to_text(const Canvas *c, StrBuf *b);

#endif
