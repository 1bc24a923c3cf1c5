/* record_reader.c: delimited records read block by block, DESIGN 10. */
#include "config.h"

#include "record_reader.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "utf8.h"

#define BLOCK (1024 * 1024)

int record_open(RecordReader *r, const char *path, Diag *d)
{
    memset(r, 0, sizeof *r);
    r->name = path;
    r->line = 1;
    if (strcmp(path, "-") == 0) {
        r->fd = 0;
        return 0;
    }
    r->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (r->fd < 0) {
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "cannot open: %s",
                 strerror(errno));
        return EXIT_NOINPUT;
    }
    r->own_fd = true;
    return 0;
}

void record_close(RecordReader *r)
{
    if (r->own_fd)
        close(r->fd);
    free(r->buf);
    free(r->scratch);
    free(r->fields);
    memset(r, 0, sizeof *r);
}

/* Read more: the unread bytes move to the front, the block grows when it
 * is full of one record. Returns 0 (r->eof set at the end), or
 * RECORD_IO_ERROR. */
static RecordStatus fill(RecordReader *r, Diag *d)
{
    if (r->pos > 0) {
        memmove(r->buf, r->buf + r->pos, r->len - r->pos);
        r->len -= r->pos;
        r->pos = 0;
    }
    if (r->len == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : BLOCK;
        char *b = realloc(r->buf, cap);
        if (!b) {
            diag_set(d, EXIT_IOERR, 0, 0, NULL, "out of memory");
            return RECORD_IO_ERROR;
        }
        r->buf = b;
        r->cap = cap;
    }
    ssize_t n;
    do
        n = read(r->fd, r->buf + r->len, r->cap - r->len);
    while (n < 0 && errno == EINTR);
    if (n < 0) {
        diag_set(d, EXIT_IOERR, r->line, 0, NULL, "cannot read: %s",
                 strerror(errno));
        return RECORD_IO_ERROR;
    }
    if (n == 0)
        r->eof = true;
    r->len += (size_t)n;
    if (!r->bom_done && r->len >= 3) {
        r->bom_done = true;
        if (memcmp(r->buf, "\xEF\xBB\xBF", 3) == 0)
            r->pos = 3;
    } else if (r->eof) {
        r->bom_done = true;
    }
    return RECORD_OK;
}

/* Where the record at pos ends (the offset from pos of its LF, or of the
 * end of the data), scanning on from *k with the quote state *q. Returns
 * true when found; false when more data is needed. */
static bool record_end(const RecordReader *r, size_t *k, bool *q)
{
    const char *b = r->buf + r->pos;
    size_t n = r->len - r->pos;
    bool quotes = r->sep == ',';
    while (*k < n) {
        const char *nl = memchr(b + *k, '\n', n - *k);
        size_t stop = nl ? (size_t)(nl - b) : n;
        /* Before the separator is known, a line without '|' is CSV. */
        if (r->sep == 0 && !*q)
            quotes = !memchr(b + *k, '|', stop - *k);
        if (quotes && (*q || memchr(b + *k, '"', stop - *k))) {
            for (size_t i = *k; i < stop; i++)
                if (b[i] == '"')
                    *q = !*q;
        }
        *k = stop;
        if (!nl)
            return false;
        if (!*q)
            return true;
        (*k)++; /* a line break inside quotes */
    }
    return false;
}

static bool grow_fields(RecordReader *r)
{
    if (r->nfields < r->fields_cap)
        return true;
    size_t cap = r->fields_cap ? r->fields_cap * 2 : 32;
    RecordField *f = realloc(r->fields, cap * sizeof *f);
    if (!f)
        return false;
    r->fields = f;
    r->fields_cap = cap;
    return true;
}

/* Split a record without quoting at sep. */
static bool split_plain(RecordReader *r, const char *s, size_t n)
{
    size_t a = 0;
    for (;;) {
        const char *e = memchr(s + a, r->sep, n - a);
        size_t b = e ? (size_t)(e - s) : n;
        if (!grow_fields(r))
            return false;
        r->fields[r->nfields++] = (RecordField){s + a, b - a, a};
        if (!e)
            return true;
        a = b + 1;
    }
}

/* Split a CSV record with quoted fields into r->scratch. Returns 1, 0 for a
 * quote the record does not close properly, -1 out of memory. */
