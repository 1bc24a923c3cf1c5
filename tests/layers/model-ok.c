/* The pure model's own headers compile with the model's include path (the control: the flags work). */
#include "cost.h"
#include "hybrid.h"
int layer_probe(void);
int layer_probe(void) { return 0; }
