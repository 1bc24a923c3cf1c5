/* form.c: panel rows from the field registry. */
#include "config.h"

#include "form.h"
#include "form_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hybrid.h"
#include "msg.h"
#include "numfmt.h"
#include "report.h"
#include "risk_panel.h"
#include "scroll_mark.h"
#include "term.h"
#include "text_rules.h"
#include "utf8.h"

/* The field a panel's name promises, first on it (DESIGN 8: Utilization
 * opens on measured_pct); NULL keeps the registry's order. */
static const Field *panel_lead(Panel p)
{
    static const Field *lead;
    if (p != PANEL_UTILIZATION)
        return NULL;
    if (!lead)
        lead = field_find("utilization.measured_pct");
    return lead && lead->panel == p ? lead : NULL;
}

size_t form_fields(Panel p, const Field **out, size_t max)
{
    const Field *lead = panel_lead(p);
    size_t n = 0;
    if (lead) {
        if (n < max)
            out[n] = lead;
        n++;
    }
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].panel == p && field_table[i].scope == FS_SCENARIO &&
            &field_table[i] != lead) {
            if (n < max)
                out[n] = &field_table[i];
            n++;
        }
    return n;
}

void form_locate(const Field *f, Panel *p, size_t *row)
{
    *p = f->panel;
    const Field *lead = panel_lead(f->panel);
    *row = lead ? 1 : 0;
    if (f == lead) {
        *row = 0;
        return;
    }
    for (const Field *g = field_table; g < f; g++)
        if (g->panel == f->panel && g->scope == FS_SCENARIO && g != lead)
            (*row)++;
}

void form_locate_ref(const Scenario *s, const FieldRef *r, Panel *p, size_t *row,
                     size_t *col)
{
    *col = 0;
    if (r->row->scope == FS_SCENARIO) {
        form_locate(r->row, p, row);
        return;
    }
    if (r->row->scope == FS_UNCERTAINTY) {
        *p = PANEL_RISK;
        risk_panel_locate(s, r, row, col);
        return;
    }
    *p = PANEL_HYBRID;
    form_hybrid_locate(s, r, row, col);
}

void form_draw_edit(WINDOW *w, int y, int x, const LineEdit *edit, int cols, bool bad)
{
    int ea = term_attr(bad ? TS_STALE : TS_EDIT);
    wattrset(w, ea);
    mvwhline(w, y, x, ' ', cols);
    int cx = form_put_edit(w, y, x, edit, cols);
    if (cx < getmaxx(w))
        mvwchgat(w, y, cx, 1, (attr_t)(ea ^ A_REVERSE) | A_UNDERLINE, (short)PAIR_NUMBER(ea),
                 NULL);
    wattrset(w, term_attr(TS_NORMAL));
}

/* The columns of a panel's rows: label, value and unit widths. */
typedef struct FormCols {
    int lab, val, unit;
} FormCols;

/* The value column is as wide as the widest value of the panel (at least
 * 10), up to what leaves the labels whole: a wider terminal shows whole
 * values instead of empty columns, a narrow one scales numbers (DESIGN 8).
 * The last column is a gap before the next window. */
static FormCols form_cols(const Field *const *rows, size_t n, const Scenario *s, int wd)
{
    int unitw = 9, widest = 10, longest = 8;
    for (size_t i = 0; i < n; i++) {
        int lw = utf8_width(rows[i]->label);
        if (lw > longest)
            longest = lw;
        char v[LINE_EDIT_MAX], u[64];
        form_value(rows[i], s, v, sizeof v, u, sizeof u);
        if (!field_multiline(rows[i])) {
            int vw = utf8_width(v);
            if (vw > widest)
                widest = vw;
        }
    }
    int avail = wd - 1 - unitw - 3;
    if (longest > 26)
        longest = 26;
    int valw = widest < avail - longest ? widest : avail - longest;
    if (valw < 10)
        valw = 10;
    int labw = avail - valw;
    if (labw > 26)
        labw = 26; /* wide terminals: keep the value near its label */
    if (labw < 8) {
        labw = wd / 2;
        valw = wd - labw - 2;
        unitw = 0;
    }
    return (FormCols){labw, valw, unitw};
}

/* A value in its column: right-aligned; a number too wide scaled (1.2M),
 * a text too wide ended in an ellipsis (Enter opens it whole). */
static void put_value(WINDOW *w, int y, int x, int valw, const Field *f, const Scenario *s,
                      const char *val)
{
    int len = utf8_width(val);
    char scaled[32];
    bool number = f->type != FT_TEXT && f->type != FT_CHOICE && f->type != FT_BOOL;
    if (len > valw && number &&
        num_format_scaled(field_get_num(f, s), valw, scaled, sizeof scaled)) {
        len = (int)strlen(scaled);
        mvwaddstr(w, y, x + valw - len, scaled);
    } else if (len > valw) {
        const char *ell = term_ellipsis();
        int ew = utf8_width(ell);
        form_put_clipped(w, y, x, val, valw - ew);
        waddstr(w, ell);
    } else {
        mvwaddstr(w, y, x + valw - len, val);
    }
}

/* Row y: field f, `selected`, with the editor's text in place of its
 * value while it is typed. */
