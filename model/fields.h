/* fields.h: the field registry, the master copy of every scenario field.
 *
 * One row per field (DESIGN 1.1): key path, label, unit, type, default, range,
 * nudge step, help line, the planner panel it sits on, and where it lives in
 * the Scenario struct. List fields (the hybrid plan's workloads, the
 * uncertainty section's inputs) are rows of the same table with an index:
 * "hybrid.workloads[N].gpus" resolves (field_resolve) to the row
 * "hybrid.workloads[].gpus" and item N. The
 * cross-field rules are a table beside the rows. The YAML loader and saver,
 * validation, --set, the planner's panels and help, the JSON export and the
 * man page all walk these tables, so a field added here appears everywhere.
 * Changing a value from text goes through scenario_edit.h. */
#ifndef GPUPLAN_FIELDS_H
#define GPUPLAN_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "scenario.h"

typedef enum FieldType {
    FT_INT,     /* whole number */
    FT_NUMBER,  /* any finite number */
    FT_PERCENT, /* number written in percent, 42 = 42% */
    FT_MONEY,   /* number in the scenario's currency */
    FT_BOOL,    /* true / false */
    FT_TEXT,    /* UTF-8 text, length-checked in characters */
    FT_CHOICE   /* one word of the row's .choices, stored as an int index */
} FieldType;

/* The planner's input panels (DESIGN 8), in tab order. */
typedef enum Panel {
    PANEL_HARDWARE,
    PANEL_FACILITY,
    PANEL_STAFFING,
    PANEL_UTILIZATION,
    PANEL_CLOUD,
    PANEL_BUSINESS,
    PANEL_HORIZON,
    PANEL_HYBRID,
    PANEL_RISK,
    PANEL_COUNT
} Panel;

/* Extra rule a text field must satisfy beyond its length and encoding.
 * Each has a validator in fields.c (text_rules[]): a rule for another kind
 * of text is one enum value and one function there. */
typedef enum TextRule {
    TR_NONE,
    TR_CURRENCY, /* exactly three upper-case ASCII letters */
    TR_CRON,     /* a 5-field cron expression (DESIGN 6); parsed into .parsed */
    TR_NUMBER_KEY, /* the key of a number field of the scenario (DESIGN 2.8) */
    TR_COUNT
} TextRule;

/* Where a row's value exists. */
typedef enum FieldScope {
    FS_SCENARIO,    /* always */
    FS_HYBRID,      /* only when the optional `hybrid:` section is given */
    FS_UNCERTAINTY, /* only when the optional `uncertainty:` section is */
    FS_COUNT
} FieldScope;

/* A list of items (the hybrid plan's workloads, the uncertain inputs): rows
 * with .list set hold
 * one value of each item; their .offset is that value in item 0, and item i
 * is .stride bytes further on. */
typedef struct FieldList {
    const char *key;     /* "hybrid.workloads" */
    const char *item;    /* what an item is called: "workload" */
    const char *holder;  /* what holds the list, for messages: "plan" */
    const char *help;    /* what the items are, for the saver's comment */
    size_t offset;       /* offsetof(Scenario, ...) of item 0 */
    size_t count_offset; /* offsetof(Scenario, ...) of the size_t count */
    size_t min;          /* a given list holds at least this many items */
    bool required;       /* its section must give it (`workloads: []` at least) */
    size_t stride;       /* sizeof one item */
    size_t max;          /* capacity: items 0..max-1 */
} FieldList;

/* One row of the registry. Rows are written with designated initialisers
 * (field_table.c); a member left out is 0 / NULL. */
