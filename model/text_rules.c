/* text_rules.c: the characters a text may hold, and visible control
 * characters (see text_rules.h; DESIGN 7). text_check, which says what a
 * text breaks, is text_check.c. */
#include "config.h"

#include "text_rules.h"
#include "utf8.h"

#include <stdio.h>
#include <string.h>

/* One code point of s (at most avail bytes): its length, 0 when the bytes
 * are not UTF-8. */
static size_t decode(const unsigned char *s, size_t avail, unsigned long *cp)
{
    uint32_t c;
    size_t n = utf8_decode((const char *)s, avail, &c);
    *cp = c;
    return n;
}

bool text_is_bidi(unsigned long cp)
{
    return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

bool text_is_control(unsigned long cp)
{
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F);
}

bool text_forbidden_cp(unsigned long cp)
{
    return text_is_control(cp) || text_is_bidi(cp);
}

/* Characters that show nothing yet change what a reader sees: the
 * bidirectional marks (ALM, LRM, RLM), the zero-width space, the word
 * joiner and invisible operators, the zero-width no-break space (BOM) and
 * the tag characters. Texts may hold them (ZWJ and ZWNJ, which scripts
 * and emoji need, are not among them), but they are shown escaped, so a
 * file name cannot pass for another. */
static bool is_invisible(unsigned long cp)
{
    return cp == 0x061C || cp == 0x200B || cp == 0x200E || cp == 0x200F ||
           (cp >= 0x2060 && cp <= 0x2064) || cp == 0xFEFF ||
           (cp >= 0xE0000 && cp <= 0xE007F);
}

/* Does code point cp (k bytes, 0 = a byte that is not UTF-8) need escaping? */
static bool needs(unsigned long cp, size_t k, bool keep_newlines)
{
    if (k == 0)
        return true;
    if (keep_newlines && (cp == '\n' || cp == '\t'))
        return false;
    return text_forbidden_cp(cp) || is_invisible(cp);
}

size_t text_visible(const char *s, size_t len, bool keep_newlines, char *out,
                    size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t need = 0, used = 0;
    bool full = n == 0;
    for (size_t i = 0; i < len;) {
        unsigned long cp = 0;
        size_t k = decode(p + i, len - i, &cp);
        char esc[24];
        const char *piece;
        size_t plen;
        if (needs(cp, k, keep_newlines)) {
            if (k == 0 || cp < 0x80)
                snprintf(esc, sizeof esc, "\\x%02x", k == 0 ? p[i] : (unsigned)cp);
            else
                snprintf(esc, sizeof esc, "\\u%04lx", cp);
            piece = esc;
            plen = strlen(esc);
            if (k == 0)
                k = 1;
        } else {
            piece = (const char *)p + i;
            plen = k;
        }
        need += plen;
        if (!full && used + plen < n) {
            memcpy(out + used, piece, plen);
            used += plen;
        } else {
            full = true;
        }
        i += k;
    }
    if (n > 0)
        out[used] = '\0';
    return need;
}

char *text_trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    char *end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
        *--end = '\0';
    return s;
}

bool text_needs_escape(const char *s, size_t len, bool keep_newlines)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        unsigned long cp = 0;
        size_t k = decode(p + i, len - i, &cp);
        if (needs(cp, k, keep_newlines))
            return true;
        i += k ? k : 1;
    }
    return false;
}
