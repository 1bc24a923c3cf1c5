/* list_panel.c: moving between cells and deleting items on the panels
 * that edit a registry list; see list_panel.h. */
#include "config.h"

#include "list_panel.h"

#include <stdio.h>
#include <string.h>

#include "edit.h"
#include "form.h"
#include "hybrid_panel.h"
#include "msg.h"
#include "risk_pairs.h"
#include "risk_panel.h"
#include "scenario_edit.h"

/* Room for an item's name as a question gives it: "workload '" and the
 * longest name, or "pair " and two inputs' keys. */
#define WL_NAME_BYTES sizeof(((HybridWorkload *)0)->name)
#define ITEM_NAME_MAX ((WL_NAME_BYTES > 2 * UNC_KEY_BYTES ? WL_NAME_BYTES : 2 * UNC_KEY_BYTES) + 24)

static void workload_name(const Scenario *s, size_t i, char *buf, size_t n)
{
    msg_format(buf, n, "workload '%s'", s->hybrid.workloads[i].name);
}

static void input_name(const Scenario *s, size_t i, char *buf, size_t n)
{
    msg_format(buf, n, "input %s", s->uncertainty.inputs[i].key);
}

static size_t risk_scalars(void) { return RISK_SCALARS; }
static size_t risk_cols(void) { return RISK_COLS; }

/* After the inputs: the pairs' heading (no cell) and the pairs. */
static size_t pair_cols(const Scenario *s, size_t k)
{
    (void)s;
    return k == 0 ? 1 : RISK_PAIR_COLS;
}

static const ListPanel list_panels[] = {
    {PANEL_HYBRID, &field_list_workloads, form_hybrid_scalars, form_wl_cols,
     workload_name, NULL, NULL},
    {PANEL_RISK, &field_list_inputs, risk_scalars, risk_cols, input_name,
     risk_pairs_rows, pair_cols},
};

const ListPanel *list_panel_of(Panel p)
{
    for (size_t i = 0; i < sizeof list_panels / sizeof list_panels[0]; i++)
        if (list_panels[i].panel == p)
            return &list_panels[i];
    return NULL;
}

/* The scope of lp's section: that of its list's rows. */
static FieldScope scope_of(const ListPanel *lp)
{
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].list == lp->list)
            return field_table[i].scope;
    return FS_SCENARIO;
}

size_t list_panel_rows(const ListPanel *lp, const Scenario *s)
{
    if (!field_scope_given(s, scope_of(lp)))
        return 0;
    return lp->scalars() + field_list_count(lp->list, s) + (lp->after ? lp->after(s) : 0);
}

size_t list_panel_cols(const ListPanel *lp, const Scenario *s, size_t row)
{
    if (row < lp->scalars() || !field_scope_given(s, scope_of(lp)))
        return 1;
    size_t items = lp->scalars() + field_list_count(lp->list, s);
    if (row < items)
        return lp->cols();
    return lp->after ? lp->after_cols(s, row - items) : lp->cols();
}

long list_panel_item(const App *a)
{
    const ListPanel *lp = list_panel_of(a->panel);
    if (!lp)
        return -1;
    size_t row = a->sel[a->panel];
    const Scenario *s = &a->doc.cur;
    if (row < lp->scalars() || !field_scope_given(s, scope_of(lp)) ||
        row >= lp->scalars() + field_list_count(lp->list, s))
        return -1;
    return (long)(row - lp->scalars());
}

bool list_panel_move(App *a, bool right, Reaction *r)
{
    const ListPanel *lp = list_panel_of(a->panel);
    if (!lp)
        return false;
    size_t cols = lp->cols();
    if (list_panel_item(a) < 0) {
        /* A trace group's row (DESIGN 10.8) and the Risk panel's pairs
         * have cells of their own. */
        if (hybrid_panel_group(a) >= 0)
            cols = form_trace_cols();
        else if (risk_pairs_selected(a) >= 0)
            cols = RISK_PAIR_COLS;
        else
            return false;
        if (a->hcol >= cols)
            a->hcol = cols - 1;
    }
    if (right && a->hcol + 1 < cols)
        a->hcol++;
    else if (!right && a->hcol > 0)
        a->hcol--;
    *r |= R_FORM | R_MSG;
    return true;
}

/* The list and item of the selected row: a list panel's item, or a trace
 * group of the Hybrid panel (its name into name); false for other rows. */
static bool selected_item(const App *a, const FieldList **l, long *i, char *name, size_t n)
{
    const ListPanel *lp = list_panel_of(a->panel);
    *i = list_panel_item(a);
    if (lp && *i >= 0) {
        *l = lp->list;
        lp->name(&a->doc.cur, (size_t)*i, name, n);
        return true;
    }
    *i = risk_pairs_selected(a);
    if (*i >= 0) {
        const UncPair *p = &a->doc.cur.uncertainty.pairs[*i];
        *l = &field_list_pairs;
        msg_format(name, n, "pair %s and %s", p->a, p->b);
        return true;
    }
    *i = hybrid_panel_group(a);
    if (*i < 0)
        return false;
    *l = &field_list_groups;
    msg_format(name, n, "trace group '%s'", a->doc.cur.trace.groups[*i].name);
    return true;
}

Reaction list_panel_delete(App *a)
{
    const FieldList *l;
    long i;
    char name[ITEM_NAME_MAX], q[ITEM_NAME_MAX + 32];
    if (!selected_item(a, &l, &i, name, sizeof name))
        return msg_show(a, false, "d deletes a workload, a trace group, an input or a "
                        "pair: select one on the Hybrid or the Risk panel");
    /* An input a pair names goes after the pair, which would name nothing. */
    long k = l == &field_list_inputs ? risk_pairs_naming(&a->doc.cur, (size_t)i) : -1;
    if (k >= 0)
        return msg_show(a, false, "%s is in pair %ld (%s and %s): d on that pair deletes it "
                        "first", name, k, a->doc.cur.uncertainty.pairs[k].a,
                        a->doc.cur.uncertainty.pairs[k].b);
    msg_format(q, sizeof q, "delete %s? (y)es / (n)o", name);
    dialog_choice(&a->dlg, P_LIST_DELETE, q, "yn");
    return R_LINE;
}

Reaction list_panel_delete_answer(App *a)
{
    const FieldList *l;
    long i;
    char name[ITEM_NAME_MAX];
    if (!selected_item(a, &l, &i, name, sizeof name))
        return R_NONE;
    Diag d;
    if (scenario_list_remove(edit_draft(a), l, (size_t)i, &d) != 0)
        return edit_refused(a, &d);
    Reaction r = R_NONE;
    edit_commit(a, &r);
    size_t rows = edit_panel_rows(a);
    if (a->panel == PANEL_HYBRID)
        rows = form_hybrid_rows(&a->doc.cur); /* items, not the warnings */
    if (a->sel[a->panel] >= rows && a->sel[a->panel] > 0)
        a->sel[a->panel]--;
    return r | msg_show(a, false, "%s deleted (u undoes)", name);
}
