/* Must not compile: the pure model includes a chart header. */
#include "chart.h"
int layer_probe(void);
int layer_probe(void) { return 0; }
