/* check_html.c: the HTML report (DESIGN 4.2) and its SVG helpers: text is
 * escaped, the page is self-contained (no script, nothing fetched), the
 * verdict comes first, the charts are there with the figures of the
 * results they were handed. The pictures themselves are checked in a real
 * browser by tests/check_html_browser.sh. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_svg.h"
#include "export.h"
#include "horizon.h"
#include "numfmt.h"
#include "report.h"
#include "scenario_file.h"
#include "svg.h"

static char *escaped(const char *in)
{
    StrBuf b = STRBUF_INIT;
    html_text(&b, in);
    char *out = xstrdup(sb_str(&b));
    sb_free(&b);
    return out;
}

START_TEST(escapes_markup_and_controls)
{
    static const struct {
        const char *in, *out;
    } rows[] = {
        {"plain", "plain"},
        {"<script>&\"'", "&lt;script&gt;&amp;&quot;&#39;"},
        {"a\tb\nc", "a\tb\nc"},                          /* kept */
        {"bell\x07", "bell\xE2\x90\x87"},                /* U+2407 */
        {"\x01x\x1b[31m", "\xE2\x90\x81x\xE2\x90\x9B[31m"},
        {"cr\r", "cr\xE2\x90\x8D"},
        {"del\x7f", "del\xE2\x90\xA1"},                  /* U+2421 */
        {"c1\xC2\x85!", "c1\xEF\xBF\xBD!"},              /* NEL */
        {"caf\xC3\xA9 \xE6\x97\xA5", "caf\xC3\xA9 \xE6\x97\xA5"}, /* UTF-8 */
        {"", ""}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *got = escaped(rows[i].in);
        ck_assert_msg(strcmp(got, rows[i].out) == 0, "row %zu: got '%s'", i, got);
        free(got);
    }
    StrBuf b = STRBUF_INIT;
    html_text_n(&b, "a<b>c", 2);
    ck_assert_str_eq(sb_str(&b), "a&lt;");
    sb_free(&b);
}
END_TEST

START_TEST(svg_numbers)
{
    StrBuf b = STRBUF_INIT;
    svg_num(&b, 12.04);
    sb_append(&b, " ");
    svg_num(&b, -0.01);
    sb_append(&b, " ");
    svg_num(&b, 3.25);
    sb_append(&b, " ");
    svg_num(&b, NAN);
    ck_assert_str_eq(sb_str(&b), "12 0 3.3 0");
    sb_free(&b);
}
END_TEST

static const char *srcdir(void)
{
    const char *s = getenv("top_srcdir");
    return s && *s ? s : GPUPLAN_SRCDIR;
}

static void load(const char *name, Scenario *s)
{
    char path[1024];
    Diag d;
    snprintf(path, sizeof path, "%s/scenarios/%s.yaml", srcdir(), name);
    ck_assert_msg(scenario_load_file(path, s, &d) == 0, "%s: %s", path, d.message);
}

