/* price_picker.c: the price book picker (DESIGN 5): one row per instance
 * and region, laid out for the terminal's width; Enter copies the row's
 * prices into the Cloud panel as one undo step. */
#include "config.h"

#include "price_picker.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_name.h"
#include "dtoa.h"
#include "edit.h"
#include "numfmt.h"
#include "scenario_edit.h"
#include "strbuf.h"

/* A price per GPU-hour for the picker and the status line: 2 decimals,
 * "-" when the price book does not know it. */
static void price_text(double per_instance, double gpus, char *buf, size_t n)
{
    if (isfinite(per_instance) && gpus > 0)
        num_snprintf(buf, n, "%.2f", per_instance / gpus);
    else
        snprintf(buf, n, "-");
}

void price_picker_fill(App *a, size_t sel)
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
    char title[sizeof a->dlg.question];
    if (a->price_workload >= 0 &&
        (size_t)a->price_workload < a->doc.cur.hybrid.workload_count)
        msg_format(title, sizeof title, "price book, per GPU-hour: Enter sets %s's "
                 "cloud_gpu_hour, Esc cancels",
                 a->doc.cur.hybrid.workloads[a->price_workload].name);
    else
        snprintf(title, sizeof title, "%s",
                 wide ? "price book (Enter copies the prices, Esc cancels)"
                      : "price book, per GPU-hour (Enter copies, Esc cancels)");
    dialog_list(&a->dlg, P_PRICES, title, header, "the price book has no instances");
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

void price_picker_close(App *a)
{
    free(a->book);
    a->book = NULL;
}

Reaction price_picker_open(App *a)
{
    char path[DOC_PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s/prices.yaml", cli_scenario_dir()) >= sizeof path)
        return msg_show(a, true, "the price book's directory, %s, is too long a path",
                        cli_scenario_dir());
    PriceBook *b = xmalloc(sizeof *b);
    Diag d;
    diag_clear(&d, path);
    if (prices_load_file(path, b, &d) != 0) {
        free(b);
        return msg_diag(a, &d);
    }
    price_picker_close(a);
    a->book = b;
    /* On a workload's cloud_gpu_hour cell the pick is that workload's. */
    FieldRef f;
    long wi = edit_cur_workload(a);
    a->price_workload = -1;
    if (wi >= 0 && edit_cur_ref(a, &f) && strcmp(field_leaf(f.row), "cloud_gpu_hour") == 0)
        a->price_workload = wi;
    else
        a->panel = PANEL_CLOUD;
    price_picker_fill(a, 0);
    return R_ALL;
}

/* The pick for workload i: its cloud_gpu_hour from the row, where it runs
 * in the cloud (DESIGN 6: spot for a spot workload; an `onprem` job that
 * cannot run on-prem runs on-demand), through the edit path. */
static Reaction pick_for_workload(App *a, size_t i, const PriceInstance *in,
                                  const PriceRegion *r)
{
    if (i >= a->doc.cur.hybrid.workload_count)
        return R_NONE;
    const HybridWorkload *w = &a->doc.cur.hybrid.workloads[i];
    bool spot = w->run != RUN_ONPREM && w->cloud_mode == MODE_SPOT;
    const char *mode = spot ? "spot" : "on-demand";
    double per_instance = spot ? r->spot : r->on_demand;
    char text[DTOA_BUFSIZE], shown[32], name[sizeof w->name];
    FieldRef f;
    field_ref_init(&f, field_find("hybrid.workloads[].cloud_gpu_hour"), i);
    if (!isfinite(per_instance) || !(in->gpus > 0))
        return msg_show(a, true, "%s %s has no %s price in the book: %s not changed",
                       in->name, r->region, mode, f.path);
    double v = per_instance / in->gpus;
    dtoa_shortest(v, text);
    num_snprintf(shown, sizeof shown, "%.2f", v);
    snprintf(name, sizeof name, "%s", w->name);
    Diag d;
    if (scenario_set_ref(edit_draft(a), &f, text, &d) != 0)
        return msg_show(a, true, "%s %s %s per GPU-h: %s: %s (not changed)", in->name,
                       r->region, mode, d.path, d.message);
    Reaction re = R_NONE;
    if (!edit_commit(a, &re))
        return msg_show(a, false, "%s: cloud_gpu_hour is already %s (%s %s %s, %s)",
                       name, shown, in->name, r->region, mode, in->date);
    return re | msg_show(a, false, "%s: cloud_gpu_hour = %s per GPU-h, %s %s %s (%s)",
                        name, shown, in->name, r->region, mode, in->date);
}

/* What the pick copied, and what the book does not have (kept). */
static Reaction say_copied(App *a, const PriceInstance *in, const PriceRegion *r)
{
    static const char *const names[3] = {"on-demand", "reserved", "spot"};
    const double book[3] = {r->on_demand, r->reserved, r->spot};
    const double now[3] = {a->doc.cur.cloud.on_demand_gpu_hour,
                           a->doc.cur.cloud.reserved_gpu_hour, a->doc.cur.cloud.spot_gpu_hour};
    StrBuf copied = STRBUF_INIT, kept = STRBUF_INIT;
    for (int k = 0; k < 3; k++) {
        char v[32];
        num_snprintf(v, sizeof v, "%.2f", now[k]);
        /* The reserved rate says which commitment it is (DESIGN 5). */
        char what[96] = "";
        if (k == 1 && in->reserved_kind[0] && isfinite(in->reserved_term_months))
            num_snprintf(what, sizeof what, " (%s, %.0f mo)", in->reserved_kind,
                         in->reserved_term_months);
        else if (k == 1 && in->reserved_kind[0])
            snprintf(what, sizeof what, " (%s)", in->reserved_kind);
        if (isfinite(book[k]))
            sb_printf(&copied, "%s%s %s%s", copied.len ? ", " : "", names[k], v, what);
        else
            sb_printf(&kept, "; %s not in the book, kept %s", names[k], v);
    }
    Reaction re;
    if (copied.len)
        re = msg_show(a, false, "%s %s: %s per GPU-h (%s)%s", in->name, r->region,
                     sb_str(&copied), in->date, sb_str(&kept));
    else
        re = msg_show(a, false, "%s %s: instance and region copied (%s)%s", in->name,
                     r->region, in->date, sb_str(&kept));
    sb_free(&copied);
    sb_free(&kept);
    return re;
}

Reaction price_picker_pick(App *a, const char *item)
{
    size_t i, j;
    if (!a->book || sscanf(item, "%zu %zu", &i, &j) != 2 || i >= a->book->count ||
        j >= a->book->instances[i].region_count)
        return R_NONE;
    const PriceInstance *in = &a->book->instances[i];
    const PriceRegion *r = &in->regions[j];
    if (a->price_workload >= 0)
        return pick_for_workload(a, (size_t)a->price_workload, in, r);
    /* Every value through the edit path, with its field's rules: a price
     * the field does not allow (a book's typing slip, 9,000 an hour a GPU)
     * is refused with the field's reason, and nothing is copied. */
    PriceEdits e;
    prices_edits(in, r, &e);
    size_t bad;
    Diag d;
    if (scenario_set_all(edit_draft(a), e.keys, e.texts, e.count, &bad, &d) != 0)
        return msg_show(a, true, "%s %s, per GPU-hour: %s: %s; nothing copied", in->name,
                       r->region, d.path, d.message);
    Reaction re = R_NONE;
    if (!edit_commit(a, &re))
        return msg_show(a, false, "%s %s: the scenario already has these prices (%s)",
                       in->name, r->region, in->date);
    return re | say_copied(a, in, r);
}
