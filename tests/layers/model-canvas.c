/* Must not compile: the pure model includes the canvas. */
#include "canvas.h"
int layer_probe(void);
int layer_probe(void) { return 0; }
