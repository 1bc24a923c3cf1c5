/* line_edit.c: the planner's one-line editor, without a terminal. */
#include "config.h"

#include "line_edit.h"

#include <stdbool.h>
#include <string.h>

#include "keys.h"
#include "utf8.h"

void line_edit_init(LineEdit *e, const char *text)
{
    size_t n = text ? strlen(text) : 0;
    if (n > LINE_EDIT_MAX - 1)
        n = utf8_floor(text, n, LINE_EDIT_MAX - 1);
    if (n)
        memcpy(e->text, text, n);
    e->text[n] = '\0';
    e->len = e->cursor = n;
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

/* Remove bytes [from, to). */
static void erase(LineEdit *e, size_t from, size_t to)
{
    memmove(e->text + from, e->text + to, e->len - to + 1);
    e->len -= to - from;
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
        size_t at = e->cursor;
        while (at > 0 && e->text[at - 1] == ' ')
            at--;
        while (at > 0 && e->text[at - 1] != ' ')
            at--;
        if (at == e->cursor)
            return LE_NONE;
        erase(e, at, e->cursor);
        return LE_CHANGED;
    }
    default:
        break;
    }
    /* Printable code points only: no controls, no surrogates, no KC_ keys. */
    if (key < 32 || key == 127 || (key >= 0x80 && key < 0xA0) ||
        (key >= 0xD800 && key <= 0xDFFF) || key >= KC_BASE)
        return LE_NONE;
    char enc[4];
    size_t n = utf8_encode((uint32_t)key, enc);
    if (n == 0 || e->len + n > LINE_EDIT_MAX - 1)
        return LE_NONE;
    memmove(e->text + e->cursor + n, e->text + e->cursor, e->len - e->cursor + 1);
    memcpy(e->text + e->cursor, enc, n);
    e->len += n;
    e->cursor += n;
    return LE_CHANGED;
}

size_t line_edit_cursor_col(const LineEdit *e)
{
    return (size_t)utf8_width_n(e->text, e->cursor);
}
