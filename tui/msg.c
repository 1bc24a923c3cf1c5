/* msg.c: the status-line message and its log; see msg.h. */
#include "config.h"

#include "msg.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "planner.h"
#include "term.h"
#include "text_rules.h"
#include "utf8.h"

char *msg_fit(char *buf, size_t n, size_t need)
{
    if (n == 0 || need < n)
        return buf;
    const char *ell = term_ellipsis();
    size_t el = strlen(ell);
    if (n <= el) {
        buf[0] = '\0';
        return buf;
    }
    size_t keep = utf8_floor(buf, strlen(buf), n - 1 - el);
    memcpy(buf + keep, ell, el + 1);
    return buf;
}

char *msg_format(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return msg_fit(buf, n, need < 0 ? 0 : (size_t)need);
}

Reaction msg_show(App *a, bool error, const char *fmt, ...)
{
    MsgLine *m = &a->msg;
    char raw[MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    msg_fit(raw, sizeof raw, need < 0 ? 0 : (size_t)need);
    msg_fit(m->text, sizeof m->text,
            text_visible(raw, strlen(raw), false, m->text, sizeof m->text));
    m->error = error;
    if (m->text[0])
        memcpy(m->log[m->logged++ % MSG_LOG_MAX], m->text, sizeof m->text);
    return R_MSG;
}

Reaction msg_diag(App *a, const Diag *d)
{
    char m[DIAG_TEXT_MAX];
    diag_format(d, m, sizeof m);
    return msg_show(a, true, "%s", m);
}

Reaction msg_clear(App *a)
{
    a->msg.text[0] = '\0';
    return R_MSG;
}

size_t msg_log_count(const App *a)
{
    return a->msg.logged < MSG_LOG_MAX ? a->msg.logged : MSG_LOG_MAX;
}

const char *msg_log_at(const App *a, size_t i)
{
    size_t first = a->msg.logged - msg_log_count(a);
    return i < msg_log_count(a) ? a->msg.log[(first + i) % MSG_LOG_MAX] : "";
}
