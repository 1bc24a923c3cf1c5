/* import_routing.c: a hybrid routing JSON file into a hybrid plan (DESIGN 6).
 * cJSON builds the tree; import_json.c says where in the text a key is. */
#include "config.h"

#include "import_routing.h"

#include <ctype.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cron.h"
#include "fields.h"
#include "import_json.h"
#include "scenario_file.h"
#include "text_rules.h"
#include "utf8.h"

#define BURST_PREFIX "aws_if_onprem_queue_gt_"
#define VERBS_ALLOWED "on_prem, aws_spot or aws_if_onprem_queue_gt_<N>min"

/* ---- the matching rule --------------------------------------------------- */

/* Split name into words (see the header); each word lowercased with one
 * trailing 's' dropped. Returns the count (at most max). */
static size_t name_words(const char *name, char words[][64], size_t max)
{
    size_t n = 0, len = 0;
    for (const char *p = name;; p++) {
        bool sep = !*p || *p == '_' || *p == '-' || *p == ' ' || *p == '\t';
        if (!sep) {
            if (len < 63)
                words[n][len++] = (char)tolower((unsigned char)*p);
            continue;
        }
        if (len > 0 && n < max) {
            if (len > 1 && words[n][len - 1] == 's')
                len--;
            words[n][len] = '\0';
            n++;
        }
        len = 0;
        if (!*p || n == max)
            break;
    }
    return n;
}

/* True when routing key `key` names the scheduled workload `name`. */
static bool names_match(const char *key, const char *name)
{
    if (strcmp(key, name) == 0)
        return true;
    char a[8][64], b[8][64];
    size_t na = name_words(key, a, 8), nb = name_words(name, b, 8);
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < nb; j++)
            if (strlen(a[i]) >= 4 && strcmp(a[i], b[j]) == 0)
                return true;
    return false;
}

/* ---- the mapping ------------------------------------------------------- */

typedef enum Verb { V_ONPREM, V_SPOT, V_BURST } Verb;

/* Parse a routing verb; *minutes gets the burst threshold. */
static int parse_verb(const ImportText *c, size_t at, const char *path,
                      const char *text, Verb *v, double *minutes)
{
    if (strcmp(text, "on_prem") == 0) {
        *v = V_ONPREM;
        return 0;
    }
    if (strcmp(text, "aws_spot") == 0) {
        *v = V_SPOT;
        return 0;
    }
    size_t np = strlen(BURST_PREFIX);
    if (strncmp(text, BURST_PREFIX, np) == 0) {
        const char *num = text + np;
        size_t nl = strlen(num);
        if (nl < 4 || strcmp(num + nl - 3, "min") != 0)
            return import_json_fail(c, at, path, "'%s': the queue "
                                    "threshold must end in 'min' "
                                    "(aws_if_onprem_queue_gt_<N>min, N whole "
                                    "minutes above 0)", text);
        bool digits = true;
        for (size_t i = 0; i + 3 < nl; i++)
            if (!isdigit((unsigned char)num[i]))
                digits = false;
        double n = digits ? strtod(num, NULL) : -1;
        if (!digits || n <= 0 || n > 525600)
            return import_json_fail(c, at, path, "'%s': the queue threshold must be a "
                                    "whole number of minutes from 1 to 525600 "
                                    "(aws_if_onprem_queue_gt_<N>min)", text);
        *v = V_BURST;
        *minutes = n;
        return 0;
    }
    return import_json_fail(c, at, path, "unknown routing '%s' (allowed: %s)", text,
                            VERBS_ALLOWED);
}

/* Take a workload's name from the routing file, checked by the scenario's
 * own rule for it (so the imported plan loads back): 0, or EXIT_DATAERR
 * with why saying the reason. */
