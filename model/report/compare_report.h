/* compare_report.h: `gpuplan diff` and `gpuplan compare` as text,
 * Markdown, HTML, JSON and CSV (DESIGN 11), and the wording their formats
 * share.
 *
 * As with the report (report.h), the caller evaluates each scenario once
 * and hands the figures over in a CompareEntry; nothing here runs the
 * engine or the simulation. What differs and what moves come from the pure
 * model (scenario_diff.h, result_diff.h, compare.h); these files only put
 * them into words and markup. */
#ifndef GPUPLAN_COMPARE_REPORT_H
#define GPUPLAN_COMPARE_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "compare.h"
#include "export.h"
#include "result_diff.h"
#include "scenario_diff.h"
#include "strbuf.h"

/* One scenario of a diff or a comparison: what the user named it and its
 * figures. Every pointer is borrowed. */
typedef struct CompareEntry {
    const char *file;              /* the path or shipped name given */
    const Scenario *scenario;
    const CostResult *cost;        /* cost_evaluate(scenario) */
    const HorizonFigures *horizon; /* horizon_evaluate(scenario), with the
                                      cumulative spend */
    const HybridResult *hybrid;    /* NULL without a hybrid plan */
} CompareEntry;

/* `gpuplan diff` in format f (text, md or json; another format gives
 * text): both verdicts, every input that differs from `from` to `to`, every
 * result that moves (DESIGN 11.1, 11.2). generator: "gpuplan 0.2.0". */
void export_diff(ExportFormat f, const CompareEntry *from, const CompareEntry *to,
                 const char *generator, StrBuf *b);

/* `gpuplan compare` in format f: e[0..n) side by side (DESIGN 11.3), n
 * from COMPARE_MIN to COMPARE_MAX; dated `date` (YYYY-MM-DD). */
void export_compare(ExportFormat f, const CompareEntry *e, size_t n, const char *date,
                    const char *generator, StrBuf *b);

/* The formats' own files: the diff as text or md (export_diff.c) and as
 * JSON (export_diff_json.c); the comparison as text or md
 * (export_compare.c), as JSON or CSV (export_compare_data.c) and as HTML
 * (export_compare_html.c). c is compare_evaluate's result for e. */
void export_diff_text(const CompareEntry *from, const CompareEntry *to, bool md,
                      StrBuf *b);
void export_diff_json(const CompareEntry *from, const CompareEntry *to,
                      const char *generator, StrBuf *b);
void export_compare_text(const CompareEntry *e, const Comparison *c, const char *date,
                         bool md, StrBuf *b);
void export_compare_json(const CompareEntry *e, const Comparison *c, const char *date,
                         const char *generator, StrBuf *b);
void export_compare_csv(const CompareEntry *e, const Comparison *c, StrBuf *b);
void export_compare_html(const CompareEntry *e, const Comparison *c, const char *date,
                         const char *generator, StrBuf *b);

/* --- The wording the formats share (compare_words.c) ------------------------- */

/* The inputs of e into the form the model compares. */
CompareInput compare_input_of(const CompareEntry *e);
ResultSide result_side_of(const CompareEntry *e);

/* The title of the group an input difference belongs to, from its YAML
 * section: "Scenario" (the top level), "Hardware", ..., "Hybrid plan",
 * "Uncertainty". */
const char *diff_group(const InputDiff *d);

/* What differs, in words: "Nodes", "Workload 'nightly': GPUs", "Input
 * utilization.measured_pct: Low", "Workload 'burst'", "Workloads",
 * "Hybrid plan". Appended to b. */
void diff_what(const InputDiff *d, const Scenario *from, const Scenario *to, StrBuf *b);

/* The key of what differs, as --set names it: "hardware.nodes",
 * "hybrid.workloads[2].gpus" (the item's index in `to`, or in `from` when
 * it was removed), "hybrid.workloads[2]", "hybrid.workloads", "hybrid". */
void diff_key(const InputDiff *d, StrBuf *b);

/* One side of a difference, in words (the old side with new_side false):
 * a value with its unit ("4 nodes", "310,000 USD", "'H100 SXM'"), "not
 * given", a long text as its length ("2,412 characters"); for an item,
 * "added: 6 jobs/day, 4 GPUs, ..." on the side that has it and "-" on the
 * other; for a list's order, its items' names; for a section, "given" or
 * "not given". Values that show alike but differ are shown exactly. */
void diff_side(const InputDiff *d, bool new_side, const Scenario *from, const Scenario *to,
               StrBuf *b);

/* A result's name in a table: "Monthly cost, on-prem", "Crossover,
 * spot", "IRR of owning against spot". Appended to b. */
void result_what(const ResultMove *m, StrBuf *b);

/* One side of a moved result, in words: money with separators (NPV
 * without cents), "month 27" or "never", "12.50%" or "none", an option,
 * a zone, "yes"/"no", a crossover cell (compare_cross_cell), the advice's
 * titles. */
void result_side(const ResultMove *m, bool new_side, StrBuf *b);

/* The change of a moved money or work result: "+4,726.54 (+7.7%)";
 * for the advice "added: ...; removed: ..."; empty for the others. */
void result_change(const ResultMove *m, StrBuf *b);

/* A crossover in a table cell, where on-prem is the cheaper: "above
 * 35.9%", "below 64.2%", "<20.0% >80.0%" (below the first and above the
 * second), "30.0-70.0%" (between), "always", "never", "equal" (no point).
 * Returns buf. */
char *compare_cross_cell(const Crossover *c, char *buf, size_t n);

/* The notes of a comparison (COMPARE_* of c->notes) as sentences, each
 * appended to b followed by `sep`, with the scenarios' labels and values
 * ("The GPU models differ (A: H100 SXM, B: B200): ..."). */
void compare_notes(const CompareEntry *e, const Comparison *c, const char *sep, StrBuf *b);

/* "A: spot, 45,597.64 USD a month" style sentence naming the cheapest
 * option over all scenarios, or why there is none. Appended to b. */
void compare_cheapest_text(const CompareEntry *e, const Comparison *c, StrBuf *b);

/* --- The comparison's table (compare_table.c) --------------------------------
 * The rows the text, Markdown and HTML comparisons show, in order: a
 * heading row, then its rows, each with one cell a scenario. */

#define COMPARE_ROWS_MAX 40
#define COMPARE_CELL_BYTES 48

/* How a cell is marked: the cheapest option over all the scenarios, or
 * an option that is not allowed (compliance forbids the cloud). */
typedef enum CompareMark { MARK_NONE, MARK_CHEAPEST, MARK_NOT_ALLOWED } CompareMark;

typedef struct CompareRow {
    bool heading;   /* a heading row: label only */
    char label[80]; /* "On-prem", or the heading "Monthly cost (USD)" */
    CostOption option; /* the option the row is about; OPT_COUNT for none */
    bool figure;    /* the cells are figures (right-aligned) */
    char cell[COMPARE_MAX][COMPARE_CELL_BYTES];
    CompareMark mark[COMPARE_MAX];
} CompareRow;

/* The table of e[0..c->count) into rows (room for COMPARE_ROWS_MAX);
 * returns the number of rows: the monthly costs, the costs per useful
 * GPU-hour, the crossovers, the horizon's length, the NPVs, the
 * break-even months and IRRs of owning, and each scenario's own cheapest
 * option with its distance to the cheapest of all. */
size_t compare_table(const CompareEntry *e, const Comparison *c, CompareRow *rows);

#endif
