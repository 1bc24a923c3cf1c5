/* fields.c: the field registry (SPEC 1.1) and the helpers that read it.
 *
 * Defaults are the built-in scenario of SPEC 1.2, "32x H100 in colocation,
 * US"; their sources are listed in the README. Money fields without a range
 * in the SPEC take 0..1e12. */
#include "config.h"

#include "fields.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hybrid_fields.h"
#include "numfmt.h"

#define MONEY_MAX 1e12

#define NUM(k, lab, un, ty, pan, mem, d, lo, hi, st, hlp)                     \
    {k, lab, un, ty, pan, offsetof(Scenario, mem), sizeof(double), d, NULL,   \
     lo, hi, st, TR_NONE, hlp}
#define BOOL(k, lab, pan, mem, d, hlp)                                         \
    {k, lab, "", FT_BOOL, pan, offsetof(Scenario, mem), sizeof(bool), d, NULL, \
     0, 1, 0, TR_NONE, hlp}
#define TEXT(k, lab, pan, mem, d, lo, hi, rl, hlp)                             \
    {k, lab, "", FT_TEXT, pan, offsetof(Scenario, mem),                        \
     sizeof(((Scenario *)0)->mem), 0, d, lo, hi, 0, rl, hlp}

const Field field_table[] = {
    TEXT("name", "Scenario name", PANEL_BUSINESS, name,
         "32x H100 in colocation, US", 1, SCENARIO_NAME_MAX, TR_NONE,
         "A name for this scenario, shown in the title line and reports"),
    TEXT("notes", "Notes", PANEL_BUSINESS, notes,
         "Built-in default: four 8-GPU H100 nodes in US colocation at 50% "
         "utilization, compared with AWS p5.48xlarge prices in us-east-1.",
         0, SCENARIO_NOTES_MAX, TR_NONE,
         "Free text: the assumptions behind the numbers, for the report"),
    TEXT("currency", "Currency", PANEL_BUSINESS, currency, "USD", 3, 3,
         TR_CURRENCY,
         "Three-letter currency code; display only, nothing is converted"),
    NUM("hours_per_month", "Hours per month", "h", FT_NUMBER,
        PANEL_UTILIZATION, hours_per_month, 730, 1, 744, 1,
        "Hours in a month; AWS's calculators use 730 (8760 / 12)"),

    TEXT("hardware.gpu_model", "GPU model", PANEL_HARDWARE,
         hardware.gpu_model, "H100 SXM", 0, SCENARIO_SHORT_MAX, TR_NONE,
         "The GPU in each node, for the report"),
    NUM("hardware.nodes", "Nodes", "nodes", FT_INT, PANEL_HARDWARE,
        hardware.nodes, 4, 1, 100000, 1,
        "Owned GPU servers; the measured work W is the work done on them"),
    NUM("hardware.gpus_per_node", "GPUs per node", "GPUs", FT_INT,
        PANEL_HARDWARE, hardware.gpus_per_node, 8, 1, 64, 1,
        "GPUs in each node (8 for HGX/DGX H100)"),
    NUM("hardware.node_price", "Node price", "$", FT_MONEY, PANEL_HARDWARE,
        hardware.node_price, 310000, 0, MONEY_MAX, 5000,
        "Per node: GPUs, CPUs, memory, NVMe and NICs"),
    NUM("hardware.network_per_node", "Network per node", "$", FT_MONEY,
        PANEL_HARDWARE, hardware.network_per_node, 34000, 0, MONEY_MAX, 1000,
        "Fabric share per node: switch ports, optics and cables"),
    NUM("hardware.storage", "Shared storage", "$", FT_MONEY, PANEL_HARDWARE,
        hardware.storage, 80000, 0, MONEY_MAX, 5000,
        "Shared storage for the cluster, bought once"),
    NUM("hardware.other_capex", "Other capex", "$", FT_MONEY, PANEL_HARDWARE,
        hardware.other_capex, 20000, 0, MONEY_MAX, 1000,
        "Racks, PDUs and installation, bought once"),
    NUM("hardware.lifetime_months", "Lifetime", "months", FT_INT,
        PANEL_HARDWARE, hardware.lifetime_months, 48, 1, 240, 6,
        "Depreciation or financing period of the hardware"),
    NUM("hardware.residual_pct", "Residual value", "%", FT_PERCENT,
        PANEL_HARDWARE, hardware.residual_pct, 15, 0, 100, 1,
        "Resale value at the end of the lifetime, % of capex"),
    NUM("hardware.maintenance_pct_per_year", "Maintenance", "%/yr",
        FT_PERCENT, PANEL_HARDWARE, hardware.maintenance_pct_per_year, 5, 0,
        100, 0.5, "Support contracts and spares, % of capex a year"),
    NUM("hardware.cost_of_capital_pct", "Cost of capital", "%/yr",
        FT_PERCENT, PANEL_HARDWARE, hardware.cost_of_capital_pct, 7, 0, 100,
        0.5, "Yearly interest on the capex; 0 = straight-line depreciation"),

    NUM("facility.node_power_max_kw", "Power, provisioned", "kW", FT_NUMBER,
        PANEL_FACILITY, facility.node_power_max_kw, 10.2, 0, 500, 0.1,
        "Provisioned power per node, what colocation bills (DGX H100: 10.2)"),
    NUM("facility.node_power_busy_kw", "Power, busy", "kW", FT_NUMBER,
        PANEL_FACILITY, facility.node_power_busy_kw, 7.7, 0, 500, 0.1,
        "Average draw per node while busy; at most the provisioned power"),
    NUM("facility.node_power_idle_kw", "Power, idle", "kW", FT_NUMBER,
        PANEL_FACILITY, facility.node_power_idle_kw, 2.5, 0, 500, 0.1,
        "Average draw per node while idle; at most the busy draw"),
    NUM("facility.pue", "PUE", "", FT_NUMBER, PANEL_FACILITY, facility.pue,
        1.4, 1.0, 5.0, 0.05,
        "Power usage effectiveness: facility power / IT power (1.0-5.0)"),
    NUM("facility.power_price_kwh", "Power price", "$/kWh", FT_MONEY,
        PANEL_FACILITY, facility.power_price_kwh, 0.09, 0, 10, 0.005,
        "Electricity price per kWh"),
    NUM("facility.colo_per_kw_month", "Colocation", "$/kW-mo", FT_MONEY,
        PANEL_FACILITY, facility.colo_per_kw_month, 185, 0, 100000, 5,
        "Colocation rent per provisioned kW a month (CBRE NA 2024: 184)"),
    NUM("facility.network_monthly", "Network", "$/mo", FT_MONEY,
        PANEL_FACILITY, facility.network_monthly, 0, 0, MONEY_MAX, 100,
        "Transit, cross-connects and on-prem data transfer, a month"),
    NUM("facility.other_monthly", "Other facility", "$/mo", FT_MONEY,
        PANEL_FACILITY, facility.other_monthly, 0, 0, MONEY_MAX, 100,
        "Any other monthly on-prem cost"),

    NUM("staffing.engineers", "Engineers", "FTE", FT_NUMBER, PANEL_STAFFING,
        staffing.engineers, 1, 0, 10000, 0.25,
        "Engineers running the cluster (full-time equivalents, may be 0.5)"),
    NUM("staffing.salary_year", "Salary, loaded", "$/yr", FT_MONEY,
        PANEL_STAFFING, staffing.salary_year, 230000, 0, MONEY_MAX, 5000,
        "Fully loaded yearly cost of one engineer (wage x ~1.42)"),
    NUM("staffing.share_pct", "Share on cluster", "%", FT_PERCENT,
        PANEL_STAFFING, staffing.share_pct, 100, 0, 100, 5,
        "Share of those engineers' time spent on this cluster"),
    NUM("staffing.cloud_engineers", "Cloud engineers", "FTE", FT_NUMBER,
        PANEL_STAFFING, staffing.cloud_engineers, 0.25, 0, 10000, 0.25,
        "Engineers still needed to run the same work in the cloud"),

    NUM("utilization.measured_pct", "Utilization", "%", FT_PERCENT,
        PANEL_UTILIZATION, utilization.measured_pct, 50, 0, 100, 1,
        "Average busy share of the owned GPUs (DCGM GR_ENGINE_ACTIVE)"),
    NUM("utilization.measurement_weeks", "Measured for", "weeks", FT_NUMBER,
        PANEL_UTILIZATION, utilization.measurement_weeks, 4, 0, 520, 1,
        "How long utilization was measured; 4 weeks or more to decide"),

    TEXT("cloud.provider", "Provider", PANEL_CLOUD, cloud.provider, "AWS", 0,
         SCENARIO_SHORT_MAX, TR_NONE, "Cloud provider, display only"),
    TEXT("cloud.region", "Region", PANEL_CLOUD, cloud.region, "us-east-1", 0,
         SCENARIO_SHORT_MAX, TR_NONE, "Cloud region, display only"),
    TEXT("cloud.instance", "Instance", PANEL_CLOUD, cloud.instance,
         "p5.48xlarge", 0, SCENARIO_SHORT_MAX, TR_NONE,
         "Instance type the prices come from (price book name)"),
    NUM("cloud.on_demand_gpu_hour", "On-demand", "$/GPU-h", FT_MONEY,
        PANEL_CLOUD, cloud.on_demand_gpu_hour, 6.88, 0, 1000, 0.01,
        "On-demand price per GPU-hour (p5.48xlarge us-east-1: 6.88)"),
    NUM("cloud.reserved_gpu_hour", "Reserved", "$/GPU-h", FT_MONEY,
        PANEL_CLOUD, cloud.reserved_gpu_hour, 3.93, 0, 1000, 0.01,
        "Reserved or capacity-block price per GPU-hour, billed 24/7 for the fleet"),
    NUM("cloud.spot_gpu_hour", "Spot", "$/GPU-h", FT_MONEY, PANEL_CLOUD,
        cloud.spot_gpu_hour, 2.96, 0, 1000, 0.01,
        "Spot price per GPU-hour"),
    NUM("cloud.spot_goodput_pct", "Spot goodput", "%", FT_PERCENT,
        PANEL_CLOUD, cloud.spot_goodput_pct, 90, 1, 100, 1,
        "Useful share of billed spot hours (interruptions, restarts)"),
    NUM("cloud.billed_overhead_pct", "Billed overhead", "%", FT_PERCENT,
        PANEL_CLOUD, cloud.billed_overhead_pct, 5, 0, 1000, 1,
        "Billed-but-idle time on on-demand and spot (start-up, wind-down)"),
    NUM("cloud.managed_premium_pct", "Managed premium", "%", FT_PERCENT,
        PANEL_CLOUD, cloud.managed_premium_pct, 0, 0, 1000, 1,
        "Managed-service uplift on all cloud compute (SageMaker about 15)"),
    NUM("cloud.egress_tb_month", "Egress", "TB/mo", FT_NUMBER, PANEL_CLOUD,
        cloud.egress_tb_month, 0, 0, 1e6, 1,
        "Data leaving the cloud each month, TB (1 TB = 1024 GB)"),
    NUM("cloud.egress_per_gb", "Egress price", "$/GB", FT_MONEY, PANEL_CLOUD,
        cloud.egress_per_gb, 0.09, 0, 10, 0.005,
        "Internet egress price per GB (AWS first 10 TB: 0.09)"),
    NUM("cloud.storage_tb", "Cloud storage", "TB", FT_NUMBER, PANEL_CLOUD,
        cloud.storage_tb, 20, 0, 1e6, 1,
        "Data kept in the cloud, TB (1 TB = 1024 GB)"),
    NUM("cloud.storage_per_gb_month", "Storage price", "$/GB-mo", FT_MONEY,
        PANEL_CLOUD, cloud.storage_per_gb_month, 0.023, 0, 10, 0.001,
        "Object storage price per GB-month (S3 Standard: 0.023)"),
    NUM("cloud.other_monthly", "Other cloud", "$/mo", FT_MONEY, PANEL_CLOUD,
        cloud.other_monthly, 0, 0, MONEY_MAX, 100,
        "Any other monthly cloud cost (support plan, NAT, logging)"),

    NUM("opportunity.value_per_day", "Value of a day", "$/day", FT_MONEY,
        PANEL_BUSINESS, opportunity.value_per_day, 0, 0, 1e9, 1000,
        "What one day of delay in shipping a model costs the business"),
    NUM("opportunity.onprem_delay_days_month", "On-prem delay", "days/mo",
        FT_NUMBER, PANEL_BUSINESS, opportunity.onprem_delay_days_month, 0, 0,
        31, 0.5, "Days a month work waits for on-prem GPUs"),
    NUM("opportunity.cloud_delay_days_month", "Cloud delay", "days/mo",
        FT_NUMBER, PANEL_BUSINESS, opportunity.cloud_delay_days_month, 0, 0,
        31, 0.5, "Days a month work waits in the cloud (quota, capacity)"),

    BOOL("constraints.compliance_forbids_cloud", "Compliance forbids cloud",
         PANEL_BUSINESS, constraints.compliance_forbids_cloud, 0,
         "Yes when regulation or contracts forbid third-party infrastructure"),
    NUM("constraints.latency_budget_ms", "Latency budget", "ms", FT_NUMBER,
        PANEL_BUSINESS, constraints.latency_budget_ms, 0, 0, 10000, 1,
        "Real-time serving latency budget; 0 = no such constraint"),
    NUM("constraints.cloud_rtt_ms", "Cloud round trip", "ms", FT_NUMBER,
        PANEL_BUSINESS, constraints.cloud_rtt_ms, 20, 0, 10000, 1,
        "Round trip from the users to the nearest cloud region"),
};

