/* dtoa.c: shortest round-trip double-to-text: Grisu3 (Loitsch 2010) with an
 * exact big-integer fallback (Steele & White / Dragon4 free format). */
#include "config.h"

#include "dtoa.h"

#include <stdint.h>
#include <string.h>

#include "dtoa_exact.h"

/* ---- the value as significand and binary exponent ----------------------- */

#define SIG_BITS 52
#define SIG_MASK ((UINT64_C(1) << SIG_BITS) - 1)
#define HIDDEN_BIT (UINT64_C(1) << SIG_BITS)
#define EXP_BIAS 1075 /* 1023 + 52: v = f * 2^(E - EXP_BIAS) */

static Decomposed decompose(uint64_t bits)
{
    Decomposed d;
    int be = (int)((bits >> SIG_BITS) & 0x7ff);
    uint64_t frac = bits & SIG_MASK;
    if (be == 0) {
        d.f = frac;
        d.e = 1 - EXP_BIAS;
    } else {
        d.f = frac | HIDDEN_BIT;
        d.e = be - EXP_BIAS;
    }
    d.even = (d.f & 1) == 0;
    /* For be == 1 the double below is subnormal with the same spacing. */
    d.lower_closer = frac == 0 && be > 1;
    return d;
}

/* ---- Grisu3 ---------------------------------------------------------------- */

/* A "do-it-yourself" float f * 2^e with a full 64-bit significand. */
typedef struct DiyFp {
    uint64_t f;
    int e;
} DiyFp;

/* The high 64 bits of a.f * b.f, rounded to nearest (half up): an error of
 * at most half a unit in the last place of the result. */
static DiyFp diy_mul(DiyFp a, DiyFp b)
{
    DiyFp r;
    r.e = a.e + b.e + 64;
#ifdef __SIZEOF_INT128__
    __extension__ typedef unsigned __int128 Wide;
    Wide p = (Wide)a.f * b.f + (UINT64_C(1) << 63);
    r.f = (uint64_t)(p >> 64);
#else
    const uint64_t m32 = UINT64_C(0xffffffff);
    uint64_t ah = a.f >> 32, al = a.f & m32;
    uint64_t bh = b.f >> 32, bl = b.f & m32;
    uint64_t hh = ah * bh, hl = ah * bl, lh = al * bh, ll = al * bl;
    uint64_t mid = (ll >> 32) + (hl & m32) + (lh & m32) + (UINT64_C(1) << 31);
    r.f = hh + (hl >> 32) + (lh >> 32) + (mid >> 32);
#endif
    return r;
}

/* Normalized powers of ten: 10^k ~= f * 2^e with 2^63 <= f < 2^64, for
 * k = -348, -340, ..., 340. Made with python3 exact rationals
 * (fractions.Fraction): e chosen so that 2^63 <= 10^k / 2^e < 2^64, then
 * f = 10^k / 2^e rounded to the nearest integer (no exact halves occur), so
 * each f is within half a unit of the true value:
 *
 *   from fractions import Fraction as F
 *   for k in range(-348, 341, 8):
 *       x = F(10) ** k
 *       e = x.numerator.bit_length() - x.denominator.bit_length() - 64
 *       while x / F(2) ** e >= 2 ** 64: e += 1
 *       while x / F(2) ** e < 2 ** 63: e -= 1
 *       q = x / F(2) ** e
 *       f = q.numerator // q.denominator
 *       f += (q - f) > F(1, 2)        # never 2^64 for these k
 *       print("{UINT64_C(0x%016x), %d, %d}," % (f, e, k))
 */
typedef struct CachedPower {
    uint64_t f;
    int16_t e;
    int16_t k;
} CachedPower;

