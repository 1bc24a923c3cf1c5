/* form_hybrid.c: the Hybrid panel drawn from the field registry (DESIGN 6,
 * 8): the plan's scalar rows, then the workload table, whose columns are
 * the registry's workload rows (hybrid.workloads[].KEY) in registry order,
 * the two alternatives schedule and per_day sharing one "arrivals" column.
 * A key added to the registry gets a column here without a change. */
#include "config.h"

#include "form.h"
#include "form_text.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "scroll_mark.h"
#include "term.h"
#include "text_rules.h"
#include "utf8.h"

/* ---- the columns ---------------------------------------------------------- */

#define WL_COLS_MAX 24

typedef struct WlCol {
    const Field *row; /* the column's row (schedule for the arrivals column) */
    const Field *alt; /* the row on the same switch (per_day), or NULL */
    const char *head; /* the header */
} WlCol;

/* Short headers for the keys the table has had since version 1 and the
 * three optional ones; a key added later is headed by its own name. */
static const char *column_head(const Field *row)
{
    static const struct {
        const char *leaf, *head;
    } heads[] = {{"schedule", "arrivals"}, {"gpus", "gpu"},          {"hours", "hrs"},
                 {"cloud_mode", "mode"},   {"priority", "pri"},     {"max_wait_minutes", "wait"},
                 {"cloud_gpu_hour", "price"}};
    const char *leaf = field_leaf(row);
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
        if (strcmp(heads[i].leaf, leaf) == 0)
            return heads[i].head;
    return leaf;
}

/* The columns, built once from the registry. */
static const WlCol *columns(size_t *n)
{
    static WlCol cols[WL_COLS_MAX];
    static size_t count;
    if (count == 0)
        for (size_t i = 0; i < field_count && count < WL_COLS_MAX; i++) {
            const Field *f = &field_table[i];
            if (f->list != &field_list_workloads)
                continue;
            const Field *alt = field_alternative(f);
            if (alt && alt < f)
                continue; /* its column is the first of the two */
            cols[count++] = (WlCol){f, alt, column_head(f)};
        }
    *n = count;
    return cols;
}

size_t form_wl_cols(void)
{
    size_t n;
    columns(&n);
    return n;
}

size_t form_hybrid_scalars(void)
{
    size_t n = 0;
    for (size_t i = 0; i < field_count; i++)
        n += field_table[i].scope == FS_HYBRID && !field_table[i].list &&
             !form_trace_scalar(&field_table[i]);
    return n;
}

size_t form_hybrid_rows(const Scenario *s)
{
    return s->has_hybrid
               ? form_hybrid_scalars() + s->hybrid.workload_count + form_trace_rows(s)
               : 0;
}

size_t form_hybrid_cells(const Scenario *s, size_t row)
{
    size_t scalars = form_hybrid_scalars(), wc = s->hybrid.workload_count;
    if (row < scalars || row >= form_hybrid_rows(s))
        return 1;
    if (row < scalars + wc)
        return form_wl_cols();
    return row < scalars + wc + 2 ? 1 : form_trace_cols(); /* Trace, Trace groups */
}

/* The row column c uses for workload i: the alternative it has chosen. */
static const Field *cell_row(const WlCol *c, const Scenario *s, size_t i)
{
    return c->alt && !field_in_use(c->row, s, i) ? c->alt : c->row;
}

bool form_hybrid_ref(const Scenario *s, size_t row, size_t col, FieldRef *r)
{
    size_t scalars = form_hybrid_scalars();
    if (row < scalars) {
        size_t k = 0;
        for (size_t i = 0; i < field_count; i++)
            if (field_table[i].scope == FS_HYBRID && !field_table[i].list &&
                !form_trace_scalar(&field_table[i]) && k++ == row) {
                field_ref_init(r, &field_table[i], 0);
                return true;
            }
        return false;
    }
    size_t n, i = row - scalars;
    const WlCol *cols = columns(&n);
    if (s->has_hybrid && i >= s->hybrid.workload_count)
        return form_trace_ref(s, i - s->hybrid.workload_count, col, r);
    if (!s->has_hybrid || col >= n)
        return false;
    field_ref_init(r, cell_row(&cols[col], s, i), i);
    return true;
}

