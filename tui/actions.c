/* actions.c: one handler per normal-mode action (htop's way: each returns
 * what to redraw), and the dispatch of dialog answers. */
#include "config.h"

#include "actions.h"

#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "compare_view.h"
#include "edit.h"
#include "export_dialog.h"
#include "field_help.h"
#include "files.h"
#include "recover_offer.h"
#include "hybrid_panel.h"
#include "list_panel.h"
#include "risk_panel.h"
#include "price_picker.h"
#include "risk_view.h"
#include "screen.h"
#include "search.h"

typedef Reaction (*ActionFn)(App *a, Action act, int key);

static Reaction act_panel(App *a, Action act, int key)
{
    (void)key;
    if (act == ACT_PANEL_NEXT || act == ACT_PANEL_PREV)
        a->panel = (Panel)((a->panel + (act == ACT_PANEL_NEXT ? 1 : PANEL_COUNT - 1)) %
                           PANEL_COUNT);
    else
        a->panel = (Panel)(act - ACT_PANEL_1);
    return R_FORM | R_TITLE | R_RESULTS | R_LINE; /* hints follow the panel */
}

static Reaction act_field(App *a, Action act, int key)
{
    (void)key;
    if (act == ACT_FIELD_PREV && a->sel[a->panel] > 0)
        a->sel[a->panel]--;
    else if (act == ACT_FIELD_NEXT && a->sel[a->panel] + 1 < edit_panel_rows(a))
        a->sel[a->panel]++;
    return R_FORM;
}

static Reaction act_nudge(App *a, Action act, int key)
{
    (void)key;
    static const int steps[] = {[ACT_NUDGE_DOWN] = -1, [ACT_NUDGE_UP] = 1,
                                [ACT_NUDGE_DOWN10] = -10, [ACT_NUDGE_UP10] = 10};
    return edit_nudge(a, steps[act]);
}

static Reaction act_edit(App *a, Action act, int key)
{
    return edit_start(a, act == ACT_EDIT_DIGIT ? key : 0);
}

static Reaction act_toggle(App *a, Action act, int key)
{
    (void)act, (void)key;
    return edit_toggle(a);
}

static Reaction act_undo(App *a, Action act, int key)
{
    (void)key;
    return edit_undo(a, act == ACT_REDO);
}

/* cost curves -> breakdown -> cumulative spend -> hybrid (when there is a
 * plan) -> tornado -> cost curves: ChartKind's order. */
static Reaction act_chart(App *a, Action act, int key)
{
    (void)act, (void)key;
    ChartKind next = (ChartKind)((a->chart + 1) % CHART_KIND_COUNT);
    if (next == CHART_HYBRID && !(a->shown.has_hybrid && a->hwork.ok))
        next = CHART_TORNADO;
    a->chart = next;
    return R_CHART;
}

/* z: the current chart full-screen, and back; Esc only leaves it. */
static Reaction act_zoom(App *a, Action act, int key)
{
    (void)act;
    if (key == KC_ESC && !a->chart_zoom)
        return R_NONE;
    a->chart_zoom = !a->chart_zoom;
    return screen_layout(a);
}

static Reaction act_hybrid(App *a, Action act, int key)
{
    (void)key;
    switch (act) {
    case ACT_LIST_ADD:
        return a->panel == PANEL_RISK ? risk_panel_add(a) : hybrid_panel_add(a);
    case ACT_LIST_DELETE: return list_panel_delete(a);
    case ACT_HYBRID_RUN: return hybrid_panel_cycle(a, true);
    default: return hybrid_panel_cycle(a, false);
    }
}

static Reaction act_command(App *a, Action act, int key)
{
    (void)act, (void)key;
    return commands_open(a);
}

static Reaction act_help(App *a, Action act, int key)
{
    (void)act, (void)key;
    return commands_show_help(a);
}

static Reaction act_field_help(App *a, Action act, int key)
{
    (void)act, (void)key;
    return field_help_show(a);
}

