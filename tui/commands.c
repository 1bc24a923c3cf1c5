/* commands.c: the `:` commands' table, their handlers, completion. */
#include "config.h"

#include "commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_name.h"
#include "compare_view.h"
#include "edit.h"
#include "export_dialog.h"
#include "files.h"
#include "recover_offer.h"
#include "hybrid_panel.h"
#include "keys.h"
#include "measure_cmd.h"
#include "price_picker.h"
#include "recover.h"
#include "risk_view.h"
#include "search.h"
#include "strbuf.h"
#include "text_rules.h"

/* ---- the handlers --------------------------------------------------------- */

static Reaction cmd_set(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed, (void)bang;
    char *eq = strchr(arg, '=');
    if (!eq)
        return msg_show(a, true, "set: expected KEY=VALUE, e.g. set utilization.measured_pct=70");
    *eq = '\0';
    return edit_set_key(a, text_trim(arg), text_trim(eq + 1));
}

static Reaction cmd_goto(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed, (void)bang;
    return search_goto(a, text_trim(arg));
}

static Reaction cmd_write(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed;
    Reaction r = R_NONE;
    if (*arg && files_refuse_not_regular(a, arg, &r))
        return r;
    if (*arg && !bang && files_other_exists(a, arg))
        return msg_show(a, true, "%s exists: w! %s replaces it", arg, arg);
    if (!*arg)
        return bang && a->doc.path[0] && !files_is_template(a)
                   ? files_save_path(a, a->doc.path, true)
                   : files_save(a);
    return files_save_path(a, arg, bang);
}

static Reaction cmd_write_quit(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed;
    Reaction nr = R_NONE;
    if (*arg && files_refuse_not_regular(a, arg, &nr))
        return nr;
    if (*arg && !bang && files_other_exists(a, arg))
        return msg_show(a, true, "%s exists: wq! %s replaces it", arg, arg);
    a->pending = PEND_QUIT;
    if (!*arg)
        return bang && a->doc.path[0] && !files_is_template(a)
                   ? files_save_path(a, a->doc.path, true)
                   : files_save(a);
    return files_save_path(a, arg, bang);
}

static Reaction cmd_edit(App *a, const char *typed, bool bang, char *arg)
{
    if (!*arg)
        return msg_show(a, true, "%s: expected a FILE to open", typed);
    if (doc_modified(&a->doc) && !bang)
        return msg_show(a, true, "unsaved changes: save with w, or drop them with e! %s", arg);
    char *path = cli_resolve_scenario(arg); /* or a shipped name */
    Reaction r = R_NONE;
    files_open(a, path, &r);
    free(path);
    return r;
}

static Reaction cmd_export(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed;
    return export_dialog_command(a, arg, bang);
}

static Reaction cmd_prices(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed, (void)bang;
    if (*arg)
        return msg_show(a, true, "prices takes no arguments");
    return price_picker_open(a);
}

static Reaction cmd_quit(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed, (void)arg;
    if (bang) {
        recover_offer_forget(a);
        return R_QUIT;
    }
    if (doc_modified(&a->doc))
        return msg_show(a, true, "unsaved changes: w saves them, q! drops them");
    return R_QUIT;
}

static Reaction cmd_seek(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed, (void)bang;
    return risk_view_seek(a, arg);
}

static Reaction cmd_measure(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed, (void)bang;
    return measure_cmd_run(a, arg);
}

static Reaction cmd_compare(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed, (void)bang;
    return compare_view_command(a, arg);
}

static Reaction cmd_diff(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed, (void)bang;
    return compare_view_diff(a, arg);
}

static Reaction cmd_help(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed, (void)bang, (void)arg;
    return commands_show_help(a);
}

