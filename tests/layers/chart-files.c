/* Must not compile: the charts include a file-format header. */
#include "scenario_file.h"
int layer_probe(void);
int layer_probe(void) { return 0; }
