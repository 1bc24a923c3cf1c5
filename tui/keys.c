/* keys.c: the planner's key bindings table and what is generated from it. */
#include "config.h"

#include "keys.h"

#include <stdio.h>
#include <string.h>

/* Order is the help screen's order; entries with a label form the hint line.
 * Digits start an edit (SPEC 8, as in a spreadsheet), so the numbered panels
 * are on Alt-1..Alt-7 (which a terminal sends as Esc and the digit at once). */
const KeyBinding key_table[] = {
    {KC_F(1), ACT_HELP, "F1 help", "show this help (Esc or q closes it)", KS_ANY},
    {'?', ACT_HELP, NULL, NULL, KS_ANY},
    {KC_F(2), ACT_SAVE, "F2 save", "save the scenario (asks for a file name when it has none)", KS_ANY},
    {KC_CTRL('s'), ACT_SAVE, NULL, NULL, KS_ANY},
    {KC_F(3), ACT_OPEN, "F3 open", "open a scenario: current directory, your scenarios, the shipped ones", KS_ANY},
    {'o', ACT_OPEN, NULL, NULL, KS_ANY},
    {KC_F(4), ACT_EXPORT, "F4 export", "export a report: text, md, json or csv", KS_ANY},
    {'x', ACT_EXPORT, NULL, NULL, KS_ANY},
    {KC_F(10), ACT_QUIT, "F10 quit", "quit (asks to save, discard or cancel when there are unsaved changes)", KS_ANY},
    {'q', ACT_QUIT, NULL, NULL, KS_ANY},
    {KC_TAB, ACT_PANEL_NEXT, "Tab panel", "next panel", KS_ANY},
    {KC_BTAB, ACT_PANEL_PREV, NULL, "previous panel", KS_ANY},
    {KC_ALT('1'), ACT_PANEL_1, NULL, "Hardware panel", KS_ANY},
    {KC_ALT('2'), ACT_PANEL_2, NULL, "Facility panel", KS_ANY},
    {KC_ALT('3'), ACT_PANEL_3, NULL, "Staffing panel", KS_ANY},
    {KC_ALT('4'), ACT_PANEL_4, NULL, "Utilization panel", KS_ANY},
    {KC_ALT('5'), ACT_PANEL_5, NULL, "Cloud panel", KS_ANY},
    {KC_ALT('6'), ACT_PANEL_6, NULL, "Business panel (opportunity and constraints)", KS_ANY},
    {KC_ALT('7'), ACT_PANEL_7, NULL, "Hybrid panel", KS_ANY},
    {KC_UP, ACT_FIELD_PREV, NULL, "previous field", KS_ANY},
    {'k', ACT_FIELD_PREV, NULL, NULL, KS_ANY},
    {KC_DOWN, ACT_FIELD_NEXT, NULL, "next field", KS_ANY},
    {'j', ACT_FIELD_NEXT, NULL, NULL, KS_ANY},
    {KC_LEFT, ACT_NUDGE_DOWN, "-/+ nudge", "decrease the value by its step", KS_ANY},
    {'h', ACT_NUDGE_DOWN, NULL, NULL, KS_ANY},
    {'-', ACT_NUDGE_DOWN, NULL, NULL, KS_ANY},
    {KC_RIGHT, ACT_NUDGE_UP, NULL, "increase the value by its step", KS_ANY},
    {'l', ACT_NUDGE_UP, NULL, NULL, KS_ANY},
    {'+', ACT_NUDGE_UP, NULL, NULL, KS_ANY},
    {'<', ACT_NUDGE_DOWN10, NULL, "decrease the value by ten steps", KS_ANY},
    {'>', ACT_NUDGE_UP10, NULL, "increase the value by ten steps", KS_ANY},
    {KC_ENTER, ACT_EDIT, "Enter edit", "edit the value, starting from the current one; Enter commits, Esc cancels", KS_ANY},
    {'0', ACT_EDIT_DIGIT, NULL, "edit the value, starting from empty with that digit", KS_ANY},
    {'1', ACT_EDIT_DIGIT, NULL, NULL, KS_ANY},
    {'2', ACT_EDIT_DIGIT, NULL, NULL, KS_ANY},
    {'3', ACT_EDIT_DIGIT, NULL, NULL, KS_ANY},
    {'4', ACT_EDIT_DIGIT, NULL, NULL, KS_ANY},
    {'5', ACT_EDIT_DIGIT, NULL, NULL, KS_ANY},
    {'6', ACT_EDIT_DIGIT, NULL, NULL, KS_ANY},
    {'7', ACT_EDIT_DIGIT, NULL, NULL, KS_ANY},
    {'8', ACT_EDIT_DIGIT, NULL, NULL, KS_ANY},
    {'9', ACT_EDIT_DIGIT, NULL, NULL, KS_ANY},
    {' ', ACT_TOGGLE, NULL, "toggle a yes/no field", KS_ANY},
    {'u', ACT_UNDO, "u undo", "undo the last change", KS_ANY},
    {KC_CTRL('r'), ACT_REDO, NULL, "redo the change undone last", KS_ANY},
    {'c', ACT_CHART, "c chart", "cycle the chart: cost per GPU-hour vs utilization, monthly breakdown, hybrid cost vs nodes", KS_ANY},
    {'a', ACT_HYBRID_ADD, "a add", "Hybrid panel: add a hybrid plan (defaults, one example workload), or a copy of the selected workload", KS_HYBRID},
    {'d', ACT_HYBRID_DELETE, "d delete", "Hybrid panel: delete the selected workload (asks first)", KS_HYBRID},
    {'r', ACT_HYBRID_RUN, "r run", "Hybrid panel: cycle the workload's run: onprem, cloud, burst", KS_HYBRID},
    {'m', ACT_HYBRID_MODE, "m mode", "Hybrid panel: cycle the workload's cloud_mode: on_demand, spot", KS_HYBRID},
    {':', ACT_COMMAND, ": cmd", "command line: set KEY=VALUE, goto KEY, w [FILE], e FILE, export FORMAT [FILE], prices, q, q!, wq, help", KS_ANY},
    {'p', ACT_PRICES, "p prices", "price book: pick an instance and region; Enter copies its per-GPU-hour prices into the Cloud panel (one undo step)", KS_ANY},
    {KC_CTRL('l'), ACT_REDRAW, NULL, "redraw the whole screen", KS_ANY},
};
const size_t key_table_count = sizeof key_table / sizeof key_table[0];

