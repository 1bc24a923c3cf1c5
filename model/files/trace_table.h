/* trace_table.h: a replay's table once read (trace_jobs.h): its run times
 * fitted to the simulation's classes, its load by workload, and the
 * cursor that reads it, from memory or from its scratch file. Internal to
 * trace_jobs. */
#ifndef GPUPLAN_TRACE_TABLE_H
#define GPUPLAN_TRACE_TABLE_H

#include "diag.h"
#include "trace_jobs.h"

/* The finest rounding step of the run times that keeps the classes within
 * TRACE_MAX_CLASSES, applied (in memory) or noted for the reads (spilled).
 * Returns 0, or EXIT_DATAERR / EXIT_IOERR with *d filled. */
int trace_table_fit(TraceJobs *t, Diag *d);

/* t->loads and t->replayed from the table. Returns 0 or EXIT_IOERR. */
int trace_table_sum(TraceJobs *t, Diag *d);

/* Release what the table's reads hold (the memo, the cursor's block). */
void trace_table_free(TraceJobs *t);

#endif
