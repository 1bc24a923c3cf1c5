/* canvas.h: a character grid with a style per cell, no curses.
 *
 * Charts draw here; tests compare canvas_to_text() with golden files; the
 * planner copies cells into a curses window, mapping each style to a colour
 * or attribute. Cells hold one ASCII character each. */
#ifndef GPUPLAN_CANVAS_H
#define GPUPLAN_CANVAS_H

#include <stddef.h>

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

typedef struct Canvas {
    int width, height;
    char *ch;            /* width*height characters */
    unsigned char *style; /* width*height CanvasStyle values */
} Canvas;

/* Allocate a blank w x h canvas (w, h >= 0). canvas_free releases it. */
void canvas_init(Canvas *c, int width, int height);
void canvas_free(Canvas *c);
void canvas_clear(Canvas *c);
/* Out-of-range coordinates are ignored (clipped). */
void canvas_put(Canvas *c, int x, int y, char ch, CanvasStyle st);
void canvas_text(Canvas *c, int x, int y, const char *s, CanvasStyle st);
char canvas_get(const Canvas *c, int x, int y);
CanvasStyle canvas_style(const Canvas *c, int x, int y);
/* Append the grid as text: rows joined by '\n', trailing blanks trimmed. */
void canvas_to_text(const Canvas *c, StrBuf *b);

#endif
