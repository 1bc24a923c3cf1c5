/* risk_panel.h: the Risk panel (DESIGN 2.8, 8): the uncertainty section's
 * draws and seed, then one row per uncertain input with its key, low, mode
 * and high as cells (list_panel.h moves between them and deletes an input),
 * then the pairs of inputs drawn together (risk_pairs.h). a adds the
 * section, or the input that moves the decision most among the number
 * fields not yet listed, at its value +-20%. Every change goes through the
 * edit path and is one undo step. Every number shows as the other panels
 * show theirs (num_format_value: 290,000); editing starts from the plain
 * value. The Monte Carlo's figures of the panel are risk_live.h's. */
#ifndef GPUPLAN_RISK_PANEL_H
#define GPUPLAN_RISK_PANEL_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "line_edit.h"
#include "planner.h"

/* Rows before the inputs: draws and seed. */
#define RISK_SCALARS 2

/* Cells of an input's row. */
enum { RISK_COL_KEY, RISK_COL_LOW, RISK_COL_MODE, RISK_COL_HIGH, RISK_COLS };

/* The field behind Risk row `row`, cell `col` (ignored on the scalar rows)
 * of s into *r; false past the end or without a section. */
bool risk_panel_ref(const Scenario *s, size_t row, size_t col, FieldRef *r);

/* The row and cell of an uncertainty key of s (for :goto and :set). */
void risk_panel_locate(const Scenario *s, const FieldRef *r, size_t *row,
                       size_t *col);

/* The selectable rows of the panel: the scalars, the inputs, the pairs'
 * heading and the pairs (0 without a section). */
size_t risk_panel_rows(const Scenario *s);

/* The lines it draws: its rows and the inputs' header. */
size_t risk_panel_lines(const Scenario *s);

/* Before a digit starts an edit: on a key cell (an input's field, a pair's
 * inputs) the selection moves to the row's first number cell (an input's
 * low, a pair's rank correlation), since a key never starts with a digit. */
void risk_panel_digit(App *a);

/* Enter on a row without a value (no section, the pairs' heading): what
 * to do instead, on the message line. */
Reaction risk_panel_no_value(App *a);

/* Draw the panel like form_draw(): row `sel` (cell `col` of an input or
 * pair row) highlighted, scrolled by *top; `edit` (NULL when not editing)
 * in the selected cell, `bad` when its text is not accepted; `drawn` the
 * pairs' rank correlations in the draws (risk_live_drawn; NULL: none yet).
 * Without a section it says so and how to add one. */
void risk_panel_draw(WINDOW *w, const Scenario *s, size_t sel, size_t col,
                     size_t *top, const LineEdit *edit, bool bad,
                     const double *drawn);

/* For risk_pairs.c: `text` right-aligned in a cell of `cols` columns at x
 * (an ellipsis ends a text too wide); the editor's text in a cell, its
 * cursor's cell marked. */
void risk_panel_put_right(WINDOW *w, int y, int x, int cols, const char *text);
void risk_panel_put_edit(WINDOW *w, int y, int x, int cols, const LineEdit *e,
                         bool bad);

/* The status line's help for the selected cell (an input's mode that is
 * not given says which value stands for it); false when the generic
 * "key: help" line applies. */
bool risk_panel_help(const App *a, char *buf, size_t n);

/* a: add an uncertainty section (draws and seed at their defaults) with
 * one input, or one more input after the selected one; on the pairs' rows
 * a pair (risk_pairs_add). */
Reaction risk_panel_add(App *a);

#endif
