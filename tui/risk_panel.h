/* risk_panel.h: the Risk panel (DESIGN 2.8, 8): the uncertainty section's
 * draws and seed, then one row per uncertain input with its key, low, mode
 * and high as cells (list_panel.h moves between them and deletes an input).
 * a adds the section, or the input that moves the decision most among the
 * number fields not yet listed, at its value +-20%. Every change goes
 * through the edit path and is one undo step. Every number shows as the
 * other panels show theirs (num_format_value: 290,000); editing starts
 * from the plain value. The Monte Carlo's figures of the panel are
 * risk_live.h's. */
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

/* The row and cell of an uncertainty key (for :goto and :set). */
void risk_panel_locate(const FieldRef *r, size_t *row, size_t *col);

/* Draw the panel like form_draw(): row `sel` (cell `col` of an input row)
 * highlighted, scrolled by *top; `edit` (NULL when not editing) in the
 * selected cell, `bad` when its text is not accepted. Without a section it
 * says so and how to add one. */
void risk_panel_draw(WINDOW *w, const Scenario *s, size_t sel, size_t col,
                     size_t *top, const LineEdit *edit, bool bad);

/* The status line's help for the selected cell (an input's mode that is
 * not given says which value stands for it); false when the generic
 * "key: help" line applies. */
bool risk_panel_help(const App *a, char *buf, size_t n);

/* a: add an uncertainty section (draws and seed at their defaults) with
 * one input, or one more input after the selected one. */
Reaction risk_panel_add(App *a);

#endif
