/* notes_edit.h: the multi-line editor of the scenario's notes (DESIGN 8), as
 * a plain struct without a terminal (HACKING 4), like line_edit.h.
 *
 * The text is UTF-8 with line breaks. It is shown word-wrapped to a width
 * the caller gives; the cursor moves by whole characters (a combining mark
 * stays with its letter), Up and Down by wrapped rows keeping the column,
 * Home and End to the ends of the line. Control characters other than the
 * line break (a tab from a file) are shown visibly (`\x09`, text_rules.h)
 * and count the columns they are shown in. Typing stops at the field's
 * maximum length. Finishing keeps the text: the caller commits it as one
 * change (one undo step), so nothing typed is ever lost silently. */
#ifndef GPUPLAN_NOTES_EDIT_H
#define GPUPLAN_NOTES_EDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "line_edit.h" /* LINE_EDIT_MAX */

typedef struct NotesEdit {
    char text[LINE_EDIT_MAX];
    size_t len;       /* bytes in text */
    size_t cursor;    /* byte offset, always at a character boundary */
    size_t max_chars; /* the field's maximum length, in characters */
    int goal;         /* the column Up and Down keep; -1: the cursor's */
    bool final_break; /* the text given to notes_edit_init ended in a line break */
} NotesEdit;

typedef enum NotesEditResult {
    NE_NONE,     /* key used without a change (the cursor moved) or ignored */
    NE_CHANGED,  /* the text changed */
    NE_FULL,     /* a character was refused: the text is at its maximum */
    NE_FINISHED, /* Ctrl-S or Esc: keep the text and close the editor */
    NE_HELP      /* F1: the caller shows the editing keys */
} NotesEditResult;

/* One wrapped row: the bytes [start, end) of text, without the line break
 * that may follow. */
typedef struct NotesRow {
    size_t start, end;
} NotesRow;

/* Start editing `text` (NULL = empty) with the cursor at its start; at
 * most max_chars characters may be typed (text longer than the buffer is
 * cut at a character boundary). */
void notes_edit_init(NotesEdit *e, const char *text, size_t max_chars);

/* Apply one key (keys.h codes) with the text wrapped at `width` columns
 * (the keys of KM_NOTES, then the line editor's KM_EDIT ones: printable
 * characters insert, Enter breaks the line, Backspace and Delete join
 * lines at their ends, Ctrl-U/Ctrl-K/Ctrl-W delete within the line). */
NotesEditResult notes_edit_handle_key(NotesEdit *e, int key, int width);

/* The wrapped rows of the text at `width` columns (at least 1) into rows
 * (at most max); returns how many there are (may exceed max). An empty
 * line is one empty row; words move whole to the next row when they fit
 * there. */
size_t notes_edit_rows(const NotesEdit *e, int width, NotesRow *rows, size_t max);

/* The wrapped row (index into notes_edit_rows) and display column of the
 * cursor at `width`. */
size_t notes_edit_cursor(const NotesEdit *e, int width, int *col);

/* Row r of the text as shown: control characters made visible, into out
 * (n bytes, NUL-terminated). Returns out. */
const char *notes_edit_row_text(const NotesEdit *e, NotesRow r, char *out, size_t n);

/* The text to keep when the editor finishes: the text as edited, with the
 * final line break put back when the text it was opened on ended in one
 * and the edit took it away (text left empty stays empty). That break is
 * how a file's `notes: |` block ends; it shows as an empty last row, and
 * typing on that row must not turn the block into `|-`. Returns e->text. */
const char *notes_edit_result(NotesEdit *e);

/* Characters in the text and its line count (1 for an empty text). */
size_t notes_edit_chars(const NotesEdit *e);
size_t notes_edit_lines(const NotesEdit *e);

#endif
