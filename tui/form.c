/* form.c: panel rows from the field registry. */
#include "config.h"

#include "form.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hybrid.h"
#include "numfmt.h"
#include "report.h"
#include "term.h"
#include "text_rules.h"
#include "utf8.h"

/* The field a panel's name promises, first on it (SPEC 8: Utilization
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

/* The column of each workload key on a workload row. */
static size_t workload_col(const char *leaf)
{
    static const struct {
        const char *leaf;
        size_t col;
    } cols[] = {{"name", FORM_WL_NAME},   {"schedule", FORM_WL_WHEN},
                {"per_day", FORM_WL_WHEN}, {"gpus", FORM_WL_GPUS},
                {"hours", FORM_WL_HOURS}, {"run", FORM_WL_RUN},
                {"cloud_mode", FORM_WL_MODE}};
    for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++)
        if (strcmp(cols[i].leaf, leaf) == 0)
            return cols[i].col;
    return FORM_WL_NAME;
}

void form_locate_ref(const FieldRef *r, Panel *p, size_t *row, size_t *col)
{
    *col = 0;
    if (r->row->scope == FS_SCENARIO) {
        form_locate(r->row, p, row);
        return;
    }
    *p = PANEL_HYBRID;
    if (r->row->list) {
        *row = FORM_HYBRID_SCALARS + r->index;
        *col = workload_col(field_leaf(r->row));
        return;
    }
    *row = 0;
    for (const Field *g = field_table; g < r->row; g++)
        if (g->scope == FS_HYBRID && !g->list)
            (*row)++;
}

void form_value(const Field *f, const Scenario *s, char *val, size_t n,
                char *unit, size_t un)
{
    if (f->type == FT_BOOL)
        snprintf(val, n, "%s", field_get_num(f, s) != 0 ? "yes" : "no");
    else if (f->type == FT_TEXT) {
        /* Text as it may be shown: control characters visible (SPEC 7); a
         * text of several lines shows its first, ended with the ellipsis
         * that says Enter opens the rest. */
        const char *t = field_get_text(f, s);
        const char *nl = strchr(t, '\n');
        size_t len = nl ? (size_t)(nl - t) : strlen(t);
        size_t used = text_visible(t, len, false, val, n);
        if (nl && used < n)
            snprintf(val + used, n - used, "%s", term_ellipsis());
    } else
        field_format(f, s, val, n);
    /* "$" stands for the scenario's currency: "$/GPU-h" -> "USD/GPU-h". */
    const char *dollar = strchr(f->unit, '$');
    if (dollar)
        snprintf(unit, un, "%.*s%s%s", (int)(dollar - f->unit), f->unit,
                 s->currency, dollar + 1);
    else
        snprintf(unit, un, "%s", f->unit);
    /* A count of one reads singular: "1 node", "1 GPU", "1 day" (not "ms"). */
    size_t ul = strlen(unit);
    if (f->type != FT_BOOL && f->type != FT_TEXT && f->type != FT_CHOICE && ul > 2 && unit[ul - 1] == 's' &&
        field_get_num(f, s) == 1)
        unit[ul - 1] = '\0';
}

/* Put at most `cols` display columns of UTF-8 text. */
static void put_clipped(WINDOW *w, int y, int x, const char *s, int cols)
{
    mvwaddnstr(w, y, x, s, (int)utf8_head_bytes(s, cols));
}

/* The editor's text in a cell of `cols` columns at x, scrolled by whole
 * characters so the cursor is inside; returns the cursor's column. */
