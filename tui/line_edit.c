/* line_edit.c: the planner's one-line editor, without a terminal. */
#include "config.h"

#include "line_edit.h"

#include <stdbool.h>
#include <string.h>

#include "keys.h"
#include "utf8.h"

size_t line_edit_copy(char *text, const char *from)
{
    size_t n = from ? strlen(from) : 0;
    if (n > LINE_EDIT_MAX - 1)
        n = utf8_floor(from, n, LINE_EDIT_MAX - 1);
    if (n)
        memcpy(text, from, n);
    text[n] = '\0';
    return n;
}

void line_edit_remove(char *text, size_t *len, size_t from, size_t to)
{
    memmove(text + from, text + to, *len - to + 1);
    *len -= to - from;
}

bool line_edit_put(char *text, size_t *len, size_t at, int cp, size_t *n)
{
    char enc[4];
    *n = utf8_encode((uint32_t)cp, enc);
    if (*n == 0 || *len + *n > LINE_EDIT_MAX - 1)
        return false;
    memmove(text + at + *n, text + at, *len - at + 1);
    memcpy(text + at, enc, *n);
    *len += *n;
    return true;
}

bool line_edit_printable(int key)
{
    return !(key < 32 || key == 127 || (key >= 0x80 && key < 0xA0) ||
             (key >= 0xD800 && key <= 0xDFFF) || key >= KC_BASE);
}

size_t line_edit_word_start(const char *text, size_t at)
{
    while (at > 0 && text[at - 1] == ' ')
        at--;
    while (at > 0 && text[at - 1] != ' ' && text[at - 1] != '\n')
        at--;
    return at;
}

void line_edit_init(LineEdit *e, const char *text)
{
    e->len = e->cursor = line_edit_copy(e->text, text);
}

/* The cursor moves over a character with its combining marks. */
static size_t prev_boundary(const LineEdit *e, size_t at)
{
    return utf8_prev_cluster(e->text, at);
}

static size_t next_boundary(const LineEdit *e, size_t at)
{
    return utf8_next_cluster(e->text, e->len, at);
}

/* Remove bytes [from, to) and put the cursor there. */
static void erase(LineEdit *e, size_t from, size_t to)
{
    line_edit_remove(e->text, &e->len, from, to);
    e->cursor = from;
}

LineEditResult line_edit_handle_key(LineEdit *e, int key)
{
    switch (keys_lookup_mode(KM_EDIT, key)) {
    case ACT_LE_COMMIT:
        return LE_COMMITTED;
    case ACT_LE_CANCEL:
        return LE_CANCELLED;
    case ACT_LE_BACKSPACE:
        if (e->cursor == 0)
            return LE_NONE;
        erase(e, prev_boundary(e, e->cursor), e->cursor);
        return LE_CHANGED;
    case ACT_LE_DELETE:
        if (e->cursor >= e->len)
            return LE_NONE;
        erase(e, e->cursor, next_boundary(e, e->cursor));
        return LE_CHANGED;
    case ACT_LE_LEFT:
        e->cursor = prev_boundary(e, e->cursor);
        return LE_NONE;
    case ACT_LE_RIGHT:
        e->cursor = next_boundary(e, e->cursor);
        return LE_NONE;
    case ACT_LE_HOME:
        e->cursor = 0;
        return LE_NONE;
    case ACT_LE_END:
        e->cursor = e->len;
        return LE_NONE;
    case ACT_LE_KILL_START:
        if (e->cursor == 0)
            return LE_NONE;
        erase(e, 0, e->cursor);
        return LE_CHANGED;
    case ACT_LE_KILL_END:
        if (e->cursor >= e->len)
            return LE_NONE;
        e->text[e->cursor] = '\0';
        e->len = e->cursor;
        return LE_CHANGED;
    case ACT_LE_KILL_WORD: {
        size_t at = line_edit_word_start(e->text, e->cursor);
        if (at == e->cursor)
            return LE_NONE;
        erase(e, at, e->cursor);
        return LE_CHANGED;
    }
    default:
        break;
    }
    size_t n;
    if (!line_edit_printable(key) || !line_edit_put(e->text, &e->len, e->cursor, key, &n))
        return LE_NONE;
    e->cursor += n;
    return LE_CHANGED;
}

size_t line_edit_cursor_col(const LineEdit *e)
{
    return (size_t)utf8_width_n(e->text, e->cursor);
}
