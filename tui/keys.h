/* keys.h: the planner's key bindings as data (HACKING 6).
 *
 * One table per mode (normal, edit, command line, dialog) maps a key to an
 * action, with a short label for the hint line and a help sentence for the
 * help screen; both are generated from the tables, so they never drift. Key codes are gpuplan's own (no curses here): printable
 * keys are their Unicode code point, the rest are KC_ values above Unicode.
 * term.c translates curses keys into these codes. */
#ifndef GPUPLAN_KEYS_H
#define GPUPLAN_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

#define KC_CTRL(c) ((c) & 0x1f)
enum {
    KC_NONE = -1,
    KC_TAB = 9,
    KC_ENTER = 13,
    KC_ESC = 27,
    KC_BACKSPACE = 127,
    KC_BASE = 0x110000, /* first code above Unicode */
    KC_UP,
    KC_DOWN,
    KC_LEFT,
    KC_RIGHT,
    KC_HOME,
    KC_END,
    KC_DELETE,
    KC_BTAB,
    KC_PGUP,
    KC_PGDN,
    KC_RESIZE,
    KC_ALT_BASE = KC_BASE + 0x100, /* Alt-x = KC_ALT_BASE + x (x < 128) */
    KC_F0 = KC_BASE + 0x200        /* F1 = KC_F0 + 1 ... */
};
#define KC_ALT(c) (KC_ALT_BASE + (c))
#define KC_F(n) (KC_F0 + (n))

/* The planner's modes, each with its own key table. */
typedef enum KeyMode {
    KM_NORMAL,  /* moving between panels and fields */
    KM_EDIT,    /* the line editor: a value, the command line, a prompt */
    KM_COMMAND, /* the `:` command line (its other keys are KM_EDIT's) */
    KM_DIALOG,  /* a list or the help screen */
    KM_NOTES,   /* the notes editor (its other keys are KM_EDIT's) */
    KM_SEARCH,  /* the `/` search line (its other keys are KM_EDIT's) */
    KM_COUNT
} KeyMode;

/* What a key asks for. Each action belongs to one mode's table. */
typedef enum Action {
    ACT_NONE,
    ACT_PANEL_NEXT,
    ACT_PANEL_PREV,
    ACT_PANEL_1,
    ACT_PANEL_2,
    ACT_PANEL_3,
    ACT_PANEL_4,
    ACT_PANEL_5,
    ACT_PANEL_6,
    ACT_PANEL_7,
    ACT_PANEL_8,
    ACT_PANEL_9,
    ACT_FIELD_PREV,
    ACT_FIELD_NEXT,
    ACT_NUDGE_DOWN,
    ACT_NUDGE_UP,
    ACT_NUDGE_DOWN10,
    ACT_NUDGE_UP10,
    ACT_EDIT,       /* Enter: edit starting from the current value */
    ACT_EDIT_DIGIT, /* a digit: edit starting from that digit */
    ACT_TOGGLE,
    ACT_UNDO,
    ACT_REDO,
    ACT_CHART,
    ACT_COMMAND,
    ACT_HELP,
    ACT_SAVE,
    ACT_OPEN,
    ACT_EXPORT,
    ACT_PRICES, /* the price book picker (Cloud panel) */
    ACT_LIST_ADD,      /* Hybrid, Risk panels: add the section or an item */
    ACT_LIST_DELETE,   /* Hybrid, Risk panels: delete the selected item */
    ACT_HYBRID_RUN,    /* Hybrid panel: cycle the workload's run */
    ACT_HYBRID_MODE,   /* Hybrid panel: cycle the workload's cloud_mode */
    ACT_ZOOM, /* the current chart full-screen, and back */
    ACT_FIELD_HELP,  /* ?: the selected field's whole help */
    ACT_SEARCH,      /* /: search labels, keys and help */
    ACT_SEARCH_NEXT, /* n: the next match of the last search */
    ACT_SEARCH_PREV, /* N: the previous one */
    ACT_COMPARE_SWAP, /* v: the compared scenario's figures, or this one's */
    ACT_QUIT,
    ACT_REDRAW,
    /* KM_EDIT: the line editor (line_edit.c) */
    ACT_LE_COMMIT,
    ACT_LE_CANCEL,
    ACT_LE_BACKSPACE,
    ACT_LE_DELETE,
    ACT_LE_LEFT,
    ACT_LE_RIGHT,
    ACT_LE_HOME,
    ACT_LE_END,
    ACT_LE_KILL_START,
    ACT_LE_KILL_END,
    ACT_LE_KILL_WORD,
    ACT_LE_HELP, /* F1: the planner shows these modes' keys */
    ACT_LE_QUIT, /* F10: keep what is typed, then quit (edit.c, commands.c) */
    /* KM_COMMAND: the `:` line, before the line editor sees the key */
    ACT_CMD_COMPLETE,
    ACT_CMD_CLOSE, /* Backspace on an empty line */
    /* KM_DIALOG: lists (file picker, price book) and the help screen */
    ACT_DLG_UP,
    ACT_DLG_DOWN,
    ACT_DLG_PAGE_UP,
    ACT_DLG_PAGE_DOWN,
    ACT_DLG_FIRST,
    ACT_DLG_LAST,
    ACT_DLG_PICK,
    ACT_DLG_CLOSE,
    ACT_DLG_CLOSE_HELP, /* F1 closes the help screen (not a list) */
    /* KM_NOTES: the notes editor (notes_edit.c), before KM_EDIT's keys */
    ACT_NE_NEWLINE,
    ACT_NE_UP,
    ACT_NE_DOWN,
    ACT_NE_FINISH,
    /* KM_SEARCH: the `/` line, before the line editor sees the key */
    ACT_SRCH_NEXT,
    ACT_SRCH_PREV,
    ACT_SRCH_KEEP,
    ACT_SRCH_BACK,
    ACT_COUNT
} Action;

