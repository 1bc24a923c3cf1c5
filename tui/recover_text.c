/* recover_text.c: the text of a recovery file: the lines that say what it
 * is, the scenario, the base; reading them back; and what a recovery holds
 * in one line (see recover_text.h; DESIGN 7). */
#include "config.h"

#include "recover_text.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fields.h"
#include "scenario_file.h"
#include "utf8.h"

#define LINE_OF "# recover-of: "
#define LINE_OPENED "# recover-opened: "
#define LINE_BASE "# recover-base:"
#define BASE_PREFIX "#|"

/* text with bytes up to ' ', DEL and '%' as %XX, so a path is one word. */
static void escape_path(StrBuf *b, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p <= ' ' || *p == 0x7f || *p == '%')
            sb_printf(b, "%%%02X", *p);
        else
            sb_append_n(b, (const char *)p, 1);
}

/* The reverse, into buf (n bytes); false when it does not fit or is
 * malformed. */
static bool unescape_path(const char *text, size_t len, char *buf, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned v;
        char c = text[i];
        if (c == '%') {
            if (i + 2 >= len + 0 || sscanf(text + i + 1, "%2x", &v) != 1)
                return false;
            c = (char)v;
            i += 2;
        }
        if (o + 1 >= n)
            return false;
        buf[o++] = c;
    }
    buf[o] = '\0';
    return true;
}

void recover_text_format(const char *canon, const Scenario *s, const Scenario *base,
                            const DiskStamp *opened, StrBuf *b)
{
    sb_append(b, "# gpuplan recovery: unsaved edits, kept when the planner was "
               "stopped.\n# Starting gpuplan on the scenario offers them again.\n");
    sb_append(b, LINE_OF);
    if (canon[0])
        escape_path(b, canon);
    else
        sb_append(b, "-");
    sb_append(b, "\n");
    bool known = opened && opened->known;
    if (known)
        sb_printf(b, LINE_OPENED "dev=%llu ino=%llu links=%llu size=%lld "
                  "mtime=%lld.%09ld hash=%016" PRIx64 "\n", opened->dev, opened->ino,
                  opened->nlink, opened->size, (long long)opened->mtime.tv_sec,
                  (long)opened->mtime.tv_nsec, opened->hash);
    scenario_format_yaml(s, b);
    if (!known || !base)
        return;
    StrBuf t = STRBUF_INIT;
    scenario_format_yaml(base, &t);
    sb_append(b, LINE_BASE " the scenario as its file held it when the edits began\n");
    const char *p = sb_str(&t);
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        sb_append(b, BASE_PREFIX);
        if (len) {
            sb_append(b, " ");
            sb_append_n(b, p, len);
        }
        sb_append(b, "\n");
        p += len + (nl ? 1 : 0);
    }
    sb_free(&t);
}

void recover_text_lines(const char *text, size_t len, RecoverMeta *m)
{
    memset(m, 0, sizeof *m);
    m->legacy = true;
    const char *p = text, *end = text + len;
    while (p < end && *p == '#') {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);
        size_t kof = strlen(LINE_OF), kop = strlen(LINE_OPENED);
        if (ll >= kof && strncmp(p, LINE_OF, kof) == 0) {
            m->legacy = false;
            if (!(ll == kof + 1 && p[kof] == '-') &&
                !unescape_path(p + kof, ll - kof, m->of, sizeof m->of))
                m->of[0] = '\0';
        } else if (ll >= kop && strncmp(p, LINE_OPENED, kop) == 0) {
            char line[512];
            long long sec = 0;
            long nsec = 0;
            snprintf(line, sizeof line, "%.*s", (int)(ll - kop), p + kop);
            DiskStamp *o = &m->opened;
            o->known = sscanf(line, "dev=%llu ino=%llu links=%llu size=%lld "
                              "mtime=%lld.%ld hash=%" SCNx64, &o->dev, &o->ino,
                              &o->nlink, &o->size, &sec, &nsec, &o->hash) == 7;
            o->mtime.tv_sec = (time_t)sec;
            o->mtime.tv_nsec = nsec;
        }
        if (!nl)
            break;
        p = nl + 1;
    }
}

size_t recover_text_base_at(const char *text, size_t len)
{
    size_t k = strlen(LINE_BASE);
    for (size_t i = 0; i + k <= len; i++)
        if ((i == 0 || text[i - 1] == '\n') && strncmp(text + i, LINE_BASE, k) == 0)
            return i;
    return len;
}

void recover_text_base(const char *text, size_t len, StrBuf *b)
{
    const char *p = memchr(text, '\n', len), *end = text + len;
    for (p = p ? p + 1 : end; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);
        size_t k = strlen(BASE_PREFIX);
        if (ll >= k && strncmp(p, BASE_PREFIX, k) == 0) {
            size_t skip = ll > k && p[k] == ' ' ? k + 1 : k;
            sb_append_n(b, p + skip, ll - skip);
            sb_append(b, "\n");
        }
        p = nl ? nl + 1 : end;
    }
}

/* Field f (item k of a list row) of s as text, or "(none)" where s does
 * not have it (no plan, no such workload, the other of two alternatives). */
static void value_of(const Field *f, size_t k, const Scenario *s, char *buf,
                     size_t n)
{
    if (!field_in_scope(f, s) ||
        (f->list && (k >= field_list_count(f->list, s) ||
                     !field_in_use(f, s, k)))) {
        snprintf(buf, n, "(none)");
        return;
    }
    FieldRef r;
    field_ref_init(&r, f, k);
    field_format(field_ref(&r), s, buf, n);
}

char *recover_describe(const Scenario *file, const Scenario *rec, char *buf,
                       size_t n)
{
    if (file->has_hybrid != rec->has_hybrid) {
        snprintf(buf, n, "the hybrid plan %s", rec->has_hybrid ? "added"
                                                               : "removed");
        return buf;
    }
    if (file->has_uncertainty != rec->has_uncertainty) {
        snprintf(buf, n, "the uncertainty ranges %s",
                 rec->has_uncertainty ? "added" : "removed");
        return buf;
    }
    char first[200] = "";
    size_t more = 0;
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        size_t items = 1;
        if (f->list) {
            size_t a = field_list_count(f->list, file);
            size_t b = field_list_count(f->list, rec);
            items = a > b ? a : b;
        }
        for (size_t k = 0; k < items; k++) {
            /* whole values, the longest text too: a difference past any
             * cut would read as none */
            char va[sizeof file->notes + 64], vb[sizeof file->notes + 64];
            value_of(f, k, file, va, sizeof va);
            value_of(f, k, rec, vb, sizeof vb);
            if (strcmp(va, vb) == 0)
                continue;
            if (first[0]) {
                more++;
                continue;
            }
            FieldRef r;
            field_ref_init(&r, f, k);
            if (f->type == FT_TEXT) {
                snprintf(first, sizeof first, "%s changed", r.path);
            } else {
                char ca[44], cb[44]; /* a value past 40 bytes is cut, with "…" */
                snprintf(first, sizeof first, "%s %s -> %s", r.path,
                         utf8_clip(va, ca, sizeof ca), utf8_clip(vb, cb, sizeof cb));
            }
        }
    }
    if (!first[0])
        snprintf(buf, n, "the same as the file");
    else if (more)
        snprintf(buf, n, "%s, +%zu more", first, more);
    else
        snprintf(buf, n, "%s", first);
    return buf;
}