static int put_edit(WINDOW *w, int y, int x, const LineEdit *edit, int cols)
{
    int ccol = (int)line_edit_cursor_col(edit);
    size_t off = utf8_skip_cols(edit->text, ccol >= cols ? ccol - cols + 1 : 0);
    put_clipped(w, y, x, edit->text + off, cols);
    return x + ccol - utf8_width_n(edit->text, off);
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
    /* The value column is as wide as the widest value of the panel (at
     * least 10), up to what leaves the labels whole: a wider terminal shows
     * whole values instead of empty columns, a narrow one scales numbers
     * (SPEC 8). */
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
    /* The last column is a gap before the next window. */
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
            int cx = put_edit(w, y, x0, edit, cols);
            if (cx < wd)
                mvwchgat(w, y, cx, 1, (attr_t)(ea ^ A_REVERSE) | A_UNDERLINE,
                         (short)PAIR_NUMBER(ea), NULL);
            wattrset(w, attr);
        } else if (strcmp(f->key, "notes") == 0 && report_notes_are_template(s)) {
            /* The notes `gpuplan new` wrote: say they are to be replaced
             * (reports leave them out), over the value and unit columns. */
            wattrset(w, selected ? attr : term_attr(TS_STALE));
            put_clipped(w, y, labw + 2,
                        term_utf8() ? "template \u2014 replace" : "template - replace",
                        valw + 1 + unitw);
            wattrset(w, attr);
            continue;
        } else {
            int len = utf8_width(val);
            char scaled[32];
            bool number = f->type != FT_TEXT && f->type != FT_CHOICE && f->type != FT_BOOL;
            if (len > valw && number &&
                num_format_scaled(field_get_num(f, s), valw, scaled, sizeof scaled)) {
                len = (int)strlen(scaled);
                mvwaddstr(w, y, labw + 2 + valw - len, scaled);
            } else if (len > valw) {
                /* Text ends in an ellipsis; Enter opens it whole. */
                const char *ell = term_ellipsis();
                int ew = utf8_width(ell);
                put_clipped(w, y, labw + 2, val, valw - ew);
                waddstr(w, ell);
            } else
                mvwaddstr(w, y, labw + 2 + valw - len, val);
        }
        if (unitw > 0)
            put_clipped(w, y, labw + 3 + valw, unit, unitw);
    }
    wattrset(w, term_attr(TS_NORMAL));
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
    put_clipped(w, 0, 0, head, wd);
    int ea = term_attr(TS_EDIT);
    for (size_t y = 0; y < room && *top + y < n; y++) {
        char vis[LINE_EDIT_MAX * 6 + 1];
        notes_edit_row_text(e, rows[*top + y], vis, sizeof vis);
        wattrset(w, ea);
        mvwhline(w, (int)y + 1, 0, ' ', wd);
        put_clipped(w, (int)y + 1, 1, vis, tw);
        if (*top + y == crow)
            mvwchgat(w, (int)y + 1, 1 + col, 1, (attr_t)(ea ^ A_REVERSE) | A_UNDERLINE,
                     (short)PAIR_NUMBER(ea), NULL);
    }
    wattrset(w, term_attr(TS_NORMAL));
}

size_t form_hybrid_rows(const Scenario *s)
{
    return s->has_hybrid ? FORM_HYBRID_SCALARS + s->hybrid.workload_count : 0;
}

bool form_hybrid_ref(const Scenario *s, size_t row, size_t col, FieldRef *r)
{
    char key[FIELD_PATH_MAX], msg[200];
    if (row < FORM_HYBRID_SCALARS) {
        size_t k = 0;
        for (size_t i = 0; i < field_count; i++)
            if (field_table[i].scope == FS_HYBRID && !field_table[i].list &&
                k++ == row) {
                field_ref_init(r, &field_table[i], 0);
                return true;
            }
        return false;
    }
    size_t i = row - FORM_HYBRID_SCALARS;
    if (!s->has_hybrid || i >= s->hybrid.workload_count || col >= FORM_WL_RUN)
        return false;
    static const char *const leaf[FORM_WL_RUN] = {"name", "schedule", "gpus",
                                                  "hours"};
    const char *k = leaf[col];
    if (col == FORM_WL_WHEN && !s->hybrid.workloads[i].has_schedule)
        k = "per_day";
    snprintf(key, sizeof key, "hybrid.workloads[%zu].%s", i, k);
    return field_resolve(key, r, msg, sizeof msg);
}

/* Draw `text` in a cell of `cols` columns at x, highlighted when chosen. */
static void put_cell(WINDOW *w, int y, int x, int cols, const char *text, bool chosen,
                     int attr)
{
    if (cols <= 0)
        return;
    if (chosen)
        wattrset(w, attr | (int)A_UNDERLINE | (int)A_BOLD);
    put_clipped(w, y, x, text, cols);
    /* A cut cell says so: "30 * * *" would read as a different schedule. */
    if (utf8_width(text) > cols)
        mvwaddstr(w, y, x + cols - 1, term_ellipsis());
    wattrset(w, attr);
}

