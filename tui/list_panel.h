/* list_panel.h: what the panels that edit a registry list share (DESIGN 8):
 * the Hybrid panel's workloads and the Risk panel's uncertain inputs.
 *
 * A list panel shows its optional section's scalar rows, then one row of
 * cells per item of the list. Left and Right (h, l) move between an item's
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
} ListPanel;

/* The list panel p is, or NULL for a panel of plain rows. */
const ListPanel *list_panel_of(Panel p);

/* Rows of list panel lp in s: its scalars and one per item; 0 when s does
 * not have the section. */
size_t list_panel_rows(const ListPanel *lp, const Scenario *s);

/* The item of the selected row of the current panel, or -1 (not a list
 * panel, a scalar row, no section). */
long list_panel_item(const App *a);

/* Left/Right on an item row: the previous or next cell. Returns false when
 * the selected row is not an item (the key nudges instead). */
bool list_panel_move(App *a, bool right, Reaction *r);

/* d: ask before deleting the selected item; the yes comes back to
 * list_panel_delete_answer, which deletes it as one undo step. */
Reaction list_panel_delete(App *a);
Reaction list_panel_delete_answer(App *a);

#endif
