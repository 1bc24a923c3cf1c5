/* edit.c: the planner's changes to the scenario (typing, nudges, :set,
 * undo) and the one commit path; see edit.h. */
#include "config.h"

#include "edit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "form.h"
#include "hybrid_panel.h"
#include "keys.h"
#include "list_panel.h"
#include "numfmt.h"
#include "risk_panel.h"
#include "scenario_change.h"
#include "scenario_edit.h"
#include "term.h"

/* ---- the selection --------------------------------------------------------- */

/* The Hybrid panel's rows: the scalars, the workloads, the warnings. */
static size_t hybrid_rows(const App *a)
{
    return form_hybrid_rows(&a->doc.cur) +
           form_hybrid_warning_rows(&a->doc.cur, a->hwork.ok ? &a->hres : NULL);
}

size_t edit_panel_rows(const App *a)
{
    if (a->panel == PANEL_HYBRID)
        return hybrid_rows(a); /* its list, then the plan's warnings */
    const ListPanel *lp = list_panel_of(a->panel);
    if (lp)
        return list_panel_rows(lp, &a->doc.cur);
    return form_fields(a->panel, NULL, 0);
}

long edit_cur_workload(const App *a)
{
    return a->panel == PANEL_HYBRID ? list_panel_item(a) : -1;
}

bool edit_cur_ref(const App *a, FieldRef *r)
{
    return edit_ref_at(a, a->panel, a->sel[a->panel], a->hcol, r);
}

bool edit_ref_at(const App *a, Panel p, size_t row, size_t col, FieldRef *r)
{
    if (p == PANEL_HYBRID)
        return a->doc.cur.has_hybrid && form_hybrid_ref(&a->doc.cur, row, col, r);
    if (p == PANEL_RISK)
        return risk_panel_ref(&a->doc.cur, row, col, r);
    const Field *rows[FORM_ROWS_MAX];
    size_t n = form_fields(p, rows, FORM_ROWS_MAX);
    if (row >= n || row >= FORM_ROWS_MAX)
        return false;
    field_ref_init(r, rows[row], 0);
    return true;
}

/* A row alone on its switch: given or not (a workload's max_wait_minutes,
 * cloud_gpu_hour); emptying its value gives it up (scenario_unset_ref). */
static bool optional_row(const Field *row)
{
    return row->has_when && !field_alternative(row) && row->type != FT_TEXT;
}

/* ---- figures and selections ------------------------------------------------ */

/* The hybrid figures of the draft, beside the loop (hybrid_work.h): a
 * small plan's arrive before the frame is drawn, a large one's later
 * (edit_hybrid_done). */
static void evaluate_hybrid(App *a)
{
    if (a->shown.has_hybrid && a->hwork.ok) {
        /* A trace is read beside the scenario's file (DESIGN 10.8). */
        hybrid_work_set_file(&a->hwork, doc_path(&a->doc));
        hybrid_work_submit(&a->hwork, &a->shown, &a->hres);
        return;
    }
    hybrid_work_cancel(&a->hwork);
    /* Without a plan its chart gives way to the one before it. */
    if (!a->shown.has_hybrid && a->chart == CHART_HYBRID)
        a->chart = CHART_CUMULATIVE;
}

/* The figures of the draft: costs and horizon (of the main view's sections
 * alone: a change of the plan keeps them), the hybrid plan. */
static void evaluate(App *a)
{
    if (a->res_gen == 0 || !scenario_main_equal(&a->res_of, &a->shown)) {
        cost_evaluate(&a->shown, &a->res);
        horizon_evaluate(&a->shown, &a->horizon.result, &a->horizon.cum);
        scenario_copy_main(&a->res_of, &a->shown);
        a->res_gen++; /* what follows res (a comparison) knows to follow */
    }
    evaluate_hybrid(a);
    a->stale = false;
}

