/* edit.c: the planner's changes to the scenario: typing, nudges, :set,
 * undo, and the check before each commit. */
#include "config.h"

#include "edit.h"

#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "form.h"
#include "hybrid_fields.h"
#include "hybrid_panel.h"
#include "keys.h"
#include "numfmt.h"

static const Field *panel_field(Panel p, size_t row)
{
    const Field *rows[64];
    size_t n = form_fields(p, rows, 64);
    if (n > 64)
        n = 64;
    return row < n ? rows[row] : NULL;
}

size_t edit_panel_rows(const App *a)
{
    if (a->panel == PANEL_HYBRID)
        return form_hybrid_rows(&a->doc.cur);
    return form_fields(a->panel, NULL, 0);
}

long edit_cur_workload(const App *a)
{
    if (a->panel != PANEL_HYBRID || !a->doc.cur.has_hybrid)
        return -1;
    size_t row = a->sel[PANEL_HYBRID];
    if (row < FORM_HYBRID_SCALARS || row >= form_hybrid_rows(&a->doc.cur))
        return -1;
    return (long)(row - FORM_HYBRID_SCALARS);
}

const Field *edit_cur_field(const App *a)
{
    if (a->panel == PANEL_HYBRID) {
        /* Built on demand; valid until the next call. */
        static Field hf;
        static char path[96];
        if (!a->doc.cur.has_hybrid ||
            !form_hybrid_field(&a->doc.cur, a->sel[PANEL_HYBRID], a->hcol, &hf, path,
                               sizeof path))
            return NULL;
        return &hf;
    }
    return panel_field(a->panel, a->sel[a->panel]);
}

/* The hybrid figures of a->shown, on the scratch allocated at start. */
static void evaluate_hybrid(App *a)
{
    if (a->shown.has_hybrid && a->hscratch_ok)
        hybrid_evaluate(&a->shown, &a->shown.hybrid, &a->hres, &a->hscratch);
    else if (!a->shown.has_hybrid)
        a->chart_hybrid = false;
}

Reaction edit_recompute(App *a)
{
    a->shown = a->doc.cur;
    cost_evaluate(&a->shown, &a->res);
    evaluate_hybrid(a);
    a->stale = false;
    /* The plan may have lost rows (undo of an add, another file): keep the
     * Hybrid selection on a row that exists. */
    size_t rows = form_hybrid_rows(&a->doc.cur);
    if (a->sel[PANEL_HYBRID] >= rows)
        a->sel[PANEL_HYBRID] = rows ? rows - 1 : 0;
    return R_RESULTS | R_CHART | R_FORM | R_TITLE | R_MSG;
}

/* The workload index and key number of a "hybrid.workloads[N].KEY" field;
 * false for other fields. */
static bool workload_key(const Field *f, size_t *index, int *which)
{
    return hybrid_parse_key(f->key, index, which) == HK_WORKLOAD;
}

/* field_set() with the hybrid rules (hybrid_set_workload). A workload's
 * arrivals column holds its per_day rate or its schedule, whichever it
 * has: a number (or "N/day") typed there is a rate, anything else a cron
 * schedule. */
static bool field_set_any(const Field *f, Scenario *t, const char *text, char *m,
                          size_t n)
{
    size_t i;
    int which;
    if (!workload_key(f, &i, &which) || i >= t->hybrid.workload_count)
        return field_set(f, t, text, m, n);
    if (which != HW_SCHEDULE && which != HW_PER_DAY)
        return hybrid_set_workload(t, i, which, text, m, n);
    /* The rate as the cell shows it, "12/day", is a rate too. */
    char rate[64];
    size_t tl = strlen(text);
    double v;
    if (tl > 4 && tl < sizeof rate && strcmp(text + tl - 4, "/day") == 0) {
        snprintf(rate, sizeof rate, "%.*s", (int)(tl - 4), text);
        if (num_parse(rate, &v) == 0)
            return hybrid_set_workload(t, i, HW_PER_DAY, rate, m, n);
    }
    if (num_parse(text, &v) == 0)
        return hybrid_set_workload(t, i, HW_PER_DAY, text, m, n);
    char why[400];
    if (hybrid_set_workload(t, i, HW_SCHEDULE, text, why, sizeof why))
        return true;
    snprintf(m, n, "%s (or type a number: arrivals a day)", why);
    return false;
}

