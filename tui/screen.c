/* screen.c: the planner's windows for the terminal's size, and drawing
 * the parts a reaction marked dirty (HACKING 5: wnoutrefresh each, one
 * doupdate). */
#include "config.h"

#include "screen.h"
#include "screen_chart.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "compare_view.h"
#include "form.h"
#include "form_text.h"
#include "keys.h"
#include "mode.h"
#include "price_picker.h"
#include "results.h"
#include "risk_live.h"
#include "risk_panel.h"
#include "scroll_mark.h"
#include "search.h"
#include "status_line.h"
#include "term.h"
#include "text_rules.h"
#include "utf8.h"

#define MIN_COLS 80
#define MIN_ROWS 22
/* Below this height the short layout: the verdict leaves the results box
 * for a full-width window above the chart, and the chart keeps the rows
 * for CHART_MIN_PLOT plot rows (DESIGN 8: 6 at 80x22). At this height too,
 * except on the Hybrid panel (whose table wants the rows): beside the
 * panel the verdict took up to six of the box's eleven rows, and the
 * horizon line (DESIGN 8) had none left. */
#define SHORT_ROWS 24
#define CHART_SHORT_H 10

/* True when the screen takes the short layout (not while z zooms the
 * chart). */
static bool short_layout(const App *a)
{
    return !a->chart_zoom &&
           (a->rows < SHORT_ROWS || (a->rows == SHORT_ROWS && a->panel != PANEL_HYBRID));
}

/* From 100 columns the panel keeps what shows a label, a value of 20
 * columns and its unit whole (60 columns), and the results take the rest,
 * except beside the Hybrid panel's workload table, which needs its columns. */
static bool wide_results(const App *a)
{
    return a->cols >= 100 && a->panel != PANEL_HYBRID && a->cols - 60 > 48;
}

/* The results box's columns, and the tall layout's rows of the panel and
 * the box. */
static int results_width(const App *a, bool wide)
{
    return wide ? a->cols - 60 : a->cols >= 100 ? 48 : 39;
}
static int tall_top(const App *a) { return 11 + (a->rows - 4 - 20) / 3; }

/* The Hybrid panel with a plan shows the verdict's first clause in a
 * window of its own, full width above the chart (DESIGN 8), wherever the
 * box beside its table has no rows to lead with the whole verdict (all
 * but 132x43): the cheapest option and its margin stay on screen and the
 * table keeps its rows. */
static bool hybrid_lead(const App *a) { return a->panel == PANEL_HYBRID && a->shown.has_hybrid; }
static bool hybrid_verdict_row(App *a);

/* Whether the verdict has a window of its own. */
static bool verdict_window(App *a) { return short_layout(a) || hybrid_verdict_row(a); }

void screen_free(App *a)
{
    WINDOW **ws[] = {&a->w_title, &a->w_form, &a->w_results, &a->w_chart, &a->w_msg, &a->w_line,
                      &a->w_verdict};
    for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
        if (*ws[i]) {
            delwin(*ws[i]);
            *ws[i] = NULL;
        }
    a->canvas_memo.painted = false; /* (a new chart window is blank) */
}