/* Keep the Hybrid selection on a row that exists, of the same kind: the
 * plan may have lost workloads (undo of an add, another file) and the
 * figures warnings. A workload row past the last becomes the last; a
 * warning keeps its number among the warnings while it has one. */
static void hybrid_keep_selection(App *a)
{
    size_t *sel = &a->sel[PANEL_HYBRID];
    size_t before = a->hybrid_form_rows, now = form_hybrid_rows(&a->doc.cur);
    if (before > 0 && *sel >= before) /* on a warning */
        *sel = now + (*sel - before);
    else if (*sel >= now)
        *sel = now ? now - 1 : 0;
    size_t rows = hybrid_rows(a);
    if (*sel >= rows)
        *sel = rows ? rows - 1 : 0;
    a->hybrid_form_rows = now;
}

/* A list may have lost rows (undo of an add, another file): keep the
 * list panels' selections on rows that exist; the Hybrid panel's
 * warnings keep their number among the warnings. */
static Reaction keep_selections(App *a)
{
    for (int p = 0; p < PANEL_COUNT; p++) {
        const ListPanel *lp = list_panel_of((Panel)p);
        if (!lp || p == PANEL_HYBRID)
            continue;
        size_t rows = list_panel_rows(lp, &a->doc.cur);
        if (a->sel[p] >= rows)
            a->sel[p] = rows ? rows - 1 : 0;
    }
    hybrid_keep_selection(a);
    return R_RESULTS | R_CHART | R_FORM | R_TITLE | R_MSG;
}

Reaction edit_hybrid_done(App *a)
{
    hybrid_keep_selection(a); /* the figures may hold fewer warnings */
    return R_RESULTS | R_FORM | R_CHART | edit_trace_news(a);
}

Reaction edit_trace_news(App *a)
{
    HybridTraceNews *n = hybrid_work_trace_news(&a->hwork);
    if (!n)
        return R_NONE;
    const JobReadStats *st = &n->read;
    for (size_t i = 0; i < st->problem_count; i++)
        msg_diag(a, &st->problems[i]);
    unsigned long long bad = (unsigned long long)st->malformed;
    if (bad > st->problem_count)
        msg_show(a, true, "hybrid.trace: %llu more malformed lines not shown (%llu in all)",
                 bad - st->problem_count, bad);
    Reaction r = R_NONE;
    if (n->failed)
        r = msg_show(a, true, "hybrid.trace cannot be replayed: %s", n->error);
    else if (bad)
        r = msg_show(a, true, "hybrid.trace %s: %llu malformed line%s skipped (:messages); "
                     "%llu jobs replayed", n->path, bad, bad == 1 ? "" : "s",
                     (unsigned long long)n->jobs);
    free(n);
    return r;
}

Reaction edit_recompute(App *a)
{
    a->shown = a->doc.cur;
    evaluate(a);
    return keep_selections(a);
}

/* ---- the one commit path ----------------------------------------------------- */

Scenario *edit_draft(App *a) { return &a->shown; }

/* The draft becomes the committed scenario (one undo step); its figures
 * are worked out unless `evaluated` says they are the draft's already (a
 * typed value's preview). */
static bool commit(App *a, bool evaluated, Reaction *r, const char *label)
{
    if (!doc_commit_as(&a->doc, &a->shown, label))
        return false;
    if (!evaluated)
        evaluate(a);
    *r |= keep_selections(a);
    return true;
}

bool edit_commit(App *a, Reaction *r) { return commit(a, false, r, NULL); }

bool edit_commit_as(App *a, Reaction *r, const char *label)
{
    return commit(a, false, r, label);
}

Reaction edit_refused(App *a, const Diag *d)
{
    if (d->path[0])
        return msg_show(a, true, "%s: %s", d->path, d->message);
    return msg_show(a, true, "%s", d->message);
}

/* ---- a value typed in place ---------------------------------------------------- */

