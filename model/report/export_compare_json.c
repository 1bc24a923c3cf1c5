/* export_compare_json.c: `gpuplan diff` and `gpuplan compare` as JSON
 * (DESIGN 11.4), with cJSON.
 *
 * Numbers are at full precision (the shortest text that reads back as the
 * same double), null where there is none (a cost per useful GPU-hour
 * without useful work, a break-even that never comes, an IRR without a
 * root). Results are named by their keys in the report's JSON
 * ("options.onprem.monthly"), inputs by the keys --set takes. */
#include "config.h"

#include "compare_report.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "numfmt.h"

static cJSON *must(cJSON *j)
{
    if (!j)
        xalloc_die();
    return j;
}

/* v at full precision, or null when it is not finite. */
static cJSON *number(double v)
{
    char digits[40];
    if (!isfinite(v))
        return must(cJSON_CreateNull());
    num_format_exact(v, digits, sizeof digits);
    return must(cJSON_CreateRaw(digits));
}

static void put(cJSON *o, const char *key, cJSON *v)
{
    cJSON_AddItemToObject(o, key, v);
}

static cJSON *text(const char *s)
{
    return must(cJSON_CreateString(s));
}

/* Append o printed to b, and a line end. */
static void print_json(cJSON *o, StrBuf *b)
{
    char *out = cJSON_Print(o);
    if (!out)
        xalloc_die();
    sb_append(b, out);
    sb_append(b, "\n");
    cJSON_free(out);
    cJSON_Delete(o);
}

/* --- the diff ------------------------------------------------------------------- */

/* The value of row `row` of item `item` in s as JSON: typed, null when the
 * item does not use the row. */
static cJSON *field_json(const Field *row, const Scenario *s, size_t item)
{
    if (row->list && !field_in_use(row, s, item))
        return must(cJSON_CreateNull());
    FieldRef r;
    const Field *g = scenario_diff_field(&r, row, item);
    char word[64];
    switch (row->type) {
    case FT_TEXT:
        return text(field_get_text(g, s));
    case FT_CHOICE:
        field_format(g, s, word, sizeof word);
        return text(word);
    case FT_BOOL:
        return must(cJSON_CreateBool(field_get_num(g, s) != 0));
    default:
        return number(field_get_num(g, s));
    }
}

/* Item i of list l in s: every row it writes, by its leaf. */
static cJSON *item_json(const FieldList *l, const Scenario *s, size_t i)
{
    cJSON *o = must(cJSON_CreateObject());
    for (size_t k = 0; k < field_count; k++) {
        const Field *row = &field_table[k];
        if (row->list == l && field_saved(row, s, i))
            put(o, field_leaf(row), field_json(row, s, i));
    }
    return o;
}

static cJSON *names_json(const FieldList *l, const Scenario *s)
{
    cJSON *a = must(cJSON_CreateArray());
    const Field *name = scenario_diff_name_row(l);
    size_t n = field_list_count(l, s);
    for (size_t i = 0; i < n && name; i++) {
        FieldRef r;
        cJSON_AddItemToArray(a, text(field_get_text(scenario_diff_field(&r, name, i), s)));
    }
    return a;
}

static cJSON *input_json(const InputDiff *d, const Scenario *a, const Scenario *z)
{
    static const char *const change[] = {
        [DIFF_VALUE] = "value",          [DIFF_SECTION_ADDED] = "section added",
        [DIFF_SECTION_REMOVED] = "section removed", [DIFF_ITEM_ADDED] = "added",
        [DIFF_ITEM_REMOVED] = "removed", [DIFF_ITEM_ORDER] = "order"};
    cJSON *o = must(cJSON_CreateObject());
    StrBuf key = STRBUF_INIT, what = STRBUF_INIT;
    diff_key(d, &key);
    diff_what(d, a, z, &what);
    put(o, "key", text(sb_str(&key)));
    put(o, "group", text(diff_group(d)));
    put(o, "label", text(sb_str(&what)));
    put(o, "change", text(change[d->kind]));
    sb_free(&key);
    sb_free(&what);
    switch (d->kind) {
    case DIFF_VALUE:
        put(o, "old", d->has_old ? field_json(d->row, a, d->old_item) : must(cJSON_CreateNull()));
        put(o, "new", d->has_new ? field_json(d->row, z, d->new_item) : must(cJSON_CreateNull()));
        break;
    case DIFF_ITEM_ADDED:
        put(o, "new", item_json(d->list, z, d->new_item));
        break;
    case DIFF_ITEM_REMOVED:
        put(o, "old", item_json(d->list, a, d->old_item));
        break;
    case DIFF_ITEM_ORDER:
        put(o, "old", names_json(d->list, a));
        put(o, "new", names_json(d->list, z));
        break;
    default:
        break;
    }
    /* The old and new values in words, as the text shows them. */
    if (d->kind == DIFF_VALUE) {
        StrBuf w = STRBUF_INIT, v = STRBUF_INIT;
        diff_side(d, false, a, z, &w);
        diff_side(d, true, a, z, &v);
        put(o, "old_text", text(sb_str(&w)));
        put(o, "new_text", text(sb_str(&v)));
        sb_free(&w);
        sb_free(&v);
    }
    return o;
}