/* The cross-field rules of a whole scenario: true, or false with the
 * message "KEY: why" in m (`key` names the field being edited when the
 * rule does not name one). */
static bool check_scenario(const Scenario *t, const char *key, char *m, size_t n)
{
    const Field *bad = NULL;
    char why[512];
    if (!scenario_validate(t, &bad, why, sizeof why)) {
        snprintf(m, n, "%s: %s", bad ? bad->key : key, why);
        return false;
    }
    if (!hybrid_check_nodes(t, why, sizeof why)) {
        snprintf(m, n, "%s: %s", key, why);
        return false;
    }
    return true;
}

bool edit_apply(App *a, const Scenario *t, Reaction *r)
{
    const Field *bad = NULL;
    char m[512];
    if (!scenario_validate(t, &bad, m, sizeof m)) {
        *r |= app_msg(a, true, "%s: %s", bad ? bad->key : "scenario", m);
        return false;
    }
    if (!hybrid_check_nodes(t, m, sizeof m)) {
        *r |= app_msg(a, true, "hybrid.onprem_nodes: %s", m);
        return false;
    }
    if (doc_commit(&a->doc, t))
        *r |= edit_recompute(a);
    return true;
}

/* Live recompute (SPEC 8): the partial value, when it parses and passes the
 * cross-field rules, drives the results; otherwise they are marked stale and
 * the status line says why. */
static Reaction preview(App *a)
{
    const Field *f = edit_cur_field(a);
    Scenario t = a->doc.cur;
    char m[1024];
    if (!field_set_any(f, &t, a->edit.text, m, sizeof m)) {
        a->stale = a->edit_bad = true;
        app_msg(a, true, "%s: %s", f->key, m);
        return R_FORM | R_MSG | R_RESULTS;
    }
    if (!check_scenario(&t, f->key, m, sizeof m)) {
        a->stale = a->edit_bad = true;
        app_msg(a, true, "%s", m);
        return R_FORM | R_MSG | R_RESULTS;
    }
    a->shown = t;
    cost_evaluate(&a->shown, &a->res);
    evaluate_hybrid(a);
    a->stale = a->edit_bad = false;
    app_msg_clear(a);
    return R_FORM | R_MSG | R_RESULTS | R_CHART;
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
        if (edit_cur_workload(a) >= 0)
            return app_msg(a, false, "r cycles run, m cycles cloud_mode");
        return R_NONE;
    }
    if (f->type == FT_BOOL)
        return app_msg(a, false, "%s is yes/no: Space toggles it", f->key);
    char val[LINE_EDIT_MAX];
    if (digit) {
        char d[2] = {(char)digit, '\0'};
        line_edit_init(&a->edit, d);
    } else {
        field_format(f, &a->doc.cur, val, sizeof val);
        line_edit_init(&a->edit, val);
    }
    a->editing = true;
    a->edit_bad = false;
    Reaction r = app_msg_clear(a) | R_FORM | R_LINE;
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
        char m[512];
        Reaction r = R_NONE;
        if (!field_set_any(f, &t, a->edit.text, m, sizeof m))
            return app_msg(a, true, "%s: %s", f->key, m); /* keep editing */
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

/* Decimal places of a step such as 0.05 (2), so nudges stay on round
 * values instead of collecting binary fractions. */
static int step_decimals(double step)
{
    char buf[64];
    field_format_double(step, buf, sizeof buf);
    const char *dot = strchr(buf, '.');
    return dot ? (int)strlen(dot + 1) : 0;
}

