/* commitment.h: a commitment as AWS sells it (DESIGN 2.9): the rate the
 * committed GPUs are billed at, the share of each term paid at its start,
 * and whether it binds for a term at all.
 *
 * Savings Plans and Reserved Instances are an hourly commitment for a term
 * (AWS sells 1 and 3 years) paid with no, partial or all upfront; Capacity
 * Blocks are windows of up to 182 days paid in full when booked; On-Demand
 * Capacity Reservations bill the reserved capacity at the on-demand rate
 * and can be cancelled at any time. Pure: no I/O, no allocation. */
#ifndef GPUPLAN_COMMITMENT_H
#define GPUPLAN_COMMITMENT_H

#include <stdbool.h>

#include "scenario.h"

/* Longest capacity block AWS books, in whole months (182 days). */
#define COMMITMENT_BLOCK_MONTHS_MAX 6

/* The rate a committed GPU-hour is billed at, before the managed premium:
 * cloud.reserved_gpu_hour, or cloud.on_demand_gpu_hour for a capacity
 * reservation. */
double commitment_rate(const Cloud *c);

/* The share of each term paid at the term's start: 0, 0.5 or 1 by
 * reserved_payment for a Savings Plan or Reserved Instance, 1 for a
 * capacity block (prepaid), 0 for a capacity reservation. */
double commitment_upfront_share(const Cloud *c);

/* True when the commitment binds for reserved_term_months at the price of
 * its first month; false for a capacity reservation, billed each month at
 * that month's on-demand price and cancelled at will. */
bool commitment_has_term(const Cloud *c);

/* Names for the reports: "Savings Plan", "Reserved Instance", "capacity
 * blocks", "capacity reservation"; "no upfront", "partial upfront", "all
 * upfront". */
const char *commitment_kind_words(const Cloud *c);
const char *commitment_payment_words(const Cloud *c);

#endif