void form_hybrid_locate(const Scenario *s, const FieldRef *r, size_t *row, size_t *col)
{
    size_t k;
    if (form_trace_locate(r, &k, col)) {
        *row = form_hybrid_scalars() + s->hybrid.workload_count + k;
        return;
    }
    *col = 0;
    if (r->row->list) {
        *row = form_hybrid_scalars() + r->index;
        size_t n;
        const WlCol *cols = columns(&n);
        for (size_t c = 0; c < n; c++)
            if (cols[c].row == r->row || cols[c].alt == r->row)
                *col = c;
        return;
    }
    *row = 0;
    for (const Field *g = field_table; g < r->row; g++)
        if (g->scope == FS_HYBRID && !g->list && !form_trace_scalar(g))
            (*row)++;
}

bool form_hybrid_inherited(const Scenario *s, size_t i, const Field *row, double *v)
{
    /* A key a saved file leaves out at its default (priority) is not
     * given while it holds it. */
    if (row->omit_default && row->type != FT_TEXT) {
        FieldRef r;
        field_ref_init(&r, row, i);
        *v = row->default_num;
        return field_get_num(field_ref(&r), s) == row->default_num;
    }
    if (!row->has_when || field_alternative(row) || field_in_use(row, s, i))
        return false;
    const HybridWorkload *wl = &s->hybrid.workloads[i];
    const char *leaf = field_leaf(row);
    if (strcmp(leaf, "max_wait_minutes") == 0)
        *v = hybrid_workload_max_wait(&s->hybrid, wl);
    else if (strcmp(leaf, "cloud_gpu_hour") == 0)
        *v = hybrid_workload_price(s, wl);
    else
        *v = row->default_num;
    return true;
}

/* Workload i's cell in column c, as shown in `width` columns (INT_MAX:
 * whole). An optional key the workload does not set shows the value it
 * takes instead, in parentheses. */
static void cell_text(const Scenario *s, size_t i, const WlCol *c, int width, char *buf,
                      size_t n)
{
    FieldRef r;
    field_ref_init(&r, cell_row(c, s, i), i);
    const Field *f = field_ref(&r);
    double v;
    char t[64]; /* a number or a choice's word */
    if (form_hybrid_inherited(s, i, r.row, &v)) {
        field_format_double(v, t, sizeof t);
        snprintf(buf, n, "(%s)", t);
    } else if (f->type == FT_CHOICE) {
        field_format(f, s, t, sizeof t);
        form_choice_word(t, width, buf, n);
    } else if (f->type == FT_TEXT) {
        const char *text = field_get_text(f, s);
        text_visible(text, strlen(text), false, buf, n);
        form_locale_text(buf);
    } else {
        field_format(f, s, t, sizeof t);
        /* The arrivals column says which of its two it holds. */
        snprintf(buf, n, "%s%s", t, c->alt ? "/day" : "");
    }
}

/* ---- widths --------------------------------------------------------------- */

typedef struct WlLayout {
    int w[WL_COLS_MAX]; /* each shown column's width; 0: not shown */
    size_t first, last; /* columns shown after the name: first..last */
    bool whole;         /* every column shown */
} WlLayout;

/* Each column's narrowest width (what 80x24 affords: the name 7, the
 * arrivals 10 — a whole cron schedule —, the others their widest cell
 * with choices by initials) and its full width (every cell whole, a name
 * up to 24 and arrivals up to 18 columns). */
static void column_widths(const Scenario *s, const WlCol *cols, size_t n, int *min, int *full)
{
    for (size_t c = 0; c < n; c++) {
        int h = utf8_width(cols[c].head);
        bool text = cols[c].row->type == FT_TEXT;
        int widest = h, narrow = h;
        /* Only a choice's word depends on the width it is given. */
        bool choice = cols[c].row->type == FT_CHOICE || (cols[c].alt &&
                                                         cols[c].alt->type == FT_CHOICE);
        for (size_t i = 0; i < s->hybrid.workload_count; i++) {
            char t[HYBRID_TEXT_BYTES(HYBRID_SCHEDULE_MAX) + 8];
            cell_text(s, i, &cols[c], 1 << 20, t, sizeof t);
            int tw = utf8_width(t);
            widest = tw > widest ? tw : widest;
            if (choice) {
                cell_text(s, i, &cols[c], 0, t, sizeof t);
                tw = utf8_width(t);
            }
            narrow = tw > narrow ? tw : narrow;
        }
        int lo = c == 0 ? 7 : text ? 10 : narrow, hi = c == 0 ? 24 : text ? 18 : widest;
        min[c] = lo;
        full[c] = widest < lo ? lo : widest > hi ? hi : widest;
    }
}