Reaction screen_layout(App *a)
{
    screen_free(a);
    getmaxyx(stdscr, a->rows, a->cols);
    a->too_small = a->rows < MIN_ROWS || a->cols < MIN_COLS;
    /* The price book's rows are laid out for the width. */
    if (a->dlg.kind == DLG_PICKER && a->dlg.purpose == P_PRICES && a->book)
        price_picker_fill(a, a->dlg.sel);
    if (a->too_small)
        return R_ALL | R_CLEAR;
    int avail = a->rows - 4;
    if (a->chart_zoom) {
        /* z: the chart takes every row but the title, the tabs, the
         * message and the hint line; the panel and the results are not
         * drawn (their windows stay, empty, for the code that sizes by
         * them). */
        a->w_title = newwin(2, a->cols, 0, 0);
        a->w_form = newwin(1, 1, 0, 0);
        a->w_results = newwin(1, 1, 0, 0);
        a->w_chart = newwin(avail, a->cols, 2, 0);
        a->w_msg = newwin(1, a->cols, a->rows - 2, 0);
        a->w_line = newwin(1, a->cols, a->rows - 1, 0);
        if (!a->w_title || !a->w_form || !a->w_results || !a->w_chart || !a->w_msg ||
            !a->w_line) {
            screen_free(a);
            a->too_small = true;
        }
        return R_ALL | R_CLEAR;
    }
    int top_h = tall_top(a), verdict_h = 0;
    if (short_layout(a)) {
        /* The verdict whole (its rows counted by the last draw), the chart's
         * plot rows, then the panel and the figures take what is left; a
         * verdict too long for both takes its rows from the chart last. */
        verdict_h = a->verdict_h > 0 ? a->verdict_h : 3;
        /* At 24 rows the chart keeps the tall layout's 9 rows, so the panel
         * loses fewer. */
        int chart_h = a->rows >= SHORT_ROWS ? CHART_SHORT_H - 1 : CHART_SHORT_H;
        top_h = avail - chart_h - verdict_h;
        if (top_h < 5)
            top_h = 5;
        if (avail - top_h - verdict_h < 6)
            verdict_h = avail - top_h - 6;
    } else if (hybrid_verdict_row(a)) {
        /* The tall layout's chart keeps its rows; the panel and the box
         * give the verdict's. */
        verdict_h = a->verdict_h > 0 ? a->verdict_h : 1;
        if (top_h - verdict_h < 5)
            verdict_h = top_h - 5;
        top_h -= verdict_h;
    }
    /* No region keeps empty columns while another cuts its text (DESIGN 8). */
    a->wide_results = wide_results(a);
    int res_w = results_width(a, a->wide_results);
    int form_w = a->cols - res_w - 1;
    a->w_title = newwin(2, a->cols, 0, 0);
    a->w_form = newwin(top_h, form_w + 1, 2, 0); /* + the gap column */
    a->w_results = newwin(top_h, res_w, 2, form_w + 1);
    if (verdict_h > 0)
        a->w_verdict = newwin(verdict_h, a->cols, 2 + top_h, 0);
    a->w_chart = newwin(avail - top_h - verdict_h, a->cols, 2 + top_h + verdict_h, 0);
    a->w_msg = newwin(1, a->cols, a->rows - 2, 0);
    a->w_line = newwin(1, a->cols, a->rows - 1, 0);
    if (!a->w_title || !a->w_form || !a->w_results || !a->w_chart || !a->w_msg ||
        !a->w_line || (verdict_h > 0 && !a->w_verdict)) {
        screen_free(a);
        a->too_small = true;
    }
    return R_ALL | R_CLEAR;
}

/* The title in `cols` columns: a long path loses its start and a long name
 * its end (to an ellipsis) before the modified marker is ever cut. */
static void fit_title(const App *a, char *t, size_t n, int cols)
{
    const char *sep = term_dash(), *ell = term_ellipsis();
    /* The name and the path are data: their controls, bidirectional
     * overrides and invisible characters are shown escaped, by the one
     * function every message and the command line use (text_visible,
     * DESIGN 7), so a file named with U+202E cannot reverse the title. The
     * C locale then shows a '?' a character, one column, as the panel
     * does. An escape takes at most 4 bytes a byte. */
    static char name[4 * sizeof a->doc.cur.name], path[4 * DOC_PATH_MAX];
    const char *file = a->doc.path[0] ? a->doc.path : "(no file)";
    text_visible(a->doc.cur.name, strlen(a->doc.cur.name), false, name, sizeof name);
    text_visible(file, strlen(file), false, path, sizeof path);
    form_locale_text(name);
    form_locale_text(path);
    const char *mark = doc_modified(&a->doc) ? " [+]" : "";
    int avail = cols - (8 + 2 * utf8_width(sep) + utf8_width(mark));
    int nc = utf8_width(name), pc = utf8_width(path), pw = pc, nw = nc;
    if (avail > 8 && nc + pc > avail) {
        pw = avail - nc > avail / 2 ? avail - nc : avail / 2;
        if (pw > pc)
            pw = pc;
        nw = avail - pw;
    }
    int nlen = nw < nc ? (int)utf8_head_bytes(name, nw - 1) : (int)strlen(name);
    const char *tail = pw < pc ? path + utf8_skip_cols(path, pc - (pw - 1)) : path;
    snprintf(t, n, " gpuplan%s%.*s%s%s%s%s%s", sep, nlen, name, nw < nc ? ell : "", sep,
             pw < pc ? ell : "", tail, mark);
}

