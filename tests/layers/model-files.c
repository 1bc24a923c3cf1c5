/* Must not compile: the pure model includes a file-format header. */
#include "scenario_file.h"
int layer_probe(void);
int layer_probe(void) { return 0; }