/* Widths of the workload columns for `usable` columns of the form (one
 * blank between cells): each starts at what 80x24 affords, and a wider
 * form gives room, in this order, to the name, the cloud mode spelled
 * out, the schedule, and the name again. */
static void workload_widths(int usable, int cw[FORM_WL_COLS])
{
    static const int base[FORM_WL_COLS] = {7, 10, 3, 4, 6, 4};
    static const struct {
        int col, to;
    } grow[] = {{FORM_WL_NAME, 9}, {FORM_WL_MODE, 9}, {FORM_WL_WHEN, 18}, {FORM_WL_NAME, 24}};
    int extra = usable - (FORM_WL_COLS - 1);
    for (int c = 0; c < FORM_WL_COLS; c++) {
        cw[c] = base[c];
        extra -= base[c];
    }
    for (size_t g = 0; g < sizeof grow / sizeof grow[0] && extra > 0; g++) {
        int add = grow[g].to - cw[grow[g].col];
        if (add > extra)
            add = extra;
        cw[grow[g].col] += add;
        extra -= add;
    }
}

/* One workload row, or the header when wl is NULL. */
static void draw_workload(WINDOW *w, int y, int wd, const int cw[FORM_WL_COLS],
                          const HybridWorkload *wl, bool selected, size_t col,
                          const LineEdit *edit, bool bad, int attr)
{
    char cells[FORM_WL_COLS][HYBRID_TEXT_BYTES(HYBRID_SCHEDULE_MAX)]; /* the longest cell */
    if (!wl) {
        static const char *const head[FORM_WL_COLS] = {"name", "arrivals", "gpu",
                                                       "hrs", "run", "mode"};
        for (int c = 0; c < FORM_WL_COLS; c++)
            snprintf(cells[c], sizeof cells[c], "%s", head[c]);
    } else {
        snprintf(cells[0], sizeof cells[0], "%s", wl->name);
        if (wl->has_schedule)
            snprintf(cells[1], sizeof cells[1], "%s", wl->schedule_text);
        else {
            char v[48];
            field_format_double(wl->per_day, v, sizeof v);
            snprintf(cells[1], sizeof cells[1], "%s/day", v);
        }
        field_format_double(wl->gpus, cells[2], sizeof cells[2]);
        field_format_double(wl->hours, cells[3], sizeof cells[3]);
        snprintf(cells[4], sizeof cells[4], "%s", hybrid_run_key(wl->run));
        snprintf(cells[5], sizeof cells[5], "%s",
                 wl->cloud_mode == MODE_SPOT  ? "spot"
                 : cw[FORM_WL_MODE] >= 9     ? "on_demand"
                                              : "od");
    }
    int x = 1;
    for (int c = 0; c < FORM_WL_COLS && x < wd - 1; c++) {
        int room = cw[c];
        if (x + room > wd - 1)
            room = wd - 1 - x;
        bool chosen = selected && (size_t)c == col;
        if (chosen && edit) {
            wattrset(w, term_attr(bad ? TS_STALE : TS_EDIT));
            mvwhline(w, y, x, ' ', room);
            put_edit(w, y, x, edit, room);
            wattrset(w, attr);
        } else
            put_cell(w, y, x, room, cells[c], chosen, attr);
        x += cw[c] + 1;
    }
}

/* The results columns of a workload row (or their header when wr is NULL):
 * share of jobs sent to the cloud, and the p95 wait of those kept on-prem. */
#define STATS_COLS 14
static void draw_stats(WINDOW *w, int y, int x, const HybridWorkloadResult *wr)
{
    char buf[48];
    if (!wr)
        snprintf(buf, sizeof buf, "%6s %7s", "cloud", "p95");
    else if (isnan(wr->wait_p95_minutes))
        num_snprintf(buf, sizeof buf, "%5.0f%% %7s", wr->to_cloud_pct, "-");
    else
        num_snprintf(buf, sizeof buf, "%5.0f%% %4.0fmin", wr->to_cloud_pct,
                     wr->wait_p95_minutes);
    mvwaddnstr(w, y, x, buf, STATS_COLS);
}

