/* app.c: the planner's state, its one loop and its screen layout.
 *
 * key -> action (keys.c) -> model change -> recompute -> draw the dirty
 * windows with wnoutrefresh -> one doupdate (STYLE 5). Signals and a lost
 * terminal come out of term_read_key() as events; the loop writes the
 * recovery file and leaves (SPEC 7). */
#include "config.h"

#include "app.h"

#include <curses.h>
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "canvas.h"
#include "chart.h"
#include "chart_hybrid.h"
#include "cli.h"
#include "cost.h"
#include "cron.h"
#include "dialog.h"
#include "export.h"
#include "report.h"
#include "fields.h"
#include "hybrid.h"
#include "hybrid_fields.h"
#include "form.h"
#include "keys.h"
#include "line_edit.h"
#include "numfmt.h"
#include "prices.h"
#include "recover.h"
#include "results.h"
#include "scenario_file.h"
#include "strbuf.h"
#include "term.h"

#define MIN_COLS 80
#define MIN_ROWS 24
#define UNDO_MAX 256
#define PATH_MAX_ 4096

enum {
    D_TITLE = 1 << 0,
    D_FORM = 1 << 1,
    D_RESULTS = 1 << 2,
    D_CHART = 1 << 3,
    D_MSG = 1 << 4,
    D_LINE = 1 << 5,
    D_ALL = 0x3f,
    D_CLEAR = 1 << 6 /* repaint the whole terminal (resize, Ctrl-L) */
};

/* What a dialog's answer is for. */
enum { P_NONE, P_QUIT, P_SAVE_PATH, P_RECOVER, P_EXPORT_FMT, P_EXPORT_PATH, P_PICK,
       P_PRICES, P_HYBRID_DELETE, P_OVERWRITE };

/* What to do once unsaved changes are dealt with. */
typedef enum Pending { PEND_NONE, PEND_QUIT, PEND_PICK, PEND_OPEN } Pending;

typedef struct Stack {
    Scenario *items;
    size_t count;
} Stack;

typedef struct App {
    Scenario cur;   /* the scenario as committed */
    Scenario saved; /* as last loaded or saved: cur differs = unsaved */
    bool force_modified; /* recovered edits count as unsaved */
    char path[PATH_MAX_]; /* "" = no file yet */
    Scenario shown; /* what res was computed from (cur, or the preview) */
    CostResult res;
    bool stale;
    Stack undo, redo;

    Panel panel;
    size_t sel[PANEL_COUNT], top[PANEL_COUNT];
    bool editing, edit_bad;
    LineEdit edit;
    bool cmdline;
    LineEdit cmd;
    Dialog dlg;
    Pending pending;
    char pending_path[PATH_MAX_];
    char overwrite_path[PATH_MAX_]; /* save-as target waiting for a yes */
    ExportFormat export_fmt;
    ChartKind chart;
    bool chart_hybrid; /* the hybrid chart instead of `chart` */
    HybridResult hres; /* from shown.hybrid when shown.has_hybrid */
    HybridScratch hscratch;
    bool hscratch_ok;
    size_t hcol; /* selected column of a Hybrid workload row */
    PriceBook *book; /* while the price book picker is open, else NULL */

    char msg[1024];
    bool msg_error;

    int rows, cols;
    bool too_small;
    WINDOW *w_title, *w_form, *w_results, *w_chart, *w_msg, *w_line;
    Canvas canvas;
    unsigned dirty;
    bool quit;
    int status;
} App;

/* ---- model side ----------------------------------------------------------- */

static bool app_modified(const App *a)
{
    return a->force_modified || !scenario_equal(&a->cur, &a->saved);
}

static const char *app_path(const App *a) { return a->path[0] ? a->path : NULL; }

static void set_msg(App *a, bool error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_msg(App *a, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->msg, sizeof a->msg, fmt, ap);
    va_end(ap);
    a->msg_error = error;
    a->dirty |= D_MSG;
}

/* The hybrid figures of a->shown, on the scratch allocated at start. */
static void evaluate_hybrid(App *a)
{
    if (a->shown.has_hybrid && a->hscratch_ok)
        hybrid_evaluate(&a->shown, &a->shown.hybrid, &a->hres, &a->hscratch);
    else if (!a->shown.has_hybrid)
        a->chart_hybrid = false;
}

static void recompute(App *a)
{
    a->shown = a->cur;
    cost_evaluate(&a->shown, &a->res);
    evaluate_hybrid(a);
    a->stale = false;
    /* The plan may have lost rows (undo of an add, another file): keep the
     * Hybrid selection on a row that exists. */
    size_t rows = form_hybrid_rows(&a->cur);
    if (a->sel[PANEL_HYBRID] >= rows)
        a->sel[PANEL_HYBRID] = rows ? rows - 1 : 0;
    a->dirty |= D_RESULTS | D_CHART | D_FORM | D_TITLE | D_MSG;
}

static void stack_push(Stack *s, const Scenario *sc)
{
    if (!s->items)
        s->items = xmalloc(UNDO_MAX * sizeof *s->items);
    if (s->count == UNDO_MAX) {
        memmove(s->items, s->items + 1, (UNDO_MAX - 1) * sizeof *s->items);
        s->count--;
    }
    s->items[s->count++] = *sc;
}

static void stack_free(Stack *s)
{
    free(s->items);
    s->items = NULL;
    s->count = 0;
}

static const Field *panel_field(Panel p, size_t row)
{
    const Field *rows[64];
    size_t n = form_fields(p, rows, 64);
    if (n > 64)
        n = 64;
    return row < n ? rows[row] : NULL;
}

/* The rows of the current panel. */
static size_t panel_rows(const App *a)
{
    if (a->panel == PANEL_HYBRID)
        return form_hybrid_rows(&a->cur);
    return form_fields(a->panel, NULL, 0);
}

/* The selected workload of the Hybrid panel, or -1 when a scalar row (or
 * nothing) is selected. */
static long cur_workload(const App *a)
{
    if (a->panel != PANEL_HYBRID || !a->cur.has_hybrid)
        return -1;
    size_t row = a->sel[PANEL_HYBRID];
    if (row < FORM_HYBRID_SCALARS || row >= form_hybrid_rows(&a->cur))
        return -1;
    return (long)(row - FORM_HYBRID_SCALARS);
}

static const Field *cur_field(const App *a)
{
    if (a->panel == PANEL_HYBRID) {
        /* Built on demand; valid until the next call. */
        static Field hf;
        static char path[96];
        if (!a->cur.has_hybrid ||
            !form_hybrid_field(&a->cur, a->sel[PANEL_HYBRID], a->hcol, &hf, path,
                               sizeof path))
            return NULL;
        return &hf;
    }
    return panel_field(a->panel, a->sel[a->panel]);
}

/* The workload index and key number of a "hybrid.workloads[N].KEY" field;
 * false for other fields. */
static bool workload_key(const Field *f, size_t *index, int *which)
{
    return strncmp(f->key, "hybrid.", 7) == 0 &&
           hybrid_parse_key(f->key, index, which) == HK_WORKLOAD;
}

/* field_set() with the hybrid rules (hybrid_set_workload). A workload's
 * arrivals column holds its per_day rate or its schedule, whichever it
 * has: a number (or "N/day") typed there is a rate, anything else a cron
 * schedule. */
static bool field_set_any(const Field *f, Scenario *t, const char *text, char *m,
                          size_t n)
{
    size_t i;
    int which;
    if (!workload_key(f, &i, &which) || i >= t->hybrid.workload_count)
        return field_set(f, t, text, m, n);
    if (which != HW_SCHEDULE && which != HW_PER_DAY)
        return hybrid_set_workload(t, i, which, text, m, n);
    /* The rate as the cell shows it, "12/day", is a rate too. */
    char rate[64];
    size_t tl = strlen(text);
    double v;
    if (tl > 4 && tl < sizeof rate && strcmp(text + tl - 4, "/day") == 0) {
        snprintf(rate, sizeof rate, "%.*s", (int)(tl - 4), text);
        if (num_parse(rate, &v) == 0)
            return hybrid_set_workload(t, i, HW_PER_DAY, rate, m, n);
    }
    if (num_parse(text, &v) == 0)
        return hybrid_set_workload(t, i, HW_PER_DAY, text, m, n);
    char why[400];
    if (hybrid_set_workload(t, i, HW_SCHEDULE, text, why, sizeof why))
        return true;
    snprintf(m, n, "%s (or type a number: arrivals a day)", why);
    return false;
}

/* Replace the scenario with t after the cross-field rules accept it; one
 * undo step. Returns false (with the message shown) when t is refused. */
