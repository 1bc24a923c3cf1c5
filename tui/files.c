/* files.c: saving, opening and quitting, with the questions they ask. */
#include "config.h"

#include "files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "scenario_name.h"
#include "compare_view.h"
#include "edit.h"
#include "file_picker.h"
#include "file_rules.h"
#include "recover_offer.h"
#include "term.h"
#include "utf8.h"
#include "text_rules.h"

/* ---- saving --------------------------------------------------------------- */

/* True when path is in the shipped scenarios' directory: a template that
 * every planner may open, and nobody's to lock. */
static bool shipped(const char *path)
{
    char dir[DOC_PATH_MAX], real_dir[DOC_PATH_MAX], real_shipped[DOC_PATH_MAX];
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    return realpath(dir, real_dir) && realpath(cli_scenario_dir(), real_shipped) &&
           strcmp(real_dir, real_shipped) == 0;
}

Reaction files_take_lock(App *a)
{
    char other[512];
    if (!a->doc.path[0] || shipped(a->doc.path)) {
        file_lock_release(&a->lock);
        return R_NONE;
    }
    if (file_lock_take(&a->lock, a->doc.path, other, sizeof other, NULL) != LOCK_ELSEWHERE)
        return R_NONE;
    return msg_show(a, true, "%s is open in another planner (%s)", a->doc.path, other);
}

bool files_save_to(App *a, const char *path, Reaction *r)
{
    Diag d;
    char old[DOC_PATH_MAX];
    unsigned links;
    snprintf(old, sizeof old, "%s", a->doc.path);
    if (doc_save(&a->doc, path, &links, &d) != 0) {
        *r |= msg_diag(a, &d);
        return false;
    }
    recover_offer_forget(a);
    path = a->doc.path; /* another name of the opened file saved that file */
    if (a->doc.last_save.rewrote)
        *r |= msg_show(a, false, "saved %s (written whole: %s)", path,
                      a->doc.last_save.why);
    else if (links)
        *r |= msg_show(a, false, "saved %s in place to keep its %u hard links", path, links);
    else
        *r |= msg_show(a, false, "saved %s", path);
    *r |= R_TITLE;
    if (strcmp(old, path) != 0)
        *r |= files_take_lock(a);
    return true;
}

/* True when path is the document's own file (by name or as the same file). */
static bool own_file(const App *a, const char *path)
{
    return a->doc.path[0] && (strcmp(a->doc.path, path) == 0 || file_same(a->doc.path, path));
}

Reaction files_save_path(App *a, const char *path, bool force)
{
    Reaction tl = R_NONE;
    if (files_refuse_too_long(a, path, "saved", &tl))
        return tl;
    const char *why = force || !own_file(a, path) ? NULL
                                                  : doc_changed_on_disk(&a->doc);
    if (why) {
        char q[DOC_PATH_MAX + 128];
        snprintf(a->overwrite_path, sizeof a->overwrite_path, "%s", path);
        snprintf(q, sizeof q, "%s %s: (o)verwrite / (s)ave as / (r)eload / (c)ancel", path,
                 why);
        dialog_choice(&a->dlg, P_DISK_CHANGED, q, "osrc");
        return R_LINE;
    }
    Reaction r = R_NONE;
    if (files_save_to(a, path, &r))
        r |= files_do_pending(a);
    else
        a->pending = PEND_NONE;
    return r;
}

/* The answer to "changed on disk". */
static Reaction answer_disk_changed(App *a, int c)
{
    Reaction r = R_NONE;
    switch (c) {
    case 'o':
        if (files_save_to(a, a->overwrite_path, &r))
            return r | files_do_pending(a);
        a->pending = PEND_NONE;
        return r;
    case 's':
        dialog_prompt(&a->dlg, P_SAVE_PATH, "save as:", a->overwrite_path);
        return R_LINE;
    case 'r': {
        Diag d;
        a->pending = PEND_NONE;
        if (doc_reload(&a->doc, &d) != 0) {
            return msg_diag(a, &d);
        }
        return edit_recompute(a) |
               msg_show(a, false, "reloaded %s from disk (u brings your changes back)",
                       a->doc.path);
    }
    default:
        a->pending = PEND_NONE;
        return msg_show(a, false, "not saved: %s kept as it is on disk", a->overwrite_path);
    }
}

bool files_other_exists(const App *a, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return false;
    return !(a->doc.path[0] && file_same(a->doc.path, path));
}

bool files_refuse_not_regular(App *a, const char *path, Reaction *r)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return false;
    *r |= msg_show(a, true, "cannot save to %s: it is %s, not a file; save to "
                  "a file name instead", path,
                  S_ISDIR(st.st_mode) ? "a directory" : "a device, pipe or socket");
    return true;
}

bool files_refuse_too_long(App *a, const char *path, const char *what, Reaction *r)
{
    if (strlen(path) < sizeof a->overwrite_path)
        return false;
    int head = (int)utf8_floor(path, strlen(path), 60); /* whole characters */
    *r |= msg_show(a, true, "%.*s%s: a path longer than %zu bytes; not %s", head,
                   path, term_ellipsis(), sizeof a->overwrite_path - 1, what);
    return true;
}

