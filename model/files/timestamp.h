/* timestamp.h: the times of job records and activity samples, read as UTC
 * seconds (DESIGN 10).
 *
 * A time is epoch seconds (`1709251200`, `1709251200.5`) or ISO 8601
 * (`2024-03-01T08:15:00`, a space for the T, seconds and a fraction
 * optional, then `Z`, `+01:00`, `+0100` or `+01`). A time without an offset
 * is local time in the time zone the reader was given: SLURM's sacct writes
 * its times so. Local times that a clock change makes ambiguous (the hour
 * repeated in autumn) have two readings, both returned; a local time that
 * a clock change skips (the hour lost in spring) is read with the offset in
 * force before the change. Local time comes from the C library's zone
 * rules for the process's TZ; the UTC zone needs none. */
#ifndef GPUPLAN_TIMESTAMP_H
#define GPUPLAN_TIMESTAMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TIMEZONE_CACHE 1024

/* A time zone and a cache of its offsets. */
typedef struct TimeZone {
    bool utc; /* UTC: every offset is 0; otherwise the process's local zone */
    int64_t cache_hour[TIMEZONE_CACHE]; /* local hour known to be regular */
    long cache_off[TIMEZONE_CACHE];
} TimeZone;

/* Set *z to UTC (utc true) or to the local zone of the process (its TZ
 * environment variable, as the C library reads it). Never fails. */
void timezone_init(TimeZone *z, bool utc);

/* The offset from UTC, in seconds east, at UTC second t. */
long timezone_offset(TimeZone *z, int64_t t);

/* The UTC seconds of local time `local` (seconds since 1970-01-01 00:00 on
 * the local clock). Returns how many instants have that local time: 1
 * (*first == *second), 2 (an hour repeated: *first < *second) or 0 (an hour
 * skipped: both are the reading with the offset before the change). */
int timezone_from_local(TimeZone *z, int64_t local, int64_t *first,
                        int64_t *second);

typedef enum TimeStatus {
    TIME_OK,
    TIME_UNKNOWN, /* empty, "Unknown" or "None": no time given */
    TIME_BAD      /* not a time: *why says what is wrong */
} TimeStatus;

/* Parse s[0..n) (surrounding blanks allowed). On TIME_OK, *t is the UTC
 * second (a fraction rounded to the nearest) and *later the second reading
 * of an ambiguous local time (== *t otherwise). On TIME_BAD, *why is a
 * static phrase ("month 13 is not 1..12") and *at the offset in s of the
 * character it blames. Years 1900..9999. */
TimeStatus timestamp_parse(const char *s, size_t n, TimeZone *z, int64_t *t,
                           int64_t *later, const char **why, size_t *at);

/* The allowed forms, for messages. */
#define TIMESTAMP_FORMS \
    "YYYY-MM-DDTHH:MM:SS (with Z or +HH:MM, or local time), or epoch seconds"

#endif
