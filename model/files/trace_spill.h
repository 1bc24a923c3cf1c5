/* trace_spill.h: the scratch file a long job history is sorted in and
 * replayed from (DESIGN 10.8), so that the replay's memory is a few blocks,
 * not the history.
 *
 * A Spill is a temporary file, removed from its folder as soon as it is
 * made (nothing is left behind when gpuplan ends, however it ends), in
 * $TMPDIR or else /tmp. Records are appended and read back in blocks; an
 * error (a full disk, a failing one) fills a Diag naming the folder and
 * the system's reason, and the caller stops with EXIT_IOERR. */
#ifndef GPUPLAN_TRACE_SPILL_H
#define GPUPLAN_TRACE_SPILL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

typedef struct Spill {
    bool open;       /* false (as all zero): no file */
    int fd;
    uint64_t size;   /* bytes appended */
} Spill;

#define SPILL_CLOSED ((Spill){false, -1, 0})

/* Open an empty scratch file. Returns 0, or EXIT_IOERR with *d filled. */
int spill_open(Spill *s, Diag *d);

/* Append n bytes. Returns 0, or EXIT_IOERR with *d filled. */
int spill_append(Spill *s, const void *p, size_t n, Diag *d);

/* Read up to n bytes at offset off (fewer only at the file's end) into p:
 * the count read, or -1 with *d filled. */
long spill_read(const Spill *s, uint64_t off, void *p, size_t n, Diag *d);

void spill_close(Spill *s);

/* A sequential reader of fixed-size records in [start, end) of a spill,
 * one block at a time. */
typedef struct SpillCursor {
    const Spill *s;
    uint64_t at, end;     /* the next byte to read and the region's end */
    unsigned char *buf;
    size_t cap, len, pos; /* the block: its size, bytes in it, next byte */
    size_t rec;           /* bytes a record */
} SpillCursor;

/* Set *c to read records of `rec` bytes from [start, end), with a block of
 * about `block` bytes (at least one record). */
void spill_cursor(SpillCursor *c, const Spill *s, uint64_t start, uint64_t end,
                  size_t rec, size_t block);

/* The next record into p: 1, 0 at the region's end, -1 with *d filled. */
int spill_next(SpillCursor *c, void *p, Diag *d);

void spill_cursor_free(SpillCursor *c);

#endif
