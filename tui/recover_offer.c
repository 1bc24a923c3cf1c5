/* recover_offer.c: the recovery offer at start: the question, the paged
 * list, loading one, and merging one whose file changed since (see
 * recover_offer.h; DESIGN 7). */
#include "config.h"

#include "recover_offer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "edit.h"
#include "recover.h"
#include "recover_text.h"
#include "scenario_merge.h"
#include "strbuf.h"

/* A merge under way: the recovery, its base, the conflicts and the
 * answers so far. */
struct RecoverMerge {
    Scenario base, rec;
    char path[RECOVER_PATH_MAX]; /* the recovery file */
    MergeConflict *conf;
    bool *take; /* per conflict: the recovery's value */
    size_t n, at; /* conflicts, the one asked now */
    size_t others; /* recoveries left for the next start */
    MergeCounts counts;
};

/* "2026-12-03 06:41" of t, local time. */
static void when_text(time_t t, char *buf, size_t n)
{
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(buf, n, "%Y-%m-%d %H:%M", &tm);
}

static void drop_list(App *a)
{
    free(a->rec);
    a->rec = NULL;
    a->rec_n = 0;
}

static void drop_merge(App *a)
{
    if (!a->merge)
        return;
    free(a->merge->conf);
    free(a->merge->take);
    free(a->merge);
    a->merge = NULL;
}

void recover_offer_free(App *a)
{
    drop_list(a);
    drop_merge(a);
}

/* Did the document's file change since the edits of a recovery with lines
 * m began? -1 when that cannot be told (an older recovery, no file). */
static int file_changed(const App *a, const RecoverMeta *m)
{
    if (m->legacy || !m->opened.known || !a->doc.disk.known)
        return -1;
    return !doc_stamp_same(&m->opened, &a->doc.disk);
}

/* One recovery: the one-line question, (y)es / (n)o / (d)elete; when the
 * file changed since, the message says that yes merges. */
static Reaction ask_recovery(App *a)
{
    const RecoverEntry *e = &a->rec[0];
    char ts[64], extra[64] = "", q[256];
    when_text(e->when, ts, sizeof ts);
    if (e->pid > 0)
        snprintf(extra, sizeof extra, " (pid %ld)", e->pid);
    static Scenario t; /* large: the main loop's only */
    RecoverMeta m;
    Diag d;
    bool merge = recover_load_file(e->path, &t, &m, NULL, &d) == 0 &&
                 file_changed(a, &m) == 1;
    Reaction r = R_LINE;
    if (merge)
        r |= msg_show(a, false, "%s changed on disk since these edits began: yes "
                     "merges them with its changes, field by field", a->doc.path);
    /* At most 72 columns with a 7-digit pid: the line never cuts it. */
    snprintf(q, sizeof q, "%s edits from %s%s? (y)es/(n)o/(d)elete",
             merge ? "merge the" : "recover", ts, extra);
    dialog_choice(&a->dlg, P_RECOVER, q, "ynd");
    return r;
}

/* What recovery e holds, for its row: against its base when it keeps one
 * (the user's own edits), else against the file as it is. */
static void holds_text(const App *a, const RecoverEntry *e, char *buf, size_t n)
{
    static Scenario t, base; /* large: the main loop's only */
    RecoverMeta m;
    Diag d;
    if (recover_load_file(e->path, &t, &m, &base, &d) != 0) {
        if (d.line)
            snprintf(buf, n, "unreadable, line %lu: %s", d.line, d.message);
        else
            snprintf(buf, n, "unreadable: %s", d.message);
        return;
    }
    char what[400];
    recover_describe(m.has_base ? &base : &a->doc.saved, &t, what, sizeof what);
    snprintf(buf, n, "%s%s", file_changed(a, &m) == 1 ? "[file changed since] " : "",
             what);
}

/* Several recoveries: one list of them all, newest first, each with its
 * time, size, the planner that wrote it and what it holds; the picker
 * pages through any number ("1-17 of 40, PgDn for more"). */
static Reaction list_recoveries(App *a)
{
    dialog_list(&a->dlg, P_RECOVER_LIST,
                "recover edits: Enter loads one, d deletes it, D deletes all, "
                "Esc keeps all",
                "saved at          size     pid     holds", NULL);
    dialog_list_keys(&a->dlg, "dDn");
    for (size_t i = 0; i < a->rec_n; i++) {
        const RecoverEntry *e = &a->rec[i];
        char ts[64], size[32], pid[32], holds[1000], row[1200];
        when_text(e->when, ts, sizeof ts);
        if (e->size < 10000)
            snprintf(size, sizeof size, "%lld B", e->size);
        else
            snprintf(size, sizeof size, "%.0f KB", (double)e->size / 1024);
        snprintf(pid, sizeof pid, "%ld", e->pid);
        holds_text(a, e, holds, sizeof holds);
        snprintf(row, sizeof row, "%-16s  %-7s  %-6s  %s", ts, size,
                 e->pid > 0 ? pid : "-", holds);
        dialog_list_add(&a->dlg, row, e->path);
    }
    a->dlg.sel = a->rec_i < a->rec_n ? a->rec_i : 0;
    return R_ALL;
}

