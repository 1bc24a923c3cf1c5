/* cli_files.c: the command line's file commands (DESIGN 3): prices, check,
 * new, import and list. */
#include "config.h"

#include "cli_common.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "scenario_name.h"
#include "file_rules.h"
#include "fields.h"
#include "import_routing.h"
#include "numfmt.h"
#include "prices.h"
#include "scenario_file.h"
#include "strbuf.h"
#include "utf8.h"

/* "55.04" or "-" for an unknown price. */
static void price_cell(double v, double per, char *buf, size_t n)
{
    if (isfinite(v))
        num_snprintf(buf, n, "%g", v / per);
    else
        num_snprintf(buf, n, "-");
}

enum {
    PRICES_WIDTH = 80, /* the listing fits an 80-column terminal */
    PRICE_CELL = 9,    /* " 113.93" and "14.2413" with room */
    REGION_MAX = 16    /* a longer region name has a line of its own */
};

/* Print text (escaped already) word-wrapped at PRICES_WIDTH: its first
 * line after `first`, the others after `indent`. */
static void print_wrapped(const char *first, const char *indent, const char *text)
{
    const char *lead = first;
    do {
        int cols = PRICES_WIDTH - utf8_width(lead);
        size_t n = utf8_wrap_line(text, cols < 20 ? 20 : cols), k = n;
        while (k > 0 && text[k - 1] == ' ')
            k--;
        printf("%s%.*s\n", lead, (int)k, text);
        text += n;
        text += strspn(text, " ");
        lead = indent;
    } while (*text);
}

/* One region's row: its name, then the three prices per instance-hour and
 * per GPU-hour under the column heads. */
static void price_row(const PriceInstance *in, const PriceRegion *r, int rw)
{
    const double v[3] = {r->on_demand, r->reserved, r->spot};
    const char *region = vis(r->region);
    if (utf8_width(region) > rw) {
        printf("  %s\n", region);
        region = "";
    }
    printf("  %s%*s", region, rw - utf8_width(region), "");
    for (int per = 0; per < 2; per++) {
        printf(per ? "  " : "");
        for (int k = 0; k < 3; k++) {
            char cell[32];
            price_cell(v[k], per ? in->gpus : 1, cell, sizeof cell);
            printf(" %*s", PRICE_CELL, cell);
        }
    }
    printf("\n");
}

/* One instance: a line that says what it is (wrapped), the table of its
 * regions, and its source. */
static void price_instance(const PriceInstance *in, int rw)
{
    StrBuf head = STRBUF_INIT;
    sb_printf(&head, "%s: %g x %s, prices of %s", vis(in->name), in->gpus,
              vis(in->gpu), vis(in->date));
    if (in->reserved_kind[0])
        sb_printf(&head, "; reserved: %s", vis(in->reserved_kind));
    if (in->reserved_payment[0])
        sb_printf(&head, ", %s", vis(in->reserved_payment));
    if (isfinite(in->reserved_term_months))
        sb_printf(&head, ", %.0f-month term", in->reserved_term_months);
    if (in->reserved_date[0] && strcmp(in->reserved_date, in->date) != 0)
        sb_printf(&head, ", rates of %s", vis(in->reserved_date));
    print_wrapped("", "    ", sb_str(&head));
    sb_free(&head);
    int group = 3 * (PRICE_CELL + 1);
    printf("  %*s %-*s  %s\n", rw, "", group - 1, "per instance-hour",
           "per GPU-hour");
    printf("  %-*s", rw, "region");
    for (int per = 0; per < 2; per++)
        printf("%s %*s %*s %*s", per ? "  " : "", PRICE_CELL, "on-demand",
               PRICE_CELL, "reserved", PRICE_CELL, "spot");
    printf("\n");
    for (size_t j = 0; j < in->region_count; j++)
        price_row(in, &in->regions[j], rw);
    /* Prices with a date of their own (DESIGN 5). */
    for (size_t j = 0; j < in->region_count; j++) {
        const PriceRegion *r = &in->regions[j];
        if (!r->date[0])
            continue;
        char line[160];
        snprintf(line, sizeof line, "%s: prices of %s", vis(r->region),
                 vis(r->date));
        print_wrapped("  ", "    ", line);
    }
    if (in->spot_date[0] && strcmp(in->spot_date, in->date) != 0) {
        char line[80];
        snprintf(line, sizeof line, "spot: samples of %s", vis(in->spot_date));
        print_wrapped("  ", "    ", line);
    }
    print_wrapped("  source: ", "    ", vis(in->source));
    if (in->not_sourced[0])
        print_wrapped("  not sourced: ", "    ", vis(in->not_sourced));
}