Action keys_lookup(int key)
{
    for (size_t i = 0; i < key_table_count; i++)
        if (key_table[i].key == key)
            return key_table[i].action;
    return ACT_NONE;
}

const char *keys_name(int key, char *buf, size_t n)
{
    static const struct {
        int key;
        const char *name;
    } names[] = {{KC_TAB, "Tab"},      {KC_ENTER, "Enter"}, {KC_ESC, "Esc"},
                 {KC_BACKSPACE, "Backspace"}, {' ', "Space"},
                 {KC_UP, "Up"},        {KC_DOWN, "Down"},   {KC_LEFT, "Left"},
                 {KC_RIGHT, "Right"},  {KC_HOME, "Home"},   {KC_END, "End"},
                 {KC_DELETE, "Delete"}, {KC_BTAB, "Shift-Tab"},
                 {KC_PGUP, "PgUp"},    {KC_PGDN, "PgDn"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].key == key) {
            snprintf(buf, n, "%s", names[i].name);
            return buf;
        }
    if (key > KC_F0 && key <= KC_F0 + 63)
        snprintf(buf, n, "F%d", key - KC_F0);
    else if (key >= KC_ALT_BASE && key < KC_ALT_BASE + 128)
        snprintf(buf, n, "M-%c", (char)(key - KC_ALT_BASE));
    else if (key > 0 && key < 32)
        snprintf(buf, n, "Ctrl-%c", (char)(key + 'A' - 1));
    else if (key > 32 && key < 127)
        snprintf(buf, n, "%c", (char)key);
    else
        snprintf(buf, n, "key %d", key);
    return buf;
}

const char *keys_hint_line(char *buf, size_t n, int width, KeyScope scope)
{
    size_t len = 0;
    if (n == 0)
        return buf;
    buf[0] = '\0';
    /* Pass 0: the scope's own labels; pass 1: those shown everywhere. */
    for (int pass = scope == KS_ANY; pass < 2; pass++)
        for (size_t i = 0; i < key_table_count; i++) {
            const char *label = key_table[i].label;
            if (!label || key_table[i].scope != (pass ? KS_ANY : scope))
                continue;
            size_t need = strlen(label) + (len ? 2 : 0);
            if ((width >= 0 && len + need > (size_t)width) || len + need + 1 > n)
                return buf;
            len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "  " : "", label);
        }
    return buf;
}

static bool is_digit_key(int k) { return k >= '0' && k <= '9'; }

size_t keys_help_lines(void (*emit)(const char *line, void *ctx), void *ctx)
{
    size_t lines = 0;
    bool done[ACT_COUNT] = {false};
    for (size_t i = 0; i < key_table_count; i++) {
        Action a = key_table[i].action;
        if (done[a])
            continue;
        done[a] = true;
        char keys[128] = "", name[32];
        size_t len = 0;
        const char *help = NULL;
        for (size_t j = i; j < key_table_count; j++) {
            if (key_table[j].action != a)
                continue;
            if (!help && key_table[j].help)
                help = key_table[j].help;
            int k = key_table[j].key;
            /* A run of digits reads as "0-9". */
            if (is_digit_key(k) && j > i && is_digit_key(key_table[j - 1].key) &&
                key_table[j - 1].action == a) {
                bool last = j + 1 >= key_table_count ||
                            key_table[j + 1].action != a ||
                            !is_digit_key(key_table[j + 1].key);
                if (last && len < sizeof keys)
                    len += (size_t)snprintf(keys + len, sizeof keys - len, "-%c", (char)k);
                continue;
            }
            keys_name(k, name, sizeof name);
            if (len < sizeof keys)
                len += (size_t)snprintf(keys + len, sizeof keys - len, "%s%s",
                                        len ? ", " : "", name);
        }
        char line[320];
        snprintf(line, sizeof line, "%-13s %s", keys, help ? help : "");
        emit(line, ctx);
        lines++;
    }
    return lines;
}

bool keys_table_check(char *msg, size_t n)
{
    char name[32];
    for (size_t i = 0; i < key_table_count; i++)
        for (size_t j = i + 1; j < key_table_count; j++)
            if (key_table[i].key == key_table[j].key) {
                snprintf(msg, n, "key %s is bound twice",
                         keys_name(key_table[i].key, name, sizeof name));
                return false;
            }
    for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
        bool bound = false, helped = false;
        for (size_t i = 0; i < key_table_count; i++)
            if ((int)key_table[i].action == a) {
                bound = true;
                helped |= key_table[i].help && key_table[i].help[0];
            }
        if (bound && !helped) {
            snprintf(msg, n, "action %d has no help sentence", a);
            return false;
        }
        if (!bound) {
            snprintf(msg, n, "action %d has no key", a);
            return false;
        }
    }
    return true;
}
