/* record_reader.h: the records of a delimited text file, read in large
 * blocks (DESIGN 10).
 *
 * A record is one line of `sacct --parsable2` output (fields split at '|',
 * no quoting) or one CSV record (RFC 4180: fields split at ',', a field in
 * double quotes may hold commas, doubled quotes and line breaks). The
 * separator is the first non-blank line's: '|' when it has one, else ','.
 * A UTF-8 byte order mark is skipped, CRLF line ends are read as LF, blank
 * lines and lines starting with '#' are skipped. The file is read in 1 MiB
 * blocks and never held whole: memory is a block and the longest record.
 * Every field remembers where it started, so a message can name its line
 * and column. */
#ifndef GPUPLAN_RECORD_READER_H
#define GPUPLAN_RECORD_READER_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

#define RECORD_MAX (1024 * 1024) /* a longer record is refused */

typedef struct RecordField {
    const char *s; /* the field's text (quotes removed), not terminated */
    size_t n;
    size_t raw;    /* offset of its first byte in the record's raw text */
} RecordField;

typedef struct RecordReader {
    const char *name; /* for messages */
    int fd;
    bool own_fd, eof, bom_done;
    char sep;         /* '|' or ','; 0 until the first record */
    char *buf;        /* the block being read */
    size_t cap, len, pos;
    unsigned long line; /* line of buf[pos] */
    char *scratch;    /* unquoted fields */
    size_t scratch_cap;
    RecordField *fields;
    size_t nfields, fields_cap;
    const char *raw;  /* the current record as written (up to its LF) */
    size_t raw_len;
    unsigned long raw_line; /* the line it starts on */
    /* RECORD_BAD_QUOTE: the byte of raw blamed, the quote left open
     * (bad_open) or the first byte after a closing quote that is not a
     * separator. */
    size_t bad_at;
    bool bad_open;
} RecordReader;

/* Open path ("-" reads standard input). Returns 0, or EXIT_NOINPUT with *d
 * saying why. */
int record_open(RecordReader *r, const char *path, Diag *d);

/* What record_next found. */
typedef enum RecordStatus {
    RECORD_END,     /* no more records */
    RECORD_OK,      /* fields[0..nfields) hold the next record */
    RECORD_TOO_LONG, /* a record longer than RECORD_MAX, skipped whole
                        (raw_line says where it started) */
    RECORD_BAD_QUOTE, /* a quoted field not closed before the end of the
                         file, or text after a closing quote; raw and
                         raw_line are that record's, bad_at and bad_open
                         say where and which (its fields are not given) */
    RECORD_IO_ERROR /* reading failed: *d says why */
} RecordStatus;

/* Read the next record. The fields and raw text stay valid until the next
 * call. */
RecordStatus record_next(RecordReader *r, Diag *d);

/* Line and column (1-based, the column in characters) of byte `raw` of
 * the current record. */
void record_locate(const RecordReader *r, size_t raw, unsigned long *line,
                   unsigned long *col);

/* Close the file (unless it was standard input) and release the memory. */
void record_close(RecordReader *r);

#endif
