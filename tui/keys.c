/* keys.c: the planner's key tables, one per mode, and what is generated
 * from them (hint lines, the help screen, the tables' self-check). */
#include "config.h"

#include "keys.h"

#include <stdio.h>
#include <string.h>

/* Order is the help screen's order; entries with a label form the hint line.
 * Digits start an edit (DESIGN 8, as in a spreadsheet), so the numbered panels
 * are on Alt-1..Alt-9 (which a terminal sends as Esc and the digit at once). */
const KeyBinding key_table[] = {
    {KC_F(1), ACT_HELP, "F1 help", "show this help (Esc or q closes it)", KS_ANY},
    {'?', ACT_FIELD_HELP, "? about", "the selected field's whole help: what it is, its value, what it allows, its default and step", KS_ANY},
    {'/', ACT_SEARCH, "/ search", "search the fields' labels, keys and help as you type; Enter stays on the match, Esc goes back", KS_ANY},
    {'n', ACT_SEARCH_NEXT, NULL, "the next field the last search matches (on every panel, in order)", KS_ANY},
    {'N', ACT_SEARCH_PREV, NULL, "the previous field the last search matches", KS_ANY},
    {KC_F(2), ACT_SAVE, "F2 save", "save the scenario (asks for a file name when it has none)", KS_ANY},
    {KC_CTRL('s'), ACT_SAVE, NULL, NULL, KS_ANY},
    {KC_F(3), ACT_OPEN, "F3 open", "open a scenario: current directory, your scenarios, the shipped ones", KS_ANY},
    {'o', ACT_OPEN, NULL, NULL, KS_ANY},
    {KC_F(4), ACT_EXPORT, "F4 export", "export a report: text, md, html, json or csv", KS_ANY},
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
    {KC_ALT('7'), ACT_PANEL_7, NULL, "Horizon panel (cash flows over the years)", KS_ANY},
    {KC_ALT('8'), ACT_PANEL_8, NULL, "Hybrid panel", KS_ANY},
    {KC_ALT('9'), ACT_PANEL_9, NULL, "Risk panel (uncertain inputs, Monte Carlo)", KS_ANY},
    {KC_UP, ACT_FIELD_PREV, NULL, "previous field", KS_ANY},
    {'k', ACT_FIELD_PREV, NULL, NULL, KS_ANY},
    {KC_DOWN, ACT_FIELD_NEXT, NULL, "next field", KS_ANY},
    {'j', ACT_FIELD_NEXT, NULL, NULL, KS_ANY},
    {KC_LEFT, ACT_NUDGE_DOWN, "-/+ nudge", "decrease the value by its step; on the Hybrid panel's workload table Left and h move to the cell on the left (- nudges there)", KS_ANY},
    {'h', ACT_NUDGE_DOWN, NULL, NULL, KS_ANY},
    {'-', ACT_NUDGE_DOWN, NULL, NULL, KS_ANY},
    {KC_RIGHT, ACT_NUDGE_UP, NULL, "increase the value by its step; on the Hybrid panel's workload table Right and l move to the cell on the right (+ nudges there)", KS_ANY},
    {'l', ACT_NUDGE_UP, NULL, NULL, KS_ANY},
    {'+', ACT_NUDGE_UP, NULL, NULL, KS_ANY},
    {'<', ACT_NUDGE_DOWN10, NULL, "decrease the value by ten steps", KS_ANY},
    {'>', ACT_NUDGE_UP10, NULL, "increase the value by ten steps", KS_ANY},
    {KC_ENTER, ACT_EDIT, "Enter edit", "edit the value, starting from the current one; Enter commits, Esc cancels (on Notes: the notes editor, F1 there lists its keys)", KS_ANY},
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
    {' ', ACT_TOGGLE, "Space toggle", "toggle a yes/no field; cycle a choice field to its next word (one undo step each)", KS_ANY},
    {'u', ACT_UNDO, "u undo", "undo the last change", KS_ANY},
    {KC_CTRL('r'), ACT_REDO, NULL, "redo the change undone last", KS_ANY},
    {'c', ACT_CHART, "c chart", "cycle the chart: cost per GPU-hour vs utilization, monthly breakdown, cumulative spend, hybrid cost vs nodes, tornado", KS_ANY},
    {'z', ACT_ZOOM, "z zoom", "the current chart full-screen, and back (z or Esc); c still cycles the charts", KS_ANY},
    {KC_ESC, ACT_ZOOM, NULL, NULL, KS_ANY},
    {'a', ACT_LIST_ADD, "a add", "Hybrid panel: add a hybrid plan (defaults, one example workload), or a copy of the selected workload; Risk panel: add an uncertainty section, or an input (a number field not yet listed, at its value +-20%), or on the pairs' rows a pair of inputs drawn together (rank correlation 0 until typed)", KS_LIST},
    {'d', ACT_LIST_DELETE, "d delete", "Hybrid or Risk panel: delete the selected workload, trace group, input or pair (asks first)", KS_LIST},
    {'r', ACT_HYBRID_RUN, "r run", "Hybrid panel: cycle the workload's run: onprem, cloud, burst", KS_HYBRID},
    {'m', ACT_HYBRID_MODE, "m mode", "Hybrid panel: cycle the workload's cloud_mode: on_demand, spot", KS_HYBRID},
    {':', ACT_COMMAND, ": cmd", "command line: the commands listed below; Tab completes their names and field keys", KS_ANY},
    {'v', ACT_COMPARE_SWAP, NULL, "with a scenario compared (:compare FILE) where the results have room for one column (80 columns): show its figures, B, or this scenario's, A, again; the results' first line says which", KS_ANY},
    {'p', ACT_PRICES, "p prices", "price book: pick an instance and region; Enter copies its per-GPU-hour prices into the Cloud panel, or on a Hybrid workload's cloud_gpu_hour cell into that cell (one undo step)", KS_ANY},
    {KC_CTRL('l'), ACT_REDRAW, NULL, "redraw the whole screen", KS_ANY},
};
const size_t key_table_count = sizeof key_table / sizeof key_table[0];

