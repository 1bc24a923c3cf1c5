/* mode.c: the modes' table (see mode.h): each mode's name and the key
 * table its hint line and help show, and which mode takes the next key.
 * What each mode's keys do is mode_dispatch.c's, above the handlers; this
 * half is below the screen, which draws the bottom line from it. */
#include "config.h"

#include "mode.h"

typedef struct ModeInfo {
    const char *name;
    KeyMode keys; /* its hint line and help */
} ModeInfo;

static const ModeInfo modes[MODE_COUNT] = {
    [MODE_NORMAL] = {"normal", KM_NORMAL},
    [MODE_EDIT] = {"edit", KM_EDIT},
    [MODE_NOTES] = {"notes", KM_NOTES},
    [MODE_COMMAND] = {"command", KM_COMMAND},
    [MODE_SEARCH] = {"search", KM_SEARCH},
    [MODE_DIALOG] = {"dialog", KM_DIALOG},
    [MODE_SMALL] = {"too small", KM_NORMAL},
};

Mode mode_current(const App *a)
{
    if (a->dlg.kind != DLG_NONE)
        return MODE_DIALOG;
    if (a->too_small)
        return MODE_SMALL;
    return a->mode;
}

KeyMode mode_keys(Mode m) { return m < MODE_COUNT ? modes[m].keys : KM_NORMAL; }

const char *mode_name(Mode m) { return m < MODE_COUNT ? modes[m].name : "?"; }