typedef struct Field {
    const char *key;   /* full path, "hardware.nodes" */
    FieldType type;
    Panel panel;
    size_t offset; /* offsetof(Scenario, ...) */
    size_t size;   /* sizeof the member: the buffer size for FT_TEXT */
    const char *label; /* short label for panels and reports */
    const char *unit;  /* unit shown after the value; "" for none; "$" = currency */
    double default_num;       /* numbers; bools 0/1; choices the index */
    const char *default_text; /* FT_TEXT */
    /* FT_CHOICE: the allowed words, NULL-terminated, in the order of the
     * enum stored in the Scenario (index 0 first). */
    const char *const *choices;
    double minimum, maximum; /* range; for FT_TEXT the length in characters */
    double step;     /* nudge step; 0 for text, bool and choice */
    TextRule rule;
    const char *help; /* one line, shown in the planner's status area */
    int version; /* schema version that introduced it; 0 = 1 (DESIGN 1.4) */

    FieldScope scope;
    const FieldList *list; /* a list row: one value of each item */
    bool above_minimum;    /* the value must be above .minimum, not equal */
    bool required;         /* a list item must give this key */
    /* A switched row: it is in use when the bool at .when_offset (in the
     * same item) equals .when_value, and setting the row sets that bool.
     * Two rows on one switch are alternatives ("exactly one of schedule
     * or per_day", field_alternative); a row alone on its switch is
     * optional (a workload's max_wait_minutes: given or not). */
    bool has_when, when_value;
    size_t when_offset;
    /* TR_CRON: where the parsed form is stored (offsetof, item 0). */
    size_t parsed_offset;
    /* When not given, the default is the value of this field instead of
     * .default_num ("hybrid.onprem_nodes" follows "hardware.nodes"). */
    const char *default_key;
    /* A saved file leaves the row out while it holds its default (the
     * version-2 hybrid.backfill and a workload's priority, which version-1
     * files never had). */
    bool omit_default;
    /* The value is in the unit and range of another field (an uncertain
     * input's low, high and mode take those of the field its key names,
     * checked by uncertainty_check): the row itself takes any finite
     * number, and the saver's comment is the help alone. */
    bool plain_comment;
} Field;

/* A cross-field rule (DESIGN 7): the value of .key must be at most the value
 * of .limit; when either field does not exist in a scenario the rule does
 * not apply. .say says a broken rule (diag_fail). A rule that is not a
 * comparison has .holds instead of .limit and .say: it applies when .key
 * exists, and returns 0, or EXIT_DATAERR with its own sentence in *d. */
typedef struct FieldRule {
    const char *key;   /* the field blamed */
    const char *limit; /* the field it must not exceed */
    int (*say)(const Scenario *s, Diag *d);
    int (*holds)(const Scenario *s, Diag *d);
} FieldRule;

#define FIELD_RULES_MAX 32 /* room for field_rules (checked where they are) */
extern const FieldRule field_rules[];
extern const size_t field_rule_count;

/* The lists of the registry. */
extern const FieldList field_list_workloads;
extern const FieldList field_list_inputs; /* uncertainty.inputs */
extern const FieldList field_list_groups; /* hybrid.groups (DESIGN 10.8) */
extern const FieldList field_list_pairs; /* uncertainty.correlations */

/* A Scenario member as a row's storage: .offset and .size together. */
#define FIELD_AT(member)                                                      \
    .offset = offsetof(Scenario, member),                                     \
    .size = sizeof(((Scenario *)0)->member)

/* A resolved key: the row, the list item, and the row's storage moved to
 * that item. Fill with field_resolve() or field_ref_init(); read the Field
 * through field_ref(), which may be called on a copy. */
#define FIELD_PATH_MAX 96
typedef struct FieldRef {
    const Field *row;          /* the table row */
    size_t index;              /* the item, for a list row; else 0 */
    Field field;               /* *row with .offset of item `index` */
    char path[FIELD_PATH_MAX]; /* "hybrid.workloads[2].gpus" */
} FieldRef;

/* The registry, in file order (the order a saved scenario lists the fields). */
extern const Field field_table[];
extern const size_t field_count;

/* Section names in file order ("" for the top level), for the saver and the
 * man page: hardware, facility, ... */
const char *field_section(const Field *f, char *buf, size_t n);

/* The schema version that introduced field f: 1, or 2 for the fields of
 * DESIGN version 2, which a `gpuplan: 1` file may not use (DESIGN 1.4). */
int field_version(const Field *f);

/* The row with this exact key ("hybrid.workloads[].gpus" for a list row),
 * or NULL. */
const Field *field_find(const char *key);

/* Resolve a key as a user writes it: "hardware.nodes", "hybrid.days" or
 * "hybrid.workloads[N].KEY" (N a plain decimal index below the list's
 * capacity). Fills *r and returns 0; otherwise EXIT_DATAERR with d's
 * message saying what is wrong (an unknown key with the nearest known one,
 * a bad or too large index, a list given without an item). Whether the
 * scenario has that section or item is field_exists()'s question. */
int field_resolve(const char *key, FieldRef *r, Diag *d);

/* Point *r at `row` (item `index` for a list row). */
void field_ref_init(FieldRef *r, const Field *row, size_t index);

