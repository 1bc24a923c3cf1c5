/* export.h: reports and exports of an evaluated scenario (SPEC 4).
 *
 * Each exporter appends its format to a StrBuf; the caller writes it out
 * (stdout, or atomic_write_file for -o). Numbers always use '.'. */
#ifndef GPUPLAN_EXPORT_H
#define GPUPLAN_EXPORT_H

#include "cost.h"
#include "scenario.h"
#include "strbuf.h"

typedef enum ExportFormat {
    EXPORT_TEXT,
    EXPORT_MD,
    EXPORT_JSON,
    EXPORT_CSV
} ExportFormat;

/* "text", "md", "json", "csv" -> format; returns false for anything else. */
bool export_format_parse(const char *name, ExportFormat *out);
const char *export_format_name(ExportFormat f);

/* SPEC 4.1: the JSON document, full precision numbers, null for n/a. */
void export_json(const Scenario *s, const CostResult *r, StrBuf *b);

/* SPEC 4.2: the text report (and Markdown with md = true). `date` is the
 * report date as YYYY-MM-DD (the caller honours SOURCE_DATE_EPOCH). */
void export_report(const Scenario *s, const CostResult *r, bool md,
                   const char *date, StrBuf *b);

/* SPEC 4.3: one row per option. */
void export_csv(const Scenario *s, const CostResult *r, StrBuf *b);

/* Append one CSV field, RFC 4180: quoted when it holds a comma, a quote,
 * CR or LF, with quotes doubled. (The SPEC 4.3 columns are numbers and
 * keys; any text column goes through here.) */
void export_csv_field(StrBuf *b, const char *s);

/* Dispatch on f. */
void export_any(ExportFormat f, const Scenario *s, const CostResult *r,
                const char *date, StrBuf *b);

#endif
