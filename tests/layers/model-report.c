/* Must not compile: the pure model includes an export header. */
#include "export.h"
int layer_probe(void);
int layer_probe(void) { return 0; }