/* The last messages, oldest first, in the help's scrolling box. */
static Reaction cmd_messages(App *a, const char *typed, bool bang, char *arg)
{
    (void)typed, (void)bang, (void)arg;
    size_t n = msg_log_count(a);
    char title[64];
    snprintf(title, sizeof title, "messages: the last %zu, oldest first (Esc closes)", n);
    dialog_text(&a->dlg, title);
    if (n == 0)
        dialog_help_line(&a->dlg, "no messages yet");
    for (size_t k = 0; k < n; k++)
        dialog_help_line(&a->dlg, msg_log_at(a, k));
    return R_ALL;
}

/* ---- the table ------------------------------------------------------------ */

/* Help-screen order. An alias repeats its command's handler. */
const Command command_table[] = {
    {"set", NULL, "set KEY=VALUE", "set a field, e.g. set hardware.nodes=8",
     false, CA_KEY, cmd_set},
    {"goto", NULL, "goto KEY", "select a field: its key, the key's last part (goto pue) or a near miss; Tab completes field keys", false, CA_KEY,
     cmd_goto},
    {"w", NULL, "w[!] [FILE]", "save (to FILE; w! replaces another file, or one changed "
     "on disk)", true, CA_NONE, cmd_write},
    {"e", NULL, "e[!] FILE", "open FILE or a shipped name (e! drops changes)", true,
     CA_NONE, cmd_edit},
    {"export", NULL, "export[!] FORMAT [FILE]", "write a report: text, md, html, json, csv "
     "(export! replaces FILE)", true, CA_NONE, cmd_export},
    {"seek", NULL, "seek KEY OPTION", "KEY's break-even value against OPTION",
     false, CA_KEY, cmd_seek},
    {"measure", NULL, "measure FILE...", "utilization from job records (sacct, pods, "
     "csv, activity) into the scenario", false, CA_NONE, cmd_measure},
    {"prices", NULL, "prices", "pick prices from the price book (as p does)", false,
     CA_NONE, cmd_prices},
    {"compare", NULL, "compare FILE|off", "open FILE (or a shipped name) read-only as B "
     "beside this scenario, A: its figures in the results (v switches A and B where one "
     "column fits), its curves in the cost chart; compare or compare off closes it",
     false, CA_NONE, cmd_compare},
    {"diff", NULL, "diff", "what changed since the file was opened: the inputs, old -> "
     "new, and the results that moved", false, CA_NONE, cmd_diff},
    {"q", NULL, "q[!]", "quit (q! drops unsaved changes)", true, CA_NONE, cmd_quit},
    {"wq", "x", "wq[!] [FILE], x", "save and quit", true, CA_NONE, cmd_write_quit},
    {"messages", NULL, "messages", "the last " MSG_LOG_MAX_TEXT " messages, whole", false,
     CA_NONE, cmd_messages},
    {"help", "h", "help, h", "this screen", false, CA_NONE, cmd_help},
};
const size_t command_count = sizeof command_table / sizeof command_table[0];

int commands_table_check(Diag *d)
{
    diag_clear(d, NULL);
    for (size_t i = 0; i < command_count; i++) {
        const Command *c = &command_table[i];
        if (!c->name || !c->name[0] || !c->usage || !c->usage[0] || !c->help ||
            !c->help[0] || !c->run) {
            diag_set(d, EXIT_DATAERR, 0, 0, NULL, "command %zu (%s) lacks a name, usage, help or handler", i,
                     c->name ? c->name : "?");
            return EXIT_DATAERR;
        }
        for (size_t j = i + 1; j < command_count; j++) {
            const Command *o = &command_table[j];
            const char *dup = strcmp(c->name, o->name) == 0                 ? c->name
                              : o->alias && strcmp(c->name, o->alias) == 0 ? c->name
                              : c->alias && strcmp(c->alias, o->name) == 0 ? c->alias
                              : c->alias && o->alias && strcmp(c->alias, o->alias) == 0
                                  ? c->alias
                                  : NULL;
            if (dup) {
                diag_set(d, EXIT_DATAERR, 0, 0, NULL, "command %s is in the table twice", dup);
                return EXIT_DATAERR;
            }
        }
    }
    return 0;
}