static bool apply_change(App *a, const Scenario *t)
{
    const Field *bad = NULL;
    char m[512];
    if (!scenario_validate(t, &bad, m, sizeof m)) {
        set_msg(a, true, "%s: %s", bad ? bad->key : "scenario", m);
        return false;
    }
    if (!hybrid_check_nodes(t, m, sizeof m)) {
        set_msg(a, true, "hybrid.onprem_nodes: %s", m);
        return false;
    }
    if (scenario_equal(t, &a->cur))
        return true;
    stack_push(&a->undo, &a->cur);
    a->redo.count = 0;
    a->cur = *t;
    recompute(a);
    return true;
}

/* ---- the recovery file ---------------------------------------------------- */

static void offer_recovery(App *a)
{
    time_t when;
    if (!recover_exists(app_path(a), &when))
        return;
    char ts[64];
    struct tm tm;
    localtime_r(&when, &tm);
    strftime(ts, sizeof ts, "%Y-%m-%d %H:%M", &tm);
    char q[256];
    snprintf(q, sizeof q, "recover unsaved changes from %s? (y)es / (n)o / (d)elete", ts);
    dialog_choice(&a->dlg, P_RECOVER, q, "ynd");
    a->dirty |= D_LINE;
}

static void answer_recovery(App *a, int c)
{
    if (c == 'y') {
        Scenario t;
        Diag d;
        diag_clear(&d, NULL);
        if (recover_load(app_path(a), &t, &d) != 0) {
            char m[1024];
            diag_format(&d, m, sizeof m);
            set_msg(a, true, "%s", m);
            return;
        }
        stack_push(&a->undo, &a->cur);
        a->cur = t;
        a->force_modified = true;
        recompute(a);
        set_msg(a, false, "recovered the unsaved changes; save to keep them");
    } else if (c == 'd') {
        recover_remove(app_path(a));
        set_msg(a, false, "recovery file deleted");
    }
}

/* The edits worth keeping: the committed scenario, or the value being typed
 * when it is valid. */
static const Scenario *edits_to_keep(const App *a)
{
    if (a->editing && !a->stale)
        return &a->shown;
    return &a->cur;
}

/* ---- files ---------------------------------------------------------------- */

static void do_pending(App *a);
static void hybrid_delete_answer(App *a);

static bool save_to(App *a, const char *path)
{
    Diag d;
    diag_clear(&d, path);
    if (scenario_save_file(path, &a->cur, &d) != 0) {
        char m[1024];
        diag_format(&d, m, sizeof m);
        set_msg(a, true, "%s", m);
        return false;
    }
    recover_remove(app_path(a));
    if (strcmp(a->path, path) != 0) {
        snprintf(a->path, sizeof a->path, "%s", path);
        recover_remove(path);
    }
    a->saved = a->cur;
    a->force_modified = false;
    a->dirty |= D_TITLE;
    set_msg(a, false, "saved %s", path);
    return true;
}

/* True when path names an existing file other than the scenario's own:
 * saving there would replace someone else's file. */
static bool other_file_exists(const App *a, const char *path)
{
    struct stat st, own;
    if (stat(path, &st) != 0)
        return false;
    return !(a->path[0] && stat(a->path, &own) == 0 && own.st_dev == st.st_dev &&
             own.st_ino == st.st_ino);
}

/* Save as `path`, asking first when that replaces another file; then what
 * is pending. */
static void save_as(App *a, const char *path)
{
    if (other_file_exists(a, path)) {
        char q[PATH_MAX_ + 64];
        snprintf(a->overwrite_path, sizeof a->overwrite_path, "%s", path);
        snprintf(q, sizeof q, "%s exists: replace it? (y)es / (n)o", path);
        dialog_choice(&a->dlg, P_OVERWRITE, q, "yn");
        a->dirty |= D_LINE;
        return;
    }
    if (save_to(a, path))
        do_pending(a);
    else
        a->pending = PEND_NONE;
}

/* Save to the scenario's file, or ask for one; then what is pending. */
static void save(App *a)
{
    if (a->path[0]) {
        if (save_to(a, a->path))
            do_pending(a);
        else
            a->pending = PEND_NONE;
        return;
    }
    dialog_prompt(&a->dlg, P_SAVE_PATH, "save as:", "scenario.yaml");
    a->dirty |= D_LINE;
}

static bool open_file(App *a, const char *path)
{
    Scenario t;
    Diag d;
    diag_clear(&d, path);
    if (scenario_load_file(path, &t, &d) != 0) {
        char m[1024];
        diag_format(&d, m, sizeof m);
        set_msg(a, true, "%s", m);
        return false;
    }
    a->cur = a->saved = t;
    a->force_modified = false;
    snprintf(a->path, sizeof a->path, "%s", path);
    a->undo.count = a->redo.count = 0;
    memset(a->sel, 0, sizeof a->sel);
    memset(a->top, 0, sizeof a->top);
    recompute(a);
    set_msg(a, false, "opened %s", path);
    offer_recovery(a);
    return true;
}

static void open_picker(App *a)
{
    char user[PATH_MAX_] = "";
    const char *x = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (x && x[0] == '/')
        snprintf(user, sizeof user, "%s/gpuplan/scenarios", x);
    else if (home && *home)
        snprintf(user, sizeof user, "%s/.local/share/gpuplan/scenarios", home);
    const char *dirs[] = {".", user[0] ? user : NULL, cli_scenario_dir()};
    const char *labels[] = {"here", "yours", "shipped"};
    dialog_picker(&a->dlg, P_PICK, "open a scenario (Enter opens, Esc cancels)",
                  dirs, labels, 3);
    a->dirty |= D_ALL;
}

static void report_date(char *buf, size_t n)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    time_t t = time(NULL);
    if (e && *e) {
        char *end;
        long long v = strtoll(e, &end, 10);
        if (*end == '\0' && v >= 0)
            t = (time_t)v;
    }
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, n, "%Y-%m-%d", &tm);
}

static const char *export_ext(ExportFormat f)
{
    switch (f) {
    case EXPORT_MD: return "md";
    case EXPORT_JSON: return "json";
    case EXPORT_CSV: return "csv";
    case EXPORT_TEXT:
    default: return "txt";
    }
}

static void export_default_path(const App *a, ExportFormat f, char *buf, size_t n)
{
    if (!a->path[0]) {
        snprintf(buf, n, "gpuplan-report.%s", export_ext(f));
        return;
    }
    const char *slash = strrchr(a->path, '/');
    const char *base = slash ? slash + 1 : a->path;
    const char *dot = strrchr(base, '.');
    int len = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
    snprintf(buf, n, "%.*s.%s", len, base, export_ext(f));
}

static void export_to(App *a, ExportFormat f, const char *path)
{
    char date[32];
    report_date(date, sizeof date);
    /* The figures on screen when they are the document's (no preview, no
     * pending recompute); otherwise computed once here. */
    ReportResults own = {.hybrid = NULL};
    Report rep;
    if (!a->stale && scenario_equal(&a->shown, &a->cur) &&
        (!a->cur.has_hybrid || a->hscratch_ok)) {
        rep = (Report){.scenario = &a->cur, .cost = &a->res,
                       .hybrid = a->cur.has_hybrid ? &a->hres : NULL,
                       .date = date, .generator = PACKAGE_NAME " " PACKAGE_VERSION};
    } else {
        report_results_compute(&own, &a->cur);
        rep = report_of(&a->cur, &own, date);
    }
    StrBuf b = STRBUF_INIT;
    export_any(f, &rep, &b);
    report_results_free(&own);
    Diag d;
    diag_clear(&d, path);
    if (atomic_write_file(path, sb_str(&b), b.len, 0666, &d) != 0) {
        char m[1024];
        diag_format(&d, m, sizeof m);
        set_msg(a, true, "%s", m);
    } else
        set_msg(a, false, "exported %s to %s", export_format_name(f), path);
    sb_free(&b);
}

/* ---- the price book (SPEC 5) --------------------------------------------- */

/* A price per GPU-hour for the picker and the status line: 2 decimals,
 * "-" when the price book does not know it. */
static void price_text(double per_instance, double gpus, char *buf, size_t n)
{
    if (isfinite(per_instance) && gpus > 0)
        num_snprintf(buf, n, "%.2f", per_instance / gpus);
    else
        snprintf(buf, n, "-");
}

/* Fill the picker with one row per instance x region, laid out for the
 * current width: with "per GPU-h (od/res/spot)" on every row when the
 * overlay has room, without it (the title says it) at 80 columns. The
 * selection `sel` is kept. */