/* Where a key's hint belongs: on every screen, or only on one panel. */
typedef enum KeyScope {
    KS_ANY,
    KS_LIST,   /* the panels that edit a list (Hybrid, Risk): shown on both */
    KS_HYBRID, /* the Hybrid panel's own keys */
    KS_RISK    /* the Risk panel's own keys */
} KeyScope;

typedef struct KeyBinding {
    int key;           /* KC_ code or code point */
    Action action;
    const char *label; /* short hint ("F2 save"), NULL = not on the hint line */
    const char *help;  /* one sentence for the help screen */
    KeyScope scope;    /* KS_ANY unless the label belongs to one panel */
} KeyBinding;

/* One mode's table; `title` heads its part of the help screen ("" for
 * normal mode, which comes first without a title). */
typedef struct KeyTable {
    const char *title;
    const KeyBinding *keys;
    size_t count;
} KeyTable;

extern const KeyTable key_tables[KM_COUNT];

/* The normal mode's table (key_tables[KM_NORMAL]). */
extern const KeyBinding key_table[];
extern const size_t key_table_count;

/* The normal-mode action bound to key, ACT_NONE when none (digits 0-9
 * give ACT_EDIT_DIGIT). */
Action keys_lookup(int key);

/* The action bound to key in mode m, ACT_NONE when none. */
Action keys_lookup_mode(KeyMode m, int key);

/* The key's printable name ("Tab", "F2", "Ctrl-S", "M-1", "q") into buf;
 * returns buf. */
const char *keys_name(int key, char *buf, size_t n);

/* The hint line for a screen of `scope`: the labels of that scope first
 * (KS_HYBRID and KS_RISK: those of KS_LIST, then their own; none for
 * KS_ANY), then those of KS_ANY, each group the most useful
 * first (help, undo, chart, `:`, quit, save...), then in table order,
 * separated by two blanks and cut at whole labels to fit `width` columns.
 * Returns buf. */
const char *keys_hint_line(char *buf, size_t n, int width, KeyScope scope);

/* The hint line of mode m (its labels in table order, cut the same way).
 * keys_hint_line is this for KM_NORMAL with a panel's scope. */
const char *keys_mode_hint_line(KeyMode m, char *buf, size_t n, int width);

/* The normal mode's part of the help screen: one line per action,
 * "KEYS  help", the keys of an action joined by ", ". Calls emit(line, ctx)
 * for each line, in table order; returns the number of lines. */
size_t keys_help_lines(void (*emit)(const char *line, void *ctx), void *ctx);

/* The other modes' help (F1 while editing or on the command line): each
 * mode after normal under its title, a blank line before it. Returns the
 * line count. */
size_t keys_modes_help_lines(void (*emit)(const char *line, void *ctx), void *ctx);

/* Self-check of the tables for the tests: 0, or EXIT_DATAERR with *d
 * saying what is wrong (the table is the data) when a key is bound twice in
 * one mode, an action has no help sentence or no key, or one action is
 * bound in two modes. */
int keys_table_check(Diag *d);

/* The same check over any tables (the tests feed it bad ones). */
int keys_tables_check(const KeyTable *tables, size_t ntables, Diag *d);

/* The message for a key normal mode does not bind: it says so and names
 * the two bound keys nearest to it with what they do ("b is not a key
 * here; near it: c cycle the chart..., a ..."). Returns buf. */
const char *keys_unknown_text(int key, char *buf, size_t n);

#endif