/* Lay the columns out in `usable` columns (one blank between cells), the
 * selected column `sel` always among those shown. When all fit at their
 * narrowest, the rest is given, in this order, to the name (up to 9), the
 * choices spelled out, the other texts, and the name again; otherwise the
 * name stays and the columns after it scroll so that `sel` shows. */
static void layout(const WlCol *cols, size_t n, const int *min, const int *full, int usable,
                   size_t sel, WlLayout *L)
{
    memset(L, 0, sizeof *L);
    int need = (int)n - 1;
    for (size_t c = 0; c < n; c++)
        need += min[c];
    if (need <= usable) {
        L->whole = true;
        L->first = 1;
        L->last = n - 1;
        int extra = usable - need;
        for (size_t c = 0; c < n; c++)
            L->w[c] = min[c];
        for (int pass = 0; pass < 4 && extra > 0; pass++)
            for (size_t c = 0; c < n && extra > 0; c++) {
                bool text = cols[c].row->type == FT_TEXT;
                int to = pass == 0 ? (c == 0 ? (full[c] < 9 ? full[c] : 9) : L->w[c])
                         : pass == 1 ? (cols[c].row->type == FT_CHOICE ? full[c] : L->w[c])
                         : pass == 2 ? (text && c > 0 ? full[c] : L->w[c])
                                     : (c == 0 ? full[c] : L->w[c]);
                int add = to - L->w[c];
                if (add > extra)
                    add = extra;
                if (add > 0) {
                    L->w[c] += add;
                    extra -= add;
                }
            }
        return;
    }
    /* Scrolled: the first column run that holds `sel`. */
    L->w[0] = min[0];
    for (L->first = 1;; L->first++) {
        int x = min[0];
        L->last = L->first;
        for (size_t c = L->first; c < n && x + 1 + min[c] <= usable; c++) {
            x += 1 + min[c];
            L->last = c;
        }
        if (sel < L->first || sel <= L->last || L->first + 1 >= n)
            break;
    }
    int x = min[0];
    for (size_t c = L->first; c <= L->last; c++) {
        L->w[c] = min[c];
        x += 1 + min[c];
    }
    /* What is left goes to the name. */
    int add = usable - x, to = full[0] - L->w[0];
    L->w[0] += add < to ? add : to;
}

/* ---- drawing -------------------------------------------------------------- */

/* One workload row (i), or the header when i is (size_t)-1. */
static void draw_workload(WINDOW *w, int y, int wd, const Scenario *s, const WlLayout *L,
                          size_t i, bool selected, size_t col, const LineEdit *edit, bool bad,
                          int attr)
{
    size_t n;
    const WlCol *cols = columns(&n);
    bool head = i == (size_t)-1;
    int x = 1;
    for (size_t c = 0; c < n && x < wd - 1; c++) {
        if (L->w[c] <= 0)
            continue;
        int room = L->w[c];
        if (x + room > wd - 1)
            room = wd - 1 - x;
        char t[HYBRID_TEXT_BYTES(HYBRID_SCHEDULE_MAX) + 8];
        if (head)
            snprintf(t, sizeof t, "%s", cols[c].head);
        else
            cell_text(s, i, &cols[c], L->w[c], t, sizeof t);
        bool chosen = !head && selected && c == col;
        if (chosen && edit) {
            wattrset(w, term_attr(bad ? TS_STALE : TS_EDIT));
            mvwhline(w, y, x, ' ', room);
            form_put_edit(w, y, x, edit, room);
            wattrset(w, attr);
        } else
            form_put_cell(w, y, x, room, t, chosen, attr);
        x += L->w[c] + 1;
    }
    /* Columns out of view are marked on the header: '<' before, '>' after. */
    if (head && !L->whole) {
        if (L->first > 1)
            mvwaddch(w, y, 0, '<');
        if (L->last + 1 < n)
            mvwaddch(w, y, wd - 1, '>');
    }
}

