/* A stand-in that stops the build: this layer must not draw on a terminal.
 * Only tui/ includes curses (HACKING 1); the folder holding this file is
 * first on the include path of every other layer (Makefile.am). */
#error "only tui/ may include curses: move the drawing code into tui/"
