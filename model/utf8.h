/* utf8.h: the one place that decodes UTF-8 and measures text (DESIGN 7, 8).
 *
 * Decoding is strict (no overlong forms, surrogates or code points past
 * U+10FFFF). Widths are display columns from wcwidth() in the current
 * locale: a CJK character takes two, a combining mark none. Where the
 * locale cannot tell (the C locale, where wcwidth knows ASCII only), every
 * printable code point counts one column, so text never overflows by
 * more than it did when columns were code points. Pure: libc only, no
 * allocation; positions are byte offsets. */
#ifndef GPUPLAN_UTF8_H
#define GPUPLAN_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True for a continuation byte (10xxxxxx). */
static inline bool utf8_is_cont(unsigned char c) { return (c & 0xC0) == 0x80; }

/* Decode the sequence at s (at most avail bytes): its length, with the code
 * point in *cp; 0 when the bytes are not UTF-8. */
size_t utf8_decode(const char *s, size_t avail, uint32_t *cp);

/* Encode cp into out (4 bytes of room); returns the length, 0 for a
 * surrogate or a value past U+10FFFF. */
size_t utf8_encode(uint32_t cp, char *out);

/* Code points in s (len bytes), or -1 when s is not valid UTF-8. */
long utf8_length(const char *s, size_t len);

/* Characters before byte `len` of s, counting every byte that does not
 * continue a sequence (for the line:column of a position in a file, which
 * may hold bytes that are not UTF-8). */
size_t utf8_count(const char *s, size_t len);

/* The byte offset of the code point before `at` (0 at the start) and of
 * the one after it (len at the end). */
size_t utf8_prev(const char *s, size_t at);
size_t utf8_next(const char *s, size_t len, size_t at);

/* The largest offset <= n that is not inside a sequence of s (len bytes):
 * where to cut s to at most n bytes. */
size_t utf8_floor(const char *s, size_t len, size_t n);

/* Display columns of code point cp: 0 for a combining mark or a control,
 * 2 for a wide character, else 1 (see above for the C locale). */
int utf8_cp_width(uint32_t cp);

/* Display columns of the first len bytes of s, and of the string s. A byte
 * that is not UTF-8 counts one column. */
int utf8_width_n(const char *s, size_t len);
int utf8_width(const char *s);

/* The byte length of the longest head of s that fits in `cols` columns; a
 * wide character that would straddle the limit is left out, combining
 * marks stay with their base character. */
size_t utf8_head_bytes(const char *s, int cols);

/* Word wrap: the byte length of s's first line at `cols` columns: all of
 * s when it fits, else up to the last blank that fits, else what fits
 * (never less than one character, so a caller's loop always moves on). */
size_t utf8_wrap_line(const char *s, int cols);

/* The byte offset where the text left after skipping at least `cols`
 * columns of s begins (never inside a character; its marks go with it). */
size_t utf8_skip_cols(const char *s, int cols);

/* The offset of the character cluster after or before `at` in s (len
 * bytes): a code point with the zero-width marks that follow it, so a
 * cursor never stops between a letter and its accent. */
size_t utf8_next_cluster(const char *s, size_t len, size_t at);
size_t utf8_prev_cluster(const char *s, size_t at);

/* Copy s into out (n bytes, NUL-terminated when n > 0): whole when it
 * fits, else cut on a character boundary and ended with "…" (U+2026), so
 * a cut is never silent. Returns out. */
char *utf8_clip(const char *s, char *out, size_t n);

#endif
