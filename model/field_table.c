/* field_table.c: the field registry (DESIGN 1.1), the master copy of every
 * scenario field.
 *
 * One row per field, written with designated initialisers so that a row
 * says what each value is (.minimum =, .choices = ...); the helpers that
 * read the table are in fields.c. Defaults are the built-in scenario of
 * DESIGN 1.2, "32x H100 in colocation, US"; their sources are listed in the
 * README. Money fields without a range in the DESIGN take 0..1e12. Adding a
 * field is one row here plus the engine term that uses it. */
#include "config.h"

#include "fields.h"

#include <float.h>
#include <stdio.h>

#include "hybrid.h"
#include "numfmt.h"

#define MONEY_MAX 1e12
#define AT(member) FIELD_AT(member)
/* 2^53: every whole number up to it is exact in a double. */
#define SEED_MAX 9007199254740992.0

/* The hybrid plan's workloads (DESIGN 6): rows with .list = &WORKLOADS hold
 * one value of each workload; AT() names it in workload 0. */
const FieldList field_list_workloads = {
    .key = "hybrid.workloads",
    .item = "workload",
    .holder = "plan",
    .help = "job streams",
    .offset = offsetof(Scenario, hybrid.workloads),
    .min = 0, /* a plan may have no workloads yet (the planner's a adds) */
    .required = true,
    .count_offset = offsetof(Scenario, hybrid.workload_count),
    .stride = sizeof(HybridWorkload),
    .max = HYBRID_MAX_WORKLOADS,
};
#define WORKLOADS field_list_workloads
#define WL(member) AT(hybrid.workloads[0].member)

/* The uncertain inputs (DESIGN 1, 2.8): uncertainty.inputs[N].KEY. */
const FieldList field_list_inputs = {
    .key = "uncertainty.inputs",
    .item = "input",
    .holder = "section",
    .help = "ranges of number fields",
    .offset = offsetof(Scenario, uncertainty.inputs),
    .min = 0,
    .required = false, /* `uncertainty:` with draws and seed only is fine */
    .count_offset = offsetof(Scenario, uncertainty.input_count),
    .stride = sizeof(UncInput),
    .max = UNC_MAX_INPUTS,
};
#define INPUTS field_list_inputs
#define IN(member) AT(uncertainty.inputs[0].member)

static const char *const run_words[] = {"onprem", "cloud", "burst", NULL};
static const char *const mode_words[] = {"on_demand", "spot", NULL};

/* cloud.reserved_overflow, in ReservedOverflow order. */
static const char *const overflow_choices[] = {"on_demand", "spot", NULL};

