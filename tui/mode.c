/* mode.c: the modes' table and the key dispatch; see mode.h. */
#include "config.h"

#include "mode.h"

#include "actions.h"
#include "commands.h"
#include "edit.h"
#include "files.h"
#include "search.h"

/* The terminal too small: quitting asks about unsaved changes here too,
 * Ctrl-S saves and Ctrl-L repaints (DESIGN 8); the question is drawn on
 * the too-small screen. Notes being typed are kept first, so the question
 * and the save see them. */
static Reaction small_key(App *a, int key)
{
    switch (keys_lookup(key)) {
    case ACT_QUIT:
        return edit_notes_finish(a) | files_guard(a, PEND_QUIT);
    case ACT_SAVE:
        return edit_notes_finish(a) | files_save(a);
    case ACT_REDRAW:
        return R_ALL | R_CLEAR;
    default:
        return R_NONE;
    }
}

typedef struct ModeOps {
    const char *name;
    KeyMode keys;                     /* its hint line and help */
    Reaction (*key)(App *a, int key); /* one key */
} ModeOps;

static const ModeOps modes[MODE_COUNT] = {
    [MODE_NORMAL] = {"normal", KM_NORMAL, actions_normal_key},
    [MODE_EDIT] = {"edit", KM_EDIT, edit_key},
    [MODE_NOTES] = {"notes", KM_NOTES, edit_notes_key},
    [MODE_COMMAND] = {"command", KM_COMMAND, commands_key},
    [MODE_SEARCH] = {"search", KM_SEARCH, search_key},
    [MODE_DIALOG] = {"dialog", KM_DIALOG, actions_dialog_key},
    [MODE_SMALL] = {"too small", KM_NORMAL, small_key},
};

Mode mode_current(const App *a)
{
    if (a->dlg.kind != DLG_NONE)
        return MODE_DIALOG;
    if (a->too_small)
        return MODE_SMALL;
    return a->mode;
}

Reaction mode_key(App *a, int key) { return modes[mode_current(a)].key(a, key); }

KeyMode mode_keys(Mode m) { return m < MODE_COUNT ? modes[m].keys : KM_NORMAL; }

const char *mode_name(Mode m) { return m < MODE_COUNT ? modes[m].name : "?"; }