/* The Field of a reference: its row with the item's storage and the item's
 * path as key. Valid as long as *r. */
const Field *field_ref(FieldRef *r);

/* 0 when the field r names exists in s: its section is given and, for a
 * list row, the item exists. Otherwise EXIT_DATAERR, d saying why. */
int field_exists(const FieldRef *r, const Scenario *s, Diag *d);

/* True when row f has a value in s at all (scenario fields always; the
 * hybrid plan's and the uncertainty section's when they are given). */
bool field_in_scope(const Field *f, const Scenario *s);

/* Whether s has the optional section of `scope` (FS_SCENARIO: true), and
 * its flag, for a loader that found the section or a planner that adds it
 * (field_scope_default). The section's name ("hybrid") into buf. */
bool field_scope_given(const Scenario *s, FieldScope scope);
const char *field_scope_name(FieldScope scope, char *buf, size_t n);

/* True when list row f of item `index` is in use in s: always, except for
 * switched rows (.has_when): of alternatives only the chosen one, and an
 * optional row only when it was given. */
bool field_in_use(const Field *f, const Scenario *s, size_t index);

/* The row on the same switch as row f (per_day for schedule), or NULL
 * when f is not one of two alternatives. */
const Field *field_alternative(const Field *f);

/* True when a saved file writes row f of item `index` of s: it is in
 * scope and in use, and not a row left out at its default
 * (.omit_default). */
bool field_saved(const Field *f, const Scenario *s, size_t index);

/* The number of items of list l in s. */
size_t field_list_count(const FieldList *l, const Scenario *s);

/* The leaf of a key, after its last '.' ("gpus" of
 * "hybrid.workloads[].gpus"). */
const char *field_leaf(const Field *f);

/* The key of row f as a completion of what the user typed, `word`: the
 * key itself; for a list row, "LIST[N].KEY" when word names item N, else
 * "LIST[" (the same for every row of the list). */
void field_complete_key(const Field *f, const char *word, char *buf,
                        size_t n);

/* The message for an unknown key `key` written in section `section` (""
 * for the top level or a full key path; "hardware"; "hybrid.workloads[]"
 * for a list item's keys): "unknown key `K` (did you mean `X`?)" with the
 * nearest known key, matched on the whole key and on its last part
 * (`nodes` -> `hardware.nodes`), or the list of known keys. This is the one
 * place that words "did you mean". Sets d (diag_fail) and returns
 * EXIT_DATAERR. */
int field_unknown(const char *section, const char *key, Diag *d);

/* The one of names[0..n) nearest to `word` by edit distance, within the
 * slip "did you mean" allows (about a third of its length), or NULL. For
 * other names than keys (the planner's `:` commands). */
const char *field_nearest(const char *word, const char *const *names, size_t n);

/* The registered key closest to `key` (for "did you mean"), or NULL when
 * nothing is reasonably close: the row whose key or last part equals
 * `key`, else the nearest by edit distance. `prefix` restricts the search
 * to keys under that section ("" = the whole table, NULL = top-level names
 * and section names only). A list row is returned as its row key
 * ("hybrid.workloads[].gpus"); a section name (prefix NULL) is written to
 * buf (n bytes, 32 hold every section name) and buf returned. Keeps no
 * state: safe to call from several threads at once. */
const char *field_suggest(const char *key, const char *prefix, char *buf,
                          size_t n);

/* Pointers to the field's storage inside a scenario. */
double *field_num(const Field *f, Scenario *s);
double field_get_num(const Field *f, const Scenario *s);
bool *field_bool(const Field *f, Scenario *s);

/* Store v in f's storage: a bool as v != 0, a choice as the index v, a
 * number as is; nothing for text. v must already be checked
 * (field_check_num). */
void field_put_num(const Field *f, Scenario *s, double v);

/* FT_CHOICE: how many words f allows (0 for other types); the index of
 * `word` among them, or -1; and the words as a list, "a, b or c" with
 * sep = ", " and last = " or ". */
size_t field_choice_count(const Field *f);
int field_choice_index(const Field *f, const char *word);
void field_choice_list(const Field *f, const char *sep, const char *last,
                       char *buf, size_t n);
char *field_text(const Field *f, Scenario *s);
const char *field_get_text(const Field *f, const Scenario *s);

