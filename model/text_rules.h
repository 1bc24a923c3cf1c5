/* text_rules.h: what a text from a file, an argument or the price book may
 * hold, and how it is shown (DESIGN 7).
 *
 * Two rules keep data from reaching further than it should:
 * - One-line texts (names, keys, choices) refuse line breaks, every other
 *   control character (C0, DEL, C1) and the Unicode bidirectional controls
 *   that reorder what a reader sees (U+202A..U+202E, U+2066..U+2069).
 *   Multi-line texts (notes) allow line breaks and tabs only.
 * - Whatever gpuplan prints from data shows control characters visibly:
 *   ESC becomes the four characters `\x1b`, U+202E becomes `\u202e`, so a
 *   file can neither retitle nor clear the user's terminal.
 * Pure: libc only, no allocation. */
#ifndef GPUPLAN_TEXT_RULES_H
#define GPUPLAN_TEXT_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/* Check text (NUL-terminated, valid UTF-8 is checked elsewhere) against the
 * one-line rule (multiline false) or the multi-line rule (true). On a
 * refusal returns EXIT_DATAERR with d's message saying what is wrong, with
 * the character's 1-based position in the text ("contains a line break at
 * character 12 (...)"); *pos (may be NULL) gets the byte offset of the
 * offending character. 0 when the text is allowed. */
int text_check(const char *text, bool multiline, Diag *d, size_t *pos);

/* True when code point cp must never appear in a one-line text. */
bool text_forbidden_cp(unsigned long cp);

/* The parts of that rule: a C0 or C1 control or DEL; a bidirectional
 * control (U+202A..U+202E, U+2066..U+2069). */
bool text_is_control(unsigned long cp);
bool text_is_bidi(unsigned long cp);

/* Copy len bytes of s into out (n bytes, always NUL-terminated when n > 0)
 * with control characters, bidirectional controls, invisible characters
 * (the bidi marks U+061C, U+200E, U+200F; U+200B, U+2060..U+2064, U+FEFF
 * and the tags U+E0000..U+E007F) and bytes that are not UTF-8 written
 * visibly: C0 and DEL as `\xNN`, the others as `\uNNNN` (`\uNNNNN` past
 * U+FFFF). The one function every printer of data uses: messages, the
 * command line, the planner's title. With keep_newlines, '\n' and '\t' stay as they are. Output is
 * cut at a character boundary when it does not fit. Returns the length
 * the whole visible text needs (without the NUL), as snprintf does. */
size_t text_visible(const char *s, size_t len, bool keep_newlines, char *out,
                    size_t n);

/* s without its leading blanks and tabs, its trailing ones cut off in
 * place (s is changed); returns a pointer into s. */
char *text_trim(char *s);

/* True when s (len bytes) holds anything text_visible would rewrite. */
bool text_needs_escape(const char *s, size_t len, bool keep_newlines);

#endif
