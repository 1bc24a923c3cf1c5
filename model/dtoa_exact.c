/* dtoa_exact.c: shortest round-trip digits by exact big-integer
 * arithmetic (Steele & White / Dragon4 free format), the fallback of
 * dtoa.c's Grisu3; see dtoa_exact.h. */
#include "config.h"

#include "dtoa_exact.h"

/* ---- exact fallback: big integers ------------------------------------------- */

/* Enough for 4 * 2^53 * 10^341 (the largest number the fallback forms is
 * under 2^1150); 32-bit limbs, least significant first. */
#define BIG_LIMBS 40

typedef struct Big {
    int n; /* limbs in use; d[n-1] != 0 unless n == 0 */
    uint32_t d[BIG_LIMBS];
} Big;

static void big_set_u64(Big *a, uint64_t x)
{
    a->n = 0;
    while (x) {
        a->d[a->n++] = (uint32_t)x;
        x >>= 32;
    }
}

static void big_shl(Big *a, int bits)
{
    if (a->n == 0 || bits == 0)
        return;
    int limbs = bits / 32, b = bits % 32;
    int n = a->n;
    a->d[n + limbs] = 0;
    for (int i = n - 1; i >= 0; i--) {
        uint64_t x = (uint64_t)a->d[i] << b;
        a->d[i + limbs + 1] |= (uint32_t)(x >> 32);
        a->d[i + limbs] = (uint32_t)x;
    }
    for (int i = 0; i < limbs; i++)
        a->d[i] = 0;
    a->n = n + limbs + 1;
    while (a->n > 0 && a->d[a->n - 1] == 0)
        a->n--;
}

static void big_mul_small(Big *a, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < a->n; i++) {
        uint64_t x = (uint64_t)a->d[i] * m + carry;
        a->d[i] = (uint32_t)x;
        carry = x >> 32;
    }
    if (carry)
        a->d[a->n++] = (uint32_t)carry;
}

static void big_mul_pow10(Big *a, int k)
{
    static const uint32_t p10[] = {1,      10,      100,      1000,     10000,
                                   100000, 1000000, 10000000, 100000000};
    for (; k >= 9; k -= 9)
        big_mul_small(a, 1000000000);
    if (k > 0)
        big_mul_small(a, p10[k]);
}

static int big_cmp(const Big *a, const Big *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->d[i] != b->d[i])
            return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}

/* out = a + b (out may alias neither). */
static void big_add(Big *out, const Big *a, const Big *b)
{
    const Big *lo = a->n < b->n ? a : b, *hi = a->n < b->n ? b : a;
    uint64_t carry = 0;
    int i;
    for (i = 0; i < hi->n; i++) {
        uint64_t x = (uint64_t)hi->d[i] + (i < lo->n ? lo->d[i] : 0) + carry;
        out->d[i] = (uint32_t)x;
        carry = x >> 32;
    }
    if (carry)
        out->d[i++] = (uint32_t)carry;
    out->n = i;
}

/* a -= b, requires a >= b. */
static void big_sub(Big *a, const Big *b)
{
    int64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        int64_t x = (int64_t)a->d[i] - (i < b->n ? b->d[i] : 0) - borrow;
        borrow = x < 0;
        a->d[i] = (uint32_t)(x + (borrow ? (INT64_C(1) << 32) : 0));
    }
    while (a->n > 0 && a->d[a->n - 1] == 0)
        a->n--;
}

/* Shortest, nearest digits by exact arithmetic: v = r/s, the rounding
 * interval is [(r - mm)/s, (r + mp)/s] (closed when f is even, since strtod
 * rounds halfway cases to even). Same outputs as grisu3. */
void dtoa_exact_digits(const Decomposed *d, char *buf, int *n_out,
                       int *exp10)
{
    Big r, s, mp, mm, t;
    int lower = d->lower_closer;
    int bitlen = 64 - dtoa_clz64(d->f);
    if (d->e >= 0) {
        big_set_u64(&r, d->f);
        big_shl(&r, d->e + 1 + lower);
        big_set_u64(&s, lower ? 4 : 2);
        big_set_u64(&mp, 1);
        big_shl(&mp, d->e + lower);
        big_set_u64(&mm, 1);
        big_shl(&mm, d->e);
    } else {
        big_set_u64(&r, d->f << (1 + lower));
        big_set_u64(&s, 1);
        big_shl(&s, 1 + lower - d->e);
        big_set_u64(&mp, lower ? 2 : 1);
        big_set_u64(&mm, 1);
    }
    /* k = ceil(log10(2^(e + bitlen - 1))) <= ceil(log10(v)): never above
     * the true first-digit exponent, at most two below; fixed up next. */
    int p = d->e + bitlen - 1;
    int k = p >= 0 ? (p * 78913 + (1 << 18) - 1) >> 18 : -((-p * 78913) >> 18);
    /* 78913/2^18 is 8e-7 below log10(2): for negative p the estimate may
     * come out one too high; step back to stay at or below. */
    if (p < 0)
        k--;
    if (k >= 0) {
        big_mul_pow10(&s, k);
    } else {
        big_mul_pow10(&r, -k);
        big_mul_pow10(&mp, -k);
        big_mul_pow10(&mm, -k);
    }
    /* Make (r + mp)/s < 1 (<= 1 when the upper boundary is excluded). */
    for (;;) {
        big_add(&t, &r, &mp);
        int c = big_cmp(&t, &s);
        if (d->even ? c < 0 : c <= 0)
            break;
        big_mul_small(&s, 10);
        k++;
    }
    int n = 0;
    for (;;) {
        big_mul_small(&r, 10);
        big_mul_small(&mp, 10);
        big_mul_small(&mm, 10);
        int digit = 0;
        while (big_cmp(&r, &s) >= 0) {
            big_sub(&r, &s);
            digit++;
        }
        int c_low = big_cmp(&r, &mm);
        big_add(&t, &r, &mp);
        int c_high = big_cmp(&t, &s);
        int low = d->even ? c_low <= 0 : c_low < 0;
        int high = d->even ? c_high >= 0 : c_high > 0;
        if (!low && !high) {
            buf[n++] = (char)('0' + digit);
            continue;
        }
        if (low && high) {
            big_add(&t, &r, &r);
            int c = big_cmp(&t, &s);
            if (c > 0 || (c == 0 && (digit & 1)))
                digit++;
        } else if (high) {
            digit++;
        }
        buf[n++] = (char)('0' + digit);
        break;
    }
    *n_out = n;
    *exp10 = k - n;
}