static void draw_title(App *a)
{
    WINDOW *w = a->w_title;
    /* Room for the whole escaped name and path (fit_title), cut below to
     * the screen's width. */
    static char t[4 * sizeof a->doc.cur.name + 4 * DOC_PATH_MAX + 64];
    fit_title(a, t, sizeof t, a->cols);
    t[utf8_head_bytes(t, a->cols)] = '\0'; /* a tiny screen: never wrap */
    werase(w);
    wattrset(w, term_attr(TS_TITLE));
    mvwhline(w, 0, 0, ' ', a->cols);
    mvwaddnstr(w, 0, 0, t, -1);
    wattrset(w, term_attr(TS_NORMAL));
    /* The tabs: " Name " each with a blank between, or, where that is wider
     * than the terminal (nine panels at 80 columns), the names one blank
     * apart; the active one is marked by its attribute either way. */
    int wide = 0;
    for (int p = 0; p < PANEL_COUNT; p++)
        wide += (int)strlen(panel_name((Panel)p)) + 3;
    bool pad = wide < a->cols;
    wmove(w, 1, pad ? 0 : 1);
    for (int p = 0; p < PANEL_COUNT; p++) {
        char tab[32];
        snprintf(tab, sizeof tab, pad ? " %s " : "%s", panel_name((Panel)p));
        wattrset(w, term_attr(p == (int)a->panel ? TS_TAB_ACTIVE : TS_TAB));
        if (getcurx(w) + (int)strlen(tab) < a->cols)
            waddstr(w, tab);
        wattrset(w, term_attr(TS_NORMAL));
        if (getcurx(w) < a->cols - 1)
            waddch(w, ' ');
    }
    wnoutrefresh(w);
}

static void draw_line(App *a)
{
    WINDOW *w = a->w_line;
    if (a->dlg.kind == DLG_PROMPT || a->dlg.kind == DLG_CHOICE) {
        dialog_draw(&a->dlg, w, a->rows, a->cols);
    } else if (a->mode == MODE_COMMAND || a->mode == MODE_SEARCH) {
        werase(w);
        int right = 0;
        if (a->mode == MODE_SEARCH) {
            /* What the text finds, at the line's right end. */
            char st[48];
            bool none = search_status(a, st, sizeof st);
            right = (int)strlen(st) + 1;
            wattrset(w, term_attr(none ? TS_ERROR : TS_HINT));
            mvwaddstr(w, 0, a->cols - right, st);
            wattrset(w, term_attr(TS_NORMAL));
        }
        mvwaddch(w, 0, 0, a->mode == MODE_SEARCH ? '/' : ':');
        /* Scrolled by columns so the cursor stays on the line. */
        int room = a->cols - 2 - right;
        int col = (int)line_edit_cursor_col(&a->cmd);
        size_t off = utf8_skip_cols(a->cmd.text, col > room ? col - room : 0);
        const char *t = a->cmd.text + off;
        waddnstr(w, t, (int)utf8_head_bytes(t, a->cols - 1 - right));
        int cx = 1 + col - utf8_width_n(a->cmd.text, off);
        if (cx < a->cols)
            mvwchgat(w, 0, cx, 1, A_REVERSE, 0, NULL);
    } else {
        werase(w);
        char hints[512];
        if (a->mode == MODE_NOTES || a->mode == MODE_EDIT)
            keys_mode_hint_line(mode_keys(a->mode), hints, sizeof hints, a->cols - 1);
        else if (a->chart_zoom)
            snprintf(hints, sizeof hints, "z/Esc back  c next chart  u undo  : cmd  "
                     "F1 help  F10 quit");
        else
            keys_hint_line(hints, sizeof hints, a->cols - 1,
                           a->panel == PANEL_HYBRID ? KS_HYBRID
                           : a->panel == PANEL_RISK ? KS_RISK
                                                    : KS_ANY);
        wattrset(w, term_attr(TS_HINT));
        mvwaddnstr(w, 0, 0, hints, (int)utf8_head_bytes(hints, a->cols - 1));
        wattrset(w, term_attr(TS_NORMAL));
    }
    wnoutrefresh(w);
}

