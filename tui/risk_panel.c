/* risk_panel.c: the Risk panel's rows, drawing and adding (DESIGN 2.8, 8);
 * see risk_panel.h. */
#include "config.h"

#include "risk_panel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edit.h"
#include "form.h"
#include "form_text.h"
#include "list_panel.h"
#include "msg.h"
#include "numfmt.h"
#include "risk.h"
#include "risk_pairs.h"
#include "scenario_edit.h"
#include "term.h"
#include "uncertainty.h"
#include "utf8.h"
#include "wrap.h"

/* The leaf of each cell of an input's row. */
static const char *const cell_leaf[RISK_COLS] = {"key", "low", "mode", "high"};

/* Row k of the section's scalars (draws, seed), or NULL. */
static const Field *scalar_row(size_t k)
{
    size_t n = 0;
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].scope == FS_UNCERTAINTY && !field_table[i].list &&
            n++ == k)
            return &field_table[i];
    return NULL;
}

/* The row of the inputs' list behind cell c: found once in the registry. */
static const Field *cell_row(size_t c)
{
    static const Field *rows[RISK_COLS];
    if (!rows[c])
        for (size_t i = 0; i < field_count; i++)
            if (field_table[i].list == &field_list_inputs &&
                strcmp(field_leaf(&field_table[i]), cell_leaf[c]) == 0)
                rows[c] = &field_table[i];
    return rows[c];
}

bool risk_panel_ref(const Scenario *s, size_t row, size_t col, FieldRef *r)
{
    if (!s->has_uncertainty)
        return false;
    if (row < RISK_SCALARS) {
        const Field *f = scalar_row(row);
        if (f)
            field_ref_init(r, f, 0);
        return f != NULL;
    }
    size_t i = row - RISK_SCALARS, first = risk_pairs_heading_row(s);
    if (row > first) /* a pair's row; the heading holds no field */
        return risk_pairs_ref(s, row - first - 1, col, r);
    if (i >= s->uncertainty.input_count || col >= RISK_COLS || !cell_row(col))
        return false;
    field_ref_init(r, cell_row(col), i);
    return true;
}

size_t risk_panel_rows(const Scenario *s)
{
    if (!s->has_uncertainty)
        return 0;
    return RISK_SCALARS + s->uncertainty.input_count + risk_pairs_rows(s);
}

size_t risk_panel_lines(const Scenario *s)
{
    return s->has_uncertainty ? risk_panel_rows(s) + 1 : 0;
}

void risk_panel_locate(const Scenario *s, const FieldRef *r, size_t *row,
                       size_t *col)
{
    *row = *col = 0;
    if (r->row->list == &field_list_pairs) {
        *row = risk_pairs_heading_row(s) + 1 + r->index;
        *col = risk_pairs_col(r);
        return;
    }
    if (r->row->list) {
        *row = RISK_SCALARS + r->index;
        for (size_t c = 0; c < RISK_COLS; c++)
            if (cell_row(c) == r->row)
                *col = c;
        return;
    }
    for (size_t k = 0; scalar_row(k); k++)
        if (scalar_row(k) == r->row)
            *row = k;
}

void risk_panel_digit(App *a)
{
    if (a->panel != PANEL_RISK)
        return;
    if (a->hcol == RISK_COL_KEY && list_panel_item(a) >= 0)
        a->hcol = RISK_COL_LOW;
    if (a->hcol < RISK_PAIR_RHO && risk_pairs_selected(a) >= 0)
        a->hcol = RISK_PAIR_RHO;
}

Reaction risk_panel_no_value(App *a)
{
    if (!a->doc.cur.has_uncertainty)
        return msg_show(a, false, "no uncertainty ranges: a adds them");
    return msg_show(a, false, "the pairs' heading has no value: a adds a pair of inputs "
                    "drawn together, Down selects the pairs");
}

void risk_panel_put_right(WINDOW *w, int y, int x, int cols, const char *text)
{
    int tw = utf8_width(text);
    if (tw <= cols) {
        mvwaddstr(w, y, x + cols - tw, text);
        return;
    }
    const char *ell = term_ellipsis();
    form_put_clipped(w, y, x, text, cols - utf8_width(ell));
    waddstr(w, ell);
}

