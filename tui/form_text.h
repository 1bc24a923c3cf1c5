/* form_text.h: text as the panels put it in their cells (DESIGN 8). */
#ifndef GPUPLAN_FORM_TEXT_H
#define GPUPLAN_FORM_TEXT_H

#include <curses.h>
#include <stddef.h>

#include "fields.h"
#include "line_edit.h"
#include "scenario.h"

/* A field's value for display: numbers as saved, yes/no for bools, and its
 * unit ("$" becomes the scenario's currency) into unit. */
void form_value(const Field *f, const Scenario *s, char *val, size_t n,
                char *unit, size_t un);

/* Text from the scenario as the locale can show it: unchanged in a UTF-8
 * locale; elsewhere (the C locale) each character beyond ASCII becomes
 * '?', one column, as utf8.h counts it there. In place. */
void form_locale_text(char *s);

/* Put at most `cols` display columns of UTF-8 text at y, x. */
void form_put_clipped(WINDOW *w, int y, int x, const char *s, int cols);

/* The line editor's text in a cell of `cols` columns at x, scrolled by
 * whole characters so the cursor is inside; returns the cursor's column. */
int form_put_edit(WINDOW *w, int y, int x, const LineEdit *edit, int cols);

#endif
