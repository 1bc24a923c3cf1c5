/* Must not compile: the file formats include curses. */
#include <curses.h>
int layer_probe(void);
int layer_probe(void) { return 0; }
