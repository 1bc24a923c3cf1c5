/* compare_words.c: the wording `gpuplan diff` and `gpuplan compare` share
 * across their formats (DESIGN 11): what differs and its two sides, what
 * moved and by how much, a crossover in a cell, the notes that keep
 * figures from comparing. Each format writes its own markup around these;
 * declared in compare_report.h. */
#include "config.h"

#include "compare_report.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fields.h"
#include "numfmt.h"
#include "utf8.h"

/* Notes longer than this (or of several lines) show as their length. */
#define TEXT_SHOWN 48

CompareInput compare_input_of(const CompareEntry *e)
{
    CompareInput in = {e->scenario, e->cost, &e->horizon->result};
    return in;
}

ResultSide result_side_of(const CompareEntry *e)
{
    ResultSide r = {e->cost, &e->horizon->result, e->hybrid};
    return r;
}

/* --- inputs ------------------------------------------------------------------- */

const char *diff_group(const InputDiff *d)
{
    static const struct {
        const char *section, *title;
    } groups[] = {{"", "Scenario"},           {"hardware", "Hardware"},
                  {"facility", "Facility"},   {"staffing", "Staffing"},
                  {"utilization", "Utilization"}, {"cloud", "Cloud"},
                  {"opportunity", "Opportunity"}, {"constraints", "Constraints"},
                  {"horizon", "Horizon"},     {"hybrid", "Hybrid plan"},
                  {"uncertainty", "Uncertainty"}};
    char sec[32] = "";
    if (d->row)
        field_section(d->row, sec, sizeof sec);
    else if (d->list)
        snprintf(sec, sizeof sec, "%.*s", (int)strcspn(d->list->key, "."), d->list->key);
    else
        field_scope_name(d->scope, sec, sizeof sec);
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
        if (strcmp(sec, groups[i].section) == 0)
            return groups[i].title;
    return "Scenario";
}

/* "workload 'nightly'" / "input utilization.measured_pct": item i of l in
 * s, the item word capitalised when `cap`. */
static void item_words(const FieldList *l, const Scenario *s, size_t i, bool cap, StrBuf *b)
{
    const Field *name = scenario_diff_name_row(l);
    sb_printf(b, "%c%s", cap ? toupper((unsigned char)l->item[0]) : l->item[0], l->item + 1);
    if (!name) {
        sb_printf(b, " %zu", i);
        return;
    }
    FieldRef r;
    const char *t = field_get_text(scenario_diff_field(&r, name, i), s);
    if (name->rule == TR_NUMBER_KEY)
        sb_printf(b, " %s", t);
    else
        sb_printf(b, " '%s'", t);
}

void diff_what(const InputDiff *d, const Scenario *from, const Scenario *to, StrBuf *b)
{
    switch (d->kind) {
    case DIFF_SECTION_ADDED:
    case DIFF_SECTION_REMOVED:
        sb_append(b, diff_group(d));
        return;
    case DIFF_ITEM_ADDED:
        item_words(d->list, to, d->new_item, true, b);
        return;
    case DIFF_ITEM_REMOVED:
        item_words(d->list, from, d->old_item, true, b);
        return;
    case DIFF_ITEM_ORDER:
        sb_printf(b, "Order of the %ss", d->list->item);
        return;
    case DIFF_VALUE:
        break;
    }
    if (d->list) {
        /* Named as the item is in `to`, or in `from` when only it has it. */
        if (d->has_new)
            item_words(d->list, to, d->new_item, true, b);
        else
            item_words(d->list, from, d->old_item, true, b);
        sb_printf(b, ": %s", d->row->label);
        return;
    }
    sb_append(b, d->row->label);
}

void diff_key(const InputDiff *d, StrBuf *b)
{
    char sec[32];
    size_t item = d->has_new || d->kind == DIFF_ITEM_ADDED ? d->new_item : d->old_item;
    switch (d->kind) {
    case DIFF_SECTION_ADDED:
    case DIFF_SECTION_REMOVED:
        sb_append(b, field_scope_name(d->scope, sec, sizeof sec));
        return;
    case DIFF_ITEM_ADDED:
    case DIFF_ITEM_REMOVED:
        sb_printf(b, "%s[%zu]", d->list->key, item);
        return;
    case DIFF_ITEM_ORDER:
        sb_append(b, d->list->key);
        return;
    case DIFF_VALUE:
        break;
    }
    if (!d->list) {
        sb_append(b, d->row->key);
        return;
    }
    sb_printf(b, "%s[%zu].%s", d->list->key, item, field_leaf(d->row));
}