/* One of the plan's scalar rows: label, value, unit. */
static void draw_scalar(WINDOW *w, int y, int wd, const Scenario *s, size_t i, bool selected,
                        const LineEdit *edit, bool bad, int attr)
{
    char val[LINE_EDIT_MAX], unit[64];
    FieldRef r;
    if (!form_hybrid_ref(s, i, 0, &r))
        return;
    const Field *fp = field_ref(&r);
    form_value(fp, s, val, sizeof val, unit, sizeof unit);
    int unitw = 9, valw = 10, labw = wd - 1 - valw - unitw - 3;
    if (labw > 26)
        labw = 26;
    form_put_clipped(w, y, 1, fp->label, labw);
    if (selected && edit) {
        wattrset(w, term_attr(bad ? TS_STALE : TS_EDIT));
        mvwhline(w, y, labw + 2, ' ', valw);
        form_put_edit(w, y, labw + 2, edit, valw);
        wattrset(w, attr);
    } else {
        int len = utf8_width(val);
        form_put_clipped(w, y, len > valw ? labw + 2 : labw + 2 + valw - len, val, valw);
    }
    form_put_clipped(w, y, labw + 3 + valw, unit, unitw);
}

/* ---- the warnings below the table ------------------------------------------ */

size_t form_hybrid_warning_rows(const Scenario *s, const HybridResult *hr)
{
    return s->has_hybrid && hr ? hr->warning_count : 0;
}

/* The lines of a warning, "! text" wrapped at `cols` columns, from line
 * `skip` on, drawn from row y of w's h rows (w NULL: only counted);
 * returns how many lines it takes. */
static int warning_lines(WINDOW *w, int y, int h, int cols, const char *text, int skip)
{
    char line[HYBRID_WARNING_BYTES + 4];
    snprintf(line, sizeof line, "! %s", text);
    const char *p = line;
    int n = 0;
    while (*p && cols > 0) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        size_t take = utf8_wrap_line(p, cols);
        if (w && n >= skip && y + n - skip < h)
            mvwaddnstr(w, y + n - skip, 1, p, (int)take);
        p += take;
        n++;
    }
    return n;
}

/* Where each row of the panel lies: the scalars, the workloads' header
 * and rows, the trace's rows, the groups' header and rows and the line of
 * the groups no item names, then (with figures) the status line and the
 * warnings, each as many lines as it wraps to. */
#define HYBRID_ROWS_MAX \
    (32 + HYBRID_MAX_WORKLOADS + 2 + TRACE_MAX_GROUPS + HYBRID_MAX_WARNINGS)
typedef struct HybridLines {
    size_t count;                  /* lines in all */
    size_t first[HYBRID_ROWS_MAX]; /* each row's first line */
    size_t height[HYBRID_ROWS_MAX];
    size_t status;                 /* the status line, or SIZE_MAX */
    size_t wl_head, gr_head, other; /* the headers, the other groups' line */
} HybridLines;

static void hybrid_lines(const Scenario *s, const HybridResult *hr, int computing,
                         int cols, HybridLines *l)
{
    size_t n = form_hybrid_rows(s), nw = form_hybrid_warning_rows(s, hr);
    size_t scalars = form_hybrid_scalars(), line = 0;
    size_t groups = scalars + s->hybrid.workload_count + 2; /* the first group's row */
    if (n + nw > HYBRID_ROWS_MAX) /* more than 32 scalar rows in the registry */
        abort();
    l->wl_head = l->gr_head = l->other = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        if (i == scalars && s->hybrid.workload_count > 0)
            l->wl_head = line++;
        if (i == groups)
            l->gr_head = line++;
        l->first[i] = line++;
        l->height[i] = 1;
    }
    if (form_trace_other_line(s, hr)) {
        if (l->gr_head == SIZE_MAX)
            l->gr_head = line++;
        l->other = line++;
    }
    l->status = SIZE_MAX;
    if (computing >= 0 || nw > 0)
        l->status = line++;
    for (size_t k = 0; k < nw; k++) {
        l->first[n + k] = line;
        l->height[n + k] = (size_t)warning_lines(NULL, 0, 0, cols, hr->warnings[k], 0);
        line += l->height[n + k];
    }
    l->count = line;
}

