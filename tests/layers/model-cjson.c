/* Must not compile: the pure model includes cJSON. */
#include <cjson/cJSON.h>
int layer_probe(void);
int layer_probe(void) { return 0; }