/* Field g of row `row` read with the unit it is shown in: an uncertain
 * input's low, high and mode take the unit of the field its key names. */
static Field shown_field(const Field *row, const Field *g, const Scenario *s, size_t item)
{
    Field f = *g;
    if (!row->plain_comment || row->type == FT_TEXT || !row->list)
        return f;
    const Field *key_row = scenario_diff_name_row(row->list);
    FieldRef r;
    Diag d; /* not said: a key that names no field keeps the row's unit */
    const Field *named =
        field_number_key(field_get_text(scenario_diff_field(&r, key_row, item), s), &d);
    if (named) {
        f.unit = named->unit;
        f.type = named->type;
    }
    return f;
}

/* The value of row `row` of item `item` in s, in words. */
static void value_words(const Field *row, const Scenario *s, size_t item, bool exact,
                        StrBuf *b)
{
    if (row->list && !field_in_use(row, s, item)) {
        sb_append(b, "not given");
        return;
    }
    FieldRef r;
    const Field *g = scenario_diff_field(&r, row, item);
    if (row->type == FT_TEXT) {
        const char *t = field_get_text(g, s);
        long chars = utf8_length(t, strlen(t));
        if (chars < 0)
            chars = (long)strlen(t);
        if (field_multiline(row) && (strchr(t, '\n') || chars > TEXT_SHOWN)) {
            char n[32];
            num_format_value((double)chars, n, sizeof n);
            sb_printf(b, "%s character%s", n, chars == 1 ? "" : "s");
        } else {
            sb_printf(b, "'%s'", t);
        }
        return;
    }
    Field f = shown_field(row, g, s, item);
    char v[256];
    export_field_value(&f, s, v, sizeof v);
    if (exact && row->type != FT_BOOL && row->type != FT_CHOICE) {
        /* The grouped form shows at most 10 digits: two values it shows
         * alike are written exactly instead. */
        char x[40];
        num_format_exact(field_get_num(g, s), x, sizeof x);
        const char *unit = strchr(v, ' ');
        sb_printf(b, "%s%s", x, unit ? unit : "");
        return;
    }
    sb_append(b, v);
}

/* The rows of an item added or removed, "6 jobs/day, 4 GPUs, Run burst":
 * each row the item writes, but its name; a unit says what a figure is,
 * a row without one (or with a price's, or an uncertain input's bounds,
 * which take the unit of their field) is named. */
static void item_summary(const FieldList *l, const Scenario *s, size_t i, StrBuf *b)
{
    const Field *name = scenario_diff_name_row(l);
    bool first = true;
    for (size_t k = 0; k < field_count; k++) {
        const Field *row = &field_table[k];
        if (row->list != l || row == name || !field_saved(row, s, i))
            continue;
        sb_append(b, first ? "" : ", ");
        first = false;
        FieldRef r;
        Field f = shown_field(row, scenario_diff_field(&r, row, i), s, i);
        if (!f.unit[0] || f.unit[0] == '$' || row->plain_comment ||
            row->type == FT_TEXT || row->type == FT_CHOICE || row->type == FT_BOOL)
            sb_printf(b, "%s ", row->label);
        value_words(row, s, i, false, b);
    }
}

/* The names of list l's items in s, "a, b, c". */
static void item_names(const FieldList *l, const Scenario *s, StrBuf *b)
{
    const Field *name = scenario_diff_name_row(l);
    size_t n = field_list_count(l, s);
    for (size_t i = 0; i < n && name; i++) {
        FieldRef r;
        sb_printf(b, "%s%s", i ? ", " : "", field_get_text(scenario_diff_field(&r, name, i), s));
    }
}

