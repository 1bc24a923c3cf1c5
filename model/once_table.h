/* once_table.h: a table computed once and shared by every thread.
 *
 * Some lookups never change for the life of the program (the cross-field
 * rules' rows, the IRR scan's rates) but cost too much to redo on every
 * call. The first caller fills the shared table and publishes it; later
 * callers read it with no lock. A caller that finds it being filled by
 * another thread fills its own copy instead of waiting, so no caller ever
 * blocks and the pure domain needs no mutex. */
#ifndef GPUPLAN_ONCE_TABLE_H
#define GPUPLAN_ONCE_TABLE_H

#include <stdatomic.h>

typedef struct OnceTable {
    atomic_int state; /* 0 empty, 1 being filled, 2 filled */
} OnceTable;

#define ONCE_TABLE_INIT {0}

/* The filled table: `shared` once some caller has filled and published
 * it, else `local` filled by fill(local, arg) while another thread fills
 * `shared`. fill must write the same contents whichever table it is given. */
void *once_table(OnceTable *o, void *shared, void *local,
                 void (*fill)(void *table, void *arg), void *arg);

#endif
