/* scenario_merge.h: three-way merge of two edited copies of one scenario
 * (DESIGN 7).
 *
 * A recovery holds the user's unsaved edits and the scenario as its file
 * was when they began (the base). When another program changed the file
 * since, the recovery must not simply replace it: each field is merged on
 * its own. A field only the recovery changed takes the recovery's value; a
 * field only the file changed keeps the file's; a field both changed to
 * different values is a conflict the user decides.
 *
 * The units compared are: each field of the scenario; each field of each
 * list item (a workload's schedule and per_day, of which one is in use,
 * count as one); a whole list when its number of items differs between the
 * copies; a whole optional section (the hybrid plan, the uncertainty
 * ranges) when it was added or removed. Values are compared as saved
 * (field_format: exact for numbers). Pure: no allocation, no I/O. */
#ifndef GPUPLAN_SCENARIO_MERGE_H
#define GPUPLAN_SCENARIO_MERGE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "fields.h"
#include "scenario.h"

#define MERGE_VALUE_MAX 64 /* bytes of a value shown in a conflict */

/* One field (or list, or section) both copies changed differently. The
 * values are as shown to the user, cut with "…" when longer. */
typedef struct MergeConflict {
    char key[FIELD_PATH_MAX]; /* "hardware.nodes", "hybrid.workloads",
                               * "hybrid" (the whole section) */
    char base[MERGE_VALUE_MAX], file[MERGE_VALUE_MAX], rec[MERGE_VALUE_MAX];
} MergeConflict;

/* What a merge did. */
typedef struct MergeCounts {
    size_t from_rec;  /* units that take the recovery's value */
    size_t from_file; /* units only the file changed: its value kept */
    size_t conflicts; /* units both changed differently */
} MergeCounts;

/* Compare base, rec (the recovery) and file (the file as it is now): the
 * conflicts, in registry order, into out[0..max) (out may be NULL when max
 * is 0), and the counts into *counts (may be NULL). Returns the number of
 * conflicts, which may exceed max (then call again with room for all). */
size_t scenario_merge_conflicts(const Scenario *base, const Scenario *rec,
                                const Scenario *file, MergeConflict *out,
                                size_t max, MergeCounts *counts);

/* Merge into *out: the file's scenario with every unit only the recovery
 * changed taken from it, and each conflict i (in the order of
 * scenario_merge_conflicts) taken from the recovery when take_rec[i], else
 * from the file (take_rec may be NULL when there is none). The result is
 * checked with every rule a loaded file is. Returns 0, or EXIT_DATAERR
 * with *d saying which rule the merged scenario breaks (*out is then
 * unspecified). */
int scenario_merge(const Scenario *base, const Scenario *rec,
                   const Scenario *file, const bool *take_rec, Scenario *out,
                   Diag *d);

#endif