const size_t field_count = sizeof field_table / sizeof field_table[0];

const char *field_section(const Field *f, char *buf, size_t n)
{
    const char *dot = strchr(f->key, '.');
    size_t len = dot ? (size_t)(dot - f->key) : 0;
    if (len >= n)
        len = n - 1;
    memcpy(buf, f->key, len);
    buf[len] = '\0';
    return buf;
}

const Field *field_find(const char *key)
{
    for (size_t i = 0; i < field_count; i++)
        if (strcmp(field_table[i].key, key) == 0)
            return &field_table[i];
    return NULL;
}

/* Levenshtein distance, capped: returns cap + 1 when the strings are
 * further apart than cap. Names here are short, so a row of 64 is plenty. */
static size_t edit_distance(const char *a, const char *b, size_t cap)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return cap + 1;
    size_t prev[64], cur[64];
    for (size_t j = 0; j <= lb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
            size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
            size_t m = sub < del ? sub : del;
            cur[j] = m < ins ? m : ins;
        }
        memcpy(prev, cur, (lb + 1) * sizeof prev[0]);
    }
    return prev[lb];
}

const char *field_suggest(const char *key, const char *prefix)
{
    static const char *const sections[] = {
        "hardware", "facility", "staffing", "utilization", "cloud",
        "opportunity", "constraints", "hybrid", "gpuplan"};
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    size_t cap = strlen(key) / 3 + 1;
    if (cap > 4)
        cap = 4;

    if (prefix == NULL) {
        for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++) {
            size_t d = edit_distance(key, sections[i], cap);
            if (d < best_d) {
                best_d = d;
                best = sections[i];
            }
        }
    }
    size_t plen = prefix ? strlen(prefix) : 0;
    for (size_t i = 0; i < field_count; i++) {
        const char *k = field_table[i].key;
        const char *dot = strrchr(k, '.');
        if (prefix == NULL) {
            if (dot)
                continue;
        } else if (plen > 0) {
            if (strncmp(k, prefix, plen) != 0 || k[plen] != '.')
                continue;
            k += plen + 1;
        }
        size_t d = edit_distance(key, k, cap);
        if (d < best_d) {
            best_d = d;
            best = field_table[i].key;
        }
    }
    if (best_d > cap)
        return NULL;
    return best;
}

