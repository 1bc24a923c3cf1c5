/* export_json.c: the JSON report, SPEC 4.1 (cJSON).
 *
 * The "scenario" object is built from the field registry, nested exactly
 * like the YAML file, so that a JSON export is also a valid input. Numbers
 * are written at full precision; a cost per useful GPU-hour that does not
 * exist (W = 0) is null. */
#include "config.h"

#include "export.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "numfmt.h"

static cJSON *xobj(void)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        xalloc_die();
    return o;
}

/* A number at full precision: cJSON's own printer rounds to 15 digits when
 * that is merely close, so the text comes from num_format_exact (the
 * shortest decimal that reads back bit for bit). Non-finite values are
 * null, as SPEC 4.1 wants for an undefined cost per useful GPU-hour. */
static cJSON *num_item(double v)
{
    if (!isfinite(v))
        return cJSON_CreateNull();
    char buf[40];
    num_format_exact(v, buf, sizeof buf);
    cJSON *n = cJSON_CreateRaw(buf);
    if (!n)
        xalloc_die();
    return n;
}

static void add_num(cJSON *o, const char *k, double v)
{
    cJSON_AddItemToObject(o, k, num_item(v));
}

static cJSON *scenario_json(const Scenario *s)
{
    cJSON *root = xobj();
    cJSON_AddNumberToObject(root, "gpuplan", SCENARIO_VERSION);
    cJSON *section = NULL;
    char cur[32] = "", sec[32];
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        field_section(f, sec, sizeof sec);
        cJSON *into = root;
        const char *leaf = f->key;
        if (sec[0]) {
            if (strcmp(sec, cur) != 0) {
                section = xobj();
                cJSON_AddItemToObject(root, sec, section);
                strcpy(cur, sec);
            }
            into = section;
            leaf = f->key + strlen(sec) + 1;
        }
        switch (f->type) {
        case FT_TEXT:
            cJSON_AddStringToObject(into, leaf, field_get_text(f, s));
            break;
        case FT_BOOL:
            cJSON_AddBoolToObject(into, leaf, field_get_num(f, s) != 0);
            break;
        default:
            add_num(into, leaf, field_get_num(f, s));
            break;
        }
    }
    return root;
}

static cJSON *option_json(const CostResult *r, CostOption k)
{
    const OptionCost *o = &r->option[k];
    cJSON *j = xobj();
    cJSON_AddBoolToObject(j, "allowed", o->allowed);
    add_num(j, "monthly", o->monthly);
    add_num(j, "per_useful_gpu_hour", o->per_useful_gpu_hour);
    cJSON *b = xobj();
    const CostLine *lines = k == OPT_ONPREM ? cost_onprem_lines : cost_cloud_lines;
    size_t n = k == OPT_ONPREM ? ONPREM_LINES : CLOUD_LINES;
    for (size_t i = 0; i < n; i++)
        add_num(b, cost_line_key(lines[i]), o->line[lines[i]]);
    cJSON_AddItemToObject(j, "breakdown", b);
    return j;
}

static cJSON *results_json(const Scenario *s, const CostResult *r)
{
    cJSON *res = xobj();
    add_num(res, "useful_gpu_hours_month", r->useful_gpu_hours_month);
    cJSON *opts = xobj();
    for (int k = 0; k < OPT_COUNT; k++)
        cJSON_AddItemToObject(opts, cost_option_key((CostOption)k),
                              option_json(r, (CostOption)k));
    cJSON_AddItemToObject(res, "options", opts);
    cJSON_AddStringToObject(res, "cheapest", cost_option_key(r->cheapest));

    cJSON *cross = xobj();
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        const Crossover *c = &r->crossover[k];
        cJSON *cj = xobj();
        if (c->kind == CROSS_AT) {
            add_num(cj, "utilization_pct", c->pct);
        } else {
            cJSON_AddNullToObject(cj, "utilization_pct");
            cJSON_AddStringToObject(cj, "onprem", cost_cross_word(c->kind));
        }
        cJSON_AddItemToObject(cross, cost_option_key((CostOption)k), cj);
    }
    cJSON_AddItemToObject(res, "crossovers", cross);
    cJSON_AddStringToObject(res, "zone", cost_zone_key(r->zone));

    cJSON *adv = cJSON_CreateArray();
    char text[512];
    for (size_t i = 0; i < r->advice_count; i++) {
        cJSON *a = xobj();
        cJSON_AddStringToObject(a, "code", cost_advice_key(r->advice[i]));
        cJSON_AddStringToObject(
            a, "text", cost_advice_text(r->advice[i], s, r, text, sizeof text));
        cJSON_AddItemToArray(adv, a);
    }
    cJSON_AddItemToObject(res, "advice", adv);

    cJSON *curves = xobj();
    cJSON *xs = cJSON_CreateArray();
    for (int i = 0; i < CURVE_POINTS; i++)
        cJSON_AddItemToArray(xs, cJSON_CreateNumber(i + 1));
    cJSON_AddItemToObject(curves, "utilization_pct", xs);
    for (int k = 0; k < OPT_COUNT; k++) {
        cJSON *ys = cJSON_CreateArray();
        for (int i = 0; i < CURVE_POINTS; i++) {
            cJSON_AddItemToArray(ys, num_item(r->curve[k][i]));
        }
        cJSON_AddItemToObject(curves, cost_option_key((CostOption)k), ys);
    }
    cJSON_AddItemToObject(res, "curves", curves);
    return res;
}

void export_json(const Scenario *s, const CostResult *r, StrBuf *b)
{
    cJSON *doc = xobj();
    cJSON_AddNumberToObject(doc, "gpuplan", SCENARIO_VERSION);
    cJSON_AddStringToObject(doc, "generator", PACKAGE_NAME " " PACKAGE_VERSION);
    cJSON_AddItemToObject(doc, "scenario", scenario_json(s));
    cJSON_AddItemToObject(doc, "results", results_json(s, r));
    char *text = cJSON_Print(doc);
    if (!text)
        xalloc_die();
    sb_append(b, text);
    sb_append(b, "\n");
    cJSON_free(text);
    cJSON_Delete(doc);
}
