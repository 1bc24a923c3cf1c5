/* cli_sweep.c: gpuplan sweep (DESIGN 3): the batch what-if engine, one row
 * per combination of the varied inputs, streamed as CSV or JSON. */
#include "config.h"

#include "cli_common.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "dtoa.h"
#include "dtoa_fixed.h"
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

/* A fixed piece of a row's text and its length. */
typedef struct Piece {
    unsigned char len;
    char text[SWEEP_KEY_MAX + 16];
} Piece;

/* What writing a row needs, set up once: the format, the fixed texts, and
 * how each column's number is written. */
typedef struct SweepOut {
    bool json;
    const SweepAxis *axes;
    size_t naxes;
    Piece axis[SWEEP_MAX_AXES];  /* ", \"hardware.nodes\": " (JSON) */
    Piece key[OPT_COUNT][2];     /* ", \"onprem.monthly\": " (JSON) */
    Piece cross[OPT_COUNT];      /* ", \"on_demand.crossover_pct\": " or "," */
    Piece open, cheapest, zone, delta, close;
    Piece option[OPT_COUNT]; /* "onprem", ... */
    Piece zone_key[ZONE_ONPREM + 1];
    NumCache num[SWEEP_NUMS];
} SweepOut;

/* The most bytes one row takes: each piece's fixed text plus a number. */
#define SWEEP_ROW_MAX                                                      \
    ((SWEEP_MAX_AXES + 3 * OPT_COUNT + 8) *                                \
     (sizeof(Piece) + DTOA_BUFSIZE))

/* Set *c to the text of v (sweep_num says which), its bits noted. */
static void sweep_num_text(NumCache *c, uint64_t bits, double v, bool json,
                           bool money, int places)
{
    c->bits = bits;
    c->valid = true;
    if (!isfinite(v)) {
        memcpy(c->text, "null", 5);
        c->len = (unsigned char)(json ? 4 : 0);
    } else if (money && !json) {
        c->len = (unsigned char)dtoa_cents(v, c->text);
    } else {
        c->len = (unsigned char)dtoa_fixed(v, places, c->text);
    }
}

/* Write a number for the sweep at p: the shortest text that reads back
 * exactly ('.' always, no printf on this path); money in CSV rounded to
 * the cent first (DESIGN 4.3; JSON keeps every bit); nothing (CSV) or null
 * (JSON) for n/a. `places` is the hint of a number that is a short
 * decimal (an axis written with them), -1 for none. The text is kept in
 * *c for the next row, which gives most columns the same number (that
 * check is all a repeated number costs, so it is inlined). Returns the
 * end of what was written. */
static inline char *sweep_num(char *p, NumCache *c, double v, bool json,
                              bool money, int places)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    if (!c->valid || c->bits != bits)
        sweep_num_text(c, bits, v, json, money, places);
    memcpy(p, c->text, DTOA_BUFSIZE); /* room: SWEEP_ROW_MAX */
    return p + c->len;
}

/* Copy a piece to p; returns the end. */
static char *put(char *p, const Piece *s)
{
    memcpy(p, s->text, sizeof s->text); /* room: SWEEP_ROW_MAX */
    return p + s->len;
}

