/* check_v1.c: version-1 files give exactly the figures version 1 gave
 * (DESIGN 1.4, 2.2).
 *
 * tests/data/v1-figures.txt holds, for every shipped scenario, the version-1
 * built-in default and every file under tests/data/good (YAML and JSON
 * exports alike), the figures version 1 of gpuplan computed: every option's
 * monthly cost, cost per useful GPU-hour and breakdown lines, the cheapest,
 * the crossovers, the zone and points of the curves. Each file is loaded as
 * it is (they all say `gpuplan: 1`) and every figure must come back bit for
 * bit. The version-2 built-in default gives the same figures as the
 * version-1 one. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "diag.h"
#include "fields.h"
#include "scenario.h"
#include "scenario_file.h"

static void src_path(char *buf, size_t n, const char *rel)
{
    const char *s = getenv("srcdir");
    snprintf(buf, n, "%s/%s", s && *s ? s : GPUPLAN_SRCDIR, rel);
}

static void load(const char *rel, Scenario *s)
{
    char path[4096];
    src_path(path, sizeof path, rel);
    Diag d;
    diag_clear(&d, path);
    int rc = scenario_load_file(path, s, &d);
    char msg[1200];
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s: %s", rel, msg);
}

static CostOption option_named(const char *k)
{
    for (int o = 0; o < OPT_COUNT; o++)
        if (strcmp(k, cost_option_key((CostOption)o)) == 0)
            return (CostOption)o;
    ck_abort_msg("unknown option %s", k);
    return OPT_ONPREM;
}

static CostLine line_named(const char *k)
{
    for (int l = 0; l < LINE_COUNT; l++)
        if (strcmp(k, cost_line_key((CostLine)l)) == 0)
            return (CostLine)l;
    ck_abort_msg("unknown line %s", k);
    return LINE_CAPITAL;
}

/* The figure at `key` as text: a number as %.17g, a word as is. */
static void figure(const CostResult *r, const char *key, char *out, size_t n)
{
    char k[256], *part[8] = {0};
    size_t np = 0;
    snprintf(k, sizeof k, "%s", key);
    for (char *t = strtok(k, "."); t && np < 8; t = strtok(NULL, "."))
        part[np++] = t;
    double v = NAN;
    const char *word = NULL;
    if (np == 2 && strcmp(part[1], "useful_gpu_hours_month") == 0) {
        v = r->useful_gpu_hours_month;
    } else if (np == 2 && strcmp(part[1], "cheapest") == 0) {
        word = cost_option_key(r->cheapest);
    } else if (np == 2 && strcmp(part[1], "zone") == 0) {
        word = cost_zone_key(r->zone);
    } else if (strcmp(part[1], "options") == 0) {
        const OptionCost *o = &r->option[option_named(part[2])];
        if (strcmp(part[3], "allowed") == 0)
            word = o->allowed ? "true" : "false";
        else if (strcmp(part[3], "monthly") == 0)
            v = o->monthly;
        else if (strcmp(part[3], "per_useful_gpu_hour") == 0)
            v = o->per_useful_gpu_hour;
        else
            v = o->line[line_named(part[4])];
    } else if (strcmp(part[1], "crossovers") == 0) {
        const Crossover *c = &r->crossover[option_named(part[2])];
        if (strcmp(part[3], "onprem") == 0)
            word = c->count ? "(a point)" : cost_cross_word(c->kind);
        else
            v = c->count ? c->point[atoi(part[4])].pct : NAN;
    } else if (strcmp(part[1], "curves") == 0) {
        v = r->curve[option_named(part[2])][atoi(part[3])];
    } else {
        ck_abort_msg("unknown key %s", key);
    }
    if (word)
        snprintf(out, n, "%s", word);
    else if (isnan(v))
        snprintf(out, n, "null");
    else
        snprintf(out, n, "%.17g", v);
}

/* The stored value in the same form. */
static void stored(const char *text, char *out, size_t n)
{
    char *end;
    double v = strtod(text, &end);
    if (end != text && *end == '\0')
        snprintf(out, n, "%.17g", v);
    else
        snprintf(out, n, "%s", text);
}

START_TEST(version1_figures)
{
    char path[4096];
    src_path(path, sizeof path, "tests/data/v1-figures.txt");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "%s", path);
    char line[512], cur[256] = "";
    Scenario s;
    CostResult r;
    long n = 0, files = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, "\n")] = '\0';
        char file[256], key[256], value[128];
        ck_assert_int_eq(sscanf(line, "%255s %255s %127s", file, key, value), 3);
        if (strcmp(file, cur) != 0) {
            load(file, &s);
            cost_evaluate(&s, &r);
            snprintf(cur, sizeof cur, "%s", file);
            files++;
        }
        char got[128], want[128];
        figure(&r, key, got, sizeof got);
        stored(value, want, sizeof want);
        ck_assert_msg(strcmp(got, want) == 0, "%s: %s: %s, version 1 gave %s",
                      file, key, got, want);
        n++;
    }
    fclose(f);
    ck_assert_int_ge(files, 17);
    ck_assert_int_ge(n, 1500);
}
END_TEST

/* The built-in default, written as version 2 (with the new fields at their
 * defaults), is the same scenario as the version-1 default file. */
START_TEST(default_same_in_both_versions)
{
    Scenario a, b, def;
    load("tests/data/v1/default.yaml", &a);
    load("scenarios/default.yaml", &b);
    scenario_default(&def);
    ck_assert(scenario_equal(&a, &def));
    ck_assert(scenario_equal(&b, &def));
}
END_TEST

static Suite *suite(void)
{
    Suite *su = suite_create("v1");
    TCase *tc = tcase_create("figures");
    tcase_add_test(tc, version1_figures);
    tcase_add_test(tc, default_same_in_both_versions);
    suite_add_tcase(su, tc);
    return su;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
