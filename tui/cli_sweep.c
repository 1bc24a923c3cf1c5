/* cli_sweep.c: gpuplan sweep (DESIGN 3): the batch what-if engine, one row
 * per combination of the varied inputs, streamed as CSV or JSON. */
#include "config.h"

#include "cli_common.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "dtoa.h"
#include "fields.h"
#include "numfmt.h"
#include "scenario_file.h"
#include "strbuf.h"
#include "sweep.h"
#include "text_rules.h"

/* The last number written in one column and its text: consecutive rows
 * share most columns (only the innermost axis and what depends on it
 * change), and the same double always has the same shortest text. */
typedef struct NumCache {
    uint64_t bits;
    bool valid;
    unsigned char len;
    char text[DTOA_BUFSIZE];
} NumCache;

/* The columns a row's numbers go through (SWEEP_MAX_AXES axes, two per
 * option, delta, a crossover per cloud option). */
enum { SWEEP_NUMS = SWEEP_MAX_AXES + 2 * OPT_COUNT + 1 + OPT_COUNT };

/* Write a number for the sweep at p: the shortest text that reads back
 * exactly ('.' always, no printf on this path); money in CSV rounded to
 * the cent first (DESIGN 4.3; JSON keeps every bit); nothing (CSV) or null
 * (JSON) for n/a. Returns the end of what was written. */
static char *sweep_num(char *p, NumCache *c, double v, bool json, bool money)
{
    if (!isfinite(v)) {
        if (json) {
            memcpy(p, "null", 4);
            p += 4;
        }
        return p;
    }
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    if (!c->valid || c->bits != bits) {
        c->len = (unsigned char)dtoa_shortest(money && !json ? num_round_cents(v) : v,
                                              c->text);
        c->bits = bits;
        c->valid = true;
    }
    memcpy(p, c->text, DTOA_BUFSIZE); /* the buffer has room (SWEEP_ROW_MAX) */
    return p + c->len;
}

/* Copy the NUL-terminated s to p; returns the end. */
static char *put(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* Write the n bytes of b to stdout; returns false on a write error. */
static bool sweep_write(const char *b, size_t n)
{
    return n == 0 || fwrite(b, 1, n, stdout) == n;
}

static const char *const sweep_cols[] = {"monthly", "per_useful_gpu_hour"};

/* The fixed texts of a row, formatted once, and the numbers' caches. */
typedef struct SweepKeys {
    char axis[SWEEP_MAX_AXES][160]; /* ", \"hardware.nodes\": " (JSON) */
    char key[OPT_COUNT][2][48];
    char cross[OPT_COUNT][48]; /* ", \"on_demand.crossover_pct\": " */
    NumCache num[SWEEP_NUMS];
} SweepKeys;

/* The most bytes one row takes: each piece's fixed text plus a number. */
#define SWEEP_ROW_MAX                                                      \
    (SWEEP_MAX_AXES * (160 + DTOA_BUFSIZE) +                               \
     OPT_COUNT * 3 * (48 + DTOA_BUFSIZE) + 256)

static void sweep_keys(SweepKeys *k, const SweepAxis *axes, size_t naxes)
{
    memset(k, 0, sizeof *k);
    for (size_t a = 0; a < naxes; a++)
        snprintf(k->axis[a], sizeof k->axis[a], "%s\"%s\": ", a ? ", " : "",
                 axes[a].field->key);
    for (int o = 0; o < OPT_COUNT; o++) {
        for (int c = 0; c < 2; c++)
            snprintf(k->key[o][c], sizeof k->key[o][c], ", \"%s.%s\": ",
                     cost_option_key((CostOption)o), sweep_cols[c]);
        snprintf(k->cross[o], sizeof k->cross[o], ", \"%s.crossover_pct\": ",
                 cost_option_key((CostOption)o));
    }
}

/* Append the header (CSV) or the opening bracket (JSON). */
static void sweep_header(StrBuf *b, const SweepAxis *axes, size_t naxes,
                         bool json)
{
    if (json) {
        sb_append(b, "[");
        return;
    }
    for (size_t k = 0; k < naxes; k++)
        sb_printf(b, "%s,", axes[k].field->key);
    for (int o = 0; o < OPT_COUNT; o++)
        for (int c = 0; c < 2; c++)
            sb_printf(b, "%s.%s,", cost_option_key((CostOption)o), sweep_cols[c]);
    sb_append(b, "cheapest,zone,delta");
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++)
        sb_printf(b, ",%s.crossover_pct", cost_option_key((CostOption)o));
    sb_append(b, "\r\n");
}

/* Write one row at p (room for SWEEP_ROW_MAX bytes): s already holds the
 * combination's values. Returns the end of the row. */
