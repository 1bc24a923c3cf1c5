/* measure_apply.h: a measurement written into a scenario (DESIGN 10):
 * utilization.measured_pct, measurement_weeks and, when GPU activity was
 * read, active_pct; with a comment above measured_pct that says from which
 * files and window they came. `gpuplan measure --apply` saves the file
 * this way; the planner's `:measure` sets the same fields (one undo step)
 * and writes the same comment when it saves. */
#ifndef GPUPLAN_MEASURE_APPLY_H
#define GPUPLAN_MEASURE_APPLY_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "measure.h"
#include "scenario.h"
#include "strbuf.h"
#include "yaml_comment.h"

#define MEASURE_COMMENT_MARKER "gpuplan measure:"
#define MEASURE_FILES_BYTES 640 /* the file list, cut with "…" past 600 */

/* What a measurement writes. */
typedef struct MeasureApplied {
    double pct, weeks, active; /* active NAN: not written */
    char comment[1024];        /* after the marker, one line */
    char files[MEASURE_FILES_BYTES]; /* the files as the comment names them */
} MeasureApplied;

/* The values of r (measure_value_*) and the comment: the files (as given,
 * joined by ", ", the list cut with "…" past 600 bytes), the window in
 * local time, its weeks and the GPU count: "sacct.txt, 2024-03-01 00:00
 * +01:00 to 2024-04-01 00:00 +02:00 (4.43 weeks of 64 GPUs)". */
void measure_apply_of(const MeasureResult *r, const char *const *files,
                      size_t nfiles, MeasureApplied *a);

/* Set a's values in *s with every rule a field obeys (scenario_set_all):
 * 0, or EXIT_DATAERR with *s unchanged and *d saying why. */
int measure_apply_set(Scenario *s, const MeasureApplied *a, Diag *d);

/* True when s holds exactly a's values (then the comment belongs). */
bool measure_apply_holds(const Scenario *s, const MeasureApplied *a);

/* a's comment as the save path takes it (points into a). */
YamlComment measure_apply_comment(const MeasureApplied *a);

/* How --apply went, for its message. */
typedef struct MeasureApplyNote {
    double old_pct, old_weeks, old_active;
    bool edited; /* the file's text was edited, its layout kept */
    char why[200]; /* when it was written whole: why */
} MeasureApplyNote;

/* `gpuplan measure --apply path`: load the scenario at path with its text,
 * set a's values, render it keeping the user's layout with the comment,
 * check that the bytes load back as exactly that scenario, and replace the
 * file atomically (in place, keeping its other names, when it has hard
 * links and is the user's). Returns 0 with *note filled; otherwise the
 * status (EXIT_NOINPUT, EXIT_DATAERR, EXIT_CANTCREAT, EXIT_IOERR) with *d
 * saying why, and the file untouched. */
int measure_apply_file(const char *path, const MeasureApplied *a,
                       MeasureApplyNote *note, Diag *d);

#endif