static int set_name(HybridWorkload *w, const char *text, Diag *why)
{
    size_t n = strlen(text);
    if (n == 0 || n > HYBRID_NAME_MAX)
        return diag_fail(why, "a workload name is 1 to %d bytes",
                         HYBRID_NAME_MAX);
    if (text_check(text, false, why, NULL) != 0) {
        diag_prefix(why, "the workload name ");
        return EXIT_DATAERR;
    }
    memcpy(w->name, text, n + 1);
    return 0;
}

typedef struct AwsExp {
    bool present, has_preempt, preemptible, has_idle, has_count;
    double idle, count;
    char type[64];
} AwsExp;

/* A whole number >= lo from a JSON number item. */
static bool whole_at_least(const cJSON *it, double lo)
{
    return cJSON_IsNumber(it) && isfinite(it->valuedouble) &&
           it->valuedouble == floor(it->valuedouble) && it->valuedouble >= lo;
}

static int read_aws_exp(const ImportText *c, const cJSON *o, AwsExp *e)
{
    memset(e, 0, sizeof *e);
    size_t at = import_json_locate(c, "schedule", "aws_exp", NULL);
    if (!cJSON_IsObject(o))
        return import_json_fail(c, import_json_value(c, at), "schedule.aws_exp",
                                "must be an object (instance_count, instance_type, "
                                "preemptible, max_idle_minutes)");
    e->present = true;
    for (const cJSON *it = o->child; it; it = it->next) {
        char path[160], q[DIAG_QUOTE];
        snprintf(path, sizeof path, "schedule.aws_exp.%s", diag_quote(it->string, q));
        size_t kat = import_json_key(c, at, it->string);
        size_t vat = import_json_value(c, kat);
        if (strcmp(it->string, "instance_count") == 0) {
            if (!whole_at_least(it, 1) || it->valuedouble > 100000)
                return import_json_fail(c, vat, path, "must be a whole number from 1 "
                                        "to 100000");
            e->has_count = true;
            e->count = it->valuedouble;
        } else if (strcmp(it->string, "instance_type") == 0) {
            if (!cJSON_IsString(it) || !it->valuestring[0] ||
                strlen(it->valuestring) >= sizeof e->type)
                return import_json_fail(c, vat, path, "must be an instance type name "
                               "(text, 1 to %zu bytes)", sizeof e->type - 1);
            snprintf(e->type, sizeof e->type, "%s", it->valuestring);
        } else if (strcmp(it->string, "preemptible") == 0) {
            if (!cJSON_IsBool(it))
                return import_json_fail(c, vat, path, "must be true or false");
            e->has_preempt = true;
            e->preemptible = cJSON_IsTrue(it);
        } else if (strcmp(it->string, "max_idle_minutes") == 0) {
            if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble) ||
                it->valuedouble < 0 || it->valuedouble > 1440)
                return import_json_fail(c, vat, path, "must be a number of minutes "
                                        "from 0 to 1440");
            e->has_idle = true;
            e->idle = it->valuedouble;
        } else {
            return import_json_fail(c, kat, path, "unknown key (allowed: "
                                    "instance_count, instance_type, preemptible, "
                                    "max_idle_minutes)");
        }
    }
    return 0;
}

/* Append "N. text" to todo and to the notes buffer. */
static void todo_item(StrBuf *todo, StrBuf *notes, size_t *k,
                      const char *text)
{
    ++*k;
    sb_printf(todo, "%zu. %s\n", *k, text);
    sb_printf(notes, "%zu. %s\n", *k, text);
}

/* The file's parts: schedule (on_prem, aws_exp, each NULL when absent) and
 * routing. */
typedef struct Parts {
    const cJSON *routing, *onprem, *awsexp;
} Parts;

/* The top level holds schedule and routing, routing always; schedule is
 * an object of on_prem and aws_exp. */