static void draw_too_small(App *a)
{
    char m[128];
    snprintf(m, sizeof m, "terminal too small: gpuplan needs %dx%d, this one is %dx%d",
             MIN_COLS, MIN_ROWS, a->cols, a->rows);
    werase(stdscr);
    /* Then the question being asked (quit: save, discard or cancel; the
     * path to save to) with what is typed, or the last message. */
    char q[sizeof a->msg.text + sizeof a->dlg.question + LINE_EDIT_MAX] = "";
    if (a->dlg.kind == DLG_PROMPT)
        snprintf(q, sizeof q, "%s %s", a->dlg.question, a->dlg.edit.text);
    else if (a->dlg.kind == DLG_CHOICE)
        snprintf(q, sizeof q, "%s", a->dlg.question);
    else
        snprintf(q, sizeof q, "%s", a->msg.text);
    const char *parts[] = {m, q};
    int y = 0;
    for (int k = 0; k < 2; k++) {
        const char *t = parts[k];
        /* Wrap over the rows there are; never write the last cell. */
        while (*t && y < a->rows) {
            int room = a->cols - (y == a->rows - 1 ? 1 : 0);
            if (room <= 0)
                break;
            size_t take = utf8_head_bytes(t, room);
            if (take == 0)
                break;
            mvaddnstr(y++, 0, t, (int)take);
            t += take;
        }
    }
    wnoutrefresh(stdscr);
}

/* What the results box shows (DESIGN 11.5): the scenario whose figures
 * and verdict it shows, B's after v where one column fits, else the open
 * one's (with B's beside where two fit). */
typedef struct Shown {
    CompareShow show;
    ResultsCompare rc;
    const Scenario *s;
    const CostResult *r;
    const char *label; /* before the verdict */
} Shown;

static Shown shown_figures(App *a)
{
    Shown v = {.s = &a->shown, .r = &a->res};
    v.show = compare_view_show(a, a->w_results ? getmaxx(a->w_results) : 0, &v.rc);
    if (v.show == CMP_B) {
        v.s = v.rc.b;
        v.r = v.rc.rb;
    }
    v.label = compare_view_label(a, v.show);
    return v;
}

/* On the Hybrid panel, the verdict's own window where the tall layout's
 * box would not lead with it (hybrid_lead). */
static bool hybrid_verdict_row(App *a)
{
    if (a->chart_zoom || !hybrid_lead(a) || a->rows < SHORT_ROWS)
        return false;
    Shown sh = shown_figures(a);
    return !results_hybrid_leads(sh.label, sh.s, sh.r, results_width(a, false), tall_top(a));
}

/* The verdict's window is sized to the verdict: when the results change
 * its row count, or the panel changes the layout (to or from the Hybrid
 * panel), lay the screen out again. */
static void relayout(App *a)
{
    if (a->too_small)
        return;
    bool own = verdict_window(a);
    if ((a->w_verdict != NULL) != own || a->wide_results != wide_results(a))
        a->dirty |= screen_layout(a);
    if (!a->too_small && own && (a->dirty & R_RESULTS)) {
        Shown sh = shown_figures(a);
        int v = results_verdict_rows(sh.label, sh.s, sh.r, hybrid_lead(a), a->cols);
        if (v < 1)
            v = 1;
        if (v != a->verdict_h) {
            a->verdict_h = v;
            a->dirty |= screen_layout(a);
        }
    }
}

