/* cron.h: 5-field cron expressions for the hybrid plan's schedules (DESIGN 6).
 *
 * Fields, in order: minute (0-59), hour (0-23), day-of-month (1-31), month
 * (1-12), day-of-week (0-7, 0 and 7 are Sunday). Each field is `*`, a number,
 * a range `a-b`, a step over either (`*\/15`, `10-50/10`), or a comma list of
 * those. Names (JAN, MON) are not accepted. Times are UTC; there is no
 * daylight saving.
 *
 * Day rule (as in Vixie cron and cronie): when both day-of-month and
 * day-of-week are restricted, a day matches if EITHER matches; when one of
 * them is unrestricted, both must match (so the restricted one decides).
 * A field counts as unrestricted when it starts with `*` (`*` or `*\/n`),
 * which is the rule those crons use. A parsed Cron is a set of bit masks: no
 * pointers, copy it with `=`. */
#ifndef GPUPLAN_CRON_H
#define GPUPLAN_CRON_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"

typedef struct Cron {
    uint64_t minutes; /* bit m: minute m, 0..59 */
    uint32_t hours;   /* bit h: hour h, 0..23 */
    uint32_t mdays;   /* bit d: day of month d, 1..31 */
    uint16_t months;  /* bit m: month m, 1..12 */
    uint8_t wdays;    /* bit w: day of week w, 0..6 (7 folded into 0) */
    bool mday_star;   /* day-of-month field starts with `*` */
    bool wday_star;   /* day-of-week field starts with `*` */
} Cron;

/* Parse the NUL-terminated expression text into *out. Leading and trailing
 * blanks are allowed; fields are separated by spaces or tabs. Returns 0 on
 * success; on failure EXIT_DATAERR, leaves *out unspecified and, when d is
 * not NULL, says in *d what is wrong, naming the field and its allowed
 * range ("hour 25 out of range (0-23)"), with d->col the 1-based column
 * (in characters) of the offending character within the expression
 * (d->line stays 0: the caller places it in its file). */
int cron_parse(const char *text, Cron *out, Diag *d);

/* True when the calendar day (month 1..12, day of month 1..31, day of week
 * 0..6 with 0 = Sunday) is selected by c's day fields, applying the OR rule
 * above. */
bool cron_day_matches(const Cron *c, int month, int mday, int wday);

/* True when c fires at that minute of that day. */
bool cron_matches(const Cron *c, int month, int mday, int wday, int hour,
                  int minute);

#endif
