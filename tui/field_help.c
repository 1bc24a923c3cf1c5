/* field_help.c: the selected field's whole help; see field_help.h. */
#include "config.h"

#include "field_help.h"

#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "edit.h"
#include "form.h"
#include "form_text.h"
#include "numfmt.h"

/* "1 to 100,000 nodes", "more than 0 %", for a number field f whose unit
 * (the currency in place of "$") is `unit`. */
static void allowed_number(const Field *f, const char *unit, char *buf, size_t n)
{
    char lo[48], hi[48];
    num_format_value(f->minimum, lo, sizeof lo);
    num_format_value(f->maximum, hi, sizeof hi);
    if (f->above_minimum)
        snprintf(buf, n, "more than %s, up to %s%s%s", lo, hi, unit[0] ? " " : "", unit);
    else
        snprintf(buf, n, "%s to %s%s%s", lo, hi, unit[0] ? " " : "", unit);
}

/* What field f allows, in words. */
static void allowed(const Field *f, const char *unit, char *buf, size_t n)
{
    switch (f->type) {
    case FT_BOOL:
        snprintf(buf, n, "yes or no (Space toggles)");
        break;
    case FT_CHOICE: {
        char words[200];
        field_choice_list(f, ", ", " or ", words, sizeof words);
        snprintf(buf, n, "%s (Space cycles)", words);
        break;
    }
    case FT_TEXT:
        if (f->minimum == f->maximum)
            snprintf(buf, n, "text of %.0f characters", f->minimum);
        else
            snprintf(buf, n, "text of %.0f to %.0f characters%s", f->minimum, f->maximum,
                     field_multiline(f) ? ", over several lines" : "");
        break;
    default:
        allowed_number(f, unit, buf, n);
        break;
    }
}

/* The value a scenario that does not give field f takes. */
static void default_text(const Field *f, char *buf, size_t n)
{
    if (f->default_key) {
        snprintf(buf, n, "the value of %s", f->default_key);
        return;
    }
    switch (f->type) {
    case FT_BOOL:
        snprintf(buf, n, "%s", f->default_num != 0 ? "yes" : "no");
        break;
    case FT_CHOICE:
        snprintf(buf, n, "%s", f->choices ? f->choices[(int)f->default_num] : "");
        break;
    case FT_TEXT:
        snprintf(buf, n, "%s", f->default_text && f->default_text[0] ? f->default_text
                                                                      : "empty");
        break;
    default:
        num_format_value(f->default_num, buf, n);
        break;
    }
}

Reaction field_help_show(App *a)
{
    FieldRef r;
    if (!edit_cur_ref(a, &r))
        return commands_show_help(a);
    const Field *f = field_ref(&r);
    char line[1200], val[512], unit[64], text[600];
    snprintf(line, sizeof line, "%s (%s): Esc closes, F1 lists every key", f->label, r.path);
    dialog_prose(&a->dlg, line);
    dialog_help_line(&a->dlg, f->help);
    dialog_help_line(&a->dlg, "");
    form_value(f, &a->doc.cur, val, sizeof val, unit, sizeof unit);
    snprintf(line, sizeof line, "Value: %s%s%s", val, unit[0] ? " " : "", unit);
    dialog_help_line(&a->dlg, line);
    /* The unit as the value's own, "nodes" not "node" for a 1. */
    const char *dollar = strchr(f->unit, '$');
    if (dollar)
        snprintf(unit, sizeof unit, "%.*s%s%s", (int)(dollar - f->unit), f->unit,
                 a->doc.cur.currency, dollar + 1);
    else
        snprintf(unit, sizeof unit, "%s", f->unit);
    allowed(f, unit, text, sizeof text);
    snprintf(line, sizeof line, "Allowed: %s", text);
    dialog_help_line(&a->dlg, line);
    default_text(f, text, sizeof text);
    bool number = f->type != FT_BOOL && f->type != FT_CHOICE && f->type != FT_TEXT;
    snprintf(line, sizeof line, "Default: %s%s%s", text,
             number && !f->default_key && unit[0] ? " " : "",
             number && !f->default_key ? unit : "");
    dialog_help_line(&a->dlg, line);
    if (f->step > 0) {
        num_format_value(f->step, text, sizeof text);
        snprintf(line, sizeof line, "Step: %s (- and + nudge by it, < and > by ten)", text);
        dialog_help_line(&a->dlg, line);
    }
    snprintf(line, sizeof line, "From the command line: gpuplan report --set %s=VALUE FILE",
             r.path);
    dialog_help_line(&a->dlg, line);
    return R_ALL;
}