static void prices_fill(App *a, size_t sel)
{
    const PriceBook *b = a->book;
    int nw = 8, gw = 4, rw = 6, pw = 11;
    char gpu[96], pr[3][24], both[96];
    for (size_t i = 0; i < b->count; i++) {
        const PriceInstance *in = &b->instances[i];
        int l = (int)strlen(in->name);
        nw = l > nw ? l : nw;
        l = snprintf(gpu, sizeof gpu, "%.0fx %s", in->gpus, in->gpu);
        gw = l > gw ? l : gw;
        for (size_t j = 0; j < in->region_count; j++) {
            const PriceRegion *r = &in->regions[j];
            l = (int)strlen(r->region);
            rw = l > rw ? l : rw;
            price_text(r->on_demand, in->gpus, pr[0], sizeof pr[0]);
            price_text(r->reserved, in->gpus, pr[1], sizeof pr[1]);
            price_text(r->spot, in->gpus, pr[2], sizeof pr[2]);
            l = snprintf(both, sizeof both, "%s / %s / %s", pr[0], pr[1], pr[2]);
            pw = l > pw ? l : pw;
        }
    }
    static const char unit[] = "per GPU-h (od/res/spot)";
    const int ul = (int)strlen(unit), dl = 10; /* "2026-01-31" */
    int room = a->cols - 4; /* the picker's text columns (dialog.c) */
    bool wide = nw + gw + rw + pw + ul + dl + 5 * 2 <= room;
    /* Two blanks between columns, one when that is what fits 80 columns. */
    int gap = wide || nw + gw + rw + pw + dl + 4 * 2 <= room ? 2 : 1;
    char header[256];
    if (wide)
        snprintf(header, sizeof header, "%-*s  %-*s  %-*s  %-*s  %-*s  %s", nw, "instance",
                 gw, "GPUs", rw, "region", pw, "od/res/spot", ul, "", "date");
    else
        snprintf(header, sizeof header, "%-*s%*s%-*s%*s%-*s%*s%-*s%*s%s", nw, "instance",
                 gap, "", gw, "GPUs", gap, "", rw, "region", gap, "", pw, "od/res/spot",
                 gap, "", "date");
    dialog_list(&a->dlg, P_PRICES,
                wide ? "price book (Enter copies the prices, Esc cancels)"
                     : "price book, per GPU-hour (Enter copies, Esc cancels)",
                header, "the price book has no instances");
    for (size_t i = 0; i < b->count; i++) {
        const PriceInstance *in = &b->instances[i];
        snprintf(gpu, sizeof gpu, "%.0fx %s", in->gpus, in->gpu);
        for (size_t j = 0; j < in->region_count; j++) {
            const PriceRegion *r = &in->regions[j];
            price_text(r->on_demand, in->gpus, pr[0], sizeof pr[0]);
            price_text(r->reserved, in->gpus, pr[1], sizeof pr[1]);
            price_text(r->spot, in->gpus, pr[2], sizeof pr[2]);
            snprintf(both, sizeof both, "%s / %s / %s", pr[0], pr[1], pr[2]);
            char label[512], item[64];
            if (wide)
                snprintf(label, sizeof label, "%-*s  %-*s  %-*s  %-*s  %s  %s", nw, in->name,
                         gw, gpu, rw, r->region, pw, both, unit, in->date);
            else
                snprintf(label, sizeof label, "%-*s%*s%-*s%*s%-*s%*s%-*s%*s%s", nw,
                         in->name, gap, "", gw, gpu, gap, "", rw, r->region, gap, "", pw,
                         both, gap, "", in->date);
            snprintf(item, sizeof item, "%zu %zu", i, j);
            dialog_list_add(&a->dlg, label, item);
        }
    }
    a->dlg.sel = sel < a->dlg.count ? sel : 0;
}

static void prices_close(App *a)
{
    free(a->book);
    a->book = NULL;
}

/* p or :prices: load the price book afresh (it may have been edited) and
 * open the picker on the Cloud panel. A book that does not load shows its
 * located error and changes nothing. */
static void prices_open(App *a)
{
    char path[PATH_MAX_];
    snprintf(path, sizeof path, "%s/prices.yaml", cli_scenario_dir());
    PriceBook *b = xmalloc(sizeof *b);
    Diag d;
    diag_clear(&d, path);
    if (prices_load_file(path, b, &d) != 0) {
        char m[1024];
        diag_format(&d, m, sizeof m);
        set_msg(a, true, "%s", m);
        free(b);
        return;
    }
    prices_close(a);
    a->book = b;
    a->panel = PANEL_CLOUD;
    prices_fill(a, 0);
    a->dirty |= D_ALL;
}

/* Enter in the picker: copy the row's prices, instance, region and provider
 * as one undo step and say what was copied, from which dated entry, and
 * which prices the book does not have (those keep their values). */
static void prices_pick(App *a, const char *item)
{
    size_t i, j;
    if (!a->book || sscanf(item, "%zu %zu", &i, &j) != 2 || i >= a->book->count ||
        j >= a->book->instances[i].region_count)
        return;
    const PriceInstance *in = &a->book->instances[i];
    const PriceRegion *r = &in->regions[j];
    Scenario t = a->cur;
    prices_apply(in, r, &t);
    if (scenario_equal(&t, &a->cur)) {
        set_msg(a, false, "%s %s: the scenario already has these prices (%s)", in->name,
                r->region, in->date);
        return;
    }
    if (!apply_change(a, &t))
        return; /* refused; apply_change said why */
    static const char *const names[3] = {"on-demand", "reserved", "spot"};
    const double book[3] = {r->on_demand, r->reserved, r->spot};
    const double now[3] = {a->cur.cloud.on_demand_gpu_hour, a->cur.cloud.reserved_gpu_hour,
                           a->cur.cloud.spot_gpu_hour};
    StrBuf copied = STRBUF_INIT, kept = STRBUF_INIT;
    for (int k = 0; k < 3; k++) {
        char v[32];
        num_snprintf(v, sizeof v, "%.2f", now[k]);
        if (isfinite(book[k]))
            sb_printf(&copied, "%s%s %s", copied.len ? ", " : "", names[k], v);
        else
            sb_printf(&kept, "; %s not in the price book, kept %s", names[k], v);
    }
    if (copied.len)
        set_msg(a, false, "%s %s: %s per GPU-hour (%s)%s", in->name, r->region,
                sb_str(&copied), in->date, sb_str(&kept));
    else
        set_msg(a, false, "%s %s: instance and region copied (%s)%s", in->name, r->region,
                in->date, sb_str(&kept));
    sb_free(&copied);
    sb_free(&kept);
}

/* Unsaved changes before quitting or opening: ask, then do what is pending. */
static void guard_changes(App *a, Pending p)
{
    a->pending = p;
    if (!app_modified(a)) {
        do_pending(a);
        return;
    }
    dialog_choice(&a->dlg, P_QUIT,
                  "unsaved changes: (s)ave / (d)iscard / (c)ancel", "sdc");
    a->dirty |= D_LINE;
}

static void do_pending(App *a)
{
    Pending p = a->pending;
    a->pending = PEND_NONE;
    switch (p) {
    case PEND_QUIT:
        a->quit = true;
        break;
    case PEND_PICK:
        open_picker(a);
        break;
    case PEND_OPEN:
        open_file(a, a->pending_path);
        break;
    case PEND_NONE:
    default:
        break;
    }
}

/* ---- editing -------------------------------------------------------------- */

/* Live recompute (SPEC 8): the partial value, when it parses and passes the
 * cross-field rules, drives the results; otherwise they are marked stale and
 * the status line says why. */
static void preview(App *a)
{
    const Field *f = cur_field(a);
    Scenario t = a->cur;
    char m[512];
    const Field *bad = NULL;
    a->dirty |= D_FORM | D_MSG;
    if (!field_set_any(f, &t, a->edit.text, m, sizeof m)) {
        a->stale = a->edit_bad = true;
        set_msg(a, true, "%s: %s", f->key, m);
        a->dirty |= D_RESULTS;
        return;
    }
    if (!scenario_validate(&t, &bad, m, sizeof m)) {
        a->stale = a->edit_bad = true;
        set_msg(a, true, "%s: %s", bad ? bad->key : f->key, m);
        a->dirty |= D_RESULTS;
        return;
    }
    if (!hybrid_check_nodes(&t, m, sizeof m)) {
        a->stale = a->edit_bad = true;
        set_msg(a, true, "%s: %s", f->key, m);
        a->dirty |= D_RESULTS;
        return;
    }
    a->shown = t;
    cost_evaluate(&a->shown, &a->res);
    evaluate_hybrid(a);
    a->stale = a->edit_bad = false;
    a->msg[0] = '\0';
    a->dirty |= D_RESULTS | D_CHART;
}

