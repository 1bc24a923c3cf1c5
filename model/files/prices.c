/* prices.c: reading the price book (see prices.h).
 *
 * The price book is a small file shipped with gpuplan, so it is read with
 * libyaml's document API (a node tree with positions) rather than the
 * scenario loader's streaming parser; errors are located all the same. */
#include "config.h"

#include "prices.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "atomic_file.h"
#include "dtoa.h"
#include "fields.h"
#include "numfmt.h"
#include "strbuf.h"
#include "text_rules.h"

typedef struct Ctx {
    yaml_document_t *doc;
    Diag *d;
} Ctx;

static int fail(Ctx *c, const yaml_node_t *n, const char *path,
                const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int fail(Ctx *c, const yaml_node_t *n, const char *path,
                const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vset(c->d, EXIT_DATAERR, n->start_mark.line + 1,
              n->start_mark.column + 1, path, fmt, ap);
    va_end(ap);
    return EXIT_DATAERR;
}

static const char *scalar(const yaml_node_t *n)
{
    return n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int get_text(Ctx *c, const yaml_node_t *n, const char *path, char *out,
                    size_t size)
{
    const char *v = scalar(n);
    if (!v)
        return fail(c, n, path, "expected text");
    if (strlen(v) >= size)
        return fail(c, n, path, "text is too long (at most %zu bytes)",
                    size - 1);
    /* The book's texts are shown by `gpuplan prices` and the planner and
     * copied into scenarios: one line each, no control characters or
     * bidirectional overrides (DESIGN 7). */
    Diag why;
    if (text_check(v, false, &why, NULL) != 0)
        return fail(c, n, path, "text %s", why.message);
    /* What the Cloud panel copies into a scenario must be a valid value of
     * the field it goes into, or the planner would hold a scenario it
     * cannot save (DESIGN 1.3). */
    static const struct {
        const char *path, *field;
    } copied[] = {{"name", "cloud.instance"},
                  {"provider", "cloud.provider"},
                  {"regions", "cloud.region"},
                  {"reserved_kind", "cloud.commitment"},
                  {"reserved_payment", "cloud.reserved_payment"}};
    for (size_t i = 0; i < sizeof copied / sizeof copied[0]; i++) {
        const Field *f = field_find(copied[i].field);
        if (strcmp(path, copied[i].path) != 0 || !f)
            continue;
        double word;
        int rc = f->type == FT_CHOICE ? field_parse(f, v, &word, &why)
                                      : field_check_text(f, v, &why);
        if (rc != 0)
            return fail(c, n, path, "%s (it is copied into %s)", why.message,
                        copied[i].field);
    }
    strcpy(out, v);
    return 0;
}

static int get_price(Ctx *c, const yaml_node_t *n, const char *path, double *out)
{
    const char *v = scalar(n);
    double x;
    if (!v || num_parse(v, &x) != 0 || x < 0 || x > 100000)
        return fail(c, n, path, "expected a price per instance-hour from 0 to 100000");
    *out = x;
    return 0;
}

static int load_region(Ctx *c, const yaml_node_t *key, const yaml_node_t *val,
                       PriceRegion *r)
{
    char path[96];
    char q[DIAG_QUOTE];
    snprintf(path, sizeof path, "regions.%s",
             diag_quote(scalar(key) ? scalar(key) : "?", q));
    int rc = get_text(c, key, "regions", r->region, sizeof r->region);
    if (rc)
        return rc;
    r->on_demand = r->reserved = r->spot = NAN;
    r->date[0] = '\0';
    if (val->type != YAML_MAPPING_NODE)
        return fail(c, val, path, "expected a mapping of on_demand, reserved, spot");
    for (yaml_node_pair_t *p = val->data.mapping.pairs.start;
         p < val->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(c->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(c->doc, p->value);
        const char *name = scalar(k);
        double *slot = NULL;
        if (name && strcmp(name, "date") == 0) {
            if ((rc = get_text(c, v, path, r->date, sizeof r->date)) != 0)
                return rc;
            continue;
        }
        if (name && strcmp(name, "on_demand") == 0)
            slot = &r->on_demand;
        else if (name && strcmp(name, "reserved") == 0)
            slot = &r->reserved;
        else if (name && strcmp(name, "spot") == 0)
            slot = &r->spot;
        if (!slot)
            return fail(c, k, path, "unknown key (expected on_demand, reserved, "
                                    "spot or date)");
        if ((rc = get_price(c, v, path, slot)) != 0)
            return rc;
    }
    return 0;
}

static int load_instance(Ctx *c, const yaml_node_t *n, PriceInstance *in)
{
    memset(in, 0, sizeof *in);
    in->reserved_term_months = NAN;
    if (n->type != YAML_MAPPING_NODE)
        return fail(c, n, "instances", "expected a mapping for each instance");
    int rc;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
         p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(c->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(c->doc, p->value);
        const char *name = scalar(k);
        if (!name)
            return fail(c, k, "instances", "expected a key");
        static const struct {
            const char *key;
            size_t off, size;
        } texts[] = {
            {"name", offsetof(PriceInstance, name), sizeof in->name},
            {"provider", offsetof(PriceInstance, provider), sizeof in->provider},
            {"gpu", offsetof(PriceInstance, gpu), sizeof in->gpu},
            {"date", offsetof(PriceInstance, date), sizeof in->date},
            {"source", offsetof(PriceInstance, source), sizeof in->source},
            {"reserved_kind", offsetof(PriceInstance, reserved_kind),
             sizeof in->reserved_kind},
            {"reserved_payment", offsetof(PriceInstance, reserved_payment),
             sizeof in->reserved_payment},
            {"reserved_date", offsetof(PriceInstance, reserved_date),
             sizeof in->reserved_date},
            {"spot_date", offsetof(PriceInstance, spot_date),
             sizeof in->spot_date},
            {"not_sourced", offsetof(PriceInstance, not_sourced),
             sizeof in->not_sourced}};
        bool done = false;
        for (size_t i = 0; i < sizeof texts / sizeof texts[0] && !done; i++)
            if (strcmp(name, texts[i].key) == 0) {
                if ((rc = get_text(c, v, name, (char *)in + texts[i].off,
                                   texts[i].size)) != 0)
                    return rc;
                done = true;
            }
        if (done)
            continue;
        if (strcmp(name, "gpus") == 0) {
            const char *t = scalar(v);
            double g;
            if (!t || num_parse(t, &g) != 0 || g < 1 || g > 64 || g != floor(g))
                return fail(c, v, "gpus", "expected a whole number of GPUs from 1 to 64");
            in->gpus = g;
        } else if (strcmp(name, "reserved_term_months") == 0) {
            const char *t = scalar(v);
            double m;
            if (!t || num_parse(t, &m) != 0 || m < 1 || m > 60 || m != floor(m))
                return fail(c, v, "reserved_term_months",
                            "expected a whole number of months from 1 to 60");
            in->reserved_term_months = m;
        } else if (strcmp(name, "regions") == 0) {
            if (v->type != YAML_MAPPING_NODE)
                return fail(c, v, "regions", "expected a mapping of region names");
            for (yaml_node_pair_t *q = v->data.mapping.pairs.start;
                 q < v->data.mapping.pairs.top; q++) {
                if (in->region_count == PRICES_MAX_REGIONS)
                    return fail(c, v, "regions", "too many regions (at most 24)");
                rc = load_region(c, yaml_document_get_node(c->doc, q->key),
                                 yaml_document_get_node(c->doc, q->value),
                                 &in->regions[in->region_count++]);
                if (rc)
                    return rc;
            }
        } else {
            return fail(c, k, name, "unknown key (expected name, provider, gpu, gpus, "
                                    "date, source, reserved_kind, "
                                    "reserved_payment, reserved_term_months, "
                                    "reserved_date, spot_date, not_sourced or "
                                    "regions)");
        }
    }
    if (!in->name[0] || in->gpus == 0 || in->region_count == 0)
        return fail(c, n, "instances", "an instance needs name, gpus and regions");
    return 0;
}

int prices_load_file(const char *path, PriceBook *book, Diag *d)
{
    diag_clear(d, path);
    char *data;
    size_t len;
    int rc = read_whole_file(path, 1024 * 1024, &data, &len, d);
    if (rc)
        return rc;
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, (const unsigned char *)data, len);
    if (!yaml_parser_load(&parser, &doc)) {
        diag_set(d, EXIT_DATAERR, parser.problem_mark.line + 1,
                 parser.problem_mark.column + 1, NULL, "%s",
                 parser.problem ? parser.problem : "not valid YAML");
        yaml_parser_delete(&parser);
        free(data);
        return EXIT_DATAERR;
    }
    Ctx c = {&doc, d};
    PriceBook *tmp = xmalloc(sizeof *tmp);
    tmp->count = 0;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    bool versioned = false;
    rc = 0;
    if (!root || root->type != YAML_MAPPING_NODE) {
        diag_set(d, EXIT_DATAERR, 1, 1, NULL, "a price book is a mapping with "
                 "gpuplan_prices: 1 and instances");
        rc = EXIT_DATAERR;
    }
    for (yaml_node_pair_t *p = rc ? NULL : root->data.mapping.pairs.start;
         p && p < root->data.mapping.pairs.top && rc == 0; p++) {
        yaml_node_t *k = yaml_document_get_node(&doc, p->key);
        yaml_node_t *v = yaml_document_get_node(&doc, p->value);
        const char *name = scalar(k);
        if (name && strcmp(name, "gpuplan_prices") == 0) {
            const char *t = scalar(v);
            if (!t || strcmp(t, "1") != 0)
                rc = fail(&c, v, "gpuplan_prices", "expected version 1");
            versioned = true;
        } else if (name && strcmp(name, "instances") == 0) {
            if (v->type != YAML_SEQUENCE_NODE) {
                rc = fail(&c, v, "instances", "expected a list of instances");
                break;
            }
            for (yaml_node_item_t *it = v->data.sequence.items.start;
                 it < v->data.sequence.items.top && rc == 0; it++) {
                if (tmp->count == PRICES_MAX_INSTANCES) {
                    rc = fail(&c, v, "instances", "too many instances (at most 64)");
                    break;
                }
                rc = load_instance(&c, yaml_document_get_node(&doc, *it),
                                   &tmp->instances[tmp->count++]);
            }
        } else {
            rc = fail(&c, k, name ? name : "", "unknown key (expected "
                      "gpuplan_prices or instances)");
        }
    }
    if (rc == 0 && !versioned) {
        diag_set(d, EXIT_DATAERR, 1, 1, NULL, "missing gpuplan_prices: 1");
        rc = EXIT_DATAERR;
    }
    if (rc == 0)
        memcpy(book, tmp, sizeof *tmp);
    free(tmp);
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    free(data);
    return rc;
}

bool prices_is_book(const char *path)
{
    /* Only a regular file is looked into: a pipe's bytes, once read here,
     * would be gone for the scenario loader. */
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    Diag d;
    char *data;
    size_t len;
    if (read_whole_file(path, 1024 * 1024, &data, &len, &d) != 0)
        return false;
    /* Events, not a document: nothing is built, nesting costs no stack,
     * and the scan stops at the first top-level key that tells. */
    yaml_parser_t parser;
    yaml_event_t ev;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, (const unsigned char *)data, len);
    int depth = 0;
    bool want_key = false, book = false, done = false;
    while (!done && yaml_parser_parse(&parser, &ev)) {
        bool open = ev.type == YAML_MAPPING_START_EVENT ||
                    ev.type == YAML_SEQUENCE_START_EVENT;
        bool close = ev.type == YAML_MAPPING_END_EVENT ||
                     ev.type == YAML_SEQUENCE_END_EVENT;
        if (open && depth == 0) {
            done = ev.type != YAML_MAPPING_START_EVENT; /* a list: no book */
            want_key = true;
        } else if (close && depth == 1) {
            done = true; /* the top mapping ended */
        } else if (depth == 1 && (open || ev.type == YAML_SCALAR_EVENT ||
                                  ev.type == YAML_ALIAS_EVENT)) {
            /* a top-level key, or the value after it */
            book = want_key && ev.type == YAML_SCALAR_EVENT &&
                   strcmp((const char *)ev.data.scalar.value, "gpuplan_prices") == 0;
            done = book;
            want_key = !want_key;
        }
        depth += open ? 1 : close ? -1 : 0;
        done = done || ev.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&parser);
    free(data);
    return book;
}

/* One edit of *e: `key` set to `text` (copied when `copy`, else kept as
 * the pointer, which lives as long as the book). */
static void edit(PriceEdits *e, const char *key, const char *text, bool copy)
{
    e->keys[e->count] = key;
    if (copy) {
        snprintf(e->buf[e->count], sizeof e->buf[0], "%s", text);
        text = e->buf[e->count];
    }
    e->texts[e->count++] = text;
}

/* A price per instance-hour as the text of a price per GPU-hour. */
static void per_gpu(PriceEdits *e, const char *key, double per_instance, double gpus)
{
    char t[DTOA_BUFSIZE];
    dtoa_shortest(per_instance / gpus, t);
    edit(e, key, t, true);
}

int prices_edits(const PriceInstance *in, const PriceRegion *r, PriceEdits *e)
{
    int n = 0;
    e->count = 0;
    if (isfinite(r->on_demand)) {
        per_gpu(e, "cloud.on_demand_gpu_hour", r->on_demand, in->gpus);
        n++;
    }
    if (isfinite(r->reserved)) {
        per_gpu(e, "cloud.reserved_gpu_hour", r->reserved, in->gpus);
        /* Which commitment the rate is, how it is paid (DESIGN 2.9). */
        if (in->reserved_kind[0])
            edit(e, "cloud.commitment", in->reserved_kind, false);
        if (in->reserved_payment[0])
            edit(e, "cloud.reserved_payment", in->reserved_payment, false);
        if (isfinite(in->reserved_term_months)) {
            char t[DTOA_BUFSIZE];
            dtoa_shortest(in->reserved_term_months, t);
            edit(e, "cloud.reserved_term_months", t, true);
        }
        n++;
    }
    if (isfinite(r->spot)) {
        per_gpu(e, "cloud.spot_gpu_hour", r->spot, in->gpus);
        n++;
    }
    edit(e, "cloud.instance", in->name, false);
    edit(e, "cloud.region", r->region, false);
    edit(e, "cloud.provider", in->provider, false);
    return n;
}