/* The command named `word` (NAME or, when it takes one, NAME!). */
static const Command *find_command(const char *word, bool *bang)
{
    size_t wl = strlen(word);
    *bang = false;
    for (size_t i = 0; i < command_count; i++) {
        const Command *c = &command_table[i];
        if (strcmp(c->name, word) == 0 || (c->alias && strcmp(c->alias, word) == 0))
            return c;
        if (c->bang && wl == strlen(c->name) + 1 && word[wl - 1] == '!' &&
            strncmp(c->name, word, wl - 1) == 0) {
            *bang = true;
            return c;
        }
    }
    return NULL;
}

Reaction commands_run(App *a, char *line)
{
    char *cmd = text_trim(line);
    char *arg = cmd;
    while (*arg && *arg != ' ')
        arg++;
    if (*arg)
        *arg++ = '\0';
    arg = text_trim(arg);
    if (*cmd == '\0')
        return R_NONE;
    bool bang;
    const Command *c = find_command(cmd, &bang);
    if (c)
        return c->run(a, cmd, bang, arg);
    /* What is near it: the commands that start with what was typed, else
     * the one a typing slip away (field_nearest, the one "did you mean"). */
    char names[256] = "", near[128] = "";
    size_t len = 0, nl = 0;
    const char *all[64];
    size_t n = command_count < 64 ? command_count : 64;
    for (size_t i = 0; i < n; i++) {
        all[i] = command_table[i].name;
        if (len < sizeof names)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s",
                                    len ? ", " : "", all[i]);
        if (strncmp(all[i], cmd, strlen(cmd)) == 0 && nl < sizeof near)
            nl += (size_t)snprintf(near + nl, sizeof near - nl, "%s%s", nl ? " or " : "",
                                   all[i]);
    }
    const char *slip = nl ? NULL : field_nearest(cmd, all, n);
    if (slip)
        snprintf(near, sizeof near, "%s", slip);
    if (near[0])
        return msg_show(a, true, "unknown command '%s': did you mean %s? (commands: %s)", cmd,
                       near, names);
    return msg_show(a, true, "unknown command '%s' (commands: %s; Tab completes them)", cmd,
                   names);
}

Reaction commands_show_help(App *a)
{
    dialog_help(&a->dlg);
    dialog_help_line(&a->dlg, "");
    dialog_help_line(&a->dlg, "Commands (after ':'; Tab completes):");
    for (size_t i = 0; i < command_count; i++) {
        char line[256];
        snprintf(line, sizeof line, "  %-20s %s", command_table[i].usage,
                 command_table[i].help);
        dialog_help_line(&a->dlg, line);
    }
    dialog_help_line(&a->dlg, "F1 while editing or on the command line lists the keys there.");
    return R_ALL;
}

/* ---- completion ----------------------------------------------------------- */

/* The candidates matching `word`, from `count` names got by name(i, ctx):
 * the line becomes prefix + their longest common start (+ `after` when one
 * matches); several are listed on the status line. */
static Reaction complete_from(App *a, size_t prefix, const char *word, size_t count,
                              const char *(*name)(size_t i, void *ctx), void *ctx,
                              const char *after, const char *what)
{
    LineEdit *e = &a->cmd;
    size_t wl = strlen(word), matches = 0, common = 0;
    const char *first = NULL;
    char list[MSG_MAX] = "";
    size_t ll = 0;
    for (size_t i = 0; i < count; i++) {
        const char *k = name(i, ctx);
        if (!k || strncmp(k, word, wl) != 0)
            continue;
        if (!first) {
            first = k;
            common = strlen(k);
        } else {
            size_t c = 0;
            while (c < common && k[c] == first[c])
                c++;
            common = c;
        }
        if (ll < sizeof list)
            ll += (size_t)snprintf(list + ll, sizeof list - ll, "%s%s", ll ? " " : "", k);
        matches++;
    }
    if (!matches)
        return msg_show(a, true, "no %s starts with '%s'", what, word);
    /* A list's key stops at its index ("uncertainty.inputs["): the item's
     * number comes next, not what follows a whole name. */
    bool index_next = matches == 1 && common > 0 && first[common - 1] == '[';
    char text[LINE_EDIT_MAX];
    snprintf(text, sizeof text, "%.*s%.*s%s", (int)prefix, e->text, (int)common, first,
             matches == 1 && !index_next ? after : "");
    line_edit_init(e, text);
    Reaction r = R_LINE;
    if (matches > 1)
        r |= msg_show(a, false, "%s", msg_fit(list, sizeof list, ll));
    else if (index_next)
        r |= msg_show(a, false, "type the item's number (from 0), then ].KEY; Tab "
                     "completes the KEY");
    return r;
}