/* Editing starts from the whole current value, so the longest one fits. */
_Static_assert(LINE_EDIT_MAX >= SCENARIO_TEXT_BYTES(SCENARIO_NOTES_MAX),
               "the line editor must hold the longest text field");

static void edit_start(App *a, int digit)
{
    const Field *f = cur_field(a);
    if (!f) {
        if (a->panel == PANEL_HYBRID && !a->cur.has_hybrid)
            set_msg(a, false, "no hybrid plan: a adds one");
        else if (cur_workload(a) >= 0)
            set_msg(a, false, "r cycles run, m cycles cloud_mode");
        return;
    }
    if (f->type == FT_BOOL) {
        set_msg(a, false, "%s is yes/no: Space toggles it", f->key);
        return;
    }
    char val[LINE_EDIT_MAX];
    if (digit) {
        char d[2] = {(char)digit, '\0'};
        line_edit_init(&a->edit, d);
    } else {
        field_format(f, &a->cur, val, sizeof val);
        line_edit_init(&a->edit, val);
    }
    a->editing = true;
    a->edit_bad = false;
    a->msg[0] = '\0';
    a->dirty |= D_FORM | D_MSG | D_LINE;
    if (digit)
        preview(a);
}

static void edit_end(App *a)
{
    a->editing = a->edit_bad = false;
    recompute(a);
    a->dirty |= D_MSG | D_LINE;
}

static void edit_key(App *a, int key)
{
    switch (line_edit_handle_key(&a->edit, key)) {
    case LE_CHANGED:
        preview(a);
        break;
    case LE_COMMITTED: {
        const Field *f = cur_field(a);
        Scenario t = a->cur;
        char m[512];
        if (!field_set_any(f, &t, a->edit.text, m, sizeof m)) {
            set_msg(a, true, "%s: %s", f->key, m);
            return; /* keep editing */
        }
        if (!apply_change(a, &t))
            return;
        edit_end(a);
        a->msg[0] = '\0';
        break;
    }
    case LE_CANCELLED:
        edit_end(a);
        a->msg[0] = '\0';
        break;
    case LE_NONE:
    default:
        a->dirty |= D_FORM;
        break;
    }
}

/* Decimal places of a step such as 0.05 (2), so nudges stay on round
 * values instead of collecting binary fractions. */
static int step_decimals(double step)
{
    char buf[64];
    field_format_double(step, buf, sizeof buf);
    const char *dot = strchr(buf, '.');
    return dot ? (int)strlen(dot + 1) : 0;
}

static void nudge(App *a, int steps)
{
    const Field *f = cur_field(a);
    if (!f)
        return;
    Scenario t = a->cur;
    if (f->type == FT_BOOL) {
        bool *b = field_bool(f, &t);
        *b = !*b;
    } else if (f->type == FT_CHOICE) {
        /* A choice cycles through its words, both ways. */
        long n = (long)field_choice_count(f);
        long i = ((long)field_get_num(f, &t) + steps % n + n) % n;
        field_put_num(f, &t, (double)i);
    } else if (f->type == FT_TEXT || f->step <= 0) {
        set_msg(a, false, "%s is text: Enter edits it", f->key);
        return;
    } else {
        double old = field_get_num(f, &t);
        double v = old + steps * f->step;
        if (v > f->maximum)
            v = f->maximum;
        if (v < f->minimum)
            v = f->minimum;
        char buf[64];
        num_snprintf(buf, sizeof buf, "%.*f", step_decimals(f->step), v);
        double r;
        if (num_parse(buf, &r) == 0 && r >= f->minimum && r <= f->maximum)
            v = r;
        if (v == old) {
            char lim[64];
            field_format_double(old, lim, sizeof lim);
            set_msg(a, false, "%s is at its %s, %s", f->key,
                    steps > 0 ? "maximum" : "minimum", lim);
            return;
        }
        *field_num(f, &t) = v;
    }
    char m[512];
    if (f->type != FT_BOOL && !field_check_num(f, field_get_num(f, &t), m, sizeof m)) {
        set_msg(a, true, "%s: %s", f->key, m);
        return;
    }
    size_t wi;
    int which;
    if (workload_key(f, &wi, &which) &&
        !hybrid_check_workload_num(which, field_get_num(f, &t), m, sizeof m)) {
        set_msg(a, true, "%s: %s", f->key, m);
        return;
    }
    apply_change(a, &t);
}

static void select_field(App *a, const Field *f)
{
    Panel p;
    size_t row;
    form_locate(f, &p, &row);
    a->panel = p;
    a->sel[p] = row;
    a->dirty |= D_FORM | D_TITLE | D_MSG;
}

/* ---- the : command line --------------------------------------------------- */

static void complete_key(App *a)
{
    LineEdit *e = &a->cmd;
    const char *word = NULL;
    bool is_set = false;
    if (strncmp(e->text, "set ", 4) == 0) {
        word = e->text + 4;
        is_set = true;
    } else if (strncmp(e->text, "goto ", 5) == 0)
        word = e->text + 5;
    if (!word || strchr(word, '=')) {
        set_msg(a, false, "Tab completes field keys after 'set ' or 'goto '");
        return;
    }
    while (*word == ' ')
        word++;
    size_t wl = strlen(word), matches = 0, common = 0;
    const char *first = NULL;
    char list[512] = "";
    size_t ll = 0;
    /* The registry's keys, then the hybrid plan's scalars. */
    char hkeys[HY_WORKLOADS][40];
    for (int i = 0; i < HY_WORKLOADS; i++)
        snprintf(hkeys[i], sizeof hkeys[i], "hybrid.%s", hybrid_section_keys[i]);
    for (size_t i = 0; i < field_count + HY_WORKLOADS; i++) {
        const char *k = i < field_count ? field_table[i].key : hkeys[i - field_count];
        if (strncmp(k, word, wl) != 0)
            continue;
        if (!first) {
            first = k;
            common = strlen(k);
        } else {
            size_t c = 0;
            while (c < common && k[c] == first[c])
                c++;
            common = c;
        }
        if (ll < sizeof list - 1)
            ll += (size_t)snprintf(list + ll, sizeof list - ll, "%s%s", ll ? " " : "", k);
        matches++;
    }
    if (!matches) {
        set_msg(a, true, "no field key starts with '%s'", word);
        return;
    }
    char text[LINE_EDIT_MAX];
    size_t prefix = (size_t)(word - e->text);
    snprintf(text, sizeof text, "%.*s%.*s%s", (int)prefix, e->text, (int)common,
             first, matches == 1 && is_set ? "=" : "");
    line_edit_init(e, text);
    if (matches > 1)
        set_msg(a, false, "%s", list);
    a->dirty |= D_LINE;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    char *end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
        *--end = '\0';
    return s;
}

/* Show the Hybrid panel with the row (and column) of a hybrid key: a
 * scalar or "hybrid.workloads[N].KEY". False, with the reason shown, for a
 * key the plan does not have. */
static bool goto_hybrid(App *a, const char *key)
{
    /* The column of each workload key (HW_ order). */
    static const size_t col_of[HW_KEY_COUNT] = {FORM_WL_NAME, FORM_WL_WHEN, FORM_WL_WHEN,
                                                FORM_WL_GPUS, FORM_WL_HOURS, FORM_WL_RUN,
                                                FORM_WL_MODE};
    size_t i = 0, row;
    int which;
    HybridKeyKind kind = hybrid_parse_key(key, &i, &which);
    if (!a->cur.has_hybrid) {
        set_msg(a, true, "%s: the scenario has no hybrid plan (Alt-7, then a adds one)", key);
        return false;
    }
    if (kind == HK_SCALAR)
        row = (size_t)which;
    else if (kind == HK_WORKLOAD && i < a->cur.hybrid.workload_count) {
        row = FORM_HYBRID_SCALARS + i;
        a->hcol = col_of[which];
    } else {
        set_msg(a, true, "unknown hybrid key '%s' (hybrid.days, hybrid.onprem_nodes, "
                "hybrid.max_wait_minutes, hybrid.cloud_idle_minutes, hybrid.seed, "
                "hybrid.workloads[N].KEY)", key);
        return false;
    }
    a->panel = PANEL_HYBRID;
    a->sel[PANEL_HYBRID] = row;
    a->dirty |= D_FORM | D_TITLE | D_RESULTS | D_MSG | D_LINE;
    return true;
}

