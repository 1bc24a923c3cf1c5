/* risk_pairs.c: the pairs of inputs drawn together on the Risk panel;
 * see risk_pairs.h. */
#include "config.h"

#include "risk_pairs.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "edit.h"
#include "form.h"
#include "form_text.h"
#include "numfmt.h"
#include "risk_live.h"
#include "risk_panel.h"
#include "scenario_edit.h"
#include "term.h"
#include "uncertainty.h"
#include "utf8.h"

/* The leaf of each cell of a pair's row. */
static const char *const pair_leaf[RISK_PAIR_COLS] = {"input", "with", "rho"};

/* The heading's words over each cell, and over the rank correlation drawn. */
static const char *const pair_head[RISK_PAIR_COLS + 1] = {"pair", "with", "rho",
                                                          "drawn"};

/* The row of the pairs' list behind cell c: found once in the registry. */
static const Field *pair_row(size_t c)
{
    static const Field *rows[RISK_PAIR_COLS];
    if (!rows[c])
        for (size_t i = 0; i < field_count; i++)
            if (field_table[i].list == &field_list_pairs &&
                strcmp(field_leaf(&field_table[i]), pair_leaf[c]) == 0)
                rows[c] = &field_table[i];
    return rows[c];
}

size_t risk_pairs_heading_row(const Scenario *s)
{
    return RISK_SCALARS + (s->has_uncertainty ? s->uncertainty.input_count : 0);
}

size_t risk_pairs_rows(const Scenario *s)
{
    return s->has_uncertainty ? 1 + s->uncertainty.pair_count : 0;
}

long risk_pairs_selected(const App *a)
{
    const Scenario *s = &a->doc.cur;
    if (a->panel != PANEL_RISK || !s->has_uncertainty)
        return -1;
    size_t first = risk_pairs_heading_row(s) + 1, row = a->sel[PANEL_RISK];
    return row >= first && row < first + s->uncertainty.pair_count ? (long)(row - first)
                                                                    : -1;
}

bool risk_pairs_heading(const App *a)
{
    return a->panel == PANEL_RISK && a->doc.cur.has_uncertainty &&
           a->sel[PANEL_RISK] == risk_pairs_heading_row(&a->doc.cur);
}

long risk_pairs_naming(const Scenario *s, size_t i)
{
    const Uncertainty *u = &s->uncertainty;
    if (!s->has_uncertainty || i >= u->input_count)
        return -1;
    for (size_t k = 0; k < u->pair_count; k++)
        if (strcmp(u->pairs[k].a, u->inputs[i].key) == 0 ||
            strcmp(u->pairs[k].b, u->inputs[i].key) == 0)
            return (long)k;
    return -1;
}

bool risk_pairs_ref(const Scenario *s, size_t k, size_t col, FieldRef *r)
{
    if (!s->has_uncertainty || k >= s->uncertainty.pair_count)
        return false;
    field_ref_init(r, pair_row(col < RISK_PAIR_COLS ? col : RISK_PAIR_RHO), k);
    return true;
}

size_t risk_pairs_col(const FieldRef *r)
{
    for (size_t c = 0; c < RISK_PAIR_COLS; c++)
        if (pair_row(c) == r->row)
            return c;
    return 0;
}

/* ---- drawing -------------------------------------------------------------- */

/* The widths of the cells and of the rank correlation drawn in `usable`
 * columns: the numbers 7 and 6 wide, the inputs' names what they leave,
 * up to 24 each. */
static void pair_widths(int usable, int cw[RISK_PAIR_COLS + 1])
{
    int rest = usable - 7 - 6 - RISK_PAIR_COLS;
    cw[RISK_PAIR_INPUT] = (rest + 1) / 2;
    cw[RISK_PAIR_WITH] = rest / 2;
    for (int c = RISK_PAIR_INPUT; c <= RISK_PAIR_WITH; c++)
        if (cw[c] > 24)
            cw[c] = 24;
    cw[RISK_PAIR_RHO] = 7;
    cw[RISK_PAIR_COLS] = 6;
}

/* An input of a pair as the inputs' rows name it: its field's label, or
 * the key when it names no number field. */
static void input_label(const char *key, char *buf, size_t n)
{
    Diag why;
    const Field *t = uncertainty_target(key, &why);
    snprintf(buf, n, "%s", t ? t->label : key);
    form_locale_text(buf);
}

/* Cell c of pair k (c == RISK_PAIR_COLS: the rank correlation drawn). */
static void pair_cell(const Scenario *s, size_t k, int c, const double *drawn,
                      char *buf, size_t n)
{
    const UncPair *p = &s->uncertainty.pairs[k];
    if (c == RISK_PAIR_INPUT || c == RISK_PAIR_WITH)
        input_label(c == RISK_PAIR_INPUT ? p->a : p->b, buf, n);
    else if (c == RISK_PAIR_RHO)
        num_format_value(p->rho, buf, n);
    else if (!drawn)
        buf[0] = '\0'; /* the Monte Carlo has not run on these values yet */
    else if (isnan(drawn[k]))
        snprintf(buf, n, "indep.");
    else
        num_snprintf(buf, n, "%.3f", drawn[k]);
}

