/* yaml_comment.c: a marked comment line above a field, DESIGN 10. */
#include "config.h"

#include "yaml_comment.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "text_rules.h"
#include "yaml_spans.h"

/* Where the comment goes: the byte where the field's (or its section's)
 * key is written, or len when neither is. */
static size_t anchor_of(const YamlSpans *sp, const char *key, size_t len)
{
    const char *dot = strchr(key, '.');
    char section[64];
    size_t n = dot ? (size_t)(dot - key) : 0;
    if (!dot || n >= sizeof section)
        return len;
    memcpy(section, key, n);
    section[n] = '\0';
    const YamlNode *root = yaml_spans_node(sp, sp->root), *sec_key = NULL,
                   *field_key = NULL;
    const YamlNode *sec = yaml_spans_get(sp, root, section, &sec_key);
    if (!sec)
        return len;
    if (yaml_spans_get(sp, sec, dot + 1, &field_key) && field_key)
        return field_key->start;
    return sec_key ? sec_key->start : len;
}

static size_t line_start(const char *t, size_t p, size_t floor)
{
    while (p > floor && t[p - 1] != '\n')
        p--;
    return p;
}

/* True when the line [a, b) is a comment that starts with the marker. */
static bool marked(const char *t, size_t a, size_t b, const char *marker)
{
    while (a < b && (t[a] == ' ' || t[a] == '\t'))
        a++;
    if (a >= b || t[a] != '#')
        return false;
    a++;
    while (a < b && t[a] == ' ')
        a++;
    size_t m = strlen(marker);
    return b - a >= m && memcmp(t + a, marker, m) == 0;
}

static void comment_line(const YamlComment *c, const char *indent,
                         size_t indent_len, bool crlf, StrBuf *out)
{
    size_t tl = strlen(c->text);
    size_t need = text_visible(c->text, tl, false, NULL, 0);
    char *vis = xmalloc(need + 1);
    text_visible(c->text, tl, false, vis, need + 1);
    sb_append_n(out, indent, indent_len);
    sb_printf(out, "# %s %s%s", c->marker, vis, crlf ? "\r\n" : "\n");
    free(vis);
}

int yaml_comment_set(const char *name, const char *text, size_t len,
                     const YamlComment *c, StrBuf *out, Diag *d)
{
    YamlSpans sp;
    Scenario *s = xmalloc(sizeof *s);
    yaml_spans_init(&sp, text, len);
    int rc = scenario_load_yaml_spans(name, text, len, s, &sp, d);
    yaml_spans_done(&sp);
    free(s);
    if (rc != 0 || sp.unusable) {
        yaml_spans_free(&sp);
        if (rc == 0)
            diag_set(d, EXIT_DATAERR, 0, 0, NULL,
                     "a UTF-16 scenario cannot take the comment");
        return rc ? rc : EXIT_DATAERR;
    }
    const size_t bom = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    size_t p = anchor_of(&sp, c->key, len);
    yaml_spans_free(&sp);
    if (p >= len && !c->text) { /* nothing above which to drop */
        sb_append_n(out, text, len);
        return 0;
    }
    if (p >= len) { /* neither the field nor its section is written */
        sb_append_n(out, text, len);
        bool crlf = len >= 2 && text[len - 2] == '\r' && text[len - 1] == '\n';
        if (len > bom && text[len - 1] != '\n')
            sb_append(out, "\n");
        comment_line(c, "", 0, crlf, out);
        return 0;
    }
    size_t ls = line_start(text, p, bom), ind = ls;
    while (ind < len && (text[ind] == ' ' || text[ind] == '\t'))
        ind++;
    const char *eol = memchr(text + p, '\n', len - p);
    bool crlf = eol && eol > text + p && eol[-1] == '\r';
    /* The line above, when it is our comment, is replaced. */
    size_t from = ls;
    if (ls > bom) {
        size_t prev = line_start(text, ls - 1, bom);
        if (marked(text, prev, ls - 1, c->marker))
            from = prev;
    }
    sb_append_n(out, text, from);
    if (c->text)
        comment_line(c, text + ls, ind - ls, crlf, out);
    sb_append_n(out, text + ls, len - ls);
    return 0;
}