static int read_parts(const ImportText *c, const cJSON *root, Parts *t)
{
    const cJSON *sched = NULL;
    memset(t, 0, sizeof *t);
    for (const cJSON *it = root->child; it; it = it->next) {
        if (strcmp(it->string, "schedule") == 0)
            sched = it;
        else if (strcmp(it->string, "routing") == 0)
            t->routing = it;
        else
            return import_json_fail(c, import_json_key(c, 0, it->string), it->string,
                           "unknown key (a routing file holds schedule and "
                                    "routing)");
    }
    if (!t->routing)
        return import_json_fail(c, 0, "routing", "missing: the file must have a "
                       "\"routing\" object (workload name: %s)", VERBS_ALLOWED);
    if (!sched)
        return 0;
    if (!cJSON_IsObject(sched))
        return import_json_fail(c, import_json_value(c, import_json_key(
                                       c, 0, "schedule")),
                                "schedule", "must be an object (on_prem, "
                                "aws_exp)");
    for (const cJSON *it = sched->child; it; it = it->next) {
        if (strcmp(it->string, "on_prem") == 0)
            t->onprem = it;
        else if (strcmp(it->string, "aws_exp") == 0)
            t->awsexp = it;
        else
            return import_json_fail(
                c, import_json_locate(c, "schedule", it->string, NULL),
                "schedule", "unknown key '%s' (allowed: on_prem, aws_exp)",
                it->string);
    }
    return 0;
}

/* A new workload named `name` (its key at kat, path) after the plan's
 * others, the workload defaults under it: *out, not counted yet. */
static int new_workload(const ImportText *c, Scenario *s, size_t kat,
                        const char *path, const char *name,
                        HybridWorkload **out)
{
    HybridPlan *p = &s->hybrid;
    if (p->workload_count == HYBRID_MAX_WORKLOADS)
        return import_json_fail(c, kat, path, "more than %d workloads",
                                HYBRID_MAX_WORKLOADS);
    HybridWorkload *w = &p->workloads[p->workload_count];
    field_item_default(&field_list_workloads, s, p->workload_count);
    Diag why;
    if (set_name(w, name, &why) != 0)
        return import_json_fail(c, kat, path, "%s", why.message);
    for (size_t i = 0; i < p->workload_count; i++)
        if (strcmp(p->workloads[i].name, w->name) == 0)
            return import_json_fail(c, kat, path, "duplicate workload name");
    *out = w;
    return 0;
}

/* schedule.on_prem: a workload on the owned fleet per name, at its cron
 * schedule. */
static int map_onprem(const ImportText *c, const cJSON *onprem, Scenario *s)
{
    size_t at = import_json_locate(c, "schedule", "on_prem", NULL);
    if (!cJSON_IsObject(onprem))
        return import_json_fail(c, import_json_value(c, at), "schedule.on_prem",
                                "must be an object of workload name: \"cron "
                       "schedule\" (e.g. \"daily_training\": \"0 2 * * *\")");
    for (const cJSON *it = onprem->child; it; it = it->next) {
        char path[160], q[DIAG_QUOTE];
        snprintf(path, sizeof path, "schedule.on_prem.%s", diag_quote(it->string, q));
        size_t kat = import_json_key(c, at, it->string);
        size_t vat = import_json_value(c, kat);
        HybridWorkload *w;
        int rc = new_workload(c, s, kat, path, it->string, &w);
        if (rc)
            return rc;
        if (!cJSON_IsString(it))
            return import_json_fail(c, vat, path, "must be a cron schedule in "
                                    "quotes (5 fields, e.g. \"0 2 * * *\")");
        if (strlen(it->valuestring) > HYBRID_SCHEDULE_MAX)
            return import_json_fail(c, vat, path, "a schedule is at most %d "
                                    "characters", HYBRID_SCHEDULE_MAX);
        Diag ce;
        if (cron_parse(it->valuestring, &w->schedule, &ce) != 0)
            return import_json_fail(c, vat + (size_t)(ce.col > 0 ? ce.col : 1),
                                    path, "%s", ce.message);
        snprintf(w->schedule_text, sizeof w->schedule_text, "%s",
                 it->valuestring);
        w->has_schedule = true;
        w->gpus = IMPORT_GPUS;
        w->hours = IMPORT_HOURS;
        w->run = RUN_ONPREM;
        s->hybrid.workload_count++;
    }
    return 0;
}