/* The line editor's keys: a value being edited, the command line and the
 * prompts. Printable characters insert; everything else is here. */
static const KeyBinding edit_keys[] = {
    {KC_ENTER, ACT_LE_COMMIT, "Enter commit", "commit the value (on the command line: run it)", KS_ANY},
    {'\n', ACT_LE_COMMIT, NULL, NULL, KS_ANY},
    {KC_ESC, ACT_LE_CANCEL, "Esc cancel", "cancel: the value stays as it was", KS_ANY},
    {KC_CTRL('g'), ACT_LE_CANCEL, NULL, NULL, KS_ANY},
    {KC_BACKSPACE, ACT_LE_BACKSPACE, "Backspace delete", "delete the character before the cursor", KS_ANY},
    {KC_CTRL('h'), ACT_LE_BACKSPACE, NULL, NULL, KS_ANY},
    {KC_CTRL('u'), ACT_LE_KILL_START, "Ctrl-U clear", "delete everything before the cursor", KS_ANY},
    {KC_DELETE, ACT_LE_DELETE, NULL, "delete the character under the cursor", KS_ANY},
    {KC_CTRL('d'), ACT_LE_DELETE, NULL, NULL, KS_ANY},
    {KC_LEFT, ACT_LE_LEFT, NULL, "move the cursor one character left", KS_ANY},
    {KC_CTRL('b'), ACT_LE_LEFT, NULL, NULL, KS_ANY},
    {KC_RIGHT, ACT_LE_RIGHT, NULL, "move the cursor one character right", KS_ANY},
    {KC_CTRL('f'), ACT_LE_RIGHT, NULL, NULL, KS_ANY},
    {KC_HOME, ACT_LE_HOME, NULL, "move the cursor to the start", KS_ANY},
    {KC_CTRL('a'), ACT_LE_HOME, NULL, NULL, KS_ANY},
    {KC_END, ACT_LE_END, NULL, "move the cursor to the end", KS_ANY},
    {KC_CTRL('e'), ACT_LE_END, NULL, NULL, KS_ANY},
    {KC_CTRL('k'), ACT_LE_KILL_END, NULL, "delete everything from the cursor on", KS_ANY},
    {KC_CTRL('w'), ACT_LE_KILL_WORD, NULL, "delete the word before the cursor", KS_ANY},
    {KC_F(1), ACT_LE_HELP, NULL, "show this list of the keys for editing, the command line and lists", KS_ANY},
    {KC_F(10), ACT_LE_QUIT, NULL, "quit: a value or the notes being typed are kept first (a value that is refused stays, with the reason); the command line closes unrun; a prompt or a list says to answer or close it first", KS_ANY},
};

/* The `:` line's own keys, seen before the line editor's. */
static const KeyBinding command_keys[] = {
    {KC_TAB, ACT_CMD_COMPLETE, "Tab complete", "complete a command name, or a field key after set or goto", KS_ANY},
    {KC_BACKSPACE, ACT_CMD_CLOSE, NULL, "on an empty line: close the command line (else delete)", KS_ANY},
};