static Reaction act_search(App *a, Action act, int key)
{
    (void)key;
    if (act == ACT_SEARCH)
        return search_open(a);
    return search_again(a, act == ACT_SEARCH_NEXT);
}

static Reaction act_save(App *a, Action act, int key)
{
    (void)act, (void)key;
    return files_save(a);
}

static Reaction act_open(App *a, Action act, int key)
{
    (void)act, (void)key;
    return files_guard(a, PEND_PICK);
}

static Reaction act_export(App *a, Action act, int key)
{
    (void)act, (void)key;
    return export_dialog_start(a);
}

static Reaction act_prices(App *a, Action act, int key)
{
    (void)act, (void)key;
    return price_picker_open(a);
}

static Reaction act_quit(App *a, Action act, int key)
{
    (void)act, (void)key;
    return files_guard(a, PEND_QUIT);
}

static Reaction act_compare(App *a, Action act, int key)
{
    (void)act, (void)key;
    return compare_view_toggle(a);
}

static Reaction act_redraw(App *a, Action act, int key)
{
    (void)a, (void)act, (void)key;
    return R_ALL | R_CLEAR;
}

static const ActionFn normal_actions[ACT_COUNT] = {
    [ACT_PANEL_NEXT] = act_panel,    [ACT_PANEL_PREV] = act_panel,
    [ACT_PANEL_1] = act_panel,       [ACT_PANEL_2] = act_panel,
    [ACT_PANEL_3] = act_panel,       [ACT_PANEL_4] = act_panel,
    [ACT_PANEL_5] = act_panel,       [ACT_PANEL_6] = act_panel,
    [ACT_PANEL_7] = act_panel,       [ACT_PANEL_8] = act_panel,       [ACT_PANEL_9] = act_panel,
    [ACT_FIELD_PREV] = act_field,
    [ACT_FIELD_NEXT] = act_field,    [ACT_NUDGE_DOWN] = act_nudge,
    [ACT_NUDGE_UP] = act_nudge,      [ACT_NUDGE_DOWN10] = act_nudge,
    [ACT_NUDGE_UP10] = act_nudge,    [ACT_EDIT] = act_edit,
    [ACT_EDIT_DIGIT] = act_edit,     [ACT_TOGGLE] = act_toggle,
    [ACT_UNDO] = act_undo,           [ACT_REDO] = act_undo,
    [ACT_CHART] = act_chart,         [ACT_COMMAND] = act_command,
    [ACT_HELP] = act_help,           [ACT_SAVE] = act_save,
    [ACT_OPEN] = act_open,           [ACT_EXPORT] = act_export,
    [ACT_PRICES] = act_prices,       [ACT_LIST_ADD] = act_hybrid,
    [ACT_LIST_DELETE] = act_hybrid, [ACT_HYBRID_RUN] = act_hybrid,
    [ACT_HYBRID_MODE] = act_hybrid,  [ACT_QUIT] = act_quit,
    [ACT_REDRAW] = act_redraw,       [ACT_ZOOM] = act_zoom,
    [ACT_FIELD_HELP] = act_field_help, [ACT_SEARCH] = act_search,
    [ACT_SEARCH_NEXT] = act_search,  [ACT_SEARCH_PREV] = act_search,
    [ACT_COMPARE_SWAP] = act_compare,
};

int actions_table_check(Diag *d)
{
    const KeyTable *t = &key_tables[KM_NORMAL];
    diag_clear(d, NULL);
    for (size_t i = 0; i < t->count; i++)
        if (!normal_actions[t->keys[i].action]) {
            diag_set(d, EXIT_DATAERR, 0, 0, NULL, "normal-mode action %d has no handler",
                     (int)t->keys[i].action);
            return EXIT_DATAERR;
        }
    return 0;
}