static const CachedPower cached_powers[] = {
    {UINT64_C(0xfa8fd5a0081c0288), -1220, -348},
    {UINT64_C(0xbaaee17fa23ebf76), -1193, -340},
    {UINT64_C(0x8b16fb203055ac76), -1166, -332},
    {UINT64_C(0xcf42894a5dce35ea), -1140, -324},
    {UINT64_C(0x9a6bb0aa55653b2d), -1113, -316},
    {UINT64_C(0xe61acf033d1a45df), -1087, -308},
    {UINT64_C(0xab70fe17c79ac6ca), -1060, -300},
    {UINT64_C(0xff77b1fcbebcdc4f), -1034, -292},
    {UINT64_C(0xbe5691ef416bd60c), -1007, -284},
    {UINT64_C(0x8dd01fad907ffc3c), -980, -276},
    {UINT64_C(0xd3515c2831559a83), -954, -268},
    {UINT64_C(0x9d71ac8fada6c9b5), -927, -260},
    {UINT64_C(0xea9c227723ee8bcb), -901, -252},
    {UINT64_C(0xaecc49914078536d), -874, -244},
    {UINT64_C(0x823c12795db6ce57), -847, -236},
    {UINT64_C(0xc21094364dfb5637), -821, -228},
    {UINT64_C(0x9096ea6f3848984f), -794, -220},
    {UINT64_C(0xd77485cb25823ac7), -768, -212},
    {UINT64_C(0xa086cfcd97bf97f4), -741, -204},
    {UINT64_C(0xef340a98172aace5), -715, -196},
    {UINT64_C(0xb23867fb2a35b28e), -688, -188},
    {UINT64_C(0x84c8d4dfd2c63f3b), -661, -180},
    {UINT64_C(0xc5dd44271ad3cdba), -635, -172},
    {UINT64_C(0x936b9fcebb25c996), -608, -164},
    {UINT64_C(0xdbac6c247d62a584), -582, -156},
    {UINT64_C(0xa3ab66580d5fdaf6), -555, -148},
    {UINT64_C(0xf3e2f893dec3f126), -529, -140},
    {UINT64_C(0xb5b5ada8aaff80b8), -502, -132},
    {UINT64_C(0x87625f056c7c4a8b), -475, -124},
    {UINT64_C(0xc9bcff6034c13053), -449, -116},
    {UINT64_C(0x964e858c91ba2655), -422, -108},
    {UINT64_C(0xdff9772470297ebd), -396, -100},
    {UINT64_C(0xa6dfbd9fb8e5b88f), -369, -92},
    {UINT64_C(0xf8a95fcf88747d94), -343, -84},
    {UINT64_C(0xb94470938fa89bcf), -316, -76},
    {UINT64_C(0x8a08f0f8bf0f156b), -289, -68},
    {UINT64_C(0xcdb02555653131b6), -263, -60},
    {UINT64_C(0x993fe2c6d07b7fac), -236, -52},
    {UINT64_C(0xe45c10c42a2b3b06), -210, -44},
    {UINT64_C(0xaa242499697392d3), -183, -36},
    {UINT64_C(0xfd87b5f28300ca0e), -157, -28},
    {UINT64_C(0xbce5086492111aeb), -130, -20},
    {UINT64_C(0x8cbccc096f5088cc), -103, -12},
    {UINT64_C(0xd1b71758e219652c), -77, -4},
    {UINT64_C(0x9c40000000000000), -50, 4},
    {UINT64_C(0xe8d4a51000000000), -24, 12},
    {UINT64_C(0xad78ebc5ac620000), 3, 20},
    {UINT64_C(0x813f3978f8940984), 30, 28},
    {UINT64_C(0xc097ce7bc90715b3), 56, 36},
    {UINT64_C(0x8f7e32ce7bea5c70), 83, 44},
    {UINT64_C(0xd5d238a4abe98068), 109, 52},
    {UINT64_C(0x9f4f2726179a2245), 136, 60},
    {UINT64_C(0xed63a231d4c4fb27), 162, 68},
    {UINT64_C(0xb0de65388cc8ada8), 189, 76},
    {UINT64_C(0x83c7088e1aab65db), 216, 84},
    {UINT64_C(0xc45d1df942711d9a), 242, 92},
    {UINT64_C(0x924d692ca61be758), 269, 100},
    {UINT64_C(0xda01ee641a708dea), 295, 108},
    {UINT64_C(0xa26da3999aef774a), 322, 116},
    {UINT64_C(0xf209787bb47d6b85), 348, 124},
    {UINT64_C(0xb454e4a179dd1877), 375, 132},
    {UINT64_C(0x865b86925b9bc5c2), 402, 140},
    {UINT64_C(0xc83553c5c8965d3d), 428, 148},
    {UINT64_C(0x952ab45cfa97a0b3), 455, 156},
    {UINT64_C(0xde469fbd99a05fe3), 481, 164},
    {UINT64_C(0xa59bc234db398c25), 508, 172},
    {UINT64_C(0xf6c69a72a3989f5c), 534, 180},
    {UINT64_C(0xb7dcbf5354e9bece), 561, 188},
    {UINT64_C(0x88fcf317f22241e2), 588, 196},
    {UINT64_C(0xcc20ce9bd35c78a5), 614, 204},
    {UINT64_C(0x98165af37b2153df), 641, 212},
    {UINT64_C(0xe2a0b5dc971f303a), 667, 220},
    {UINT64_C(0xa8d9d1535ce3b396), 694, 228},
    {UINT64_C(0xfb9b7cd9a4a7443c), 720, 236},
    {UINT64_C(0xbb764c4ca7a44410), 747, 244},
    {UINT64_C(0x8bab8eefb6409c1a), 774, 252},
    {UINT64_C(0xd01fef10a657842c), 800, 260},
    {UINT64_C(0x9b10a4e5e9913129), 827, 268},
    {UINT64_C(0xe7109bfba19c0c9d), 853, 276},
    {UINT64_C(0xac2820d9623bf429), 880, 284},
    {UINT64_C(0x80444b5e7aa7cf85), 907, 292},
    {UINT64_C(0xbf21e44003acdd2d), 933, 300},
    {UINT64_C(0x8e679c2f5e44ff8f), 960, 308},
    {UINT64_C(0xd433179d9c8cb841), 986, 316},
    {UINT64_C(0x9e19db92b4e31ba9), 1013, 324},
    {UINT64_C(0xeb96bf6ebadf77d9), 1039, 332},
    {UINT64_C(0xaf87023b9bf0ee6b), 1066, 340},
};