Reaction recover_offer(App *a)
{
    drop_list(a);
    a->rec_n = recover_list(doc_path(&a->doc), &a->rec);
    a->rec_i = 0;
    if (a->rec_n == 0)
        return R_NONE;
    return a->rec_n == 1 ? ask_recovery(a) : list_recoveries(a);
}

/* Make s the unsaved document, recovered from rpath; `how` says what was
 * done, `others` how many recoveries are kept for the next start. */
static Reaction load(App *a, const Scenario *s, const char *rpath, const char *how,
                     size_t others)
{
    doc_recover(&a->doc, s);
    snprintf(a->recovered_from, sizeof a->recovered_from, "%s", rpath);
    drop_list(a);
    Reaction r = edit_recompute(a);
    if (others)
        return r | msg_show(a, false, "%s; save to keep them (%zu other recovery "
                           "file%s kept for the next start)", how, others,
                           others == 1 ? "" : "s");
    return r | msg_show(a, false, "%s; save to keep them", how);
}

/* The conflict being asked: its values in the message, the question on
 * the line. */
static Reaction ask_conflict(App *a)
{
    const struct RecoverMerge *m = a->merge;
    const MergeConflict *c = &m->conf[m->at];
    char q[160];
    snprintf(q, sizeof q, "conflict %zu of %zu: keep the (f)ile's value, take the "
             "(r)ecovery's, or (c)ancel", m->at + 1, m->n);
    dialog_choice(&a->dlg, P_RECOVER_CONFLICT, q, "frc");
    return R_LINE | msg_show(a, false, "%s was changed on disk and in the recovery: it "
                            "was %s; the file has %s, the recovery %s", c->key,
                            c->base, c->file, c->rec);
}

/* Every conflict answered (or none): merge, check, load. */
static Reaction finish_merge(App *a)
{
    struct RecoverMerge *m = a->merge;
    Scenario *out = xmalloc(sizeof *out);
    Diag d;
    if (scenario_merge(&m->base, &m->rec, &a->doc.saved, m->take, out, &d) != 0) {
        free(out);
        char why[DIAG_TEXT_MAX];
        diag_format(&d, why, sizeof why);
        dialog_choice(&a->dlg, P_RECOVER_BROKEN, "load the (r)ecovery as written "
                      "(undoing the file's changes), or (c)ancel", "rc");
        return R_LINE | msg_show(a, true, "the merged scenario breaks a rule: %s", why);
    }
    char how[200];
    snprintf(how, sizeof how, "recovered the unsaved changes, merged with the "
             "file's changes since (%zu from the recovery, %zu from the file, "
             "%zu conflict%s decided)", m->counts.from_rec, m->counts.from_file,
             m->n, m->n == 1 ? "" : "s");
    Reaction r = load(a, out, m->path, how, m->others);
    free(out);
    drop_merge(a);
    return r;
}

/* Load recovery i: as it is, or merged when the file changed since. False
 * (with the message) when it cannot be read. */
static bool take_recovery(App *a, size_t i, Reaction *r)
{
    struct RecoverMerge *m = xmalloc(sizeof *m);
    memset(m, 0, sizeof *m);
    RecoverMeta meta;
    Diag d;
    diag_clear(&d, NULL);
    if (recover_load_file(a->rec[i].path, &m->rec, &meta, &m->base, &d) != 0) {
        free(m);
        *r |= msg_diag(a, &d);
        return false;
    }
    snprintf(m->path, sizeof m->path, "%s", a->rec[i].path);
    m->others = a->rec_n - 1;
    int changed = file_changed(a, &meta);
    if (changed != 1 || !meta.has_base) {
        *r |= load(a, &m->rec, m->path, changed == 1
                   ? "recovered the unsaved changes; the file changed since and "
                     "this recovery keeps no copy to merge with, so its changes "
                     "are undone (u brings them back)"
                   : "recovered the unsaved changes", m->others);
        free(m);
        return true;
    }
    drop_merge(a);
    a->merge = m;
    drop_list(a);
    m->n = scenario_merge_conflicts(&m->base, &m->rec, &a->doc.saved, NULL, 0,
                                    &m->counts);
    if (m->n) {
        m->conf = xmalloc(m->n * sizeof *m->conf);
        m->take = xmalloc(m->n * sizeof *m->take);
        memset(m->take, 0, m->n * sizeof *m->take);
        scenario_merge_conflicts(&m->base, &m->rec, &a->doc.saved, m->conf, m->n, NULL);
        *r |= ask_conflict(a);
    } else {
        *r |= finish_merge(a);
    }
    return true;
}