void risk_panel_put_edit(WINDOW *w, int y, int x, int cols, const LineEdit *e,
                         bool bad)
{
    int ea = term_attr(bad ? TS_STALE : TS_EDIT);
    wattrset(w, ea);
    mvwhline(w, y, x, ' ', cols);
    int cx = form_put_edit(w, y, x, e, cols);
    if (cx < x + cols)
        mvwchgat(w, y, cx, 1, (attr_t)(ea ^ A_REVERSE) | A_UNDERLINE,
                 (short)PAIR_NUMBER(ea), NULL);
}

/* A number for a cell of `cols` columns: as every panel shows one
 * (290,000) when it fits, else scaled (1.2M), never cut (DESIGN 8). */
static void cell_number(double v, int cols, char *buf, size_t n)
{
    num_format_value(v, buf, n);
    if (utf8_width(buf) > cols)
        num_format_scaled(v, cols, buf, n);
}

/* Input i's row (the header when i is past the inputs). */
static void draw_input(WINDOW *w, int y, const int cw[RISK_COLS],
                       const Scenario *s, size_t i, bool selected, size_t col,
                       const LineEdit *edit, bool bad, int attr)
{
    int x = 1;
    const UncInput *in = i < s->uncertainty.input_count
                             ? &s->uncertainty.inputs[i]
                             : NULL;
    const Field *t = in ? uncertainty_target(in->key, NULL) : NULL;
    for (int c = 0; c < RISK_COLS; c++) {
        char cell[96];
        bool dim = false;
        if (!in) {
            snprintf(cell, sizeof cell, "%s", c == RISK_COL_KEY ? "input"
                                              : cell_leaf[c]);
        } else if (c == RISK_COL_KEY) {
            snprintf(cell, sizeof cell, "%s", t ? t->label : in->key);
        } else {
            double v = c == RISK_COL_LOW ? in->low
                       : c == RISK_COL_HIGH ? in->high
                                            : in->mode;
            if (c == RISK_COL_MODE && !in->has_mode) {
                /* Not given: the scenario's value stands for it, or the
                 * range's nearest end when the value lies outside it. */
                dim = true;
                v = t ? uncertainty_mode(in, t, s) : 0;
            }
            cell_number(v, cw[c], cell, sizeof cell);
        }
        bool chosen = selected && (size_t)c == col;
        if (chosen && edit) {
            risk_panel_put_edit(w, y, x, cw[c], edit, bad);
            wattrset(w, attr);
        } else {
            int a = attr;
            if (chosen)
                a |= (int)A_UNDERLINE | (int)A_BOLD;
            else if (dim && !selected)
                a = term_attr(TS_HINT);
            wattrset(w, a);
            if (c == RISK_COL_KEY) { /* names align left, numbers right */
                form_put_clipped(w, y, x, cell, cw[c]);
                if (utf8_width(cell) > cw[c])
                    mvwaddstr(w, y, x + cw[c] - 1, term_ellipsis());
            } else {
                risk_panel_put_right(w, y, x, cw[c], cell);
            }
            wattrset(w, attr);
        }
        x += cw[c] + 1;
    }
}

/* Scalar row i (draws, seed): label, value, unit. */
static void draw_scalar(WINDOW *w, int y, int wd, const Scenario *s, size_t i,
                        bool selected, const LineEdit *edit, bool bad, int attr)
{
    FieldRef r;
    if (!risk_panel_ref(s, i, 0, &r))
        return;
    const Field *f = field_ref(&r);
    char val[64], unit[64];
    form_value(f, s, val, sizeof val, unit, sizeof unit);
    int unitw = 9, vw = 10, labw = wd - 1 - vw - unitw - 3;
    if (labw > 26)
        labw = 26;
    form_put_clipped(w, y, 1, f->label, labw);
    if (selected && edit) {
        risk_panel_put_edit(w, y, labw + 2, vw, edit, bad);
        wattrset(w, attr);
    } else {
        risk_panel_put_right(w, y, labw + 2, vw, val);
    }
    form_put_clipped(w, y, labw + 3 + vw, unit, unitw);
}