#define CACHED_COUNT ((int)(sizeof cached_powers / sizeof cached_powers[0]))

/* The scaled exponent window: with -60 <= e <= -32 the integer part of a
 * scaled significand fits 32 bits and ten times its fraction fits 64. */
#define ALPHA (-60)
#define GAMMA (-32)

/* A cached power c with ALPHA <= c.e + e + 64 <= GAMMA, where e is the
 * exponent of a normalized DiyFp. */
static const CachedPower *cached_power_for(int e)
{
    /* First guess from k >= (ALPHA - 1 - e) * log10(2); 78913 / 2^18 is
     * log10(2) to 6 digits. The loops correct any guess. */
    int want = ALPHA - 1 - e;
    int k = want >= 0 ? (want * 78913 + (1 << 18) - 1) >> 18
                      : -((-want * 78913) >> 18);
    int i = (k + 348 + 7) / 8;
    if (i < 0)
        i = 0;
    if (i >= CACHED_COUNT)
        i = CACHED_COUNT - 1;
    while (i + 1 < CACHED_COUNT && cached_powers[i].e + e + 64 < ALPHA)
        i++;
    while (i > 0 && cached_powers[i].e + e + 64 > GAMMA)
        i--;
    return &cached_powers[i];
}

/* The candidate digits end in buf[n-1]; rest = too_high - candidate,
 * unsafe = width of the unsafe interval, dist = too_high - w (the scaled
 * value, itself uncertain by +-unit), ten_kappa = weight of the last digit.
 * Step the last digit down while that brings the candidate nearer to w.
 * Returns 1 when the nearest candidate is the same for every possible w and
 * certainly lies inside the real rounding interval, 0 when undecided. */
