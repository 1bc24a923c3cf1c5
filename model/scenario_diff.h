/* scenario_diff.h: every input that differs between two scenarios
 * (DESIGN 11.1), for `gpuplan diff` and the planner's :diff.
 *
 * The differences come in registry order (the order a saved file lists its
 * fields). List items (the hybrid plan's workloads, the uncertain inputs)
 * are matched by what names them, not by position: a workload by its name,
 * an input by its key, the k-th of a repeated name with the k-th; an item
 * left unmatched on both sides at the same position is the same item
 * renamed. Unmatched items are added or removed; matched items that changed
 * places make the list's order differ, which the simulation and the Monte
 * Carlo read (scheduling ties, the order of the draws). Pure: no
 * allocation, no I/O. */
#ifndef GPUPLAN_SCENARIO_DIFF_H
#define GPUPLAN_SCENARIO_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "fields.h"
#include "scenario.h"

typedef enum DiffKind {
    DIFF_VALUE,           /* row .row differs (of item .old_item/.new_item) */
    DIFF_SECTION_ADDED,   /* the optional section of .scope appears */
    DIFF_SECTION_REMOVED, /* ... disappears */
    DIFF_ITEM_ADDED,      /* item .new_item of .list is new */
    DIFF_ITEM_REMOVED,    /* item .old_item of .list is gone */
    DIFF_ITEM_ORDER       /* the matched items of .list changed places */
} DiffKind;

typedef struct InputDiff {
    DiffKind kind;
    const Field *row;      /* DIFF_VALUE: the registry row */
    const FieldList *list; /* a list row's list, and the item kinds' */
    FieldScope scope;      /* the row's, the section's or the list's scope */
    /* DIFF_VALUE: whether each side has the value at all (a value of a
     * section only one side gives has one side). */
    bool has_old, has_new;
    size_t old_item, new_item; /* items in each scenario (0 for scalars) */
} InputDiff;

/* At most: every scalar, every value of the largest lists matched item by
 * item, every item added and removed, the orders and the sections. */
#define SCENARIO_DIFF_MAX 1024

typedef struct ScenarioDiff {
    size_t count;
    InputDiff item[SCENARIO_DIFF_MAX];
} ScenarioDiff;

/* What differs from `from` to `to`, both valid scenarios, into *d (about
 * 50 KB: a caller keeps it off a small stack). Values compare exactly:
 * numbers bit for bit, texts byte for byte; a row of a list item that
 * neither side uses (a schedule where both give per_day) does not differ.
 * A section both sides give compares row by row; a section one side gives
 * is one DIFF_SECTION_* entry followed by its values (one side only) and
 * its items (added or removed). Returns d->count. */
size_t scenario_diff(const Scenario *from, const Scenario *to, ScenarioDiff *d);

/* The row that names an item of list l (a workload's name, an input's
 * key): its first text row. */
const Field *scenario_diff_name_row(const FieldList *l);

/* The field an item's value is read from: row `row` of item `item`,
 * resolved into *r (field_ref(r) is then the Field to read). */
const Field *scenario_diff_field(FieldRef *r, const Field *row, size_t item);

#endif
