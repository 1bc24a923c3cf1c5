/* chart_compare.h: two to four scenarios in one cost chart (DESIGN 11.3),
 * drawn into a curses-free Canvas for the text and Markdown comparison
 * and the planner's :compare.
 *
 * Cost per useful GPU-hour against utilization, as the report's chart
 * (chart.h), with each scenario's on-prem curve (A, B, C, D) against the
 * cloud curves: a cloud curve every scenario shares is drawn once with its
 * option's letter (d, r, s); a cloud curve that differs is drawn for each
 * scenario with a letter of its own, listed in the key. ASCII letters on
 * every canvas. */
#ifndef GPUPLAN_CHART_COMPARE_H
#define GPUPLAN_CHART_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "canvas.h"
#include "compare.h"
#include "cost.h"
#include "scenario.h"

/* What the chart draws: the scenarios and which cloud curves they share
 * (compare_evaluate's cloud_shared). Pointers are borrowed. */
typedef struct CompareChart {
    size_t count; /* COMPARE_MIN..COMPARE_MAX */
    const Scenario *scenario[COMPARE_MAX];
    const CostResult *cost[COMPARE_MAX];
    bool cloud_shared[OPT_COUNT];
} CompareChart;

/* The letter of scenario i's curve of option o: on-prem 'A' + i; a
 * shared cloud curve its option's letter (d, r, s); a cloud curve of the
 * scenario's own the next letters: on-demand d e f g, reserved r t v x,
 * spot s u w y. */
char chart_compare_letter(const CompareChart *cc, size_t i, CostOption o);

/* Draw the chart over the whole canvas (its size is the chart's, key
 * included). A canvas too short for the whole key and 4 plot rows gets
 * the key without the covered stretches (the letters on the plot still
 * mark them), else the curves' letters alone. Never fails: a canvas too
 * small gets a short note instead. */
void chart_compare_render(Canvas *c, const CompareChart *cc);

#endif
