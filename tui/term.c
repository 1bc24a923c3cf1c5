/* term.c: curses init and teardown, signals as flags, keys as codes. */
#include "config.h"

#include "term.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* <term.h> by its directory: our own term.h shadows the plain name. */
#if defined(__has_include)
#if __has_include(<ncursesw/term.h>)
#include <ncursesw/term.h>
#else
#include <term.h>
#endif
#else
#include <term.h>
#endif
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#include "canvas.h"
#include "fatal_signals.h"
#include "keys.h"
#include "numfmt.h"
#include "utf8.h"

static volatile sig_atomic_t got_signal, got_winch;
static int bad_byte;
static int wake_fd = -1; /* term_watch(): background work's news */

/* The most of the terminal the planner uses: curses keeps several cells per
 * character for the whole screen, so a 4000x4000 terminal cost 1.8 GB.
 * Beyond these the terminal stays blank and memory stays bounded. */
#define TERM_MAX_ROWS 200
#define TERM_MAX_COLS 500

static void on_winch(int sig)
{
    (void)sig;
    got_winch = 1;
}

/* The terminal's size, capped, in LINES and COLUMNS (which curses reads in
 * preference to the terminal's own): false when the size is unknown. */
static bool export_capped_size(int *rows, int *cols)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0)
        return false;
    *rows = ws.ws_row < TERM_MAX_ROWS ? ws.ws_row : TERM_MAX_ROWS;
    *cols = ws.ws_col < TERM_MAX_COLS ? ws.ws_col : TERM_MAX_COLS;
    char b[16];
    snprintf(b, sizeof b, "%d", *rows);
    setenv("LINES", b, 1);
    snprintf(b, sizeof b, "%d", *cols);
    setenv("COLUMNS", b, 1);
    return true;
}
static bool started, color;

static void on_signal(int sig) { got_signal = sig; }

int term_check(const char *file, Diag *d)
{
    if (!file)
        file = "FILE";
    diag_clear(d, NULL);
    if (!isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO)) {
        diag_set(d, EXIT_USAGE, 0, 0, NULL,
                 "the planner needs a terminal, and %s is not one; try "
                 "'gpuplan report %s' for a text report",
                 isatty(STDOUT_FILENO) ? "standard input" : "standard output", file);
        return d->status;
    }
    const char *t = getenv("TERM");
    /* A TERM long enough to fill the message is cut (with "…") so the
     * sentence's advice stays whole. */
    char tshown[80];
    utf8_clip(t ? t : "", tshown, sizeof tshown);
    int err = 0;
    if (!t || !*t || setupterm(NULL, STDOUT_FILENO, &err) != OK) {
        diag_set(d, EXIT_USAGE, 0, 0, NULL,
                 "TERM=%s is not a terminal type this system knows; try "
                 "'gpuplan report %s' for a text report", tshown, file);
        return d->status;
    }
    /* A terminal that cannot move the cursor (TERM=dumb, a printing
     * terminal) cannot show a full-screen planner: say so before curses
     * draws a blank screen. */
    const char *cup = tigetstr("cup");
    bool addressable = cup && cup != (char *)-1 && tigetflag("hc") <= 0;
    del_curterm(cur_term);
    cur_term = NULL;
    if (!addressable) {
        diag_set(d, EXIT_USAGE, 0, 0, NULL,
                 "TERM=%s cannot move the cursor, which the planner needs; "
                 "try 'gpuplan report %s' for a text report", tshown, file);
        return d->status;
    }
    return 0;
}

