/* group_stats.c: a table of job groups by name, DESIGN 10. */
#include "config.h"

#include "group_stats.h"

#include <stdlib.h>
#include <string.h>

size_t group_stats_hash(const char *s, size_t n)
{
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= UINT64_C(1099511628211);
    }
    return (size_t)h;
}

static int rehash(GroupTable *t)
{
    size_t cap = t->slots_cap ? t->slots_cap * 2 : 16;
    size_t *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return -1;
    for (size_t g = 0; g < t->count; g++) {
        const char *nm = t->groups[g].name;
        size_t j = group_stats_hash(nm, strlen(nm)) & (cap - 1);
        while (slots[j])
            j = (j + 1) & (cap - 1);
        slots[j] = g + 1;
    }
    free(t->slots);
    t->slots = slots;
    t->slots_cap = cap;
    return 0;
}

int group_table_find(GroupTable *t, const char *name, size_t len,
                     size_t *index)
{
    if ((t->count + 1) * 2 > t->slots_cap && rehash(t) != 0)
        return -1;
    size_t j = group_stats_hash(name, len) & (t->slots_cap - 1);
    while (t->slots[j]) {
        const char *nm = t->groups[t->slots[j] - 1].name;
        if (strncmp(nm, name, len) == 0 && nm[len] == '\0') {
            *index = t->slots[j] - 1;
            return 0;
        }
        j = (j + 1) & (t->slots_cap - 1);
    }
    if (t->count == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 8;
        GroupStats *g = realloc(t->groups, cap * sizeof *g);
        if (!g)
            return -1;
        t->groups = g;
        t->cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, name, len);
    copy[len] = '\0';
    t->groups[t->count] = (GroupStats){copy, 0, 0, COUNTMAP_INIT,
                                       COUNTMAP_INIT};
    t->slots[j] = t->count + 1;
    *index = t->count++;
    return 0;
}

int64_t group_stats_duration_key(int64_t seconds)
{
    int64_t scale = 1;
    while (seconds / scale >= 1000)
        scale *= 10;
    return seconds / scale * scale;
}

void group_table_free(GroupTable *t)
{
    for (size_t g = 0; g < t->count; g++) {
        free(t->groups[g].name);
        countmap_free(&t->groups[g].sizes);
        countmap_free(&t->groups[g].durations);
    }
    free(t->groups);
    free(t->slots);
    *t = (GroupTable)GROUP_TABLE_INIT;
}