/* What the routing rules have said so far. */
typedef struct Rules {
    HybridPlan *p;
    const AwsExp *e;
    size_t scheduled;  /* the workloads of schedule.on_prem, first */
    bool have_wait;    /* a burst rule set p->max_wait_minutes */
    const cJSON *routed_by[HYBRID_MAX_WORKLOADS]; /* the rule of each */
} Rules;

/* Rule it's verb (its value at vat) as where its jobs run and in which
 * cloud mode. A burst's queue threshold is the plan's; when the rules
 * give several, the smallest, with a warning. */
static int rule_route(const ImportText *c, const cJSON *it, size_t vat,
                      const char *path, Rules *r, StrBuf *warn,
                      HybridRun *run, HybridCloudMode *mode)
{
    HybridPlan *p = r->p;
    Verb v;
    double minutes = 0;
    int rc = parse_verb(c, vat, path, it->valuestring, &v, &minutes);
    if (rc)
        return rc;
    if (v == V_BURST) {
        if (r->have_wait && minutes != p->max_wait_minutes)
            sb_printf(warn, "%s: %s: queue thresholds differ (%g and %g "
                      "minutes); the plan has one, the smallest is used\n",
                      c->name, path, p->max_wait_minutes, minutes);
        if (!r->have_wait || minutes < p->max_wait_minutes)
            p->max_wait_minutes = minutes;
        r->have_wait = true;
    }
    *run = v == V_ONPREM ? RUN_ONPREM : v == V_SPOT ? RUN_CLOUD : RUN_BURST;
    *mode = MODE_ON_DEMAND;
    if (v == V_SPOT || (v == V_BURST && r->e->has_preempt && r->e->preemptible))
        *mode = MODE_SPOT;
    return 0;
}

/* Route the scheduled workloads rule it (key at kat) names; *matched when
 * it names one. Two rules that route one workload differently are
 * refused: which wins would be the file's key order. */
static int route_scheduled(const ImportText *c, const cJSON *it, size_t kat,
                           const char *path, Rules *r, HybridRun run,
                           HybridCloudMode mode, bool *matched)
{
    *matched = false;
    for (size_t i = 0; i < r->scheduled; i++) {
        HybridWorkload *w = &r->p->workloads[i];
        if (!names_match(it->string, w->name))
            continue;
        const cJSON *first = r->routed_by[i];
        if (first && strcmp(first->valuestring, it->valuestring) != 0)
            return import_json_fail(c, kat, path, "routes the workload '%s' to %s, "
                           "which routing.%s routes to %s; a workload takes "
                                    "one routing (rename a rule or remove one)",
                                    w->name, it->valuestring, first->string,
                                    first->valuestring);
        r->routed_by[i] = it;
        w->run = run;
        w->cloud_mode = mode;
        *matched = true;
    }
    return 0;
}

/* routing: each rule routes the scheduled workloads it names, or is a new
 * workload with per_day arrivals. */
