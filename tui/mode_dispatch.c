/* mode_dispatch.c: what each mode's keys do (see mode.h): one handler a
 * mode, after tmux's window modes, and the key handed to the handler of
 * mode_current. Above the handlers (actions.c, edit.c, commands.c,
 * search.c), which call down; the modes' names and key tables (mode.c)
 * are below them all. */
#include "config.h"

#include "mode_dispatch.h"

#include "actions.h"
#include "commands.h"
#include "edit.h"
#include "files.h"
#include "mode.h"
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

/* One key, by mode. */
static Reaction (*const handlers[MODE_COUNT])(App *a, int key) = {
    [MODE_NORMAL] = actions_normal_key,
    [MODE_EDIT] = edit_key,
    [MODE_NOTES] = edit_notes_key,
    [MODE_COMMAND] = commands_key,
    [MODE_SEARCH] = search_key,
    [MODE_DIALOG] = actions_dialog_key,
    [MODE_SMALL] = small_key,
};

Reaction mode_key(App *a, int key) { return handlers[mode_current(a)](a, key); }