void diff_side(const InputDiff *d, bool new_side, const Scenario *from, const Scenario *to,
               StrBuf *b)
{
    const Scenario *s = new_side ? to : from;
    switch (d->kind) {
    case DIFF_SECTION_ADDED:
    case DIFF_SECTION_REMOVED:
        sb_append(b, (d->kind == DIFF_SECTION_ADDED) == new_side ? "given" : "not given");
        return;
    case DIFF_ITEM_ADDED:
    case DIFF_ITEM_REMOVED:
        if ((d->kind == DIFF_ITEM_ADDED) != new_side) {
            sb_append(b, "-");
            return;
        }
        item_summary(d->list, s, new_side ? d->new_item : d->old_item, b);
        return;
    case DIFF_ITEM_ORDER:
        item_names(d->list, s, b);
        return;
    case DIFF_VALUE:
        break;
    }
    if (!(new_side ? d->has_new : d->has_old)) {
        sb_append(b, "not given");
        return;
    }
    /* Shown exactly when the two sides would read alike. */
    bool exact = false;
    if (d->has_old && d->has_new) {
        StrBuf x = STRBUF_INIT, y = STRBUF_INIT;
        value_words(d->row, from, d->old_item, false, &x);
        value_words(d->row, to, d->new_item, false, &y);
        exact = strcmp(sb_str(&x), sb_str(&y)) == 0;
        sb_free(&x);
        sb_free(&y);
    }
    value_words(d->row, s, new_side ? d->new_item : d->old_item, exact, b);
}

/* --- results -------------------------------------------------------------- */

void result_what(const ResultMove *m, StrBuf *b)
{
    const char *o = cost_option_word(m->option);
    switch (m->kind) {
    case RES_USEFUL_HOURS: sb_append(b, "Useful GPU-hours a month"); break;
    case RES_MONTHLY: sb_printf(b, "Monthly cost, %s", o); break;
    case RES_PER_HOUR: sb_printf(b, "Per useful GPU-h, %s", o); break;
    case RES_ALLOWED: sb_printf(b, "Allowed, %s", o); break;
    case RES_CHEAPEST: sb_append(b, "Cheapest option"); break;
    case RES_ZONE: sb_append(b, "Zone (rule of thumb)"); break;
    case RES_ZONE_AGREES: sb_append(b, "Zone agrees with figures"); break;
    case RES_CROSSOVER: sb_printf(b, "Crossover, %s", o); break;
    case RES_ADVICE: sb_append(b, "Advice"); break;
    case RES_MONTHS: sb_append(b, "Horizon, months"); break;
    case RES_NPV: sb_printf(b, "NPV, %s", o); break;
    case RES_BREAK_EVEN: sb_printf(b, "Break-even vs %s", o); break;
    case RES_DISCOUNTED_BREAK_EVEN: sb_printf(b, "Disc. break-even, %s", o); break;
    case RES_IRR: sb_printf(b, "IRR vs %s", o); break;
    case RES_HYBRID_PRESENT: sb_append(b, "Hybrid plan"); break;
    case RES_HYBRID_NODES: sb_append(b, "Hybrid, on-prem nodes"); break;
    case RES_HYBRID_ONPREM: sb_append(b, "Hybrid, on-prem cost"); break;
    case RES_HYBRID_CLOUD: sb_append(b, "Hybrid, cloud cost"); break;
    case RES_HYBRID_TOTAL: sb_append(b, "Hybrid, total"); break;
    case RES_HYBRID_ALL_CLOUD: sb_append(b, "Hybrid, all in cloud"); break;
    case RES_HYBRID_ALL_ONPREM: sb_append(b, "Hybrid, all on-prem"); break;
    case RES_HYBRID_OPTIMUM_NODES: sb_append(b, "Hybrid, optimum nodes"); break;
    case RES_HYBRID_OPTIMUM_TOTAL: sb_append(b, "Hybrid, optimum total"); break;
    case RES_KIND_COUNT: break;
    }
}

char *compare_cross_cell(const Crossover *c, char *buf, size_t n)
{
    if (c->count == 0)
        num_snprintf(buf, n, "%s", c->kind == CROSS_CHEAPER  ? "always"
                                   : c->kind == CROSS_DEARER ? "never"
                                                             : "equal");
    else if (c->count == 1)
        num_snprintf(buf, n, "%s %.1f%%", cost_side_word(c->point[0].side), c->point[0].pct);
    else if (c->point[0].side == SIDE_BELOW)
        num_snprintf(buf, n, "<%.1f%% >%.1f%%", c->point[0].pct, c->point[1].pct);
    else
        num_snprintf(buf, n, "%.1f-%.1f%%", c->point[0].pct, c->point[1].pct);
    return buf;
}