/* A crossover as the report's JSON has it (DESIGN 4.1). */
static cJSON *cross_json(const Crossover *c)
{
    cJSON *o = must(cJSON_CreateObject()), *pts = must(cJSON_CreateArray());
    for (size_t k = 0; k < c->count; k++) {
        cJSON *p = must(cJSON_CreateObject());
        put(p, "utilization_pct", number(c->point[k].pct));
        put(p, "onprem_cheaper", text(cost_side_word(c->point[k].side)));
        cJSON_AddItemToArray(pts, p);
    }
    put(o, "points", pts);
    if (c->count == 0)
        put(o, "onprem", text(cost_cross_word(c->kind)));
    return o;
}

static cJSON *advice_json(unsigned set)
{
    cJSON *a = must(cJSON_CreateArray());
    for (int c = 0; c < ADV_COUNT; c++)
        if (set & (1u << c))
            cJSON_AddItemToArray(a, text(cost_advice_key((AdviceCode)c)));
    return a;
}

/* One side of a moved result, typed. */
static cJSON *result_value(const ResultMove *m, bool new_side)
{
    double v = new_side ? m->new_value : m->old_value;
    switch (m->kind) {
    case RES_CROSSOVER:
        return cross_json(new_side ? &m->new_cross : &m->old_cross);
    case RES_ADVICE:
        return advice_json(new_side ? m->new_advice : m->old_advice);
    case RES_CHEAPEST:
        return text(cost_option_key((CostOption)v));
    case RES_ZONE:
        return text(cost_zone_key((Zone)v));
    case RES_ALLOWED:
    case RES_ZONE_AGREES:
    case RES_HYBRID_PRESENT:
        return must(cJSON_CreateBool(v != 0));
    case RES_BREAK_EVEN:
    case RES_DISCOUNTED_BREAK_EVEN:
        return v > 0 ? number(v) : must(cJSON_CreateNull());
    default:
        return number(v);
    }
}

static cJSON *move_json(const ResultMove *m)
{
    cJSON *o = must(cJSON_CreateObject());
    char key[96];
    StrBuf what = STRBUF_INIT;
    result_what(m, &what);
    put(o, "key", text(result_key(m, key, sizeof key)));
    put(o, "label", text(sb_str(&what)));
    sb_free(&what);
    put(o, "old", result_value(m, false));
    put(o, "new", result_value(m, true));
    if (result_is_money(m->kind) || m->kind == RES_USEFUL_HOURS)
        put(o, "change", number(m->new_value - m->old_value));
    return o;
}

/* A scenario's file, name, currency and verdict, added to o. */
static cJSON *side_json(cJSON *o, const CompareEntry *e)
{
    char verdict[1024];
    put(o, "file", text(e->file));
    put(o, "name", text(e->scenario->name));
    put(o, "currency", text(e->scenario->currency));
    put(o, "verdict", text(cost_verdict_text(e->scenario, e->cost, verdict, sizeof verdict)));
    return o;
}

void export_diff_json(const CompareEntry *from, const CompareEntry *to,
                      const char *generator, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(EXPORT_JSON));
    ScenarioDiff *sd = xmalloc(sizeof *sd);
    ResultDiff rd;
    scenario_diff(from->scenario, to->scenario, sd);
    ResultSide ra = result_side_of(from), rz = result_side_of(to);
    result_diff(&ra, &rz, &rd);
    cJSON *root = must(cJSON_CreateObject());
    put(root, "gpuplan", number(SCENARIO_VERSION));
    put(root, "generator", text(generator));
    put(root, "old", side_json(must(cJSON_CreateObject()), from));
    put(root, "new", side_json(must(cJSON_CreateObject()), to));
    cJSON *in = must(cJSON_CreateArray());
    for (size_t i = 0; i < sd->count; i++)
        cJSON_AddItemToArray(in, input_json(&sd->item[i], from->scenario, to->scenario));
    put(root, "inputs", in);
    cJSON *res = must(cJSON_CreateArray());
    for (size_t i = 0; i < rd.count; i++)
        cJSON_AddItemToArray(res, move_json(&rd.move[i]));
    put(root, "results", res);
    free(sd);
    print_json(root, b);
    num_minus_set(was);
}

/* --- the comparison ---------------------------------------------------------- */

static cJSON *per_option(const double *v, int first)
{
    cJSON *o = must(cJSON_CreateObject());
    for (int k = first; k < OPT_COUNT; k++)
        put(o, cost_option_key((CostOption)k), number(v[k]));
    return o;
}