const Field field_table[] = {
    { .key = "name",
      .type = FT_TEXT, .panel = PANEL_BUSINESS, AT(name),
      .label = "Scenario name", .unit = "",
      .default_text = "32x H100 in colocation, US",
      .minimum = 1, .maximum = SCENARIO_NAME_MAX,
      .help =
          "A name for this scenario, shown in the title line and reports" },
    { .key = "notes",
      .type = FT_TEXT, .panel = PANEL_BUSINESS, AT(notes),
      .label = "Notes", .unit = "",
      .default_text =
          "Built-in default: four 8-GPU H100 nodes in US colocation at 50% "
          "utilization, compared with AWS p5.48xlarge prices in us-east-1.",
      .minimum = 0, .maximum = SCENARIO_NOTES_MAX,
      .help =
          "Free text: the assumptions behind the numbers, for the report" },
    { .key = "currency",
      .type = FT_TEXT, .panel = PANEL_BUSINESS, AT(currency),
      .label = "Currency", .unit = "",
      .default_text = "USD",
      .minimum = 3, .maximum = 3, .rule = TR_CURRENCY,
      .help =
          "Three-letter currency code; display only, nothing is converted" },
    { .key = "hours_per_month",
      .type = FT_NUMBER, .panel = PANEL_UTILIZATION, AT(hours_per_month),
      .label = "Hours per month", .unit = "h",
      .default_num = 730, .minimum = 1, .maximum = 744, .step = 1,
      .help = "Hours in a month; AWS's calculators use 730 (8760 / 12)" },

    { .key = "hardware.gpu_model",
      .type = FT_TEXT, .panel = PANEL_HARDWARE, AT(hardware.gpu_model),
      .label = "GPU model", .unit = "",
      .default_text = "H100 SXM",
      .minimum = 0, .maximum = SCENARIO_SHORT_MAX,
      .help = "The GPU in each node, for the report" },
    { .key = "hardware.nodes",
      .type = FT_INT, .panel = PANEL_HARDWARE, AT(hardware.nodes),
      .label = "Nodes", .unit = "nodes",
      .default_num = 4, .minimum = 1, .maximum = 100000, .step = 1,
      .help =
          "Owned GPU servers; the measured work W is the work done on them" },
    { .key = "hardware.gpus_per_node",
      .type = FT_INT, .panel = PANEL_HARDWARE, AT(hardware.gpus_per_node),
      .label = "GPUs per node", .unit = "GPUs",
      .default_num = 8, .minimum = 1, .maximum = 64, .step = 1,
      .help = "GPUs in each node (8 for HGX/DGX H100)" },
    { .key = "hardware.node_price",
      .type = FT_MONEY, .panel = PANEL_HARDWARE, AT(hardware.node_price),
      .label = "Node price", .unit = "$",
      .default_num = 310000, .minimum = 0, .maximum = MONEY_MAX, .step = 5000,
      .help = "Per node: GPUs, CPUs, memory, NVMe and NICs" },
    { .key = "hardware.network_per_node",
      .type = FT_MONEY, .panel = PANEL_HARDWARE, AT(hardware.network_per_node),
      .label = "Network per node", .unit = "$",
      .default_num = 34000, .minimum = 0, .maximum = MONEY_MAX, .step = 1000,
      .help = "Fabric share per node: switch ports, optics and cables" },
    { .key = "hardware.storage",
      .type = FT_MONEY, .panel = PANEL_HARDWARE, AT(hardware.storage),
      .label = "Shared storage", .unit = "$",
      .default_num = 80000, .minimum = 0, .maximum = MONEY_MAX, .step = 5000,
      .help = "Shared storage for the cluster, bought once" },
    { .key = "hardware.other_capex",
      .type = FT_MONEY, .panel = PANEL_HARDWARE, AT(hardware.other_capex),
      .label = "Other capex", .unit = "$",
      .default_num = 20000, .minimum = 0, .maximum = MONEY_MAX, .step = 1000,
      .help = "Racks, PDUs and installation, bought once" },
    { .key = "hardware.lifetime_months",
      .type = FT_INT, .panel = PANEL_HARDWARE, AT(hardware.lifetime_months),
      .label = "Lifetime", .unit = "months",
      .default_num = 48, .minimum = 1, .maximum = 240, .step = 6,
      .help = "Depreciation or financing period of the hardware" },
    { .key = "hardware.residual_pct",
      .type = FT_PERCENT, .panel = PANEL_HARDWARE, AT(hardware.residual_pct),
      .label = "Residual value", .unit = "%",
      .default_num = 15, .minimum = 0, .maximum = 100, .step = 1,
      .help = "Resale value at the end of the lifetime, % of capex" },
    { .key = "hardware.maintenance_pct_per_year",
      .type = FT_PERCENT, .panel = PANEL_HARDWARE,
      AT(hardware.maintenance_pct_per_year),
      .label = "Maintenance", .unit = "%/yr",
      .default_num = 5, .minimum = 0, .maximum = 100, .step = 0.5,
      .help = "Support contracts and spares, % of capex a year" },
    { .key = "hardware.cost_of_capital_pct",
      .type = FT_PERCENT, .panel = PANEL_HARDWARE,
      AT(hardware.cost_of_capital_pct),
      .label = "Cost of capital", .unit = "%/yr",
      .default_num = 7, .minimum = 0, .maximum = 100, .step = 0.5,
      .help = "Yearly interest on the capex; 0 = straight-line depreciation" },

    { .key = "facility.node_power_max_kw",
      .type = FT_NUMBER, .panel = PANEL_FACILITY,
      AT(facility.node_power_max_kw),
      .label = "Power, provisioned", .unit = "kW",
      .default_num = 10.2, .minimum = 0, .maximum = 500, .step = 0.1,
      .help =
          "Provisioned power per node, what colocation bills (DGX H100: 10.2)" },
    { .key = "facility.node_power_busy_kw",
      .type = FT_NUMBER, .panel = PANEL_FACILITY,
      AT(facility.node_power_busy_kw),
      .label = "Power, busy", .unit = "kW",
      .default_num = 7.7, .minimum = 0, .maximum = 500, .step = 0.1,
      .help =
          "Average draw per node while busy; at most the provisioned power" },
    { .key = "facility.node_power_idle_kw",
      .type = FT_NUMBER, .panel = PANEL_FACILITY,
      AT(facility.node_power_idle_kw),
      .label = "Power, idle", .unit = "kW",
      .default_num = 2.5, .minimum = 0, .maximum = 500, .step = 0.1,
      .help = "Average draw per node while idle; at most the busy draw" },
    { .key = "facility.pue",
      .type = FT_NUMBER, .panel = PANEL_FACILITY, AT(facility.pue),
      .label = "PUE", .unit = "",
      .default_num = 1.4, .minimum = 1.0, .maximum = 5.0, .step = 0.05,
      .help =
          "Power usage effectiveness: facility power / IT power (1.0-5.0)" },
    { .key = "facility.power_price_kwh",
      .type = FT_MONEY, .panel = PANEL_FACILITY, AT(facility.power_price_kwh),
      .label = "Power price", .unit = "$/kWh",
      .default_num = 0.09, .minimum = 0, .maximum = 10, .step = 0.005,
      .help = "Electricity price per kWh" },
    { .key = "facility.colo_per_kw_month",
      .type = FT_MONEY, .panel = PANEL_FACILITY,
      AT(facility.colo_per_kw_month),
      .label = "Colocation", .unit = "$/kW-mo",
      .default_num = 185, .minimum = 0, .maximum = 100000, .step = 5,
      .help =
          "Colocation rent per provisioned kW a month (CBRE NA 2024: 184)" },
    { .key = "facility.network_monthly",
      .type = FT_MONEY, .panel = PANEL_FACILITY, AT(facility.network_monthly),
      .label = "Network", .unit = "$/mo",
      .default_num = 0, .minimum = 0, .maximum = MONEY_MAX, .step = 100,
      .help = "Transit, cross-connects and on-prem data transfer, a month" },
    { .key = "facility.other_monthly",
      .type = FT_MONEY, .panel = PANEL_FACILITY, AT(facility.other_monthly),
      .label = "Other facility", .unit = "$/mo",
      .default_num = 0, .minimum = 0, .maximum = MONEY_MAX, .step = 100,
      .help = "Any other monthly on-prem cost" },

    { .key = "staffing.engineers",
      .type = FT_NUMBER, .panel = PANEL_STAFFING, AT(staffing.engineers),
      .label = "Engineers", .unit = "FTE",
      .default_num = 1, .minimum = 0, .maximum = 10000, .step = 0.25,
      .help =
          "Engineers running the cluster (full-time equivalents, may be 0.5)" },
    { .key = "staffing.salary_year",
      .type = FT_MONEY, .panel = PANEL_STAFFING, AT(staffing.salary_year),
      .label = "Salary, loaded", .unit = "$/yr",
      .default_num = 230000, .minimum = 0, .maximum = MONEY_MAX, .step = 5000,
      .help = "Fully loaded yearly cost of one engineer (wage x ~1.42)" },
    { .key = "staffing.share_pct",
      .type = FT_PERCENT, .panel = PANEL_STAFFING, AT(staffing.share_pct),
      .label = "Share on cluster", .unit = "%",
      .default_num = 100, .minimum = 0, .maximum = 100, .step = 5,
      .help = "Share of those engineers' time spent on this cluster" },
    { .key = "staffing.cloud_engineers",
      .type = FT_NUMBER, .panel = PANEL_STAFFING, AT(staffing.cloud_engineers),
      .label = "Cloud engineers", .unit = "FTE",
      .default_num = 0.25, .minimum = 0, .maximum = 10000, .step = 0.25,
      .help = "Engineers still needed to run the same work in the cloud" },

    { .key = "utilization.measured_pct",
      .type = FT_PERCENT, .panel = PANEL_UTILIZATION,
      AT(utilization.measured_pct),
      .label = "Utilization", .unit = "%",
      .default_num = 50, .minimum = 0, .maximum = 100, .step = 1,
      .help = "Share of owned GPU-hours that jobs hold (scheduler accounting; "
              "DCGM only if jobs keep GPUs busy)" },
    { .key = "utilization.measurement_weeks",
      .type = FT_NUMBER, .panel = PANEL_UTILIZATION,
      AT(utilization.measurement_weeks),
      .label = "Measured for", .unit = "weeks",
      .default_num = 4, .minimum = 0, .maximum = 520, .step = 1,
      .help = "How long utilization was measured; 4 weeks or more to decide" },
    { .key = "utilization.active_pct", .version = 2,
      .type = FT_PERCENT, .panel = PANEL_UTILIZATION,
      AT(utilization.active_pct),
      .label = "Busy while held", .unit = "%",
      .default_num = 100, .minimum = 0, .maximum = 100, .step = 1,
      .help = "Share of the held GPU time the GPUs compute (DCGM); only it "
              "draws busy power" },

    { .key = "cloud.provider",
      .type = FT_TEXT, .panel = PANEL_CLOUD, AT(cloud.provider),
      .label = "Provider", .unit = "",
      .default_text = "AWS",
      .minimum = 0, .maximum = SCENARIO_SHORT_MAX,
      .help = "Cloud provider, display only" },
    { .key = "cloud.region",
      .type = FT_TEXT, .panel = PANEL_CLOUD, AT(cloud.region),
      .label = "Region", .unit = "",
      .default_text = "us-east-1",
      .minimum = 0, .maximum = SCENARIO_SHORT_MAX,
      .help = "Cloud region, display only" },
    { .key = "cloud.instance",
      .type = FT_TEXT, .panel = PANEL_CLOUD, AT(cloud.instance),
      .label = "Instance", .unit = "",
      .default_text = "p5.48xlarge",
      .minimum = 0, .maximum = SCENARIO_SHORT_MAX,
      .help = "Instance type the prices come from (price book name)" },
    { .key = "cloud.on_demand_gpu_hour",
      .type = FT_MONEY, .panel = PANEL_CLOUD, AT(cloud.on_demand_gpu_hour),
      .label = "On-demand", .unit = "$/GPU-h",
      .default_num = 6.88, .minimum = 0, .maximum = 1000, .step = 0.01,
      .help = "On-demand price per GPU-hour (p5.48xlarge us-east-1: 6.88)" },
    { .key = "cloud.reserved_gpu_hour",
      .type = FT_MONEY, .panel = PANEL_CLOUD, AT(cloud.reserved_gpu_hour),
      .label = "Reserved", .unit = "$/GPU-h",
      .default_num = 3.93, .minimum = 0, .maximum = 1000, .step = 0.01,
      .help = "Committed price per GPU-hour (Savings Plan, capacity block), "
              "billed 24/7" },
    { .key = "cloud.reserved_term_months", .version = 2,
      .type = FT_INT, .panel = PANEL_CLOUD, AT(cloud.reserved_term_months),
      .label = "Commitment term", .unit = "months",
      .default_num = 36, .minimum = 1, .maximum = 60, .step = 12,
      .help = "Length of one commitment; its price is fixed for the term" },
    { .key = "cloud.reserved_coverage_pct", .version = 2,
      .type = FT_PERCENT, .panel = PANEL_CLOUD, AT(cloud.reserved_coverage_pct),
      .label = "Committed share", .unit = "%",
      .default_num = 100, .minimum = 0, .maximum = 100, .step = 5,
      .help = "Share of the fleet's GPUs committed, billed 24/7; the rest is "
              "overflow" },
    { .key = "cloud.reserved_overflow", .version = 2,
      .type = FT_CHOICE, .panel = PANEL_CLOUD, AT(cloud.reserved_overflow),
      .label = "Overflow bought", .unit = "",
      .choices = overflow_choices, .default_num = OVERFLOW_ON_DEMAND,
      .help = "How work beyond the committed GPU-hours is bought: on_demand "
              "or spot" },
    { .key = "cloud.spot_gpu_hour",
      .type = FT_MONEY, .panel = PANEL_CLOUD, AT(cloud.spot_gpu_hour),
      .label = "Spot", .unit = "$/GPU-h",
      .default_num = 2.96, .minimum = 0, .maximum = 1000, .step = 0.01,
      .help = "Spot price per GPU-hour" },
    { .key = "cloud.spot_goodput_pct",
      .type = FT_PERCENT, .panel = PANEL_CLOUD, AT(cloud.spot_goodput_pct),
      .label = "Spot goodput", .unit = "%",
      .default_num = 90, .minimum = 1, .maximum = 100, .step = 1,
      .help = "Useful share of billed spot hours (interruptions, restarts)" },
    { .key = "cloud.spot_eligible_pct", .version = 2,
      .type = FT_PERCENT, .panel = PANEL_CLOUD, AT(cloud.spot_eligible_pct),
      .label = "Spot-eligible work", .unit = "%",
      .default_num = 100, .minimum = 0, .maximum = 100, .step = 5,
      .help = "Share of the work that tolerates interruption; the rest of "
              "spot's runs on-demand" },
    { .key = "cloud.billed_overhead_pct",
      .type = FT_PERCENT, .panel = PANEL_CLOUD, AT(cloud.billed_overhead_pct),
      .label = "Billed overhead", .unit = "%",
      .default_num = 5, .minimum = 0, .maximum = 1000, .step = 1,
      .help =
          "Billed-but-idle time on on-demand and spot (start-up, wind-down)" },
    { .key = "cloud.managed_premium_pct",
      .type = FT_PERCENT, .panel = PANEL_CLOUD, AT(cloud.managed_premium_pct),
      .label = "Managed premium", .unit = "%",
      .default_num = 0, .minimum = 0, .maximum = 1000, .step = 1,
      .help =
          "Managed-service uplift on all cloud compute (SageMaker about 15)" },
    { .key = "cloud.egress_tb_month",
      .type = FT_NUMBER, .panel = PANEL_CLOUD, AT(cloud.egress_tb_month),
      .label = "Egress", .unit = "TB/mo",
      .default_num = 0, .minimum = 0, .maximum = 1e6, .step = 1,
      .help = "Data leaving the cloud each month, TB (1 TB = 1024 GB)" },
    { .key = "cloud.egress_per_gb",
      .type = FT_MONEY, .panel = PANEL_CLOUD, AT(cloud.egress_per_gb),
      .label = "Egress price", .unit = "$/GB",
      .default_num = 0.09, .minimum = 0, .maximum = 10, .step = 0.005,
      .help = "Internet egress price per GB (AWS first 10 TB: 0.09)" },
    { .key = "cloud.storage_tb",
      .type = FT_NUMBER, .panel = PANEL_CLOUD, AT(cloud.storage_tb),
      .label = "Cloud storage", .unit = "TB",
      .default_num = 20, .minimum = 0, .maximum = 1e6, .step = 1,
      .help = "Data kept in the cloud, TB (1 TB = 1024 GB)" },
    { .key = "cloud.storage_per_gb_month",
      .type = FT_MONEY, .panel = PANEL_CLOUD, AT(cloud.storage_per_gb_month),
      .label = "Storage price", .unit = "$/GB-mo",
      .default_num = 0.023, .minimum = 0, .maximum = 10, .step = 0.001,
      .help = "Object storage price per GB-month (S3 Standard: 0.023)" },
    { .key = "cloud.other_monthly",
      .type = FT_MONEY, .panel = PANEL_CLOUD, AT(cloud.other_monthly),
      .label = "Other cloud", .unit = "$/mo",
      .default_num = 0, .minimum = 0, .maximum = MONEY_MAX, .step = 100,
      .help = "Any other monthly cloud cost (support plan, NAT, logging)" },

    { .key = "opportunity.value_per_day",
      .type = FT_MONEY, .panel = PANEL_BUSINESS, AT(opportunity.value_per_day),
      .label = "Value of a day", .unit = "$/day",
      .default_num = 0, .minimum = 0, .maximum = 1e9, .step = 1000,
      .help = "What one day of delay in shipping a model costs the business" },
    { .key = "opportunity.onprem_delay_days_month",
      .type = FT_NUMBER, .panel = PANEL_BUSINESS,
      AT(opportunity.onprem_delay_days_month),
      .label = "On-prem delay", .unit = "days/mo",
      .default_num = 0, .minimum = 0, .maximum = 31, .step = 0.5,
      .help = "Days a month work waits for on-prem GPUs" },
    { .key = "opportunity.cloud_delay_days_month",
      .type = FT_NUMBER, .panel = PANEL_BUSINESS,
      AT(opportunity.cloud_delay_days_month),
      .label = "Cloud delay", .unit = "days/mo",
      .default_num = 0, .minimum = 0, .maximum = 31, .step = 0.5,
      .help = "Days a month work waits in the cloud (quota, capacity)" },

    { .key = "constraints.compliance_forbids_cloud",
      .type = FT_BOOL, .panel = PANEL_BUSINESS,
      AT(constraints.compliance_forbids_cloud),
      .label = "Compliance forbids cloud", .unit = "",
      .default_num = 0, .minimum = 0, .maximum = 1,
      .help =
          "Yes when regulation or contracts forbid third-party infrastructure" },
    { .key = "constraints.latency_budget_ms",
      .type = FT_NUMBER, .panel = PANEL_BUSINESS,
      AT(constraints.latency_budget_ms),
      .label = "Latency budget", .unit = "ms",
      .default_num = 0, .minimum = 0, .maximum = 10000, .step = 1,
      .help = "Real-time serving latency budget; 0 = no such constraint" },
    { .key = "constraints.cloud_rtt_ms",
      .type = FT_NUMBER, .panel = PANEL_BUSINESS, AT(constraints.cloud_rtt_ms),
      .label = "Cloud round trip", .unit = "ms",
      .default_num = 20, .minimum = 0, .maximum = 10000, .step = 1,
      .help = "Round trip from the users to the nearest cloud region" },
    { .key = "horizon.months", .version = 2,
      .type = FT_INT, .panel = PANEL_HORIZON, AT(horizon.months),
      .label = "Horizon", .unit = "months",
      .default_num = 0, .minimum = 0, .maximum = 240, .step = 12,
      .help = "Months the cash flows run over; 0 = the hardware lifetime" },
    { .key = "horizon.cloud_price_change_pct_year", .version = 2,
      .type = FT_PERCENT, .panel = PANEL_HORIZON,
      AT(horizon.cloud_price_change_pct_year),
      .label = "Cloud price change", .unit = "%/yr",
      .default_num = 0, .minimum = -90, .maximum = 100, .step = 1,
      .help = "Yearly change of every cloud compute price (AWS cut P5 "
              "on-demand ~44% in June 2025)" },
    { .key = "horizon.hardware_price_change_pct_year", .version = 2,
      .type = FT_PERCENT, .panel = PANEL_HORIZON,
      AT(horizon.hardware_price_change_pct_year),
      .label = "HW price change", .unit = "%/yr",
      .default_num = 0, .minimum = -90, .maximum = 100, .step = 1,
      .help = "Yearly change of the hardware price, for refresh purchases" },
    { .key = "horizon.ramp_months", .version = 2,
      .type = FT_INT, .panel = PANEL_HORIZON, AT(horizon.ramp_months),
      .label = "Ramp-up", .unit = "months",
      .default_num = 0, .minimum = 0, .maximum = 120, .step = 1,
      .help = "Months over which utilization grows linearly from 0 to the "
              "measured value" },

    /* The optional hybrid plan (DESIGN 6). */
    { .key = "hybrid.days",
      .type = FT_NUMBER, .panel = PANEL_HYBRID, AT(hybrid.days),
      .scope = FS_HYBRID,
      .label = "Simulated days", .unit = "days",
      .default_num = 30, .minimum = 1, .maximum = 366, .step = 1,
      .help = "simulated period; results scale to hours_per_month" },
    { .key = "hybrid.onprem_nodes",
      .type = FT_INT, .panel = PANEL_HYBRID, AT(hybrid.onprem_nodes),
      .scope = FS_HYBRID,
      .label = "On-prem nodes", .unit = "nodes",
      .default_key = "hardware.nodes",
      .default_num = 0, .minimum = 0, .maximum = 100000, .step = 1,
      .help = "owned nodes in the plan, at most hardware.nodes" },
    { .key = "hybrid.max_wait_minutes",
      .type = FT_NUMBER, .panel = PANEL_HYBRID, AT(hybrid.max_wait_minutes),
      .scope = FS_HYBRID,
      .label = "Burst threshold", .unit = "min",
      .default_num = 90, .minimum = 0, .maximum = 100000, .step = 10,
      .help = "a burst job goes to the cloud when its on-prem wait would "
              "exceed this" },
    { .key = "hybrid.cloud_idle_minutes",
      .type = FT_NUMBER, .panel = PANEL_HYBRID,
      AT(hybrid.cloud_idle_minutes),
      .scope = FS_HYBRID,
      .label = "Cloud idle time", .unit = "min",
      .default_num = 10, .minimum = 0, .maximum = 1440, .step = 1,
      .help = "billed idle time per cloud job (instances winding down)" },
    { .key = "hybrid.seed",
      .type = FT_INT, .panel = PANEL_HYBRID, AT(hybrid.seed),
      .scope = FS_HYBRID,
      .label = "Seed", .unit = "",
      .default_num = 1, .minimum = 0, .maximum = SEED_MAX, .step = 1,
      .help = "seed of the random arrivals (same seed, same numbers)" },
    { .key = "hybrid.backfill", .version = 2,
      .type = FT_BOOL, .panel = PANEL_HYBRID, AT(hybrid.backfill),
      .scope = FS_HYBRID, .omit_default = true,
      .label = "Backfill", .unit = "",
      .default_num = 0, .minimum = 0, .maximum = 1,
      .help = "EASY backfill: a later job may start in a gap that does not "
              "delay the head of the queue" },

    /* One workload of the plan: hybrid.workloads[N].KEY. */
    { .key = "hybrid.workloads[].name",
      .type = FT_TEXT, .panel = PANEL_HYBRID, WL(name),
      .scope = FS_HYBRID, .list = &WORKLOADS, .required = true,
      .label = "Name", .unit = "",
      .default_text = "", .minimum = 1, .maximum = HYBRID_NAME_MAX,
      .help = "workload name" },
    { .key = "hybrid.workloads[].schedule",
      .type = FT_TEXT, .panel = PANEL_HYBRID, WL(schedule_text),
      .scope = FS_HYBRID, .list = &WORKLOADS,
      .has_when = true, .when_value = true,
      .when_offset = offsetof(Scenario, hybrid.workloads[0].has_schedule),
      .rule = TR_CRON,
      .parsed_offset = offsetof(Scenario, hybrid.workloads[0].schedule),
      .label = "Schedule", .unit = "",
      .default_text = "", .minimum = 1, .maximum = HYBRID_SCHEDULE_MAX,
      .help = "5-field cron, UTC; each match submits one job" },
    { .key = "hybrid.workloads[].per_day",
      .type = FT_NUMBER, .panel = PANEL_HYBRID, WL(per_day),
      .scope = FS_HYBRID, .list = &WORKLOADS,
      .has_when = true, .when_value = false,
      .when_offset = offsetof(Scenario, hybrid.workloads[0].has_schedule),
      .label = "Jobs a day", .unit = "jobs/day",
      .default_num = 0, .minimum = 0, .maximum = 100000, .step = 1,
      .help = "mean Poisson arrivals a day" },
    { .key = "hybrid.workloads[].gpus",
      .type = FT_INT, .panel = PANEL_HYBRID, WL(gpus),
      .scope = FS_HYBRID, .list = &WORKLOADS, .required = true,
      .label = "GPUs", .unit = "GPUs",
      .default_num = 1, .minimum = 1, .maximum = 100000, .step = 1,
      .help = "GPUs the job needs at once (gang)" },
    { .key = "hybrid.workloads[].hours",
      .type = FT_NUMBER, .panel = PANEL_HYBRID, WL(hours),
      .scope = FS_HYBRID, .list = &WORKLOADS, .required = true,
      .label = "Hours", .unit = "h",
      .default_num = 1, .minimum = 0, .above_minimum = true, .maximum = 8784,
      .step = 1,
      .help = "wall-clock hours of one job (above 0)" },
    { .key = "hybrid.workloads[].run",
      .type = FT_CHOICE, .panel = PANEL_HYBRID, WL(run),
      .scope = FS_HYBRID, .list = &WORKLOADS, .choices = run_words,
      .label = "Run", .unit = "",
      .default_num = RUN_ONPREM,
      .help = "where jobs run; burst goes to the cloud when the on-prem "
              "wait exceeds max_wait_minutes" },
    { .key = "hybrid.workloads[].cloud_mode",
      .type = FT_CHOICE, .panel = PANEL_HYBRID, WL(cloud_mode),
      .scope = FS_HYBRID, .list = &WORKLOADS, .choices = mode_words,
      .label = "Cloud mode", .unit = "",
      .default_num = MODE_ON_DEMAND,
      .help = "how it is billed in the cloud" },
    { .key = "hybrid.workloads[].priority", .version = 2,
      .type = FT_INT, .panel = PANEL_HYBRID, WL(priority),
      .scope = FS_HYBRID, .list = &WORKLOADS, .omit_default = true,
      .label = "Priority", .unit = "",
      .default_num = 0, .minimum = 0, .maximum = 100, .step = 1,
      .help = "higher is scheduled first on-prem" },
    { .key = "hybrid.workloads[].max_wait_minutes", .version = 2,
      .type = FT_NUMBER, .panel = PANEL_HYBRID, WL(max_wait_minutes),
      .scope = FS_HYBRID, .list = &WORKLOADS,
      .has_when = true, .when_value = true,
      .when_offset = offsetof(Scenario, hybrid.workloads[0].has_max_wait),
      .label = "Wait limit", .unit = "min",
      .default_num = 90, .minimum = 0, .maximum = 100000, .step = 10,
      .help = "this workload's burst threshold and wait target (else the "
              "plan's)" },
    { .key = "hybrid.workloads[].cloud_gpu_hour", .version = 2,
      .type = FT_MONEY, .panel = PANEL_HYBRID, WL(cloud_gpu_hour),
      .scope = FS_HYBRID, .list = &WORKLOADS,
      .has_when = true, .when_value = true,
      .when_offset = offsetof(Scenario, hybrid.workloads[0].has_cloud_price),
      .label = "Cloud price", .unit = "$/GPU-h",
      .default_num = 0, .minimum = 0, .maximum = 1000, .step = 0.01,
      .help = "its cloud price per GPU-hour (else the scenario's for its "
              "mode)" },

    /* The optional uncertainty section (DESIGN 1, 2.8): the Monte Carlo's
     * draws and seed, and the uncertain inputs. An input's low, high and
     * mode are in the unit and range of the field its key names; the rows
     * take any number and uncertainty_check() applies that field's range
     * (with the rules between them) once the key is known. */
    { .key = "uncertainty.draws", .version = 2,
      .type = FT_INT, .panel = PANEL_RISK, AT(uncertainty.draws),
      .scope = FS_UNCERTAINTY,
      .label = "Draws", .unit = "draws",
      .default_num = 10000, .minimum = 100, .maximum = 1000000, .step = 1000,
      .help = "Monte Carlo draws" },
    { .key = "uncertainty.seed", .version = 2,
      .type = FT_INT, .panel = PANEL_RISK, AT(uncertainty.seed),
      .scope = FS_UNCERTAINTY,
      .label = "Seed", .unit = "",
      .default_num = 1, .minimum = 0, .maximum = SEED_MAX, .step = 1,
      .help = "seed of the Monte Carlo draws (same seed, same figures)" },
    { .key = "uncertainty.inputs[].key", .version = 2,
      .type = FT_TEXT, .panel = PANEL_RISK, IN(key),
      .scope = FS_UNCERTAINTY, .list = &INPUTS, .required = true,
      .rule = TR_NUMBER_KEY, .plain_comment = true,
      .label = "Input", .unit = "",
      .default_text = "", .minimum = 1, .maximum = UNC_KEY_BYTES - 1,
      .help = "the number field this range is about" },
    { .key = "uncertainty.inputs[].low", .version = 2,
      .type = FT_NUMBER, .panel = PANEL_RISK, IN(low),
      .scope = FS_UNCERTAINTY, .list = &INPUTS, .required = true,
      .plain_comment = true,
      .label = "Low", .unit = "",
      .default_num = 0, .minimum = -DBL_MAX, .maximum = DBL_MAX,
      .help = "lowest plausible value" },
    { .key = "uncertainty.inputs[].high", .version = 2,
      .type = FT_NUMBER, .panel = PANEL_RISK, IN(high),
      .scope = FS_UNCERTAINTY, .list = &INPUTS, .required = true,
      .plain_comment = true,
      .label = "High", .unit = "",
      .default_num = 0, .minimum = -DBL_MAX, .maximum = DBL_MAX,
      .help = "highest plausible value" },
    { .key = "uncertainty.inputs[].mode", .version = 2,
      .type = FT_NUMBER, .panel = PANEL_RISK, IN(mode),
      .scope = FS_UNCERTAINTY, .list = &INPUTS,
      .has_when = true, .when_value = true,
      .when_offset = offsetof(Scenario, uncertainty.inputs[0].has_mode),
      .plain_comment = true,
      .label = "Mode", .unit = "",
      .default_num = 0, .minimum = -DBL_MAX, .maximum = DBL_MAX,
      .help = "most likely value (else the scenario's value of the field)" },
};