void form_draw_hybrid(WINDOW *w, const Scenario *s, const HybridResult *hr, size_t sel,
                      size_t col, size_t *top, const LineEdit *edit, bool bad)
{
    int h, wd;
    getmaxyx(w, h, wd);
    werase(w);
    if (h <= 0 || wd <= 0)
        return;
    size_t n = form_hybrid_rows(s);
    if (n == 0) {
        mvwaddnstr(w, 0, 1, "no hybrid plan in this scenario", wd - 1);
        if (h > 1)
            mvwaddnstr(w, 1, 1, "a adds one with an example workload", wd - 1);
        return;
    }
    if (sel >= n)
        sel = n - 1;
    /* Lines on screen: the scalars, the workloads' header, the workloads;
     * *top and the scrolling count lines, not rows. */
    size_t lines = n + (n > FORM_HYBRID_SCALARS);
    size_t sline = sel < FORM_HYBRID_SCALARS ? sel : sel + 1;
    if (sline < *top)
        *top = sline;
    if (sline >= *top + (size_t)h)
        *top = sline - (size_t)h + 1;
    if (*top + (size_t)h > lines)
        *top = lines > (size_t)h ? lines - (size_t)h : 0;
    /* The results of the same plan go beside the table when the table
     * still gets its spelled-out widths (about 100 columns and more). */
    int cw[FORM_WL_COLS];
    bool stats = hr && hr->workload_count == s->hybrid.workload_count;
    if (stats) {
        workload_widths(wd - 2 - (STATS_COLS + 3), cw);
        stats = cw[FORM_WL_WHEN] >= 18;
    }
    if (!stats)
        workload_widths(wd - 2, cw);
    int table = 1 + FORM_WL_COLS - 1;
    for (int c = 0; c < FORM_WL_COLS; c++)
        table += cw[c];
    for (int y = 0; y < h && *top + (size_t)y < lines; y++) {
        size_t line = *top + (size_t)y;
        if (line == FORM_HYBRID_SCALARS) {
            wattrset(w, term_attr(TS_HEADER));
            draw_workload(w, y, wd, cw, NULL, false, 0, NULL, false, term_attr(TS_HEADER));
            if (stats)
                draw_stats(w, y, table + 2, NULL);
            continue;
        }
        size_t i = line < FORM_HYBRID_SCALARS ? line : line - 1;
        bool selected = i == sel;
        int attr = selected ? term_attr(TS_SELECTED) : term_attr(TS_NORMAL);
        wattrset(w, attr);
        mvwhline(w, y, 0, ' ', wd - 1);
        if (i >= FORM_HYBRID_SCALARS) {
            draw_workload(w, y, wd, cw, &s->hybrid.workloads[i - FORM_HYBRID_SCALARS],
                          selected, col, edit, bad, attr);
            if (stats) {
                wattrset(w, attr);
                draw_stats(w, y, table + 2, &hr->workloads[i - FORM_HYBRID_SCALARS]);
            }
            continue;
        }
        char val[LINE_EDIT_MAX], unit[64];
        FieldRef r;
        if (!form_hybrid_ref(s, i, 0, &r))
            continue;
        const Field *fp = field_ref(&r);
        form_value(fp, s, val, sizeof val, unit, sizeof unit);
        int unitw = 9, valw = 10, labw = wd - 1 - valw - unitw - 3;
        if (labw > 26)
            labw = 26;
        put_clipped(w, y, 1, fp->label, labw);
        if (selected && edit) {
            wattrset(w, term_attr(bad ? TS_STALE : TS_EDIT));
            mvwhline(w, y, labw + 2, ' ', valw);
            put_clipped(w, y, labw + 2, edit->text, valw);
            wattrset(w, attr);
        } else {
            int len = utf8_width(val);
            put_clipped(w, y, len > valw ? labw + 2 : labw + 2 + valw - len, val, valw);
        }
        put_clipped(w, y, labw + 3 + valw, unit, unitw);
    }
    wattrset(w, term_attr(TS_NORMAL));
}
