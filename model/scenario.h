/* scenario.h: the Scenario struct, the one in-memory form of a gpuplan scenario.
 *
 * Every field of DESIGN section 1 lives here as a plain value: numbers as double
 * (integers included, the registry checks they are whole), yes/no as bool, text
 * as a fixed, NUL-terminated UTF-8 buffer. No pointers, so a Scenario can be
 * copied with `=` (the planner's undo stack relies on it) and never needs
 * freeing. The field registry (fields.h) describes each member once. */
#ifndef GPUPLAN_SCENARIO_H
#define GPUPLAN_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

/* The schema version new files are written with (DESIGN 1), and the oldest
 * one that still loads (DESIGN 1.4). */
#define SCENARIO_VERSION 2
#define SCENARIO_VERSION_MIN 1

/* Text limits, in characters (UTF-8 code points). Buffers hold 4 bytes a
 * character plus the terminator. */
#define SCENARIO_NAME_MAX 80
#define SCENARIO_NOTES_MAX 4000
#define SCENARIO_SHORT_MAX 40
#define SCENARIO_TEXT_BYTES(n) (4 * (n) + 1)

#include "hybrid_plan.h"
#include "uncertainty_plan.h"

typedef struct Hardware {
    char gpu_model[SCENARIO_TEXT_BYTES(SCENARIO_SHORT_MAX)];
    double nodes;
    double gpus_per_node;
    double node_price;
    double network_per_node;
    double storage;
    double other_capex;
    double lifetime_months;
    double residual_pct;
    double maintenance_pct_per_year;
    double cost_of_capital_pct;
} Hardware;

typedef struct Facility {
    double node_power_max_kw;
    double node_power_busy_kw;
    double node_power_idle_kw;
    double pue;
    double power_price_kwh;
    double colo_per_kw_month;
    double network_monthly;
    double other_monthly;
} Facility;

typedef struct Staffing {
    double engineers;
    double salary_year;
    double share_pct;
    double cloud_engineers;
} Staffing;

typedef struct Utilization {
    double measured_pct;
    double measurement_weeks;
    double active_pct; /* share of the held GPU time that is busy (DESIGN 2.1) */
} Utilization;

/* How work beyond the committed GPU-hours is bought (DESIGN 2.2). */
typedef enum ReservedOverflow {
    OVERFLOW_ON_DEMAND,
    OVERFLOW_SPOT,
    OVERFLOW_COUNT
} ReservedOverflow;

/* What the committed rate buys, as AWS sells it (DESIGN 2.9). */
typedef enum CommitmentKind {
    COMMIT_SAVINGS_PLAN,         /* an hourly commitment for a term */
    COMMIT_RESERVED_INSTANCE,    /* the same, for one instance type */
    COMMIT_CAPACITY_BLOCK,       /* prepaid windows of up to 182 days */
    COMMIT_CAPACITY_RESERVATION, /* billed at on-demand rates, no term */
    COMMIT_COUNT
} CommitmentKind;

/* How a Savings Plan or Reserved Instance is paid (DESIGN 2.9). */
typedef enum CommitmentPayment {
    PAY_NO_UPFRONT,
    PAY_PARTIAL_UPFRONT, /* half of each term at its start */
    PAY_ALL_UPFRONT,
    PAY_COUNT
} CommitmentPayment;

typedef struct Cloud {
    char provider[SCENARIO_TEXT_BYTES(SCENARIO_SHORT_MAX)];
    char region[SCENARIO_TEXT_BYTES(SCENARIO_SHORT_MAX)];
    char instance[SCENARIO_TEXT_BYTES(SCENARIO_SHORT_MAX)];
    double on_demand_gpu_hour;
    double reserved_gpu_hour;
    double reserved_term_months;  /* length of one commitment */
    double reserved_coverage_pct; /* share of the fleet committed, billed 24/7 */
    int reserved_overflow; /* a ReservedOverflow (registry choices store int) */
    int commitment;        /* a CommitmentKind */
    int reserved_payment;  /* a CommitmentPayment */
    double spot_gpu_hour;
    double spot_goodput_pct;
    double spot_eligible_pct; /* share of the work that tolerates interruption */
    double billed_overhead_pct;
    double managed_premium_pct;
    double egress_tb_month;
    double egress_per_gb;
    double storage_tb;
    double storage_per_gb_month;
    double other_monthly;
} Cloud;

