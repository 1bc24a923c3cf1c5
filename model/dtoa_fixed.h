/* dtoa_fixed.h: dtoa_shortest's text for a number known to be a short
 * decimal (money rounded to the cent, a sweep axis written with a few
 * places), written from its integer digits: no digit search at all. */
#ifndef GPUPLAN_DTOA_FIXED_H
#define GPUPLAN_DTOA_FIXED_H

#include <stddef.h>

#include "dtoa.h"

/* The most places dtoa_fixed takes a hint of. */
#define DTOA_FIXED_PLACES_MAX 15

/* Write into buf (at least DTOA_BUFSIZE bytes, not NULL) exactly the text
 * dtoa_shortest(v, buf) writes, and return its length. `places` is a hint:
 * when v is the double nearest some k / 10^places (k a whole number), the
 * text is written from k's digits, which is several times faster; when it
 * is not (or v is 0, very large, below 1e-5, not finite, or places is out
 * of 0..DTOA_FIXED_PLACES_MAX), dtoa_shortest writes it. Either way the
 * text is the same: the hint changes the speed, never the output. */
size_t dtoa_fixed(double v, int places, char *buf);

/* Write into buf (at least DTOA_BUFSIZE bytes, not NULL) exactly the text
 * dtoa_shortest(num_round_cents(v), buf) writes, money to the cent as CSV
 * gives it ("66075.52", "0.1", "-3", "0"), and return its length; the
 * usual amounts without a division or a call to round(). */
size_t dtoa_cents(double v, char *buf);

#endif
