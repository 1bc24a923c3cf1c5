/* import_json.c: where a key of a JSON text is (see import_json.h). */
#include "config.h"

#include "import_json.h"

#include <stdarg.h>
#include <string.h>

#include "utf8.h"

/* Offset of `"key"` followed by blanks and ':' at or after from; from
 * itself when there is none. */
size_t import_json_key(const ImportText *c, size_t from, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = from; i + k + 2 <= c->len; i++) {
        if (c->data[i] != '"' || memcmp(c->data + i + 1, key, k) != 0 ||
            c->data[i + k + 1] != '"')
            continue;
        size_t j = i + k + 2;
        while (j < c->len && strchr(" \t\r\n", c->data[j]))
            j++;
        if (j < c->len && c->data[j] == ':')
            return i;
    }
    return from;
}

/* Offset of the value after the key at offset at (past ':' and blanks). */
size_t import_json_value(const ImportText *c, size_t at)
{
    size_t j = at;
    if (j < c->len && c->data[j] == '"') {
        j++;
        while (j < c->len && c->data[j] != '"')
            j += c->data[j] == '\\' ? 2 : 1;
        j++;
    }
    while (j < c->len && c->data[j] != ':')
        j++;
    j++;
    while (j < c->len && strchr(" \t\r\n", c->data[j]))
        j++;
    return j < c->len ? j : c->len;
}

/* Offset of the key path k1/k2/k3 (NULLs end it early). */
size_t import_json_locate(const ImportText *c, const char *k1, const char *k2,
                     const char *k3)
{
    size_t at = 0;
    if (k1)
        at = import_json_key(c, at, k1);
    if (k2)
        at = import_json_key(c, at, k2);
    if (k3)
        at = import_json_key(c, at, k3);
    return at;
}

/* Record a data error at byte offset off: line and column (in characters)
 * counted from the start of the text. */
int import_json_fail(const ImportText *c, size_t off, const char *path,
                   const char *fmt, ...)
{
    unsigned long line = 1;
    size_t start = 0;
    for (size_t i = 0; i < off && i < c->len; i++)
        if (c->data[i] == '\n') {
            line++;
            start = i + 1;
        }
    size_t end = off < c->len ? off : c->len;
    unsigned long col = 1 + (unsigned long)utf8_count(c->data + start, end - start);
    va_list ap;
    va_start(ap, fmt);
    diag_vset(c->d, EXIT_DATAERR, line, col, path, fmt, ap);
    va_end(ap);
    return EXIT_DATAERR;
}