/* The percent of hybrid figures still computing, -1 when they are up to
 * date (DESIGN 6: results still computing are marked so). */
static int hybrid_computing(const App *a) { return a->hwork.pending ? a->hwork.percent : -1; }

/* The panel: a form of the registry's rows, the Hybrid panel's table or
 * the Risk panel's inputs, the value being typed in place. A text wider
 * than the panel says where in *wide. */
static void draw_form(App *a, FormEditSpot *wide)
{
    const LineEdit *edit = a->mode == MODE_EDIT ? &a->edit : NULL;
    size_t *top = &a->top[a->panel];
    if (a->panel == PANEL_RISK) {
        risk_panel_draw(a->w_form, &a->doc.cur, a->sel[a->panel], a->hcol, top, edit,
                        a->edit_bad, risk_live_drawn(a));
        size_t lines = risk_panel_lines(&a->doc.cur);
        int h = getmaxy(a->w_form);
        a->panel_more = h > 0 && scroll_marks_draw(a->w_form, 0, h - 1, 0, *top, (size_t)h,
                                                   lines, term_attr(TS_HINT));
    } else if (a->panel == PANEL_HYBRID) {
        a->panel_more =
            form_draw_hybrid(a->w_form, &a->doc.cur,
                             a->shown.has_hybrid && a->hwork.ok ? &a->hres : NULL,
                             hybrid_computing(a), a->hwork.pending && a->hwork.plan_current,
                             a->sel[a->panel], a->hcol, top, edit, a->edit_bad);
    } else {
        a->panel_more = form_draw(a->w_form, a->panel, &a->doc.cur, a->sel[a->panel], top,
                                  edit, a->edit_bad, wide);
    }
    wnoutrefresh(a->w_form);
}

/* The results box (with the Risk panel's Monte Carlo lines, or the
 * Hybrid panel's figures; with a scenario compared, its figures beside or
 * in turn) and, in the short layout, the verdict's own window. */
static void draw_results(App *a)
{
    Shown sh = shown_figures(a);
    bool b_only = sh.show == CMP_B; /* B's figures alone: no plan, no draws */
    int computing = b_only ? -1 : hybrid_computing(a);
    bool plan_current = a->hwork.pending && a->hwork.plan_current;
    /* A trace that cannot be replayed has no figures: the panel says why. */
    const HybridResult *hy = !b_only && a->panel == PANEL_HYBRID && a->shown.has_hybrid &&
                                     hybrid_work_has_figures(&a->hwork)
                                 ? &a->hres
                                 : NULL;
    char lines[RISK_LIVE_LINES][RISK_LIVE_WIDTH], lead[512], cheapest[160];
    ResultsExtra ex = {.count = 0};
    int risk = b_only ? 0 : risk_live_lines(a, lines, RISK_LIVE_LINES, &ex.refining);
    int risk_lead = risk < RISK_LIVE_LEAD ? risk : RISK_LIVE_LEAD;
    /* The compared scenario's line first, then the panel's lead lines;
     * after the options, the cheapest of both (one column), then the
     * panel's other lines. */
    compare_view_lead(a, sh.show, getmaxx(a->w_results), lead, sizeof lead);
    if (lead[0])
        ex.line[ex.count++] = lead;
    for (int k = 0; k < risk_lead; k++)
        ex.line[ex.count++] = lines[k];
    ex.lead = ex.count;
    compare_view_cheapest(a, cheapest, sizeof cheapest);
    if ((sh.show == CMP_A || sh.show == CMP_B) && cheapest[0])
        ex.line[ex.count++] = cheapest;
    for (int k = risk_lead; k < risk; k++)
        ex.line[ex.count++] = lines[k];
    ResultsView v = {.s = sh.s, .r = sh.r, .hy = hy, .computing = computing,
                     .plan_current = plan_current, .ex = ex.count ? &ex : NULL,
                     .stale = a->stale && !b_only, .verdict_too = a->w_verdict == NULL,
                     .verdict_label = sh.label,
                     .both = sh.show == CMP_BOTH ? &sh.rc : NULL};
    results_draw(a->w_results, &v);
    if (a->w_verdict) {
        results_draw_verdict(a->w_verdict, sh.label, sh.s, sh.r, hybrid_lead(a), v.stale);
        wnoutrefresh(a->w_verdict);
    }
    wnoutrefresh(a->w_results);
}

