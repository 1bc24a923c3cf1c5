/* keys.h: the planner's key bindings as data (STYLE 6).
 *
 * One table maps a key to an action, with a short label for the hint line
 * and a help sentence for the help screen; both are generated from it, so
 * they never drift. Key codes are gpuplan's own (no curses here): printable
 * keys are their Unicode code point, the rest are KC_ values above Unicode.
 * term.c translates curses keys into these codes. */
#ifndef GPUPLAN_KEYS_H
#define GPUPLAN_KEYS_H

#include <stdbool.h>
#include <stddef.h>

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

/* What a key asks the planner to do in normal (not editing) mode. */
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
    ACT_HYBRID_ADD,    /* Hybrid panel: add the section or a workload */
    ACT_HYBRID_DELETE, /* Hybrid panel: delete the selected workload */
    ACT_HYBRID_RUN,    /* Hybrid panel: cycle the workload's run */
    ACT_HYBRID_MODE,   /* Hybrid panel: cycle the workload's cloud_mode */
    ACT_QUIT,
    ACT_REDRAW,
    ACT_COUNT
} Action;

/* Where a key's hint belongs: on every screen, or only on one panel. */
typedef enum KeyScope {
    KS_ANY,
    KS_HYBRID /* the Hybrid panel's own keys */
} KeyScope;

typedef struct KeyBinding {
    int key;           /* KC_ code or code point */
    Action action;
    const char *label; /* short hint ("F2 save"), NULL = not on the hint line */
    const char *help;  /* one sentence for the help screen */
    KeyScope scope;    /* KS_ANY unless the label belongs to one panel */
} KeyBinding;

extern const KeyBinding key_table[];
extern const size_t key_table_count;

/* The action bound to key, ACT_NONE when none (digits 0-9 give
 * ACT_EDIT_DIGIT). */
Action keys_lookup(int key);

/* The key's printable name ("Tab", "F2", "Ctrl-S", "M-1", "q") into buf;
 * returns buf. */
const char *keys_name(int key, char *buf, size_t n);

/* The hint line for a screen of `scope`: the labels of that scope first
 * (none for KS_ANY), then those of KS_ANY, each group in table order,
 * separated by two blanks and cut at whole labels to fit `width` columns.
 * Returns buf. */
const char *keys_hint_line(char *buf, size_t n, int width, KeyScope scope);

/* The help screen: one line per action, "KEYS  help", the keys of an
 * action joined by ", ". Calls emit(line, ctx) for each line, in table
 * order; returns the number of lines. */
size_t keys_help_lines(void (*emit)(const char *line, void *ctx), void *ctx);

/* Self-check of the table for the tests: fills msg and returns false when a
 * key is bound twice or an action has no help sentence. */
bool keys_table_check(char *msg, size_t n);

#endif