static int map_rules(const ImportText *c, const cJSON *routing, Scenario *s,
                     const AwsExp *e, StrBuf *warn)
{
    if (!cJSON_IsObject(routing))
        return import_json_fail(
            c, import_json_value(c, import_json_key(c, 0, "routing")),
            "routing", "must be an object of workload name: routing (%s)",
            VERBS_ALLOWED);
    Rules r = {.p = &s->hybrid, .e = e, .scheduled = s->hybrid.workload_count};
    size_t rat = import_json_key(c, 0, "routing");
    for (const cJSON *it = routing->child; it; it = it->next) {
        char path[160], q[DIAG_QUOTE];
        snprintf(path, sizeof path, "routing.%s", diag_quote(it->string, q));
        size_t kat = import_json_key(c, rat, it->string);
        size_t vat = import_json_value(c, kat);
        for (const cJSON *before = routing->child; before != it; before = before->next)
            if (strcmp(before->string, it->string) == 0)
                return import_json_fail(c, kat, path, "routed twice (one "
                                        "routing a workload)");
        if (!cJSON_IsString(it))
            return import_json_fail(c, vat, path, "must be a routing in quotes "
                                    "(allowed: %s)", VERBS_ALLOWED);
        HybridRun run;
        HybridCloudMode mode;
        bool matched;
        int rc = rule_route(c, it, vat, path, &r, warn, &run, &mode);
        if (rc == 0)
            rc = route_scheduled(c, it, kat, path, &r, run, mode, &matched);
        if (rc)
            return rc;
        if (matched)
            continue;
        HybridWorkload *w;
        rc = new_workload(c, s, kat, path, it->string, &w);
        if (rc)
            return rc;
        w->has_schedule = false;
        w->per_day = IMPORT_PER_DAY;
        w->gpus = IMPORT_GPUS;
        w->hours = IMPORT_HOURS;
        w->run = run;
        w->cloud_mode = mode;
        s->hybrid.workload_count++;
    }
    if (s->hybrid.workload_count == 0)
        return import_json_fail(c, import_json_value(c, rat), "routing",
                                "names no workload and schedule.on_prem has "
                                "none: nothing to import");
    return 0;
}

/* What the file does not say, numbered, into todo and at the head of s's
 * notes (the base scenario's notes after it while they fit). */
static void write_notes(const ImportText *c, Scenario *s, const AwsExp *e,
                        StrBuf *todo)
{
    const HybridPlan *p = &s->hybrid;
    StrBuf notes = STRBUF_INIT;
    size_t k = 0;
    /* The file's name goes into the notes with its control characters
     * shown (`\x1b`): a name may hold any byte but NUL and '/', the notes
     * allow only line breaks and tabs (DESIGN 7). */
    size_t nlen = strlen(c->name), vlen = text_visible(c->name, nlen, false, NULL, 0);
    char *shown = xmalloc(vlen + 1);
    text_visible(c->name, nlen, false, shown, vlen + 1);
    sb_printf(&notes, "Imported from %s. Placeholders to fill in (gpus %g, "
              "hours %g, per_day %g were written):\n", shown, IMPORT_GPUS,
              IMPORT_HOURS, IMPORT_PER_DAY);
    free(shown);
    const char *type = e->type[0] ? e->type : "an unnamed instance type";
    double count = e->has_count ? e->count : 1;
    bool names_cloud = e->present && (e->has_count || e->type[0]);
    for (size_t i = 0; i < p->workload_count; i++) {
        const HybridWorkload *w = &p->workloads[i];
        StrBuf item = STRBUF_INIT;
        sb_printf(&item, "workload %s: %sgpus, hours", w->name,
                  w->has_schedule ? "" : "per_day, ");
        if (w->run == RUN_BURST && names_cloud)
            sb_printf(&item, " (the file runs it on %g x %s in the cloud: "
                      "check gpus against that)", count, type);
        todo_item(todo, &notes, &k, sb_str(&item));
        sb_free(&item);
    }
    if (names_cloud) {
        StrBuf item = STRBUF_INIT;
        sb_printf(&item, "cloud prices: the file names %g x %s; check "
                  "cloud.instance and its prices match", count, type);
        todo_item(todo, &notes, &k, sb_str(&item));
        sb_free(&item);
    }
    /* Notes: the list, then the base scenario's notes while they fit. */
    size_t cap = sizeof s->notes - 1;
    if (s->notes[0] && notes.len + 2 + strlen(s->notes) <= cap) {
        sb_append(&notes, "\n");
        sb_append(&notes, s->notes);
    }
    size_t n = utf8_floor(notes.data, notes.len, cap);
    memcpy(s->notes, sb_str(&notes), n);
    s->notes[n] = '\0';
    sb_free(&notes);
}