int cli_cmd_prices(const CliArgs *args)
{
    (void)args;
    StrBuf path = STRBUF_INIT;
    sb_printf(&path, "%s/prices.yaml", cli_scenario_dir());
    PriceBook *book = xmalloc(sizeof *book);
    Diag d;
    int rc = prices_load_file(path.data, book, &d);
    sb_free(&path);
    if (rc != 0) {
        print_diag(&d);
        free(book);
        return rc;
    }
    /* The region column: as wide as the widest name up to REGION_MAX, the
     * same for every instance, so the price columns line up throughout. */
    int rw = (int)strlen("region");
    for (size_t i = 0; i < book->count; i++)
        for (size_t j = 0; j < book->instances[i].region_count; j++) {
            int w = utf8_width(vis(book->instances[i].regions[j].region));
            if (w > rw && w <= REGION_MAX)
                rw = w;
        }
    print_wrapped("", "", "The price book, in USD per instance-hour and per "
                  "GPU-hour: reserved is the committed rate each entry "
                  "names, spot a dated sample where one exists, and a dash "
                  "a price the book does not give.");
    for (size_t i = 0; i < book->count; i++) {
        printf("\n");
        price_instance(&book->instances[i], rw);
    }
    free(book);
    return 0;
}

/* Check the price book at path (named arg on the command line): its
 * problem, or "ARG: ok (a price book)". */
static int check_price_book(const char *path, const char *arg)
{
    PriceBook *book = xmalloc(sizeof *book);
    Diag d;
    int rc = prices_load_file(path, book, &d);
    free(book);
    if (rc != 0)
        print_diag(&d);
    else
        printf("%s: ok (a price book)\n", vis(arg));
    return rc;
}

int cli_cmd_check(const CliArgs *a)
{
    /* check takes no options: `check -x plan.yaml` is a slip, not a file
     * named -x that cannot be opened (exit 66 would blame the data); the
     * parser said so before any file is read. */
    int argc = (int)a->noperands;
    char **argv = a->operands;
    int worst = 0;
    enum { MAX_PROBLEMS = 100 };
    Diag *all = xmalloc(MAX_PROBLEMS * sizeof *all);
    for (int i = 0; i < argc; i++) {
        /* Every problem of every file (DESIGN 3), in file order. */
        int rc;
        char *path = cli_resolve_scenario(argv[i]);
        bool book = argv[i][0] && prices_is_book(path);
        if (!argv[i][0]) {
            Scenario s;
            rc = load_arg(argv[i], &s); /* says the name is empty */
        } else if (book) {
            /* A price book (scenarios/prices.yaml) is checked as one: a
             * glob over the scenarios takes it in too. */
            rc = check_price_book(path, argv[i]);
        } else {
            size_t n = 0;
            rc = scenario_check_file(path, all, MAX_PROBLEMS, &n);
            for (size_t k = 0; k < n; k++)
                print_diag(&all[k]);
            if (n == MAX_PROBLEMS)
                fprintf(stderr, "gpuplan: %s: stopped after %d problems\n",
                        vis(path), MAX_PROBLEMS);
            if (rc == EXIT_NOINPUT)
                cli_suggest_shipped(argv[i]);
        }
        free(path);
        if (rc == 0 && !book) /* a book's check says so itself */
            printf("%s: ok\n", vis(argv[i]));
        /* Cannot-open outranks bad data: it says the command was wrong. */
        if (rc == EXIT_NOINPUT || (rc != 0 && worst != EXIT_NOINPUT))
            worst = rc;
    }
    free(all);
    return worst;
}