Reaction edit_nudge(App *a, int steps)
{
    const Field *f = edit_cur_field(a);
    if (!f)
        return R_NONE;
    Scenario t = a->doc.cur;
    if (f->type == FT_BOOL) {
        bool *b = field_bool(f, &t);
        *b = !*b;
    } else if (f->type == FT_CHOICE) {
        /* A choice cycles through its words, both ways. */
        long n = (long)field_choice_count(f);
        long i = ((long)field_get_num(f, &t) + steps % n + n) % n;
        field_put_num(f, &t, (double)i);
    } else if (f->type == FT_TEXT || f->step <= 0) {
        return app_msg(a, false, "%s is text: Enter edits it", f->key);
    } else {
        double old = field_get_num(f, &t);
        double v = old + steps * f->step;
        if (v > f->maximum)
            v = f->maximum;
        if (v < f->minimum)
            v = f->minimum;
        char buf[64];
        num_snprintf(buf, sizeof buf, "%.*f", step_decimals(f->step), v);
        double r;
        if (num_parse(buf, &r) == 0 && r >= f->minimum && r <= f->maximum)
            v = r;
        if (v == old) {
            char lim[64];
            field_format_double(old, lim, sizeof lim);
            return app_msg(a, false, "%s is at its %s, %s", f->key,
                           steps > 0 ? "maximum" : "minimum", lim);
        }
        *field_num(f, &t) = v;
    }
    char m[512];
    if (f->type != FT_BOOL && !field_check_num(f, field_get_num(f, &t), m, sizeof m))
        return app_msg(a, true, "%s: %s", f->key, m);
    size_t wi;
    int which;
    if (workload_key(f, &wi, &which) &&
        !hybrid_check_workload_num(which, field_get_num(f, &t), m, sizeof m))
        return app_msg(a, true, "%s: %s", f->key, m);
    Reaction r = R_NONE;
    edit_apply(a, &t, &r);
    return r;
}

Reaction edit_toggle(App *a)
{
    const Field *f = edit_cur_field(a);
    if (f && f->type == FT_BOOL)
        return edit_nudge(a, 1);
    if (f)
        return app_msg(a, false, "%s is not a yes/no field", f->key);
    return R_NONE;
}

Reaction edit_select_field(App *a, const Field *f)
{
    Panel p;
    size_t row;
    form_locate(f, &p, &row);
    a->panel = p;
    a->sel[p] = row;
    return R_FORM | R_TITLE | R_MSG;
}

/* :set hybrid.KEY=VALUE (hybrid_set), then show that row of the Hybrid
 * panel. */
static Reaction set_hybrid(App *a, const char *key, const char *val)
{
    Scenario t = a->doc.cur;
    char m[512];
    Reaction r = R_NONE;
    if (!hybrid_set(&t, key, val, m, sizeof m))
        return app_msg(a, true, "%s: %s", key, m);
    if (edit_apply(a, &t, &r) && hybrid_panel_goto(a, key, &r))
        r |= app_msg(a, false, "%s = %s", key, val);
    return r;
}

Reaction edit_set_key(App *a, const char *key, const char *val)
{
    if (hybrid_panel_key(key))
        return set_hybrid(a, key, val);
    const Field *f = field_find(key);
    if (!f) {
        const char *s = field_suggest(key, "");
        return app_msg(a, true, "set: unknown field '%s'%s%s%s", key,
                       s ? " (did you mean " : "", s ? s : "", s ? "?)" : "");
    }
    Scenario t = a->doc.cur;
    char m[512];
    if (!field_set(f, &t, val, m, sizeof m))
        return app_msg(a, true, "%s: %s", f->key, m);
    Reaction r = R_NONE;
    if (edit_apply(a, &t, &r)) {
        r |= edit_select_field(a, f);
        char v[128];
        field_format(f, &a->doc.cur, v, sizeof v);
        r |= app_msg(a, false, "%s = %s", f->key, v);
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
    if (a->editing && !a->stale)
        return &a->shown;
    return &a->doc.cur;
}
