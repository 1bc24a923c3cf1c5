/* The charts compile with their include path (the control). */
#include "chart.h"
#include "chart_hybrid.h"
int layer_probe(void);
int layer_probe(void) { return 0; }
