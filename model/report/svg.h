/* svg.h: writing HTML text and SVG elements into a StrBuf, for the HTML
 * report (DESIGN 4.2).
 *
 * Every piece of text that reaches the page goes through html_text(), which
 * escapes markup and makes control characters visible, so a scenario name
 * or a note can never close an element or hide in the page. Coordinates
 * are written with one decimal and '.' whatever the locale. */
#ifndef GPUPLAN_SVG_H
#define GPUPLAN_SVG_H

#include <stddef.h>

#include "strbuf.h"

/* Append s as HTML text (valid in element content and in quoted attribute
 * values): & < > " ' as character references; C0 controls other than tab
 * and line feed, and DEL, as their visible Control Pictures (U+2400 ...);
 * C1 controls (U+0080-U+009F) as U+FFFD. Other UTF-8 passes through. */
void html_text(StrBuf *b, const char *s);

/* The same for the first n bytes of s. */
void html_text_n(StrBuf *b, const char *s, size_t n);

/* Append <tag class="cls">text</tag> with text escaped (cls NULL: no
 * class attribute). tag and cls are the caller's markup, not escaped. */
void html_element(StrBuf *b, const char *tag, const char *cls, const char *text);

/* Close a <figure> with its caption: <figcaption>caption</figcaption>
 * (escaped), then </figure>. */
void html_figcaption(StrBuf *b, const char *caption);

/* Open an inline SVG of width x height user units that scales with its
 * box: class `cls`, role img, labelled by a <title> holding `title` (the
 * element's id is `id`-title). Close it with svg_close(). */
void svg_open(StrBuf *b, const char *id, const char *cls, int width, int height,
              const char *title);
void svg_close(StrBuf *b);

/* A line, rectangle, circle or text with class `cls` (NULL: none). Text is
 * escaped; anchor is "start", "middle" or "end". */
void svg_line(StrBuf *b, double x1, double y1, double x2, double y2,
              const char *cls);
void svg_rect(StrBuf *b, double x, double y, double w, double h,
              const char *cls);
void svg_circle(StrBuf *b, double cx, double cy, double r, const char *cls);
void svg_text(StrBuf *b, double x, double y, const char *anchor,
              const char *cls, const char *text);

/* A chart key's swatch shapes. */
typedef enum SvgSwatch {
    SWATCH_LINE,   /* a short line (an option's curve, a marker) */
    SWATCH_DASHED, /* the same, dashed by its class (a not-allowed option) */
    SWATCH_RING,   /* a small circle (a crossover, a break-even, the optimum) */
    SWATCH_BOX,    /* a square (a bar's segment) */
    SWATCH_NONE    /* no mark, the text where a mark's text starts: an entry
                    * about something the chart does not draw */
} SvgSwatch;

/* Append a key entry with its baseline at (x, y): the swatch in class cls,
 * then the text (escaped, class "legend"). Returns the x where the next
 * entry may start (svg_legend_width after x). */
double svg_legend_item(StrBuf *b, double x, double y, SvgSwatch swatch,
                       const char *cls, const char *text);

/* The room a key entry of `text` takes, the gap after it included. */
double svg_legend_width(const char *text);

/* Rough width in user units of text set at `size` px in a sans-serif face:
 * for laying out legends and keeping labels inside the picture. */
double svg_text_width(const char *text, double size);

/* The text labels already placed in a chart, so a new one goes where it
 * stays inside the plot box and clear of them. `box` is the caller's
 * storage for `cap` labels: one {x0, y0, x1, y1} each. */
typedef struct SvgLabels {
    double left, right, top, bottom; /* where a label may stand */
    double (*box)[4];
    size_t count, cap;
} SvgLabels;

/* Place a label `w` wide (12 px text, baseline at y) at the first of the
 * `n` candidate baselines cand[i] = {x, y} that fits, or at cand[0] when
 * none does, and remember it. Writes the chosen baseline to *x, *y. */
void svg_place_label(SvgLabels *l, const double (*cand)[2], size_t n, double w,
                     double *x, double *y);

/* Append a coordinate: one decimal, '.', no "-0.0". */
void svg_num(StrBuf *b, double v);

#endif
