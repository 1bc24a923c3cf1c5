/* Must not compile: the pure model includes ncursesw by its other name. */
#include <ncursesw/curses.h>
int layer_probe(void);
int layer_probe(void) { return 0; }