const char *field_suggest_in(const char *key, const char *const *candidates,
                             size_t n)
{
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    size_t cap = strlen(key) / 3 + 1;
    if (cap > 4)
        cap = 4;
    for (size_t i = 0; i < n; i++) {
        size_t d = edit_distance(key, candidates[i], cap);
        if (d < best_d) {
            best_d = d;
            best = candidates[i];
        }
    }
    return best_d > cap ? NULL : best;
}

double *field_num(const Field *f, Scenario *s)
{
    return (double *)((char *)s + f->offset);
}

double field_get_num(const Field *f, const Scenario *s)
{
    if (f->type == FT_BOOL)
        return *(const bool *)((const char *)s + f->offset) ? 1 : 0;
    return *(const double *)((const char *)s + f->offset);
}

bool *field_bool(const Field *f, Scenario *s)
{
    return (bool *)((char *)s + f->offset);
}

char *field_text(const Field *f, Scenario *s)
{
    return (char *)s + f->offset;
}

const char *field_get_text(const Field *f, const Scenario *s)
{
    return (const char *)s + f->offset;
}

long field_utf8_length(const char *s)
{
    long n = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p;
        size_t extra;
        unsigned minv;
        if (c < 0x80) {
            extra = 0;
            minv = 0;
        } else if ((c & 0xE0) == 0xC0) {
            extra = 1;
            minv = 0x80;
            c &= 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2;
            minv = 0x800;
            c &= 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3;
            minv = 0x10000;
            c &= 0x07;
        } else {
            return -1;
        }
        p++;
        for (size_t i = 0; i < extra; i++, p++) {
            if ((*p & 0xC0) != 0x80)
                return -1;
            c = (c << 6) | (*p & 0x3F);
        }
        if (c < minv || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            return -1;
        n++;
    }
    return n;
}

