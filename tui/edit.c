/* edit.c: the planner's changes to the scenario: typing, nudges, :set,
 * undo, and the check before each commit. */
#include "config.h"

#include "edit.h"

#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "form.h"
#include "hybrid_panel.h"
#include "list_panel.h"
#include "risk_panel.h"
#include "keys.h"
#include "numfmt.h"
#include "scenario_edit.h"

static const Field *panel_field(Panel p, size_t row)
{
    const Field *rows[64];
    size_t n = form_fields(p, rows, 64);
    if (n > 64)
        n = 64;
    return row < n ? rows[row] : NULL;
}

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

const Field *edit_cur_field(const App *a)
{
    if (a->panel == PANEL_HYBRID) {
        /* Resolved on demand; valid until the next call. */
        static FieldRef r;
        if (!a->doc.cur.has_hybrid ||
            !form_hybrid_ref(&a->doc.cur, a->sel[PANEL_HYBRID], a->hcol, &r))
            return NULL;
        return field_ref(&r);
    }
    if (a->panel == PANEL_RISK) {
        static FieldRef r;
        if (!risk_panel_ref(&a->doc.cur, a->sel[PANEL_RISK], a->hcol, &r))
            return NULL;
        return field_ref(&r);
    }
    return panel_field(a->panel, a->sel[a->panel]);
}

/* The hybrid figures of a->shown, beside the loop (hybrid_work.h): a
 * small plan's arrive before the frame is drawn, a large one's later
 * (edit_hybrid_done). */
