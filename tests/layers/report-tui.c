/* Must not compile: the reports include a planner header. */
#include "results.h"
int layer_probe(void);
int layer_probe(void) { return 0; }
