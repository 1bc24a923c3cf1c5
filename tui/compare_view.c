/* compare_view.c: the planner's :compare and :diff (DESIGN 11.5); see
 * compare_view.h. */
#include "config.h"

#include "compare_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_name.h"
#include "compare_report.h"
#include "form.h"
#include "form_text.h"
#include "numfmt.h"
#include "scenario_file.h"
#include "strbuf.h"
#include "term.h"
#include "text_rules.h"
#include "utf8.h"

typedef struct CompareView CompareView;
struct CompareView {
    Scenario b;       /* as loaded: the planner never writes it */
    CostResult rb;
    HorizonFigures hb;
    char name[DOC_PATH_MAX]; /* as typed: a path or a shipped name */
    Comparison c;
    unsigned long gen; /* the evaluation of A (a->res_gen) c is of */
    bool computed;
    bool show_b; /* one column at a time: B's */
};

void compare_view_free(App *a)
{
    free(a->compare);
    a->compare = NULL;
    free(a->opened);
    a->opened = NULL;
}

void compare_view_opened(App *a)
{
    if (!a->opened)
        a->opened = xmalloc(sizeof *a->opened);
    *a->opened = a->doc.cur;
}

/* The name of B as the screen shows it: controls escaped (DESIGN 7), in
 * the C locale one '?' a character. */
static void shown_name(const App *a, char *buf, size_t n)
{
    const char *name = a->compare->name;
    text_visible(name, strlen(name), false, buf, n);
    form_locale_text(buf);
}

static Reaction close_view(App *a)
{
    if (!a->compare)
        return msg_show(a, false, "no comparison is open (:compare FILE opens one)");
    free(a->compare);
    a->compare = NULL;
    return R_RESULTS | R_CHART | msg_show(a, false, "comparison closed");
}

Reaction compare_view_command(App *a, const char *arg)
{
    if (!*arg || strcmp(arg, "off") == 0)
        return close_view(a);
    Diag d;
    Scenario *s = xmalloc(sizeof *s);
    char *path = cli_resolve_scenario(arg);
    int rc = scenario_load_file(path, s, &d);
    free(path);
    if (rc != 0) {
        free(s);
        /* The comparison open before, if any, stays. */
        return msg_diag(a, &d);
    }
    if (!a->compare)
        a->compare = xmalloc(sizeof *a->compare);
    CompareView *v = a->compare;
    memset(v, 0, sizeof *v);
    v->b = *s;
    free(s);
    snprintf(v->name, sizeof v->name, "%s", arg);
    /* B's own figures once: nothing on screen changes them. */
    cost_evaluate(&v->b, &v->rb);
    horizon_evaluate(&v->b, &v->hb.result, &v->hb.cum);
    char name[4 * 256];
    shown_name(a, name, sizeof name);
    return R_RESULTS | R_CHART |
           msg_show(a, false, "comparing with B, %s (read-only): where one column fits, v "
                    "switches A and B; :compare off closes it", name);
}

bool compare_view_figures(App *a, ResultsCompare *rc)
{
    CompareView *v = a->compare;
    if (!v)
        return false;
    /* The comparison follows A's figures: worked out again only when they
     * were (edit.c counts the evaluations). */
    if (!v->computed || v->gen != a->res_gen) {
        CompareInput in[2] = {{&a->shown, &a->res, &a->horizon.result},
                              {&v->b, &v->rb, &v->hb.result}};
        compare_evaluate(in, 2, &v->c);
        v->gen = a->res_gen;
        v->computed = true;
    }
    *rc = (ResultsCompare){&v->b, &v->rb, &a->horizon.result, &v->hb.result, &v->c};
    return true;
}

CompareShow compare_view_show(App *a, int width, ResultsCompare *rc)
{
    if (!compare_view_figures(a, rc))
        return CMP_NONE;
    if (width >= results_compare_width(&a->res, rc))
        return CMP_BOTH;
    return a->compare->show_b ? CMP_B : CMP_A;
}

