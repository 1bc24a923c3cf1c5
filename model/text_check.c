/* text_check.c: what a one-line or multi-line text breaks, said in a Diag
 * (see text_rules.h; DESIGN 7). Apart from text_rules.c, which diag.c
 * uses to show a message's text visibly, so that the two do not call each
 * other. */
#include "config.h"

#include "text_rules.h"

#include <stdint.h>
#include <string.h>

#include "utf8.h"

/* Why code point cp, the text's character number `at`, is refused. */
static int refuse(Diag *d, uint32_t cp, unsigned long at, bool multiline)
{
    const char *in = multiline ? "text: only line breaks and tabs are"
                               : "one-line text";
    if (multiline && cp == '\r')
        return diag_fail(d, "contains a carriage return (CR, \\r) at "
                         "character %lu; this text may hold line breaks, but "
                         "only as line feeds (LF, \\n): remove the CR, or "
                         "write \\n for a line break", at);
    if (cp == '\n' || cp == '\r')
        return diag_fail(d, "contains a line break at character %lu (this "
                         "text is one line: no line breaks or other control "
                         "characters)", at);
    if (text_is_bidi(cp))
        return diag_fail(d, "contains the bidirectional control U+%04lX at "
                         "character %lu (not allowed: it makes the text read "
                         "differently from what it holds)",
                         (unsigned long)cp, at);
    if (cp < 0x80)
        return diag_fail(d, "contains the control character \\x%02lx at "
                         "character %lu (not allowed in %s)",
                         (unsigned long)cp, at, in);
    return diag_fail(d, "contains the control character U+%04lX at "
                     "character %lu (not allowed in %s)", (unsigned long)cp,
                     at, in);
}

int text_check(const char *text, bool multiline, Diag *d, size_t *pos)
{
    size_t len = strlen(text);
    unsigned long chars = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t k = utf8_decode(text + i, len - i, &cp);
        chars++;
        if (k == 0) {
            i++; /* not UTF-8: the loaders report that themselves */
            continue;
        }
        bool bad = multiline ? (text_is_control(cp) && cp != '\n' &&
                                cp != '\t') || text_is_bidi(cp)
                             : text_forbidden_cp(cp);
        if (bad) {
            if (pos)
                *pos = i;
            return refuse(d, cp, chars, multiline);
        }
        i += k;
    }
    return 0;
}
