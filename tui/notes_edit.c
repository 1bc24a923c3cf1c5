/* notes_edit.c: the multi-line notes editor, without a terminal. */
#include "config.h"

#include "notes_edit.h"

#include <string.h>

#include "keys.h"
#include "text_rules.h"
#include "utf8.h"

void notes_edit_init(NotesEdit *e, const char *text, size_t max_chars)
{
    e->len = line_edit_copy(e->text, text);
    e->cursor = 0;
    e->max_chars = max_chars;
    e->goal = -1;
    e->final_break = e->len > 0 && e->text[e->len - 1] == '\n';
}

const char *notes_edit_result(NotesEdit *e)
{
    if (e->final_break && e->len > 0 && e->text[e->len - 1] != '\n' &&
        e->len + 1 < LINE_EDIT_MAX && notes_edit_chars(e) < e->max_chars) {
        e->text[e->len++] = '\n';
        e->text[e->len] = '\0';
    }
    return e->text;
}

size_t notes_edit_chars(const NotesEdit *e) { return utf8_count(e->text, e->len); }

size_t notes_edit_lines(const NotesEdit *e)
{
    size_t n = 1;
    for (size_t i = 0; i < e->len; i++)
        n += e->text[i] == '\n';
    return n;
}

/* The end of the character cluster at `at` (never past a line break: the
 * break is a cluster of its own). */
static size_t next_cluster(const NotesEdit *e, size_t at)
{
    if (at < e->len && e->text[at] == '\n')
        return at + 1;
    size_t n = utf8_next_cluster(e->text, e->len, at);
    const char *nl = memchr(e->text + at, '\n', n - at);
    return nl && nl > e->text + at ? (size_t)(nl - e->text) : n;
}

/* Display columns of bytes [from, to) (no line break inside), as shown:
 * control characters in their visible form. */
static int span_width(const NotesEdit *e, size_t from, size_t to)
{
    if (!text_needs_escape(e->text + from, to - from, false))
        return utf8_width_n(e->text + from, to - from);
    char vis[LINE_EDIT_MAX * 6 + 1];
    text_visible(e->text + from, to - from, false, vis, sizeof vis);
    return utf8_width(vis);
}

/* The end of the wrapped row that starts at `pos` in the line ending at
 * `le`: as many clusters as fit `width`, cut after the last blank when a
 * word would be split; at least one cluster. */
static size_t row_end(const NotesEdit *e, size_t pos, size_t le, int width)
{
    size_t at = pos, after_blank = pos;
    int w = 0;
    while (at < le) {
        size_t c = next_cluster(e, at);
        int cw = span_width(e, at, c);
        if (w + cw > width)
            break;
        w += cw;
        if (e->text[at] == ' ')
            after_blank = c;
        at = c;
    }
    if (at >= le)
        return le;
    if (at == pos)
        return next_cluster(e, pos); /* one character wider than the row */
    return after_blank > pos ? after_blank : at;
}

size_t notes_edit_rows(const NotesEdit *e, int width, NotesRow *rows, size_t max)
{
    if (width < 1)
        width = 1;
    size_t n = 0, ls = 0;
    for (;;) {
        const char *nl = memchr(e->text + ls, '\n', e->len - ls);
        size_t le = nl ? (size_t)(nl - e->text) : e->len;
        size_t pos = ls;
        do {
            size_t end = row_end(e, pos, le, width);
            if (n < max)
                rows[n] = (NotesRow){pos, end};
            n++;
            pos = end;
        } while (pos < le);
        if (!nl)
            return n;
        ls = le + 1;
    }
}

/* True when row r ends its line (the cursor may then sit at r.end). */
static bool row_ends_line(const NotesEdit *e, NotesRow r)
{
    return r.end >= e->len || e->text[r.end] == '\n';
}

/* The rows, in a buffer as large as the text can need. */
static size_t all_rows(const NotesEdit *e, int width, NotesRow *rows)
{
    return notes_edit_rows(e, width, rows, LINE_EDIT_MAX);
}

static size_t cursor_row(const NotesEdit *e, const NotesRow *rows, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (e->cursor >= rows[i].start &&
            (e->cursor < rows[i].end || (e->cursor == rows[i].end && row_ends_line(e, rows[i]))))
            return i;
    return n ? n - 1 : 0;
}

size_t notes_edit_cursor(const NotesEdit *e, int width, int *col)
{
    static NotesRow rows[LINE_EDIT_MAX];
    size_t n = all_rows(e, width, rows);
    size_t r = cursor_row(e, rows, n);
    *col = span_width(e, rows[r].start, e->cursor);
    return r;
}

