/* utf8.c: decoding, cutting and measuring UTF-8 text (see utf8.h). */
#include "config.h"

#include "utf8.h"

#include <string.h>
#include <wchar.h>

size_t utf8_decode(const char *str, size_t avail, uint32_t *cp)
{
    const unsigned char *s = (const unsigned char *)str;
    if (avail == 0)
        return 0;
    uint32_t c = s[0], minv;
    size_t n;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if ((c & 0xE0) == 0xC0) {
        n = 2, minv = 0x80, c &= 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3, minv = 0x800, c &= 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        n = 4, minv = 0x10000, c &= 0x07;
    } else {
        return 0;
    }
    if (n > avail)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if (!utf8_is_cont(s[i]))
            return 0;
        c = (c << 6) | (s[i] & 0x3F);
    }
    if (c < minv || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return n;
}

size_t utf8_encode(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp >= 0xD800 && cp <= 0xDFFF)
        return 0;
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    if (cp > 0x10FFFF)
        return 0;
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

long utf8_length(const char *s, size_t len)
{
    long n = 0;
    for (size_t i = 0; i < len; n++) {
        uint32_t cp;
        size_t k = utf8_decode(s + i, len - i, &cp);
        if (k == 0)
            return -1;
        i += k;
    }
    return n;
}

size_t utf8_count(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += !utf8_is_cont((unsigned char)s[i]);
    return n;
}

size_t utf8_prev(const char *s, size_t at)
{
    if (at == 0)
        return 0;
    at--;
    while (at > 0 && utf8_is_cont((unsigned char)s[at]))
        at--;
    return at;
}

size_t utf8_next(const char *s, size_t len, size_t at)
{
    if (at >= len)
        return len;
    at++;
    while (at < len && utf8_is_cont((unsigned char)s[at]))
        at++;
    return at;
}

size_t utf8_floor(const char *s, size_t len, size_t n)
{
    if (n >= len)
        return len;
    while (n > 0 && utf8_is_cont((unsigned char)s[n]))
        n--;
    return n;
}

int utf8_cp_width(uint32_t cp)
{
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
        return 0;
    int w = wcwidth((wchar_t)cp);
    /* -1: the locale does not know the character (the C locale knows
     * ASCII only); one column is what a terminal shows for it. */
    return w < 0 ? 1 : w;
}

/* The code point at s[i] (len bytes) and its length; a byte that is not
 * UTF-8 is one character of one column (cp 0xFFFD). */
static size_t take(const char *s, size_t len, size_t i, uint32_t *cp)
{
    size_t k = utf8_decode(s + i, len - i, cp);
    if (k == 0) {
        *cp = 0xFFFD;
        k = 1;
    }
    return k;
}

int utf8_width_n(const char *s, size_t len)
{
    int w = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        i += take(s, len, i, &cp);
        w += utf8_cp_width(cp);
    }
    return w;
}

int utf8_width(const char *s) { return utf8_width_n(s, strlen(s)); }

size_t utf8_head_bytes(const char *s, int cols)
{
    size_t len = strlen(s), i = 0;
    int used = 0;
    while (i < len) {
        uint32_t cp;
        size_t k = take(s, len, i, &cp);
        int w = utf8_cp_width(cp);
        if (used + w > cols)
            break;
        used += w;
        i += k;
    }
    return i;
}

size_t utf8_skip_cols(const char *s, int cols)
{
    size_t len = strlen(s), i = 0;
    int used = 0;
    while (i < len && used < cols) {
        uint32_t cp;
        i += take(s, len, i, &cp);
        used += utf8_cp_width(cp);
    }
    /* The marks of the last character skipped go with it. */
    while (i < len) {
        uint32_t cp;
        size_t k = take(s, len, i, &cp);
        if (utf8_cp_width(cp) != 0 || cp < 0x20)
            break;
        i += k;
    }
    return i;
}

/* True when the code point at s[i] is a zero-width mark (not a control). */
static bool is_mark(const char *s, size_t len, size_t i)
{
    uint32_t cp;
    take(s, len, i, &cp);
    return cp >= 0xA0 && utf8_cp_width(cp) == 0;
}

size_t utf8_next_cluster(const char *s, size_t len, size_t at)
{
    at = utf8_next(s, len, at);
    while (at < len && is_mark(s, len, at))
        at = utf8_next(s, len, at);
    return at;
}

size_t utf8_prev_cluster(const char *s, size_t at)
{
    size_t len = at;
    at = utf8_prev(s, at);
    while (at > 0 && is_mark(s, len, at))
        at = utf8_prev(s, at);
    return at;
}

size_t utf8_wrap_line(const char *s, int cols)
{
    /* What fits, measured up to `cols` only: a long text's rows cost what
     * they show, not the whole rest of the text each. */
    size_t fit = utf8_head_bytes(s, cols);
    size_t len = fit + strlen(s + fit);
    if (fit == len)
        return len;
    size_t take = fit;
    while (take > 0 && s[take] != ' ')
        take--;
    if (take == 0)
        take = fit;
    if (take == 0)
        take = utf8_next_cluster(s, len, 0);
    return take;
}

char *utf8_clip(const char *s, char *out, size_t n)
{
    static const char ell[] = "\xe2\x80\xa6";
    if (n == 0)
        return out;
    size_t len = strlen(s);
    if (len < n) {
        memcpy(out, s, len + 1);
        return out;
    }
    if (n < sizeof ell) {
        out[0] = '\0';
        return out;
    }
    size_t cut = utf8_floor(s, len, n - sizeof ell);
    memcpy(out, s, cut);
    memcpy(out + cut, ell, sizeof ell);
    return out;
}
