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
        return app_msg(a, false, "a adds to the hybrid plan: Alt-8 shows the Hybrid panel");
    Scenario t = a->doc.cur;
    Reaction r = R_NONE;
    if (!t.has_hybrid) {
        scenario_hybrid_default(&t);
        field_item_default(&field_list_workloads, &t, 0);
        HybridWorkload *w = &t.hybrid.workloads[0];
        snprintf(w->name, sizeof w->name, "example");
        w->per_day = 4;
        w->gpus = t.hardware.gpus_per_node;
        w->hours = 2;
        w->run = RUN_BURST;
        t.hybrid.workload_count = 1;
        t.has_hybrid = true;
        if (edit_apply(a, &t, &r)) {
            a->sel[PANEL_HYBRID] = 0;
            r |= app_msg(a, false, "hybrid plan added with one example workload (u undoes)");
        }
        return r;
    }
    if (t.hybrid.workload_count >= HYBRID_MAX_WORKLOADS)
        return app_msg(a, true, "hybrid.workloads: at most %d workloads", HYBRID_MAX_WORKLOADS);
    long i = edit_cur_workload(a);
    size_t at = i >= 0 ? (size_t)i + 1 : t.hybrid.workload_count;
    HybridWorkload w;
    if (i >= 0)
        w = t.hybrid.workloads[i];
    else if (t.hybrid.workload_count > 0)
        w = t.hybrid.workloads[t.hybrid.workload_count - 1];
    else {
        Scenario d = t;
        field_item_default(&field_list_workloads, &d, 0);
        w = d.hybrid.workloads[0];
        snprintf(w.name, sizeof w.name, "workload");
        w.per_day = 1;
    }
    memmove(&t.hybrid.workloads[at + 1], &t.hybrid.workloads[at],
            (t.hybrid.workload_count - at) * sizeof w);
    t.hybrid.workloads[at] = w;
    t.hybrid.workload_count++;
    if (edit_apply(a, &t, &r)) {
        a->sel[PANEL_HYBRID] = form_hybrid_scalars() + at;
        r |= app_msg(a, false, "workload %zu added (a copy of '%s')", at + 1, w.name);
    }
    return r;
}

Reaction hybrid_panel_cycle(App *a, bool run)
{
    long i = edit_cur_workload(a);
    if (i < 0)
        return app_msg(a, false, "%s: select a workload row of the Hybrid panel",
                       run ? "r cycles run" : "m cycles cloud_mode");
    /* The next word of the choice, through the edit path. */
    char key[FIELD_PATH_MAX], text[32], m[256];
    snprintf(key, sizeof key, "hybrid.workloads[%ld].%s", i, run ? "run" : "cloud_mode");
    FieldRef f;
    Scenario t = a->doc.cur;
    Diag d;
    if (!field_resolve(key, &f, m, sizeof m) ||
        !scenario_nudge_text(&f, &t, 1, text, sizeof text, m, sizeof m))
        return app_msg(a, true, "%s", m);
    if (scenario_set_ref(&t, &f, text, &d) != 0)
        return app_msg(a, true, "%s: %s", d.path, d.message);
    Reaction r = R_NONE;
    if (edit_apply(a, &t, &r))
        r |= app_msg(a, false, "%s = %s", key, text);
    return r;
}
