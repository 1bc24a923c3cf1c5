/* dialog.c: prompts, choices, the file picker and the help screen. */
#include "config.h"

#include "dialog.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "scroll_mark.h"
#include "msg.h"
#include "strbuf.h"
#include "term.h"
#include "text_rules.h"
#include "utf8.h"

void dialog_close(Dialog *d)
{
    for (size_t i = 0; i < d->count; i++) {
        if (d->items)
            free(d->items[i]);
        if (d->labels)
            free(d->labels[i]);
    }
    free(d->items);
    free(d->labels);
    for (size_t i = 0; i < d->nraw; i++)
        free(d->raw[i]);
    free(d->raw);
    free(d->origin);
    free(d->footer);
    memset(d, 0, sizeof *d);
    d->kind = DLG_NONE;
}

/* A copy of s with its control characters shown visibly: file names and
 * price-book texts are data, never terminal control (DESIGN 7, 8). */
static char *visible_dup(const char *s)
{
    size_t need = text_visible(s, strlen(s), false, NULL, 0);
    char *v = xmalloc(need + 1);
    text_visible(s, strlen(s), false, v, need + 1);
    return v;
}

/* question = q, shown visibly (it may quote a file name); one too long
 * for the buffer ends in the ellipsis. */
static void set_question(Dialog *d, const char *q)
{
    msg_fit(d->question, sizeof d->question,
            text_visible(q, strlen(q), false, d->question, sizeof d->question));
}

void dialog_prompt(Dialog *d, int purpose, const char *question,
                   const char *initial)
{
    dialog_close(d);
    d->kind = DLG_PROMPT;
    d->purpose = purpose;
    set_question(d, question);
    line_edit_init(&d->edit, initial);
}

void dialog_choice(Dialog *d, int purpose, const char *question,
                   const char *keys)
{
    dialog_close(d);
    d->kind = DLG_CHOICE;
    d->purpose = purpose;
    set_question(d, question);
    snprintf(d->keys, sizeof d->keys, "%s", keys);
}

void dialog_list(Dialog *d, int purpose, const char *title, const char *header,
                 const char *empty)
{
    dialog_close(d);
    d->kind = DLG_PICKER;
    d->purpose = purpose;
    set_question(d, title);
    msg_format(d->header, sizeof d->header, "%s", header ? header : "");
    msg_format(d->empty, sizeof d->empty, "%s", empty ? empty : "");
}

void dialog_list_add(Dialog *d, const char *label, const char *item)
{
    d->items = xrealloc(d->items, (d->count + 1) * sizeof *d->items);
    d->labels = xrealloc(d->labels, (d->count + 1) * sizeof *d->labels);
    d->items[d->count] = xstrdup(item);
    d->labels[d->count] = visible_dup(label);
    d->count++;
}

void dialog_list_footer(Dialog *d, const char *text)
{
    free(d->footer);
    d->footer = text && text[0] ? visible_dup(text) : NULL;
}

void dialog_list_keys(Dialog *d, const char *keys)
{
    snprintf(d->keys, sizeof d->keys, "%s", keys);
}

static void add_line(Dialog *d, const char *line, size_t len)
{
    d->items = xrealloc(d->items, (d->count + 1) * sizeof *d->items);
    char *copy = xmalloc(len + 1);
    memcpy(copy, line, len);
    copy[len] = '\0';
    d->items[d->count++] = copy;
}

/* Help lines wrap at a blank to the box's text width (d->wrap; 70 until
 * the box is drawn), continued under the text column (after the keys). */
#define HELP_WIDTH 70
#define HELP_INDENT 14
static void wrap_line(Dialog *d, size_t r)
{
    const char *p = d->raw[r];
    size_t width = d->wrap > HELP_INDENT + 10 ? (size_t)d->wrap : HELP_INDENT + 10;
    bool first = true;
    for (;;) {
        /* In columns, never inside a character (utf8_wrap_line). */
        size_t hang = d->prose ? 0 : HELP_INDENT;
        size_t room = first ? width : width - hang;
        size_t take = utf8_wrap_line(p, (int)room);
        d->origin = xrealloc(d->origin, (d->count + 1) * sizeof *d->origin);
        d->origin[d->count] = r;
        if (first)
            add_line(d, p, take);
        else {
            char *buf = xmalloc(hang + take + 1);
            snprintf(buf, hang + take + 1, "%*s%.*s", (int)hang, "", (int)take, p);
            add_line(d, buf, strlen(buf));
            free(buf);
        }
        p += take;
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        first = false;
    }
}

static void help_line(const char *line, void *ctx)
{
    Dialog *d = ctx;
    if (d->wrap == 0)
        d->wrap = HELP_WIDTH;
    d->raw = xrealloc(d->raw, (d->nraw + 1) * sizeof *d->raw);
    size_t len = strlen(line);
    d->raw[d->nraw] = xmalloc(len + 1);
    memcpy(d->raw[d->nraw], line, len + 1);
    wrap_line(d, d->nraw++);
}

