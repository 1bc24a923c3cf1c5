/* file_rules.h: the rules about files that the planner and the command
 * line share, each in one place so they agree (DESIGN 3, 4, 8):
 * which files are scenarios, when two paths are the same file, where the
 * user's XDG directories are, and the date a report carries. */
#ifndef GPUPLAN_FILE_RULES_H
#define GPUPLAN_FILE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/* The extensions of scenario files, in the order a bare shipped name is
 * tried (NAME.yaml first); NULL-terminated. */
extern const char *const file_scenario_exts[];

/* True when the directory entry `name` is a scenario file: one of those
 * extensions, not hidden, and not the price book (prices.yaml). */
bool file_is_scenario_name(const char *name);

/* True when `name` ends in one of file_scenario_exts (whatever it holds:
 * the open picker loads such a file to see that it is a scenario). */
bool file_is_scenario_ext(const char *name);

/* True when paths a and b name the same existing file (same device and
 * inode, symbolic links followed; two hard links are the same file). */
bool file_same(const char *a, const char *b);

/* The user's XDG base directories. */
typedef enum FileXdg {
    XDG_DATA, /* $XDG_DATA_HOME, else ~/.local/share */
    XDG_STATE /* $XDG_STATE_HOME, else ~/.local/state */
} FileXdg;

/* "BASE/gpuplan" (sub NULL) or "BASE/gpuplan/SUB" into buf, where BASE is
 * the variable's value when it is an absolute path (the XDG rule: a
 * relative one is ignored), else the default under $HOME. Returns buf, or
 * NULL when there is no HOME either or the path does not fit. */
const char *file_xdg_dir(FileXdg which, const char *sub, char *buf, size_t n);

/* The user's own scenarios: file_xdg_dir(XDG_DATA, "scenarios"). */
const char *file_user_scenario_dir(char *buf, size_t n);

/* The date a report carries, YYYY-MM-DD in UTC, into buf (n >= 11): today,
 * or the day of SOURCE_DATE_EPOCH when it is set (reproducible reports). A
 * value that is not a whole number of seconds from 0 to 253402300799
 * (9999-12-31) is refused the same way everywhere: EXIT_USAGE with the
 * sentence in d (the value cut with "…" when long). Returns 0 otherwise. */
int file_report_date(char *buf, size_t n, Diag *d);

#endif
