/* Must not compile: the pure model includes libyaml. */
#include <yaml.h>
int layer_probe(void);
int layer_probe(void) { return 0; }
