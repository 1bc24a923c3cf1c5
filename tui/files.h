/* files.h: the planner's files (DESIGN 1.3, 7, 8): save, save as, open (the
 * picker and :e), the unsaved-changes question before quitting or opening,
 * and the recovery offer on start. Each asks its question through a dialog
 * and takes the answer back in files_answer. */
#ifndef GPUPLAN_FILES_H
#define GPUPLAN_FILES_H

#include <stdbool.h>

#include "planner.h"

/* Save to the scenario's file, or ask for one; then what is pending. */
Reaction files_save(App *a);

/* True when the document's file is a shipped scenario: a template, which a
 * save without a path never writes over (it asks for a path instead). */
bool files_is_template(const App *a);

/* Save to path without a question (the caller asked, or it is :w!). True
 * when saved; the message says either way (and that a file with several
 * hard links was written in place to keep them). */
bool files_save_to(App *a, const char *path, Reaction *r);

/* Save to path, then what is pending; when path is the document's own file
 * and another program changed it since it was loaded or saved, ask first
 * (overwrite / save as / reload / cancel) unless `force`. */
Reaction files_save_path(App *a, const char *path, bool force);

/* Take the lock of the document's file (releasing the previous one); when
 * another planner holds it, say so. */
Reaction files_take_lock(App *a);

/* True when path names an existing file other than the scenario's own:
 * saving there would replace someone else's file. */
bool files_other_exists(const App *a, const char *path);

/* Open the scenario at path (the open one stays on an error, which is
 * shown). */
bool files_open(App *a, const char *path, Reaction *r);

/* Unsaved changes before quitting or opening: ask, then do what is
 * pending (PEND_QUIT, PEND_PICK, PEND_OPEN with a->pending_path). */
Reaction files_guard(App *a, Pending p);

/* Do what waited for the unsaved-changes question. */
Reaction files_do_pending(App *a);

/* True, with a message added to *r, when path exists and is no regular
 * file: a device, a pipe, a socket or a directory is never replaced, so
 * neither a question nor w! can help. */
bool files_refuse_not_regular(App *a, const char *path, Reaction *r);

/* True, with a message added to *r ("PATH…: longer than 4095 bytes; not
 * saved"), when path is too long for the planner to keep whole: it is
 * never cut to a shorter name and written there. `what` is the
 * operation ("saved", "exported"). */
bool files_refuse_too_long(App *a, const char *path, const char *what, Reaction *r);

/* The answer of a dialog this module opened (P_QUIT, P_SAVE_PATH,
 * P_OVERWRITE, P_PICK, P_DISK_CHANGED); d is the closed dialog with the answer,
 * `cancelled` when Esc closed it. */
Reaction files_answer(App *a, const Dialog *d, bool cancelled);

#endif