/* Colour pairs: foreground per style on the default background. */
static const struct {
    short fg, bg;
    int mono; /* attributes in monochrome, added to the colour ones too */
    int extra; /* attributes with colour */
} styles[] = {
    [TS_NORMAL] = {-1, -1, 0, 0},
    [TS_TITLE] = {COLOR_BLACK, COLOR_CYAN, A_REVERSE, 0},
    [TS_TAB] = {-1, -1, 0, 0},
    [TS_TAB_ACTIVE] = {COLOR_BLACK, COLOR_YELLOW, A_REVERSE | A_BOLD, A_BOLD},
    [TS_SELECTED] = {COLOR_BLACK, COLOR_WHITE, A_REVERSE, 0},
    [TS_EDIT] = {COLOR_BLACK, COLOR_YELLOW, A_REVERSE | A_UNDERLINE, 0},
    [TS_HEADER] = {COLOR_CYAN, -1, A_BOLD, A_BOLD},
    [TS_CHEAPEST] = {COLOR_GREEN, -1, A_BOLD | A_REVERSE, A_BOLD},
    [TS_DISALLOWED] = {COLOR_RED, -1, A_UNDERLINE, 0},
    [TS_STALE] = {COLOR_MAGENTA, -1, A_UNDERLINE, 0},
    [TS_ERROR] = {COLOR_RED, -1, A_BOLD, A_BOLD},
    [TS_HINT] = {COLOR_CYAN, -1, 0, 0},
    [TS_DIALOG] = {COLOR_BLACK, COLOR_YELLOW, A_REVERSE | A_BOLD, 0},
    [TS_CHART + CS_PLAIN] = {-1, -1, 0, 0},
    [TS_CHART + CS_AXIS] = {-1, -1, 0, 0},
    [TS_CHART + CS_ONPREM] = {COLOR_GREEN, -1, A_BOLD, A_BOLD},
    [TS_CHART + CS_ON_DEMAND] = {COLOR_RED, -1, 0, A_BOLD},
    [TS_CHART + CS_RESERVED] = {COLOR_BLUE, -1, 0, A_BOLD},
    [TS_CHART + CS_SPOT] = {COLOR_MAGENTA, -1, 0, A_BOLD},
    [TS_CHART + CS_MARKER] = {COLOR_YELLOW, -1, 0, 0},
    [TS_CHART + CS_MEASURED] = {COLOR_CYAN, -1, A_BOLD, A_BOLD},
    [TS_CHART + CS_CROSS] = {COLOR_YELLOW, -1, A_BOLD | A_REVERSE, A_BOLD},
    [TS_CHART + CS_LABEL] = {-1, -1, 0, 0},
};
#define STYLE_COUNT ((int)(sizeof styles / sizeof styles[0]))

int term_attr(int st)
{
    if (st < 0 || st >= STYLE_COUNT)
        return A_NORMAL;
    if (!color)
        return styles[st].mono;
    return (int)COLOR_PAIR(st + 1) | styles[st].extra;
}