/* The registry's keys as completions of the word typed: a list's rows
 * with the item the word names (field_complete_key); NULL for a repeat of
 * the row before ("hybrid.workloads[" once). */
typedef struct KeyNames {
    const char *word;
    char (*keys)[FIELD_PATH_MAX]; /* field_count of them */
} KeyNames;

static const char *field_key_name(size_t i, void *ctx)
{
    KeyNames *k = ctx;
    field_complete_key(&field_table[i], k->word, k->keys[i], FIELD_PATH_MAX);
    if (i > 0 && strcmp(k->keys[i], k->keys[i - 1]) == 0)
        return NULL;
    return k->keys[i];
}

static const char *command_name(size_t i, void *ctx)
{
    (void)ctx;
    return command_table[i].name;
}

static Reaction complete(App *a)
{
    const char *text = a->cmd.text;
    const char *space = strchr(text, ' ');
    if (!space)
        return complete_from(a, 0, text, command_count, command_name, NULL, " ",
                             "command");
    bool dummy;
    char word[32];
    snprintf(word, sizeof word, "%.*s", (int)(space - text), text);
    const Command *c = find_command(word, &dummy);
    const char *arg = space + 1;
    if (!c || c->args != CA_KEY || strchr(arg, '='))
        return msg_show(a, false, "Tab completes command names, and field keys after "
                       "'set ' or 'goto '");
    while (*arg == ' ')
        arg++;
    KeyNames k = {arg, xmalloc(field_count * sizeof *k.keys)};
    Reaction r = complete_from(a, (size_t)(arg - text), arg, field_count, field_key_name,
                               &k, strcmp(c->name, "set") == 0 ? "=" : "", "field key");
    free(k.keys);
    return r;
}

/* ---- the line ------------------------------------------------------------- */

Reaction commands_open(App *a)
{
    a->mode = MODE_COMMAND;
    line_edit_init(&a->cmd, NULL);
    return R_LINE;
}

Reaction commands_key(App *a, int key)
{
    switch (keys_lookup_mode(KM_EDIT, key)) {
    case ACT_LE_HELP:
        dialog_help_modes(&a->dlg); /* the keys of editing and lists */
        return R_ALL;
    case ACT_LE_QUIT: /* the line is closed unrun; the quit asks as ever */
        a->mode = MODE_NORMAL;
        return R_LINE | files_guard(a, PEND_QUIT);
    default:
        break;
    }
    switch (keys_lookup_mode(KM_COMMAND, key)) {
    case ACT_CMD_COMPLETE:
        return complete(a);
    case ACT_CMD_CLOSE:
        if (a->cmd.len == 0) {
            a->mode = MODE_NORMAL;
            return R_LINE;
        }
        break;
    default:
        break;
    }
    switch (line_edit_handle_key(&a->cmd, key)) {
    case LE_COMMITTED: {
        char line[LINE_EDIT_MAX];
        snprintf(line, sizeof line, "%s", a->cmd.text);
        a->mode = MODE_NORMAL;
        return R_LINE | msg_clear(a) | commands_run(a, line);
    }
    case LE_CANCELLED:
        a->mode = MODE_NORMAL;
        return R_LINE;
    default:
        return R_LINE;
    }
}