/* :set hybrid.KEY=VALUE (hybrid_set), then show that row of the Hybrid
 * panel. */
static void set_hybrid(App *a, const char *key, const char *val)
{
    Scenario t = a->cur;
    char m[512];
    if (!hybrid_set(&t, key, val, m, sizeof m)) {
        set_msg(a, true, "%s: %s", key, m);
        return;
    }
    if (apply_change(a, &t) && goto_hybrid(a, key))
        set_msg(a, false, "%s = %s", key, val);
}

static void run_command(App *a, char *line)
{
    char *cmd = trim(line);
    char *arg = cmd;
    while (*arg && *arg != ' ')
        arg++;
    if (*arg)
        *arg++ = '\0';
    arg = trim(arg);
    if (*cmd == '\0')
        return;
    if (strcmp(cmd, "set") == 0) {
        char *eq = strchr(arg, '=');
        if (!eq) {
            set_msg(a, true, "set: expected KEY=VALUE, e.g. set utilization.measured_pct=70");
            return;
        }
        *eq = '\0';
        char *key = trim(arg), *val = trim(eq + 1);
        if (strncmp(key, "hybrid.", 7) == 0) {
            set_hybrid(a, key, val);
            return;
        }
        const Field *f = field_find(key);
        if (!f) {
            const char *s = field_suggest(key, "");
            set_msg(a, true, "set: unknown field '%s'%s%s%s", key,
                    s ? " (did you mean " : "", s ? s : "", s ? "?)" : "");
            return;
        }
        Scenario t = a->cur;
        char m[512];
        if (!field_set(f, &t, val, m, sizeof m)) {
            set_msg(a, true, "%s: %s", f->key, m);
            return;
        }
        if (apply_change(a, &t)) {
            select_field(a, f);
            char v[128];
            field_format(f, &a->cur, v, sizeof v);
            set_msg(a, false, "%s = %s", f->key, v);
        }
    } else if (strcmp(cmd, "goto") == 0) {
        if (strncmp(arg, "hybrid.", 7) == 0) {
            goto_hybrid(a, arg);
            return;
        }
        const Field *f = field_find(arg);
        if (!f) {
            const char *s = field_suggest(arg, "");
            set_msg(a, true, "goto: unknown field '%s'%s%s%s", arg,
                    s ? " (did you mean " : "", s ? s : "", s ? "?)" : "");
            return;
        }
        select_field(a, f);
    } else if (strcmp(cmd, "w") == 0 || strcmp(cmd, "w!") == 0) {
        if (*arg && cmd[1] != '!' && other_file_exists(a, arg))
            set_msg(a, true, "%s exists: w! %s replaces it", arg, arg);
        else if (*arg)
            save_to(a, arg);
        else
            save(a);
    } else if (strcmp(cmd, "wq") == 0 || strcmp(cmd, "x") == 0 || strcmp(cmd, "wq!") == 0) {
        if (*arg && strcmp(cmd, "wq!") != 0 && other_file_exists(a, arg)) {
            set_msg(a, true, "%s exists: wq! %s replaces it", arg, arg);
            return;
        }
        a->pending = PEND_QUIT;
        if (*arg) {
            if (save_to(a, arg))
                do_pending(a);
            else
                a->pending = PEND_NONE;
        } else
            save(a);
    } else if (strcmp(cmd, "e") == 0 || strcmp(cmd, "e!") == 0) {
        if (!*arg) {
            set_msg(a, true, "%s: expected a FILE to open", cmd);
            return;
        }
        if (app_modified(a) && cmd[1] != '!') {
            set_msg(a, true, "unsaved changes: save with w, or drop them with e! %s", arg);
            return;
        }
        char path[PATH_MAX_];
        open_file(a, cli_resolve_scenario(arg, path, sizeof path)); /* or a shipped name */
    } else if (strcmp(cmd, "export") == 0) {
        char *file = arg;
        while (*file && *file != ' ')
            file++;
        if (*file)
            *file++ = '\0';
        file = trim(file);
        ExportFormat f;
        if (!export_format_parse(arg, &f)) {
            set_msg(a, true, "export: unknown format '%s' (expected json, md, csv or text)", arg);
            return;
        }
        char def[PATH_MAX_];
        export_default_path(a, f, def, sizeof def);
        export_to(a, f, *file ? file : def);
    } else if (strcmp(cmd, "prices") == 0) {
        if (*arg) {
            set_msg(a, true, "prices takes no arguments");
            return;
        }
        prices_open(a);
    } else if (strcmp(cmd, "q") == 0) {
        if (app_modified(a))
            set_msg(a, true, "unsaved changes: w saves them, q! drops them");
        else
            a->quit = true;
    } else if (strcmp(cmd, "q!") == 0) {
        recover_remove(app_path(a));
        a->quit = true;
    } else if (strcmp(cmd, "help") == 0 || strcmp(cmd, "h") == 0) {
        dialog_help(&a->dlg);
        a->dirty |= D_ALL;
    } else {
        set_msg(a, true, "unknown command '%s' (set, goto, w, e, export, prices, q, q!, wq, help)", cmd);
    }
}

static void cmdline_key(App *a, int key)
{
    if (key == KC_TAB) {
        complete_key(a);
        return;
    }
    if (key == KC_BACKSPACE && a->cmd.len == 0) {
        a->cmdline = false;
        a->dirty |= D_LINE;
        return;
    }
    switch (line_edit_handle_key(&a->cmd, key)) {
    case LE_COMMITTED: {
        char line[LINE_EDIT_MAX];
        snprintf(line, sizeof line, "%s", a->cmd.text);
        a->cmdline = false;
        a->msg[0] = '\0';
        a->dirty |= D_LINE | D_MSG;
        run_command(a, line);
        break;
    }
    case LE_CANCELLED:
        a->cmdline = false;
        a->dirty |= D_LINE;
        break;
    default:
        a->dirty |= D_LINE;
        break;
    }
}

/* ---- dialogs -------------------------------------------------------------- */

static void dialog_key(App *a, int key)
{
    DialogResult r = dialog_handle_key(&a->dlg, key);
    bool overlay = a->dlg.kind == DLG_PICKER || a->dlg.kind == DLG_HELP;
    if (r == DR_NONE) {
        a->dirty |= D_LINE;
        return;
    }
    Dialog d = a->dlg; /* the answer; items stay owned by d until closed */
    a->dlg.items = a->dlg.labels = NULL;
    a->dlg.count = 0;
    dialog_close(&a->dlg);
    a->dirty |= D_LINE | D_MSG;
    if (overlay)
        a->dirty |= D_ALL; /* every window is redrawn over the overlay */
    if (r == DR_CANCEL) {
        if (d.purpose == P_QUIT || d.purpose == P_SAVE_PATH)
            a->pending = PEND_NONE;
        if (d.purpose == P_PRICES)
            prices_close(a);
        dialog_close(&d);
        return;
    }
    switch (d.purpose) {
    case P_QUIT:
        if (d.choice == 's')
            save(a);
        else if (d.choice == 'd') {
            recover_remove(app_path(a));
            a->force_modified = false;
            a->saved = a->cur; /* dropped: nothing unsaved is left to guard */
            do_pending(a);
        } else
            a->pending = PEND_NONE;
        break;
    case P_SAVE_PATH: {
        char *p = trim(d.edit.text);
        if (!*p) {
            set_msg(a, true, "no file name given: not saved");
            a->pending = PEND_NONE;
        } else
            save_as(a, p);
        break;
    }
    case P_OVERWRITE:
        if (d.choice == 'y' && save_to(a, a->overwrite_path))
            do_pending(a);
        else {
            if (d.choice != 'y')
                set_msg(a, false, "not saved: %s kept as it was", a->overwrite_path);
            a->pending = PEND_NONE;
        }
        break;
    case P_RECOVER:
        answer_recovery(a, d.choice);
        break;
    case P_HYBRID_DELETE:
        if (d.choice == 'y')
            hybrid_delete_answer(a);
        break;
    case P_EXPORT_FMT: {
        static const struct {
            int key;
            ExportFormat f;
        } fm[] = {{'t', EXPORT_TEXT}, {'m', EXPORT_MD}, {'j', EXPORT_JSON}, {'c', EXPORT_CSV}};
        for (size_t i = 0; i < 4; i++)
            if (fm[i].key == d.choice) {
                a->export_fmt = fm[i].f;
                char def[PATH_MAX_], q[64];
                export_default_path(a, fm[i].f, def, sizeof def);
                snprintf(q, sizeof q, "export %s to:", export_format_name(fm[i].f));
                dialog_prompt(&a->dlg, P_EXPORT_PATH, q, def);
            }
        break;
    }
    case P_EXPORT_PATH: {
        char *p = trim(d.edit.text);
        if (*p)
            export_to(a, a->export_fmt, p);
        else
            set_msg(a, true, "no file name given: not exported");
        break;
    }
    case P_PRICES:
        if (d.sel < d.count)
            prices_pick(a, d.items[d.sel]);
        prices_close(a);
        break;
    case P_PICK:
        if (d.sel < d.count) {
            snprintf(a->pending_path, sizeof a->pending_path, "%s", d.items[d.sel]);
            guard_changes(a, PEND_OPEN);
        }
        break;
    default:
        break;
    }
    dialog_close(&d);
}

