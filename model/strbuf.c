/* strbuf.c: growable strings and the one out-of-memory policy (strbuf.h). */
#include "config.h"

#include "strbuf.h"

#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Noreturn void out_of_memory(size_t n)
{
    fprintf(stderr, "gpuplan: out of memory (%zu bytes)\n", n);
    abort();
}

_Noreturn void xalloc_die(void)
{
    fprintf(stderr, "gpuplan: out of memory\n");
    abort();
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory(n);
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        out_of_memory(n);
    return q;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = xmalloc(n);
    memcpy(p, s, n);
    return p;
}

static void reserve(StrBuf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
}

void sb_append_n(StrBuf *b, const char *s, size_t n)
{
    reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void sb_append(StrBuf *b, const char *s)
{
    sb_append_n(b, s, strlen(s));
}

void sb_printf(StrBuf *b, const char *fmt, ...)
{
    static locale_t c_loc = (locale_t)0;
    if (c_loc == (locale_t)0)
        c_loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    locale_t old = c_loc ? uselocale(c_loc) : (locale_t)0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        reserve(b, (size_t)n);
        va_start(ap, fmt);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
        b->len += (size_t)n;
    }
    if (c_loc)
        uselocale(old);
}

const char *sb_str(const StrBuf *b)
{
    return b->data ? b->data : "";
}

void sb_free(StrBuf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
