/* Must not compile: the pure model includes a planner header. */
#include "term.h"
int layer_probe(void);
int layer_probe(void) { return 0; }
