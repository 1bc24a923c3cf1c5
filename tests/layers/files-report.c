/* Must not compile: the file formats include an export header. */
#include "export.h"
int layer_probe(void);
int layer_probe(void) { return 0; }
