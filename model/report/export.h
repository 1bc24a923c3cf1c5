/* export.h: reports and exports of an evaluated scenario (DESIGN 4).
 *
 * Each exporter reads a Report (report.h: the scenario and the results the
 * caller computed once) and appends its format to a StrBuf; the caller
 * writes it out (stdout, or atomic_write_file for -o). No exporter runs the
 * engine or the simulation. Numbers always use '.'. */
#ifndef GPUPLAN_EXPORT_H
#define GPUPLAN_EXPORT_H

#include "fields.h"
#include "numfmt.h"
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

/* DESIGN 4.3: one row per option (export_csv.c). */
void export_csv(const Report *rep, StrBuf *b);

/* Append one CSV field, RFC 4180: quoted when it holds a comma, a quote,
 * CR or LF, with quotes doubled. (The DESIGN 4.3 columns are numbers and
 * keys; any text column goes through here.) */
void export_csv_field(StrBuf *b, const char *s);

/* DESIGN 4.2: the HTML report, one self-contained page (inline CSS and SVG,
 * no script, nothing fetched); export_html.c. */
void export_html(const Report *rep, StrBuf *b);

/* The HTML report's style sheet (screen and print), one palette for every
 * page gpuplan writes: the comparison's page uses it too. */
extern const char export_html_css[];

/* The HTML report's sections in files of their own: the hybrid plan
 * (export_html_hybrid.c) and risk (export_html_risk.c), appended to b. */
void export_html_hybrid(const Scenario *s, const HybridResult *h, StrBuf *b);
void export_html_risk(const Scenario *s, const RiskResult *k, StrBuf *b);

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

/* Dispatch on f (export.c, with the format names and export_risk). */
void export_any(ExportFormat f, const Report *rep, StrBuf *b);

/* --- The wording the exporters share (export_words.c) ------------------------
 * Each format writes its own markup around these; none calls another
 * format's file, nor the dispatch above. */

/* The minus sign of format f's numbers (DESIGN 8, "One minus sign"):
 * U+2212 in Markdown and HTML, read by people in a browser or a renderer;
 * ASCII '-' in text (plain ASCII for any terminal, mail or printer), CSV
 * and JSON (read back by programs). Every exporter sets it for its thread
 * while it writes (num_minus_set) and then puts the caller's back, so a
 * report written from the planner is the same as one from the command
 * line. */
NumMinus export_minus(ExportFormat f);

/* The width of the text reports' prose (DESIGN 4.2). */
#define EXPORT_TEXT_WIDTH 78

/* Append text wrapped at EXPORT_TEXT_WIDTH, one line per line of text
 * ('\n' starts a new one) and more where a line is too long, every line
 * starting with indent but the first, which starts with first (of the same
 * width). Words are split at blanks, runs of which count as one; a word
 * longer than the width stands alone on its line, uncut. Widths are
 * counted in bytes, so a line holding non-ASCII text wraps early, never
 * late. Ends with a newline. */
void export_wrap(StrBuf *b, const char *first, const char *indent, const char *text);

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

/* A field's value as the reports show it: yes/no, text as it is, numbers
 * as num_format_value writes them (thousands grouped from 1,000), the unit
 * after them with "$" as the scenario's currency ("4 nodes", "310,000
 * USD", "3.93 USD/GPU-h"); a 0 that means more than none says what
 * ("0: the hardware lifetime, 48 months"). */
void export_field_value(const Field *f, const Scenario *s, char *buf, size_t n);

/* "month 27" for a break-even month m > 0, "never" for 0 (none). */
void export_month_text(int m, char *buf, size_t n);

/* Owning against cloud option k over the horizon h (DESIGN 2.7), as every
 * report says it: the break-even ("month 27", or "never (cheaper from
 * month 10 to 11, dearer after)"), the discounted break-even the same
 * way, and the IRR ("40.52% a year", every rate and the MIRR when the
 * flows change sign more than once). Each buffer of n bytes. */
void export_owning_text(const HorizonResult *h, CostOption k, char *be,
                        char *dbe, char *irr, size_t n);

/* The footing of the rates (DESIGN 2.7): "Rates a year are (1 + monthly
 * rate)^12 - 1, as the monthly discounting compounds: on that footing the
 * 7% cost of capital is 7.23%." */
void export_rates_note(const HorizonResult *h, char *buf, size_t n);