const char *field_type_name(FieldType t)
{
    switch (t) {
    case FT_INT: return "whole number";
    case FT_NUMBER: return "number";
    case FT_PERCENT: return "percent";
    case FT_MONEY: return "money";
    case FT_BOOL: return "true or false";
    case FT_TEXT: return "text";
    }
    return "?";
}

const char *panel_name(Panel p)
{
    static const char *const names[PANEL_COUNT] = {
        "Hardware", "Facility", "Staffing", "Utilization",
        "Cloud", "Business", "Hybrid"};
    return (unsigned)p < PANEL_COUNT ? names[p] : "?";
}

/* "from 0 to 100" with the shortest exact numbers. */
static void range_text(const Field *f, char *buf, size_t n)
{
    char lo[40], hi[40];
    num_format_exact(f->min, lo, sizeof lo);
    num_format_exact(f->max, hi, sizeof hi);
    const char *kind = f->type == FT_INT ? "a whole number" : "a number";
    snprintf(buf, n, "%s from %s to %s", kind, lo, hi);
}

bool field_check_num(const Field *f, double v, char *msg, size_t msgn)
{
    char range[120], val[40];
    range_text(f, range, sizeof range);
    num_format_exact(v, val, sizeof val);
    if (!isfinite(v)) {
        snprintf(msg, msgn, "not a finite number (expected %s)", range);
        return false;
    }
    if (f->type == FT_INT && v != floor(v)) {
        snprintf(msg, msgn, "%s is not a whole number (expected %s)", val,
                 range);
        return false;
    }
    if (v < f->min) {
        char lo[40];
        num_format_exact(f->min, lo, sizeof lo);
        snprintf(msg, msgn, "%s is below %s (expected %s)", val, lo, range);
        return false;
    }
    if (v > f->max) {
        char hi[40];
        num_format_exact(f->max, hi, sizeof hi);
        snprintf(msg, msgn, "%s is above %s (expected %s)", val, hi, range);
        return false;
    }
    return true;
}

