/* strbuf.h: a growable, always NUL-terminated byte string.
 *
 * The exporters build their output in one of these and hand the bytes to
 * the atomic writer or to stdout in one piece. Out of memory aborts with a
 * message (xmalloc rule, HACKING 7): a report generator has no sensible way to
 * go on without memory. */
#ifndef GPUPLAN_STRBUF_H
#define GPUPLAN_STRBUF_H

#include <stddef.h>

typedef struct StrBuf {
    char *data; /* NUL-terminated; NULL until the first append */
    size_t len, cap;
} StrBuf;

#define STRBUF_INIT {NULL, 0, 0}

void sb_append(StrBuf *b, const char *s);
void sb_append_n(StrBuf *b, const char *s, size_t n);
/* printf-style append; numbers always with '.' (C locale). */
void sb_printf(StrBuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The string, "" when empty; owned by b. */
const char *sb_str(const StrBuf *b);
void sb_free(StrBuf *b);

/* malloc/realloc that abort with a message on failure. */
/* Report out of memory on stderr and abort. */
_Noreturn void xalloc_die(void);
/* Never NULL: the analysers are told so. */
void *xmalloc(size_t n) __attribute__((returns_nonnull));
void *xrealloc(void *p, size_t n) __attribute__((returns_nonnull));
char *xstrdup(const char *s) __attribute__((returns_nonnull));

#endif
