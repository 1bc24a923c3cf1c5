/* form_trace.c: the replayed history's part of the Hybrid panel (DESIGN
 * 8, 10.8), after the workloads: the Trace and Trace groups rows, then
 * the groups' table, whose columns are the registry's group rows
 * (hybrid.groups[].KEY) in registry order. Each cell is a field of the
 * registry, edited through the one edit path as a workload's cells are.
 * With the replay's figures, each group's share of jobs sent to the cloud
 * and p95 wait stand beside it (its workload "trace NAME" in the
 * figures); the groups no item names get a line of their own when the
 * history has jobs of theirs. */
#include "config.h"

#include "form.h"
#include "form_text.h"

#include <stdio.h>
#include <string.h>

#include "term.h"
#include "text_rules.h"
#include "utf8.h"

#define GR_COLS_MAX 12

/* hybrid.trace (k 0) and hybrid.trace_group_by (k 1). */
static const Field *trace_row(size_t k)
{
    static const Field *rows[2];
    if (!rows[0]) {
        rows[0] = field_find("hybrid.trace");
        rows[1] = field_find("hybrid.trace_group_by");
    }
    return rows[k];
}

bool form_trace_scalar(const Field *f) { return f == trace_row(0) || f == trace_row(1); }

/* The groups' columns, built once from the registry. */
static const Field *const *group_columns(size_t *n)
{
    static const Field *cols[GR_COLS_MAX];
    static size_t count;
    if (count == 0)
        for (size_t i = 0; i < field_count && count < GR_COLS_MAX; i++)
            if (field_table[i].list == &field_list_groups)
                cols[count++] = &field_table[i];
    *n = count;
    return cols;
}

size_t form_trace_cols(void)
{
    size_t n;
    group_columns(&n);
    return n;
}

size_t form_trace_rows(const Scenario *s)
{
    if (!s->has_hybrid || (!s->trace.file[0] && s->trace.group_count == 0))
        return 0;
    return 2 + s->trace.group_count;
}

bool form_trace_ref(const Scenario *s, size_t k, size_t col, FieldRef *r)
{
    if (k >= form_trace_rows(s))
        return false;
    if (k < 2) {
        field_ref_init(r, trace_row(k), 0);
        return true;
    }
    size_t n;
    const Field *const *cols = group_columns(&n);
    field_ref_init(r, cols[col < n ? col : n - 1], k - 2);
    return true;
}

bool form_trace_locate(const FieldRef *r, size_t *k, size_t *col)
{
    *col = 0;
    if (form_trace_scalar(r->row)) {
        *k = r->row == trace_row(0) ? 0 : 1;
        return true;
    }
    if (r->row->list != &field_list_groups)
        return false;
    *k = 2 + r->index;
    size_t n;
    const Field *const *cols = group_columns(&n);
    for (size_t c = 0; c < n; c++)
        if (cols[c] == r->row)
            *col = c;
    return true;
}

/* ---- the figures ------------------------------------------------------------ */

/* The figures of group i (i == group_count: the groups no item names),
 * or NULL when hr holds no replay of it. */
static const HybridWorkloadResult *group_result(const Scenario *s, const HybridResult *hr,
                                                size_t i)
{
    if (!hr || hr->workload_count <= s->hybrid.workload_count)
        return NULL;
    char name[sizeof hr->workloads[0].name];
    if (i == s->trace.group_count || strcmp(s->trace.groups[i].name, "*") == 0)
        snprintf(name, sizeof name, "trace, other groups");
    else
        snprintf(name, sizeof name, "trace %s", s->trace.groups[i].name);
    for (size_t k = s->hybrid.workload_count; k < hr->workload_count; k++)
        if (strcmp(hr->workloads[k].name, name) == 0)
            return &hr->workloads[k];
    return NULL;
}

bool form_trace_other_line(const Scenario *s, const HybridResult *hr)
{
    for (size_t i = 0; i < s->trace.group_count; i++)
        if (strcmp(s->trace.groups[i].name, "*") == 0)
            return false;
    return form_trace_rows(s) > 0 && group_result(s, hr, s->trace.group_count) != NULL;
}

/* ---- the cells ---------------------------------------------------------------- */

bool form_trace_inherited(const Scenario *s, size_t i, const Field *row, double *v)
{
    FieldRef r;
    field_ref_init(&r, row, i);
    const HybridWorkload *g = &s->trace.groups[i];
    if (row->list != &field_list_groups || row->type == FT_TEXT)
        return false;
    if (row->has_when && !field_in_use(row, s, i)) {
        *v = strcmp(field_leaf(row), "max_wait_minutes") == 0
                 ? hybrid_workload_max_wait(&s->hybrid, g)
                 : hybrid_workload_price(s, g);
        return true;
    }
    *v = row->default_num;
    return row->omit_default && field_get_num(field_ref(&r), s) == row->default_num;
}

/* Group i's cell of column row: an optional key the group does not set
 * shows the value it takes instead, in parentheses; a choice by its
 * initials when `narrow`. */
static void group_cell(const Scenario *s, size_t i, const Field *row, bool narrow, char *buf,
                       size_t n)
{
    FieldRef r;
    field_ref_init(&r, row, i);
    const Field *f = field_ref(&r);
    char t[64];
    double v;
    if (form_trace_inherited(s, i, row, &v)) {
        field_format_double(v, t, sizeof t);
        snprintf(buf, n, "(%s)", t);
    } else if (f->type == FT_TEXT) {
        const char *text = field_get_text(f, s);
        text_visible(text, strlen(text), false, buf, n);
        form_locale_text(buf);
    } else if (f->type == FT_CHOICE) {
        field_format(f, s, t, sizeof t);
        form_choice_word(t, narrow ? 0 : 1 << 20, buf, n);
    } else
        field_format(f, s, buf, n);
}

