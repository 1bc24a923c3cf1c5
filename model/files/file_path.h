/* file_path.h: splitting a path and naming the file it means (DESIGN 1.3, 7).
 *
 * One place for the two questions every writer of a file asks: which
 * directory and which name does a path have, and which file does it name
 * whatever way it was written (a symbolic link, ./NAME, a relative path).
 * The saver, the recovery files and the locks all use these, so they agree
 * on what "the same file" is. */
#ifndef GPUPLAN_FILE_PATH_H
#define GPUPLAN_FILE_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* The directory part of path into dir (dn bytes): "." when path has no
 * '/', "/" for a file at the root. Returns a pointer to the last part
 * inside path (the base name, "" when path ends in '/'), or NULL when the
 * directory does not fit in dir (then dir holds ""). */
const char *path_split(const char *path, char *dir, size_t dn);

/* The canonical name of the file `path` names, into out (n bytes): an
 * absolute path without symbolic links, "." or "..". A symbolic link is
 * followed to the file it names, also when that file does not exist yet
 * (a dangling link names the file a save would create); a file that does
 * not exist keeps its own last part under its directory's canonical name.
 * Returns true, or false with out "" when the directory does not exist or
 * the result does not fit. */
bool path_canonical(const char *path, char *out, size_t n);

#endif