/* Save as `path`, asking first when that replaces another file; then what
 * is pending. */
static Reaction save_as(App *a, const char *path)
{
    Reaction nr = R_NONE;
    if (files_refuse_too_long(a, path, "saved", &nr)) {
        a->pending = PEND_NONE;
        return nr;
    }
    if (files_refuse_not_regular(a, path, &nr)) {
        a->pending = PEND_NONE;
        return nr;
    }
    if (files_other_exists(a, path)) {
        char q[DOC_PATH_MAX + 64];
        snprintf(a->overwrite_path, sizeof a->overwrite_path, "%s", path);
        snprintf(q, sizeof q, "%s exists: replace it? (y)es / (n)o", path);
        dialog_choice(&a->dlg, P_OVERWRITE, q, "yn");
        return R_LINE;
    }
    return files_save_path(a, path, false);
}

bool files_is_template(const App *a)
{
    return a->doc.path[0] && shipped(a->doc.path);
}

Reaction files_save(App *a)
{
    if (a->doc.path[0] && !shipped(a->doc.path))
        return files_save_path(a, a->doc.path, false);
    if (!a->doc.path[0]) {
        dialog_prompt(&a->dlg, P_SAVE_PATH, "save as:", "scenario.yaml");
        return R_LINE;
    }
    /* DESIGN 1.3: a shipped scenario is a template; its copy goes to a file
     * of the user's, by default of the same name in the current directory. */
    const char *slash = strrchr(a->doc.path, '/');
    dialog_prompt(&a->dlg, P_SAVE_PATH, "a shipped scenario is a template; save as:",
                  slash ? slash + 1 : a->doc.path);
    return R_LINE;
}

/* ---- opening -------------------------------------------------------------- */

bool files_open(App *a, const char *path, Reaction *r)
{
    Diag d;
    if (doc_open(&a->doc, path, &d) != 0) {
        *r |= msg_diag(a, &d);
        return false;
    }
    memset(a->sel, 0, sizeof a->sel);
    memset(a->top, 0, sizeof a->top);
    compare_view_opened(a);
    *r |= edit_recompute(a);
    *r |= msg_show(a, false, "opened %s", path);
    *r |= files_take_lock(a);
    *r |= recover_offer(a);
    return true;
}

/* ---- unsaved changes ------------------------------------------------------ */

Reaction files_guard(App *a, Pending p)
{
    a->pending = p;
    if (!doc_modified(&a->doc))
        return files_do_pending(a);
    dialog_choice(&a->dlg, P_QUIT,
                  "unsaved changes: (s)ave / (d)iscard / (c)ancel", "sdc");
    return R_LINE;
}

Reaction files_do_pending(App *a)
{
    Pending p = a->pending;
    Reaction r = R_NONE;
    a->pending = PEND_NONE;
    switch (p) {
    case PEND_QUIT:
        return R_QUIT;
    case PEND_PICK:
        return file_picker_open(a, NULL, NULL);
    case PEND_OPEN:
        files_open(a, a->pending_path, &r);
        return r;
    case PEND_NONE:
    default:
        return R_NONE;
    }
}

Reaction files_answer(App *a, const Dialog *d, bool cancelled)
{
    Reaction r = R_NONE;
    if (cancelled) {
        if (d->purpose == P_QUIT || d->purpose == P_SAVE_PATH)
            a->pending = PEND_NONE;
        if (d->purpose == P_DISK_CHANGED)
            return answer_disk_changed(a, 'c');
        return R_NONE;
    }
    switch (d->purpose) {
    case P_QUIT:
        if (d->choice == 's')
            return files_save(a);
        if (d->choice == 'd') {
            recover_offer_forget(a);
            doc_forget_changes(&a->doc); /* dropped: nothing unsaved is left to guard */
            return files_do_pending(a);
        }
        a->pending = PEND_NONE;
        return R_NONE;
    case P_SAVE_PATH: {
        char text[LINE_EDIT_MAX];
        snprintf(text, sizeof text, "%s", d->edit.text);
        char *p = text_trim(text);
        if (!*p) {
            a->pending = PEND_NONE;
            return msg_show(a, true, "no file name given: not saved");
        }
        return save_as(a, p);
    }
    case P_OVERWRITE:
        if (d->choice == 'y' && files_save_to(a, a->overwrite_path, &r))
            return r | files_do_pending(a);
        if (d->choice != 'y')
            r |= msg_show(a, false, "not saved: %s kept as it was", a->overwrite_path);
        a->pending = PEND_NONE;
        return r;
    case P_DISK_CHANGED:
        return answer_disk_changed(a, d->choice);
    case P_PICK:
        return d->sel < d->count ? file_picker_pick(a, d->items[d->sel]) : R_NONE;
    default:
        return R_NONE;
    }
}
