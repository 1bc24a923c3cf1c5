/* Must not compile: the pure model includes curses. */
#include <curses.h>
int layer_probe(void);
int layer_probe(void) { return 0; }
