/* dialog.h: the planner's prompts (DESIGN 8): a text prompt on the bottom
 * line (save path, export path), a one-key choice (quit: save / discard /
 * cancel; the recovery offer; the export format), the lists (files, the
 * price book) and the help screen as overlays.
 *
 * A dialog is a value in the application state, not a loop of its own: the
 * main loop hands it keys and it says what happened, so signals and resizes
 * are handled the same way while a dialog is open. */
#ifndef GPUPLAN_DIALOG_H
#define GPUPLAN_DIALOG_H

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

#include "line_edit.h"

typedef enum DialogKind {
    DLG_NONE,
    DLG_PROMPT, /* text on the bottom line */
    DLG_CHOICE, /* one key out of `keys` */
    DLG_PICKER, /* a list of files */
    DLG_HELP    /* the help screen, scrolled */
} DialogKind;

typedef enum DialogResult {
    DR_NONE,    /* key used, the dialog stays */
    DR_DONE,    /* answered: see text / choice / the selected item */
    DR_CANCEL   /* Esc */
} DialogResult;

typedef struct Dialog {
    DialogKind kind;
    int purpose;         /* the caller's tag: what the answer is for */
    char question[512];  /* prompt text, choice question, picker title */
    char keys[16];       /* DLG_CHOICE: accepted keys, lower case ("sdc");
                          * DLG_PICKER: keys that answer besides Enter, as
                          * typed ("dD"; dialog_list_keys) */
    int choice;          /* DLG_CHOICE: the key chosen; DLG_PICKER: the key
                          * of `keys` that answered, 0 for Enter */
    LineEdit edit;       /* DLG_PROMPT */
    char header[256];    /* DLG_PICKER: column titles above the rows, "" = none */
    char empty[80];      /* DLG_PICKER: what is shown when there are no rows */
    char **items;        /* DLG_PICKER: full paths (or the caller's item);
                          * DLG_HELP: lines */
    char **labels;       /* DLG_PICKER: what is shown */
    char *footer;        /* DLG_PICKER: a note under the rows, NULL = none */
    size_t count, sel, top;
    char **raw;          /* DLG_HELP: the lines as given, before wrapping */
    size_t *origin;      /* DLG_HELP: for each of items, its line in raw */
    bool prose;          /* DLG_HELP: wrapped lines go on at the left edge */
    size_t nraw;
    int wrap;            /* DLG_HELP: the width items are wrapped to */
} Dialog;

/* Open a prompt with `initial` text, a choice, a picker or the help
 * screen. Any dialog already open in d is closed first. */
void dialog_prompt(Dialog *d, int purpose, const char *question,
                   const char *initial);
void dialog_choice(Dialog *d, int purpose, const char *question,
                   const char *keys);
/* The help screen: the normal mode's keys, generated from its key table
 * (keys.h); dialog_help_modes: the other modes' keys (editing, the command
 * line, lists). dialog_help_line appends a line (wrapped to the box's
 * text width when drawn, again on a resize), as the `:` commands' table
 * does. */
void dialog_help(Dialog *d);
void dialog_help_modes(Dialog *d);
void dialog_help_line(Dialog *d, const char *line);
/* The same scrolling box, empty, titled `title` (for :messages). */
void dialog_text(Dialog *d, const char *title);
/* The same for prose (a field's help): a wrapped line goes on at the
 * box's left edge, not under a column of keys. */
void dialog_prose(Dialog *d, const char *title);

/* A picker over rows the caller supplies (the price book): opens an empty
 * list titled `title`, with the column titles `header` (NULL = none) above
 * the rows and `empty` shown while it has none. dialog_list_add appends a
 * row: `label` is shown, `item` is what items[sel] holds once Enter picks
 * it; both are copied. */
void dialog_list(Dialog *d, int purpose, const char *title, const char *header,
                 const char *empty);
void dialog_list_add(Dialog *d, const char *label, const char *item);
/* A note under the open list's rows (`text` copied, shown visibly and
 * word-wrapped in up to three rows, a third of the box at most, ending in
 * the ellipsis when it does not fit); NULL or "" removes it. */
void dialog_list_footer(Dialog *d, const char *text);
/* Let the letters of `keys` (case counts) answer the open list too, with
 * the selected row: choice is the letter (a list of files to act on). */
void dialog_list_keys(Dialog *d, const char *keys);

/* Release what the dialog holds and set it to DLG_NONE. */
void dialog_close(Dialog *d);

/* Feed one key; the answer is in d (edit.text, choice, items[sel]). */
DialogResult dialog_handle_key(Dialog *d, int key);

/* Draw a prompt or choice into the bottom line window `line`; a picker or
 * the help screen as an overlay window over the screen (rows x cols). */
void dialog_draw(Dialog *d, WINDOW *line, int rows, int cols);

#endif