/* Below the table: how far newer figures are, and every warning whole
 * (DESIGN 6, 8: legible at 80x22; Down scrolls to them). */
static void draw_notes(WINDOW *w, int h, int wd, const Scenario *s, const HybridResult *hr,
                       int computing, bool old, size_t sel, size_t top,
                       const HybridLines *l)
{
    size_t n = form_hybrid_rows(s), nw = form_hybrid_warning_rows(s, hr);
    if (l->status != SIZE_MAX && l->status >= top && l->status < top + (size_t)h) {
        char st[96];
        int y = (int)(l->status - top);
        if (computing >= 0) {
            snprintf(st, sizeof st, "computing%s %d%%", term_ellipsis(), computing);
            wattrset(w, term_attr(TS_STALE));
        } else {
            snprintf(st, sizeof st, "%zu warning%s:", nw, nw == 1 ? "" : "s");
            wattrset(w, term_attr(TS_HEADER));
        }
        form_put_clipped(w, y, 1, st, wd - 2);
    }
    for (size_t k = 0; k < nw; k++) {
        size_t first = l->first[n + k], height = l->height[n + k];
        if (first + height <= top || first >= top + (size_t)h)
            continue;
        bool selected = n + k == sel;
        int attr = term_attr(selected ? TS_SELECTED : TS_ERROR);
        if (old)
            attr |= term_attr(TS_STALE);
        wattrset(w, attr);
        int skip = first < top ? (int)(top - first) : 0;
        int y = first < top ? 0 : (int)(first - top);
        if (selected)
            for (int r = y; r < h && r < y + (int)height - skip; r++)
                mvwhline(w, r, 0, ' ', wd - 1);
        char text[HYBRID_WARNING_BYTES];
        snprintf(text, sizeof text, "%s", hr->warnings[k]);
        form_locale_text(text);
        warning_lines(w, y, h, wd - 2, text, skip);
    }
}

/* The panel's first line on screen in *top: *top and the scrolling count
 * lines, not rows; the selected row is shown whole (its start, when it is
 * taller than the window's h rows). */
static void scroll_top(const Scenario *s, const HybridLines *l, size_t sel, int h, size_t *top)
{
    size_t n = form_hybrid_rows(s), scalars = form_hybrid_scalars();
    size_t sfirst = l->first[sel], slast = sfirst + l->height[sel];
    if (slast > *top + (size_t)h)
        *top = slast - (size_t)h;
    /* On a table's row, the scalars above give way first: the line
     * before its header heads the panel where the rows from it to the
     * selected one fit, so a short panel shows as many of the table's rows
     * as it can (that line takes the up mark, the header keeps its '<'). */
    size_t wc = s->hybrid.workload_count;
    size_t head = sel >= scalars && sel < scalars + wc       ? l->wl_head
                  : sel >= scalars + wc + 2 && sel < n ? l->gr_head
                                                                : SIZE_MAX;
    if (head != SIZE_MAX && head > 0 && *top + 1 < head && slast + 1 <= head + (size_t)h)
        *top = head - 1;
    if (*top + (size_t)h > l->count)
        *top = l->count > (size_t)h ? l->count - (size_t)h : 0;
    if (sfirst < *top)
        *top = sfirst;
}