Reaction compare_view_toggle(App *a)
{
    ResultsCompare rc;
    int width = a->w_results ? getmaxx(a->w_results) : 0;
    switch (compare_view_show(a, width, &rc)) {
    case CMP_NONE:
        return msg_show(a, false, "v switches the figures between this scenario and the "
                        "one :compare FILE opens; none is open");
    case CMP_BOTH:
        return msg_show(a, false, "both scenarios are side by side: v switches them where "
                        "the results have room for one column");
    default:
        break;
    }
    a->compare->show_b = !a->compare->show_b;
    char name[4 * 256];
    shown_name(a, name, sizeof name);
    if (a->compare->show_b)
        return R_RESULTS | msg_show(a, false, "showing B, %s (read-only): v shows A", name);
    return R_RESULTS | msg_show(a, false, "showing A, this scenario: v shows B, %s", name);
}

/* "PREFIX NAME SUFFIX" in `width` columns, the name cut to an ellipsis
 * where it is too long. */
static void fit_name(const char *prefix, const char *name, const char *suffix, int width,
                     char *buf, size_t n)
{
    int room = width - utf8_width(prefix) - utf8_width(suffix);
    int nw = utf8_width(name);
    if (nw <= room || room < 2)
        snprintf(buf, n, "%s%s%s", prefix, name, suffix);
    else
        snprintf(buf, n, "%s%.*s%s%s", prefix, (int)utf8_head_bytes(name, room - 1), name,
                 term_ellipsis(), suffix);
}

void compare_view_lead(App *a, CompareShow show, int width, char *buf, size_t n)
{
    char name[4 * 256];
    buf[0] = '\0';
    if (show == CMP_NONE || !a->compare)
        return;
    shown_name(a, name, sizeof name);
    const Comparison *c = &a->compare->c;
    switch (show) {
    case CMP_BOTH:
        fit_name("B: ", name, c->has_cheapest ? ", read-only; * cheapest of both"
                                              : ", read-only; currencies differ",
                 width, buf, n);
        return;
    case CMP_B:
        fit_name("B ", name, ", read-only; v: A", width, buf, n);
        return;
    default:
        fit_name("A this scenario; v: B ", name, "", width, buf, n);
        return;
    }
}

void compare_view_cheapest(App *a, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!a->compare || !a->compare->computed)
        return;
    const Comparison *c = &a->compare->c;
    if (!c->has_cheapest) {
        snprintf(buf, n, "Currencies differ: no cheapest of both");
        return;
    }
    char money[48];
    num_format_money(c->cheapest_monthly, 0, money, sizeof money);
    num_snprintf(buf, n, "Cheapest of both: %c %s, %s", compare_label(c->cheapest_scenario),
                 cost_option_word(c->cheapest_option), money);
}

const char *compare_view_label(const App *a, CompareShow show)
{
    (void)a;
    return show == CMP_B ? "B: " : NULL;
}

/* ---- :diff ---------------------------------------------------------------- */

/* One input that differs, in words: "Nodes: 4 nodes -> 5 nodes", "Hybrid
 * plan: added", "Workload 'ci': added: 1 GPUs, ..." (the words of gpuplan
 * diff, compare_report.h). */
static void input_line(const InputDiff *d, const Scenario *from, const Scenario *to,
                       const char *arrow, StrBuf *b)
{
    bool top = d->kind == DIFF_SECTION_ADDED || d->kind == DIFF_SECTION_REMOVED;
    sb_append(b, top ? "  " : "    ");
    diff_what(d, from, to, b);
    sb_append(b, ": ");
    switch (d->kind) {
    case DIFF_SECTION_ADDED: sb_append(b, "added"); return;
    case DIFF_SECTION_REMOVED: sb_append(b, "removed"); return;
    case DIFF_ITEM_ADDED:
        sb_append(b, "added: ");
        diff_side(d, true, from, to, b);
        return;
    case DIFF_ITEM_REMOVED:
        sb_append(b, "removed: ");
        diff_side(d, false, from, to, b);
        return;
    default:
        diff_side(d, false, from, to, b);
        sb_append(b, arrow);
        diff_side(d, true, from, to, b);
    }
}