/* Without a section: what the panel is for, wrapped at whole words
 * between the margin column and the gap column before the results
 * (DESIGN 8): never run into the box. */
static void draw_empty(WINDOW *w, int h, int wd)
{
    WINDOW *t = wd > 2 ? derwin(w, h, wd - 2, 0, 1) : NULL;
    if (!t)
        return;
    int y = wrap_draw(t, 0, h, wd - 2, "no uncertainty ranges in this scenario");
    wrap_draw(t, y, h, wd - 2, "a adds them, with the input that moves the "
              "decision most");
    delwin(t);
}

void risk_panel_draw(WINDOW *w, const Scenario *s, size_t sel, size_t col,
                     size_t *top, const LineEdit *edit, bool bad,
                     const double *drawn)
{
    int h, wd;
    getmaxyx(w, h, wd);
    werase(w);
    if (h <= 0 || wd <= 0)
        return;
    if (!s->has_uncertainty) {
        draw_empty(w, h, wd);
        return;
    }
    size_t n = risk_panel_rows(s), pairs = risk_pairs_heading_row(s);
    if (sel >= n)
        sel = n - 1;
    /* Lines: the scalars, the inputs' header, the inputs, the pairs'
     * heading, the pairs. */
    size_t lines = risk_panel_lines(s), sline = sel < RISK_SCALARS ? sel : sel + 1;
    if (sline < *top)
        *top = sline;
    if (sline >= *top + (size_t)h)
        *top = sline - (size_t)h + 1;
    if (*top + (size_t)h > lines)
        *top = lines > (size_t)h ? lines - (size_t)h : 0;
    /* The input's name takes what the three numbers leave, up to 28. */
    int usable = wd - 2, valw = usable >= 60 ? 12 : usable >= 46 ? 10 : 8;
    int cw[RISK_COLS] = {usable - 3 * valw - (RISK_COLS - 1), valw, valw, valw};
    if (cw[RISK_COL_KEY] > 28)
        cw[RISK_COL_KEY] = 28;
    for (int y = 0; y < h && *top + (size_t)y < lines; y++) {
        size_t line = *top + (size_t)y;
        if (line == RISK_SCALARS) {
            wattrset(w, term_attr(TS_HEADER));
            draw_input(w, y, cw, s, (size_t)-1, false, 0, NULL, false,
                       term_attr(TS_HEADER));
            continue;
        }
        size_t i = line < RISK_SCALARS ? line : line - 1;
        bool selected = i == sel;
        int attr = term_attr(selected ? TS_SELECTED : TS_NORMAL);
        wattrset(w, attr);
        mvwhline(w, y, 0, ' ', wd - 1);
        if (i >= pairs)
            risk_pairs_draw(w, y, wd, s, (long)(i - pairs) - 1, selected, col,
                            edit, bad, drawn, attr);
        else if (i >= RISK_SCALARS)
            draw_input(w, y, cw, s, i - RISK_SCALARS, selected, col, edit,
                       bad, attr);
        else
            draw_scalar(w, y, wd, s, i, selected, edit, bad, attr);
    }
    wattrset(w, term_attr(TS_NORMAL));
}

bool risk_panel_help(const App *a, char *buf, size_t n)
{
    if (risk_pairs_help(a, buf, n))
        return true;
    long i = a->panel == PANEL_RISK ? list_panel_item(a) : -1;
    if (i < 0)
        return false;
    const UncInput *in = &a->doc.cur.uncertainty.inputs[i];
    char lo[40], hi[40], v[40];
    Diag d;
    const Field *t = uncertainty_target(in->key, &d);
    const char *leaf = cell_leaf[a->hcol < RISK_COLS ? a->hcol : 0];
    if (!t) {
        msg_format(buf, n, "uncertainty.inputs[%ld].%s: %s", i, leaf,
                   d.message);
        return true;
    }
    if (a->hcol == RISK_COL_KEY) {
        snprintf(buf, n, "uncertainty.inputs[%ld].key: %s; Enter types "
                 "another number field's key", i, in->key);
        return true;
    }
    num_format_value(t->minimum, lo, sizeof lo);
    num_format_value(t->maximum, hi, sizeof hi);
    if (uncertainty_outside(&a->doc.cur, (size_t)i, &d)) {
        msg_format(buf, n, "uncertainty.inputs[%ld]: %s", i, d.message);
        return true;
    }
    if (a->hcol == RISK_COL_MODE && !in->has_mode) {
        num_format_value(field_get_num(t, &a->doc.cur), v, sizeof v);
        snprintf(buf, n, "uncertainty.inputs[%ld].mode: not given, so the "
                 "scenario's %s (%s) is the most likely value", i, t->label,
                 v);
        return true;
    }
    char unit[64], val[64];
    form_value(t, &a->doc.cur, val, sizeof val, unit, sizeof unit);
    snprintf(buf, n, "uncertainty.inputs[%ld].%s of %s: %s to %s %s", i,
             leaf, t->key, lo, hi, unit);
    return true;
}

