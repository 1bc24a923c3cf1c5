/* prices.h: the price book (DESIGN 5), scenarios/prices.yaml.
 *
 * Dated, sourced cloud GPU prices per instance type and region. The planner's
 * Cloud panel copies an entry's per-GPU-hour prices into a scenario; a
 * scenario never depends on the price book to load. */
#ifndef GPUPLAN_PRICES_H
#define GPUPLAN_PRICES_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "scenario.h"

#define PRICES_MAX_INSTANCES 64
#define PRICES_MAX_REGIONS 24

typedef struct PriceRegion {
    char region[32];
    double on_demand, reserved, spot; /* per instance-hour; NAN = unknown */
    char date[16]; /* this region's prices' date when not the instance's;
                      "" = the instance's */
} PriceRegion;

typedef struct PriceInstance {
    char name[48], provider[24], gpu[48], date[16];
    /* Which commitment `reserved` is (DESIGN 2.9, 5): a word of
     * cloud.commitment ("capacity_block", "reserved_instance", ...), how it
     * is paid (a word of cloud.reserved_payment, "" = not said) and the
     * date of the committed rates ("" = the instance's date). */
    char reserved_kind[48], reserved_payment[24], reserved_date[16];
    char spot_date[16]; /* the spot samples' date; "" = the instance's */
    char source[400];
    /* Rates the book does not give because no source for them was found
     * ("Savings Plan rates: ..."), said rather than invented; "" = none. */
    char not_sourced[400];
    double gpus;
    double reserved_term_months; /* length of that commitment; NAN = unknown */
    size_t region_count;
    PriceRegion regions[PRICES_MAX_REGIONS];
} PriceInstance;

typedef struct PriceBook {
    size_t count;
    PriceInstance instances[PRICES_MAX_INSTANCES];
} PriceBook;

/* Load the price book at path. Returns 0, or a sysexits status with *d
 * located (FILE:LINE:COL, key path, message). *book is written only on
 * success. The PriceBook is large: allocate it, do not put it on a small
 * stack. */
int prices_load_file(const char *path, PriceBook *book, Diag *d);

/* True when the file at path is a price book: a regular file holding a
 * YAML mapping with the top-level key gpuplan_prices (whatever its other
 * keys say). False for anything else, a file that cannot be read or is not
 * a regular file (a pipe is never read here) included: the scenario loader
 * then says what is wrong. */
bool prices_is_book(const char *path);

/* What picking instance `in` in region r changes, as edits for the edit
 * path (scenario_set_all, which checks each value with its field's rules
 * and refuses all of them or none): the book's prices per instance-hour
 * divided by the instance's GPUs (on-demand, reserved and spot, those
 * that are known), the commitment's kind, payment and term with the
 * reserved rate (those the book gives), cloud.instance, cloud.region and
 * cloud.provider. The texts point into *e and into the book. Returns how
 * many of the three prices the book has. */
#define PRICES_EDITS_MAX 9
typedef struct PriceEdits {
    size_t count;
    const char *keys[PRICES_EDITS_MAX];
    const char *texts[PRICES_EDITS_MAX];
    char buf[PRICES_EDITS_MAX][32]; /* the numbers' texts (DTOA_BUFSIZE) */
} PriceEdits;
int prices_edits(const PriceInstance *in, const PriceRegion *r, PriceEdits *e);

#endif
