/* term.h: the planner's terminal: curses setup and teardown, signals, keys.
 *
 * The only module that talks to the tty directly. Signal handlers only set
 * flags (DESIGN 7); term_read_key() blocks without a timeout (no polling) and
 * reports a pending signal, a resize or a lost terminal as an event for the
 * main loop to act on. */
#ifndef GPUPLAN_TERM_H
#define GPUPLAN_TERM_H

#include <curses.h>
#include <signal.h>

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/* Events term_read_key returns besides key codes (keys.h). */
enum {
    TERM_EV_SIGNAL = -100, /* a signal that ends the planner arrived
                              (fatal_signals.h): see term_signal() */
    TERM_EV_LOST = -101,   /* the tty returns errors or end of file */
    TERM_EV_BAD_BYTE = -102, /* a byte that is no character in this locale
                               (é typed under LANG=C): see term_bad_byte() */
    TERM_EV_WAKE = -103     /* the fd of term_watch() is readable */
};

/* Check before curses starts that stdin and stdout are terminals and TERM
 * is a type this system knows. Returns 0, or EXIT_USAGE with the sentence
 * in d (no file, no position; diag_format shows TERM's control characters
 * visibly). The sentence's hint names `file`, the FILE the user gave ("try
 * 'gpuplan report diagflow'"); NULL = the word FILE. */
int term_check(const char *file, Diag *d);

/* Start curses: locale, raw mode (IXON off, so Ctrl-S arrives), no echo,
 * keypad, ESCDELAY 25 ms, invisible cursor, colours unless `mono`. Installs
 * the handlers of every signal that would end the planner (fatal_signals.h:
 * SIGHUP, SIGTERM, SIGUSR1, SIGALRM, ...), which only set the flag. Returns
 * false when curses cannot start. */
bool term_start(bool mono);

/* Leave curses and restore the terminal's modes (safe to call twice, and
 * when the terminal is gone). */
void term_stop(void);

/* True when the locale's character set is UTF-8. */
bool term_utf8(void);

/* True when charts may use Unicode braille and arrows (DESIGN 8): a UTF-8
 * locale on a terminal that is not of the vt100 family or the Linux
 * console. */
bool term_braille(void);

/* A border round w in lines the terminal shows: Unicode box drawing in a
 * UTF-8 locale (except on vt100-family terminals and the Linux console),
 * else `+`, `-` and `|` (DESIGN 8: never raw `lqqk`). */
void term_box(WINDOW *w);

/* The mark of cut text: an ellipsis, or "~" where UTF-8 is not shown. */
const char *term_ellipsis(void);

/* " — " between the parts of a line, " - " where UTF-8 is not shown. */
const char *term_dash(void);

/* Block until a key, a resize (KC_RESIZE), a signal (TERM_EV_SIGNAL), a
 * lost terminal (TERM_EV_LOST) or news on the watched fd (TERM_EV_WAKE). Function keys come as KC_ codes, other
 * keys as code points; Esc followed at once by a key is Alt-key. In a
 * single-byte locale (LANG=C) keys are read a byte at a time, and a byte
 * that is no character there comes back as TERM_EV_BAD_BYTE instead of
 * leaving the reader waiting for the rest of a character that never
 * completes (which swallowed every later key). */
int term_read_key(void);

/* Also wake term_read_key() when fd becomes readable (background work's
 * news, background.h): it returns TERM_EV_WAKE, and the caller empties
 * the fd. Keys already typed come first. -1 stops watching. */
void term_watch(int fd);

/* The byte of the last TERM_EV_BAD_BYTE (it was dropped). */
int term_bad_byte(void);

/* The signal that ended the session (SIGHUP, SIGTERM, ...), 0 when none. */
int term_signal(void);

/* The flag the signal handlers raise (the signal's number, 0 while none
 * came), for long computations to watch: they stop when it is non-zero. */
volatile sig_atomic_t *term_signal_flag(void);



/* Screen styles, mapped to a colour pair and attributes, or to attributes
 * alone in monochrome. The chart's styles follow TS_CHART (one per
 * CanvasStyle, in canvas.h order). */
typedef enum TermStyle {
    TS_NORMAL,
    TS_TITLE,
    TS_TAB,
    TS_TAB_ACTIVE,
    TS_SELECTED,
    TS_EDIT,
    TS_HEADER,
    TS_CHEAPEST,
    TS_DISALLOWED,
    TS_STALE,
    TS_ERROR,
    TS_HINT,
    TS_DIALOG,
    TS_CHART /* + CanvasStyle */
} TermStyle;

/* The curses attributes (colour pair included) for style st. */
int term_attr(int st);

#endif
