/* hybrid_panel.c: adding the hybrid plan and its workloads, and cycling
 * a workload's run and cloud_mode (deleting and moving between cells are
 * list_panel.c's, shared with the Risk panel). */
#include "config.h"

#include "hybrid_panel.h"

#include <stdio.h>
#include <string.h>

#include "edit.h"
#include "form.h"
#include "scenario_edit.h"

/* The first row of the trace's part (Trace), past the workloads. */
static size_t trace_first_row(const Scenario *s)
{
    return form_hybrid_scalars() + s->hybrid.workload_count;
}

long hybrid_panel_group(const App *a)
{
    const Scenario *s = &a->doc.cur;
    if (a->panel != PANEL_HYBRID || !s->has_hybrid || form_trace_rows(s) == 0)
        return -1;
    size_t first = trace_first_row(s) + 2, row = a->sel[PANEL_HYBRID];
    return row >= first && row < first + s->trace.group_count ? (long)(row - first) : -1;
}

bool hybrid_panel_inherited(const App *a, const Field *row, double *v)
{
    long wi = edit_cur_workload(a), gi = hybrid_panel_group(a);
    if (wi >= 0)
        return form_hybrid_inherited(&a->doc.cur, (size_t)wi, row, v);
    return gi >= 0 && form_trace_inherited(&a->doc.cur, (size_t)gi, row, v);
}

/* On the trace's rows: a copy of the selected group after it under a new
 * name (the first of "new", "new2", ... no group has), or that name alone
 * at the end from the Trace rows. One undo step. */
static Reaction add_group(App *a)
{
    const Scenario *s = &a->doc.cur;
    long g = hybrid_panel_group(a);
    size_t at = g >= 0 ? (size_t)g + 1 : s->trace.group_count;
    HybridWorkload item;
    memset(&item, 0, sizeof item);
    if (g >= 0)
        item = s->trace.groups[g];
    else {
        item.run = RUN_ONPREM;
        item.cloud_mode = MODE_ON_DEMAND;
    }
    for (unsigned k = 1;; k++) {
        if (k == 1)
            snprintf(item.name, sizeof item.name, "new");
        else
            snprintf(item.name, sizeof item.name, "new%u", k);
        bool taken = false;
        for (size_t i = 0; i < s->trace.group_count && !taken; i++)
            taken = strcmp(s->trace.groups[i].name, item.name) == 0;
        if (!taken)
            break;
    }
    Diag d;
    if (scenario_list_insert(edit_draft(a), &field_list_groups, at, &item, &d) != 0)
        return edit_refused(a, &d);
    Reaction r = R_NONE;
    edit_commit(a, &r);
    a->sel[PANEL_HYBRID] = trace_first_row(&a->doc.cur) + 2 + at;
    a->hcol = 0;
    return r | msg_show(a, false, "trace group '%s' added%s: Enter names it (u undoes)",
                        item.name, g >= 0 ? " with the selected group's rules" : "");
}

Reaction hybrid_panel_add(App *a)
{
    if (a->panel != PANEL_HYBRID)
        return msg_show(a, false, "a adds to the hybrid plan: Alt-8 shows the Hybrid panel");
    const Scenario *s = &a->doc.cur;
    Reaction r = R_NONE;
    Diag d;
    if (s->has_hybrid && form_trace_rows(s) > 0 &&
        a->sel[PANEL_HYBRID] >= trace_first_row(s) &&
        a->sel[PANEL_HYBRID] < form_hybrid_rows(s))
        return add_group(a);
    const FieldList *l = &field_list_workloads;
    if (!s->has_hybrid || s->hybrid.workload_count == 0) {
        /* A new plan gets an example to start from; an empty one a plain
         * workload. */
        char gpus[32];
        field_format_double(s->hardware.gpus_per_node, gpus, sizeof gpus);
        const char *leaves[] = {"name", "per_day", "gpus", "hours", "run"};
        const char *example[] = {"example", "4", gpus, "2", "burst"};
        const char *plain[] = {"workload", "1"};
        bool fresh = !s->has_hybrid;
        if (scenario_list_insert_text(edit_draft(a), l, 0, leaves, fresh ? example : plain,
                                      fresh ? 5 : 2, &d) != 0)
            return edit_refused(a, &d);
        edit_commit(a, &r);
        a->sel[PANEL_HYBRID] = fresh ? 0 : form_hybrid_scalars();
        return r | msg_show(a, false, fresh ? "hybrid plan added with one example workload "
                                             "(u undoes)"
                                           : "workload 1 added (u undoes)");
    }
    /* A copy of the selected workload after it, or of the last at the
     * end. */
    long i = edit_cur_workload(a);
    size_t at = i >= 0 ? (size_t)i + 1 : s->hybrid.workload_count;
    const HybridWorkload *w = &s->hybrid.workloads[at - 1];
    char name[sizeof w->name];
    snprintf(name, sizeof name, "%s", w->name);
    if (scenario_list_insert(edit_draft(a), l, at, w, &d) != 0)
        return edit_refused(a, &d);
    edit_commit(a, &r);
    a->sel[PANEL_HYBRID] = form_hybrid_scalars() + at;
    return r | msg_show(a, false, "workload %zu added (a copy of '%s')", at + 1, name);
}

Reaction hybrid_panel_cycle(App *a, bool run)
{
    long i = edit_cur_workload(a), g = hybrid_panel_group(a);
    if (i < 0 && g < 0)
        return msg_show(a, false, "%s: select a workload or a trace group row of the "
                        "Hybrid panel", run ? "r cycles run" : "m cycles cloud_mode");
    /* The next word of the choice, through the edit path. */
    FieldRef f;
    char text[32];
    Diag d;
    if (i >= 0)
        field_ref_init(&f, field_find(run ? "hybrid.workloads[].run"
                                          : "hybrid.workloads[].cloud_mode"),
                       (size_t)i);
    else
        field_ref_init(&f, field_find(run ? "hybrid.groups[].run"
                                          : "hybrid.groups[].cloud_mode"),
                       (size_t)g);
    if (scenario_nudge_text(&f, &a->doc.cur, 1, text, sizeof text, &d) != 0)
        return msg_show(a, true, "%s", d.message);
    if (scenario_set_ref(edit_draft(a), &f, text, &d) != 0)
        return edit_refused(a, &d);
    Reaction r = R_NONE;
    if (edit_commit(a, &r))
        r |= msg_show(a, false, "%s = %s", f.path, text);
    return r;
}