static Reaction answer_recovery(App *a, int c)
{
    Reaction r = R_NONE;
    if (c == 'y') {
        take_recovery(a, 0, &r);
        return r;
    }
    if (c == 'd') {
        recover_remove_file(a->rec[0].path);
        r |= msg_show(a, false, "recovery file deleted");
    }
    drop_list(a);
    return r;
}

/* The list again after a change, or nothing when none is left. */
static Reaction relist(App *a, Reaction r)
{
    size_t keep = a->rec_i;
    drop_list(a);
    a->rec_n = recover_list(doc_path(&a->doc), &a->rec);
    a->rec_i = keep < a->rec_n ? keep : a->rec_n ? a->rec_n - 1 : 0;
    return a->rec_n ? r | list_recoveries(a) : r;
}

/* The answer to the list: Enter (c = 0) loads the selected one, d deletes
 * it, D asks before deleting all, Esc or n keeps them all. */
static Reaction answer_recovery_list(App *a, const Dialog *d, bool cancelled)
{
    Reaction r = R_NONE;
    if (cancelled || d->choice == 'n' || d->sel >= d->count) {
        size_t n = a->rec_n;
        drop_list(a);
        return msg_show(a, false, "%zu recovery file%s kept for the next start",
                       n, n == 1 ? "" : "s");
    }
    size_t i = 0;
    while (i < a->rec_n && strcmp(a->rec[i].path, d->items[d->sel]) != 0)
        i++;
    if (i == a->rec_n)
        return relist(a, r);
    a->rec_i = i;
    if (d->choice == 'D') {
        char q[128];
        if (a->rec_n == 1)
            snprintf(q, sizeof q, "delete the recovery file? (y)es/(n)o");
        else
            snprintf(q, sizeof q, "delete all %zu recovery files? (y)es/(n)o",
                     a->rec_n);
        dialog_choice(&a->dlg, P_RECOVER_ALL, q, "yn");
        return R_LINE;
    }
    if (d->choice == 'd') {
        char ts[64];
        when_text(a->rec[i].when, ts, sizeof ts);
        recover_remove_file(a->rec[i].path);
        r |= msg_show(a, false, "deleted the recovery file from %s", ts);
        return relist(a, r);
    }
    if (!take_recovery(a, i, &r))
        return relist(a, r); /* unreadable: the list stays */
    return r;
}

/* The answer to "delete all N recovery files?". */
static Reaction answer_recovery_all(App *a, bool yes)
{
    if (!yes)
        return relist(a, R_NONE);
    size_t n = a->rec_n;
    for (size_t i = 0; i < n; i++)
        recover_remove_file(a->rec[i].path);
    drop_list(a);
    return msg_show(a, false, "%zu recovery file%s deleted", n, n == 1 ? "" : "s");
}

/* The answer to one conflict, or to "the merge breaks a rule". */
static Reaction answer_merge(App *a, const Dialog *d, bool cancelled)
{
    struct RecoverMerge *m = a->merge;
    if (!m)
        return R_NONE;
    if (cancelled || d->choice == 'c') {
        drop_merge(a);
        return msg_show(a, false, "not recovered: the scenario is as its file holds "
                       "it; the recovery file is kept for the next start");
    }
    if (d->purpose == P_RECOVER_BROKEN) {
        Reaction r = load(a, &m->rec, m->path, "recovered the unsaved changes as "
                          "written: the file's changes since are undone (u brings "
                          "them back)", m->others);
        drop_merge(a);
        return r;
    }
    m->take[m->at++] = d->choice == 'r';
    return m->at < m->n ? ask_conflict(a) : finish_merge(a);
}

Reaction recover_offer_answer(App *a, const Dialog *d, bool cancelled)
{
    switch (d->purpose) {
    case P_RECOVER:
        if (cancelled) {
            drop_list(a);
            return R_NONE;
        }
        return answer_recovery(a, d->choice);
    case P_RECOVER_LIST:
        return answer_recovery_list(a, d, cancelled);
    case P_RECOVER_ALL:
        return answer_recovery_all(a, !cancelled && d->choice == 'y');
    case P_RECOVER_CONFLICT:
    case P_RECOVER_BROKEN:
        return answer_merge(a, d, cancelled);
    default:
        return R_NONE;
    }
}

void recover_offer_forget(App *a)
{
    recover_remove_file(a->recovered_from);
    a->recovered_from[0] = '\0';
}