static int map_routing(const ImportText *c, const cJSON *root, Scenario *s,
                       StrBuf *todo, StrBuf *warn)
{
    Parts t;
    AwsExp e;
    memset(&e, 0, sizeof e);
    int rc = read_parts(c, root, &t);
    if (rc == 0 && t.onprem)
        rc = map_onprem(c, t.onprem, s);
    if (rc == 0 && t.awsexp)
        rc = read_aws_exp(c, t.awsexp, &e);
    if (rc == 0)
        rc = map_rules(c, t.routing, s, &e, warn);
    if (rc)
        return rc;
    if (e.has_idle)
        s->hybrid.cloud_idle_minutes = e.idle;
    write_notes(c, s, &e, todo);
    return 0;
}

int import_routing(const char *name, const char *data, size_t len,
                   const Scenario *base, Scenario *out, StrBuf *todo,
                   StrBuf *warn, Diag *d)
{
    ImportText c = {name, data, len, d};
    diag_clear(d, name);
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(data, len, &end, false);
    if (!root) {
        size_t off = end && end >= data ? (size_t)(end - data) : 0;
        const char *ep = cJSON_GetErrorPtr();
        if (!end && ep && ep >= data && ep <= data + len)
            off = (size_t)(ep - data);
        return import_json_fail(&c, off, NULL, "not valid JSON here (a routing file "
                                "is one JSON object: schedule, routing)");
    }
    /* Anything but blanks after the value is an error too. */
    size_t off = (size_t)(end - data);
    while (off < len && strchr(" \t\r\n", data[off]))
        off++;
    int rc = 0;
    if (off < len)
        rc = import_json_fail(&c, off, NULL, "text after the JSON object");
    else if (!cJSON_IsObject(root))
        rc = import_json_fail(&c, 0, NULL, "a routing file is one JSON object "
                              "(schedule, routing)");
    Scenario s = *base;
    s.has_hybrid = true;
    scenario_hybrid_default(&s);
    if (rc == 0)
        rc = map_routing(&c, root, &s, todo, warn);
    cJSON_Delete(root);
    if (rc)
        return rc;
    /* The contract: the saved text loads back. */
    StrBuf b = STRBUF_INIT;
    scenario_format_yaml(&s, &b);
    Scenario back;
    Diag bd;
    rc = scenario_load_yaml(name, sb_str(&b), b.len, &back, &bd);
    sb_free(&b);
    if (rc) {
        /* The line and column are those of the generated YAML, which the
         * user never wrote: say what failed without them. */
        diag_clear(d, name);
        diag_set(d, EXIT_DATAERR, 0, 0, bd.path, "the imported plan would not "
                 "load back (%s); nothing was written", bd.message);
        return rc;
    }
    *out = s;
    return 0;
}

int import_routing_file(const char *path, const Scenario *base,
                        Scenario *out, StrBuf *todo, StrBuf *warn, Diag *d)
{
    diag_clear(d, path);
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "cannot open: %s",
                 strerror(errno));
        return EXIT_NOINPUT;
    }
    char *buf = xmalloc(SCENARIO_FILE_MAX + 1);
    size_t n = fread(buf, 1, SCENARIO_FILE_MAX + 1, f);
    bool err = ferror(f);
    fclose(f);
    int rc;
    if (err) {
        diag_set(d, EXIT_IOERR, 0, 0, NULL, "cannot read: %s",
                 strerror(errno));
        rc = EXIT_IOERR;
    } else if (n > SCENARIO_FILE_MAX) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "the file is over %d bytes",
                 SCENARIO_FILE_MAX);
        rc = EXIT_DATAERR;
    } else {
        buf[n] = '\0';
        rc = import_routing(path, buf, n, base, out, todo, warn, d);
    }
    free(buf);
    return rc;
}