static char *sweep_row(char *p, const SweepAxis *axes, size_t naxes,
                       const Scenario *s, bool json, bool first,
                       SweepKeys *keys)
{
    CostResult r;
    cost_evaluate_options(s, &r);
    NumCache *num = keys->num;
    if (json)
        p = put(p, first ? "\n  {" : ",\n  {");
    for (size_t k = 0; k < naxes; k++) {
        if (json)
            p = put(p, keys->axis[k]);
        p = sweep_num(p, num++, field_get_num(axes[k].field, s), json, false);
        if (!json)
            *p++ = ',';
    }
    num = keys->num + SWEEP_MAX_AXES;
    for (int o = 0; o < OPT_COUNT; o++) {
        const double vals[2] = {r.option[o].monthly, r.option[o].per_useful_gpu_hour};
        for (int c = 0; c < 2; c++) {
            if (json)
                p = put(p, keys->key[o][c]);
            p = sweep_num(p, num++, vals[c], json, true);
            if (!json)
                *p++ = ',';
        }
    }
    p = put(p, json ? ", \"cheapest\": \"" : "");
    p = put(p, cost_option_key(r.cheapest));
    p = put(p, json ? "\", \"zone\": \"" : ",");
    p = put(p, cost_zone_key(r.zone));
    /* DESIGN 2.8, 4.3: delta = on-prem less the cheapest cloud option
     * (allowed or not; negative: owning is cheaper); then each cloud
     * option's first crossover, empty (null) when there is none. */
    p = put(p, json ? "\", \"delta\": " : ",");
    p = sweep_num(p, num++,
                  r.option[OPT_ONPREM].monthly -
                      r.option[cost_cheapest_cloud(&r)].monthly,
                  json, true);
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        p = put(p, json ? keys->cross[o] : ",");
        p = sweep_num(p, num++,
                      r.crossover[o].count > 0 ? r.crossover[o].point[0].pct : NAN,
                      json, false);
    }
    return put(p, json ? "}" : "\r\n");
}

/* "2.1 TB" for a byte count (powers of 1000, as disks are sold); past
 * 1000 YB, "3.4e+29 bytes". */
static void human_bytes(double v, char *buf, size_t n)
{
    static const char *const unit[] = {"bytes", "kB", "MB", "GB", "TB", "PB",
                                       "EB", "ZB", "YB"};
    enum { UNITS = sizeof unit / sizeof unit[0] };
    if (v >= 1e27) {
        num_snprintf(buf, n, "%.2g bytes", v);
        return;
    }
    size_t u = 0;
    while (v >= 1000 && u + 1 < UNITS) {
        v /= 1000;
        u++;
    }
    if (u == 0)
        num_snprintf(buf, n, "%.0f bytes", v);
    else
        num_snprintf(buf, n, "%.1f %s", v, unit[u]);
}

/* "12,345,678" for a whole count (or "1.2e+20" beyond 10^18). */
static void human_count(double v, char *buf, size_t n)
{
    if (v >= 1e18) {
        num_snprintf(buf, n, "%.3g", v);
        return;
    }
    char digits[32];
    num_snprintf(digits, sizeof digits, "%.0f", v);
    size_t len = strlen(digits), used = 0;
    for (size_t i = 0; i < len && used + 2 < n; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            buf[used++] = ',';
        buf[used++] = digits[i];
    }
    buf[used] = '\0';
}

