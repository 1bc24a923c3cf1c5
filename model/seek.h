/* seek.h: goal seek, the value of one input at which owning and a cloud
 * option cost the same (DESIGN 2.8).
 *
 * D(v) = Lev_onprem − Lev_x at the measured utilization with field K at v,
 * everything else as given (costs from risk_costs, risk.h). Closed form
 * where D is linear in K over K's range (checked on the figures: the
 * midpoint lies on the chord and the root evaluates to zero); otherwise the
 * sign of D is scanned at 256 points over the range (log-spaced when it
 * spans more than three decades) and the sign change nearest the current
 * value is refined by bisection to 1e-9 relative. Values that break a
 * cross-field rule are not candidates. Pure, no allocation; the caller owns
 * the work scenario. */
#ifndef GPUPLAN_SEEK_H
#define GPUPLAN_SEEK_H

#include <stdbool.h>
#include <stddef.h>

#include "cost.h"
#include "fields.h"
#include "scenario.h"

#define SEEK_POINTS 256

typedef enum SeekOutcome {
    SEEK_ROOT,       /* value is where the two costs meet */
    SEEK_NONE,       /* no value in the range: see d_lo, d_hi */
    SEEK_EVERYWHERE  /* the two cost the same at every value */
} SeekOutcome;

typedef struct SeekResult {
    SeekOutcome outcome;
    bool closed_form;    /* the root came from the linear form */
    double value;        /* the root (SEEK_ROOT), else NAN */
    double current;      /* K's value in the scenario as given */
    double lo, hi;       /* the range searched (K's registry range) */
    double d_lo, d_hi;   /* D at both ends; NAN when an end breaks a rule */
    double onprem, option; /* the two costs at the root (SEEK_ROOT) */
    double onprem_now, option_now; /* and in the scenario as given */
    size_t evaluations;  /* engine calls made */
} SeekResult;

/* True when goal seek can vary f: a number field (int, number, percent or
 * money) of the registry. */
bool seek_can_vary(const Field *f);

/* Solve D(v) = 0 for field f (seek_can_vary) of s (valid) against cloud
 * option x (on_demand, reserved or spot). *work is scratch (it holds s on
 * return). Fills *r; never fails. */
void seek_solve(const Scenario *s, const Field *f, CostOption x,
                Scenario *work, SeekResult *r);

/* Whether field f can change the costs seek compares (on-prem's and
 * option x's) at all: false when both stay what they are in s at every
 * point of the scan over f's range that keeps the rules (a latency budget,
 * a measurement period, the reserved term against spot). *work is
 * scratch, as for seek_solve. */
bool seek_moves_costs(const Scenario *s, const Field *f, CostOption x,
                      Scenario *work);

/* The sentence for an outcome other than SEEK_ROOT: "on-prem stays dearer
 * than spot for every value of node price from 0 to 1,000,000,000,000".
 * Returns buf. */
char *seek_no_root_text(const Field *f, CostOption x, const SeekResult *r,
                        char *buf, size_t n);

/* The sentences for SEEK_ROOT: "At K = V, on-prem and on-demand both cost
 * N CUR a month at 50% utilization.\nNow, at C, on-prem costs A and
 * on-demand B." and, for a whole-number field whose root is not whole,
 * between which two values the cheaper side changes. Lines separated by
 * '\n', no final one. Writes at most n bytes; returns buf. */
char *seek_root_text(const Scenario *s, const Field *f, CostOption x,
                     const SeekResult *r, char *buf, size_t n);

#endif