const size_t field_count = sizeof field_table / sizeof field_table[0];

/* A choice is stored as an int; the enums it names must be ints too. */
_Static_assert(sizeof(HybridRun) == sizeof(int), "run is stored as an int");
_Static_assert(sizeof(HybridCloudMode) == sizeof(int),
               "cloud_mode is stored as an int");

/* ---- cross-field rules (DESIGN 7) ------------------------------------------ */

static void say_busy(const Scenario *s, char *msg, size_t n)
{
    char a[40], b[40];
    num_format_exact(s->facility.node_power_busy_kw, a, sizeof a);
    num_format_exact(s->facility.node_power_max_kw, b, sizeof b);
    snprintf(msg, n, "busy power %s kW is above the provisioned %s kW "
             "(need idle <= busy <= max)", a, b);
}

static void say_idle(const Scenario *s, char *msg, size_t n)
{
    char a[40], b[40];
    num_format_exact(s->facility.node_power_idle_kw, a, sizeof a);
    num_format_exact(s->facility.node_power_busy_kw, b, sizeof b);
    snprintf(msg, n, "idle power %s kW is above the busy %s kW "
             "(need idle <= busy <= max)", a, b);
}

static void say_onprem_nodes(const Scenario *s, char *msg, size_t n)
{
    char a[40], b[40];
    num_format_exact(s->hybrid.onprem_nodes, a, sizeof a);
    num_format_exact(s->hardware.nodes, b, sizeof b);
    snprintf(msg, n, "%s on-prem nodes is more than hardware.nodes (%s); the "
             "plan uses part of the owned fleet (expected 0 to %s)", a, b, b);
}

/* The plan submits no more jobs than a plan may simulate
 * (hybrid_check_jobs); blamed on hybrid.days, the period. */
static bool jobs_hold(const Scenario *s, char *msg, size_t n)
{
    return hybrid_check_jobs(&s->hybrid, msg, n);
}

/* In the order they are checked: the first broken one is reported. */
const FieldRule field_rules[] = {
    { .key = "facility.node_power_busy_kw",
      .limit = "facility.node_power_max_kw", .say = say_busy },
    { .key = "facility.node_power_idle_kw",
      .limit = "facility.node_power_busy_kw", .say = say_idle },
    { .key = "hybrid.onprem_nodes",
      .limit = "hardware.nodes", .say = say_onprem_nodes },
    { .key = "hybrid.days", .holds = jobs_hold },
};

const size_t field_rule_count = sizeof field_rules / sizeof field_rules[0];
