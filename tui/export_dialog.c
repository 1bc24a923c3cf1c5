/* export_dialog.c: writing a report of the committed scenario. */
#include "config.h"

#include "export_dialog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "atomic_file.h"
#include "edit.h"
#include "file_rules.h"
#include "files.h"
#include "report.h"
#include "screen.h"
#include "strbuf.h"
#include "text_rules.h"
#include "term.h"
#include "trace_plan.h"

static const char *export_ext(ExportFormat f) { return export_format_extension(f); }

static void export_default_path(const App *a, ExportFormat f, char *buf, size_t n)
{
    if (!a->doc.path[0]) {
        snprintf(buf, n, "gpuplan-report.%s", export_ext(f));
        return;
    }
    const char *slash = strrchr(a->doc.path, '/');
    const char *base = slash ? slash + 1 : a->doc.path;
    const char *dot = strrchr(base, '.');
    int len = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
    snprintf(buf, n, "%.*s.%s", len, base, export_ext(f));
}

/* Write the report, unless that would replace the open scenario, or
 * another file without a yes (`force`: the yes was given, or :export!). */
static Reaction export_to(App *a, ExportFormat f, const char *path, bool force)
{
    Reaction tl = R_NONE;
    if (files_refuse_too_long(a, path, "exported", &tl))
        return tl;
    if (a->doc.path[0] && file_same(path, a->doc.path))
        return msg_show(a, true, "%s is the open scenario: export to another file", path);
    struct stat st;
    /* A directory or a device is never replaced: say so now, not after a
     * "replace it?" whose yes cannot work. */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return msg_show(a, true, "cannot export to %s: it is %s, not a file; "
                       "export to a file name instead", path,
                       S_ISDIR(st.st_mode) ? "a directory" : "a device, pipe or socket");
    if (!force && stat(path, &st) == 0) {
        char q[DOC_PATH_MAX + 64];
        a->export_fmt = f;
        snprintf(a->overwrite_path, sizeof a->overwrite_path, "%s", path);
        snprintf(q, sizeof q, "%s exists: replace it? (y)es / (n)o", path);
        dialog_choice(&a->dlg, P_EXPORT_OVERWRITE, q, "yn");
        return R_LINE;
    }
    char date[32];
    Diag dd;
    if (file_report_date(date, sizeof date, &dd) != 0)
        return msg_show(a, true, "%s: not exported", dd.message);
    /* The figures on screen when they are the document's (no preview, no
     * pending recompute); otherwise computed once here. */
    ReportResults own = {.hybrid = NULL};
    Report rep;
    bool on_screen = !a->stale && scenario_equal(&a->shown, &a->doc.cur) &&
                     (!a->doc.cur.has_hybrid || a->hwork.ok) &&
                     !a->doc.cur.has_uncertainty; /* risk is computed for exports */
    if (on_screen && a->doc.cur.has_hybrid && a->hwork.pending) {
        /* A report holds complete figures only: wait for the hybrid plan
         * being computed, saying so (a signal still ends the wait). */
        msg_show(a, false, "export: computing the hybrid plan%s %d%%, then writing %s",
                term_ellipsis(), a->hwork.percent, path);
        a->dirty |= R_MSG;
        screen_draw(a);
        if (!hybrid_work_finish(&a->hwork, &a->hres))
            return msg_show(a, true, "export interrupted: %s not written", path);
        a->dirty |= edit_hybrid_done(a);
    }
    /* A replayed trace: the scenario evaluated is the plan's with its
     * groups' workloads, as gpuplan report writes it (DESIGN 10.8). */
    const Scenario *ev = &a->doc.cur;
    TracePlan tp;
    bool trace = a->doc.cur.has_hybrid && trace_plan_wanted(&a->doc.cur);
    if (on_screen && trace && !(ev = hybrid_work_evaluated(&a->hwork)))
        return msg_show(a, true, "export: the hybrid plan's trace cannot be replayed "
                        "(the Hybrid panel says why): %s not written", path);
    if (!on_screen && trace) {
        Diag td;
        int rc = trace_plan_prepare(&a->doc.cur, doc_path(&a->doc), &tp, &td);
        if (rc != 0) {
            char m[DIAG_TEXT_MAX];
            diag_format(&td, m, sizeof m);
            return msg_show(a, true, "export: hybrid.trace cannot be replayed: %s; %s "
                            "not written", m, path);
        }
        ev = tp.eval;
    }
    if (on_screen) {
        rep = (Report){.scenario = ev, .cost = &a->res,
                       .horizon = &a->horizon,
                       .hybrid = a->doc.cur.has_hybrid ? &a->hres : NULL,
                       .date = date, .generator = PACKAGE_NAME " " PACKAGE_VERSION};
    } else {
        /* A long plan or Monte Carlo stops on a signal (DESIGN 7); the loop
         * then sees the signal and keeps the edits. */
        bool done = report_results_compute_source(&own, ev, term_signal_flag(),
                                                  trace ? &tp.source : NULL);
        if (!done) {
            report_results_free(&own);
            if (trace)
                trace_plan_free(&tp);
            return msg_show(a, true, "export stopped by a signal: %s not written",
                           path);
        }
        rep = report_of(ev, &own, date);
    }
    StrBuf b = STRBUF_INIT;
    export_any(f, &rep, &b);
    report_results_free(&own);
    if (trace && !on_screen)
        trace_plan_free(&tp); /* ev was its */
    Diag d;
    Reaction re;
    diag_clear(&d, path);
    if (atomic_write_file(path, sb_str(&b), b.len, 0666, &d) != 0) {
        re = msg_diag(a, &d);
    } else
        re = msg_show(a, false, "exported %s to %s", export_format_name(f), path);
    sb_free(&b);
    return re;
}

