/* risk_live.h: the Risk panel's Monte Carlo, computed beside the input
 * loop and progressively (DESIGN 2.8, 8, 9).
 *
 * While the Risk panel shows, every change of the scenario on screen (a
 * value being typed included) starts the Monte Carlo again on a worker
 * (background.h): first the first RISK_LIVE_FIRST draws of the stream,
 * then eight times as many at each stage, up to all of them. The figures of a stage replace those shown as it
 * finishes; until the last stage has, they are marked as refining ("500
 * of 10,000 draws"). The last stage is risk_monte_carlo() on the same
 * scenario with the same seed as `gpuplan risk`, so its figures are the
 * command's. A keystroke never waits for a draw; an idle planner computes
 * nothing (the worker sleeps, the loop waits in poll() with no timeout). */
#ifndef GPUPLAN_RISK_LIVE_H
#define GPUPLAN_RISK_LIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "planner.h"

/* Draws of the first stage. */
#define RISK_LIVE_FIRST 500

/* Lines risk_live_lines gives, the first RISK_LIVE_LEAD of them the
 * figures (the last says the draws), and their size. */
#define RISK_LIVE_LINES 4
#define RISK_LIVE_LEAD 3
#define RISK_LIVE_WIDTH 448

/* Before each draw of the loop: when the Risk panel shows a scenario
 * (a->shown) other than the one computed, start over (its first stage
 * goes to the worker in risk_live_start). Returns what to redraw. */
Reaction risk_live_sync(App *a);

/* After the screen is drawn: submit the stage risk_live_sync set aside,
 * so that a keystroke's screen never waits for the worker to start. */
void risk_live_start(App *a);

/* The loop was woken by background work (TERM_EV_WAKE) and drained the
 * wake pipe: take a finished stage and start the next. Returns what to
 * redraw. */
Reaction risk_live_wake(App *a);

/* The Risk panel's lines for the results box: P(owning is cheapest), the
 * P10-P90 of the decision metric and of the crossover, the draws (or why
 * there are no figures). Returns how many (0 off the Risk panel); *refining
 * is true while the figures are not yet those of every draw of the
 * scenario shown, or are stale: those of the last valid value while the
 * value being typed is refused (a->stale). */
int risk_live_lines(const App *a, char lines[][RISK_LIVE_WIDTH], int max,
                    bool *refining);

/* The rank correlation of each pair of uncertainty.correlations in the
 * draws of the figures shown (NAN for a pair drawn independently), in the
 * section's order; NULL while there are none for the scenario shown (not
 * computed yet, or those of another scenario, or stale). */
const double *risk_live_drawn(const App *a);

/* Stop the worker and free everything. */
void risk_live_free(App *a);

#endif
