/* msg.h: the planner's status-line message (DESIGN 8): what a key did or
 * why it did nothing, kept for :messages.
 *
 * Messages quote file names, keys and values: control characters are
 * shown visibly, never sent to the terminal (DESIGN 7). A message longer
 * than its buffer ends in the ellipsis, never cut without a mark; one
 * longer than the bottom line is drawn whole, wrapped over the chart
 * (screen.c). */
#ifndef GPUPLAN_MSG_H
#define GPUPLAN_MSG_H

#include <stdbool.h>
#include <stddef.h>

/* Bytes of one message, its terminator included. */
#define MSG_MAX 1024
/* Messages :messages keeps, the oldest dropped first; MSG_LOG_MAX_TEXT is
 * the same number as text, for the help. */
#define MSG_LOG_MAX 50
#define MSG_STRINGIFY_(n) #n
#define MSG_STRINGIFY(n) MSG_STRINGIFY_(n)
#define MSG_LOG_MAX_TEXT MSG_STRINGIFY(MSG_LOG_MAX)

typedef struct MsgLine {
    char text[MSG_MAX]; /* "" = none: the status line shows the field's help */
    bool error;         /* shown in the error style */
    int rows;           /* rows it took when last drawn (>1: over the chart) */
    char log[MSG_LOG_MAX][MSG_MAX]; /* the last messages, a ring */
    size_t logged;      /* messages ever shown; the oldest kept is at
                         * logged % MSG_LOG_MAX once the ring is full */
} MsgLine;

typedef struct App App;
typedef unsigned Reaction; /* planner.h */

/* Show a message on the status line (error: in the error style) and keep
 * it for :messages; returns R_MSG. */
Reaction msg_show(App *a, bool error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Clear the status line's message; returns R_MSG. */
Reaction msg_clear(App *a);

/* Show d as an error: "FILE:LINE:COL: path: message" (diag_format, the
 * parts it has). Returns R_MSG. */
struct Diag;
Reaction msg_diag(App *a, const struct Diag *d);

/* The messages kept, oldest first: how many, and the i-th of them. */
size_t msg_log_count(const App *a);
const char *msg_log_at(const App *a, size_t i);

/* A text snprintf wrote into buf (n bytes) needing `need` bytes: when it
 * did not fit, its end becomes the ellipsis (term_ellipsis), at a
 * character boundary, so a cut never passes for the whole text. Returns
 * buf. */
char *msg_fit(char *buf, size_t n, size_t need);

/* snprintf into buf (n bytes) for text a user reads: what does not fit
 * ends in the ellipsis (msg_fit). Returns buf. */
char *msg_format(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
