/* export.h: reports and exports of an evaluated scenario (DESIGN 4).
 *
 * Each exporter reads a Report (report.h: the scenario and the results the
 * caller computed once) and appends its format to a StrBuf; the caller
 * writes it out (stdout, or atomic_write_file for -o). No exporter runs the
 * engine or the simulation. Numbers always use '.'. */
#ifndef GPUPLAN_EXPORT_H
#define GPUPLAN_EXPORT_H

#include "fields.h"
#include "report.h"
#include "strbuf.h"

typedef enum ExportFormat {
    EXPORT_TEXT,
    EXPORT_MD,
    EXPORT_JSON,
    EXPORT_CSV,
    EXPORT_HTML
} ExportFormat;

/* "text" (or "txt"), "md" (or "markdown"), "json", "csv", "html" -> format;
 * returns false for anything else. */
bool export_format_parse(const char *name, ExportFormat *out);
const char *export_format_name(ExportFormat f);

/* The format a report file's name asks for (DESIGN 3): ".md", ".html",
 * ".json", ".csv", ".txt" (any case) -> format; a name with no extension
 * (/dev/null, a pipe, "report") -> text, the default; false for any other
 * extension. EXPORT_EXTENSIONS lists them for a message. */
#define EXPORT_EXTENSIONS ".md, .html, .json, .csv or .txt"
bool export_format_from_path(const char *path, ExportFormat *out);

/* The extension a file of format f gets ("txt" for text), without the dot. */
const char *export_format_extension(ExportFormat f);

/* DESIGN 4.1: the JSON document, full precision numbers, null for n/a;
 * results.hybrid when rep->hybrid is given. */
void export_json(const Report *rep, StrBuf *b);

/* DESIGN 4.2: the text report (and Markdown with md = true), dated
 * rep->date (the caller honours SOURCE_DATE_EPOCH); the hybrid section when
 * rep->hybrid is given. */
void export_report(const Report *rep, bool md, StrBuf *b);

/* DESIGN 4.3: one row per option. */
void export_csv(const Report *rep, StrBuf *b);

/* Append one CSV field, RFC 4180: quoted when it holds a comma, a quote,
 * CR or LF, with quotes doubled. (The DESIGN 4.3 columns are numbers and
 * keys; any text column goes through here.) */
void export_csv_field(StrBuf *b, const char *s);

/* The rows of the numeric monthly breakdown every report shows (DESIGN 4.2):
 * the on-prem lines, the cloud-only lines, then the shared ones (staff,
 * other, opportunity), in the order of the chart's key. */
#define EXPORT_BREAKDOWN_ROWS LINE_COUNT
extern const CostLine export_breakdown_order[EXPORT_BREAKDOWN_ROWS];

/* "Capital", "Compute", ...: a breakdown line's name in a table. */
const char *export_line_label(CostLine l);

/* Whether option o has breakdown line l (on-prem: capital .. opportunity;
 * cloud: compute .. opportunity). */
bool export_line_applies(CostOption o, CostLine l);

/* A field's value as the reports show it: yes/no, money with thousands
 * separators from 1,000, the unit after it with "$" as the scenario's
 * currency ("4 nodes", "310,000 USD", "3.93 USD/GPU-h"). */
void export_field_value(const Field *f, const Scenario *s, char *buf, size_t n);

/* DESIGN 4.2: the HTML report, one self-contained page (inline CSS and SVG,
 * no script, nothing fetched); export_html.c. */
void export_html(const Report *rep, StrBuf *b);
/* DESIGN 2.8, 4.2: the Risk section of the text report (Markdown with md)
 * from rep->risk: the metric now, the tornado chart and table, the Monte
 * Carlo's probability, percentiles and histogram. Nothing when rep->risk is
 * NULL. */
void export_risk_section(const Report *rep, bool md, StrBuf *b);

/* DESIGN 4.3: the tornado rows, `key, low, high, delta_low, delta_high,
 * crossover_low, crossover_high` (empty cells for n/a). */
void export_risk_csv(const Report *rep, StrBuf *b);

/* `gpuplan risk` in format f: a titled Risk section (text, md), the JSON
 * report with results.risk (json), the tornado rows (csv). */
void export_risk(ExportFormat f, const Report *rep, StrBuf *b);

/* Dispatch on f. */
void export_any(ExportFormat f, const Report *rep, StrBuf *b);

#endif