/* The typed text into the draft through the edit path, for the field
 * being edited: an optional workload key emptied is given up; a
 * workload's arrivals cell holds its per_day rate or its schedule,
 * whichever it has, so a number (or "N/day") typed there is a rate and
 * anything else a cron schedule. Returns 0, or EXIT_DATAERR with *d saying
 * why (d->path names the cell typed in, or the field a cross-field rule
 * blames). */
static int set_typed(App *a, const char *text, Diag *d)
{
    FieldRef *r = &a->edit_ref;
    Scenario *t = edit_draft(a);
    if (text[0] == '\0' && optional_row(r->row))
        return scenario_unset_ref(t, r, d);
    const Field *alt = field_alternative(r->row);
    if (!alt)
        return scenario_set_ref(t, r, text, d);
    char rate[64];
    size_t tl = strlen(text);
    double v;
    const char *value = text;
    if (tl > 4 && tl < sizeof rate && strcmp(text + tl - 4, "/day") == 0) {
        snprintf(rate, sizeof rate, "%.*s", (int)(tl - 4), text);
        if (num_parse(rate, &v) == 0)
            value = rate; /* the rate as the cell shows it, "12/day" */
    }
    bool is_rate = num_parse(value, &v) == 0;
    const Field *rate_row = r->row->type == FT_TEXT ? alt : r->row;
    FieldRef cell;
    field_ref_init(&cell, is_rate ? rate_row : (rate_row == alt ? r->row : alt), r->index);
    int rc = scenario_set_ref(t, &cell, value, d);
    if (rc && strcmp(d->path, cell.path) == 0)
        snprintf(d->path, sizeof d->path, "%s", r->path);
    if (rc && !is_rate) {
        static const char hint[] = " (or type a number: arrivals a day)";
        size_t ml = strlen(d->message);
        if (ml + sizeof hint <= sizeof d->message)
            memcpy(d->message + ml, hint, sizeof hint);
    }
    return rc;
}

/* Live recompute (DESIGN 8): the text typed so far, when the edit path
 * accepts it, is the draft's value and drives the figures (checked once,
 * worked out once); otherwise the draft keeps the last accepted value,
 * the figures are marked stale and the status line says why. */
static Reaction preview(App *a)
{
    Diag d;
    a->edit_previewed = true;
    if (set_typed(a, a->edit.text, &d) != 0) {
        a->stale = a->edit_bad = true;
        return edit_refused(a, &d) | R_FORM | R_RESULTS;
    }
    evaluate(a);
    a->edit_bad = false;
    msg_clear(a);
    return R_FORM | R_MSG | R_RESULTS | R_CHART;
}

/* The line editor is closed: the figures are the committed scenario's
 * again (worked out again only when the draft holds a typed value). */
static Reaction edit_end(App *a)
{
    a->mode = MODE_NORMAL;
    a->edit_bad = false;
    Reaction r = R_MSG | R_LINE;
    if (scenario_equal(&a->shown, &a->doc.cur)) {
        a->stale = false; /* the committed figures, though a refused key marked them */
        return r | keep_selections(a);
    }
    return r | edit_recompute(a);
}

/* Enter: the previewed value becomes the committed one; its figures are
 * the preview's. A value not previewed yet (Enter at once) is checked
 * here, once; a refused one keeps the editor open with the reason. */
static Reaction commit_typed(App *a, bool *done)
{
    Reaction r = R_NONE;
    *done = false;
    if (!a->edit_previewed || a->edit_bad)
        r |= preview(a);
    if (a->edit_bad)
        return r; /* keep editing; preview said why */
    commit(a, true, &r, NULL);
    *done = true;
    return r | edit_end(a) | msg_clear(a);
}

/* ---- the notes editor ---------------------------------------------------- */

/* The notes row (the one multi-line field). */
static FieldRef notes_ref(void)
{
    FieldRef r;
    field_ref_init(&r, field_find("notes"), 0);
    return r;
}

