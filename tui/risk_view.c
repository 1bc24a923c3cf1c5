/* risk_view.c: the tornado chart and :seek in the planner; see
 * risk_view.h. */
#include "config.h"

#include "risk_view.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_tornado.h"
#include "edit.h"
#include "numfmt.h"
#include "seek.h"
#include "strbuf.h"

static void ensure(App *a)
{
    if (!a->tornado)
        a->tornado = xmalloc(sizeof *a->tornado);
    if (!a->risk_work)
        a->risk_work = xmalloc(sizeof *a->risk_work);
}

void risk_view_draw(App *a, Canvas *c)
{
    ensure(a);
    /* about 15 us for 40 inputs (make bench): well inside a keystroke */
    risk_tornado(&a->shown, a->risk_work, a->tornado);
    chart_tornado_render(c, a->tornado, a->shown.currency);
}

static bool parse_option(const char *w, CostOption *x)
{
    if (strncmp(w, "onprem=", 7) == 0)
        w += 7;
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        if (strcmp(w, cost_option_key((CostOption)k)) == 0) {
            *x = (CostOption)k;
            return true;
        }
    return false;
}

Reaction risk_view_seek(App *a, char *arg)
{
    char *key = strtok(arg, " \t");
    char *opt = key ? strtok(NULL, " \t") : NULL;
    CostOption x;
    if (!key || !opt || !parse_option(opt, &x))
        return msg_show(a, true, "seek: expected KEY OPTION, e.g. seek "
                       "hardware.node_price spot (OPTION: on_demand, "
                       "reserved or spot)");
    const Field *f = field_find(key);
    if (!seek_can_vary(f)) {
        if (f)
            return msg_show(a, true, "seek: %s is not a number field", key);
        Diag why;
        field_unknown("", key, &why);
        return msg_show(a, true, "seek: %s", why.message);
    }
    ensure(a);
    SeekResult r;
    seek_solve(&a->doc.cur, f, x, a->risk_work, &r);
    if (r.outcome != SEEK_ROOT) {
        char text[300];
        seek_no_root_text(f, x, &r, text, sizeof text);
        text[0] = (char)toupper((unsigned char)text[0]);
        return msg_show(a, false, "%s", text);
    }
    char shown[48], money[48];
    num_snprintf(shown, sizeof shown, "%.10g", r.value);
    num_format_money(r.onprem, 2, money, sizeof money);
    if (f->type == FT_INT && r.value != floor(r.value))
        return msg_show(a, false, "%s = %s: on-prem and %s both cost %s; "
                       "%s is a whole number, and the answer flips between "
                       "%.0f and %.0f", f->key, shown, cost_option_word(x),
                       money, f->key, floor(r.value), ceil(r.value));
    snprintf(a->seek_key, sizeof a->seek_key, "%s", f->key);
    num_format_exact(r.value, a->seek_value, sizeof a->seek_value);
    char q[400];
    snprintf(q, sizeof q, "Apply %s = %s? (y/n): on-prem then costs what "
             "%s costs, %s a month", f->key, shown, cost_option_word(x),
             money);
    dialog_choice(&a->dlg, P_SEEK_APPLY, q, "yn");
    return R_LINE;
}

Reaction risk_view_seek_apply(App *a)
{
    if (!a->seek_key[0])
        return R_NONE;
    Reaction r = edit_set_key(a, a->seek_key, a->seek_value);
    a->seek_key[0] = '\0';
    return r;
}

void risk_view_free(App *a)
{
    free(a->tornado);
    a->tornado = NULL;
    free(a->risk_work);
    a->risk_work = NULL;
}