static cJSON *months_json(const int *m)
{
    cJSON *o = must(cJSON_CreateObject());
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        put(o, cost_option_key((CostOption)k),
            m[k] > 0 ? number(m[k]) : must(cJSON_CreateNull()));
    return o;
}

static cJSON *scenario_json(const CompareEntry *e, size_t i)
{
    const CostResult *r = e->cost;
    const HorizonResult *h = &e->horizon->result;
    cJSON *o = must(cJSON_CreateObject());
    char label[2] = {compare_label(i), '\0'};
    put(o, "label", text(label));
    side_json(o, e);
    put(o, "gpu_model", text(e->scenario->hardware.gpu_model));
    put(o, "useful_gpu_hours_month", number(r->useful_gpu_hours_month));
    cJSON *opts = must(cJSON_CreateObject());
    for (int k = 0; k < OPT_COUNT; k++) {
        cJSON *oc = must(cJSON_CreateObject());
        put(oc, "allowed", must(cJSON_CreateBool(r->option[k].allowed)));
        put(oc, "monthly", number(r->option[k].monthly));
        put(oc, "per_useful_gpu_hour", number(r->option[k].per_useful_gpu_hour));
        put(opts, cost_option_key((CostOption)k), oc);
    }
    put(o, "options", opts);
    put(o, "cheapest", text(cost_option_key(r->cheapest)));
    cJSON *cross = must(cJSON_CreateObject());
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        put(cross, cost_option_key((CostOption)k), cross_json(&r->crossover[k]));
    put(o, "crossovers", cross);
    put(o, "zone", text(cost_zone_key(r->zone)));
    cJSON *hz = must(cJSON_CreateObject());
    put(hz, "months", number(h->months));
    put(hz, "npv", per_option(h->npv, OPT_ONPREM));
    put(hz, "break_even_month", months_json(h->break_even));
    put(hz, "discounted_break_even_month", months_json(h->discounted_break_even));
    put(hz, "irr_pct", per_option(h->irr_pct, OPT_ON_DEMAND));
    put(o, "horizon", hz);
    cJSON *cv = must(cJSON_CreateObject()), *u = must(cJSON_CreateArray());
    for (int p = 1; p <= CURVE_POINTS; p++)
        cJSON_AddItemToArray(u, number(p));
    put(cv, "utilization_pct", u);
    for (int k = 0; k < OPT_COUNT; k++) {
        cJSON *a = must(cJSON_CreateArray());
        for (int p = 0; p < CURVE_POINTS; p++)
            cJSON_AddItemToArray(a, number(r->curve[k][p]));
        put(cv, cost_option_key((CostOption)k), a);
    }
    put(o, "curves", cv);
    return o;
}

void export_compare_json(const CompareEntry *e, const Comparison *c, const char *date,
                         const char *generator, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(EXPORT_JSON));
    cJSON *root = must(cJSON_CreateObject());
    put(root, "gpuplan", number(SCENARIO_VERSION));
    put(root, "generator", text(generator));
    put(root, "date", text(date));
    cJSON *list = must(cJSON_CreateArray());
    for (size_t i = 0; i < c->count; i++)
        cJSON_AddItemToArray(list, scenario_json(&e[i], i));
    put(root, "scenarios", list);
    if (c->has_cheapest) {
        cJSON *ch = must(cJSON_CreateObject());
        char label[2] = {compare_label(c->cheapest_scenario), '\0'};
        put(ch, "scenario", text(label));
        put(ch, "option", text(cost_option_key(c->cheapest_option)));
        put(ch, "monthly", number(c->cheapest_monthly));
        cJSON *tied = must(cJSON_CreateArray());
        for (size_t i = 0; i < c->count; i++)
            if (c->tied[i]) {
                char l[2] = {compare_label(i), '\0'};
                cJSON_AddItemToArray(tied, text(l));
            }
        put(ch, "tied", tied);
        put(root, "cheapest", ch);
    } else {
        put(root, "cheapest", must(cJSON_CreateNull()));
    }
    cJSON *shared = must(cJSON_CreateObject());
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        put(shared, cost_option_key((CostOption)k),
            must(cJSON_CreateBool(c->cloud_shared[k])));
    put(root, "cloud_curves_shared", shared);
    StrBuf notes = STRBUF_INIT;
    compare_notes(e, c, "\n", &notes);
    cJSON *nl = must(cJSON_CreateArray());
    for (const char *p = sb_str(&notes); *p;) {
        size_t n = strcspn(p, "\n");
        char *line = xmalloc(n + 1);
        memcpy(line, p, n);
        line[n] = '\0';
        cJSON_AddItemToArray(nl, text(line));
        free(line);
        p += n + (p[n] == '\n');
    }
    sb_free(&notes);
    put(root, "notes", nl);
    print_json(root, b);
    num_minus_set(was);
}
