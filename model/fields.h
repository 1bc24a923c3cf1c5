/* fields.h: the field registry, the master copy of every scenario field.
 *
 * One row per field (SPEC 1.1): key path, label, unit, type, default, range,
 * nudge step, help line, the planner panel it sits on, and where it lives in
 * the Scenario struct. The YAML loader and saver, validation, --set, the
 * planner's panels and help, the JSON export and the man page all walk this
 * table, so a field added here appears everywhere. */
#ifndef GPUPLAN_FIELDS_H
#define GPUPLAN_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

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

/* The planner's input panels (SPEC 8), in tab order. */
typedef enum Panel {
    PANEL_HARDWARE,
    PANEL_FACILITY,
    PANEL_STAFFING,
    PANEL_UTILIZATION,
    PANEL_CLOUD,
    PANEL_BUSINESS,
    PANEL_HYBRID,
    PANEL_COUNT
} Panel;

/* Extra rule a text field must satisfy beyond its length. */
typedef enum TextRule {
    TR_NONE,
    TR_CURRENCY /* exactly three upper-case ASCII letters */
} TextRule;

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
    int version; /* schema version that introduced it; 0 = 1 (SPEC 1.4) */
} Field;

/* A Scenario member as a row's storage: .offset and .size together. */
#define FIELD_AT(member)                                                      \
    .offset = offsetof(Scenario, member),                                     \
    .size = sizeof(((Scenario *)0)->member)

/* The registry, in file order (the order a saved scenario lists the fields). */
extern const Field field_table[];
extern const size_t field_count;

/* Section names in file order ("" for the top level), for the saver and the
 * man page: hardware, facility, ... */
const char *field_section(const Field *f, char *buf, size_t n);

/* The schema version that introduced field f: 1, or 2 for the fields of
 * SPEC version 2, which a `gpuplan: 1` file may not use (SPEC 1.4). */
int field_version(const Field *f);

/* The field with this exact key path, or NULL. */
const Field *field_find(const char *key);

/* The registered key closest to `key` by edit distance (for "did you mean"),
 * or NULL when nothing is reasonably close. `prefix` restricts the search to
 * keys under that section ("" = the whole table, NULL = top-level names and
 * section names only). */
const char *field_suggest(const char *key, const char *prefix);

/* The candidate closest to `key` by the same edit distance and cutoff as
 * field_suggest, or NULL when none is reasonably close; for key sets that
 * are not in the registry (the hybrid section's keys). */
const char *field_suggest_in(const char *key, const char *const *candidates,
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
 * only true and false (SPEC 7); choices accept exactly one of their words
 * and give its index. On success stores the number in *out_num
 * (bools as 0/1) and returns true; otherwise writes what is wrong and what is
 * allowed to msg ("not a number (expected a decimal number from 0 to 100)")
 * and returns false. Range is checked too. Text fields are checked for length
 * and rule only (value not copied). */
bool field_parse(const Field *f, const char *text, double *out_num, char *msg,
                 size_t msgn);

/* Check a number against f's type and range; msg as field_parse. */
bool field_check_num(const Field *f, double v, char *msg, size_t msgn);

/* Check text against f's length and rule; msg as field_parse. */
bool field_check_text(const Field *f, const char *text, char *msg, size_t msgn);

/* Set field f of s from text, validated as field_parse. Returns false and
 * fills msg on error, leaving s unchanged. */
bool field_set(const Field *f, Scenario *s, const char *text, char *msg,
               size_t msgn);

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

/* Cross-field rules of SPEC 7 (power idle <= busy <= max, ...). On the first
 * violation fills *bad with the field to blame and msg with the rule, returns
 * false. */
bool scenario_validate(const Scenario *s, const Field **bad, char *msg,
                       size_t msgn);

#endif