bool field_check_text(const Field *f, const char *text, char *msg,
                      size_t msgn)
{
    long len = field_utf8_length(text);
    if (len < 0) {
        snprintf(msg, msgn, "text is not valid UTF-8");
        return false;
    }
    if (strlen(text) >= f->size || len > (long)f->max) {
        snprintf(msg, msgn, "text is %ld characters long (at most %.0f allowed)",
                 len, f->max);
        return false;
    }
    if (len < (long)f->min) {
        if (f->min == 1)
            snprintf(msg, msgn, "text is empty (expected 1 to %.0f characters)",
                     f->max);
        else
            snprintf(msg, msgn,
                     "text is %ld characters long (expected %.0f to %.0f)", len,
                     f->min, f->max);
        return false;
    }
    if (f->rule == TR_CURRENCY) {
        bool ok = strlen(text) == 3;
        for (size_t i = 0; ok && i < 3; i++)
            ok = text[i] >= 'A' && text[i] <= 'Z';
        if (!ok) {
            snprintf(msg, msgn,
                     "\"%s\" is not a currency code (expected three upper-case "
                     "letters, such as USD or EUR)", text);
            return false;
        }
    }
    for (const char *p = text; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 && c != '\n' && c != '\t') {
            snprintf(msg, msgn, "text contains a control character (0x%02x)", c);
            return false;
        }
    }
    return true;
}

static bool parse_bool(const char *t, double *out)
{
    static const char *const yes[] = {"true", "yes", "on", "1"};
    static const char *const no[] = {"false", "no", "off", "0"};
    for (size_t i = 0; i < 4; i++) {
        if (strcmp(t, yes[i]) == 0) {
            *out = 1;
            return true;
        }
        if (strcmp(t, no[i]) == 0) {
            *out = 0;
            return true;
        }
    }
    return false;
}