static char *html_of(const Scenario *s)
{
    ReportResults rr;
    report_results_compute(&rr, s);
    Report rep = report_of(s, &rr, "2026-01-02");
    StrBuf b = STRBUF_INIT;
    export_html(&rep, &b);
    report_results_free(&rr);
    char *out = xstrdup(sb_str(&b));
    sb_free(&b);
    return out;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* Nothing runs and nothing is fetched: no tag is a script, an embed or a
 * link, no tag has an event handler, a source or a reference (escaped text
 * may say anything: it has no '<'); the only URL is the SVG namespace. */
static void assert_self_contained(const char *h)
{
    static const char *const banned[] = {"<script", " on", "javascript:", "src=",
                                         "href=", "<link", "<iframe", "<img",
                                         "<object", "<embed", "<base", "<meta http"};
    for (const char *p = strchr(h, '<'); p; p = strchr(p + 1, '<')) {
        const char *end = strchr(p, '>');
        ck_assert_ptr_nonnull(end);
        char tag[512];
        snprintf(tag, sizeof tag, "%.*s", (int)(end - p), p);
        for (size_t i = 0; i < sizeof banned / sizeof banned[0]; i++)
            ck_assert_msg(strstr(tag, banned[i]) == NULL, "tag %s has %s", tag,
                          banned[i]);
    }
    ck_assert_ptr_null(strstr(h, "@import"));
    ck_assert_uint_eq(count(h, "http"), count(h, "xmlns=\"http://www.w3.org/2000/svg\""));
    ck_assert_uint_eq(count(h, "url("), count(h, "url(#"));
}

START_TEST(default_page)
{
    Scenario s;
    scenario_default(&s);
    char *h = html_of(&s);
    ck_assert_msg(strncmp(h, "<!DOCTYPE html>\n<html lang=\"en\">", 31) == 0, "%.40s", h);
    ck_assert_ptr_nonnull(strstr(h, "</html>\n"));
    assert_self_contained(h);
    /* the verdict first, from the figures (DESIGN 2.6) */
    const char *v = strstr(h, "id=\"verdict\"");
    ck_assert_ptr_nonnull(v);
    ck_assert_ptr_nonnull(strstr(h, "Spot is cheapest at 50%: it costs 20,478 USD a "
                                    "month (31.0%) less than on-prem; on-prem beats "
                                    "on-demand above 35.9% and spot above 76.0%;"));
    ck_assert_ptr_nonnull(strstr(h, "Spot: 3.90 USD per useful GPU-hour, 45,597.64 USD "
                                    "a month."));
    ck_assert(v < strstr(h, "<h2>Options</h2>"));
    /* the numeric breakdown and the options */
    ck_assert_ptr_nonnull(strstr(h, "Capital</td><td class=\"n\">31,334.46</td>"));
    ck_assert_ptr_nonnull(strstr(h, "<tr class=\"total\"><td>Total</td><td class=\"n\">"
                                    "66,075.52</td><td class=\"n\">89,639.03</td>"));
    /* the charts of DESIGN 4.2: cost curves, breakdown bars, cumulative spend */
    ck_assert_uint_eq(count(h, "<svg "), 3);
    ck_assert_ptr_nonnull(strstr(h, "id=\"chart-horizon\""));
    ck_assert_ptr_nonnull(strstr(h, "id=\"chart-cost\""));
    ck_assert_ptr_nonnull(strstr(h, "id=\"chart-breakdown\""));
    ck_assert_ptr_null(strstr(h, "id=\"chart-hybrid\""));
    /* markers and crossovers labelled, the measured utilization marked */
    static const char *const labels[] = {
        ">60%</text>", ">75%</text>", ">80%</text>", ">measured 50%</text>",
        ">on-demand 35.9%\u2191</text>", ">spot 76.0%\u2191</text>"};
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
        ck_assert_msg(strstr(h, labels[i]) != NULL, "no %s", labels[i]);
    /* the cost chart's two rings and two legend rings; the horizon's two
     * break-even rings and two legend rings (owning never breaks even with
     * spot: no ring in the chart, none in its key) */
    ck_assert_uint_eq(count(h, "<circle"), 2 + 2 + 2 + 2);
    ck_assert_uint_eq(count(h, "class=\"curve "), 4 + 4);
    /* the template notes are left out; print CSS is there */
    ck_assert_ptr_null(strstr(h, "Built-in default"));
    ck_assert_ptr_nonnull(strstr(h, "@media print"));
    ck_assert_ptr_nonnull(strstr(h, "break-inside:avoid"));
    /* a scenario without a hybrid plan lists none of its inputs */
    ck_assert_ptr_null(strstr(h, "hybrid."));
    free(h);
}
END_TEST

/* Text from the scenario cannot open an element or hide a control. */
START_TEST(scenario_text_is_escaped)
{
    Scenario s;
    scenario_default(&s);
    snprintf(s.name, sizeof s.name, "<script>alert(1)</script> & \x1b[2J");
    snprintf(s.notes, sizeof s.notes, "</div><img src=x onerror=alert(1)>\x07");
    char *h = html_of(&s);
    assert_self_contained(h);
    ck_assert_ptr_nonnull(strstr(h, "<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "
                                    "\xE2\x90\x9B[2J</h1>"));
    ck_assert_ptr_nonnull(strstr(h, "<title>&lt;script&gt;"));
    ck_assert_ptr_nonnull(strstr(h, "<div class=\"notes\">&lt;/div&gt;&lt;img "));
    ck_assert_ptr_null(strstr(h, "\x1b"));
    ck_assert_ptr_null(strstr(h, "\x07"));
    free(h);
}
END_TEST

START_TEST(hybrid_page)
{
    Scenario s;
    load("logistics-hybrid", &s);
    ReportResults rr;
    report_results_compute(&rr, &s);
    ck_assert_ptr_nonnull(rr.hybrid);
    Report rep = report_of(&s, &rr, "2026-01-02");
    StrBuf b = STRBUF_INIT;
    export_html(&rep, &b);
    const char *h = sb_str(&b);
    assert_self_contained(h);
    ck_assert_uint_eq(count(h, "<svg "), 4);
    ck_assert_ptr_nonnull(strstr(h, "<h2>Hybrid plan</h2>"));
    ck_assert_ptr_nonnull(strstr(h, "id=\"chart-hybrid\""));
    /* at list prices all-AWS is the cheapest plan (the file's notes) */
    ck_assert_ptr_nonnull(strstr(h, ">optimum: 0 nodes, 97,930 USD</text>"));
    /* one point per node count the optimizer tried */
    ck_assert_uint_eq(count(h, "class=\"point o-onprem\""), rr.hybrid->by_nodes_count);
    ck_assert_ptr_nonnull(strstr(h, "<td>experiments</td>"));
    /* the plan's inputs are in its own section, not as blank list rows */
    ck_assert_ptr_null(strstr(h, "hybrid.workloads[]"));
    sb_free(&b);
    /* the figures are the Report's: a total no simulation gives shows */
    rr.hybrid->total_monthly = 7654321;
    StrBuf c = STRBUF_INIT;
    export_html(&rep, &c);
    ck_assert_ptr_nonnull(strstr(sb_str(&c), "Total: 7,654,321.00 USD"));
    sb_free(&c);
    /* without hybrid results, no hybrid section */
    rep.hybrid = NULL;
    StrBuf d = STRBUF_INIT;
    export_html(&rep, &d);
    ck_assert_ptr_null(strstr(sb_str(&d), "Hybrid plan"));
    ck_assert_uint_eq(count(sb_str(&d), "<svg "), 3);
    sb_free(&d);
    report_results_free(&rr);
}
END_TEST

/* The number attribute `name` ("cx") of the element starting at tag. */
static double attr(const char *tag, const char *name)
{
    char key[32];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *p = strstr(tag, key);
    ck_assert_msg(p && p < strchr(tag, '>'), "no %s in %.80s", name, tag);
    return strtod(p + strlen(key), NULL);
}

/* The hybrid chart's optimum, the cheapest and so the lowest total, here
 * also the first node count: its ring clears both axis lines. */
START_TEST(hybrid_optimum_off_the_axes)
{
    static HybridNodesTotal sizes[4] = {{0, 97930, NAN}, {1, 148000, NAN}, {2, 105161, NAN}, {4, 129000, NAN}};
    HybridResult h;
    memset(&h, 0, sizeof h);
    h.by_nodes = sizes;
    h.by_nodes_count = 4;
    h.onprem_nodes = 2;
    h.optimum.onprem_nodes = 0;
    h.optimum.total_monthly = 97930;
    StrBuf b = STRBUF_INIT;
    chart_svg_hybrid(&b, &h, "USD");
    const char *svg = sb_str(&b);
    const char *ring = strstr(svg, "class=\"crossover\"/>");
    ck_assert_ptr_nonnull(ring);
    while (ring > svg && strncmp(ring, "<circle", 7) != 0)
        ring--;
    double cx = attr(ring, "cx"), cy = attr(ring, "cy"), r = attr(ring, "r");
    double left = -1, bottom = -1;
    for (const char *l = strstr(svg, "<line"); l; l = strstr(l + 1, "<line")) {
        const char *end = strchr(l, '>');
        if (!strstr(l, "class=\"axis\"") || strstr(l, "class=\"axis\"") > end)
            continue;
        double x1 = attr(l, "x1"), x2 = attr(l, "x2"), y1 = attr(l, "y1"), y2 = attr(l, "y2");
        if (x1 == x2 && fabs(y2 - y1) > 100)
            left = x1; /* the y axis */
        else if (y1 == y2 && fabs(x2 - x1) > 100)
            bottom = y1; /* the x axis */
    }
    ck_assert(left > 0 && bottom > 0);
    ck_assert_msg(cx - r > left + 2, "ring at x %g, r %g, on the y axis at %g", cx, r, left);
    ck_assert_msg(cy + r < bottom - 2, "ring at y %g, r %g, on the x axis at %g", cy, r,
                  bottom);
    sb_free(&b);
}
END_TEST

/* The part of page h from `<svg ... id="ID"` to its </svg>, as a copy. */
static char *svg_of(const char *h, const char *id)
{
    char key[64];
    snprintf(key, sizeof key, "id=\"%s\"", id);
    const char *start = strstr(h, key);
    ck_assert_msg(start != NULL, "no %s", id);
    while (start > h && strncmp(start, "<svg", 4) != 0)
        start--;
    const char *end = strstr(start, "</svg>");
    ck_assert_ptr_nonnull(end);
    char *out = xmalloc((size_t)(end - start) + 1);
    memcpy(out, start, (size_t)(end - start));
    out[end - start] = '\0';
    return out;
}

typedef struct Box {
    double x0, y0, x1, y1;
    char what[80];
} Box;

/* The boxes of a chart's <text> (12 px, by svg_text_width and its anchor)
 * and <rect> elements, at most cap; returns how many. */
static size_t boxes_of(const char *svg, Box *box, size_t cap, bool texts)
{
    size_t n = 0;
    const char *tag = texts ? "<text" : "<rect";
    for (const char *p = strstr(svg, tag); p && n < cap; p = strstr(p + 1, tag)) {
        Box *b = &box[n];
        double x = attr(p, "x"), y = attr(p, "y");
        if (!texts) {
            *b = (Box){x, y, x + attr(p, "width"), y + attr(p, "height"), "rect"};
            n++;
            continue;
        }
        const char *gt = strchr(p, '>'), *lt = strchr(gt, '<');
        snprintf(b->what, sizeof b->what, "%.*s", (int)(lt - gt - 1), gt + 1);
        double w = svg_text_width(b->what, 12);
        const char *anchor = strstr(p, "text-anchor=\"");
        double x0 = x;
        if (anchor && anchor < gt)
            x0 = strncmp(anchor + 13, "end", 3) == 0 ? x - w
                 : strncmp(anchor + 13, "middle", 6) == 0 ? x - w / 2 : x;
        b->x0 = x0, b->x1 = x0 + w, b->y0 = y - 10, b->y1 = y + 2;
        n++;
    }
    return n;
}

static bool overlap(const Box *a, const Box *b)
{
    return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

/* HTML report, DESIGN 4.2: advice headed by words; the tornado's labels
 * clear of each other and of every bar, low and high in colours of their
 * own (not the options'); the Monte Carlo's histogram; numbers grouped;
 * a horizon of 0 months said for what it is. */
START_TEST(risk_page_reads_as_words)
{
    Scenario s;
    load("diagflow-risk", &s);
    char *h = html_of(&s);
    ck_assert_ptr_null(strstr(h, "<dt>COMMIT_COVERAGE"));
    ck_assert_ptr_nonnull(strstr(h, "<dt>Reserved commitment</dt>"));
    ck_assert_ptr_nonnull(strstr(h, "<dt>Managed service or raw instances</dt>"));
    ck_assert_ptr_nonnull(strstr(h, "10,000 draws of 7 inputs"));
    ck_assert_ptr_nonnull(strstr(h, "<td class=\"n\">290,000</td>"));
    ck_assert_ptr_nonnull(strstr(h, ">0: the hardware lifetime, 48 months</td>"));
    char *t = svg_of(h, "chart-tornado");
    ck_assert_ptr_nonnull(strstr(t, "hardware.node_price 290,000\xE2\x80\x93" "345,000"));
    ck_assert_ptr_null(strstr(t, "o-on_demand"));
    ck_assert_ptr_null(strstr(t, "o-spot"));
    ck_assert_uint_eq(count(t, "class=\"bar bar-low\""), 7 + 1); /* + the key */
    static Box text[200], rect[100];
    size_t nt = boxes_of(t, text, 200, true), nr = boxes_of(t, rect, 100, false);
    ck_assert_uint_gt(nt, 20);
    /* The plot's vertical lines: now and equal cost. */
    static Box line[20];
    size_t nl = 0;
    for (const char *p = strstr(t, "<line"); p && nl < 20; p = strstr(p + 1, "<line")) {
        double x1 = attr(p, "x1"), x2 = attr(p, "x2");
        if (x1 == x2)
            line[nl++] = (Box){x1 - 1, attr(p, "y1"), x1 + 1, attr(p, "y2"), "line"};
    }
    ck_assert_uint_ge(nl, 2);
    for (size_t i = 0; i < nt; i++) {
        for (size_t j = i + 1; j < nt; j++)
            ck_assert_msg(!overlap(&text[i], &text[j]), "'%s' overlaps '%s'",
                          text[i].what, text[j].what);
        for (size_t j = 0; j < nl; j++)
            ck_assert_msg(!overlap(&text[i], &line[j]), "the line at x %g runs through '%s'",
                          line[j].x0 + 1, text[i].what);
        for (size_t j = 0; j < nr; j++)
            ck_assert_msg(!overlap(&text[i], &rect[j]), "'%s' touches a bar at x %g",
                          text[i].what, rect[j].x0);
    }
    free(t);
    char *m = svg_of(h, "chart-histogram");
    ck_assert_uint_gt(count(m, "class=\"bin o-onprem\""), 3); /* owning cheaper */
    ck_assert_uint_gt(count(m, "class=\"bin o-spot\""), 3);   /* spot cheaper */
    ck_assert_ptr_nonnull(strstr(m, ">P50</text>"));
    ck_assert_ptr_nonnull(strstr(m, ">1,500</text>"));
    free(m);
    free(h);
}
END_TEST

/* Hue (degrees) and saturation (HSL) of the colour "#rrggbb" at p. */
static void hue_sat(const char *p, double *hue, double *sat)
{
    unsigned v = (unsigned)strtoul(p + 1, NULL, 16);
    double r = (v >> 16) / 255.0, g = ((v >> 8) & 255) / 255.0, b = (v & 255) / 255.0;
    double mx = fmax(r, fmax(g, b)), mn = fmin(r, fmin(g, b)), d = mx - mn, l = (mx + mn) / 2;
    *sat = d == 0 ? 0 : d / (1 - fabs(2 * l - 1));
    double h = d == 0 ? 0 : mx == r ? fmod((g - b) / d, 6) : mx == g ? (b - r) / d + 2
                                                                    : (r - g) / d + 4;
    *hue = h * 60 < 0 ? h * 60 + 360 : h * 60;
}

/* One palette per meaning (DESIGN 4.2): the cost terms' colours in the
 * breakdown are no option's, nor the measured line's, nor the tornado's
 * low and high: a coloured term's hue is at least 15 degrees from each. */
START_TEST(one_colour_one_meaning)
{
    Scenario s;
    scenario_default(&s);
    char *h = html_of(&s);
    static const char *const taken[] = {"--onprem:", "--on_demand:", "--reserved:", "--spot:",
                                        "--measured:", "--low:", "--high:"};
    size_t terms = 0;
    for (const char *p = strstr(h, ".l-"); p; p = strstr(p + 1, ".l-")) {
        const char *f = strstr(p, "{fill:#");
        if (!f || f - p > 20)
            continue;
        double th, ts;
        hue_sat(f + 6, &th, &ts);
        terms++;
        for (size_t k = 0; k < sizeof taken / sizeof taken[0]; k++) {
            const char *c = strstr(h, taken[k]);
            ck_assert_ptr_nonnull(c);
            double oh, os;
            hue_sat(c + strlen(taken[k]), &oh, &os);
            double dh = fabs(th - oh);
            dh = dh > 180 ? 360 - dh : dh;
            ck_assert_msg(ts < 0.15 || os < 0.15 || dh >= 15, "%.14s has the hue of %s", p,
                          taken[k]);
            ck_assert_msg(strncmp(f + 6, c + strlen(taken[k]), 7) != 0, "%.14s is %s", p,
                          taken[k]);
        }
    }
    ck_assert_uint_ge(terms, 11);
    free(h);
}
END_TEST

/* The horizon's break-even labels: no curve runs through one (the
 * labels' boxes as boxes_of estimates them, each curve's monthly
 * segments sampled finely). logistics-hybrid's two late break-evens sit
 * where the reserved and on-demand curves cross on-prem's. */
START_TEST(horizon_labels_clear_of_curves)
{
    Scenario s;
    load("logistics-hybrid", &s);
    char *h = html_of(&s);
    char *c = svg_of(h, "chart-horizon");
    static Box text[100];
    size_t nt = boxes_of(c, text, 100, true), labels = 0;
    for (size_t i = 0; i < nt; i++) {
        if (!strstr(text[i].what, ": month "))
            continue;
        labels++;
        for (const char *p = strstr(c, "<path class=\"curve "); p;
             p = strstr(p + 1, "<path class=\"curve ")) {
            const char *d = strstr(p, " d=\"M") + 5, *e = strchr(d, '"');
            char *q;
            double ax = strtod(d, &q), ay = strtod(q, &q);
            while (q < e && (q = strchr(q, 'L')) && q < e) {
                double bx = strtod(q + 1, &q), by = strtod(q, &q);
                for (int k = 0; k <= 50; k++) {
                    double x = ax + (bx - ax) * k / 50, y = ay + (by - ay) * k / 50;
                    ck_assert_msg(x <= text[i].x0 || x >= text[i].x1 || y <= text[i].y0 ||
                                      y >= text[i].y1,
                                  "a curve runs through '%s' at %g,%g", text[i].what, x, y);
                }
                ax = bx;
                ay = by;
            }
        }
    }
    ck_assert_uint_eq(labels, 2);
    free(c);
    free(h);
}
END_TEST

/* A not-allowed option is drawn dashed and says so in the legend; on-prem
 * leads the verdict when the cloud is forbidden. */
START_TEST(not_allowed_options)
{
    Scenario s;
    scenario_default(&s);
    s.constraints.compliance_forbids_cloud = true;
    char *h = html_of(&s);
    ck_assert_uint_eq(count(h, "class=\"curve not-allowed "), 3 + 3);
    ck_assert_ptr_nonnull(strstr(h, ">spot (not allowed)</text>"));
    /* on-prem is the only allowed option, and the verdict says what the
     * forbidden cloud would have cost rather than calling on-prem cheaper */
    ck_assert_ptr_nonnull(strstr(h, "On-prem is the only allowed option at 50% "
                                    "(compliance forbids the cloud); spot would cost "
                                    "20,478 USD a month (31.0%) less than on-prem"));
    free(h);
}
END_TEST

/* The horizon (DESIGN 2.7, 4.2): the NPVs, break-even months and IRRs are
 * horizon_evaluate()'s, and the cumulative-spend chart draws its T + 1
 * months for every option with each break-even month ringed and named. */
START_TEST(horizon_page)
{
    Scenario s;
    scenario_default(&s);
    s.horizon.months = 36; /* not the lifetime: the chart follows T */
    HorizonResult hz;
    horizon_evaluate(&s, &hz, NULL);
    ck_assert_int_eq(hz.months, 36);
    char *h = html_of(&s);
    assert_self_contained(h);
    const char *sec = strstr(h, "<h2>Horizon</h2>");
    ck_assert_ptr_nonnull(sec);
    ck_assert(strstr(h, "<h2>Advice</h2>") < sec);
    ck_assert(sec < strstr(h, "<h2>Inputs</h2>"));
    ck_assert_ptr_nonnull(strstr(sec, "Over 36 months, discounted at"));
    char want[256], v[64];
    for (int k = 0; k < OPT_COUNT; k++) {
        num_format_money(hz.npv[k], 0, v, sizeof v);
        snprintf(want, sizeof want, "%s</td><td class=\"n\">%s</td>",
                 cost_option_label((CostOption)k), v);
        ck_assert_msg(strstr(sec, want) != NULL, "no %s", want);
    }
    int rings = 0;
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        const char *row = strstr(strstr(sec, "id=\"horizon-owning\""),
                                 cost_option_label((CostOption)k));
        ck_assert_ptr_nonnull(row);
        if (hz.break_even[k] > 0) {
            snprintf(want, sizeof want, "<td>month %d</td>", hz.break_even[k]);
            rings++;
        } else {
            snprintf(want, sizeof want, "<td>never</td>");
        }
        ck_assert_msg(strncmp(strstr(row, "<td>"), want, strlen(want)) == 0,
                      "%s: %.60s", want, row);
        /* a negative rate with the page's minus sign, U+2212 (DESIGN 8) */
        snprintf(want, sizeof want, "<td>%s%.2f%% a year",
                 hz.irr_pct[k] < 0 ? "\u2212" : "", fabs(hz.irr_pct[k]));
        ck_assert_msg(strstr(row, want) != NULL, "no %s", want);
        if (hz.break_even[k] > 0)
            snprintf(want, sizeof want, ">%s: month %d</text>",
                     k == OPT_ON_DEMAND ? "on-demand" : k == OPT_RESERVED ? "reserved"
                                                                            : "spot",
                     hz.break_even[k]);
        else
            snprintf(want, sizeof want, ">owning never breaks even with %s</text>",
                     k == OPT_ON_DEMAND ? "on-demand" : k == OPT_RESERVED ? "reserved"
                                                                            : "spot");
        ck_assert_msg(strstr(sec, want) != NULL, "no %s", want);
    }
    ck_assert_int_gt(rings, 0); /* the default owns its way past the cloud */
    /* the chart: four curves of T + 1 points, the rings, the last month */
    const char *c = strstr(sec, "id=\"chart-horizon\"");
    ck_assert_ptr_nonnull(c);
    const char *end = strstr(c, "</svg>");
    ck_assert_uint_eq(count(c, "class=\"crossover break-even\"") -
                          count(end, "class=\"crossover break-even\""),
                      (size_t)rings);
    /* the key rings the break-even months the chart rings, and no more:
     * "owning never breaks even with spot" has no ring beside it */
    ck_assert_uint_eq(count(c, "r=\"4.5\" class=\"crossover\"") -
                          count(end, "r=\"4.5\" class=\"crossover\""),
                      (size_t)rings);
    ck_assert_int_lt(rings, OPT_COUNT - 1); /* the default has a "never" */
    ck_assert_ptr_nonnull(strstr(c, ">36</text>"));
    ck_assert(strstr(c, "<figcaption>") > end);
    size_t curves = 0;
    for (const char *p = strstr(c, "<path class=\"curve "); p && p < end;
         p = strstr(p + 1, "<path class=\"curve ")) {
        const char *pe = strstr(p, "/>");
        size_t pts = 1;
        for (const char *q = strstr(p, " L"); q && q < pe; q = strstr(q + 1, " L"))
            pts++;
        ck_assert_uint_eq(pts, 37);
        curves++;
    }
    ck_assert_uint_eq(curves, 4);
    free(h);
}
END_TEST

/* Reports take results, not inputs: every format shows the horizon it is
 * handed (here an NPV, break-even months and a cumulative spend no
 * scenario gives) and never evaluates the horizon again; so do both
 * cumulative-spend charts, the text one and the SVG. */
START_TEST(reports_show_the_horizon_they_are_given)
{
    Scenario s;
    scenario_default(&s);
    ReportResults rr;
    report_results_compute(&rr, &s);
    HorizonResult *h = &rr.horizon.result;
    ck_assert_int_ge(h->months, 47);
    /* the planted figures are not the scenario's own */
    ck_assert(h->npv[OPT_ONPREM] != 8765432);
    ck_assert_int_ne(h->break_even[OPT_SPOT], 43);
    ck_assert_int_ne(h->discounted_break_even[OPT_SPOT], 47);
    ck_assert(rr.horizon.cum[OPT_SPOT][h->months] < 5e7);
    h->npv[OPT_ONPREM] = 8765432;
    h->break_even[OPT_SPOT] = 43;
    h->discounted_break_even[OPT_SPOT] = 47;
    /* the months owning is ahead, which the reports word (DESIGN 2.7) */
    h->ahead[OPT_SPOT] = (HorizonSpans){1, {{43, h->months}}};
    h->discounted_ahead[OPT_SPOT] = (HorizonSpans){1, {{47, h->months}}};
    rr.horizon.cum[OPT_SPOT][h->months] = 98765432.5;
    Report rep = report_of(&s, &rr, "2026-01-02");
    static const struct {
        ExportFormat f;
        const char *want;
    } rows[] = {
        {EXPORT_TEXT, "8,765,432 USD\n"},
        {EXPORT_TEXT, "Owning against spot: break-even month 43, discounted month 47"},
        {EXPORT_TEXT, "100M|"},  /* the chart's top tick, over the planted spend */
        {EXPORT_TEXT, " s m43"}, /* the chart's break-even legend */
        {EXPORT_MD, "| On-prem | 8,765,432 |\n"},
        {EXPORT_MD, "| Spot | month 43 | month 47 |"},
        {EXPORT_MD, " s m43"},
        {EXPORT_JSON, "\"onprem\":\t8765432,"},
        {EXPORT_JSON, "\"spot\":\t43\n"},
        {EXPORT_JSON, "\"spot\":\t47\n"},
        {EXPORT_JSON, ", 98765432.5]"},
        {EXPORT_HTML, "On-prem</td><td class=\"n\">8,765,432</td>"},
        {EXPORT_HTML, "<td>month 43</td><td>month 47</td>"},
        {EXPORT_HTML, ">spot: month 43</text>"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        StrBuf b = STRBUF_INIT;
        export_any(rows[i].f, &rep, &b);
        ck_assert_msg(strstr(sb_str(&b), rows[i].want) != NULL, "%s: no '%s'",
                      export_format_name(rows[i].f), rows[i].want);
        sb_free(&b);
    }
    report_results_free(&rr);
}
END_TEST

/* Printing (DESIGN 4.2: nothing split across pages): every heading is kept
 * with the block under it, and the inputs list the scenario's own fields,
 * with keys that wrap between their words; the hybrid plan's are in its
 * own section, and not listed at all without a plan. */
START_TEST(print_groups_and_inputs)
{
    Scenario s;
    scenario_default(&s);
    char *h = html_of(&s);
    static const char *const kept[] = {
        "<div class=\"keep\">\n<h2>Options</h2>\n<table id=\"options\">",
        "<div class=\"keep\">\n<h2>Monthly breakdown</h2>\n<table",
        "<div class=\"keep\">\n<h2>Cost against utilization</h2>\n<figure>",
        "<div class=\"keep\">\n<h2>Horizon</h2>\n<p>",
        "<div class=\"keep\">\n<h2>Inputs</h2>\n<h3>Hardware</h3>\n<table",
        "<div class=\"keep\">\n<h3>Facility</h3>\n<table"};
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        ck_assert_msg(strstr(h, kept[i]) != NULL, "no %s", kept[i]);
    ck_assert_uint_eq(count(h, "<h2>") + count(h, "<h3>"),
                      count(h, "<div class=\"keep\">") + 1); /* Inputs and Hardware share one */
    ck_assert_uint_eq(count(h, "<div"), count(h, "</div>"));
    ck_assert_ptr_nonnull(strstr(h, "@media print{"));
    ck_assert_ptr_nonnull(strstr(h, ".keep,"));
    ck_assert_ptr_nonnull(strstr(h, "<code>hardware.<wbr>maintenance_<wbr>pct_<wbr>"
                                    "per_<wbr>year</code>"));
    ck_assert_ptr_null(strstr(h, "<code>hybrid."));
    ck_assert_ptr_nonnull(strstr(h, "<td class=\"n text\">"));
    free(h);
    load("logistics-hybrid", &s);
    h = html_of(&s);
    ck_assert_ptr_null(strstr(h, "<code>hybrid."));
    ck_assert_ptr_nonnull(strstr(h, "<div class=\"keep\">\n<h2>Hybrid plan</h2>"));
    free(h);
}
END_TEST

static Suite *html_suite(void)
{
    Suite *s = suite_create("html");
    TCase *t = tcase_create("report");
    tcase_add_test(t, escapes_markup_and_controls);
    tcase_add_test(t, svg_numbers);
    tcase_add_test(t, default_page);
    tcase_add_test(t, one_colour_one_meaning);
    tcase_add_test(t, horizon_labels_clear_of_curves);
    tcase_add_test(t, scenario_text_is_escaped);
    tcase_add_test(t, hybrid_page);
    tcase_add_test(t, hybrid_optimum_off_the_axes);
    tcase_add_test(t, risk_page_reads_as_words);
    tcase_add_test(t, not_allowed_options);
    tcase_add_test(t, horizon_page);
    tcase_add_test(t, reports_show_the_horizon_they_are_given);
    tcase_add_test(t, print_groups_and_inputs);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(html_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
