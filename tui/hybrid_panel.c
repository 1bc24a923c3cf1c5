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

Reaction hybrid_panel_add(App *a)
{
    if (a->panel != PANEL_HYBRID)
        return msg_show(a, false, "a adds to the hybrid plan: Alt-8 shows the Hybrid panel");
    const Scenario *s = &a->doc.cur;
    Reaction r = R_NONE;
    Diag d;
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
    long i = edit_cur_workload(a);
    if (i < 0)
        return msg_show(a, false, "%s: select a workload row of the Hybrid panel",
                       run ? "r cycles run" : "m cycles cloud_mode");
    /* The next word of the choice, through the edit path. */
    FieldRef f;
    char text[32];
    Diag d;
    field_ref_init(&f, field_find(run ? "hybrid.workloads[].run"
                                      : "hybrid.workloads[].cloud_mode"),
                   (size_t)i);
    if (scenario_nudge_text(&f, &a->doc.cur, 1, text, sizeof text, &d) != 0)
        return msg_show(a, true, "%s", d.message);
    if (scenario_set_ref(edit_draft(a), &f, text, &d) != 0)
        return edit_refused(a, &d);
    Reaction r = R_NONE;
    if (edit_commit(a, &r))
        r |= msg_show(a, false, "%s = %s", f.path, text);
    return r;
}
