/* chart_cover.c: curves that lie on each other's cells (chart_cover.h). */
#include "config.h"

#include "chart_cover.h"

#include <math.h>
#include <string.h>

#include "numfmt.h"


/* The row of option o's point at column j, -1 off the plot. */
static long chart_point_row(const Plot *p, const Scenario *s,
                            const CostResult *r, int o, int j)
{
    double v = cost_per_hour_at(r, s, (CostOption)o, 100.0 * j / p->n);
    long row = isfinite(v) ? chart_plot_row(p, v) : -1;
    return row < p->top || row > p->axis ? -1 : row;
}

/* The letter of option k when ch is one of another option's letters, else 0. */
static char chart_other_letter(char ch, int o)
{
    for (int k = 0; k < OPT_COUNT; k++)
        if (k != o && ch == cost_option_letter((CostOption)k))
            return ch;
    return 0;
}

/* Whether the stretch [from, to] of option o's curve, covered by option
 * by, ends at o's crossover with on-prem (within min_run columns of its
 * end): on-prem comes down onto o's row and leaves it at the X, which
 * (with its legend entry) already says where o lies. A stretch that goes
 * on after the X (on-prem running along o's row) is named. */
static bool chart_cross_in(const Plot *p, const CostResult *r, int o, int by,
                           int from, int to, int min_run)
{
    if (by != OPT_ONPREM || o == OPT_ONPREM)
        return false;
    const Crossover *x = &r->crossover[o];
    for (size_t k = 0; k < x->count; k++) {
        int j = chart_plot_col(p, x->point[k].pct) - p->x0;
        if (j >= from && j <= to && j >= to - min_run)
            return true;
    }
    return false;
}

/* Finds, for each option, the cells where another curve covers its own.
 * A curve no cell shows gets its letter written over the covering curve
 * at three columns (cover[o].whole). A curve covered over a stretch of at
 * least max(3, n/8) columns, or of 3 at either end of the plot (a
 * crossing covers a cell or two, which the eye follows), gets its letter
 * at the stretch's first and last cells, where it goes under and comes
 * out, and the stretch is kept for the legend ("r under d 51-80%"),
 * unless it ends at the option's crossover with on-prem (chart_cross_in).
 * All covers are found before any letter is written, so one curve's mark
 * does not count as covering another. */
void chart_cover_find(Canvas *c, const Plot *p, const Scenario *s,
                          const CostResult *r, Cover *cover)
{
    int min_run = p->n / 8 > 3 ? p->n / 8 : 3;
    for (int o = 0; o < OPT_COUNT; o++) {
        char letter = cost_option_letter((CostOption)o);
        Cover *cv = &cover[o];
        memset(cv, 0, sizeof *cv);
        cv->n = p->n;
        int seen = 0, on[OPT_COUNT] = {0};
        int run_from = 0;
        char run_by = 0;
        for (int j = 1; j <= p->n + 1; j++) {
            long row = j <= p->n ? chart_point_row(p, s, r, o, j) : -1;
            char ch = row >= 0 ? canvas_get(c, p->x0 + j, (int)row) : 0;
            char by = row >= 0 ? chart_other_letter(ch, o) : 0;
            if (ch == letter)
                seen++;
            for (int k = 0; k < OPT_COUNT; k++)
                if (by && cost_option_letter((CostOption)k) == by)
                    on[k]++;
            if (run_from && by == run_by)
                continue;
            /* A run under one curve ends: kept when long enough. */
            int to = j - 1, k_by = OPT_COUNT;
            for (int k = 0; k < OPT_COUNT; k++)
                if (run_by && cost_option_letter((CostOption)k) == run_by)
                    k_by = k;
            bool edge = run_from == 1 || to == p->n;
            if (run_from && to - run_from + 1 >= (edge ? 3 : min_run) &&
                !chart_cross_in(p, r, o, k_by, run_from, to, min_run)) {
                if (cv->count == STRETCH_MAX) /* merged into the last one */
                    cv->s[cv->count - 1].to = to;
                else
                    cv->s[cv->count++] = (Stretch){run_from, to, run_by};
            }
            run_from = by ? j : 0;
            run_by = by;
        }
        if (seen > 0)
            continue;
        cv->count = 0;
        int best = -1;
        for (int k = 0; k < OPT_COUNT; k++)
            if (on[k] > 0 && (best < 0 || on[k] > on[best]))
                best = k;
        if (best >= 0) /* else off the plot altogether: nothing to uncover */
            cv->whole = cost_option_letter((CostOption)best);
    }
    for (int o = 0; o < OPT_COUNT; o++) {
        char letter = cost_option_letter((CostOption)o);
        const Cover *cv = &cover[o];
        for (int i = 0; i < cv->count; i++)
            for (int e = 0; e < 2; e++) {
                int j = e == 0 ? cv->s[i].from : cv->s[i].to;
                canvas_put(c, p->x0 + j, (int)chart_point_row(p, s, r, o, j), letter,
                           chart_option_style[o]);
            }
        if (!cv->whole)
            continue;
        /* Three marks, staggered per option so two hidden curves do not
         * take the same columns. */
        for (int m = 0; m < 3; m++) {
            int j0 = p->n * (1 + 2 * o) / 9 + m * p->n / 3;
            for (int j = j0 < 1 ? 1 : j0; j <= p->n; j++) {
                long row = chart_point_row(p, s, r, o, j);
                if (row >= 0 && canvas_get(c, p->x0 + j, (int)row) == cv->whole) {
                    canvas_put(c, p->x0 + j, (int)row, letter, chart_option_style[o]);
                    break;
                }
            }
        }
    }
}

/* The legend's text for option o's cover: "d under s" for a whole curve;
 * for stretches "r under d 51-80%, s 80-100%" (detail) or "r under d, s"
 * (each covering letter once). Returns false when o is covered nowhere. */
bool chart_cover_text(const Cover *cv, int o, bool detail, char *buf,
                             size_t size)
{
    char letter = cost_option_letter((CostOption)o);
    if (cv->whole) {
        num_snprintf(buf, size, "%c under %c", letter, cv->whole);
        return true;
    }
    if (cv->count == 0)
        return false;
    size_t len = (size_t)num_snprintf(buf, size, "%c under", letter);
    char named[OPT_COUNT + 1] = "";
    for (int i = 0; i < cv->count && len < size; i++) {
        const Stretch *st = &cv->s[i];
        if (!detail && strchr(named, st->by))
            continue;
        if (!detail)
            named[strlen(named)] = st->by;
        const char *sep = named[1] || (detail && i > 0) ? ", " : " ";
        if (detail)
            len += (size_t)num_snprintf(buf + len, size - len, "%s%c %.0f-%.0f%%", sep,
                                        st->by, 100.0 * st->from / cv->n,
                                        100.0 * st->to / cv->n);
        else
            len += (size_t)num_snprintf(buf + len, size - len, "%s%c", sep, st->by);
    }
    return true;
}