/* Wrap the help's lines again to `width` columns, the view kept on the
 * line it showed first. */
static void help_rewrap(Dialog *d, int width)
{
    if (width == d->wrap || d->nraw == 0)
        return;
    size_t at = d->sel < d->count ? d->origin[d->sel] : 0;
    for (size_t i = 0; i < d->count; i++)
        free(d->items[i]);
    d->count = 0;
    d->wrap = width;
    d->sel = 0;
    for (size_t r = 0; r < d->nraw; r++) {
        if (r == at)
            d->sel = d->count;
        wrap_line(d, r);
    }
    d->top = d->sel;
}

void dialog_help_line(Dialog *d, const char *line) { help_line(line, d); }

void dialog_help(Dialog *d)
{
    dialog_close(d);
    d->kind = DLG_HELP;
    snprintf(d->question, sizeof d->question, "gpuplan help (Esc closes)");
    keys_help_lines(help_line, d);
}

void dialog_text(Dialog *d, const char *title)
{
    dialog_close(d);
    d->kind = DLG_HELP;
    msg_format(d->question, sizeof d->question, "%s", title);
}

void dialog_prose(Dialog *d, const char *title)
{
    dialog_text(d, title);
    d->prose = true;
}

void dialog_help_modes(Dialog *d)
{
    dialog_close(d);
    d->kind = DLG_HELP;
    snprintf(d->question, sizeof d->question, "gpuplan help: editing, the command line, "
             "lists (Esc closes)");
    keys_modes_help_lines(help_line, d);
}

DialogResult dialog_handle_key(Dialog *d, int key)
{
    switch (d->kind) {
    case DLG_PROMPT:
        switch (line_edit_handle_key(&d->edit, key)) {
        case LE_COMMITTED:
            return DR_DONE;
        case LE_CANCELLED:
            return DR_CANCEL;
        default:
            return DR_NONE;
        }
    case DLG_CHOICE:
        if (key == KC_ESC)
            return DR_CANCEL;
        if (key > 0 && key < 128 && strchr(d->keys, tolower(key))) {
            d->choice = tolower(key);
            return DR_DONE;
        }
        return DR_NONE;
    case DLG_PICKER:
    case DLG_HELP:
        if (d->kind == DLG_PICKER && d->keys[0] && key > 0 && key < 128 &&
            strchr(d->keys, key) && d->count > 0) {
            d->choice = key;
            return DR_DONE;
        }
        switch (keys_lookup_mode(KM_DIALOG, key)) {
        case ACT_DLG_CLOSE_HELP:
            return d->kind == DLG_HELP ? DR_CANCEL : DR_NONE;
        case ACT_DLG_CLOSE:
            return DR_CANCEL;
        case ACT_DLG_UP:
            if (d->sel > 0)
                d->sel--;
            break;
        case ACT_DLG_DOWN:
            if (d->sel + 1 < d->count)
                d->sel++;
            break;
        case ACT_DLG_PAGE_UP:
            d->sel = d->sel > 10 ? d->sel - 10 : 0;
            break;
        case ACT_DLG_PAGE_DOWN:
            d->sel = d->sel + 10 < d->count ? d->sel + 10 : (d->count ? d->count - 1 : 0);
            break;
        case ACT_DLG_FIRST:
            d->sel = 0;
            break;
        case ACT_DLG_LAST:
            d->sel = d->count ? d->count - 1 : 0;
            break;
        case ACT_DLG_PICK:
            if (d->kind == DLG_PICKER && d->count > 0) {
                d->choice = 0;
                return DR_DONE;
            }
            break;
        default:
            break;
        }
        return DR_NONE;
    case DLG_NONE:
    default:
        return DR_CANCEL;
    }
}

/* The list's note, word-wrapped in up to `max` rows ending above row
 * `bottom` of o, `width` columns from column 2; a note that needs more
 * rows ends its last one in the ellipsis. Returns the rows it took. */
static int draw_footer(WINDOW *o, const char *text, int bottom, int max, int width)
{
    int need = 0;
    for (const char *p = text; *p && need <= max; need++) {
        p += utf8_wrap_line(p, width);
        while (*p == ' ')
            p++;
    }
    int rows = need < max ? need : max, y = bottom - rows;
    const char *p = text, *ell = term_ellipsis();
    wattrset(o, term_attr(TS_HINT));
    for (int r = 0; r < rows; r++, y++) {
        bool last = r == rows - 1 && need > max;
        int room = last ? width - utf8_width(ell) : width;
        size_t take = utf8_wrap_line(p, room);
        mvwaddnstr(o, y, 2, p, (int)take);
        if (last)
            waddstr(o, ell);
        p += take;
        while (*p == ' ')
            p++;
    }
    wattrset(o, term_attr(TS_NORMAL));
    return rows;
}

/* Where the view of the box o (h x w, `vis` rows of items from row0) is
 * when it does not show all (DESIGN 8): arrows on the right border beside
 * the first and last rows shown when rows are above or below, and on the
 * bottom border the selected row's position in a list, the lines shown in
 * the help. */
