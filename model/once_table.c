/* once_table.c: a table computed once and shared (see once_table.h). */
#include "config.h"

#include "once_table.h"

#include <stdbool.h>

void *once_table(OnceTable *o, void *shared, void *local,
                 void (*fill)(void *table, void *arg), void *arg)
{
    if (atomic_load_explicit(&o->state, memory_order_acquire) == 2)
        return shared;
    int empty = 0;
    bool mine = atomic_compare_exchange_strong(&o->state, &empty, 1);
    void *t = mine ? shared : local;
    fill(t, arg);
    if (mine)
        atomic_store_explicit(&o->state, 2, memory_order_release);
    return t;
}
