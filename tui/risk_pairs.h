/* risk_pairs.h: the Risk panel's pairs of inputs drawn together
 * (uncertainty.correlations, DESIGN 2.8, 8). Below the inputs, a heading
 * row (a there adds a pair), then one row per pair: its two inputs and the
 * rank correlation asked as cells (list_panel.h moves between them and
 * deletes a pair), and beside them the rank correlation the Monte Carlo's
 * draws have once it has run. Every change goes through the edit path and
 * is one undo step; a rank correlation the other pairs cannot hold with is
 * refused with the model's message, which names the pair and the values it
 * may take. Part of the Risk panel (risk_panel.h). */
#ifndef GPUPLAN_RISK_PAIRS_H
#define GPUPLAN_RISK_PAIRS_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "line_edit.h"
#include "planner.h"

/* Cells of a pair's row. */
enum { RISK_PAIR_INPUT, RISK_PAIR_WITH, RISK_PAIR_RHO, RISK_PAIR_COLS };

/* The Risk row of the pairs' heading: the first past the inputs. */
size_t risk_pairs_heading_row(const Scenario *s);

/* Rows of the pairs' part: the heading and one per pair (0 without a
 * section). */
size_t risk_pairs_rows(const Scenario *s);

/* The pair of the selected Risk row, or -1 (another row or panel). */
long risk_pairs_selected(const App *a);

/* True when the Risk panel's selected row is the pairs' heading. */
bool risk_pairs_heading(const App *a);

/* The first pair of s that names input i, or -1. */
long risk_pairs_naming(const Scenario *s, size_t i);

/* The field behind cell col of pair k of s into *r; false past the end. */
bool risk_pairs_ref(const Scenario *s, size_t k, size_t col, FieldRef *r);

/* The cell of a pair's field r (uncertainty.correlations[N].KEY). */
size_t risk_pairs_col(const FieldRef *r);

/* Pair k's row at y of w (k < 0: the heading), cells laid out in `wd`
 * columns; `col`, `edit` and `bad` as risk_panel_draw's for a selected
 * row; drawn[k] the rank correlation in the draws (NAN: drawn
 * independently; drawn NULL: not computed yet). */
void risk_pairs_draw(WINDOW *w, int y, int wd, const Scenario *s, long k,
                     bool selected, size_t col, const LineEdit *edit,
                     bool bad, const double *drawn, int attr);

/* The status line's help on the pairs' rows into buf; false elsewhere. */
bool risk_pairs_help(const App *a, char *buf, size_t n);

/* a on the pairs' rows: the first two inputs not yet paired, at rank
 * correlation 0 (the same as no pair, so always accepted), after the
 * selected pair or first from the heading; the selection goes to its rank
 * correlation. One undo step. */
Reaction risk_pairs_add(App *a);

#endif