/* ---- the Hybrid panel ----------------------------------------------------- */

/* a: add a hybrid section with defaults and one example workload, or a copy
 * of the selected workload after it. One undo step either way. */
static void hybrid_add(App *a)
{
    if (a->panel != PANEL_HYBRID) {
        set_msg(a, false, "a adds to the hybrid plan: Alt-7 shows the Hybrid panel");
        return;
    }
    Scenario t = a->cur;
    if (!t.has_hybrid) {
        hybrid_plan_default(&t.hybrid, t.hardware.nodes);
        HybridWorkload *w = &t.hybrid.workloads[0];
        hybrid_workload_default(w);
        snprintf(w->name, sizeof w->name, "example");
        w->per_day = 4;
        w->gpus = t.hardware.gpus_per_node;
        w->hours = 2;
        w->run = RUN_BURST;
        t.hybrid.workload_count = 1;
        t.has_hybrid = true;
        if (apply_change(a, &t)) {
            a->sel[PANEL_HYBRID] = 0;
            set_msg(a, false, "hybrid plan added with one example workload (u undoes)");
        }
        return;
    }
    if (t.hybrid.workload_count >= HYBRID_MAX_WORKLOADS) {
        set_msg(a, true, "hybrid.workloads: at most %d workloads", HYBRID_MAX_WORKLOADS);
        return;
    }
    long i = cur_workload(a);
    size_t at = i >= 0 ? (size_t)i + 1 : t.hybrid.workload_count;
    HybridWorkload w;
    if (i >= 0)
        w = t.hybrid.workloads[i];
    else if (t.hybrid.workload_count > 0)
        w = t.hybrid.workloads[t.hybrid.workload_count - 1];
    else {
        hybrid_workload_default(&w);
        snprintf(w.name, sizeof w.name, "workload");
        w.per_day = 1;
    }
    memmove(&t.hybrid.workloads[at + 1], &t.hybrid.workloads[at],
            (t.hybrid.workload_count - at) * sizeof w);
    t.hybrid.workloads[at] = w;
    t.hybrid.workload_count++;
    if (apply_change(a, &t)) {
        a->sel[PANEL_HYBRID] = FORM_HYBRID_SCALARS + at;
        set_msg(a, false, "workload %zu added (a copy of '%s')", at + 1, w.name);
    }
}

static void hybrid_delete(App *a)
{
    long i = cur_workload(a);
    if (i < 0) {
        set_msg(a, false, "d deletes a workload: select a workload row of the Hybrid panel");
        return;
    }
    char q[256];
    snprintf(q, sizeof q, "delete workload '%s'? (y)es / (n)o",
             a->cur.hybrid.workloads[i].name);
    dialog_choice(&a->dlg, P_HYBRID_DELETE, q, "yn");
    a->dirty |= D_LINE;
}

static void hybrid_delete_answer(App *a)
{
    long i = cur_workload(a);
    if (i < 0)
        return;
    Scenario t = a->cur;
    char name[HYBRID_TEXT_BYTES(HYBRID_NAME_MAX)];
    snprintf(name, sizeof name, "%s", t.hybrid.workloads[i].name);
    memmove(&t.hybrid.workloads[i], &t.hybrid.workloads[i + 1],
            (t.hybrid.workload_count - (size_t)i - 1) * sizeof t.hybrid.workloads[0]);
    t.hybrid.workload_count--;
    if (apply_change(a, &t)) {
        if (a->sel[PANEL_HYBRID] >= form_hybrid_rows(&a->cur) && a->sel[PANEL_HYBRID] > 0)
            a->sel[PANEL_HYBRID]--;
        set_msg(a, false, "workload '%s' deleted (u undoes)", name);
    }
}

/* r / m: the next run or cloud_mode of the selected workload. */
static void hybrid_cycle(App *a, bool run)
{
    long i = cur_workload(a);
    if (i < 0) {
        set_msg(a, false, "%s: select a workload row of the Hybrid panel",
                run ? "r cycles run" : "m cycles cloud_mode");
        return;
    }
    Scenario t = a->cur;
    HybridWorkload *w = &t.hybrid.workloads[i];
    if (run)
        w->run = (HybridRun)((w->run + 1) % 3);
    else
        w->cloud_mode = w->cloud_mode == MODE_SPOT ? MODE_ON_DEMAND : MODE_SPOT;
    if (apply_change(a, &t))
        set_msg(a, false, "hybrid.workloads[%ld].%s = %s", i, run ? "run" : "cloud_mode",
                run ? hybrid_run_key(w->run) : hybrid_mode_key(w->cloud_mode));
}

/* ---- normal mode ---------------------------------------------------------- */

static void do_action(App *a, Action act, int key)
{
    size_t nrows = panel_rows(a);
    a->msg[0] = '\0';
    a->dirty |= D_MSG;
    /* On a workload row the arrows (and h, l) choose the column. */
    if (cur_workload(a) >= 0 && (key == KC_LEFT || key == KC_RIGHT || key == 'h' ||
                                 key == 'l')) {
        bool right = key == KC_RIGHT || key == 'l';
        if (right && a->hcol + 1 < FORM_WL_COLS)
            a->hcol++;
        else if (!right && a->hcol > 0)
            a->hcol--;
        a->dirty |= D_FORM;
        return;
    }
    switch (act) {
    case ACT_PANEL_NEXT:
    case ACT_PANEL_PREV:
        a->panel = (Panel)((a->panel + (act == ACT_PANEL_NEXT ? 1 : PANEL_COUNT - 1)) % PANEL_COUNT);
        a->dirty |= D_FORM | D_TITLE | D_RESULTS | D_LINE; /* hints follow the panel */
        break;
    case ACT_PANEL_1: case ACT_PANEL_2: case ACT_PANEL_3: case ACT_PANEL_4:
    case ACT_PANEL_5: case ACT_PANEL_6: case ACT_PANEL_7:
        a->panel = (Panel)(act - ACT_PANEL_1);
        a->dirty |= D_FORM | D_TITLE | D_RESULTS | D_LINE;
        break;
    case ACT_FIELD_PREV:
        if (a->sel[a->panel] > 0)
            a->sel[a->panel]--;
        a->dirty |= D_FORM;
        break;
    case ACT_FIELD_NEXT:
        if (a->sel[a->panel] + 1 < nrows)
            a->sel[a->panel]++;
        a->dirty |= D_FORM;
        break;
    case ACT_NUDGE_DOWN: nudge(a, -1); break;
    case ACT_NUDGE_UP: nudge(a, 1); break;
    case ACT_NUDGE_DOWN10: nudge(a, -10); break;
    case ACT_NUDGE_UP10: nudge(a, 10); break;
    case ACT_EDIT: edit_start(a, 0); break;
    case ACT_EDIT_DIGIT: edit_start(a, key); break;
    case ACT_TOGGLE: {
        const Field *f = cur_field(a);
        if (f && f->type == FT_BOOL)
            nudge(a, 1);
        else if (f)
            set_msg(a, false, "%s is not a yes/no field", f->key);
        break;
    }
    case ACT_UNDO:
    case ACT_REDO: {
        Stack *from = act == ACT_UNDO ? &a->undo : &a->redo;
        Stack *to = act == ACT_UNDO ? &a->redo : &a->undo;
        if (from->count == 0) {
            set_msg(a, false, "nothing to %s", act == ACT_UNDO ? "undo" : "redo");
            break;
        }
        stack_push(to, &a->cur);
        a->cur = from->items[--from->count];
        recompute(a);
        set_msg(a, false, "%s (%zu more)", act == ACT_UNDO ? "undone" : "redone",
                from->count);
        break;
    }
    case ACT_CHART:
        /* cost curves -> breakdown -> hybrid (when there is a plan) */
        if (a->chart_hybrid) {
            a->chart_hybrid = false;
            a->chart = (ChartKind)0;
        } else if (a->chart + 1 < CHART_KIND_COUNT)
            a->chart = (ChartKind)(a->chart + 1);
        else if (a->shown.has_hybrid && a->hscratch_ok)
            a->chart_hybrid = true;
        else
            a->chart = (ChartKind)0;
        a->dirty |= D_CHART;
        break;
    case ACT_HYBRID_ADD: hybrid_add(a); break;
    case ACT_HYBRID_DELETE: hybrid_delete(a); break;
    case ACT_HYBRID_RUN: hybrid_cycle(a, true); break;
    case ACT_HYBRID_MODE: hybrid_cycle(a, false); break;
    case ACT_COMMAND:
        a->cmdline = true;
        line_edit_init(&a->cmd, NULL);
        a->dirty |= D_LINE;
        break;
    case ACT_HELP:
        dialog_help(&a->dlg);
        a->dirty |= D_ALL;
        break;
    case ACT_SAVE: save(a); break;
    case ACT_OPEN: guard_changes(a, PEND_PICK); break;
    case ACT_EXPORT:
        dialog_choice(&a->dlg, P_EXPORT_FMT,
                      "export: (t)ext / (m)arkdown / (j)son / (c)sv, Esc cancels", "tmjc");
        a->dirty |= D_LINE;
        break;
    case ACT_PRICES: prices_open(a); break;
    case ACT_QUIT: guard_changes(a, PEND_QUIT); break;
    case ACT_REDRAW: a->dirty |= D_ALL | D_CLEAR; break;
    case ACT_NONE:
    default:
        if (key == KC_CTRL('c'))
            set_msg(a, false, "q or F10 quits");
        break;
    }
}