/* Open the notes editor on field f's whole text (DESIGN 8). A digit typed on
 * the row opens it too, without replacing the notes. */
static Reaction notes_open(App *a, const Field *f)
{
    notes_edit_init(&a->notes, field_get_text(f, &a->doc.cur), (size_t)f->maximum);
    a->mode = MODE_NOTES;
    a->notes_top = 0;
    if (a->notes_width < 1)
        a->notes_width = a->cols > 2 ? a->cols - 2 : 1;
    return msg_show(a, false, "%s: Ctrl-S or Esc keeps the text (u undoes it), Enter "
                   "starts a new line", f->key) | R_FORM | R_RESULTS | R_LINE;
}

Reaction edit_notes_finish(App *a)
{
    if (a->mode != MODE_NOTES)
        return R_NONE;
    FieldRef r = notes_ref();
    const Field *f = field_ref(&r);
    const char *text = notes_edit_result(&a->notes);
    bool same = strcmp(text, field_get_text(f, &a->doc.cur)) == 0;
    Reaction re = R_ALL;
    if (!same) {
        Diag d;
        if (scenario_set_ref(edit_draft(a), &r, text, &d) != 0)
            return edit_refused(a, &d); /* keep editing */
        edit_commit(a, &re);
    }
    a->mode = MODE_NORMAL;
    size_t lines = notes_edit_lines(&a->notes);
    return re | msg_show(a, false, same ? "notes unchanged"
                                       : "notes kept: %zu line%s, %zu characters (u undoes "
                                         "the edit; F2 saves)",
                        lines, lines == 1 ? "" : "s", notes_edit_chars(&a->notes));
}

Reaction edit_notes_key(App *a, int key)
{
    if (keys_lookup_mode(KM_EDIT, key) == ACT_LE_QUIT) {
        /* Quit: the notes are kept first, as one change, then the
         * unsaved-changes question. */
        Reaction r = edit_notes_finish(a);
        return a->mode == MODE_NOTES ? r : r | files_guard(a, PEND_QUIT);
    }
    switch (notes_edit_handle_key(&a->notes, key, a->notes_width)) {
    case NE_CHANGED:
        return R_FORM | msg_clear(a);
    case NE_FULL:
        return R_FORM | msg_show(a, true, "notes: at most %zu characters", a->notes.max_chars);
    case NE_FINISHED:
        return edit_notes_finish(a);
    case NE_HELP:
        dialog_help_modes(&a->dlg); /* the keys of editing and lists */
        return R_ALL;
    case NE_NONE:
    default:
        return R_FORM;
    }
}

/* ---- starting and ending an edit ------------------------------------------- */

/* Editing starts from the whole current value, so the longest one fits. */
_Static_assert(LINE_EDIT_MAX >= SCENARIO_TEXT_BYTES(SCENARIO_NOTES_MAX),
               "the line editor must hold the longest text field");

Reaction edit_start(App *a, int digit)
{
    FieldRef r;
    if (digit)
        risk_panel_digit(a); /* a Risk key cell: the row's first number (DESIGN 8) */
    if (!edit_cur_ref(a, &r)) {
        if (a->panel == PANEL_HYBRID && !a->doc.cur.has_hybrid)
            return msg_show(a, false, "no hybrid plan: a adds one");
        return a->panel == PANEL_RISK ? risk_panel_no_value(a) : R_NONE;
    }
    const Field *f = field_ref(&r);
    if (f->type == FT_BOOL)
        return msg_show(a, false, "%s is yes/no: Space toggles it", f->key);
    if (field_multiline(f))
        return notes_open(a, f);
    if (digit) {
        char d[2] = {(char)digit, '\0'};
        line_edit_init(&a->edit, d);
    } else {
        /* An optional workload key it does not set starts from the value
         * it takes now (the plan's threshold, its mode's price). */
        char val[LINE_EDIT_MAX];
        double v;
        if (hybrid_panel_inherited(a, r.row, &v))
            field_format_double(v, val, sizeof val);
        else
            field_format(f, &a->doc.cur, val, sizeof val);
        line_edit_init(&a->edit, val);
    }
    a->edit_ref = r;
    a->mode = MODE_EDIT;
    a->edit_bad = a->edit_previewed = false;
    Reaction re = msg_clear(a) | R_FORM | R_LINE;
    /* An optional workload or group key says how to give it up again. */
    if ((edit_cur_workload(a) >= 0 || hybrid_panel_group(a) >= 0) && optional_row(r.row))
        re |= msg_show(a, false, "%s: empty unsets it (the value in parentheses)", r.path);
    if (digit)
        re |= preview(a);
    return re;
}