const char *notes_edit_row_text(const NotesEdit *e, NotesRow r, char *out, size_t n)
{
    text_visible(e->text + r.start, r.end - r.start, false, out, n);
    return out;
}

/* Up (dir -1) or Down (+1) by one wrapped row, to the column kept in goal. */
static void move_row(NotesEdit *e, int dir, int width)
{
    static NotesRow rows[LINE_EDIT_MAX];
    size_t n = all_rows(e, width, rows);
    size_t r = cursor_row(e, rows, n);
    if (e->goal < 0)
        e->goal = span_width(e, rows[r].start, e->cursor);
    if ((dir < 0 && r == 0) || (dir > 0 && r + 1 >= n)) {
        e->cursor = dir < 0 ? 0 : e->len; /* past the first or last row: its end */
        return;
    }
    NotesRow t = rows[dir < 0 ? r - 1 : r + 1];
    size_t at = t.start;
    int w = 0;
    while (at < t.end) {
        size_t c = next_cluster(e, at);
        int cw = span_width(e, at, c);
        if (w + cw > e->goal || (c == t.end && !row_ends_line(e, t)))
            break;
        w += cw;
        at = c;
    }
    e->cursor = at;
}

static size_t line_start(const NotesEdit *e, size_t at)
{
    while (at > 0 && e->text[at - 1] != '\n')
        at--;
    return at;
}

static size_t line_end(const NotesEdit *e, size_t at)
{
    const char *nl = memchr(e->text + at, '\n', e->len - at);
    return nl ? (size_t)(nl - e->text) : e->len;
}

/* Remove bytes [from, to) and put the cursor there. */
static NotesEditResult erase(NotesEdit *e, size_t from, size_t to)
{
    if (from >= to)
        return NE_NONE;
    line_edit_remove(e->text, &e->len, from, to);
    e->cursor = from;
    return NE_CHANGED;
}

/* Insert code point cp at the cursor, within the field's length. */
static NotesEditResult insert(NotesEdit *e, int cp)
{
    size_t n;
    if (notes_edit_chars(e) + 1 > e->max_chars)
        return NE_FULL;
    if (!line_edit_put(e->text, &e->len, e->cursor, cp, &n))
        return n == 0 ? NE_NONE : NE_FULL;
    e->cursor += n;
    return NE_CHANGED;
}

NotesEditResult notes_edit_handle_key(NotesEdit *e, int key, int width)
{
    Action act = keys_lookup_mode(KM_NOTES, key);
    if (act == ACT_NONE)
        act = keys_lookup_mode(KM_EDIT, key);
    if (act != ACT_NE_UP && act != ACT_NE_DOWN)
        e->goal = -1;
    switch (act) {
    case ACT_NE_FINISH:
        return NE_FINISHED;
    case ACT_NE_NEWLINE:
        return insert(e, '\n');
    case ACT_NE_UP:
    case ACT_NE_DOWN:
        move_row(e, act == ACT_NE_UP ? -1 : 1, width);
        return NE_NONE;
    case ACT_LE_HELP:
        return NE_HELP;
    case ACT_LE_BACKSPACE:
        return e->cursor == 0 ? NE_NONE
                              : erase(e, utf8_prev_cluster(e->text, e->cursor), e->cursor);
    case ACT_LE_DELETE:
        return e->cursor >= e->len ? NE_NONE : erase(e, e->cursor, next_cluster(e, e->cursor));
    case ACT_LE_LEFT:
        e->cursor = utf8_prev_cluster(e->text, e->cursor);
        return NE_NONE;
    case ACT_LE_RIGHT:
        e->cursor = next_cluster(e, e->cursor);
        return NE_NONE;
    case ACT_LE_HOME:
        e->cursor = line_start(e, e->cursor);
        return NE_NONE;
    case ACT_LE_END:
        e->cursor = line_end(e, e->cursor);
        return NE_NONE;
    case ACT_LE_KILL_START:
        return erase(e, line_start(e, e->cursor), e->cursor);
    case ACT_LE_KILL_END: {
        /* At the end of a line it joins the next one, as Delete does. */
        size_t end = line_end(e, e->cursor);
        return erase(e, e->cursor, end > e->cursor ? end : next_cluster(e, e->cursor));
    }
    case ACT_LE_KILL_WORD:
        return erase(e, line_edit_word_start(e->text, e->cursor), e->cursor);
    case ACT_NONE:
        break;
    default:
        return NE_NONE; /* the line editor's Enter and Esc are bound here */
    }
    if (!line_edit_printable(key) || text_forbidden_cp((unsigned long)key))
        return NE_NONE;
    return insert(e, key);
}
