/* cli_files.c: the command line's file commands (DESIGN 3): prices, check,
 * new, import and list. */
#include "config.h"

#include "cli_common.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "cli.h"
#include "file_rules.h"
#include "fields.h"
#include "import_routing.h"
#include "numfmt.h"
#include "prices.h"
#include "scenario_file.h"
#include "strbuf.h"

/* "55.04" or "-" for an unknown price. */
static void price_cell(double v, double per, char *buf, size_t n)
{
    if (isfinite(v))
        num_snprintf(buf, n, "%g", v / per);
    else
        num_snprintf(buf, n, "-");
}

int cli_cmd_prices(const CliArgs *args)
{
    (void)args;
    char path[4096];
    snprintf(path, sizeof path, "%s/prices.yaml", cli_scenario_dir());
    PriceBook *book = xmalloc(sizeof *book);
    Diag d;
    int rc = prices_load_file(path, book, &d);
    if (rc != 0) {
        print_diag(&d);
        free(book);
        return rc;
    }
    /* Two passes: the price cells first, so every column (the date
     * included) is as wide as its widest cell and the columns line up. */
    enum { CELL = 80 };
    size_t rows = 0;
    for (size_t i = 0; i < book->count; i++)
        rows += book->instances[i].region_count;
    char (*both)[CELL] = xmalloc((rows ? rows : 1) * sizeof *both);
    char (*per)[CELL] = xmalloc((rows ? rows : 1) * sizeof *per);
    int wb = (int)strlen("per instance-hour od/res/spot"), wp = (int)strlen("per GPU-hour");
    int wi = (int)strlen("instance"), wr = (int)strlen("region");
    size_t row = 0;
    for (size_t i = 0; i < book->count; i++) {
        const PriceInstance *in = &book->instances[i];
        for (size_t j = 0; j < in->region_count; j++, row++) {
            const PriceRegion *r = &in->regions[j];
            char a[3][24], g[3][24];
            const double v[3] = {r->on_demand, r->reserved, r->spot};
            for (int k = 0; k < 3; k++) {
                price_cell(v[k], 1, a[k], sizeof a[k]);
                price_cell(v[k], in->gpus, g[k], sizeof g[k]);
            }
            snprintf(both[row], CELL, "%s / %s / %s", a[0], a[1], a[2]);
            snprintf(per[row], CELL, "%s / %s / %s", g[0], g[1], g[2]);
            if ((int)strlen(both[row]) > wb)
                wb = (int)strlen(both[row]);
            if ((int)strlen(per[row]) > wp)
                wp = (int)strlen(per[row]);
            if ((int)strlen(vis(r->region)) > wr)
                wr = (int)strlen(vis(r->region));
            if ((int)strlen(vis(in->name)) > wi)
                wi = (int)strlen(vis(in->name));
        }
    }
    printf("%-*s %-4s %-14s %-*s %*s   %-*s   %s\n", wi, "instance", "GPUs", "GPU",
           wr, "region", wb, "per instance-hour od/res/spot", wp, "per GPU-hour", "date");
    row = 0;
    for (size_t i = 0; i < book->count; i++) {
        const PriceInstance *in = &book->instances[i];
        for (size_t j = 0; j < in->region_count; j++, row++) {
            printf("%-*s %-4.0f %-14.14s %-*s %*s   %-*s   %s\n", wi,
                   j == 0 ? vis(in->name) : "", in->gpus, vis(in->gpu), wr,
                   vis(in->regions[j].region), wb, both[row], wp, per[row], vis(in->date));
        }
    }
    free(both);
    free(per);
    printf("\nreserved = %s. Sources:\n", "the committed rate each entry names");
    for (size_t i = 0; i < book->count; i++) {
        const PriceInstance *in = &book->instances[i];
        char term[32] = "";
        if (isfinite(in->reserved_term_months))
            snprintf(term, sizeof term, ", %.0f-month term", in->reserved_term_months);
        printf("  %s (%s%s%s%s): %s\n", vis(in->name), vis(in->date),
               in->reserved_kind[0] ? "; reserved: " : "", vis(in->reserved_kind), term,
               vis(in->source));
    }
    free(book);
    return 0;
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
        if (!argv[i][0]) {
            Scenario s;
            rc = load_arg(argv[i], &s); /* says the name is empty */
        } else {
            char path[4096];
            size_t n = 0;
            cli_resolve_scenario(argv[i], path, sizeof path);
            rc = scenario_check_file(path, all, MAX_PROBLEMS, &n);
            for (size_t k = 0; k < n; k++)
                print_diag(&all[k]);
            if (n == MAX_PROBLEMS)
                fprintf(stderr, "gpuplan: %s: stopped after %d problems\n",
                        vis(path), MAX_PROBLEMS);
            if (rc == EXIT_NOINPUT)
                cli_suggest_shipped(argv[i]);
        }
        if (rc == 0)
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

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int cli_cmd_list(const CliArgs *a)
{
    (void)a;
    const char *dir = cli_scenario_dir();
    DIR *dp = opendir(dir);
    if (!dp) {
        fprintf(stderr, "gpuplan: %s: cannot open the shipped scenarios: %s\n",
                vis(dir), strerror(errno));
        return EXIT_NOINPUT;
    }
    char *names[512];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL && n < 512) {
        if (file_is_scenario_name(e->d_name))
            names[n++] = xstrdup(e->d_name);
    }
    closedir(dp);
    qsort(names, n, sizeof names[0], cmp_str);
    int worst = 0;
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        char *dot = strrchr(names[i], '.'); /* the shipped name, as FILE takes it */
        *dot = '\0';
        Scenario s;
        Diag d;
        int rc = scenario_load_file(path, &s, &d);
        if (rc != 0) {
            print_diag(&d);
            worst = rc;
        } else {
            /* One line: the name, then the notes' first sentence. */
            char line[100] = "";
            size_t k = strcspn(s.notes, "\n");
            if (k > sizeof line - 1)
                k = sizeof line - 1;
            memcpy(line, s.notes, k);
            line[k] = '\0';
            printf("%-20s %s\n", vis(names[i]), vis(s.name));
            if (line[0])
                printf("%-20s   %.70s%s\n", "", vis(line), strlen(line) > 70 ? "..." : "");
        }
        free(names[i]);
    }
    return worst;
}