void risk_pairs_draw(WINDOW *w, int y, int wd, const Scenario *s, long k,
                     bool selected, size_t col, const LineEdit *edit,
                     bool bad, const double *drawn, int attr)
{
    if (k < 0 && s->uncertainty.pair_count == 0) {
        /* No pair yet: the heading says how to add one. */
        int ha = selected ? attr : term_attr(TS_HINT);
        wattrset(w, ha);
        form_put_cell(w, y, 1, wd - 2, "inputs drawn together: none (a adds)", false, ha);
        wattrset(w, attr);
        return;
    }
    int cw[RISK_PAIR_COLS + 1];
    pair_widths(wd - 2, cw);
    int x = 1;
    if (col >= RISK_PAIR_COLS) /* from an input's high: the rank correlation */
        col = RISK_PAIR_RHO;
    if (k < 0 && !selected)
        attr = term_attr(TS_HEADER);
    wattrset(w, attr);
    for (int c = 0; c <= RISK_PAIR_COLS; c++) {
        char cell[96];
        if (k < 0)
            snprintf(cell, sizeof cell, "%s", pair_head[c]);
        else
            pair_cell(s, (size_t)k, c, drawn, cell, sizeof cell);
        bool chosen = k >= 0 && selected && (size_t)c == col;
        if (chosen && edit) {
            risk_panel_put_edit(w, y, x, cw[c], edit, bad);
            wattrset(w, attr);
        } else if (c < RISK_PAIR_RHO) { /* names align left, numbers right */
            form_put_cell(w, y, x, cw[c], cell, chosen, attr);
        } else {
            if (chosen)
                wattrset(w, attr | (int)A_UNDERLINE | (int)A_BOLD);
            risk_panel_put_right(w, y, x, cw[c], cell);
            wattrset(w, attr);
        }
        x += cw[c] + 1;
    }
}

/* ---- the status line ------------------------------------------------------ */

bool risk_pairs_help(const App *a, char *buf, size_t n)
{
    const Scenario *s = &a->doc.cur;
    if (risk_pairs_heading(a)) {
        size_t np = s->uncertainty.pair_count;
        if (np == 0)
            msg_format(buf, n, "uncertainty.correlations: no inputs are drawn together "
                       "yet; a adds a pair and its rank correlation (Iman-Conover)");
        else
            msg_format(buf, n, "uncertainty.correlations: %zu pair%s of inputs drawn "
                       "together (rank correlation, Iman-Conover); a adds one, d on a "
                       "pair deletes it", np, np == 1 ? "" : "s");
        return true;
    }
    long k = risk_pairs_selected(a);
    if (k < 0)
        return false;
    const UncPair *p = &s->uncertainty.pairs[k];
    size_t col = a->hcol < RISK_PAIR_COLS ? a->hcol : RISK_PAIR_RHO;
    if (col != RISK_PAIR_RHO) {
        msg_format(buf, n, "uncertainty.correlations[%ld].%s: %s; Enter types another "
                   "input's key", k, pair_leaf[col], col == RISK_PAIR_INPUT ? p->a : p->b);
        return true;
    }
    const double *drawn = risk_live_drawn(a);
    char rho[40], got[96] = "";
    num_format_value(p->rho, rho, sizeof rho);
    if (drawn && isnan(drawn[k]))
        snprintf(got, sizeof got, "; drawn independently");
    else if (drawn)
        num_snprintf(got, sizeof got, "; %.3f in the draws", drawn[k]);
    msg_format(buf, n, "uncertainty.correlations[%ld].rho of %s and %s: %s, -1 to 1%s", k,
               p->a, p->b, rho, got);
    return true;
}

/* ---- adding --------------------------------------------------------------- */

/* True when s pairs inputs i and j already (in either order). */
static bool paired(const Scenario *s, size_t i, size_t j)
{
    const Uncertainty *u = &s->uncertainty;
    const char *x = u->inputs[i].key, *y = u->inputs[j].key;
    for (size_t p = 0; p < u->pair_count; p++)
        if ((strcmp(u->pairs[p].a, x) == 0 && strcmp(u->pairs[p].b, y) == 0) ||
            (strcmp(u->pairs[p].a, y) == 0 && strcmp(u->pairs[p].b, x) == 0))
            return true;
    return false;
}

Reaction risk_pairs_add(App *a)
{
    const Scenario *s = &a->doc.cur;
    const Uncertainty *u = &s->uncertainty;
    if (u->pair_count >= UNC_MAX_PAIRS)
        return msg_show(a, true, "uncertainty.correlations: at most %d pairs",
                        UNC_MAX_PAIRS);
    if (u->input_count < 2)
        return msg_show(a, false, "a pair needs two inputs: a on an input's row adds one");
    UncPair pair;
    memset(&pair, 0, sizeof pair);
    bool found = false;
    for (size_t i = 0; i < u->input_count && !found; i++)
        for (size_t j = i + 1; j < u->input_count && !found; j++)
            if (!paired(s, i, j)) {
                snprintf(pair.a, sizeof pair.a, "%s", u->inputs[i].key);
                snprintf(pair.b, sizeof pair.b, "%s", u->inputs[j].key);
                found = true;
            }
    if (!found)
        return msg_show(a, false, "every two inputs are paired already");
    long k = risk_pairs_selected(a);
    size_t at = k >= 0 ? (size_t)k + 1 : 0;
    Diag d;
    if (scenario_list_insert(edit_draft(a), &field_list_pairs, at, &pair, &d) != 0)
        return edit_refused(a, &d);
    Reaction r = R_NONE;
    edit_commit(a, &r);
    a->sel[PANEL_RISK] = risk_pairs_heading_row(&a->doc.cur) + 1 + at;
    a->hcol = RISK_PAIR_RHO;
    return r | msg_show(a, false, "pair %zu added: %s and %s, rank correlation 0 (as "
                        "if not paired): Enter types it, Left chooses the inputs "
                        "(u undoes)", at, pair.a, pair.b);
}