bool form_draw_hybrid(WINDOW *w, const Scenario *s, const HybridResult *hr, int computing,
                      bool plan_current, size_t sel, size_t col, size_t *top,
                      const LineEdit *edit, bool bad)
{
    bool old = computing >= 0 && !plan_current; /* the plan's figures too */
    int h, wd;
    getmaxyx(w, h, wd);
    werase(w);
    if (h <= 0 || wd <= 0)
        return false;
    size_t n = form_hybrid_rows(s), scalars = form_hybrid_scalars();
    size_t nw = form_hybrid_warning_rows(s, hr);
    if (n == 0) {
        mvwaddnstr(w, 0, 1, "no hybrid plan in this scenario", wd - 1);
        if (h > 1)
            mvwaddnstr(w, 1, 1, "a adds one with an example workload", wd - 1);
        return false;
    }
    if (sel >= n + nw)
        sel = n + nw - 1;
    static HybridLines l;
    hybrid_lines(s, hr, computing, wd - 2, &l);
    scroll_top(s, &l, sel, h, top);
    /* The results of the same plan go beside the table when the whole
     * table still fits with its choices spelled out. */
    WlLayout L;
    size_t ncols, wc = s->hybrid.workload_count;
    const WlCol *cols = columns(&ncols);
    int min[WL_COLS_MAX], full[WL_COLS_MAX]; /* the cells' widths, once a frame */
    column_widths(s, cols, ncols, min, full);
    bool stats = hr && hr->workload_count == s->hybrid.workload_count;
    if (stats) {
        /* A choice's full width is its widest word spelled out. */
        layout(cols, ncols, min, full, wd - 3 - FORM_STATS_COLS, col, &L);
        for (size_t c = 0; c < ncols && stats; c++)
            stats = cols[c].row->type != FT_CHOICE || full[c] <= L.w[c];
        stats = stats && L.whole;
    }
    if (!stats)
        layout(cols, ncols, min, full, wd - 2, col, &L);
    int table = 1;
    for (size_t c = 0; c < ncols; c++)
        table += L.w[c] > 0 ? L.w[c] + 1 : 0;
    for (size_t i = 0; i < n; i++) {
        if (l.first[i] < *top || l.first[i] >= *top + (size_t)h)
            continue;
        int y = (int)(l.first[i] - *top);
        bool selected = i == sel;
        int attr = selected ? term_attr(TS_SELECTED) : term_attr(TS_NORMAL);
        wattrset(w, attr);
        mvwhline(w, y, 0, ' ', wd - 1);
        if (i < scalars)
            draw_scalar(w, y, wd, s, i, selected, edit, bad, attr);
        else if (i < scalars + wc) {
            draw_workload(w, y, wd, s, &L, i - scalars, selected, col, edit, bad, attr);
            if (stats) {
                /* Figures of an earlier input while newer ones compute. */
                wattrset(w, attr | (old ? term_attr(TS_STALE) : 0));
                form_draw_wl_stats(w, y, table, &hr->workloads[i - scalars]);
            }
        } else if (i < scalars + wc + 2)
            form_trace_draw_scalar(w, y, wd, s, i - scalars - wc, selected, edit, bad, attr);
        else
            form_trace_draw_group(w, y, wd, s, hr, i - scalars - wc - 2, selected, col, edit,
                                  bad, old, attr);
    }
    int ha = term_attr(TS_HEADER);
    if (l.wl_head != SIZE_MAX && l.wl_head >= *top && l.wl_head < *top + (size_t)h) {
        int y = (int)(l.wl_head - *top);
        wattrset(w, ha);
        draw_workload(w, y, wd, s, &L, (size_t)-1, false, 0, NULL, false, ha);
        if (stats)
            form_draw_wl_stats(w, y, table, NULL);
    }
    if (l.gr_head != SIZE_MAX && l.gr_head >= *top && l.gr_head < *top + (size_t)h) {
        wattrset(w, ha);
        form_trace_draw_group(w, (int)(l.gr_head - *top), wd, s, hr, (size_t)-1, false, 0,
                              NULL, false, false, ha);
    }
    if (l.other != SIZE_MAX && l.other >= *top && l.other < *top + (size_t)h) {
        int na = term_attr(TS_NORMAL);
        wattrset(w, na);
        form_trace_draw_group(w, (int)(l.other - *top), wd, s, hr, s->trace.group_count,
                              false, 0, NULL, false, old, na);
    }
    draw_notes(w, h, wd, s, hr, computing, old, sel, *top, &l);
    wattrset(w, term_attr(TS_NORMAL));
    return scroll_marks_draw(w, 0, h - 1, 0, *top, (size_t)h, l.count, term_attr(TS_HINT));
}
