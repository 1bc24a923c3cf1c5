/* Must not compile: the reports include libyaml. */
#include <yaml.h>
int layer_probe(void);
int layer_probe(void) { return 0; }