static void evaluate_hybrid(App *a)
{
    if (a->shown.has_hybrid && a->hwork.ok) {
        hybrid_work_submit(&a->hwork, &a->shown, &a->hres);
        return;
    }
    hybrid_work_cancel(&a->hwork);
    if (!a->shown.has_hybrid)
        a->chart_hybrid = false;
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

Reaction edit_hybrid_done(App *a)
{
    hybrid_keep_selection(a); /* the figures may hold fewer warnings */
    return R_RESULTS | R_FORM | R_CHART;
}

Reaction edit_recompute(App *a)
{
    a->shown = a->doc.cur;
    cost_evaluate(&a->shown, &a->res);
    horizon_evaluate(&a->shown, &a->horizon.result, &a->horizon.cum);
    evaluate_hybrid(a);
    a->stale = false;
    /* A list may have lost rows (undo of an add, another file): keep the
     * list panels' selections on rows that exist; the Hybrid panel's
     * warnings keep their number among the warnings. */
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

/* The edit path (scenario_set) for field f, typed as text. A workload's
 * arrivals column holds its per_day rate or its schedule, whichever it
 * has: a number (or "N/day") typed there is a rate, anything else a cron
 * schedule. Returns 0, or EXIT_DATAERR with *d saying why (d->path names
 * the cell typed in, or the field a cross-field rule blames). */
static int set_typed(const Field *f, Scenario *t, const char *text, Diag *d)
{
    FieldRef r;
    char m[256];
    /* An optional key emptied is not given any more (field_unset); the
     * cross-field rules follow in edit_apply, as for any change. */
    if (text[0] == '\0' && field_resolve(f->key, &r, m, sizeof m) && field_unset(&r, t))
        return 0;
    if (!field_resolve(f->key, &r, m, sizeof m) || !field_alternative(r.row))
        return scenario_set(t, f->key, text, d);
    char rate[64], key[FIELD_PATH_MAX];
    size_t tl = strlen(text);
    double v;
    const char *value = text;
    if (tl > 4 && tl < sizeof rate && strcmp(text + tl - 4, "/day") == 0) {
        snprintf(rate, sizeof rate, "%.*s", (int)(tl - 4), text);
        if (num_parse(rate, &v) == 0)
            value = rate; /* the rate as the cell shows it, "12/day" */
    }
    bool is_rate = num_parse(value, &v) == 0;
    snprintf(key, sizeof key, "%s[%zu].%s", r.row->list->key, r.index,
             is_rate ? "per_day" : "schedule");
    int rc = scenario_set(t, key, value, d);
    if (rc && strcmp(d->path, key) == 0)
        snprintf(d->path, sizeof d->path, "%s", f->key);
    if (rc && !is_rate) {
        size_t ml = strlen(d->message);
        snprintf(d->message + ml, sizeof d->message - ml,
                 " (or type a number: arrivals a day)");
    }
    return rc;
}

bool edit_apply(App *a, const Scenario *t, Reaction *r)
{
    Diag d;
    if (scenario_check(t, &d) != 0) {
        *r |= app_msg(a, true, "%s: %s", d.path, d.message);
        return false;
    }
    if (doc_commit(&a->doc, t))
        *r |= edit_recompute(a);
    return true;
}

/* Live recompute (DESIGN 8): the partial value, when it parses and passes the
 * cross-field rules, drives the results; otherwise they are marked stale and
 * the status line says why. */
static Reaction preview(App *a)
{
    const Field *f = edit_cur_field(a);
    Scenario t = a->doc.cur;
    Diag d;
    if (set_typed(f, &t, a->edit.text, &d) != 0) {
        a->stale = a->edit_bad = true;
        app_msg(a, true, "%s: %s", d.path, d.message);
        return R_FORM | R_MSG | R_RESULTS;
    }
    a->shown = t;
    cost_evaluate(&a->shown, &a->res);
    horizon_evaluate(&a->shown, &a->horizon.result, &a->horizon.cum);
    evaluate_hybrid(a);
    a->stale = a->edit_bad = false;
    app_msg_clear(a);
    return R_FORM | R_MSG | R_RESULTS | R_CHART;
}

/* ---- the notes editor ---------------------------------------------------- */

/* Open the notes editor on field f's whole text (DESIGN 8). A digit typed on
 * the row opens it too, without replacing the notes. */
static Reaction notes_open(App *a, const Field *f)
{
    notes_edit_init(&a->notes, field_get_text(f, &a->doc.cur), (size_t)f->maximum);
    a->notes_open = true;
    a->notes_top = 0;
    if (a->notes_width < 1)
        a->notes_width = a->cols > 2 ? a->cols - 2 : 1;
    return app_msg(a, false, "%s: Ctrl-S or Esc keeps the text (u undoes it), Enter "
                   "starts a new line", f->key) | R_FORM | R_RESULTS | R_LINE;
}

Reaction edit_notes_finish(App *a)
{
    if (!a->notes_open)
        return R_NONE;
    const Field *f = field_find("notes");
    Scenario t = a->doc.cur;
    Diag d;
    if (!f)
        return R_NONE;
    if (scenario_set(&t, f->key, a->notes.text, &d) != 0)
        return app_msg(a, true, "%s: %s", d.path, d.message); /* keep editing */
    bool same = strcmp(field_get_text(f, &t), field_get_text(f, &a->doc.cur)) == 0;
    Reaction r = R_ALL;
    if (!same && !edit_apply(a, &t, &r))
        return r;
    a->notes_open = false;
    return r | app_msg(a, false, same ? "notes unchanged"
                                      : "notes kept: %zu lines, %zu characters (u undoes "
                                        "the edit; F2 saves)",
                       notes_edit_lines(&a->notes), notes_edit_chars(&a->notes));
}

Reaction edit_notes_key(App *a, int key)
{
    switch (notes_edit_handle_key(&a->notes, key, a->notes_width)) {
    case NE_CHANGED:
        return R_FORM | app_msg_clear(a);
    case NE_FULL:
        return R_FORM | app_msg(a, true, "notes: at most %zu characters", a->notes.max_chars);
    case NE_FINISHED:
        return edit_notes_finish(a);
    case NE_HELP:
        return commands_show_mode_help(a);
    case NE_NONE:
    default:
        return R_FORM;
    }
}

/* Editing starts from the whole current value, so the longest one fits. */
_Static_assert(LINE_EDIT_MAX >= SCENARIO_TEXT_BYTES(SCENARIO_NOTES_MAX),
               "the line editor must hold the longest text field");

Reaction edit_start(App *a, int digit)
{
    const Field *f = edit_cur_field(a);
    if (!f) {
        if (a->panel == PANEL_HYBRID && !a->doc.cur.has_hybrid)
            return app_msg(a, false, "no hybrid plan: a adds one");
        if (a->panel == PANEL_RISK && !a->doc.cur.has_uncertainty)
            return app_msg(a, false, "no uncertainty ranges: a adds them");
        return R_NONE;
    }
    if (f->type == FT_BOOL)
        return app_msg(a, false, "%s is yes/no: Space toggles it", f->key);
    if (field_multiline(f))
        return notes_open(a, f);
    char val[LINE_EDIT_MAX];
    if (digit) {
        char d[2] = {(char)digit, '\0'};
        line_edit_init(&a->edit, d);
    } else {
        /* An optional workload key it does not set starts from the value
         * it takes now (the plan's threshold, its mode's price). */
        double v;
        long wi = edit_cur_workload(a);
        FieldRef r;
        char m[256];
        if (wi >= 0 && field_resolve(f->key, &r, m, sizeof m) &&
            form_hybrid_inherited(&a->doc.cur, (size_t)wi, r.row, &v))
            field_format_double(v, val, sizeof val);
        else
            field_format(f, &a->doc.cur, val, sizeof val);
        line_edit_init(&a->edit, val);
    }
    a->editing = true;
    a->edit_bad = false;
    Reaction r = app_msg_clear(a) | R_FORM | R_LINE;
    /* An optional workload key says how to give it up again. */
    FieldRef opt;
    char om[256];
    Scenario probe = a->doc.cur;
    if (edit_cur_workload(a) >= 0 && field_resolve(f->key, &opt, om, sizeof om) &&
        field_unset(&opt, &probe))
        r |= app_msg(a, false, "%s: empty unsets it (the value in parentheses)", f->key);
    if (digit)
        r |= preview(a);
    return r;
}

static Reaction edit_end(App *a)
{
    a->editing = a->edit_bad = false;
    return edit_recompute(a) | R_MSG | R_LINE;
}

Reaction edit_key(App *a, int key)
{
    if (keys_lookup_mode(KM_EDIT, key) == ACT_LE_HELP)
        return commands_show_mode_help(a);
    switch (line_edit_handle_key(&a->edit, key)) {
    case LE_CHANGED:
        return preview(a);
    case LE_COMMITTED: {
        const Field *f = edit_cur_field(a);
        Scenario t = a->doc.cur;
        Diag d;
        Reaction r = R_NONE;
        if (set_typed(f, &t, a->edit.text, &d) != 0)
            return app_msg(a, true, "%s: %s", d.path, d.message); /* keep editing */
        if (!edit_apply(a, &t, &r))
            return r;
        r |= edit_end(a);
        return r | app_msg_clear(a);
    }
    case LE_CANCELLED:
        return edit_end(a) | app_msg_clear(a);
    case LE_NONE:
    default:
        return R_FORM;
    }
}

Reaction edit_nudge(App *a, int steps)
{
    const Field *f = edit_cur_field(a);
    if (!f)
        return R_NONE;
    FieldRef ref;
    char text[64], m[256];
    Diag d;
    Scenario t = a->doc.cur;
    if (!field_resolve(f->key, &ref, m, sizeof m))
        return app_msg(a, false, "%s", m);
    /* An optional workload key it does not set moves from the value it
     * takes now; the nudged value is then its own. */
    double v;
    long wi = edit_cur_workload(a);
    Scenario from = t;
    if (wi >= 0 && form_hybrid_inherited(&t, (size_t)wi, ref.row, &v))
        field_put_num(field_ref(&ref), &from, v);
    if (!scenario_nudge_text(&ref, &from, steps, text, sizeof text, m, sizeof m))
        return app_msg(a, false, "%s", m);
    if (scenario_set_ref(&t, &ref, text, &d) != 0)
        return app_msg(a, true, "%s: %s", d.path, d.message);
    Reaction r = R_NONE;
    edit_apply(a, &t, &r);
    return r;
}

Reaction edit_toggle(App *a)
{
    const Field *f = edit_cur_field(a);
    if (!f)
        return R_NONE;
    if (f->type != FT_BOOL && f->type != FT_CHOICE)
        return app_msg(a, false, "Space toggles a yes/no field and cycles a choice; %s is "
                       "neither (Enter edits it)", f->key);
    char key[FIELD_PATH_MAX];
    snprintf(key, sizeof key, "%s", f->key);
    Reaction r = edit_nudge(a, 1);
    /* Say what it became: one undo step takes it back. */
    if (!(r & R_MSG) || !a->msg[0]) {
        FieldRef ref;
        char v[64], m[256];
        if (field_resolve(key, &ref, m, sizeof m)) {
            const Field *g = field_ref(&ref);
            if (g->type == FT_BOOL)
                snprintf(v, sizeof v, "%s", field_get_num(g, &a->doc.cur) != 0 ? "yes" : "no");
            else
                field_format(g, &a->doc.cur, v, sizeof v);
            r |= app_msg(a, false, "%s = %s (u undoes)", key, v);
        }
    }
    return r;
}

bool edit_goto_key(App *a, const char *cmd, const char *key, Reaction *r)
{
    FieldRef f;
    char m[512];
    if (!field_resolve(key, &f, m, sizeof m)) {
        *r |= app_msg(a, true, "%s: %s", cmd, m);
        return false;
    }
    if (!field_exists(&f, &a->doc.cur, m, sizeof m)) {
        *r |= app_msg(a, true, "%s: %s", f.path, m);
        return false;
    }
    Panel p;
    size_t row, col;
    form_locate_ref(&f, &p, &row, &col);
    a->panel = p;
    a->sel[p] = row;
    if (f.row->list)
        a->hcol = col;
    *r |= R_FORM | R_TITLE | R_RESULTS | R_MSG | R_LINE;
    return true;
}

Reaction edit_set_key(App *a, const char *key, const char *val)
{
    Scenario t = a->doc.cur;
    Diag d;
    if (scenario_set(&t, key, val, &d) != 0) {
        char why[sizeof d.path + sizeof d.message + 8];
        diag_format(&d, why, sizeof why); /* "path: message" */
        return app_msg(a, true, "set: %s", why);
    }
    Reaction r = R_NONE;
    if (edit_apply(a, &t, &r) && edit_goto_key(a, "set", key, &r)) {
        FieldRef f;
        char v[128], m[256];
        if (field_resolve(key, &f, m, sizeof m)) {
            field_format(field_ref(&f), &a->doc.cur, v, sizeof v);
            r |= app_msg(a, false, "%s = %s", f.path, v);
        }
    }
    return r;
}

Reaction edit_undo(App *a, bool redo)
{
    size_t left;
    if (!(redo ? doc_redo(&a->doc, &left) : doc_undo(&a->doc, &left)))
        return app_msg(a, false, "nothing to %s", redo ? "redo" : "undo");
    return edit_recompute(a) |
           app_msg(a, false, "%s (%zu more)", redo ? "redone" : "undone", left);
}

const Scenario *edit_kept(const App *a)
{
    if (a->notes_open) {
        /* The notes being typed: they are text, checked as they are typed. */
        static Scenario kept;
        const Field *f = field_find("notes");
        char m[256];
        kept = a->doc.cur;
        if (f && field_set(f, &kept, a->notes.text, m, sizeof m))
            return &kept;
    }
    if (a->editing && !a->stale)
        return &a->shown;
    return &a->doc.cur;
}