/* F10 while a value is typed: commit it, then quit as F10 does (asking
 * about unsaved changes); a refused value stays in the editor, and the
 * message says why the planner did not quit. */
static Reaction quit_typed(App *a)
{
    bool done;
    Reaction r = commit_typed(a, &done);
    if (!done)
        return r | msg_show(a, true, "not quitting: %s (fix the value, or Esc drops it)",
                           a->msg.text);
    return r | files_guard(a, PEND_QUIT);
}

Reaction edit_key(App *a, int key)
{
    switch (keys_lookup_mode(KM_EDIT, key)) {
    case ACT_LE_HELP:
        dialog_help_modes(&a->dlg); /* the keys of editing and lists */
        return R_ALL;
    case ACT_LE_QUIT:
        return quit_typed(a);
    default:
        break;
    }
    bool done;
    switch (line_edit_handle_key(&a->edit, key)) {
    case LE_CHANGED:
        return preview(a);
    case LE_COMMITTED:
        return commit_typed(a, &done);
    case LE_CANCELLED:
        return edit_end(a) | msg_clear(a);
    case LE_NONE:
    default:
        return R_FORM;
    }
}

/* ---- nudges, toggles, :set --------------------------------------------------- */

/* Nudge field r by `steps`, one undo step. */
static Reaction nudge_ref(App *a, FieldRef *r, int steps)
{
    char text[64];
    Diag d;
    /* An optional workload key it does not set moves from the value it
     * takes now; the nudged value is then its own. */
    double v;
    int rc = hybrid_panel_inherited(a, r->row, &v)
                 ? scenario_nudge_text_from(r, &a->doc.cur, v, steps, text,
                                            sizeof text, &d)
                 : scenario_nudge_text(r, &a->doc.cur, steps, text, sizeof text,
                                       &d);
    if (rc != 0)
        return msg_show(a, false, "%s", d.message);
    if (scenario_set_ref(edit_draft(a), r, text, &d) != 0)
        return edit_refused(a, &d);
    Reaction re = R_NONE;
    edit_commit(a, &re);
    return re;
}

Reaction edit_nudge(App *a, int steps)
{
    FieldRef r;
    if (!edit_cur_ref(a, &r))
        return R_NONE;
    return nudge_ref(a, &r, steps);
}

Reaction edit_toggle(App *a)
{
    FieldRef r;
    if (!edit_cur_ref(a, &r))
        return R_NONE;
    const Field *f = field_ref(&r);
    if (f->type != FT_BOOL && f->type != FT_CHOICE)
        return msg_show(a, false, "Space toggles a yes/no field and cycles a choice; %s is "
                       "neither (Enter edits it)", f->key);
    Reaction re = nudge_ref(a, &r, 1);
    /* Say what it became: one undo step takes it back. */
    if (!(re & R_MSG) || !a->msg.text[0]) {
        char v[64];
        f = field_ref(&r);
        if (f->type == FT_BOOL)
            snprintf(v, sizeof v, "%s", field_get_num(f, &a->doc.cur) != 0 ? "yes" : "no");
        else
            field_format(f, &a->doc.cur, v, sizeof v);
        re |= msg_show(a, false, "%s = %s (u undoes)", r.path, v);
    }
    return re;
}