static void draw_row(WINDOW *w, int y, int wd, FormCols c, const Field *f, const Scenario *s,
                     bool selected, const LineEdit *edit, bool bad, FormEditSpot *wide)
{
    char val[LINE_EDIT_MAX], unit[64];
    form_value(f, s, val, sizeof val, unit, sizeof unit);
    int attr = selected ? term_attr(TS_SELECTED) : term_attr(TS_NORMAL);
    wattrset(w, attr);
    mvwhline(w, y, 0, ' ', wd - 1);
    form_put_clipped(w, y, 1, f->label, c.lab);
    if (selected && edit) {
        /* The editor's text, left-aligned, with the cursor cell marked; a
         * text takes the unit column too, and when it is wider still the
         * caller opens it wider (DESIGN 8: opened whole on Enter). */
        int x0 = c.lab + 2;
        int cols = f->type == FT_TEXT ? wd - 1 - x0 : c.val;
        form_draw_edit(w, y, x0, edit, cols, bad);
        if (wide && f->type == FT_TEXT && (int)utf8_width(edit->text) + 1 > cols) {
            wide->wide = true;
            wide->y = y;
            wide->x = x0;
        }
        wattrset(w, attr);
        if (f->type == FT_TEXT)
            return;
    } else if (strcmp(f->key, "notes") == 0 && report_notes_are_template(s)) {
        /* The notes `gpuplan new` wrote: say they are to be replaced
         * (reports leave them out), over the value and unit columns. */
        wattrset(w, selected ? attr : term_attr(TS_STALE));
        form_put_clipped(w, y, c.lab + 2,
                         term_utf8() ? "template \u2014 replace" : "template - replace",
                         c.val + 1 + c.unit);
        wattrset(w, attr);
        return;
    } else {
        put_value(w, y, c.lab + 2, c.val, f, s, val);
    }
    if (c.unit > 0)
        form_put_clipped(w, y, c.lab + 3 + c.val, unit, c.unit);
}

bool form_draw(WINDOW *w, Panel p, const Scenario *s, size_t sel, size_t *top,
               const LineEdit *edit, bool bad, FormEditSpot *wide)
{
    if (wide)
        wide->wide = false;
    int h, wd;
    getmaxyx(w, h, wd);
    werase(w);
    if (h <= 0 || wd <= 0)
        return false;
    const Field *rows[FORM_ROWS_MAX];
    size_t n = form_fields(p, rows, FORM_ROWS_MAX);
    if (n > FORM_ROWS_MAX)
        n = FORM_ROWS_MAX;
    if (n == 0) {
        mvwaddnstr(w, 0, 1, p == PANEL_HYBRID ? "no hybrid plan in this scenario"
                                              : "no fields on this panel", wd - 1);
        return false;
    }
    if (sel >= n)
        sel = n - 1;
    if (sel < *top)
        *top = sel;
    if (sel >= *top + (size_t)h)
        *top = sel - (size_t)h + 1;
    if (*top + (size_t)h > n)
        *top = n > (size_t)h ? n - (size_t)h : 0;
    FormCols c = form_cols(rows, n, s, wd);
    for (int y = 0; y < h && *top + (size_t)y < n; y++) {
        size_t i = *top + (size_t)y;
        draw_row(w, y, wd, c, rows[i], s, i == sel, edit, bad, wide);
    }
    wattrset(w, term_attr(TS_NORMAL));
    /* More rows above or below: marked in the margin column (DESIGN 8). */
    return scroll_marks_draw(w, 0, h - 1, 0, *top, (size_t)h, n, term_attr(TS_HINT));
}

void form_draw_notes(WINDOW *w, const NotesEdit *e, size_t *top, int *width)
{
    int h, wd;
    getmaxyx(w, h, wd);
    werase(w);
    if (h <= 0 || wd <= 2)
        return;
    /* One column of margin each side: the right one holds the cursor at
     * the end of a full row. */
    int tw = wd - 2;
    *width = tw;
    int col;
    size_t crow = notes_edit_cursor(e, tw, &col);
    static NotesRow rows[LINE_EDIT_MAX];
    size_t n = notes_edit_rows(e, tw, rows, LINE_EDIT_MAX);
    size_t room = h > 1 ? (size_t)h - 1 : 1;
    if (crow < *top)
        *top = crow;
    if (crow >= *top + room)
        *top = crow - room + 1;
    if (*top + room > n)
        *top = n > room ? n - room : 0;
    /* The header: where the cursor is, how full the notes are, and which
     * rows show when they do not all fit. */
    size_t line = 1;
    for (size_t i = 0; i < e->cursor; i++)
        line += e->text[i] == '\n';
    char head[200];
    int hl = snprintf(head, sizeof head, " Notes: line %zu of %zu, %zu of %zu characters",
                      line, notes_edit_lines(e), notes_edit_chars(e), e->max_chars);
    if (n > room && hl > 0 && (size_t)hl < sizeof head)
        snprintf(head + hl, sizeof head - (size_t)hl, ", rows %zu-%zu of %zu", *top + 1,
                 *top + room < n ? *top + room : n, n);
    wattrset(w, term_attr(TS_HEADER));
    mvwhline(w, 0, 0, ' ', wd);
    form_put_clipped(w, 0, 0, head, wd);
    int ea = term_attr(TS_EDIT);
    for (size_t y = 0; y < room && *top + y < n; y++) {
        char vis[LINE_EDIT_MAX * 6 + 1];
        notes_edit_row_text(e, rows[*top + y], vis, sizeof vis);
        form_locale_text(vis);
        wattrset(w, ea);
        mvwhline(w, (int)y + 1, 0, ' ', wd);
        form_put_clipped(w, (int)y + 1, 1, vis, tw);
        if (*top + y == crow)
            mvwchgat(w, (int)y + 1, 1 + col, 1, (attr_t)(ea ^ A_REVERSE) | A_UNDERLINE,
                     (short)PAIR_NUMBER(ea), NULL);
    }
    wattrset(w, term_attr(TS_NORMAL));
}
