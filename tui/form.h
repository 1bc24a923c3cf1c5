/* form.h: an input panel drawn from the field registry (DESIGN 8).
 *
 * The rows of panel p are the registry's fields with f->panel == p, in
 * registry order: label, value, unit; the selected row is highlighted and,
 * while it is being edited, shows the line editor's text instead. */
#ifndef GPUPLAN_FORM_H
#define GPUPLAN_FORM_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "fields.h"
#include "hybrid.h"
#include "line_edit.h"
#include "notes_edit.h"
#include "scenario.h"

/* The most rows a plain panel has that form_draw shows (the registry's
 * longest panel has a few dozen). */
#define FORM_ROWS_MAX 64

/* The fields of panel p into out (at most max); returns how many there are
 * (may exceed max). */
size_t form_fields(Panel p, const Field **out, size_t max);

/* The panel and row of field f (a scenario field). */
void form_locate(const Field *f, Panel *p, size_t *row);

/* The panel, row and column (of a workload's or an input's row; else 0)
 * of any resolved field, the optional sections' included. */
void form_locate_ref(const Scenario *s, const FieldRef *r, Panel *p, size_t *row,
                     size_t *col);

/* Where an edited text wider than the panel should be drawn again, over
 * the columns beside the panel (form_draw's answer). */
typedef struct FormEditSpot {
    bool wide; /* the text and its cursor do not fit in the panel */
    int y, x;  /* the edit cell's row and first column in the panel's window */
} FormEditSpot;

/* Draw panel p of s into w: one row per field, row `sel` highlighted,
 * scrolled so it is visible (*top is the first row shown, kept between
 * calls). `edit` (NULL when not editing) replaces the selected row's value;
 * `bad` marks that text as not accepted. A text field's edit runs to the
 * panel's right edge; when it needs more, *wide (may be NULL) says where
 * it is, for the caller to draw it with form_draw_edit over the results.
 * Rows above or below the window are marked in its first column
 * (scroll_mark.h); returns true when there are such rows. */
bool form_draw(WINDOW *w, Panel p, const Scenario *s, size_t sel, size_t *top,
               const LineEdit *edit, bool bad, FormEditSpot *wide);

/* The line editor's text in `cols` columns at y, x of w, in the edit
 * colours (`bad`: not accepted), its cursor cell marked. */
void form_draw_edit(WINDOW *w, int y, int x, const LineEdit *edit, int cols, bool bad);

/* Draw the notes editor e into w (DESIGN 8): a header row (line, length,
 * rows shown), then the text wrapped to the window's width less a column
 * each side, scrolled (*top, the first row shown, kept between calls) so
 * the cursor's row is visible, the cursor's cell marked. The wrap width
 * goes to *width, for the editor's Up and Down. */
void form_draw_notes(WINDOW *w, const NotesEdit *e, size_t *top, int *width);

/* ---- the Hybrid panel (form_hybrid.c) ---- */

/* The plan's scalar rows (hybrid.days ... hybrid.backfill: the registry's
 * hybrid rows that are not list rows), first on the panel. */
size_t form_hybrid_scalars(void);

/* Rows of the Hybrid panel: the scalars, one per workload, then the
 * trace's (form_trace_rows); 0 when s has no hybrid section. */
size_t form_hybrid_rows(const Scenario *s);

/* Columns of a workload row: one per workload row of the registry
 * (hybrid.workloads[].KEY) in registry order, schedule and per_day
 * sharing one (arrivals). */
size_t form_wl_cols(void);

/* The cells of the Hybrid panel's row `row` in s: a workload's or a trace
 * group's cells on their rows, one on the others. */
size_t form_hybrid_cells(const Scenario *s, size_t row);

/* The field behind Hybrid row `row`, column `col` (col is ignored on
 * scalar rows; the arrivals column is the workload's schedule or per_day,
 * whichever it has) into *r. False for rows and columns past the end. */
bool form_hybrid_ref(const Scenario *s, size_t row, size_t col, FieldRef *r);

/* The Hybrid row and column of a resolved hybrid field in s. */
void form_hybrid_locate(const Scenario *s, const FieldRef *r, size_t *row, size_t *col);

