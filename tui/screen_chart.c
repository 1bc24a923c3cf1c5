/* screen_chart.c: the planner's chart window: the chart computed into a
 * canvas the window's size, unless the canvas holds it already, and the
 * canvas painted into the window (see screen_chart.h). */
#include "config.h"

#include "screen_chart.h"

#include <stdint.h>
#include <string.h>
#include <wchar.h>

#include "chart_compare.h"
#include "chart_hybrid.h"
#include "compare_view.h"
#include "risk_view.h"
#include "term.h"

/* True when the canvas holds the chart this draw would compute: the same
 * cost chart of the main view with no scenario compared, at the same size
 * and in the same characters, of the same fields of the main view and the
 * same figures. Typing into the Hybrid panel's fields, or moving a
 * selection, leaves it as it is. */
static bool canvas_holds(const App *a, bool unicode)
{
    const CanvasMemo *m = &a->canvas_memo;
    return m->valid && !a->compare && m->kind == a->chart && m->unicode == unicode &&
           scenario_main_equal(&m->of, &a->shown) &&
           memcmp(&m->res, &a->res, sizeof m->res) == 0 &&
           memcmp(&m->horizon, &a->horizon, sizeof m->horizon) == 0;
}

/* The chart of a->chart into the canvas. A cost chart of the main view,
 * drawn from its figures only, is remembered with what it was drawn from
 * (a->canvas_memo). */
static void render_chart(App *a)
{
    a->canvas_memo.valid = false;
    switch (a->chart) {
    case CHART_TORNADO:
        risk_view_draw(a, &a->canvas);
        break;
    case CHART_HYBRID:
        if (a->shown.has_hybrid) {
            chart_hybrid_render(&a->canvas, &a->hres, a->shown.currency);
            break;
        }
        chart_render(&a->canvas, CHART_CUMULATIVE, &a->shown, &a->res, &a->horizon);
        break;
    default: {
        /* With a scenario compared, the cost chart draws its curves with
         * this one's (DESIGN 11.5). */
        ResultsCompare rc;
        if (a->chart == CHART_COST_CURVES && compare_view_figures(a, &rc)) {
            CompareChart cc = {2, {&a->shown, rc.b}, {&a->res, rc.rb}, {false}};
            memcpy(cc.cloud_shared, rc.c->cloud_shared, sizeof cc.cloud_shared);
            chart_compare_render(&a->canvas, &cc);
            break;
        }
        chart_render(&a->canvas, a->chart, &a->shown, &a->res, &a->horizon);
        a->canvas_memo.valid = true;
        a->canvas_memo.kind = a->chart;
        a->canvas_memo.unicode = a->canvas.unicode;
        scenario_copy_main(&a->canvas_memo.of, &a->shown);
        a->canvas_memo.res = a->res;
        a->canvas_memo.horizon = a->horizon;
        break;
    }
    }
}

/* The canvas into window w (h rows of wd cells), its chart cells dimmed
 * when the figures are stale or still computing. */
static void paint_canvas(App *a, WINDOW *w, int h, int wd, bool dim)
{
    for (int y = 0; y < h; y++) {
        wmove(w, y, 0);
        for (int x = 0; x < wd; x++) {
            uint32_t cp = canvas_cp(&a->canvas, x, y);
            int st = canvas_style(&a->canvas, x, y);
            int attr = term_attr(TS_CHART + st);
            if (dim && st != CS_PLAIN)
                attr |= term_attr(TS_STALE);
            /* The last cell of the window cannot take a character without
             * scrolling; insert it instead. */
            bool last = y == h - 1 && x == wd - 1;
            if (cp >= 0x80 && (a->canvas.unicode || cp == CANVAS_MINUS)) {
                wchar_t wc[2] = {(wchar_t)cp, L'\0'};
                cchar_t cc;
                setcchar(&cc, wc, (attr_t)(attr & ~A_COLOR), (short)PAIR_NUMBER(attr), NULL);
                if (last)
                    mvwins_wch(w, y, x, &cc);
                else
                    wadd_wch(w, &cc);
                continue;
            }
            char c = cp < 0x80 ? (char)cp : ' ';
            if ((unsigned char)c < 32 || (unsigned char)c > 126)
                c = ' ';
            if (last)
                mvwinsch(w, y, x, (chtype)(unsigned char)c | (chtype)attr);
            else
                waddch(w, (chtype)(unsigned char)c | (chtype)attr);
        }
    }
    wnoutrefresh(w);
}

void screen_chart_draw(App *a)
{
    WINDOW *w = a->w_chart;
    int h, wd;
    getmaxyx(w, h, wd);
    /* The canvas is the window's size: its memory is bounded by what is
     * visible (canvas.h), however the charts draw. */
    if (a->canvas.width != wd || a->canvas.height != h) {
        canvas_free(&a->canvas);
        canvas_init(&a->canvas, wd, h);
        a->canvas_memo.valid = false;
    }
    bool unicode = term_braille();
    bool dim = a->stale || (a->chart == CHART_HYBRID && a->hwork.pending);
    if (!canvas_holds(a, unicode)) {
        a->canvas.unicode = unicode;
        canvas_clear(&a->canvas);
        render_chart(a);
        a->canvas_memo.painted = false;
    } else if (a->canvas_memo.painted && a->canvas_memo.painted_dim == dim) {
        /* The window holds this canvas as painted: shown again as it is
         * (touched whole, in case another window was drawn over it). */
        touchwin(w);
        wnoutrefresh(w);
        return;
    }
    paint_canvas(a, w, h, wd, dim);
    a->canvas_memo.painted = true;
    a->canvas_memo.painted_dim = dim;
}