typedef struct Opportunity {
    double value_per_day;
    double onprem_delay_days_month;
    double cloud_delay_days_month;
} Opportunity;

typedef struct Constraints {
    bool compliance_forbids_cloud;
    double latency_budget_ms;
    double cloud_rtt_ms;
} Constraints;

/* The multi-year view (DESIGN 2.7); the defaults reproduce the steady state. */
typedef struct Horizon {
    double months;                      /* 0 = hardware.lifetime_months */
    double cloud_price_change_pct_year; /* every cloud compute price */
    double hardware_price_change_pct_year; /* refresh purchases */
    double ramp_months; /* utilization grows linearly from 0 over these */
    /* The refresh (DESIGN 2.10): each generation's price for the same
     * capacity against the one before, the months both estates run, and
     * how fast resale value falls early in life (0 = straight line). */
    double refresh_price_performance;
    double refresh_overlap_months;
    double resale_decline_pct_year;
} Horizon;

/* A job history the hybrid plan replays (DESIGN 10.8): the file, how its
 * jobs are grouped, and where each group runs. A group is written as a
 * workload's rules (name = the group, run, cloud_mode, priority,
 * max_wait_minutes, cloud_gpu_hour); its arrivals, GPUs and hours come
 * from the history. Part of the `hybrid:` section. */
#define TRACE_FILE_MAX 255 /* characters of the trace's file name */
#define TRACE_MAX_GROUPS 16
typedef struct HybridTrace {
    char file[SCENARIO_TEXT_BYTES(TRACE_FILE_MAX)]; /* "" = none */
    int group_by;     /* JobGroupBy's order: default, partition, account,
                       * qos, user, name */
    size_t group_count;
    HybridWorkload groups[TRACE_MAX_GROUPS];
} HybridTrace;

typedef struct Scenario {
    char name[SCENARIO_TEXT_BYTES(SCENARIO_NAME_MAX)];
    char notes[SCENARIO_TEXT_BYTES(SCENARIO_NOTES_MAX)];
    char currency[SCENARIO_TEXT_BYTES(3)];
    double hours_per_month;
    Hardware hardware;
    Facility facility;
    Staffing staffing;
    Utilization utilization;
    Cloud cloud;
    Opportunity opportunity;
    Constraints constraints;
    Horizon horizon;
    bool has_hybrid;    /* the optional `hybrid:` section was given */
    HybridPlan hybrid;  /* meaningful only when has_hybrid */
    HybridTrace trace;  /* hybrid.trace and hybrid.groups, with has_hybrid */
    bool has_uncertainty;    /* the optional `uncertainty:` section was given */
    Uncertainty uncertainty; /* meaningful only when has_uncertainty */
} Scenario;

/* Fill *s with the built-in default scenario (DESIGN 1.2): every field's
 * registry default. Never fails. */
void scenario_default(Scenario *s);

/* True when a and b hold the same value in every registered field (numbers
 * compared bit for bit, text byte for byte) and the same optional sections
 * (both without one, or the same items with the same registry values: the
 * hybrid plan's workloads, the uncertain inputs). */
bool scenario_equal(const Scenario *a, const Scenario *b);

/* The same for the fields of the main view's sections only (currency to
 * horizon): what its costs, horizon and their charts are computed from.
 * The name, the notes and the optional sections (the hybrid plan, the
 * uncertain inputs) are not compared. */
bool scenario_main_equal(const Scenario *a, const Scenario *b);

/* Copy those sections from src into dst; dst's name, notes and optional
 * sections stay as they are. */
void scenario_copy_main(Scenario *dst, const Scenario *src);

#endif