static void draw_position(const Dialog *d, WINDOW *o, int row0, int vis, int h, int w)
{
    if (d->count <= (size_t)vis ||
        !scroll_marks_draw(o, row0, row0 + vis - 1, w - 1, d->top, (size_t)vis, d->count,
                           term_attr(TS_NORMAL)))
        return;
    size_t last = d->top + (size_t)vis < d->count ? d->top + (size_t)vis : d->count;
    const char *more = last < d->count ? ", PgDn for more"
                       : d->top > 0    ? ", PgUp for more"
                                       : "";
    char pos[96];
    if (d->kind == DLG_PICKER) {
        char at[48];
        snprintf(pos, sizeof pos, " %s%s ", scroll_position(at, sizeof at, d->sel, d->count),
                 more);
    } else {
        snprintf(pos, sizeof pos, " %zu-%zu of %zu%s ", d->top + 1, last, d->count, more);
    }
    int len = (int)strlen(pos);
    if (len < w - 4)
        mvwaddstr(o, h - 1, w - 2 - len, pos);
}

void dialog_draw(Dialog *d, WINDOW *line, int rows, int cols)
{
    if (d->kind == DLG_PROMPT || d->kind == DLG_CHOICE) {
        int h, w;
        getmaxyx(line, h, w);
        (void)h;
        werase(line);
        wattrset(line, term_attr(TS_DIALOG));
        mvwaddnstr(line, 0, 0, d->question, w);
        int x = getcurx(line);
        wattrset(line, term_attr(TS_NORMAL));
        if (d->kind == DLG_PROMPT && x < w - 1) {
            waddch(line, ' ');
            x++;
            int room = w - x - 1;
            int col = (int)line_edit_cursor_col(&d->edit);
            size_t off = utf8_skip_cols(d->edit.text, col > room ? col - room : 0);
            const char *t = d->edit.text + off;
            waddnstr(line, t, (int)utf8_head_bytes(t, w - x));
            int cx = x + col - utf8_width_n(d->edit.text, off);
            if (cx < w)
                mvwchgat(line, 0, cx, 1, A_REVERSE, 0, NULL);
        }
        return;
    }
    if (d->kind != DLG_PICKER && d->kind != DLG_HELP)
        return;
    /* A picker takes the full width: its rows are tables (the price book)
     * that need it at 80 columns. */
    int x0 = d->kind == DLG_PICKER ? 0 : 2;
    int h = rows - 4, w = cols - 2 * x0;
    if (h < 3 || w < 10)
        return;
    WINDOW *o = newwin(h, w, 2, x0);
    if (!o)
        return;
    wattrset(o, term_attr(TS_NORMAL));
    werase(o);
    term_box(o);
    wattrset(o, term_attr(TS_HEADER));
    mvwaddnstr(o, 0, 2, d->question, w - 4);
    wattrset(o, term_attr(TS_NORMAL));
    int vis = h - 2, row0 = 1;
    if (d->kind == DLG_PICKER && d->header[0] && vis > 1) {
        wattrset(o, term_attr(TS_HEADER));
        mvwaddnstr(o, 1, 2, d->header, w - 4);
        wattrset(o, term_attr(TS_NORMAL));
        vis--;
        row0++;
    }
    if (d->kind == DLG_PICKER && d->footer && vis >= 4) {
        vis -= draw_footer(o, d->footer, h - 1, vis / 3 < 3 ? vis / 3 : 3, w - 4);
    }
    if (d->kind == DLG_HELP) {
        /* The help screen scrolls; there is no selected line. Its lines
         * fill the box's width (DESIGN 8). */
        help_rewrap(d, w - 4);
        size_t max_top = d->count > (size_t)vis ? d->count - (size_t)vis : 0;
        if (d->sel > max_top)
            d->sel = max_top;
        d->top = d->sel;
    }
    if (d->sel < d->top)
        d->top = d->sel;
    if (d->sel >= d->top + (size_t)vis)
        d->top = d->sel - (size_t)vis + 1;
    if (d->kind == DLG_PICKER && d->count == 0)
        mvwaddnstr(o, row0, 2, d->empty, w - 4);
    for (int y = 0; y < vis && d->top + (size_t)y < d->count; y++) {
        size_t i = d->top + (size_t)y;
        const char *text = d->kind == DLG_PICKER ? d->labels[i] : d->items[i];
        bool sel = d->kind == DLG_PICKER && i == d->sel;
        wattrset(o, term_attr(sel ? TS_SELECTED : TS_NORMAL));
        if (sel)
            mvwhline(o, y + row0, 1, ' ', w - 2);
        mvwaddnstr(o, y + row0, 2, text, w - 4);
    }
    wattrset(o, term_attr(TS_NORMAL));
    draw_position(d, o, row0, vis, h, w);
    wnoutrefresh(o);
    delwin(o);
}