/* The reserved option's commitment past the horizon (DESIGN 2.9), as every
 * report says it: "Reserved (Savings Plan, no upfront, 36-month terms): the
 * last term runs 24 months past the horizon; 2,203,315 USD of it is still
 * owed after month 48 (not in the NPV: the capacity is used then)." False,
 * with buf empty, when no term runs past the horizon. */
bool export_commitment_text(const Scenario *s, const HorizonResult *h,
                            char *buf, size_t n);

/* "12.5 min", or "-" when minutes is not finite (no on-prem jobs). */
void export_wait_text(double minutes, char *buf, size_t n);

/* A signed amount with thousands separators and `decimals` digits:
 * "+20,477.88", "-1,234" ("+" for zero). */
void export_signed_money(double v, int decimals, char *buf, size_t n);

/* Option k's monthly cost against the cheapest option's, as the options
 * table shows it: "+4,726.54 (+7.7%)"; `cheapest` ("-", "cheapest") for
 * the cheapest option itself. */
void export_vs_cheapest(const CostResult *r, CostOption k, const char *cheapest,
                        char *buf, size_t n);

/* Append cloud option k's crossovers in words (DESIGN 2.3): "On-demand:
 * 35.9% (on-prem is cheaper above it)", or "Reserved: none (on-prem is
 * cheaper at every utilization)". */
void export_crossover_words(const CostResult *r, CostOption k, StrBuf *b);

/* Append "Useful GPU-hours a month: 16,352 (32 GPUs x 730 h x 70%)." */
void export_useful_hours(const Scenario *s, const CostResult *r, StrBuf *b);

/* Append risk's decision figure now (DESIGN 2.8): "The decision figure is
 * on-prem's monthly cost minus the cheapest cloud option's (spot): +4,726.54
 * USD a month now (...). Crossover of on-prem and spot: 76.0%." */
void export_risk_decision(const Scenario *s, const Tornado *t, StrBuf *b);

/* Append what the Monte Carlo drew: "10,000 draws of 7 inputs (seed 1; 0
 * rejected for breaking a cross-field rule)." */
void export_mc_draws(const Scenario *s, const MonteCarlo *mc, StrBuf *b);

/* Append the Monte Carlo's answer: how often owning is the cheapest, and
 * where Δ lies in 8 draws out of 10 (P10 to P90). */
void export_mc_summary(const Scenario *s, const MonteCarlo *mc, StrBuf *b);

/* Append a user's string (a name, a file name, a warning) as the text of a
 * Markdown table cell or list item: '<', '>', '&' as entities, Markdown's
 * specials escaped, a line break as a blank (DESIGN 4.2). */
void export_md_cell(StrBuf *b, const char *s);

/* The same for text of several lines (the notes): line breaks are kept,
 * and no line can open a heading, a quote or a list. */
void export_md_text(StrBuf *b, const char *s);

/* A piece of advice's heading in words ("Utilization below 60%"); the
 * JSON keeps the code (cost_advice_key). */
const char *export_advice_title(AdviceCode c);

/* The hybrid plan's summary (DESIGN 6), one line each in this order; the
 * reports set the total in bold. */
enum {
    EXPORT_HYBRID_ONPREM,     /* "On-prem: 3 nodes, 81.2% utilization, ..." */
    EXPORT_HYBRID_CLOUD,      /* "Cloud: ... (on-demand ..., spot ..., fixed ...)" */
    EXPORT_HYBRID_UNSERVED,   /* "Unserved at the end of the period: none" */
    EXPORT_HYBRID_WORK,       /* "Work: ... GPU-hours = on-prem ... + ..." */
    EXPORT_HYBRID_COMMIT,     /* "Commitment from the load: ..." */
    EXPORT_HYBRID_SCHEDULING, /* "Scheduling: strict order, ..." */
    EXPORT_HYBRID_TOTAL,      /* "Total: 72,011.37 USD" */
    EXPORT_HYBRID_ALL_CLOUD,
    EXPORT_HYBRID_ALL_ONPREM,
    EXPORT_HYBRID_OPTIMUM,
    EXPORT_HYBRID_SIZES,      /* "Sizes simulated: 27 of 1,025 (...)", or empty */
    EXPORT_HYBRID_LINES
};

/* Append line i (EXPORT_HYBRID_*) of h's summary, s being the scenario of
 * the plan (its currency and scheduling); nothing for another i, nor for
 * a line that does not apply (EXPORT_HYBRID_SIZES when every size ran). */
void export_hybrid_line(const Scenario *s, const HybridResult *h, int i, StrBuf *b);

#endif