bool term_start(bool mono)
{
    if (started)
        return true;
    int r0, c0;
    export_capped_size(&r0, &c0);
    if (!initscr())
        return false;
    started = true;
    /* One write a frame: until curses has been left once, ncurses 6.4
     * flushes its output at every cursor movement (a frame of the Hybrid
     * panel took 14 writes to the terminal, each a system call and a
     * wake-up of the terminal's reader). Leaving and entering again, before
     * the modes are set and the first frame drawn, makes it buffer a frame
     * and write it at the end. */
    endwin();
    refresh();
    raw(); /* also clears IXON: Ctrl-S reaches us */
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    color = !mono && has_colors() && start_color() == OK;
    if (color) {
        use_default_colors();
        for (int i = 0; i < STYLE_COUNT; i++)
            init_pair((short)(i + 1), styles[i].fg, styles[i].bg);
    }
    /* After initscr, so ours replace any curses installed: handlers only
     * set a flag, and without SA_RESTART the blocking read returns EINTR. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* Every signal a user can send that would end the planner (DESIGN 7):
     * the loop keeps the edits, removes the lock and restores the
     * terminal, whichever it is. */
    sigset_t fatal;
    fatal_signals_set(&fatal);
    for (int sig = 1; sig < NSIG; sig++)
        if (sigismember(&fatal, sig) == 1)
            sigaction(sig, &sa, NULL);
    /* Resizes too: the new size is capped before curses reallocates. */
    sa.sa_handler = on_winch;
    sigaction(SIGWINCH, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    /* The screen's minus sign (DESIGN 8): U+2212 where UTF-8 is shown. */
    num_minus_set(term_utf8() ? NUM_MINUS_TRUE : NUM_MINUS_ASCII);
    return true;
}

void term_stop(void)
{
    if (!started)
        return;
    started = false;
    curs_set(1);
    endwin();
    num_minus_set(NUM_MINUS_ASCII); /* messages on stderr after it */
}


bool term_utf8(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

int term_signal(void) { return got_signal; }

int term_bad_byte(void) { return bad_byte; }

volatile sig_atomic_t *term_signal_flag(void) { return &got_signal; }

/* vt100-family terminals and the Linux console: plain characters only. */
static bool term_basic(void)
{
    const char *t = getenv("TERM");
    return t && (strncmp(t, "vt", 2) == 0 || strncmp(t, "linux", 5) == 0);
}

bool term_braille(void) { return term_utf8() && !term_basic(); }

void term_box(WINDOW *w)
{
    /* Never the alternate character set: terminals that ignore its switch
     * (TERM=vt100 or screen inside tmux) showed the raw `lqqk`. */
    if (term_utf8() && !term_basic()) {
        static const wchar_t glyph[6][2] = {{L'\u2502'}, {L'\u2500'}, {L'\u250c'},
                                            {L'\u2510'}, {L'\u2514'}, {L'\u2518'}};
        cchar_t c[6];
        for (int i = 0; i < 6; i++)
            setcchar(&c[i], glyph[i], 0, 0, NULL);
        wborder_set(w, &c[0], &c[0], &c[1], &c[1], &c[2], &c[3], &c[4], &c[5]);
    } else {
        wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
    }
}

const char *term_ellipsis(void) { return term_utf8() ? "\u2026" : "~"; }

const char *term_dash(void) { return term_utf8() ? " \u2014 " : " - "; }

/* The rest of an escape sequence after Esc and `intro` ('[' or 'O'), read
 * without waiting: its key, or KC_NONE for one gpuplan does not know. */
static int escape_sequence(int intro)
{
    char seq[16];
    size_t n = 0;
    wint_t c;
    /* Parameters and intermediates (0x20-0x3f), then one final byte. */
    while (n + 1 < sizeof seq && wget_wch(stdscr, &c) == OK && c < 128) {
        seq[n++] = (char)c;
        if (c >= 0x40 || intro == 'O')
            break;
    }
    seq[n] = '\0';
    static const struct {
        char intro;
        const char *rest;
        int key;
    } known[] = {
        {'[', "A", KC_UP},      {'[', "B", KC_DOWN},    {'[', "C", KC_RIGHT},
        {'[', "D", KC_LEFT},    {'[', "H", KC_HOME},    {'[', "F", KC_END},
        {'[', "Z", KC_BTAB},    {'[', "3~", KC_DELETE}, {'[', "5~", KC_PGUP},
        {'[', "6~", KC_PGDN},   {'[', "1~", KC_HOME},   {'[', "4~", KC_END},
        {'O', "A", KC_UP},      {'O', "B", KC_DOWN},    {'O', "C", KC_RIGHT},
        {'O', "D", KC_LEFT},    {'O', "H", KC_HOME},    {'O', "F", KC_END},
        {'O', "P", KC_F(1)},    {'O', "Q", KC_F(2)},    {'O', "R", KC_F(3)},
        {'O', "S", KC_F(4)},    {'[', "15~", KC_F(5)},  {'[', "17~", KC_F(6)},
        {'[', "18~", KC_F(7)},  {'[', "19~", KC_F(8)},  {'[', "20~", KC_F(9)},
        {'[', "21~", KC_F(10)}, {'[', "23~", KC_F(11)}, {'[', "24~", KC_F(12)},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (known[i].intro == intro && strcmp(known[i].rest, seq) == 0)
            return known[i].key;
    return KC_NONE;
}

static int translate(int kind, wint_t ch)
{
    if (kind == OK) {
        if (ch == '\n' || ch == '\r')
            return KC_ENTER;
        if (ch == 8)
            return KC_BACKSPACE;
        return (int)ch;
    }
    switch (ch) {
    case KEY_UP: return KC_UP;
    case KEY_DOWN: return KC_DOWN;
    case KEY_LEFT: return KC_LEFT;
    case KEY_RIGHT: return KC_RIGHT;
    case KEY_HOME: return KC_HOME;
    case KEY_END: return KC_END;
    case KEY_DC: return KC_DELETE;
    case KEY_BACKSPACE: return KC_BACKSPACE;
    case KEY_BTAB: return KC_BTAB;
    case KEY_PPAGE: return KC_PGUP;
    case KEY_NPAGE: return KC_PGDN;
    case KEY_ENTER: return KC_ENTER;
    case KEY_RESIZE: return KC_RESIZE;
    default: break;
    }
    if (ch >= KEY_F(1) && ch <= KEY_F(63))
        return KC_F((int)(ch - KEY_F0));
    return KC_NONE;
}

void term_watch(int fd) { wake_fd = fd; }

/* Read one key as curses gives it: OK, KEY_CODE_YES or ERR, or
 * TERM_EV_BAD_BYTE. */
static int read_one(wint_t *ch)
{
    if (MB_CUR_MAX == 1) {
        /* One byte, one character: a byte the locale does not define is
         * dropped here, never held as the start of a character. */
        int c = wgetch(stdscr);
        if (c == ERR)
            return ERR;
        if (c >= KEY_MIN) {
            *ch = (wint_t)c;
            return KEY_CODE_YES;
        }
        if ((*ch = btowc(c)) == WEOF) {
            bad_byte = c;
            return TERM_EV_BAD_BYTE;
        }
        return OK;
    }
    return wget_wch(stdscr, ch);
}

/* With a watched fd: a key curses already holds (typed ahead, pushed
 * back), else sleep in poll() with no timeout until the terminal or the
 * fd has something. Returns the key's kind as read_one, or
 * TERM_EV_WAKE, or ERR with errno EINTR when a signal came (the caller
 * looks at the flags), or -2 when the terminal has input for a blocking
 * read. */
static int read_or_wake(wint_t *ch)
{
    nodelay(stdscr, TRUE);
    int kind = read_one(ch);
    nodelay(stdscr, FALSE);
    if (kind != ERR)
        return kind;
    struct pollfd p[2] = {{STDIN_FILENO, POLLIN, 0}, {wake_fd, POLLIN, 0}};
    if (poll(p, 2, -1) < 0) {
        errno = EINTR;
        return ERR;
    }
    /* The keyboard first: its news is the user's. */
    if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR)) && (p[1].revents & POLLIN))
        return TERM_EV_WAKE;
    return -2;
}

