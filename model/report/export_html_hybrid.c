/* export_html_hybrid.c: the hybrid plan's section of the HTML report
 * (DESIGN 4.2, 6): the plan's inputs, its summary as the text report words
 * it, each workload's figures, the warnings and the chart. */
#include "config.h"

#include "export.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chart_svg.h"
#include "fields.h"
#include "numfmt.h"
#include "svg.h"

/* The plan's inputs: a sentence, then a table of the workloads. */
static void plan_inputs(const HybridPlan *p, StrBuf *b)
{
    char days[32], wait[32], idle[32], seed[32];
    field_format_double(p->days, days, sizeof days);
    field_format_double(p->max_wait_minutes, wait, sizeof wait);
    field_format_double(p->cloud_idle_minutes, idle, sizeof idle);
    field_format_double(p->seed, seed, sizeof seed);
    StrBuf line = STRBUF_INIT;
    sb_printf(&line, "Simulated %s days (seed %s), monthly figures. Burst jobs go to the "
              "cloud past a %s min wait; each cloud job also bills %s idle minutes.",
              days, seed, wait, idle);
    html_element(b, "p", NULL, sb_str(&line));
    sb_free(&line);
    sb_append(b, "\n<table id=\"hybrid-inputs\">\n<thead><tr><th>Workload</th>"
                 "<th>Arrivals</th><th class=\"n\">GPUs</th><th class=\"n\">Hours</th>"
                 "<th>Run</th><th>Cloud mode</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < p->workload_count; i++) {
        const HybridWorkload *w = &p->workloads[i];
        char gpus[32], hours[32];
        sb_append(b, "<tr>");
        html_element(b, "td", NULL, w->name);
        if (w->has_schedule) {
            sb_append(b, "<td><code>");
            html_text(b, w->schedule_text);
            sb_append(b, "</code></td>");
        } else {
            field_format_double(w->per_day, gpus, sizeof gpus);
            sb_append(b, "<td>");
            html_text(b, gpus);
            sb_append(b, " a day</td>");
        }
        field_format_double(w->gpus, gpus, sizeof gpus);
        field_format_double(w->hours, hours, sizeof hours);
        html_element(b, "td", "n", gpus);
        html_element(b, "td", "n", hours);
        html_element(b, "td", NULL, hybrid_run_key(w->run));
        html_element(b, "td", NULL, hybrid_mode_key(w->cloud_mode));
        sb_append(b, "</tr>\n");
    }
    sb_append(b, "</tbody>\n</table>\n");
}

/* The summary, worded as in the text report (export_hybrid_line). */
static void summary(const Scenario *s, const HybridResult *h, StrBuf *b)
{
    sb_append(b, "<ul id=\"hybrid-results\">\n");
    StrBuf line = STRBUF_INIT;
    for (int i = 0; i < EXPORT_HYBRID_LINES; i++) {
        sb_free(&line);
        export_hybrid_line(s, h, i, &line);
        if (!sb_str(&line)[0])
            continue; /* a line that does not apply */
        if (i == EXPORT_HYBRID_TOTAL) {
            sb_append(b, "<li><strong>");
            html_text(b, sb_str(&line));
            sb_append(b, "</strong></li>\n");
        } else {
            html_element(b, "li", NULL, sb_str(&line));
            sb_append(b, "\n");
        }
    }
    sb_free(&line);
    sb_append(b, "</ul>\n");
}

/* Each workload's jobs, share sent to the cloud and waits. */
static void workloads(const HybridPlan *p, const HybridResult *h, StrBuf *b)
{
    sb_append(b, "<table id=\"hybrid-workloads\">\n<thead><tr><th>Workload</th>"
                 "<th>Run</th><th class=\"n\">Jobs</th><th class=\"n\">To cloud</th>"
                 "<th class=\"n\">Mean wait</th><th class=\"n\">P95 wait</th></tr>"
                 "</thead>\n<tbody>\n");
    for (size_t i = 0; i < h->workload_count; i++) {
        const HybridWorkloadResult *w = &h->workloads[i];
        const char *run =
            i < p->workload_count ? hybrid_run_key(p->workloads[i].run) : "";
        char jobs[64], pct[32], d1[48], d2[48];
        num_format_money(w->jobs, 0, jobs, sizeof jobs);
        num_snprintf(pct, sizeof pct, "%.1f%%", w->to_cloud_pct);
        export_wait_text(w->wait_mean_minutes, d1, sizeof d1);
        export_wait_text(w->wait_p95_minutes, d2, sizeof d2);
        sb_append(b, "<tr>");
        html_element(b, "td", NULL, w->name);
        html_element(b, "td", NULL, run);
        html_element(b, "td", "n", jobs);
        html_element(b, "td", "n", pct);
        html_element(b, "td", "n", d1);
        html_element(b, "td", "n", d2);
        sb_append(b, "</tr>\n");
    }
    sb_append(b, "</tbody>\n</table>\n");
}

void export_html_hybrid(const Scenario *s, const HybridResult *h, StrBuf *b)
{
    sb_append(b, "<div class=\"keep\">\n<h2>Hybrid plan</h2>\n");
    plan_inputs(&s->hybrid, b);
    sb_append(b, "</div>\n");
    summary(s, h, b);
    workloads(&s->hybrid, h, b);
    if (h->warning_count) {
        sb_append(b, "<p>Warnings:</p>\n<ul class=\"warn\">\n");
        for (size_t i = 0; i < h->warning_count; i++) {
            html_element(b, "li", NULL, h->warnings[i]);
            sb_append(b, "\n");
        }
        sb_append(b, "</ul>\n");
    }
    sb_append(b, "<figure>\n");
    chart_svg_hybrid(b, h, s->currency);
    html_figcaption(b, "The plan's total monthly cost for each on-prem cluster size, "
                       "with the same jobs; the ring marks the cheapest size.");
}
