/* app.c: the planner's one loop.
 *
 * key -> action (the mode's key table, keys.c) -> handler (actions.c,
 * edit.c, commands.c, ...) -> the Reaction it returns marks what to redraw
 * -> screen_draw: the dirty windows with wnoutrefresh, one doupdate
 * (HACKING 5). Signals and a lost terminal come out of term_read_key() as
 * events; the loop writes the recovery file and leaves (DESIGN 7). */
#include "config.h"

#include "app.h"

#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "background.h"
#include "commands.h"
#include "compare_view.h"
#include "edit.h"
#include "files.h"
#include "keys.h"
#include "mode.h"
#include "mode_dispatch.h"
#include "planner.h"
#include "price_picker.h"
#include "recover.h"
#include "recover_offer.h"
#include "risk_live.h"
#include "risk_view.h"
#include "scenario_file.h"
#include "screen.h"
#include "strbuf.h"
#include "term.h"
#include "text_rules.h"

/* Background work has news (TERM_EV_WAKE; the wake pipe is drained):
 * the hybrid figures' or the Risk panel's Monte Carlo's, a finished
 * result or a progress figure to show. Every channel is asked, since one
 * wake may carry the news of both. */
static Reaction background_news(App *a)
{
    Reaction r = risk_live_wake(a);
    switch (hybrid_work_news(&a->hwork, &a->hres)) {
    case HW_DONE:
    case HW_PLAN:
        return r | edit_hybrid_done(a);
    case HW_PROGRESS:
        return r | R_RESULTS | R_FORM;
    case HW_NONE:
    default:
        return r;
    }
}

/* Feed one key and take its reaction. */
static void react(App *a, int key)
{
    Reaction r = mode_key(a, key);
    r |= edit_trace_news(a); /* a trace read for the key's figures */
    if (r & R_QUIT)
        a->quit = true;
    a->dirty |= r & ~(Reaction)R_QUIT;
}

/* The terminal is gone or a signal asks us to stop: keep the edits first
 * (the terminal may not answer), then restore it. */
static int emergency_exit(App *a, int sig)
{
    char where[RECOVER_PATH_MAX] = "";
    bool need = false, kept = false;
    static Scenario scratch; /* large for the stack of a failing terminal's exit */
    const Scenario *s = edit_kept(a, &scratch);
    Diag d;
    diag_clear(&d, NULL);
    if (doc_modified(&a->doc) || !scenario_equal(s, &a->doc.cur)) {
        need = true;
        kept = recover_write(doc_path(&a->doc), s, &a->doc.saved, &a->doc.disk, where,
                             sizeof where, &d) == 0;
    }
    term_stop();
    const char *why = sig ? strsignal(sig) : "terminal lost";
    if (kept) {
        fprintf(stderr, "gpuplan: %s; unsaved changes kept in %s\n", why,
                where);
    } else if (need) {
        /* No place took the edits: they go to stderr rather than vanish
         * (DESIGN 7). */
        char m[DIAG_TEXT_MAX];
        diag_format(&d, m, sizeof m);
        StrBuf b = STRBUF_INIT;
        scenario_format_yaml(s, &b);
        fprintf(stderr, "gpuplan: %s; %s. The unsaved scenario follows as "
                "YAML: save it to a file to keep it.\n%s", why, m, sb_str(&b));
        sb_free(&b);
    }
    return sig ? 128 + sig : 1;
}

/* Everything the planner holds, released as it leaves. */
static void app_free(App *a)
{
    screen_free(a);
    canvas_free(&a->canvas);
    dialog_close(&a->dlg);
    price_picker_close(a);
    hybrid_work_close(&a->hwork); /* stops and joins the worker */
    file_lock_release(&a->lock);
    recover_offer_free(a);
    risk_view_free(a);
    risk_live_free(a);
    compare_view_free(a);
    doc_free(&a->doc);
}

int app_run(const char *path, bool no_color)
{
    static App app; /* large (undo stacks are heap, the scenarios are not) */
    App *a = &app;
    memset(a, 0, sizeof *a);
    if (!setlocale(LC_ALL, ""))
        setlocale(LC_ALL, "C");
    setlocale(LC_NUMERIC, "C");

    Scenario s;
    scenario_default(&s);
    doc_init(&a->doc, &s, NULL);
    if (path) {
        Diag d;
        int rc = doc_open(&a->doc, path, &d); /* keeps the text (DESIGN 1.3) */
        if (rc != 0) {
            char m[DIAG_TEXT_MAX];
            diag_format(&d, m, sizeof m);
            fprintf(stderr, "gpuplan: %s\n", m);
            return rc;
        }
    }

    Diag td;
    if (term_check(NULL, &td) != 0) {
        char m[DIAG_TEXT_MAX];
        diag_format(&td, m, sizeof m);
        fprintf(stderr, "gpuplan: %s\n", m);
        doc_free(&a->doc);
        return td.status;
    }
    const char *nc = getenv("NO_COLOR");
    if (!term_start(no_color || (nc && *nc))) {
        fprintf(stderr, "gpuplan: cannot start the terminal (TERM=%s)\n",
                getenv("TERM") ? getenv("TERM") : "");
        doc_free(&a->doc);
        return EXIT_USAGE;
    }
    /* Long hybrid plans are computed beside the loop; a signal stops a
     * wait for them at once (DESIGN 7). */
    hybrid_work_open(&a->hwork, term_signal_flag());
    term_watch(bg_wake_fd());
    a->dirty |= screen_layout(a);
    compare_view_opened(a); /* before a recovery is offered: :diff's start */
    a->dirty |= edit_recompute(a);
    a->dirty |= files_take_lock(a);
    a->dirty |= recover_offer(a);
    a->dirty |= edit_trace_news(a);

    while (!a->quit) {
        a->dirty |= risk_live_sync(a);
        screen_draw(a);
        risk_live_start(a);
        int key = term_read_key();
        if (key == TERM_EV_SIGNAL || key == TERM_EV_LOST) {
            a->status = emergency_exit(a, key == TERM_EV_SIGNAL ? term_signal() : 0);
            goto out;
        }
        if (key == KC_RESIZE) {
            a->dirty |= screen_layout(a);
            continue;
        }
        if (key == TERM_EV_WAKE) { /* background work has news */
            bg_wake_drain();
            a->dirty |= background_news(a);
            continue;
        }
        if (key == TERM_EV_BAD_BYTE) {
            a->dirty |= msg_show(a, true, "dropped byte 0x%02X: no character in this "
                                "locale (a UTF-8 one types it)",
                                (unsigned)term_bad_byte());
            continue;
        }
        /* Esc and a key in one burst read as Alt-key; unless it is bound
         * (the numbered panels), it was Esc typed quickly before the key. */
        if (key >= KC_ALT_BASE && key < KC_ALT_BASE + 128 &&
            !(mode_current(a) == MODE_NORMAL && keys_lookup(key) != ACT_NONE)) {
            react(a, KC_ESC);
            if (a->quit)
                break;
            key -= KC_ALT_BASE;
            if (key == '\r' || key == '\n')
                key = KC_ENTER;
        }
        react(a, key);
    }
    term_stop();
    a->status = 0;
out:
    app_free(a);
    return a->status;
}
