/* form_cells.c: the cells the Hybrid panel's two tables share, the
 * workloads' (form_hybrid.c) and the trace groups' (form_trace.c). */
#include "config.h"

#include "form.h"
#include "form_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "term.h"
#include "utf8.h"

/* A choice's word in `width` columns: whole, or by the initials of its
 * parts when it does not fit ("on_demand" -> "od"). */
void form_choice_word(const char *word, int width, char *buf, size_t n)
{
    if (utf8_width(word) <= width || !strchr(word, '_')) {
        snprintf(buf, n, "%s", word);
        return;
    }
    size_t k = 0;
    for (const char *p = word; *p && k + 1 < n; p++)
        if (p == word || p[-1] == '_')
            buf[k++] = *p;
    buf[k] = '\0';
}

/* Draw `text` in a cell of `cols` columns at x, highlighted when chosen;
 * a cut text ends in an ellipsis. */
void form_put_cell(WINDOW *w, int y, int x, int cols, const char *text, bool chosen,
                   int attr)
{
    if (cols <= 0)
        return;
    if (chosen)
        wattrset(w, attr | (int)A_UNDERLINE | (int)A_BOLD);
    int tw = utf8_width(text);
    form_put_clipped(w, y, x, text, cols);
    /* A cut cell says so: "30 * * *" would read as a different schedule. */
    if (tw > cols)
        mvwaddstr(w, y, x + cols - 1, term_ellipsis());
    wattrset(w, attr);
}

/* The results columns of a workload row (or their header when wr is NULL):
 * share of jobs sent to the cloud, and the p95 wait of those kept on-prem. */
void form_draw_wl_stats(WINDOW *w, int y, int x, const HybridWorkloadResult *wr)
{
    char buf[48];
    if (!wr)
        snprintf(buf, sizeof buf, "%5s %7s", "cloud", "p95");
    else if (isnan(wr->wait_p95_minutes))
        num_snprintf(buf, sizeof buf, "%4.0f%% %7s", wr->to_cloud_pct, "-");
    else
        num_snprintf(buf, sizeof buf, "%4.0f%% %4.0fmin", wr->to_cloud_pct,
                     wr->wait_p95_minutes);
    mvwaddnstr(w, y, x, buf, FORM_STATS_COLS);
}