int cli_cmd_new(const CliArgs *a)
{
    const char *from = cli_value(a, "from"), *file = a->operands[0];
    Scenario s;
    scenario_default(&s);
    if (from) {
        int rc = load_arg(from, &s);
        if (rc != 0)
            return rc;
    }
    struct stat st;
    if (lstat(file, &st) == 0) {
        fprintf(stderr, "gpuplan: %s: already exists; gpuplan new does not "
                "overwrite files (remove it or choose another name)\n", vis(file));
        return EXIT_CANTCREAT;
    }
    Diag d;
    int rc = scenario_save_file(file, &s, &d);
    if (rc != 0)
        print_diag(&d);
    else
        printf("wrote %s (%s)\n", vis(file), vis(s.name));
    return rc;
}

int cli_cmd_import(const CliArgs *a)
{
    const char *out = cli_value(a, "output"), *from = cli_value(a, "from");
    const char *file = a->operands[0];
    bool force = cli_given(a, "force");
    Scenario base, s;
    scenario_default(&base);
    if (from) {
        int rc = load_arg(from, &base);
        if (rc != 0)
            return rc;
    }
    struct stat st;
    if (out && !force && lstat(out, &st) == 0) {
        fprintf(stderr, "gpuplan: %s: already exists; use --force to "
                "overwrite it\n", vis(out));
        return EXIT_CANTCREAT;
    }
    StrBuf todo = STRBUF_INIT, warn = STRBUF_INIT;
    Diag d;
    int rc = import_routing_file(file, &base, &s, &todo, &warn, &d);
    if (warn.len)
        fprintf(stderr, "gpuplan: warning: %s", vis_text(sb_str(&warn), true));
    if (rc != 0) {
        print_diag(&d);
    } else if (out) {
        rc = scenario_save_file(out, &s, &d);
        if (rc != 0)
            print_diag(&d);
    } else {
        StrBuf b = STRBUF_INIT;
        scenario_format_yaml(&s, &b);
        rc = write_output(&b, NULL);
        sb_free(&b);
    }
    if (rc == 0)
        fprintf(stderr, "gpuplan: %s%s%s: placeholders written (gpus %g, hours "
                "%g, per_day %g); fill in:\n%s", out ? "wrote " : "",
                out ? vis(out) : "imported ", out ? "" : vis(file), IMPORT_GPUS,
                IMPORT_HOURS, IMPORT_PER_DAY, vis_text(sb_str(&todo), true));
    sb_free(&todo);
    sb_free(&warn);
    return rc;
}

int cli_cmd_list(const CliArgs *a)
{
    (void)a;
    const char *dir = cli_scenario_dir();
    size_t n;
    char **names;
    int err = cli_shipped_files(&names, &n);
    if (err) {
        fprintf(stderr, "gpuplan: %s: cannot open the shipped scenarios: %s\n",
                vis(dir), strerror(err));
        return EXIT_NOINPUT;
    }
    int worst = 0;
    for (size_t i = 0; i < n; i++) {
        StrBuf path = STRBUF_INIT;
        sb_printf(&path, "%s/%s", dir, names[i]);
        *strrchr(names[i], '.') = '\0'; /* the shipped name, as FILE takes it */
        Scenario s;
        Diag d;
        int rc = scenario_load_file(path.data, &s, &d);
        sb_free(&path);
        if (rc != 0) {
            print_diag(&d);
            worst = rc;
            continue;
        }
        /* One line: the name, then the notes' first line up to 70
         * columns, a longer one cut on a character with "...". */
        size_t k = strcspn(s.notes, "\n");
        s.notes[k] = '\0';
        size_t cut = utf8_head_bytes(s.notes, 70);
        bool longer = cut < k;
        s.notes[cut] = '\0';
        printf("%-20s %s\n", vis(names[i]), vis(s.name));
        if (s.notes[0])
            printf("%-20s   %s%s\n", "", vis(s.notes), longer ? "..." : "");
    }
    cli_names_free(names, n);
    return worst;
}