static void handle_key(App *a, int key)
{
    if (a->dlg.kind != DLG_NONE) {
        dialog_key(a, key);
        return;
    }
    if (a->too_small) {
        if (key == KC_CTRL('l'))
            a->dirty |= D_ALL | D_CLEAR;
        else if ((key == 'q' || key == KC_F(10)) && !app_modified(a))
            a->quit = true;
        return;
    }
    if (a->editing) {
        edit_key(a, key);
        return;
    }
    if (a->cmdline) {
        cmdline_key(a, key);
        return;
    }
    do_action(a, keys_lookup(key), key);
}

/* ---- the screen ----------------------------------------------------------- */

static void free_windows(App *a)
{
    WINDOW **ws[] = {&a->w_title, &a->w_form, &a->w_results, &a->w_chart, &a->w_msg, &a->w_line};
    for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
        if (*ws[i]) {
            delwin(*ws[i]);
            *ws[i] = NULL;
        }
}

/* Windows for the current terminal size: title and tabs on top, the panel
 * beside the results, the chart below them, message and hint lines last. */
static void layout(App *a)
{
    free_windows(a);
    getmaxyx(stdscr, a->rows, a->cols);
    a->too_small = a->rows < MIN_ROWS || a->cols < MIN_COLS;
    a->dirty |= D_ALL | D_CLEAR;
    /* The price book's rows are laid out for the width. */
    if (a->dlg.kind == DLG_PICKER && a->dlg.purpose == P_PRICES && a->book)
        prices_fill(a, a->dlg.sel);
    if (a->too_small)
        return;
    int avail = a->rows - 4;
    int top_h = 11 + (avail - 20) / 3;
    int res_w = a->cols >= 100 ? 48 : 39;
    int form_w = a->cols - res_w - 1;
    a->w_title = newwin(2, a->cols, 0, 0);
    a->w_form = newwin(top_h, form_w + 1, 2, 0); /* + the gap column */
    a->w_results = newwin(top_h, res_w, 2, form_w + 1);
    a->w_chart = newwin(avail - top_h, a->cols, 2 + top_h, 0);
    a->w_msg = newwin(1, a->cols, a->rows - 2, 0);
    a->w_line = newwin(1, a->cols, a->rows - 1, 0);
    if (!a->w_title || !a->w_form || !a->w_results || !a->w_chart || !a->w_msg ||
        !a->w_line) {
        free_windows(a);
        a->too_small = true;
    }
}

/* " — " between the parts of a line, " - " where UTF-8 is not shown. */
static const char *dash(void) { return term_utf8() ? " \u2014 " : " - "; }

/* The title in `cols` columns: a long path loses its start and a long name
 * its end (to an ellipsis) before the modified marker is ever cut. */
static void fit_title(const App *a, char *t, size_t n, int cols)
{
    const char *sep = dash(), *ell = term_ellipsis();
    const char *name = a->cur.name, *path = a->path[0] ? a->path : "(no file)";
    const char *mark = app_modified(a) ? " [+]" : "";
    int avail = cols - (8 + 2 * term_text_cols(sep) + term_text_cols(mark));
    int nc = term_text_cols(name), pc = term_text_cols(path), pw = pc, nw = nc;
    if (avail > 8 && nc + pc > avail) {
        pw = avail - nc > avail / 2 ? avail - nc : avail / 2;
        if (pw > pc)
            pw = pc;
        nw = avail - pw;
    }
    char nbuf[sizeof a->cur.name + 8], pbuf[PATH_MAX_ + 8];
    if (nw < nc)
        snprintf(nbuf, sizeof nbuf, "%.*s%s", (int)term_head_bytes(name, nw - 1), name, ell);
    else
        snprintf(nbuf, sizeof nbuf, "%s", name);
    if (pw < pc)
        snprintf(pbuf, sizeof pbuf, "%s%s", ell, path + term_head_bytes(path, pc - (pw - 1)));
    else
        snprintf(pbuf, sizeof pbuf, "%s", path);
    snprintf(t, n, " gpuplan%s%s%s%s%s", sep, nbuf, sep, pbuf, mark);
}

static void draw_title(App *a)
{
    WINDOW *w = a->w_title;
    char t[PATH_MAX_ + 512];
    fit_title(a, t, sizeof t, a->cols);
    t[term_head_bytes(t, a->cols)] = '\0'; /* a tiny screen: never wrap */
    werase(w);
    wattrset(w, term_attr(TS_TITLE));
    mvwhline(w, 0, 0, ' ', a->cols);
    mvwaddnstr(w, 0, 0, t, -1);
    wattrset(w, term_attr(TS_NORMAL));
    wmove(w, 1, 0);
    for (int p = 0; p < PANEL_COUNT; p++) {
        char tab[32];
        snprintf(tab, sizeof tab, " %s ", panel_name((Panel)p));
        wattrset(w, term_attr(p == (int)a->panel ? TS_TAB_ACTIVE : TS_TAB));
        if (getcurx(w) + (int)strlen(tab) < a->cols)
            waddstr(w, tab);
        wattrset(w, term_attr(TS_NORMAL));
        if (getcurx(w) < a->cols - 1)
            waddch(w, ' ');
    }
    wnoutrefresh(w);
}

static void draw_chart(App *a)
{
    WINDOW *w = a->w_chart;
    int h, wd;
    getmaxyx(w, h, wd);
    if (a->canvas.width != wd || a->canvas.height != h) {
        canvas_free(&a->canvas);
        canvas_init(&a->canvas, wd, h);
    }
    canvas_clear(&a->canvas);
    if (a->chart_hybrid && a->shown.has_hybrid)
        chart_hybrid_render(&a->canvas, &a->hres, a->shown.currency);
    else
        chart_render(&a->canvas, a->chart, &a->shown, &a->res);
    for (int y = 0; y < h; y++) {
        wmove(w, y, 0);
        for (int x = 0; x < wd; x++) {
            char c = canvas_get(&a->canvas, x, y);
            int st = canvas_style(&a->canvas, x, y);
            if ((unsigned char)c < 32 || (unsigned char)c > 126)
                c = ' ';
            int attr = term_attr(TS_CHART + st);
            if (a->stale && st != CS_PLAIN)
                attr |= term_attr(TS_STALE);
            /* The last cell of the window cannot take a character without
             * scrolling; insert it instead. */
            if (y == h - 1 && x == wd - 1)
                mvwinsch(w, y, x, (chtype)(unsigned char)c | (chtype)attr);
            else
                waddch(w, (chtype)(unsigned char)c | (chtype)attr);
        }
    }
    wnoutrefresh(w);
}