bool edit_goto_key(App *a, const char *cmd, const char *key, Reaction *r)
{
    FieldRef f;
    Diag d;
    if (field_resolve(key, &f, &d) != 0) {
        *r |= msg_show(a, true, "%s: %s", cmd, d.message);
        return false;
    }
    if (field_exists(&f, &a->doc.cur, &d) != 0) {
        *r |= msg_show(a, true, "%s: %s", f.path, d.message);
        return false;
    }
    Panel p;
    size_t row, col;
    form_locate_ref(&a->doc.cur, &f, &p, &row, &col);
    a->panel = p;
    a->sel[p] = row;
    if (f.row->list)
        a->hcol = col;
    *r |= R_FORM | R_TITLE | R_RESULTS | R_MSG | R_LINE;
    return true;
}

Reaction edit_set_key(App *a, const char *key, const char *val)
{
    FieldRef r;
    Diag d;
    if (field_resolve(key, &r, &d) != 0)
        return msg_show(a, true, "set: %s", d.message);
    if (scenario_set_ref(edit_draft(a), &r, val, &d) != 0) {
        char why[sizeof d.path + sizeof d.message + 8];
        diag_format(&d, why, sizeof why); /* "path: message" */
        return msg_show(a, true, "set: %s", why);
    }
    Reaction re = R_NONE;
    edit_commit(a, &re);
    char v[128];
    field_format(field_ref(&r), &a->doc.cur, v, sizeof v);
    /* The selection stays: say where the field set is when it is not the
     * one selected, and which one the next nudge moves. */
    FieldRef cur;
    bool have = edit_cur_ref(a, &cur);
    if (have && cur.row == r.row && cur.index == r.index)
        return re | msg_show(a, false, "%s = %s", r.path, v);
    Panel p;
    size_t row, col;
    form_locate_ref(&a->doc.cur, &r, &p, &row, &col);
    char where[64] = "";
    if (p != a->panel)
        snprintf(where, sizeof where, " (%s panel)", panel_name(p));
    if (have)
        return re | msg_show(a, false, "%s = %s%s; still on %s", r.path, v, where, cur.path);
    return re | msg_show(a, false, "%s = %s%s", r.path, v, where);
}

Reaction edit_undo(App *a, bool redo)
{
    size_t left;
    if (!(redo ? doc_redo(&a->doc, &left) : doc_undo(&a->doc, &left)))
        return msg_show(a, false, "nothing to %s", redo ? "redo" : "undo");
    /* The draft is still the scenario as it was before the step. */
    char what[300];
    if (!scenario_change_text(&a->shown, &a->doc.cur, term_utf8() ? "\u2192" : "->",
                              what, sizeof what))
        snprintf(what, sizeof what, "no value differs");
    const char *label = doc_step_label(&a->doc, redo);
    if (label[0]) { /* "undone: measure jobs.csv: Utilization 27.3 -> 42 ..." */
        char said[sizeof what];
        msg_format(said, sizeof said, "%s: %s", label, what);
        memcpy(what, said, sizeof what);
    }
    const char *done = redo ? "redone" : "undone";
    Reaction r = edit_recompute(a);
    if (left)
        return r | msg_show(a, false, "%s: %s (%zu more to %s)", done, what, left,
                           redo ? "redo" : "undo");
    return r | msg_show(a, false, "%s: %s", done, what);
}

const Scenario *edit_kept(const App *a, Scenario *scratch)
{
    if (a->mode == MODE_NOTES) {
        /* The notes being typed: they are text, checked as they are typed. */
        FieldRef r = notes_ref();
        Diag d;
        *scratch = a->doc.cur;
        if (scenario_set_ref(scratch, &r, a->notes.text, &d) == 0)
            return scratch;
    }
    if (a->mode == MODE_EDIT && !a->stale)
        return &a->shown;
    return &a->doc.cur;
}