/* Parse `text` as a value of field f without changing anything: numbers
 * accept only plain decimal notation ([-+]digits[.digits][e[-+]digits]) with
 * '.' whatever the locale; no hex, inf, nan or overflow. Bools accept
 * only true and false (DESIGN 7); choices accept exactly one of their words
 * and give its index. On success stores the number in *out_num
 * (bools as 0/1) and returns 0; otherwise EXIT_DATAERR with d's message
 * saying what is wrong and what is allowed ("not a number (expected a
 * decimal number from 0 to 100)"); d gets no file, position or path, which
 * the caller knows. Range is checked too. Text fields are checked for
 * length and rule only (value not copied). */
int field_parse(const Field *f, const char *text, double *out_num, Diag *d);

/* Check a number against f's type and range; d as field_parse. */
int field_check_num(const Field *f, double v, Diag *d);

/* True for the one text field that spans lines (notes: line breaks and
 * tabs allowed, DESIGN 7; the planner edits it in the notes editor). Every
 * other text is one line. */
bool field_multiline(const Field *f);

/* The registry field a key of TR_NUMBER_KEY may name (an uncertain input's
 * key, DESIGN 2.8): a number field (int, number, percent or money) of the
 * scenario, not of an optional section. NULL otherwise, with d saying
 * why and what is allowed. */
const Field *field_number_key(const char *key, Diag *d);

/* Check text against f's length, characters and rule; d as field_parse. */
int field_check_text(const Field *f, const char *text, Diag *d);

/* The same, for a caller that points at the problem itself: *col is the
 * 1-based column within text of a rule's error (a cron field), 0 when
 * none applies, and then d's message holds only the problem. */
int field_check_text_at(const Field *f, const char *text, Diag *d, int *col);

/* Set field f of s from text, validated as field_parse: the value, its
 * parsed form (a cron schedule) and, for one of alternatives, the switch
 * that chooses it. Returns 0, or EXIT_DATAERR with d as field_parse and s
 * unchanged. Rules across fields are not checked here: scenario_edit.h does. */
int field_set(const Field *f, Scenario *s, const char *text, Diag *d);

/* Make the optional list row r names (a row alone on its switch: a
 * workload's max_wait_minutes or cloud_gpu_hour) not given in s again: its
 * switch off and its value the row's default, so the item takes the value
 * it would without it and a saved file leaves the key out. Returns false,
 * changing nothing, for any other row. Rules across fields are not checked
 * here: scenario_check does. */
bool field_unset(const FieldRef *r, Scenario *s);

/* Format f's value in s for display and saving: the shortest decimal that
 * reads back bit-identical (numbers), true/false, or the text. */
void field_format(const Field *f, const Scenario *s, char *buf, size_t n);

/* Format a double as the shortest decimal that strtod reads back exactly,
 * always with '.' (never locale-dependent, never exponent for ordinary
 * magnitudes). */
void field_format_double(double v, char *buf, size_t n);

/* Number of UTF-8 characters in s; -1 when s is not valid UTF-8. */
long field_utf8_length(const char *s);

/* Human-readable names. */
const char *field_type_name(FieldType t);
const char *panel_name(Panel p);

/* Cross-field rules of DESIGN 7 (field_rules: power idle <= busy <= max,
 * hybrid onprem_nodes <= hardware.nodes, the plan's job count within
 * what a plan may simulate). On the first violation fills
 * *bad with the field to blame and d with the rule (no path: the caller
 * names *bad as it writes fields), returns EXIT_DATAERR; 0 when all hold.
 * The one check every caller uses after a change. */
int scenario_validate(const Scenario *s, const Field **bad, Diag *d);

/* The same, for a scenario of which only fields of scope `changed` differ
 * from a valid one (a Monte Carlo draw, a seek step: the scenario's
 * fields): only the rules that involve such a field, so that the plan's
 * own rules (its job count, which takes a count of every job) are not
 * worked out again for each. */
int scenario_validate_scope(const Scenario *s, FieldScope changed,
                            const Field **bad, Diag *d);

/* Reset the hybrid plan of s to its rows' defaults (no workloads;
 * onprem_nodes = hardware.nodes), and item i of list l to its rows'
 * defaults (alternatives switched off: a workload has per_day 0).
 * field_scope_default does the same for the section of any scope and
 * marks it given (FS_SCENARIO: nothing). */
void scenario_hybrid_default(Scenario *s);
void field_scope_default(Scenario *s, FieldScope scope);
void field_item_default(const FieldList *l, Scenario *s, size_t i);

#endif
