/* countmap.c: value counts and their nearest-rank percentiles (DESIGN 10). */
#include "config.h"

#include "countmap.h"

#include <stdlib.h>

/* A 64-bit mix (splitmix64's finaliser): sizes and durations are small,
 * clustered integers, which a plain modulo would pile into a few slots. */
static size_t slot_of(int64_t key, size_t cap)
{
    uint64_t x = (uint64_t)key;
    x ^= x >> 30;
    x *= UINT64_C(0xbf58476d1ce4e5b9);
    x ^= x >> 27;
    x *= UINT64_C(0x94d049bb133111eb);
    x ^= x >> 31;
    return (size_t)(x & (cap - 1));
}

static int grow(CountMap *m)
{
    size_t cap = m->cap ? m->cap * 2 : 16;
    int64_t *keys = malloc(cap * sizeof *keys);
    uint64_t *counts = malloc(cap * sizeof *counts);
    if (!keys || !counts) {
        free(keys);
        free(counts);
        return -1;
    }
    for (size_t i = 0; i < cap; i++)
        keys[i] = COUNTMAP_EMPTY;
    for (size_t i = 0; i < m->cap; i++) {
        if (m->keys[i] == COUNTMAP_EMPTY)
            continue;
        size_t j = slot_of(m->keys[i], cap);
        while (keys[j] != COUNTMAP_EMPTY)
            j = (j + 1) & (cap - 1);
        keys[j] = m->keys[i];
        counts[j] = m->counts[i];
    }
    free(m->keys);
    free(m->counts);
    m->keys = keys;
    m->counts = counts;
    m->cap = cap;
    return 0;
}

int countmap_add(CountMap *m, int64_t key, uint64_t n)
{
    /* Keep the table at most half full, so a probe is short. */
    if ((m->used + 1) * 2 > m->cap && grow(m) != 0)
        return -1;
    size_t j = slot_of(key, m->cap);
    while (m->keys[j] != COUNTMAP_EMPTY && m->keys[j] != key)
        j = (j + 1) & (m->cap - 1);
    if (m->keys[j] == COUNTMAP_EMPTY) {
        m->keys[j] = key;
        m->counts[j] = 0;
        m->used++;
    }
    m->counts[j] += n;
    m->total += n;
    return 0;
}

typedef struct KeyCount {
    int64_t key;
    uint64_t count;
} KeyCount;

static int cmp_key(const void *a, const void *b)
{
    int64_t x = ((const KeyCount *)a)->key, y = ((const KeyCount *)b)->key;
    return (x > y) - (x < y);
}

bool countmap_percentiles(const CountMap *m, const int *p, size_t np,
                          int64_t *out)
{
    for (size_t i = 0; i < np; i++)
        out[i] = 0;
    if (m->total == 0)
        return false;
    KeyCount *kc = malloc(m->used * sizeof *kc);
    if (!kc)
        return false;
    size_t n = 0;
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i] != COUNTMAP_EMPTY)
            kc[n++] = (KeyCount){m->keys[i], m->counts[i]};
    qsort(kc, n, sizeof *kc, cmp_key);
    for (size_t i = 0; i < np; i++) {
        /* Rank ceil(p * total / 100), at least 1, in integers: no float
         * rounding can move a percentile to the next value. The product
         * stays below 2^64 for any total below 1.8e17. */
        uint64_t rank = ((uint64_t)p[i] * m->total + 99) / 100;
        if (rank < 1)
            rank = 1;
        uint64_t seen = 0;
        size_t k = 0;
        while (k + 1 < n && seen + kc[k].count < rank)
            seen += kc[k++].count;
        out[i] = kc[k].key;
    }
    free(kc);
    return true;
}

void countmap_free(CountMap *m)
{
    free(m->keys);
    free(m->counts);
    *m = (CountMap)COUNTMAP_INIT;
}
