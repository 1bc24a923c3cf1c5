/* form.c: panel rows from the field registry. */
#include "config.h"

#include "form.h"

#include <stdio.h>
#include <string.h>

#include "term.h"

size_t form_fields(Panel p, const Field **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].panel == p) {
            if (n < max)
                out[n] = &field_table[i];
            n++;
        }
    return n;
}

void form_locate(const Field *f, Panel *p, size_t *row)
{
    *p = f->panel;
    *row = 0;
    for (const Field *g = field_table; g < f; g++)
        if (g->panel == f->panel)
            (*row)++;
}

void form_value(const Field *f, const Scenario *s, char *val, size_t n,
                char *unit, size_t un)
{
    if (f->type == FT_BOOL)
        snprintf(val, n, "%s", field_get_num(f, s) != 0 ? "yes" : "no");
    else
        field_format(f, s, val, n);
    /* "$" stands for the scenario's currency: "$/GPU-h" -> "USD/GPU-h". */
    const char *dollar = strchr(f->unit, '$');
    if (dollar)
        snprintf(unit, un, "%.*s%s%s", (int)(dollar - f->unit), f->unit,
                 s->currency, dollar + 1);
    else
        snprintf(unit, un, "%s", f->unit);
}

/* Put at most `cols` columns of UTF-8 text (one column a code point). */
static void put_clipped(WINDOW *w, int y, int x, const char *s, int cols)
{
    int used = 0;
    const char *p = s;
    while (*p && used < cols) {
        p++;
        while ((*p & 0xC0) == 0x80)
            p++;
        used++;
    }
    mvwaddnstr(w, y, x, s, (int)(p - s));
}

void form_draw(WINDOW *w, Panel p, const Scenario *s, size_t sel, size_t *top,
               const LineEdit *edit, bool bad)
{
    int h, wd;
    getmaxyx(w, h, wd);
    werase(w);
    if (h <= 0 || wd <= 0)
        return;
    const Field *rows[64];
    size_t n = form_fields(p, rows, 64);
    if (n > 64)
        n = 64;
    if (n == 0) {
        mvwaddnstr(w, 0, 1, p == PANEL_HYBRID ? "no hybrid plan in this scenario"
                                              : "no fields on this panel", wd - 1);
        return;
    }
    if (sel >= n)
        sel = n - 1;
    if (sel < *top)
        *top = sel;
    if (sel >= *top + (size_t)h)
        *top = sel - (size_t)h + 1;
    if (*top + (size_t)h > n)
        *top = n > (size_t)h ? n - (size_t)h : 0;
    int unitw = 9, valw = 10;
    /* The last column is a gap before the next window. */
    int labw = wd - 1 - valw - unitw - 3;
    if (labw > 26)
        labw = 26; /* wide terminals: keep the value near its label */
    if (labw < 8) {
        labw = wd / 2;
        valw = wd - labw - 2;
        unitw = 0;
    }
    for (int y = 0; y < h && *top + (size_t)y < n; y++) {
        size_t i = *top + (size_t)y;
        const Field *f = rows[i];
        char val[LINE_EDIT_MAX], unit[64];
        form_value(f, s, val, sizeof val, unit, sizeof unit);
        bool selected = i == sel;
        int attr = selected ? term_attr(TS_SELECTED) : term_attr(TS_NORMAL);
        wattrset(w, attr);
        mvwhline(w, y, 0, ' ', wd - 1);
        put_clipped(w, y, 1, f->label, labw);
        if (selected && edit) {
            /* The editor's text, left-aligned, with the cursor cell marked. */
            int ea = term_attr(bad ? TS_STALE : TS_EDIT);
            wattrset(w, ea);
            int x0 = labw + 2;
            int cols = valw;
            mvwhline(w, y, x0, ' ', cols);
            size_t ccol = line_edit_cursor_col(edit);
            size_t skip = ccol >= (size_t)cols ? ccol - (size_t)cols + 1 : 0;
            const char *t = edit->text;
            for (size_t k = 0; k < skip && *t; k++) {
                t++;
                while ((*t & 0xC0) == 0x80)
                    t++;
            }
            put_clipped(w, y, x0, t, cols);
            int cx = x0 + (int)(ccol - skip);
            if (cx < wd)
                mvwchgat(w, y, cx, 1, (attr_t)(ea ^ A_REVERSE) | A_UNDERLINE,
                         (short)PAIR_NUMBER(ea), NULL);
            wattrset(w, attr);
        } else {
            int len = (int)strlen(val);
            if (len > valw) {
                put_clipped(w, y, labw + 2, val, valw);
            } else
                mvwaddstr(w, y, labw + 2 + valw - len, val);
        }
        if (unitw > 0)
            put_clipped(w, y, labw + 3 + valw, unit, unitw);
    }
    wattrset(w, term_attr(TS_NORMAL));
}
