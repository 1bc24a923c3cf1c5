/* chart_svg_risk.h: the risk charts of DESIGN 2.8 as inline SVG for the
 * HTML report (DESIGN 4.2): the tornado, drawn from the same Tornado as
 * the text chart (chart_tornado.h), and the Monte Carlo's histogram, drawn
 * from the same bins as the text report's. */
#ifndef GPUPLAN_CHART_SVG_RISK_H
#define GPUPLAN_CHART_SVG_RISK_H

#include "risk.h"
#include "strbuf.h"

/* One row per input in rank order: its key and range, a bar from the base
 * Δ to Δ with the input at its low value and, below it, one to Δ at its
 * high value, each with its figure beyond its end on a line of its own;
 * the base Δ and Δ = 0 as vertical lines. Low and high have colours of
 * their own (classes bar-low, bar-high), never an option's. id
 * "chart-tornado", CHART_SVG_WIDTH units wide. */
void chart_svg_tornado(StrBuf *b, const Tornado *t, const char *currency);

/* The Monte Carlo's histogram of Δ (mc->edges, mc->counts): a bar per bin,
 * in on-prem's colour where owning is the cheaper (Δ < 0) and in the
 * colour of the cloud option x̂ where it is not, the P10, P50 and P90
 * marked and labelled, and Δ = 0 when it is in range. id
 * "chart-histogram", CHART_SVG_WIDTH units wide. */
void chart_svg_histogram(StrBuf *b, const MonteCarlo *mc, const char *currency);

#endif