/* The advice codes of set `set` by their titles, "; " between them. */
static void advice_titles(unsigned set, StrBuf *b)
{
    bool first = true;
    for (int c = 0; c < ADV_COUNT; c++)
        if (set & (1u << c)) {
            sb_printf(b, "%s%s", first ? "" : "; ", export_advice_title((AdviceCode)c));
            first = false;
        }
    if (first)
        sb_append(b, "none");
}

void result_side(const ResultMove *m, bool new_side, StrBuf *b)
{
    double v = new_side ? m->new_value : m->old_value;
    char buf[64];
    switch (m->kind) {
    case RES_CROSSOVER:
        sb_append(b, compare_cross_cell(new_side ? &m->new_cross : &m->old_cross, buf,
                                        sizeof buf));
        return;
    case RES_ADVICE:
        advice_titles(new_side ? m->new_advice : m->old_advice, b);
        return;
    case RES_CHEAPEST:
        sb_append(b, cost_option_word((CostOption)v));
        return;
    case RES_ZONE:
        sb_append(b, cost_zone_key((Zone)v));
        return;
    case RES_ALLOWED:
    case RES_ZONE_AGREES:
        sb_append(b, v != 0 ? "yes" : "no");
        return;
    case RES_HYBRID_PRESENT:
        sb_append(b, v != 0 ? "given" : "none");
        return;
    case RES_BREAK_EVEN:
    case RES_DISCOUNTED_BREAK_EVEN:
        export_month_text((int)v, buf, sizeof buf);
        sb_append(b, buf);
        return;
    case RES_IRR:
        if (isfinite(v))
            sb_printf(b, "%.2f%%", v);
        else
            sb_append(b, "none");
        return;
    default:
        break;
    }
    if (!isfinite(v)) {
        sb_append(b, "n/a");
        return;
    }
    int decimals = m->kind == RES_MONTHLY || m->kind == RES_PER_HOUR ||
                           (result_is_money(m->kind) && m->kind != RES_NPV)
                       ? 2
                       : 0;
    num_format_money(v, decimals, buf, sizeof buf);
    sb_append(b, buf);
}

void result_change(const ResultMove *m, StrBuf *b)
{
    if (m->kind == RES_ADVICE) {
        unsigned added = m->new_advice & ~m->old_advice;
        unsigned gone = m->old_advice & ~m->new_advice;
        if (added) {
            sb_append(b, "added: ");
            advice_titles(added, b);
        }
        if (gone) {
            sb_append(b, added ? "; removed: " : "removed: ");
            advice_titles(gone, b);
        }
        return;
    }
    bool figures = result_is_money(m->kind) || m->kind == RES_USEFUL_HOURS ||
                   m->kind == RES_HYBRID_NODES || m->kind == RES_HYBRID_OPTIMUM_NODES;
    if (!figures || !isfinite(m->old_value) || !isfinite(m->new_value))
        return;
    int decimals = result_is_money(m->kind) && m->kind != RES_NPV ? 2 : 0;
    /* The change of the figures as printed (old and new, at these decimals),
     * so old + change = new on the page; the percentage from the values. */
    double d = num_shown_difference(m->new_value, m->old_value, decimals);
    char v[64];
    export_signed_money(d, decimals, v, sizeof v);
    sb_append(b, v);
    if (m->old_value != 0) {
        char pct[48];
        num_format_fixed(100 * (m->new_value - m->old_value) / fabs(m->old_value), 1, true,
                         pct, sizeof pct);
        sb_printf(b, " (%s%%)", pct);
    }
}

/* --- the comparison's notes ---------------------------------------------------- */

/* "A: H100 SXM, B: B200" from each scenario's text at member offset off. */
static void per_scenario(const CompareEntry *e, size_t n, size_t off, StrBuf *b)
{
    for (size_t i = 0; i < n; i++)
        sb_printf(b, "%s%c: %s", i ? ", " : "", compare_label(i),
                  (const char *)e[i].scenario + off);
}