/* A text wider than the panel opens whole over the results from its own
 * column, or, wider still, on the whole row (DESIGN 8). */
static void draw_wide_edit(App *a, const FormEditSpot *wide)
{
    a->edit_wide = wide->wide && a->mode == MODE_EDIT;
    if (!a->edit_wide)
        return;
    int need = utf8_width(a->edit.text) + 1;
    int x = getbegx(a->w_form) + wide->x;
    if (x + need > a->cols)
        x = 0;
    WINDOW *o = newwin(1, a->cols - x, getbegy(a->w_form) + wide->y, x);
    if (o) {
        form_draw_edit(o, 0, 0, &a->edit, a->cols - x, a->edit_bad);
        wnoutrefresh(o);
        delwin(o);
    }
}

/* The notes editor covers the panel and the figures, and below 24 rows
 * the verdict too (the notes change no figure), over whatever was drawn
 * there. */
static void draw_notes(App *a)
{
    int oh = getmaxy(a->w_form) + (a->w_verdict ? getmaxy(a->w_verdict) : 0);
    WINDOW *o = newwin(oh, a->cols, getbegy(a->w_form), 0);
    if (o) {
        form_draw_notes(o, &a->notes, &a->notes_top, &a->notes_width);
        wnoutrefresh(o);
        delwin(o);
    }
}

/* What a->dirty marks, on a terminal big enough. */
static void draw_dirty(App *a)
{
    /* A long message covers rows of the chart (and above): a new message
     * repaints them, and a repaint of them repaints it. */
    if (a->msg.rows > 1 && (a->dirty & R_MSG))
        a->dirty |= R_FORM | R_RESULTS | R_CHART;
    if (a->msg.rows > 1 && (a->dirty & (R_FORM | R_RESULTS | R_CHART)))
        a->dirty |= R_MSG;
    if (a->dirty & R_TITLE)
        draw_title(a);
    /* A wide edit covers the results: they are drawn again under it while
     * it is open, and once when it closes. */
    if ((a->dirty & R_FORM) && (a->mode == MODE_EDIT || a->edit_wide))
        a->dirty |= R_RESULTS;
    if (a->chart_zoom)
        a->dirty &= ~(unsigned)(R_FORM | R_RESULTS);
    FormEditSpot wide = {.wide = false};
    if (a->dirty & R_FORM)
        draw_form(a, &wide);
    if (a->dirty & R_RESULTS)
        draw_results(a);
    draw_wide_edit(a, &wide);
    if (a->mode == MODE_NOTES && (a->dirty & (R_FORM | R_RESULTS)))
        draw_notes(a);
    if (a->dirty & R_CHART)
        screen_chart_draw(a);
    if (a->dirty & R_MSG)
        status_line_draw(a);
    if (a->dirty & R_LINE)
        draw_line(a);
    if (a->dlg.kind == DLG_PICKER || a->dlg.kind == DLG_HELP)
        dialog_draw(&a->dlg, a->w_line, a->rows, a->cols);
}

void screen_draw(App *a)
{
    relayout(a);
    if (a->dirty & R_CLEAR) {
        clearok(curscr, TRUE);
        werase(stdscr);
        wnoutrefresh(stdscr);
    }
    if (a->too_small) {
        if (a->dirty)
            draw_too_small(a);
    } else {
        draw_dirty(a);
    }
    a->dirty = 0;
    doupdate();
}