/* Set a piece from printf-style arguments (the texts are short: a key). */
static void piece(Piece *pc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void piece(Piece *pc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(pc->text, sizeof pc->text, fmt, ap);
    va_end(ap);
    /* every key fits: a varied field's key is at most SWEEP_KEY_MAX long
     * (check_sweep holds that for the whole registry) */
    assert(n >= 0 && (size_t)n < sizeof pc->text);
    pc->len = (unsigned char)n;
}

/* Write the n bytes of b to stdout; returns false on a write error. */
static bool sweep_write(const char *b, size_t n)
{
    return n == 0 || fwrite(b, 1, n, stdout) == n;
}

static const char *const sweep_cols[] = {"monthly", "per_useful_gpu_hour"};

/* Set up *o for rows of axes[0..naxes) in CSV or JSON: the fixed texts
 * once, the number caches empty. o keeps the axes pointer. */
static void sweep_out_init(SweepOut *o, const SweepAxis *axes, size_t naxes,
                           bool json)
{
    memset(o, 0, sizeof *o);
    o->json = json;
    o->axes = axes;
    o->naxes = naxes;
    for (size_t a = 0; a < naxes; a++)
        if (json)
            piece(&o->axis[a], "%s\"%s\": ", a ? ", " : "", axes[a].field->key);
    for (int k = 0; k < OPT_COUNT; k++) {
        const char *name = cost_option_key((CostOption)k);
        for (int c = 0; c < 2; c++)
            if (json)
                piece(&o->key[k][c], ", \"%s.%s\": ", name, sweep_cols[c]);
        if (json)
            piece(&o->cross[k], ", \"%s.crossover_pct\": ", name);
        else
            piece(&o->cross[k], ",");
    }
    for (int k = 0; k < OPT_COUNT; k++)
        piece(&o->option[k], "%s", cost_option_key((CostOption)k));
    for (int z = 0; z <= ZONE_ONPREM; z++)
        piece(&o->zone_key[z], "%s", cost_zone_key((Zone)z));
    piece(&o->cheapest, "%s", json ? ", \"cheapest\": \"" : "");
    piece(&o->zone, "%s", json ? "\", \"zone\": \"" : ",");
    piece(&o->delta, "%s", json ? "\", \"delta\": " : ",");
    piece(&o->open, "%s", json ? ",\n  {" : "");
    piece(&o->close, "%s", json ? "}" : "\r\n");
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

/* Copy the NUL-terminated s to p; returns the end. */
static char *put_str(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* Write one row at p (room for SWEEP_ROW_MAX bytes): s already holds the
 * combination's values, r its figures (cost_evaluate_figures). Returns the
 * end of the row. */
static char *sweep_row(char *p, SweepOut *o, const Scenario *s,
                       const CostResult *r, bool first)
{
    const bool json = o->json;
    NumCache *num = o->num;
    if (json)
        p = first ? put_str(p, "\n  {") : put(p, &o->open);
    for (size_t k = 0; k < o->naxes; k++) {
        if (json)
            p = put(p, &o->axis[k]);
        p = sweep_num(p, num++, field_get_num(o->axes[k].field, s), json,
                      false, o->axes[k].places);
        if (!json)
            *p++ = ',';
    }
    num = o->num + SWEEP_MAX_AXES;
    for (int k = 0; k < OPT_COUNT; k++) {
        const double vals[2] = {r->option[k].monthly,
                                r->option[k].per_useful_gpu_hour};
        for (int c = 0; c < 2; c++) {
            if (json)
                p = put(p, &o->key[k][c]);
            p = sweep_num(p, num++, vals[c], json, true, -1);
            if (!json)
                *p++ = ',';
        }
    }
    if (json)
        p = put(p, &o->cheapest);
    p = put(p, &o->option[r->cheapest]);
    p = put(p, &o->zone);
    p = put(p, &o->zone_key[r->zone]);
    /* DESIGN 2.8, 4.3: delta = on-prem less the cheapest cloud option
     * (allowed or not; negative: owning is cheaper); then each cloud
     * option's first crossover, empty (null) when there is none. */
    p = put(p, &o->delta);
    p = sweep_num(p, num++,
                  r->option[OPT_ONPREM].monthly -
                      r->option[cost_cheapest_cloud(r)].monthly,
                  json, true, -1);
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        p = put(p, &o->cross[k]);
        p = sweep_num(p, num++,
                      r->crossover[k].count > 0 ? r->crossover[k].point[0].pct
                                                : NAN,
                      json, false, -1);
    }
    return put(p, &o->close);
}

/* "about 2.1 TB" for a byte count (powers of 1000, as disks are sold),
 * one place in the largest unit it reaches (never "1000.0 GB"). From
 * 1,000 YB on a bound in YB, the largest power of ten it passes: "more
 * than 10,000,000 YB", "more than 10^20 YB" past 10^15 YB. buf holds 48
 * bytes. */
static void human_bytes(double v, char *buf, size_t n)
{
    static const char *const unit[] = {"bytes", "kB", "MB", "GB", "TB", "PB",
                                       "EB", "ZB", "YB"};
    enum { UNITS = sizeof unit / sizeof unit[0] };
    size_t u = 0;
    while (u + 1 < UNITS && v >= (u == 0 ? 1000 : 999.95)) {
        v /= 1000;
        u++;
    }
    if (u == 0) {
        num_snprintf(buf, n, "about %.0f bytes", v);
    } else if (v < 999.95) {
        num_snprintf(buf, n, "about %.1f %s", v, unit[u]);
    } else if (v < 1000) {
        num_snprintf(buf, n, "about 999.9 YB"); /* not "1000.0 YB" */
    } else {
        int k = (int)floor(log10(v));
        if (pow(10, k) > v) /* log10 rounded up at a power of ten */
            k--;
        if (k > 15) {
            num_snprintf(buf, n, "more than 10^%d YB", k);
            return;
        }
        uint64_t p = 1;
        for (int i = 0; i < k; i++)
            p *= 10;
        SweepRows r;
        char digits[SWEEP_ROWS_TEXT];
        sweep_rows_of(p, &r);
        sweep_rows_text(&r, ',', digits);
        num_snprintf(buf, n, "more than %s YB", digits);
    }
}

/* SWEEP_MAX_ROWS_ALLOWED as a whole number (sweep.h: 1e18). */
#define ROWS_ALLOWED UINT64_C(1000000000000000000) /* 10^18 */

/* --max-rows: a whole number from 1 to 10^18, read exactly (digits past
 * 2^53 are not rounded as a double would); false when it is not one. */
static bool parse_max_rows(const char *arg, uint64_t *out)
{
    const uint64_t most = ROWS_ALLOWED;
    size_t len = strlen(arg);
    if (len > 0 && len <= 19 && strspn(arg, "0123456789") == len) {
        errno = 0;
        unsigned long long v = strtoull(arg, NULL, 10);
        *out = (uint64_t)v;
    } else {
        double v; /* "1e9" */
        if (num_parse(arg, &v) != 0 || !(v >= 1) || v != floor(v) ||
            v > SWEEP_MAX_ROWS_ALLOWED)
            return false;
        *out = (uint64_t)v;
    }
    return *out >= 1 && *out <= most;
}

/* The --vary options into axes[0..*n); prints the error and returns its
 * status, 0 when every axis is good. */
static int sweep_parse_axes(const CliArgs *a, SweepAxis *axes, size_t *n)
{
    if (cli_count(a, "vary") > SWEEP_MAX_AXES)
        return usage_error("too many --vary options (at most %d)", SWEEP_MAX_AXES);
    Diag d;
    size_t naxes = 0;
    for (size_t i = 0; i < cli_count(a, "vary"); i++) {
        const char *v = cli_nth(a, "vary", i);
        /* A malformed --vary is a usage error (64); a range the field
         * refuses is bad data (65). */
        if (sweep_axis_parse(v, &axes[naxes], &d) != 0) {
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
    *n = naxes;
    return 0;
}

/* Bounded work (DESIGN 7): a sweep of more than max_rows rows is refused
 * at once, with its row count and the output's size (the header plus the
 * first row's length times the rows). Returns EXIT_USAGE. */
static int sweep_refuse_size(const Scenario *base, SweepOut *o,
                             const SweepRows *total, uint64_t max_rows,
                             const char *rows_arg)
{
    StrBuf one = STRBUF_INIT;
    Scenario s = *base;
    for (size_t k = 0; k < o->naxes; k++)
        *field_num(o->axes[k].field, &s) = sweep_axis_value(&o->axes[k], 0);
    sweep_header(&one, o->axes, o->naxes, o->json);
    size_t head = one.len;
    sb_free(&one);
    static CostResult r; /* (big: kept off the stack) */
    cost_evaluate_figures(&s, &r);
    char row[SWEEP_ROW_MAX];
    size_t row_len = (size_t)(sweep_row(row, o, &s, &r, false) - row);
    char rows[SWEEP_ROWS_TEXT], plain[SWEEP_ROWS_TEXT], lim[SWEEP_ROWS_TEXT],
        size[48];
    /* (the count is written plain after --max-rows: that is how the
     * option takes it) */
    sweep_rows_text(total, ',', rows);
    sweep_rows_text(total, '\0', plain);
    SweepRows m;
    sweep_rows_of(max_rows, &m);
    sweep_rows_text(&m, ',', lim);
    double approx = sweep_rows(o->axes, o->naxes);
    human_bytes((double)head + approx * (double)row_len, size, sizeof size);
    fprintf(stderr, "gpuplan: sweep: %s rows (%s of %s) is more than ",
            rows, size, o->json ? "JSON" : "CSV");
    if (sweep_rows_cmp(total, ROWS_ALLOWED) > 0)
        /* no --max-rows allows it: none is suggested */
        fprintf(stderr, "a sweep writes (at most 10^18 rows, with "
                "--max-rows); narrow the ranges\n");
    else if (rows_arg)
        fprintf(stderr, "--max-rows %s allows; narrow the ranges, or give "
                "--max-rows %s\n", lim, plain);
    else
        fprintf(stderr, "the %s rows a sweep writes without asking; narrow "
                "the ranges, or give --max-rows %s to write them "
                "anyway\n", lim, plain);
    return EXIT_USAGE;
}

/* Every combination keeps the cross-field rules (sweep_combinations_valid),
 * so streaming starts at once and never stops half-way with a partial
 * output; otherwise says which combination breaks which rule and returns
 * EXIT_DATAERR. */
static int sweep_check_rules(const Scenario *base, const SweepAxis *axes,
                             size_t naxes)
{
    Scenario s;
    const Field *bad = NULL;
    Diag d;
    if (sweep_combinations_valid(base, axes, naxes, &s, &bad, &d) == 0)
        return 0;
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

/* Write the header and every row to stdout, the first axis slowest. Rows
 * go into one big block, written whenever it is nearly full. Returns 0,
 * or EXIT_IOERR with the error said. */
static int sweep_stream(const Scenario *base, SweepOut *o)
{
    const SweepAxis *axes = o->axes;
    const size_t naxes = o->naxes;
    StrBuf head = STRBUF_INIT;
    sweep_header(&head, axes, naxes, o->json);
    bool ok = sweep_write(head.data, head.len);
    sb_free(&head);
    enum { BLOCK = 1 << 20 };
    char *buf = xmalloc(BLOCK + SWEEP_ROW_MAX);
    char *p = buf;
    size_t idx[SWEEP_MAX_AXES] = {0};
    /* What a step of axis k on changes: only the parts of the figures its
     * fields and the later axes' fields reach are evaluated again. */
    unsigned parts[SWEEP_MAX_AXES + 1] = {0};
    for (size_t k = naxes; k-- > 0;)
        parts[k] = parts[k + 1] | cost_field_parts(axes[k].field->offset);
    static Scenario s;
    static CostResult r; /* (big: kept off the stack) */
    s = *base;
    bool first = true;
    size_t moved = 0; /* the axes from this one on have a new value */
    while (ok) {
        for (size_t k = moved; k < naxes; k++)
            *field_num(axes[k].field, &s) = sweep_axis_value(&axes[k], idx[k]);
        if (first)
            cost_evaluate_figures(&s, &r);
        else
            cost_update_figures(&s, parts[moved], &r);
        p = sweep_row(p, o, &s, &r, first);
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
    if (ok && o->json)
        p = put_str(p, "\n]\n");
    ok = ok && sweep_write(buf, (size_t)(p - buf)) && fflush(stdout) == 0;
    free(buf);
    if (!ok) {
        fprintf(stderr, "gpuplan: sweep: cannot write the output: %s\n", strerror(errno));
        return EXIT_IOERR;
    }
    return 0;
}

int cli_cmd_sweep(const CliArgs *a)
{
    SweepAxis axes[SWEEP_MAX_AXES];
    size_t naxes = 0;
    const char *file = a->operands[0], *v = cli_value(a, "format");
    const char *rows_arg = cli_value(a, "max-rows");
    uint64_t max_rows = (uint64_t)SWEEP_MAX_ROWS_DEFAULT;
    if (v && strcmp(v, "csv") != 0 && strcmp(v, "json") != 0)
        return usage_error("sweep formats are csv and json, not '%s'", v);
    bool json = v && strcmp(v, "json") == 0;
    if (rows_arg && !parse_max_rows(rows_arg, &max_rows))
        return usage_error("--max-rows needs a whole number of rows "
                           "from 1 to 10^18, not '%s'", rows_arg);
    int rc = sweep_parse_axes(a, axes, &naxes);
    if (rc != 0)
        return rc;
    Scenario base;
    rc = load_arg(file, &base);
    if (rc == 0)
        rc = apply_sets(&base, a);
    if (rc != 0)
        return rc;

    static SweepOut out; /* (big: kept off the stack) */
    sweep_out_init(&out, axes, naxes, json);
    SweepRows total;
    sweep_rows_exact(axes, naxes, &total);
    if (sweep_rows_cmp(&total, max_rows) > 0)
        return sweep_refuse_size(&base, &out, &total, max_rows, rows_arg);
    rc = sweep_check_rules(&base, axes, naxes);
    return rc != 0 ? rc : sweep_stream(&base, &out);
}
