/* measure_report.h: what `gpuplan measure` prints (DESIGN 10): the
 * utilization line first, then the window, the capacity, the records read
 * and skipped, the GPUs held hour by hour, the week-by-hour profile and
 * the groups; as text, or as one JSON document.
 *
 * The figures come from a MeasureResult the caller computed; this module
 * only words them. Numbers always use '.'. */
#ifndef GPUPLAN_MEASURE_REPORT_H
#define GPUPLAN_MEASURE_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "measure.h"
#include "strbuf.h"

typedef struct MeasureReport {
    const MeasureResult *r;
    const char *generator;       /* "gpuplan 0.2.0" */
    const char *capacity_source; /* "--gpus", "the node list", ... */
    const char *zone;            /* the time zone local times are in */
    const char *group_by;        /* "partition", "qos", ... */
    const MeasureFile *files;
    size_t file_count;
    uint64_t records, steps, malformed, nodes;
} MeasureReport;

/* Append the text report to b: the first line `utilization.measured_pct =
 * X`, then, with activity, `utilization.active_pct = Y`, then the rest. */
void measure_report_text(const MeasureReport *m, StrBuf *b);

/* Append the JSON document to b (full precision; null where a figure does
 * not exist). */
void measure_report_json(const MeasureReport *m, StrBuf *b);

#endif