/* Lists (the file picker, the price book) and the help screen. */
static const KeyBinding dialog_keys[] = {
    {KC_UP, ACT_DLG_UP, NULL, "previous line", KS_ANY},
    {'k', ACT_DLG_UP, NULL, NULL, KS_ANY},
    {KC_DOWN, ACT_DLG_DOWN, NULL, "next line", KS_ANY},
    {'j', ACT_DLG_DOWN, NULL, NULL, KS_ANY},
    {KC_PGUP, ACT_DLG_PAGE_UP, NULL, "ten lines up", KS_ANY},
    {KC_PGDN, ACT_DLG_PAGE_DOWN, NULL, "ten lines down", KS_ANY},
    {KC_HOME, ACT_DLG_FIRST, NULL, "first line", KS_ANY},
    {KC_END, ACT_DLG_LAST, NULL, "last line", KS_ANY},
    {KC_ENTER, ACT_DLG_PICK, "Enter pick", "in a list: take the selected line", KS_ANY},
    {KC_ESC, ACT_DLG_CLOSE, "Esc close", "close the list or the help", KS_ANY},
    {'q', ACT_DLG_CLOSE, NULL, NULL, KS_ANY},
    {KC_F(1), ACT_DLG_CLOSE_HELP, NULL, "close the help screen", KS_ANY},
};

/* The notes editor's own keys, seen before the line editor's (whose
 * Left, Right, Home, End, Backspace, Delete, Ctrl-U, Ctrl-K and Ctrl-W work
 * within the line). */
static const KeyBinding notes_keys[] = {
    {KC_CTRL('s'), ACT_NE_FINISH, "Ctrl-S/Esc done", "finish: keep the notes as one change (u undoes the whole edit)", KS_ANY},
    {KC_ESC, ACT_NE_FINISH, NULL, NULL, KS_ANY},
    {KC_ENTER, ACT_NE_NEWLINE, "Enter new line", "start a new line", KS_ANY},
    {'\n', ACT_NE_NEWLINE, NULL, NULL, KS_ANY},
    {KC_UP, ACT_NE_UP, NULL, "the row above, at the same column", KS_ANY},
    {KC_DOWN, ACT_NE_DOWN, "Up/Down row", "the row below, at the same column", KS_ANY},
};

/* The `/` line's own keys, seen before the line editor's. */
static const KeyBinding search_keys[] = {
    {KC_ENTER, ACT_SRCH_KEEP, "Enter stay", "stay on the field found; n and N then go to the next and previous match", KS_ANY},
    {'\n', ACT_SRCH_KEEP, NULL, NULL, KS_ANY},
    {KC_ESC, ACT_SRCH_BACK, "Esc back", "back to the field the search started from", KS_ANY},
    {KC_DOWN, ACT_SRCH_NEXT, "Down next", "the next match", KS_ANY},
    {KC_UP, ACT_SRCH_PREV, "Up previous", "the previous match", KS_ANY},
};

#define TABLE(title, t) {title, t, sizeof t / sizeof t[0]}
const KeyTable key_tables[KM_COUNT] = {
    [KM_NORMAL] = {"Keys:", key_table, sizeof key_table / sizeof key_table[0]},
    [KM_EDIT] = TABLE("While editing a value (and on the command line, in prompts):", edit_keys),
    [KM_COMMAND] = TABLE("On the command line (after ':'):", command_keys),
    [KM_DIALOG] = TABLE("In a list and in this help:", dialog_keys),
    [KM_NOTES] = TABLE("In the notes editor (the editing keys above act within a line):", notes_keys),
    [KM_SEARCH] = TABLE("On the search line (after '/'; the editing keys above work too):", search_keys),
};

static Action table_lookup(const KeyTable *t, int key)
{
    for (size_t i = 0; i < t->count; i++)
        if (t->keys[i].key == key)
            return t->keys[i].action;
    return ACT_NONE;
}

Action keys_lookup(int key) { return table_lookup(&key_tables[KM_NORMAL], key); }