static int grisu_round_weed(char *buf, int n, uint64_t dist, uint64_t unsafe,
                            uint64_t rest, uint64_t ten_kappa, uint64_t unit)
{
    uint64_t near_hi = dist - unit; /* distance to the highest possible w */
    uint64_t near_lo = dist + unit; /* ... and to the lowest */
    /* Move toward the highest possible w, only when strictly nearer. */
    while (rest < near_hi && unsafe - rest >= ten_kappa &&
           (rest + ten_kappa <= near_hi ||
            rest + ten_kappa - near_hi < near_hi - rest)) {
        if (buf[n - 1] <= '1')
            return 0; /* cannot happen for a shortest candidate; be safe */
        buf[n - 1]--;
        rest += ten_kappa;
    }
    /* Would the lowest possible w want one more step down (or tie)? Then
     * the right candidate depends on error we cannot see. */
    if (rest < near_lo && unsafe - rest >= ten_kappa &&
        (rest + ten_kappa <= near_lo ||
         rest + ten_kappa - near_lo <= near_lo - rest))
        return 0;
    /* Inside the safe interval [m- + unit, m+ - unit] (scaled), which lies
     * strictly inside the real open interval whatever the errors. */
    return rest >= 2 * unit && unsafe - rest >= 2 * unit;
}

/* Shortest digits of d's value: buf gets n digits D (no NUL), *exp10 the
 * power of ten of the last one (v ~ D * 10^exp10). Returns 0 when Grisu3
 * cannot prove the result shortest, correct and nearest. */
static int grisu3(const Decomposed *d, char *buf, int *n_out, int *exp10)
{
    int shift = dtoa_clz64(d->f);
    DiyFp w = {d->f << shift, d->e - shift};
    /* Boundaries: the midpoints to the neighbouring doubles, on w's scale
     * (2f+1 has one more bit than f, so it needs one shift less). */
    DiyFp mp = {((d->f << 1) + 1) << (shift - 1), w.e};
    DiyFp mm;
    if (d->lower_closer)
        mm.f = ((d->f << 2) - 1) << (shift - 2);
    else
        mm.f = ((d->f << 1) - 1) << (shift - 1);
    mm.e = w.e;

    const CachedPower *cp = cached_power_for(w.e);
    DiyFp c = {cp->f, cp->e};
    /* Each product is within one unit of the exact scaled value: half a
     * unit from the cached power, half from rounding the product. */
    DiyFp sw = diy_mul(w, c);
    DiyFp sp = diy_mul(mp, c);
    DiyFp sm = diy_mul(mm, c);

    uint64_t unit = 1;
    uint64_t too_high = sp.f + unit;
    uint64_t too_low = sm.f - unit;
    uint64_t unsafe = too_high - too_low;
    int one_e = -sw.e;
    uint64_t one = UINT64_C(1) << one_e;
    uint32_t p1 = (uint32_t)(too_high >> one_e);
    uint64_t p2 = too_high & (one - 1);

    static const uint32_t pow10_32[] = {1,       10,       100,       1000,
                                        10000,   100000,   1000000,   10000000,
                                        100000000, 1000000000};
    int kappa = 1;
    while (kappa < 10 && p1 >= pow10_32[kappa])
        kappa++;
    uint32_t div = pow10_32[kappa - 1];
    int n = 0;

    while (kappa > 0) {
        buf[n++] = (char)('0' + p1 / div);
        p1 %= div;
        kappa--;
        uint64_t rest = ((uint64_t)p1 << one_e) + p2;
        if (rest < unsafe) {
            *n_out = n;
            *exp10 = kappa - cp->k;
            return grisu_round_weed(buf, n, too_high - sw.f, unsafe, rest,
                                    (uint64_t)div << one_e, unit);
        }
        div /= 10;
    }
    for (;;) {
        p2 *= 10;
        unsafe *= 10;
        unit *= 10;
        buf[n++] = (char)('0' + (p2 >> one_e));
        p2 &= one - 1;
        kappa--;
        if (p2 < unsafe) {
            *n_out = n;
            *exp10 = kappa - cp->k;
            return grisu_round_weed(buf, n, (too_high - sw.f) * unit, unsafe,
                                    p2, one, unit);
        }
        if (n >= 20)
            return 0; /* not reached for doubles; keeps buf bounded */
    }
}

