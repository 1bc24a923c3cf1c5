/* list_panel.h: what the panels that edit a registry list share (DESIGN 8):
 * the Hybrid panel's workloads and the Risk panel's uncertain inputs.
 *
 * A list panel shows its optional section's scalar rows, then one row of
 * cells per item of the list, then rows of its own (the Risk panel's pairs
 * of inputs, risk_pairs.h). Left and Right (h, l) move between an item's
 * cells; d deletes the selected item after a question; each change is one
 * undo step through the edit path. What differs (the cells, adding an
 * item, drawing) is in hybrid_panel.c and risk_panel.c. */
#ifndef GPUPLAN_LIST_PANEL_H
#define GPUPLAN_LIST_PANEL_H

#include <stdbool.h>
#include <stddef.h>

#include "planner.h"

typedef struct ListPanel {
    Panel panel;
    const FieldList *list;
    size_t (*scalars)(void); /* rows before the items: the section's scalars */
    size_t (*cols)(void);    /* cells of an item row */
    /* Item i of s as a question names it: "workload 'nightly'". */
    void (*name)(const Scenario *s, size_t i, char *buf, size_t n);
    /* NULL, or the rows after the items (the Risk panel's pairs) and the
     * cells of the k-th of them. */
    size_t (*after)(const Scenario *s);
    size_t (*after_cols)(const Scenario *s, size_t k);
} ListPanel;

/* The list panel p is, or NULL for a panel of plain rows. */
const ListPanel *list_panel_of(Panel p);

/* Rows of list panel lp in s: its scalars, one per item and those after
 * the items; 0 when s does not have the section. */
size_t list_panel_rows(const ListPanel *lp, const Scenario *s);

/* The cells of row `row` of lp in s: one on a scalar's row, else an
 * item's or, when lp has rows after the items, theirs. */
size_t list_panel_cols(const ListPanel *lp, const Scenario *s, size_t row);

/* The item of the selected row of the current panel, or -1 (not a list
 * panel, a scalar row or one after the items, no section). */
long list_panel_item(const App *a);

/* Left/Right on an item row: the previous or next cell. Returns false when
 * the selected row is not an item (the key nudges instead). */
bool list_panel_move(App *a, bool right, Reaction *r);

/* d: ask before deleting the selected item; the yes comes back to
 * list_panel_delete_answer, which deletes it as one undo step. */
Reaction list_panel_delete(App *a);
Reaction list_panel_delete_answer(App *a);

#endif
