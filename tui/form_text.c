/* form_text.c: text as the panels put it in their cells (DESIGN 8): a
 * field's value and unit for display, the scenario's text as the locale can
 * show it, a clipped cell and the line editor's scrolled cell. Below every
 * panel, the comparison view and the screen, which all draw with it. */
#include "config.h"

#include "form_text.h"

#include <stdio.h>
#include <string.h>

#include "msg.h"
#include "numfmt.h"
#include "term.h"
#include "text_rules.h"
#include "utf8.h"

void form_value(const Field *f, const Scenario *s, char *val, size_t n,
                char *unit, size_t un)
{
    if (f->type == FT_BOOL)
        snprintf(val, n, "%s", field_get_num(f, s) != 0 ? "yes" : "no");
    else if (f->type == FT_TEXT) {
        /* Text as it may be shown: control characters visible (DESIGN 7); a
         * text of several lines shows its first, ended with the ellipsis
         * that says Enter opens the rest. */
        const char *t = field_get_text(f, s);
        const char *nl = strchr(t, '\n');
        size_t len = nl ? (size_t)(nl - t) : strlen(t);
        /* A text longer than val ends in the ellipsis too. */
        msg_fit(val, n, text_visible(t, len, false, val, n));
        form_locale_text(val);
        size_t used = strlen(val);
        if (nl && used < n)
            msg_format(val + used, n - used, "%s", term_ellipsis());
    } else if (f->type == FT_CHOICE)
        field_format(f, s, val, n);
    else /* grouped as the results are: "310,000" (num_format_value) */
        num_format_value(field_get_num(f, s), val, n);
    /* "$" stands for the scenario's currency: "$/GPU-h" -> "USD/GPU-h". */
    const char *dollar = strchr(f->unit, '$');
    if (dollar)
        snprintf(unit, un, "%.*s%s%s", (int)(dollar - f->unit), f->unit,
                 s->currency, dollar + 1);
    else
        snprintf(unit, un, "%s", f->unit);
    /* A count of one reads singular: "1 node", "1 GPU", "1 day" (not "ms"). */
    size_t ul = strlen(unit);
    if (f->type != FT_BOOL && f->type != FT_TEXT && f->type != FT_CHOICE && ul > 2 && unit[ul - 1] == 's' &&
        field_get_num(f, s) == 1)
        unit[ul - 1] = '\0';
}

void form_locale_text(char *s)
{
    if (term_utf8())
        return;
    size_t o = 0, len = strlen(s);
    for (size_t i = 0; i < len;) {
        size_t next = utf8_next(s, len, i);
        s[o++] = (unsigned char)s[i] < 0x80 ? s[i] : '?';
        i = next > i ? next : i + 1;
    }
    s[o] = '\0';
}

void form_put_clipped(WINDOW *w, int y, int x, const char *s, int cols)
{
    mvwaddnstr(w, y, x, s, (int)utf8_head_bytes(s, cols));
}

int form_put_edit(WINDOW *w, int y, int x, const LineEdit *edit, int cols)
{
    /* The C locale shows each character beyond ASCII as one '?', as the
     * panel does; the widths (utf8.h) count it one column there too. */
    static char vis[LINE_EDIT_MAX];
    snprintf(vis, sizeof vis, "%s", edit->text);
    form_locale_text(vis);
    int ccol = (int)line_edit_cursor_col(edit);
    size_t off = utf8_skip_cols(vis, ccol >= cols ? ccol - cols + 1 : 0);
    form_put_clipped(w, y, x, vis + off, cols);
    return x + ccol - utf8_width_n(vis, off);
}