static void draw_msg(App *a)
{
    WINDOW *w = a->w_msg;
    werase(w);
    if (a->msg[0]) {
        wattrset(w, term_attr(a->msg_error ? TS_ERROR : TS_NORMAL));
        mvwaddnstr(w, 0, 0, a->msg, a->cols);
    } else {
        const Field *f = cur_field(a);
        long wi = cur_workload(a);
        /* A workload's cells also name it: the name column is cut at 80x24. */
        const char *wname = wi >= 0 ? a->cur.hybrid.workloads[wi].name : "";
        const char *sep = dash();
        char line[1024];
        if (f && wi >= 0)
            snprintf(line, sizeof line, "%s%s%s: %s", wname, sep, f->key, f->help);
        else if (f)
            snprintf(line, sizeof line, "%s: %s", f->key, f->help);
        else if (wi >= 0 && a->hcol == FORM_WL_RUN)
            snprintf(line, sizeof line, "%s%shybrid.workloads[%ld].run: onprem, cloud or "
                     "burst; r cycles it", wname, sep, wi);
        else if (wi >= 0)
            snprintf(line, sizeof line, "%s%shybrid.workloads[%ld].cloud_mode: on_demand or "
                     "spot; m cycles it", wname, sep, wi);
        else if (a->panel == PANEL_HYBRID && !a->cur.has_hybrid)
            snprintf(line, sizeof line, "a adds a hybrid plan");
        else
            line[0] = '\0';
        if (line[0]) {
            wattrset(w, term_attr(TS_HINT));
            mvwaddnstr(w, 0, 0, line, a->cols);
        }
    }
    wattrset(w, term_attr(TS_NORMAL));
    wnoutrefresh(w);
}

static void draw_line(App *a)
{
    WINDOW *w = a->w_line;
    if (a->dlg.kind == DLG_PROMPT || a->dlg.kind == DLG_CHOICE) {
        dialog_draw(&a->dlg, w, a->rows, a->cols);
    } else if (a->cmdline) {
        werase(w);
        mvwaddch(w, 0, 0, ':');
        int room = a->cols - 2;
        size_t col = line_edit_cursor_col(&a->cmd);
        size_t skip = col > (size_t)room ? col - (size_t)room : 0;
        waddnstr(w, a->cmd.text + skip, -1);
        int cx = 1 + (int)(col - skip);
        if (cx < a->cols)
            mvwchgat(w, 0, cx, 1, A_REVERSE, 0, NULL);
    } else {
        werase(w);
        char hints[512];
        if (a->editing)
            snprintf(hints, sizeof hints, "Enter commit  Esc cancel  Backspace delete  Ctrl-U clear");
        else
            keys_hint_line(hints, sizeof hints, a->cols - 1,
                           a->panel == PANEL_HYBRID ? KS_HYBRID : KS_ANY);
        wattrset(w, term_attr(TS_HINT));
        mvwaddnstr(w, 0, 0, hints, a->cols - 1);
        wattrset(w, term_attr(TS_NORMAL));
    }
    wnoutrefresh(w);
}

static void draw_too_small(App *a)
{
    char m[128];
    snprintf(m, sizeof m, "terminal too small: gpuplan needs %dx%d, this one is %dx%d",
             MIN_COLS, MIN_ROWS, a->cols, a->rows);
    werase(stdscr);
    int len = (int)strlen(m);
    /* Wrap over the rows there are; never write the last cell. */
    for (int y = 0, off = 0; y < a->rows && off < len; y++) {
        int room = a->cols - (y == a->rows - 1 ? 1 : 0);
        if (room <= 0)
            break;
        mvaddnstr(y, 0, m + off, room);
        off += room;
    }
    wnoutrefresh(stdscr);
}

static void draw(App *a)
{
    if (a->dirty & D_CLEAR) {
        clearok(curscr, TRUE);
        werase(stdscr);
        wnoutrefresh(stdscr);
    }
    if (a->too_small) {
        if (a->dirty)
            draw_too_small(a);
    } else {
        if (a->dirty & D_TITLE)
            draw_title(a);
        if (a->dirty & D_FORM) {
            if (a->panel == PANEL_HYBRID)
                form_draw_hybrid(a->w_form, &a->cur,
                                 a->shown.has_hybrid && a->hscratch_ok ? &a->hres : NULL,
                                 a->sel[a->panel], a->hcol,
                                 &a->top[a->panel], a->editing ? &a->edit : NULL,
                                 a->edit_bad);
            else
                form_draw(a->w_form, a->panel, &a->cur, a->sel[a->panel],
                          &a->top[a->panel], a->editing ? &a->edit : NULL, a->edit_bad);
            wnoutrefresh(a->w_form);
        }
        if (a->dirty & D_RESULTS) {
            results_draw_hybrid(a->w_results, &a->shown, &a->res,
                                a->panel == PANEL_HYBRID && a->shown.has_hybrid &&
                                        a->hscratch_ok
                                    ? &a->hres
                                    : NULL,
                                a->stale);
            wnoutrefresh(a->w_results);
        }
        if (a->dirty & D_CHART)
            draw_chart(a);
        if (a->dirty & D_MSG)
            draw_msg(a);
        if (a->dirty & D_LINE)
            draw_line(a);
        if (a->dlg.kind == DLG_PICKER || a->dlg.kind == DLG_HELP)
            dialog_draw(&a->dlg, a->w_line, a->rows, a->cols);
    }
    a->dirty = 0;
    doupdate();
}

/* ---- the loop ------------------------------------------------------------- */

/* The terminal is gone or a signal asks us to stop: keep the edits first
 * (the terminal may not answer), then restore it. */
static int emergency_exit(App *a, int sig)
{
    char where[PATH_MAX_] = "";
    bool kept = false;
    const Scenario *s = edits_to_keep(a);
    if (app_modified(a) || !scenario_equal(s, &a->cur)) {
        Diag d;
        diag_clear(&d, NULL);
        kept = recover_write(app_path(a), s, where, sizeof where, &d) == 0;
    }
    term_stop();
    if (kept)
        fprintf(stderr, "gpuplan: %s; unsaved changes kept in %s\n",
                sig ? strsignal(sig) : "terminal lost", where);
    return sig ? 128 + sig : 1;
}

int app_run(const char *path, bool no_color)
{
    static App app; /* large (undo stacks are heap, the scenarios are not) */
    App *a = &app;
    memset(a, 0, sizeof *a);
    if (!setlocale(LC_ALL, ""))
        setlocale(LC_ALL, "C");
    setlocale(LC_NUMERIC, "C");

    scenario_default(&a->cur);
    if (path) {
        Diag d;
        diag_clear(&d, path);
        int rc = scenario_load_file(path, &a->cur, &d);
        if (rc != 0) {
            char m[1024];
            diag_format(&d, m, sizeof m);
            fprintf(stderr, "gpuplan: %s\n", m);
            return rc;
        }
        snprintf(a->path, sizeof a->path, "%s", path);
    }
    a->saved = a->cur;

    char why[512];
    if (!term_check(why, sizeof why)) {
        fprintf(stderr, "%s\n", why);
        return EXIT_USAGE;
    }
    const char *nc = getenv("NO_COLOR");
    if (!term_start(no_color || (nc && *nc))) {
        fprintf(stderr, "gpuplan: cannot start the terminal (TERM=%s)\n",
                getenv("TERM") ? getenv("TERM") : "");
        return EXIT_USAGE;
    }
    a->hscratch_ok = hybrid_scratch_init(&a->hscratch, 0) == 0;
    layout(a);
    recompute(a);
    offer_recovery(a);

    while (!a->quit) {
        draw(a);
        int key = term_read_key();
        if (key == TERM_EV_SIGNAL || key == TERM_EV_LOST) {
            a->status = emergency_exit(a, key == TERM_EV_SIGNAL ? term_signal() : 0);
            goto out;
        }
        if (key == KC_RESIZE) {
            layout(a);
            continue;
        }
        /* Esc and a key in one burst read as Alt-key; unless it is bound
         * (the numbered panels), it was Esc typed quickly before the key. */
        if (key >= KC_ALT_BASE && key < KC_ALT_BASE + 128 &&
            !(a->dlg.kind == DLG_NONE && !a->editing && !a->cmdline &&
              keys_lookup(key) != ACT_NONE)) {
            handle_key(a, KC_ESC);
            if (a->quit)
                break;
            key -= KC_ALT_BASE;
            if (key == '\r' || key == '\n')
                key = KC_ENTER;
        }
        handle_key(a, key);
    }
    term_stop();
    a->status = 0;
out:
    free_windows(a);
    canvas_free(&a->canvas);
    dialog_close(&a->dlg);
    prices_close(a);
    hybrid_scratch_free(&a->hscratch);
    stack_free(&a->undo);
    stack_free(&a->redo);
    return a->status;
}