static int split_quoted(RecordReader *r, const char *s, size_t n)
{
    if (r->scratch_cap < n + 1) {
        char *sc = realloc(r->scratch, n + 1);
        if (!sc)
            return -1;
        r->scratch = sc;
        r->scratch_cap = n + 1;
    }
    char *out = r->scratch;
    size_t i = 0;
    for (;;) {
        size_t start = i, o = (size_t)(out - r->scratch);
        size_t j = i;
        while (j < n && s[j] == ' ')
            j++;
        if (j < n && s[j] == '"') {
            size_t open = j;
            for (j++;; j++) {
                if (j >= n) {
                    r->bad_at = open, r->bad_open = true;
                    return 0;
                }
                if (s[j] == '"') {
                    if (j + 1 < n && s[j + 1] == '"') {
                        *out++ = '"';
                        j++;
                        continue;
                    }
                    break;
                }
                *out++ = s[j];
            }
            j++;
            while (j < n && s[j] == ' ')
                j++;
            if (j < n && s[j] != ',') {
                r->bad_at = j, r->bad_open = false;
                return 0;
            }
        } else {
            /* Leading blanks belong to an unquoted field. */
            for (j = start; j < n && s[j] != ','; j++)
                *out++ = s[j];
        }
        if (!grow_fields(r))
            return -1;
        r->fields[r->nfields++] =
            (RecordField){r->scratch + o, (size_t)(out - r->scratch) - o, start};
        if (j >= n)
            return 1;
        i = j + 1;
    }
}

/* Blank (spaces only) or a '#' comment. */
static bool skippable(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i == n || s[i] == '#';
}

static unsigned long count_lf(const char *s, size_t n)
{
    unsigned long c = 0;
    for (const char *p = s; (p = memchr(p, '\n', n - (size_t)(p - s))); p++)
        c++;
    return c;
}

/* Skip the rest of a record too long to keep: up to the next LF. */
static RecordStatus skip_long(RecordReader *r, Diag *d)
{
    r->raw_line = r->line;
    r->raw = NULL;
    r->raw_len = 0;
    for (;;) {
        const char *nl = memchr(r->buf + r->pos, '\n', r->len - r->pos);
        if (nl) {
            r->pos = (size_t)(nl - r->buf) + 1;
            r->line++;
            return RECORD_TOO_LONG;
        }
        r->pos = r->len;
        if (r->eof)
            return RECORD_TOO_LONG;
        if (fill(r, d) != RECORD_OK)
            return RECORD_IO_ERROR;
    }
}

/* The quote a record that ends inside quotes left open: the last one that
 * opened, counting as record_end() does. */
static void open_quote(RecordReader *r, const char *s, size_t n)
{
    bool in = false;
    r->bad_at = 0, r->bad_open = true;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '"') {
            in = !in;
            if (in)
                r->bad_at = i;
        }
}

RecordStatus record_next(RecordReader *r, Diag *d)
{
    for (;;) {
        size_t k = 0;
        bool q = false;
        while (!record_end(r, &k, &q)) {
            if (r->eof)
                break;
            if (r->len - r->pos >= RECORD_MAX)
                return skip_long(r, d);
            if (fill(r, d) != RECORD_OK)
                return RECORD_IO_ERROR;
        }
        if (r->pos >= r->len && r->eof)
            return RECORD_END;
        const char *s = r->buf + r->pos;
        size_t raw_len = k;
        r->raw = s;
        r->raw_line = r->line;
        r->raw_len = raw_len;
        unsigned long lines = count_lf(s, raw_len);
        r->line += lines + (r->pos + k < r->len);
        r->pos += k + (r->pos + k < r->len);
        size_t n = raw_len;
        if (n > 0 && s[n - 1] == '\r')
            n--;
        if (skippable(s, n))
            continue;
        if (q) {
            open_quote(r, s, raw_len);
            return RECORD_BAD_QUOTE;
        }
        if (r->sep == 0)
            r->sep = memchr(s, '|', n) ? '|' : ',';
        r->nfields = 0;
        if (r->sep == '|' || !memchr(s, '"', n)) {
            if (!split_plain(r, s, n))
                goto nomem;
            return RECORD_OK;
        }
        int st = split_quoted(r, s, n);
        if (st < 0)
            goto nomem;
        return st ? RECORD_OK : RECORD_BAD_QUOTE;
    }
nomem:
    diag_set(d, EXIT_IOERR, 0, 0, NULL, "out of memory");
    return RECORD_IO_ERROR;
}

void record_locate(const RecordReader *r, size_t raw, unsigned long *line,
                   unsigned long *col)
{
    *line = r->raw_line;
    *col = 1;
    if (!r->raw)
        return;
    for (size_t i = 0; i < raw && i < r->raw_len; i++) {
        unsigned char c = (unsigned char)r->raw[i];
        if (c == '\n') {
            (*line)++;
            *col = 1;
        } else if (!utf8_is_cont(c)) {
            (*col)++;
        }
    }
}