void compare_notes(const CompareEntry *e, const Comparison *c, const char *sep, StrBuf *b)
{
    size_t n = c->count;
    if (c->notes & COMPARE_CURRENCY) {
        sb_append(b, "The currencies differ (");
        per_scenario(e, n, offsetof(Scenario, currency), b);
        sb_printf(b, "): gpuplan converts nothing, so no option is marked the cheapest "
                     "of all.%s", sep);
    }
    if (c->notes & COMPARE_GPU_MODEL) {
        sb_append(b, "The GPU models differ (");
        per_scenario(e, n, offsetof(Scenario, hardware.gpu_model), b);
        sb_printf(b, "): a GPU-hour is not the same work on each, so compare the "
                     "monthly costs, not the costs per GPU-hour.%s", sep);
    }
    if (c->notes & COMPARE_WORK) {
        sb_append(b, "The useful work differs (");
        for (size_t i = 0; i < n; i++) {
            char w[48];
            num_format_money(e[i].cost->useful_gpu_hours_month, 0, w, sizeof w);
            sb_printf(b, "%s%c: %s", i ? ", " : "", compare_label(i), w);
        }
        sb_printf(b, " GPU-hours a month): the monthly costs pay for different "
                     "amounts of work.%s", sep);
    }
    if (c->notes & COMPARE_HORIZON) {
        sb_append(b, "The horizons differ (");
        for (size_t i = 0; i < n; i++)
            sb_printf(b, "%s%c: %d months", i ? ", " : "", compare_label(i),
                      e[i].horizon->result.months);
        sb_printf(b, "): the NPVs cover different periods; the monthly costs are "
                     "levelized over each and compare.%s", sep);
    }
    if (c->notes & COMPARE_CLOUD) {
        sb_append(b, "The cloud curves differ (");
        bool first = true;
        for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++)
            if (!c->cloud_shared[o]) {
                sb_printf(b, "%s%s", first ? "" : ", ", cost_option_word((CostOption)o));
                first = false;
            }
        sb_printf(b, "): the chart draws each scenario's.%s", sep);
    }
}

void compare_cheapest_text(const CompareEntry *e, const Comparison *c, StrBuf *b)
{
    if (!c->has_cheapest) {
        sb_append(b, (c->notes & COMPARE_CURRENCY)
                         ? "No cheapest over all the scenarios: their currencies differ."
                         : "No option is allowed in any scenario.");
        return;
    }
    size_t k = c->cheapest_scenario;
    char m[64];
    num_format_money(c->cheapest_monthly, 2, m, sizeof m);
    /* Scenarios whose own cheapest costs the same tie, said as one: "spot
     * in A, B and C", or each with its option when the options differ. */
    size_t ties = 0;
    bool one_option = true;
    for (size_t i = 0; i < c->count; i++)
        if (c->tied[i]) {
            ties++;
            one_option &= e[i].cost->cheapest == c->cheapest_option;
        }
    sb_append(b, "Cheapest of all: ");
    if (one_option)
        sb_printf(b, "%s in ", cost_option_word(c->cheapest_option));
    for (size_t i = 0, said = 0; i < c->count; i++)
        if (c->tied[i]) {
            said++;
            sb_append(b, said == 1 ? "" : said == ties ? " and " : ", ");
            if (!one_option)
                sb_printf(b, "%s in ", cost_option_word(e[i].cost->cheapest));
            sb_printf(b, "%c", compare_label(i));
        }
    ties--; /* the others than the cheapest itself */
    sb_printf(b, ", %s %s a month%s", m, e[k].scenario->currency, ties ? " each" : "");
    /* The runner-up: the least of the other scenarios' own cheapest. */
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < c->count; i++)
        if (!c->tied[i] && isfinite(c->above_cheapest[i]) &&
            (best == SIZE_MAX || c->above_cheapest[i] < c->above_cheapest[best]))
            best = i;
    if (best != SIZE_MAX) {
        const CostResult *r = e[best].cost;
        num_format_money(num_shown_difference(r->option[r->cheapest].monthly,
                                              c->cheapest_monthly, 2),
                         2, m, sizeof m);
        sb_printf(b, ", %s less than the cheapest of %c (%s)", m, compare_label(best),
                  cost_option_word(r->cheapest));
    }
    sb_append(b, ".");
}