int cli_cmd_sweep(const CliArgs *a)
{
    SweepAxis axes[SWEEP_MAX_AXES];
    size_t naxes = 0;
    const char *file = a->operands[0], *v = cli_value(a, "format");
    const char *rows_arg = cli_value(a, "max-rows");
    double max_rows = SWEEP_MAX_ROWS_DEFAULT;
    int rc;
    if (v && strcmp(v, "csv") != 0 && strcmp(v, "json") != 0)
        return usage_error("sweep formats are csv and json, not '%s'", v);
    bool json = v && strcmp(v, "json") == 0;
    if (rows_arg && (num_parse(rows_arg, &max_rows) != 0 || max_rows < 1 ||
                     max_rows != floor(max_rows) || max_rows > SWEEP_MAX_ROWS_ALLOWED))
        return usage_error("--max-rows needs a whole number of rows "
                           "from 1 to 10^18, not '%s'", rows_arg);
    if (cli_count(a, "vary") > SWEEP_MAX_AXES)
        return usage_error("too many --vary options (at most %d)", SWEEP_MAX_AXES);
    Diag d;
    for (size_t i = 0; i < cli_count(a, "vary"); i++) {
        v = cli_nth(a, "vary", i);
        /* A malformed --vary is a usage error (64); a range the field
         * refuses is bad data (65). */
        if (!sweep_axis_parse(v, &axes[naxes], &d)) {
            char *why = diag_text(&d);
            fprintf(stderr, "gpuplan: --vary %s: %s\n", vis(v), why);
            if (d.status == EXIT_USAGE)
                fprintf(stderr, "Try 'gpuplan help sweep'.\n");
            free(why);
            return d.status;
        }
        for (size_t k = 0; k < naxes; k++)
            if (axes[k].field == axes[naxes].field)
                return usage_error("--vary %s: that field is already varied "
                                   "(one --vary a field)", v);
        naxes++;
    }
    Scenario base;
    rc = load_arg(file, &base);
    if (rc == 0)
        rc = apply_sets(&base, a);
    if (rc != 0)
        return rc;

    static SweepKeys keys; /* (big: kept off the stack) */
    sweep_keys(&keys, axes, naxes);
    /* Bounded work (DESIGN 7): the row count and the output's size are known
     * before anything runs; a sweep beyond --max-rows is refused at once.
     * The size is the header plus the first row's length times the rows. */
    double total = sweep_rows(axes, naxes);
    if (total > max_rows) {
        StrBuf one = STRBUF_INIT;
        Scenario s = base;
        for (size_t k = 0; k < naxes; k++)
            *field_num(axes[k].field, &s) = sweep_axis_value(&axes[k], 0);
        sweep_header(&one, axes, naxes, json);
        size_t head = one.len;
        char row[SWEEP_ROW_MAX];
        size_t row_len = (size_t)(sweep_row(row, axes, naxes, &s, json, false,
                                            &keys) - row);
        char rows[48], size[48], lim[48];
        /* (the count is written plain after --max-rows: that is how the
         * option takes it) */
        human_count(total, rows, sizeof rows);
        human_bytes((double)head + total * (double)row_len, size,
                    sizeof size);
        human_count(max_rows, lim, sizeof lim);
        sb_free(&one);
        fprintf(stderr, "gpuplan: sweep: %s rows (about %s of %s) is more than ",
                rows, size, json ? "JSON" : "CSV");
        if (total > SWEEP_MAX_ROWS_ALLOWED)
            /* no --max-rows allows it: none is suggested */
            fprintf(stderr, "a sweep writes (at most 10^18 rows, with "
                    "--max-rows); narrow the ranges\n");
        else if (rows_arg)
            fprintf(stderr, "--max-rows %s allows; narrow the ranges, or give "
                    "--max-rows %.0f\n", lim, total);
        else
            fprintf(stderr, "the %s rows a sweep writes without asking; narrow "
                    "the ranges, or give --max-rows %.0f to write them "
                    "anyway\n", lim, total);
        return EXIT_USAGE;
    }

    /* Every combination keeps the cross-field rules: checked on the
     * corners (sweep.h), so streaming starts at once and never stops
     * half-way with a partial output. */
    Scenario s;
    const Field *bad = NULL;
    if (!sweep_check_corners(&base, axes, naxes, &s, &bad, &d)) {
        fprintf(stderr, "gpuplan: sweep: the combination");
        for (size_t k = 0; k < naxes; k++) {
            char val[40];
            num_format_exact(*field_num(axes[k].field, &s), val, sizeof val);
            fprintf(stderr, " %s=%s", axes[k].field->key, val);
        }
        char *why = diag_text(&d);
        fprintf(stderr, " breaks a rule: %s\n", why);
        free(why);
        return EXIT_DATAERR;
    }

    StrBuf head = STRBUF_INIT;
    sweep_header(&head, axes, naxes, json);
    bool ok = sweep_write(head.data, head.len);
    sb_free(&head);
    /* Rows go into one big block, written whenever it is nearly full. */
    enum { BLOCK = 1 << 20 };
    char *buf = xmalloc(BLOCK + SWEEP_ROW_MAX);
    char *p = buf;
    size_t idx[SWEEP_MAX_AXES] = {0};
    s = base;
    bool first = true;
    size_t moved = 0; /* the axes from this one on have a new value */
    while (ok) {
        for (size_t k = moved; k < naxes; k++)
            *field_num(axes[k].field, &s) = sweep_axis_value(&axes[k], idx[k]);
        p = sweep_row(p, axes, naxes, &s, json, first, &keys);
        first = false;
        if ((size_t)(p - buf) >= BLOCK) {
            ok = sweep_write(buf, (size_t)(p - buf));
            p = buf;
        }
        size_t k = naxes;
        while (k > 0 && ++idx[k - 1] == axes[k - 1].count)
            idx[--k] = 0;
        if (k == 0)
            break;
        moved = k - 1;
    }
    if (ok && json)
        p = put(p, "\n]\n");
    ok = ok && sweep_write(buf, (size_t)(p - buf)) && fflush(stdout) == 0;
    free(buf);
    if (!ok) {
        fprintf(stderr, "gpuplan: sweep: cannot write the output: %s\n", strerror(errno));
        return EXIT_IOERR;
    }
    return 0;
}