Reaction export_dialog_start(App *a)
{
    dialog_choice(&a->dlg, P_EXPORT_FMT,
                  "export: (t)ext / (m)arkdown / (h)tml / (j)son / (c)sv, Esc cancels", "tmhjc");
    return R_LINE;
}

Reaction export_dialog_command(App *a, char *arg, bool force)
{
    char *file = arg;
    while (*file && *file != ' ')
        file++;
    if (*file)
        *file++ = '\0';
    file = text_trim(file);
    ExportFormat f;
    if (!export_format_parse(arg, &f))
        return msg_show(a, true, "export: unknown format '%s' (expected html, md, text, json or csv)",
                       arg);
    char def[DOC_PATH_MAX];
    export_default_path(a, f, def, sizeof def);
    return export_to(a, f, *file ? file : def, force);
}

Reaction export_dialog_answer(App *a, const Dialog *d, bool cancelled)
{
    if (d->purpose == P_EXPORT_OVERWRITE) {
        if (!cancelled && d->choice == 'y')
            return export_to(a, a->export_fmt, a->overwrite_path, true);
        return msg_show(a, false, "not exported: %s kept as it was", a->overwrite_path);
    }
    if (cancelled)
        return R_NONE;
    if (d->purpose == P_EXPORT_FMT) {
        static const struct {
            int key;
            ExportFormat f;
        } fm[] = {{'t', EXPORT_TEXT}, {'m', EXPORT_MD}, {'j', EXPORT_JSON}, {'c', EXPORT_CSV},
                  {'h', EXPORT_HTML}};
        for (size_t i = 0; i < sizeof fm / sizeof fm[0]; i++)
            if (fm[i].key == d->choice) {
                a->export_fmt = fm[i].f;
                char def[DOC_PATH_MAX], q[64];
                export_default_path(a, fm[i].f, def, sizeof def);
                snprintf(q, sizeof q, "export %s to:", export_format_name(fm[i].f));
                dialog_prompt(&a->dlg, P_EXPORT_PATH, q, def);
            }
        return R_NONE;
    }
    char text[LINE_EDIT_MAX];
    snprintf(text, sizeof text, "%s", d->edit.text);
    char *p = text_trim(text);
    if (*p)
        return export_to(a, a->export_fmt, p, false);
    return msg_show(a, true, "no file name given: not exported");
}
