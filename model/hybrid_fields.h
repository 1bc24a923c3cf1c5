/* hybrid_fields.h: the keys of the `hybrid:` section (SPEC 6) as Field rows.
 *
 * The hybrid plan is not a flat list of registry fields (it holds a list of
 * workloads), so it is not in field_table. This module gives each of its
 * keys a Field row built on demand, with the offset of that value inside a
 * Scenario, so that the loader, the saver, the exports and `--set` parse,
 * check, format and describe hybrid values with the registry's own
 * functions and messages. It also holds the plan's defaults, its equality
 * and its cross-field rules. Pure: no I/O. */
#ifndef GPUPLAN_HYBRID_FIELDS_H
#define GPUPLAN_HYBRID_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include "fields.h"
#include "scenario.h"

/* Keys of the section, in file order; the last is "workloads". */
enum { HY_DAYS, HY_ONPREM_NODES, HY_MAX_WAIT, HY_IDLE, HY_SEED,
       HY_BACKFILL, HY_WORKLOADS, HY_KEY_COUNT };
extern const char *const hybrid_section_keys[HY_KEY_COUNT];

/* Keys of one workload, in file order. */
enum { HW_NAME, HW_SCHEDULE, HW_PER_DAY, HW_GPUS, HW_HOURS, HW_RUN,
       HW_CLOUD_MODE, HW_PRIORITY, HW_MAX_WAIT, HW_CLOUD_PRICE,
       HW_KEY_COUNT };
extern const char *const hybrid_workload_keys[HW_KEY_COUNT];

/* Index of `key` in keys[0..n), or -1. */
int hybrid_key_index(const char *const *keys, size_t n, const char *key);

/* What a hybrid key names ("hybrid." may be left off): a scalar (*which
 * one of HY_DAYS..HY_SEED), a workload's value "workloads[N].KEY" (*index
 * N, capped at HYBRID_MAX_WORKLOADS, and *which one of HW_*), or nothing. */
typedef enum HybridKeyKind { HK_NONE, HK_SCALAR, HK_WORKLOAD } HybridKeyKind;
HybridKeyKind hybrid_parse_key(const char *key, size_t *index, int *which);

/* Fill *p with the section's defaults: days 30, onprem_nodes = nodes,
 * max_wait_minutes 90, cloud_idle_minutes 10, seed 1, no workloads. */
void hybrid_plan_default(HybridPlan *p, double nodes);

/* Fill *w with a workload's defaults: empty name, no schedule, per_day 0,
 * gpus 1, hours 1, run onprem, cloud_mode on_demand. */
void hybrid_workload_default(HybridWorkload *w);

/* True when a and b are the same plan: numbers bit for bit, text byte for
 * byte, run, mode and has_schedule equal (the parsed Cron follows from the
 * text, so it is not compared). */
bool hybrid_plan_equal(const HybridPlan *a, const HybridPlan *b);

/* Build the Field row for scalar `which` (HY_DAYS..HY_SEED) into *f. Its
 * key is `path`, which must outlive *f ("hybrid.days"). */
void hybrid_scalar_field(int which, const char *path, Field *f);

/* The same for value `which` of workload `index`: HW_NAME, HW_SCHEDULE
 * (text), HW_PER_DAY, HW_GPUS, HW_HOURS, HW_PRIORITY, HW_MAX_WAIT,
 * HW_CLOUD_PRICE (the last two optional: has_max_wait, has_cloud_price).
 * Returns false for HW_RUN and HW_CLOUD_MODE, which are words (see
 * hybrid_parse_run). */
bool hybrid_workload_field(size_t index, int which, const char *path,
                           Field *f);

/* Extra rule beyond f's range: `hours` must be above 0. True when v is
 * allowed for workload key `which`; otherwise fills msg. */
bool hybrid_check_workload_num(int which, double v, char *msg, size_t n);

/* Parse a run ("onprem", "cloud", "burst") or a cloud mode ("on_demand",
 * "spot"). On failure fill msg with what is wrong and the allowed words. */
bool hybrid_parse_run(const char *text, HybridRun *out, char *msg, size_t n);
bool hybrid_parse_mode(const char *text, HybridCloudMode *out, char *msg,
                       size_t n);

/* `--set` and `:set` of a hybrid key, validated like the file: a scalar
 * ("hybrid.days", "hybrid.onprem_nodes", "hybrid.max_wait_minutes",
 * "hybrid.cloud_idle_minutes", "hybrid.seed") or a value of an existing
 * workload ("hybrid.workloads[N].KEY", KEY one of hybrid_workload_keys;
 * per_day replaces a schedule and a schedule replaces per_day). Only a
 * scenario that has a hybrid section can take them: without one this
 * returns false with a message saying to add the section to the file (a
 * plan needs workloads, which --set cannot give). onprem_nodes is also
 * checked against hardware.nodes. key is the full path; on any error s is
 * unchanged and msg says why. */
bool hybrid_set(Scenario *s, const char *key, const char *value, char *msg,
                size_t n);

/* Mark workload w's optional value `which` as given (max_wait_minutes,
 * cloud_gpu_hour); other keys need no mark. */
void hybrid_workload_mark(HybridWorkload *w, int which);

/* True when a save writes workload w's key `which`: a schedule or a rate,
 * the optional values only when given, priority only when not 0. */
bool hybrid_workload_key_saved(const HybridWorkload *w, int which);

/* Set value `which` of workload `index` (< s->hybrid.workload_count) from
 * its text: a word for run and cloud_mode, a cron expression for schedule
 * (has_schedule becomes true), a number in range for per_day (has_schedule
 * becomes false), gpus and hours, a name. On error fills msg with what is
 * wrong and what is allowed, and leaves s unchanged. */
bool hybrid_set_workload(Scenario *s, size_t index, int which,
                         const char *value, char *msg, size_t n);

/* The cross-field rule of SPEC 7 for the plan: onprem_nodes <= nodes. True
 * when s has no plan or the rule holds; otherwise fills msg. */
bool hybrid_check_nodes(const Scenario *s, char *msg, size_t n);

#endif