int term_read_key(void)
{
    int errors = 0;
    for (;;) {
        if (got_signal)
            return TERM_EV_SIGNAL;
        if (got_winch) {
            got_winch = 0;
            int r, c;
            if (export_capped_size(&r, &c))
                resizeterm(r, c);
            return KC_RESIZE;
        }
        wint_t ch;
        errno = 0;
        int kind = wake_fd >= 0 ? read_or_wake(&ch) : -2;
        if (kind == TERM_EV_WAKE || kind == TERM_EV_BAD_BYTE)
            return kind;
        if (kind == -2) {
            errno = 0;
            kind = read_one(&ch);
            if (kind == TERM_EV_BAD_BYTE)
                return kind;
        }
        if (kind == ERR) {
            if (got_signal)
                return TERM_EV_SIGNAL;
            if (errno == EINTR)
                continue; /* a resize arrives as KEY_RESIZE next */
            /* EOF or EIO: a vanished terminal returns at once, every time;
             * a few in a row means it is gone (never spin). */
            if (++errors >= 3)
                return TERM_EV_LOST;
            continue;
        }
        errors = 0;
        int key = translate(kind, ch);
        if (key == KC_ESC) {
            /* Esc followed at once by a key (same burst): Alt-key. One
             * non-blocking look, not a poll. */
            nodelay(stdscr, TRUE);
            wint_t next;
            int k2 = wget_wch(stdscr, &next);
            /* A resize that landed inside the burst comes after the key. */
            bool resized = false;
            while (k2 == KEY_CODE_YES && next == KEY_RESIZE) {
                resized = true;
                k2 = wget_wch(stdscr, &next);
            }
            int out = KC_ESC;
            if (k2 == OK && (next == '[' || next == 'O')) {
                /* A sequence the terminfo entry does not know (TERM=vt100
                 * inside tmux sends xterm's): decode the usual ones, drop
                 * the rest rather than type them into a field. */
                out = escape_sequence((int)next);
                nodelay(stdscr, FALSE);
                if (resized)
                    ungetch(KEY_RESIZE);
                if (out == KC_NONE)
                    continue;
                return out;
            }
            nodelay(stdscr, FALSE);
            if (k2 == OK && next < 128 && next != 27)
                out = KC_ALT((int)next);
            else if (k2 == KEY_CODE_YES)
                ungetch((int)next);
            else if (k2 == OK)
                unget_wch((wchar_t)next);
            if (resized)
                ungetch(KEY_RESIZE);
            return out;
        }
        if (key != KC_NONE)
            return key;
    }
}