static const char *group_head(const Field *row)
{
    static const struct {
        const char *leaf, *head;
    } heads[] = {{"name", "group"},  {"cloud_mode", "mode"},     {"priority", "pri"},
                 {"max_wait_minutes", "wait"}, {"cloud_gpu_hour", "price"}};
    const char *leaf = field_leaf(row);
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
        if (strcmp(heads[i].leaf, leaf) == 0)
            return heads[i].head;
    return leaf;
}

/* The columns' widths in `usable` columns: each its widest cell; when
 * they do not fit, choices by their initials, then the name down to 7;
 * *stats says whether the figures fit beside them. */
static void group_widths(const Scenario *s, int usable, bool figures, int *w, bool *narrow,
                         bool *stats)
{
    size_t n;
    const Field *const *cols = group_columns(&n);
    int total = 0;
    for (int pass = 0; pass < 2; pass++) {
        *narrow = pass == 1;
        total = (int)n - 1;
        for (size_t c = 0; c < n; c++) {
            w[c] = utf8_width(group_head(cols[c]));
            for (size_t i = 0; i < s->trace.group_count; i++) {
                char t[HYBRID_TEXT_BYTES(HYBRID_NAME_MAX) + 8];
                group_cell(s, i, cols[c], *narrow, t, sizeof t);
                int tw = utf8_width(t);
                w[c] = tw > w[c] ? tw : w[c];
            }
            if (c == 0 && w[c] > 16)
                w[c] = 16;
            total += w[c];
        }
        if (total + (figures ? 1 + FORM_STATS_COLS : 0) <= usable)
            break;
    }
    int over = total + (figures ? 1 + FORM_STATS_COLS : 0) - usable;
    if (over > 0 && w[0] > 7) {
        int cut = w[0] - 7 < over ? w[0] - 7 : over;
        w[0] -= cut;
        total -= cut;
    }
    *stats = figures && total + 1 + FORM_STATS_COLS <= usable;
}

/* ---- drawing ------------------------------------------------------------------ */

void form_trace_draw_scalar(WINDOW *w, int y, int wd, const Scenario *s, size_t k,
                            bool selected, const LineEdit *edit, bool bad, int attr)
{
    FieldRef r;
    if (!form_trace_ref(s, k, 0, &r))
        return;
    const Field *f = field_ref(&r);
    char val[LINE_EDIT_MAX], unit[64];
    form_value(f, s, val, sizeof val, unit, sizeof unit);
    int labw = wd - 1 - 10 - 9 - 3; /* as the plan's scalars */
    if (labw > 26)
        labw = 26;
    int room = wd - 2 - (labw + 2);
    form_put_clipped(w, y, 1, f->label, labw);
    if (selected && edit) {
        wattrset(w, term_attr(bad ? TS_STALE : TS_EDIT));
        mvwhline(w, y, labw + 2, ' ', room);
        form_put_edit(w, y, labw + 2, edit, room);
        wattrset(w, attr);
    } else if (!val[0] && k == 0)
        form_put_clipped(w, y, labw + 2, "none", room);
    else
        form_put_cell(w, y, labw + 2, room, val, false, attr);
}

void form_trace_draw_group(WINDOW *w, int y, int wd, const Scenario *s,
                           const HybridResult *hr, size_t i, bool selected, size_t col,
                           const LineEdit *edit, bool bad, bool old, int attr)
{
    size_t n;
    const Field *const *cols = group_columns(&n);
    int width[GR_COLS_MAX];
    bool narrow, stats;
    group_widths(s, wd - 2, hr && hr->workload_count > s->hybrid.workload_count, width,
                 &narrow, &stats);
    bool head = i == (size_t)-1, other = i == s->trace.group_count;
    if (col >= n)
        col = n - 1;
    int x = 1;
    for (size_t c = 0; c < n && x < wd - 1; c++) {
        int room = width[c];
        if (x + room > wd - 1)
            room = wd - 1 - x;
        char t[HYBRID_TEXT_BYTES(HYBRID_NAME_MAX) + 8] = "";
        if (head)
            snprintf(t, sizeof t, "%s", group_head(cols[c]));
        else if (other && c == 0)
            snprintf(t, sizeof t, "*");
        else if (other && c == 1)
            snprintf(t, sizeof t, "onprem"); /* as DESIGN 10.8 gives them */
        else if (!other)
            group_cell(s, i, cols[c], narrow, t, sizeof t);
        bool chosen = !head && !other && selected && c == col;
        if (chosen && edit) {
            wattrset(w, term_attr(bad ? TS_STALE : TS_EDIT));
            mvwhline(w, y, x, ' ', room);
            form_put_edit(w, y, x, edit, room);
            wattrset(w, attr);
        } else
            form_put_cell(w, y, x, room, t, chosen, attr);
        x += width[c] + 1;
    }
    if (!stats || x + FORM_STATS_COLS > wd - 1)
        return;
    const HybridWorkloadResult *gr = head ? NULL : group_result(s, hr, i);
    if (!head && !gr)
        return;
    wattrset(w, attr | (old ? term_attr(TS_STALE) : 0));
    form_draw_wl_stats(w, y, x, gr);
    wattrset(w, attr);
}