Reaction actions_normal_key(App *a, int key)
{
    Reaction r = msg_clear(a);
    Action act = keys_lookup(key);
    /* Full-screen, the keys that act on the chart or the whole file work
     * as they are; any other (an edit, a move) first brings the panels
     * back, so what it changes is in sight. */
    if (a->chart_zoom && act != ACT_ZOOM && act != ACT_CHART && act != ACT_UNDO &&
        act != ACT_REDO && act != ACT_HELP && act != ACT_QUIT && act != ACT_SAVE &&
        act != ACT_REDRAW && act != ACT_COMMAND && act != ACT_EXPORT) {
        a->chart_zoom = false;
        r |= screen_layout(a);
    }
    /* On a workload's or an input's row the arrows (and h, l) choose the
     * cell. */
    if ((key == KC_LEFT || key == KC_RIGHT || key == 'h' || key == 'l') &&
        list_panel_move(a, key == KC_RIGHT || key == 'l', &r))
        return r;
    if (act > ACT_NONE && act < ACT_COUNT && normal_actions[act])
        return r | normal_actions[act](a, act, key);
    if (key == KC_CTRL('c')) {
        r |= msg_show(a, false, "q or F10 quits");
    } else if (act == ACT_NONE && key > ' ' && key <= '~') {
        char m[MSG_MAX];
        r |= msg_show(a, false, "%s", keys_unknown_text(key, m, sizeof m));
    }
    return r;
}

Reaction actions_dialog_key(App *a, int key)
{
    /* F10 does not answer a question or pick from a list for the user. */
    if (key == KC_F(10) && keys_lookup_mode(KM_DIALOG, key) == ACT_NONE) {
        bool question = a->dlg.kind == DLG_PROMPT || a->dlg.kind == DLG_CHOICE;
        return msg_show(a, false, "F10 quits once this %s (Esc %s it)",
                       question ? "question is answered"
                       : a->dlg.kind == DLG_HELP ? "help is closed" : "list is closed",
                       question ? "cancels" : "closes");
    }
    DialogResult res = dialog_handle_key(&a->dlg, key);
    bool overlay = a->dlg.kind == DLG_PICKER || a->dlg.kind == DLG_HELP;
    if (res == DR_NONE)
        return R_LINE;
    Dialog d = a->dlg; /* the answer; items stay owned by d until closed */
    a->dlg.items = a->dlg.labels = a->dlg.raw = NULL;
    a->dlg.footer = NULL;
    a->dlg.origin = NULL;
    a->dlg.count = a->dlg.nraw = 0;
    dialog_close(&a->dlg);
    Reaction r = R_LINE | R_MSG;
    if (overlay)
        r |= R_ALL; /* every window is redrawn over the overlay */
    bool cancelled = res == DR_CANCEL;
    switch (d.purpose) {
    case P_QUIT:
    case P_SAVE_PATH:
    case P_OVERWRITE:
    case P_PICK:
    case P_DISK_CHANGED:
        r |= files_answer(a, &d, cancelled);
        break;
    case P_RECOVER:
    case P_RECOVER_LIST:
    case P_RECOVER_ALL:
    case P_RECOVER_CONFLICT:
    case P_RECOVER_BROKEN:
        r |= recover_offer_answer(a, &d, cancelled);
        break;
    case P_EXPORT_FMT:
    case P_EXPORT_PATH:
    case P_EXPORT_OVERWRITE:
        r |= export_dialog_answer(a, &d, cancelled);
        break;
    case P_PRICES:
        if (!cancelled && d.sel < d.count)
            r |= price_picker_pick(a, d.items[d.sel]);
        price_picker_close(a);
        break;
    case P_LIST_DELETE:
        if (!cancelled && d.choice == 'y')
            r |= list_panel_delete_answer(a);
        break;
    case P_SEEK_APPLY:
        if (!cancelled && d.choice == 'y')
            r |= risk_view_seek_apply(a);
        else
            a->seek_key[0] = '\0';
        break;
    default:
        break;
    }
    dialog_close(&d);
    return r;
}
