/* status_line.c: the line above the hint line: a message (a long one
 * wrapped upward over the chart while it is current), or else what the
 * selected row is: its position when the panel does not show every row,
 * its key and help, wrapped over the chart's last row when longer than the
 * line (DESIGN 8). */
#include "config.h"

#include "status_line.h"

#include <stdio.h>
#include <string.h>

#include "edit.h"
#include "form.h"
#include "risk_panel.h"
#include "scroll_mark.h"
#include "term.h"
#include "utf8.h"
#include "wrap.h"

/* A message longer than the line: shown whole, wrapped upward over the
 * chart for as long as it is current (DESIGN 8). Returns false when it fits
 * the line. */
static bool draw_long_msg(App *a)
{
    int need = wrap_rows(a->cols, a->msg.text);
    a->msg.rows = need;
    if (need <= 1)
        return false;
    if (need > a->rows - 2)
        need = a->rows - 2; /* a whole screen of message: its start shows */
    WINDOW *o = newwin(need, a->cols, a->rows - 1 - need, 0);
    if (!o)
        return false;
    wattrset(o, term_attr(a->msg.error ? TS_ERROR : TS_NORMAL));
    werase(o);
    wrap_draw(o, 0, need, a->cols, a->msg.text);
    wnoutrefresh(o);
    delwin(o);
    return true;
}

/* The status line without a message: what the selected row is, its
 * position first when the panel's rows do not all show ("6/11"). Empty
 * when there is nothing to say. */
static void help_text(App *a, char *line, size_t n)
{
    FieldRef ref;
    const Field *f = edit_cur_ref(a, &ref) ? field_ref(&ref) : NULL;
    long wi = edit_cur_workload(a);
    /* A workload's cells also name it: the name column is cut at 80x24. */
    const char *wname = wi >= 0 ? a->doc.cur.hybrid.workloads[wi].name : "";
    const char *sep = term_dash();
    char pos[48] = "";
    if (a->panel_more) {
        scroll_position(pos, sizeof pos - 1, a->sel[a->panel], edit_panel_rows(a));
        strcat(pos, " ");
    }
    size_t pl = strlen(pos);
    char *t = line + pl;
    size_t tn = n - pl;
    snprintf(line, n, "%s", pos);
    if (risk_panel_help(a, t, tn))
        ; /* an input's cell says what its value is */
    else if (f && wi >= 0)
        msg_format(t, tn, "%s%s%s: %s", wname, sep, f->key, f->help);
    else if (f)
        msg_format(t, tn, "%s: %s", f->key, f->help);
    else if (a->panel == PANEL_HYBRID && !a->doc.cur.has_hybrid)
        msg_format(t, tn, "a adds a hybrid plan");
    else if (a->panel == PANEL_HYBRID && a->sel[PANEL_HYBRID] >= form_hybrid_rows(&a->doc.cur))
        msg_format(t, tn, "warning %zu of %zu of the hybrid plan%s; Up goes back to the "
                   "workloads",
                   a->sel[PANEL_HYBRID] - form_hybrid_rows(&a->doc.cur) + 1,
                   a->hres.warning_count, a->hwork.pending ? " (being recomputed)" : "");
    else if (a->panel == PANEL_RISK && !a->doc.cur.has_uncertainty)
        msg_format(t, tn, "a adds uncertainty ranges");
    else
        line[0] = '\0';
}

/* The help of the selected row, in the hint style: word-wrapped upward
 * over the chart when longer than the line, in HELP_ROWS rows at most;
 * a help longer still ends its last row in the ellipsis and, outside an
 * edit, says that `?` shows it whole (DESIGN 8: never cut without a mark;
 * while a value is typed `?` is a key of the edit). The rows are the same
 * while a value is typed as before, so that typing moves no row. Returns
 * true when it took more than the message line (drawn and refreshed
 * here). */
#define HELP_ROWS 2
static bool draw_help(App *a, const char *text)
{
    bool normal = a->mode == MODE_NORMAL;
    int max = HELP_ROWS;
    char tail[32];
    snprintf(tail, sizeof tail, "%s%s", term_ellipsis(), normal ? " ? shows all" : "");
    int need = wrap_rows(a->cols, text), rows = need < max ? need : max;
    if (rows < 1)
        return false;
    WINDOW *o = rows > 1 ? newwin(rows, a->cols, a->rows - 1 - rows, 0) : a->w_msg;
    if (!o)
        return false;
    a->msg.rows = rows;
    werase(o);
    wattrset(o, term_attr(TS_HINT));
    const char *p = text;
    for (int y = 0; y < rows; y++) {
        while (*p == ' ')
            p++;
        bool cut = y == rows - 1 && need > rows;
        size_t take = utf8_wrap_line(p, cut ? a->cols - utf8_width(tail) : a->cols);
        mvwaddnstr(o, y, 0, p, (int)take);
        if (cut)
            waddstr(o, tail);
        p += take;
    }
    wattrset(o, term_attr(TS_NORMAL));
    if (o == a->w_msg)
        return false;
    wnoutrefresh(o);
    delwin(o);
    return true;
}

void status_line_draw(App *a)
{
    WINDOW *w = a->w_msg;
    if (a->msg.text[0] && draw_long_msg(a))
        return;
    a->msg.rows = a->msg.text[0] ? 1 : 0;
    werase(w);
    if (a->msg.text[0]) {
        wattrset(w, term_attr(a->msg.error ? TS_ERROR : TS_NORMAL));
        mvwaddnstr(w, 0, 0, a->msg.text, (int)utf8_head_bytes(a->msg.text, a->cols));
    } else {
        char line[1024];
        help_text(a, line, sizeof line);
        if (line[0] && draw_help(a, line))
            return; /* over the message line too */
    }
    wattrset(w, term_attr(TS_NORMAL));
    wnoutrefresh(w);
}