/* For an optional workload row that workload i does not set: true with
 * the value it takes instead in *v (max_wait_minutes: the plan's
 * threshold; cloud_gpu_hour: its mode's price; priority, left out of a
 * saved file at its default: that default). False when it sets it or the
 * row is not optional. */
bool form_hybrid_inherited(const Scenario *s, size_t i, const Field *row, double *v);

/* Rows after those of form_hybrid_rows(): one per warning of the plan's
 * figures hr (NULL: none), read-only, so Down reaches each one. */
size_t form_hybrid_warning_rows(const Scenario *s, const HybridResult *hr);

/* Draw the Hybrid panel like form_draw(); `col` is the selected column of a
 * workload row. Without a hybrid section it says so and how to add one.
 * The columns that do not fit scroll after the name so that `col` shows
 * (`<` and `>` on the header mark those out of view); an optional key a
 * workload does not set shows the value it takes, in parentheses. With
 * the plan's figures `hr` (NULL: none) and room to spare, each workload
 * row also shows its share sent to the cloud and its p95 wait; below the
 * table, `computing… 40%` while newer figures are computed (`computing`
 * is their percent, -1 when hr is up to date), then each warning of hr
 * wrapped whole, one selectable row each. The workloads' figures and the
 * warnings are marked stale while computing, unless `plan_current` says
 * the plan's own figures in hr are the new ones. Lines above or below the
 * window are marked in its first column (scroll_mark.h); returns true when
 * there are such lines. */
bool form_draw_hybrid(WINDOW *w, const Scenario *s, const HybridResult *hr, int computing,
                      bool plan_current, size_t sel, size_t col, size_t *top,
                      const LineEdit *edit, bool bad);

/* A choice's word in `width` columns: whole, or by the initials of its
 * parts when it does not fit ("on_demand" -> "od"). */
void form_choice_word(const char *word, int width, char *buf, size_t n);

/* Draw `text` in a cell of `cols` columns at x, highlighted when chosen;
 * a cut text ends in an ellipsis. */
void form_put_cell(WINDOW *w, int y, int x, int cols, const char *text, bool chosen,
                   int attr);

/* A workload's figures beside its row (or their header when wr is NULL):
 * the share of its jobs sent to the cloud and the p95 wait of those kept
 * on-prem, in FORM_STATS_COLS columns. */
#define FORM_STATS_COLS 13
void form_draw_wl_stats(WINDOW *w, int y, int x, const HybridWorkloadResult *wr);

/* ---- the replayed history on the Hybrid panel (form_trace.c) ---- */

/* hybrid.trace and hybrid.trace_group_by: shown after the workloads, not
 * among the plan's scalars. */
bool form_trace_scalar(const Field *f);

/* Rows of the trace's part: Trace, Trace groups and one per group, when s
 * names a trace or lists groups; else 0. */
size_t form_trace_rows(const Scenario *s);

/* Cells of a group row: the registry's hybrid.groups[] rows. */
size_t form_trace_cols(void);

/* The field of the trace's row k (0 Trace, 1 Trace groups, 2 + i group
 * i's cell `col`, the last when col is past it) into *r; false past the
 * end. */
bool form_trace_ref(const Scenario *s, size_t k, size_t col, FieldRef *r);

/* The trace's row k and cell of a resolved field; false when it is none
 * of the trace's. */
bool form_trace_locate(const FieldRef *r, size_t *k, size_t *col);

/* As form_hybrid_inherited, for group i's row of the registry. */
bool form_trace_inherited(const Scenario *s, size_t i, const Field *row, double *v);

/* True when the figures hr replay jobs of groups no item of s names
 * (and no `*` item): a line of their own follows the groups. */
bool form_trace_other_line(const Scenario *s, const HybridResult *hr);

/* Draw the Trace or Trace groups row (k 0 or 1) at y. */
void form_trace_draw_scalar(WINDOW *w, int y, int wd, const Scenario *s, size_t k,
                            bool selected, const LineEdit *edit, bool bad, int attr);

/* Draw group i's row at y (i == (size_t)-1: the header; i ==
 * group_count: the other groups' line), with its figures from hr when
 * they fit (`old`: marked stale). */
void form_trace_draw_group(WINDOW *w, int y, int wd, const Scenario *s,
                           const HybridResult *hr, size_t i, bool selected, size_t col,
                           const LineEdit *edit, bool bad, bool old, int attr);

#endif
