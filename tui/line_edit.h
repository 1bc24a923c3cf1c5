/* line_edit.h: a one-line text editor as a plain struct (HACKING 4).
 *
 * Used for editing a field in place, the `:` command line and the dialog
 * prompts. It knows nothing of curses: feed it key codes from keys.h and it
 * says whether the text changed, was committed (Enter) or cancelled (Esc).
 * The text is UTF-8; the cursor moves by whole characters, a combining
 * mark with the letter it marks. */
#ifndef GPUPLAN_LINE_EDIT_H
#define GPUPLAN_LINE_EDIT_H

#include <stdbool.h>
#include <stddef.h>

/* bytes, terminator included: room for the longest text field (notes,
 * 4,000 characters of up to 4 bytes) so editing never cuts a value */
#define LINE_EDIT_MAX 16384

typedef struct LineEdit {
    char text[LINE_EDIT_MAX];
    size_t len;    /* bytes in text */
    size_t cursor; /* byte offset, always at a code point boundary */
} LineEdit;

typedef enum LineEditResult {
    LE_NONE,      /* key used, nothing changed (cursor moves) or ignored */
    LE_CHANGED,   /* the text changed */
    LE_COMMITTED, /* Enter */
    LE_CANCELLED  /* Esc */
} LineEditResult;

/* Start editing `text` (NULL = empty) with the cursor at its end. Text
 * longer than the buffer is cut at a code point boundary. */
void line_edit_init(LineEdit *e, const char *text);

/* Apply one key: printable code points insert; Backspace, Delete, Left,
 * Right, Home/Ctrl-A, End/Ctrl-E, Ctrl-U (clear to start), Ctrl-K (clear to
 * end), Ctrl-W (delete word) edit; Enter commits; Esc and Ctrl-G cancel. */
LineEditResult line_edit_handle_key(LineEdit *e, int key);

/* The cursor's screen column: display columns of the text before it (a
 * wide character takes two, a combining mark none; utf8.h). */
size_t line_edit_cursor_col(const LineEdit *e);

/* The primitives the notes editor (notes_edit.c) shares with this one,
 * on a text buffer of LINE_EDIT_MAX bytes holding *len bytes: */

/* Copy `from` (NULL = empty) into text, cut at a code point boundary when
 * it is longer than the buffer; returns its length. */
size_t line_edit_copy(char *text, const char *from);

/* Remove bytes [from, to). */
void line_edit_remove(char *text, size_t *len, size_t from, size_t to);

/* Insert code point cp at byte `at`; false (nothing changed) when it does
 * not encode or the buffer is full. *n gets its length in bytes. */
bool line_edit_put(char *text, size_t *len, size_t at, int cp, size_t *n);

/* True for a key that types a character: a printable code point (no
 * control, no surrogate, no KC_ key). */
bool line_edit_printable(int key);

/* Where the word before `at` starts: back over blanks, then over what is
 * not a blank or a line break (Ctrl-W). */
size_t line_edit_word_start(const char *text, size_t at);

#endif