/* ---- text ------------------------------------------------------------------ */

/* Write sign, digits D (n of them, v = D * 10^exp10) in the %g-like
 * notation of dtoa.h; returns the length. */
static size_t format_digits(char *out, int neg, const char *dig, int n,
                            int exp10)
{
    char *p = out;
    while (n > 1 && dig[n - 1] == '0') { /* not produced; keep it canonical */
        n--;
        exp10++;
    }
    int x = n + exp10 - 1; /* exponent of the first digit */
    if (neg)
        *p++ = '-';
    if (x >= -5 && x <= 16) {
        if (exp10 >= 0) {
            memcpy(p, dig, (size_t)n);
            p += n;
            for (int i = 0; i < exp10; i++)
                *p++ = '0';
        } else if (x >= 0) {
            memcpy(p, dig, (size_t)x + 1);
            p += x + 1;
            *p++ = '.';
            memcpy(p, dig + x + 1, (size_t)(n - x - 1));
            p += n - x - 1;
        } else {
            *p++ = '0';
            *p++ = '.';
            for (int i = 0; i < -x - 1; i++)
                *p++ = '0';
            memcpy(p, dig, (size_t)n);
            p += n;
        }
    } else {
        *p++ = dig[0];
        if (n > 1) {
            *p++ = '.';
            memcpy(p, dig + 1, (size_t)n - 1);
            p += n - 1;
        }
        *p++ = 'e';
        *p++ = x < 0 ? '-' : '+';
        int ax = x < 0 ? -x : x;
        if (ax >= 100) {
            *p++ = (char)('0' + ax / 100);
            ax %= 100;
        }
        *p++ = (char)('0' + ax / 10);
        *p++ = (char)('0' + ax % 10);
    }
    *p = '\0';
    return (size_t)(p - out);
}

/* Zero, NaN and the infinities; returns 0 for every other value. */
static size_t format_special(uint64_t bits, char *buf)
{
    const char *s = NULL;
    int neg = (int)(bits >> 63);
    uint64_t mag = bits & ~(UINT64_C(1) << 63);
    if (mag == 0)
        s = neg ? "-0" : "0";
    else if ((mag >> SIG_BITS) == 0x7ff)
        s = (mag & SIG_MASK) ? "nan" : neg ? "-inf" : "inf";
    if (!s)
        return 0;
    size_t len = strlen(s);
    memcpy(buf, s, len + 1);
    return len;
}

size_t dtoa_shortest(double v, char *buf)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    size_t len = format_special(bits, buf);
    if (len)
        return len;
    Decomposed d = decompose(bits);
    char dig[24];
    int n, exp10;
    if (!grisu3(&d, dig, &n, &exp10))
        dtoa_exact_digits(&d, dig, &n, &exp10);
    return format_digits(buf, (int)(bits >> 63), dig, n, exp10);
}

size_t dtoa_shortest_exact(double v, char *buf)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    size_t len = format_special(bits, buf);
    if (len)
        return len;
    Decomposed d = decompose(bits);
    char dig[24];
    int n, exp10;
    dtoa_exact_digits(&d, dig, &n, &exp10);
    return format_digits(buf, (int)(bits >> 63), dig, n, exp10);
}