bool field_parse(const Field *f, const char *text, double *out_num, char *msg,
                 size_t msgn)
{
    if (f->type == FT_TEXT)
        return field_check_text(f, text, msg, msgn);
    if (f->type == FT_BOOL) {
        if (!parse_bool(text, out_num)) {
            snprintf(msg, msgn, "\"%.40s\" is not a yes/no value (expected true "
                     "or false)", text);
            return false;
        }
        return true;
    }
    double v;
    int r = num_parse(text, &v);
    if (r != 0) {
        char range[120];
        range_text(f, range, sizeof range);
        if (r == 2)
            snprintf(msg, msgn, "\"%.40s\" is too large for a number "
                     "(expected %s)", text, range);
        else if (r == 3)
            snprintf(msg, msgn, "\"%.40s\" has a leading zero, which YAML reads "
                     "as octal (expected %s, without leading zeros)", text, range);
        else if (*text == '\0')
            snprintf(msg, msgn, "no value given (expected %s)", range);
        else
            snprintf(msg, msgn, "\"%.40s\" is not a number (expected %s, "
                     "written with '.')", text, range);
        return false;
    }
    v += 0.0; /* -0 is read as 0: a sign on zero means nothing here */
    if (!field_check_num(f, v, msg, msgn))
        return false;
    *out_num = v;
    return true;
}

bool field_set(const Field *f, Scenario *s, const char *text, char *msg,
               size_t msgn)
{
    double v = 0;
    if (!field_parse(f, text, &v, msg, msgn))
        return false;
    switch (f->type) {
    case FT_TEXT:
        snprintf(field_text(f, s), f->size, "%s", text);
        break;
    case FT_BOOL:
        *field_bool(f, s) = v != 0;
        break;
    default:
        *field_num(f, s) = v;
        break;
    }
    return true;
}

void field_format_double(double v, char *buf, size_t n)
{
    num_format_exact(v, buf, n);
}

void field_format(const Field *f, const Scenario *s, char *buf, size_t n)
{
    switch (f->type) {
    case FT_TEXT:
        snprintf(buf, n, "%s", field_get_text(f, s));
        break;
    case FT_BOOL:
        snprintf(buf, n, "%s", field_get_num(f, s) != 0 ? "true" : "false");
        break;
    default:
        num_format_exact(field_get_num(f, s), buf, n);
        break;
    }
}

bool scenario_validate(const Scenario *s, const Field **bad, char *msg,
                       size_t msgn)
{
    const Facility *fa = &s->facility;
    char a[40], b[40];
    if (fa->node_power_busy_kw > fa->node_power_max_kw) {
        num_format_exact(fa->node_power_busy_kw, a, sizeof a);
        num_format_exact(fa->node_power_max_kw, b, sizeof b);
        *bad = field_find("facility.node_power_busy_kw");
        snprintf(msg, msgn, "busy power %s kW is above the provisioned %s kW "
                 "(need idle <= busy <= max)", a, b);
        return false;
    }
    if (fa->node_power_idle_kw > fa->node_power_busy_kw) {
        num_format_exact(fa->node_power_idle_kw, a, sizeof a);
        num_format_exact(fa->node_power_busy_kw, b, sizeof b);
        *bad = field_find("facility.node_power_idle_kw");
        snprintf(msg, msgn, "idle power %s kW is above the busy %s kW "
                 "(need idle <= busy <= max)", a, b);
        return false;
    }
    return true;
}

void scenario_default(Scenario *s)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        switch (f->type) {
        case FT_TEXT:
            snprintf(field_text(f, s), f->size, "%s", f->def_text);
            break;
        case FT_BOOL:
            *field_bool(f, s) = f->def != 0;
            break;
        default:
            *field_num(f, s) = f->def;
            break;
        }
    }
}

bool scenario_equal(const Scenario *a, const Scenario *b)
{
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->type == FT_TEXT) {
            if (strcmp(field_get_text(f, a), field_get_text(f, b)) != 0)
                return false;
        } else if (f->type == FT_BOOL) {
            if (field_get_num(f, a) != field_get_num(f, b))
                return false;
        } else {
            double x = field_get_num(f, a), y = field_get_num(f, b);
            if (memcmp(&x, &y, sizeof x) != 0)
                return false;
        }
    }
    if (a->has_hybrid != b->has_hybrid)
        return false;
    return !a->has_hybrid || hybrid_plan_equal(&a->hybrid, &b->hybrid);
}