static void inputs_lines(App *a, const ScenarioDiff *sd, const Scenario *from,
                         const char *arrow)
{
    char head[64];
    snprintf(head, sizeof head, "Inputs that differ (%zu)", sd->count);
    dialog_help_line(&a->dlg, head);
    const char *group = NULL;
    for (size_t i = 0; i < sd->count; i++) {
        const InputDiff *d = &sd->item[i];
        bool top = d->kind == DIFF_SECTION_ADDED || d->kind == DIFF_SECTION_REMOVED;
        if (!top && (!group || strcmp(group, diff_group(d)) != 0)) {
            char g[64];
            snprintf(g, sizeof g, "  %s", diff_group(d));
            dialog_help_line(&a->dlg, g);
        }
        group = diff_group(d);
        StrBuf b = STRBUF_INIT;
        input_line(d, from, &a->shown, arrow, &b);
        dialog_help_line(&a->dlg, sb_str(&b));
        sb_free(&b);
    }
}

static void results_lines(App *a, const ResultDiff *rd, const char *arrow)
{
    char head[64];
    snprintf(head, sizeof head, "Results that move (%zu)", rd->count);
    dialog_help_line(&a->dlg, head);
    for (size_t i = 0; i < rd->count; i++) {
        const ResultMove *m = &rd->move[i];
        StrBuf b = STRBUF_INIT, ch = STRBUF_INIT;
        sb_append(&b, "  ");
        result_what(m, &b);
        sb_append(&b, ": ");
        result_change(m, &ch);
        if (m->kind == RES_ADVICE) {
            sb_append(&b, sb_str(&ch));
        } else {
            result_side(m, false, &b);
            sb_append(&b, arrow);
            result_side(m, true, &b);
            if (sb_str(&ch)[0])
                sb_printf(&b, " (%s)", sb_str(&ch));
        }
        dialog_help_line(&a->dlg, sb_str(&b));
        sb_free(&b);
        sb_free(&ch);
    }
}

Reaction compare_view_diff(App *a, const char *arg)
{
    if (*arg)
        return msg_show(a, true, "diff takes no argument: it lists what changed since the "
                        "file was opened (gpuplan diff A B compares two files)");
    if (!a->opened)
        compare_view_opened(a);
    const Scenario *from = a->opened;
    /* The figures as opened, worked out now; the open scenario's are on
     * screen. The hybrid plans' are not compared here (their simulation
     * runs beside the loop): gpuplan diff has them. */
    CostResult *rf = xmalloc(sizeof *rf);
    HorizonFigures *hf = xmalloc(sizeof *hf);
    ScenarioDiff *sd = xmalloc(sizeof *sd);
    cost_evaluate(from, rf);
    horizon_evaluate(from, &hf->result, &hf->cum);
    const char *file = a->doc.path[0] ? a->doc.path : "(no file)";
    CompareEntry ef = {file, from, rf, hf, NULL}, et = {file, &a->shown, &a->res, &a->horizon,
                                                        NULL};
    scenario_diff(from, &a->shown, sd);
    ResultDiff rd;
    ResultSide rs_from = result_side_of(&ef), rs_to = result_side_of(&et);
    result_diff(&rs_from, &rs_to, &rd);
    char title[256], shown[4 * 256];
    text_visible(file, strlen(file), false, shown, sizeof shown);
    form_locale_text(shown);
    msg_format(title, sizeof title, "diff: since %s was opened (Esc closes)",
               a->doc.path[0] ? shown : "the planner started");
    dialog_prose(&a->dlg, title);
    const char *arrow = term_utf8() ? " \u2192 " : " -> ";
    if (sd->count == 0 && rd.count == 0) {
        dialog_help_line(&a->dlg, "Nothing changed.");
    } else {
        inputs_lines(a, sd, from, arrow);
        dialog_help_line(&a->dlg, "");
        results_lines(a, &rd, arrow);
    }
    if (from->has_hybrid || a->shown.has_hybrid)
        dialog_help_line(&a->dlg, "The hybrid plan's figures are on the Hybrid panel; "
                                  "gpuplan diff compares them.");
    free(rf);
    free(hf);
    free(sd);
    return R_ALL;
}