Action keys_lookup_mode(KeyMode m, int key)
{
    return m < KM_COUNT ? table_lookup(&key_tables[m], key) : ACT_NONE;
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

/* The labels of table t whose scope is `scope` (pass 0) or KS_ANY (pass
 * 1), appended to buf in table order; false once a label does not fit. */
/* The hint line's order (DESIGN 8: the most useful first, so that 80 columns
 * show undo, chart, `:`, quit, the field's help, search and save, and the
 * list panels' own keys before them; 132 the price book); labels of other
 * actions follow in table order. */
static const Action hint_first[] = {ACT_HELP,  ACT_UNDO,       ACT_CHART, ACT_COMMAND,
                                    ACT_QUIT,  ACT_FIELD_HELP, ACT_SEARCH, ACT_SAVE,
                                    ACT_PANEL_NEXT, ACT_EDIT,  ACT_NUDGE_DOWN, ACT_ZOOM,
                                    ACT_PRICES, ACT_OPEN, ACT_EXPORT, ACT_TOGGLE};

static size_t hint_rank(const KeyTable *t, size_t i)
{
    if (t == &key_tables[KM_NORMAL])
        for (size_t k = 0; k < sizeof hint_first / sizeof hint_first[0]; k++)
            if (t->keys[i].action == hint_first[k])
                return k;
    return sizeof hint_first / sizeof hint_first[0] + i;
}

static bool add_labels(const KeyTable *t, KeyScope scope, char *buf, size_t n, size_t *len,
                       int width)
{
    /* The labelled entries of the scope, by rank (a table holds a few
     * dozen: a selection pass per place is plenty). */
    size_t order[256], m = 0;
    for (size_t i = 0; i < t->count && m < sizeof order / sizeof order[0]; i++)
        if (t->keys[i].label && t->keys[i].scope == scope)
            order[m++] = i;
    for (size_t a = 0; a < m; a++)
        for (size_t b = a + 1; b < m; b++)
            if (hint_rank(t, order[b]) < hint_rank(t, order[a])) {
                size_t x = order[a];
                order[a] = order[b];
                order[b] = x;
            }
    for (size_t k = 0; k < m; k++) {
        size_t i = order[k];
        const char *label = t->keys[i].label;
        size_t need = strlen(label) + (*len ? 2 : 0);
        if ((width >= 0 && *len + need > (size_t)width) || *len + need + 1 > n)
            return false;
        *len += (size_t)snprintf(buf + *len, n - *len, "%s%s", *len ? "  " : "", label);
    }
    return true;
}

const char *keys_hint_line(char *buf, size_t n, int width, KeyScope scope)
{
    size_t len = 0;
    if (n == 0)
        return buf;
    buf[0] = '\0';
    /* The scope's own labels first (a list panel's shared ones before
     * them), then those shown everywhere. */
    const KeyTable *t = &key_tables[KM_NORMAL];
    bool room = true;
    if (scope == KS_HYBRID || scope == KS_RISK)
        room = add_labels(t, KS_LIST, buf, n, &len, width);
    if (room && scope != KS_ANY)
        room = add_labels(t, scope, buf, n, &len, width);
    if (room)
        add_labels(t, KS_ANY, buf, n, &len, width);
    return buf;
}

const char *keys_mode_hint_line(KeyMode m, char *buf, size_t n, int width)
{
    size_t len = 0;
    if (n == 0)
        return buf;
    buf[0] = '\0';
    if (m < KM_COUNT)
        add_labels(&key_tables[m], KS_ANY, buf, n, &len, width);
    return buf;
}

static bool is_digit_key(int k) { return k >= '0' && k <= '9'; }

static size_t table_help(const KeyTable *t, void (*emit)(const char *line, void *ctx),
                         void *ctx)
{
    size_t lines = 0;
    bool done[ACT_COUNT] = {false};
    const KeyBinding *kt = t->keys;
    for (size_t i = 0; i < t->count; i++) {
        Action a = kt[i].action;
        if (done[a])
            continue;
        done[a] = true;
        char keys[128] = "", name[32];
        size_t len = 0;
        const char *help = NULL;
        for (size_t j = i; j < t->count; j++) {
            if (kt[j].action != a)
                continue;
            if (!help && kt[j].help)
                help = kt[j].help;
            int k = kt[j].key;
            /* A run of digits reads as "0-9". */
            if (is_digit_key(k) && j > i && is_digit_key(kt[j - 1].key) &&
                kt[j - 1].action == a) {
                bool last = j + 1 >= t->count || kt[j + 1].action != a ||
                            !is_digit_key(kt[j + 1].key);
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

size_t keys_help_lines(void (*emit)(const char *line, void *ctx), void *ctx)
{
    return table_help(&key_tables[KM_NORMAL], emit, ctx);
}

size_t keys_modes_help_lines(void (*emit)(const char *line, void *ctx), void *ctx)
{
    size_t lines = 0;
    for (int m = KM_NORMAL + 1; m < KM_COUNT; m++) {
        if (lines) {
            emit("", ctx);
            lines++;
        }
        emit(key_tables[m].title, ctx);
        lines++;
        lines += table_help(&key_tables[m], emit, ctx);
    }
    return lines;
}

int keys_tables_check(const KeyTable *tables, size_t ntables, Diag *d)
{
    diag_clear(d, NULL);
    char name[32];
    int mode_of[ACT_COUNT];
    for (int a = 0; a < ACT_COUNT; a++)
        mode_of[a] = -1;
    for (size_t m = 0; m < ntables; m++) {
        const KeyTable *t = &tables[m];
        for (size_t i = 0; i < t->count; i++) {
            Action a = t->keys[i].action;
            if (a <= ACT_NONE || a >= ACT_COUNT) {
                diag_set(d, EXIT_DATAERR, 0, 0, NULL, "%s: key %s has no action",
                         t->title[0] ? t->title : "normal mode",
                         keys_name(t->keys[i].key, name, sizeof name));
                return EXIT_DATAERR;
            }
            if (mode_of[a] >= 0 && mode_of[a] != (int)m) {
                diag_set(d, EXIT_DATAERR, 0, 0, NULL, "action %d is bound in two modes", (int)a);
                return EXIT_DATAERR;
            }
            mode_of[a] = (int)m;
            for (size_t j = i + 1; j < t->count; j++)
                if (t->keys[i].key == t->keys[j].key) {
                    diag_set(d, EXIT_DATAERR, 0, 0, NULL, "%s: key %s is bound twice",
                             t->title[0] ? t->title : "normal mode",
                             keys_name(t->keys[i].key, name, sizeof name));
                    return EXIT_DATAERR;
                }
        }
        for (size_t i = 0; i < t->count; i++) {
            Action a = t->keys[i].action;
            bool helped = false;
            for (size_t j = 0; j < t->count; j++)
                if (t->keys[j].action == a && t->keys[j].help && t->keys[j].help[0])
                    helped = true;
            if (!helped) {
                diag_set(d, EXIT_DATAERR, 0, 0, NULL, "action %d (key %s) has no help sentence",
                         (int)a, keys_name(t->keys[i].key, name, sizeof name));
                return EXIT_DATAERR;
            }
        }
    }
    return 0;
}

int keys_table_check(Diag *d)
{
    if (keys_tables_check(key_tables, KM_COUNT, d) != 0)
        return EXIT_DATAERR;
    for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
        bool bound = false;
        for (int m = 0; m < KM_COUNT && !bound; m++)
            for (size_t i = 0; i < key_tables[m].count; i++)
                bound |= key_tables[m].keys[i].action == (Action)a;
        if (!bound) {
            diag_set(d, EXIT_DATAERR, 0, 0, NULL, "action %d has no key", a);
            return EXIT_DATAERR;
        }
    }
    return 0;
}

const char *keys_unknown_text(int key, char *buf, size_t n)
{
    /* The two bound printable keys nearest to it, by their character, with
     * what they do in a few words. */
    const KeyTable *t = &key_tables[KM_NORMAL];
    int best[2] = {-1, -1};
    for (size_t i = 0; i < t->count; i++) {
        int k = t->keys[i].key;
        if (k <= ' ' || k > '~' || (k >= '0' && k <= '9') || k == key ||
            t->keys[i].scope != KS_ANY)
            continue;
        int d = k > key ? k - key : key - k;
        for (int j = 0; j < 2; j++) {
            int b = best[j];
            int db = b < 0 ? 1 << 30 : (t->keys[b].key > key ? t->keys[b].key - key : key - t->keys[b].key);
            if (d < db) {
                if (j == 0)
                    best[1] = best[0];
                best[j] = (int)i;
                break;
            }
        }
    }
    char near[2][96];
    for (int j = 0; j < 2; j++) {
        near[j][0] = '\0';
        if (best[j] < 0)
            continue;
        const KeyBinding *b = &t->keys[best[j]];
        /* Its help (from the binding or its action's first binding). */
        const char *help = b->help;
        for (size_t i = 0; !help && i < t->count; i++)
            if (t->keys[i].action == b->action)
                help = t->keys[i].help;
        char what[64];
        snprintf(what, sizeof what, "%s", help ? help : "");
        char *cut = strpbrk(what, ":(,;");
        if (cut)
            *cut = '\0';
        size_t l = strlen(what);
        while (l > 0 && what[l - 1] == ' ')
            what[--l] = '\0';
        snprintf(near[j], sizeof near[j], "%c %s", b->key, what);
    }
    if (key > ' ' && key <= '~')
        snprintf(buf, n, "%c is not a key here; near it: %s%s%s (F1 lists all keys)", key,
                 near[0], near[1][0] ? ", " : "", near[1]);
    else
        snprintf(buf, n, "not a key here (F1 lists all keys)");
    return buf;
}