/* The number field not yet listed in s that moves the decision most (the
 * default tornado's highest row that is not an int, DESIGN 2.8) with its
 * +-20% range, into *in; false when every such field is listed. */
static bool next_input(const Scenario *s, UncInput *in)
{
    Scenario *t = malloc(sizeof *t), *work = malloc(sizeof *work);
    Tornado *tor = malloc(sizeof *tor);
    bool found = false;
    if (t && work && tor) {
        *t = *s; /* the tornado's own scenario: it ranks the default set */
        if (!t->has_uncertainty)
            field_scope_default(t, FS_UNCERTAINTY);
        t->uncertainty.input_count = 0;
        risk_tornado(t, work, tor);
        for (size_t r = 0; r < tor->count && !found; r++) {
            const Field *f = tor->row[r].field;
            bool listed = false;
            for (size_t k = 0; s->has_uncertainty && k < s->uncertainty.input_count; k++)
                listed |= strcmp(s->uncertainty.inputs[k].key, f->key) == 0;
            /* An int is a count or a term the plan fixes (GPUs per node,
             * months), not a figure someone is unsure of. */
            if (listed || f->type == FT_INT || !tor->row[r].low.ok || !tor->row[r].high.ok ||
                !(tor->row[r].low.value < tor->row[r].high.value))
                continue;
            memset(in, 0, sizeof *in);
            snprintf(in->key, sizeof in->key, "%s", f->key);
            in->low = tor->row[r].low.value;
            in->high = tor->row[r].high.value;
            found = true;
        }
    }
    free(t);
    free(work);
    free(tor);
    return found;
}

Reaction risk_panel_add(App *a)
{
    if (a->panel != PANEL_RISK)
        return msg_show(a, false, "a adds to the hybrid plan or the uncertainty "
                       "ranges: Alt-8 or Alt-9 shows their panel");
    if (risk_pairs_heading(a) || risk_pairs_selected(a) >= 0)
        return risk_pairs_add(a);
    const Scenario *s = &a->doc.cur;
    bool fresh = !s->has_uncertainty;
    size_t count = fresh ? 0 : s->uncertainty.input_count;
    if (count >= UNC_MAX_INPUTS)
        return msg_show(a, true, "uncertainty.inputs: at most %d inputs",
                       UNC_MAX_INPUTS);
    UncInput in;
    if (!next_input(s, &in))
        return msg_show(a, false, "every number field that moves the decision "
                       "is listed already");
    long i = list_panel_item(a);
    size_t at = i >= 0 ? (size_t)i + 1 : count;
    Diag d;
    /* The section comes with its first input (scenario_list_insert). */
    if (scenario_list_insert(edit_draft(a), &field_list_inputs, at, &in, &d) != 0)
        return edit_refused(a, &d);
    Reaction r = R_NONE;
    edit_commit(a, &r);
    a->sel[PANEL_RISK] = RISK_SCALARS + at;
    a->hcol = RISK_COL_LOW;
    char lo[40], hi[40];
    num_format_value(in.low, lo, sizeof lo);
    num_format_value(in.high, hi, sizeof hi);
    return r | msg_show(a, false, "%sinput %zu added: %s from %s to %s (u undoes)",
                       fresh ? "uncertainty section and " : "", at, in.key, lo, hi);
}
