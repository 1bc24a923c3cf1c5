/* document.h: the scenario being edited (DESIGN 8): the committed scenario,
 * the copy last loaded or saved (what "unsaved changes" compares against),
 * its file, and the undo and redo stacks (each committed change is one
 * step). No curses here: the planner's modules change the document only
 * through these functions. */
#ifndef GPUPLAN_DOCUMENT_H
#define GPUPLAN_DOCUMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "diag.h"
#include "scenario.h"
#include "scenario_source.h"

#define DOC_PATH_MAX 4096
#define DOC_UNDO_MAX 256 /* steps kept; the oldest goes first */

/* A ring of DOC_UNDO_MAX scenarios: a full stack drops its oldest step by
 * moving `first`, not by moving the other 255 (12 MB) down. */
#define DOC_STEP_LABEL 160 /* bytes of a step's label */
typedef struct UndoStack {
    Scenario *items; /* DOC_UNDO_MAX slots once used, else NULL */
    char (*labels)[DOC_STEP_LABEL]; /* what made each step ("" = not said) */
    size_t first;    /* the oldest step's slot */
    size_t count;
} UndoStack;

/* The file as it was last loaded or saved, to see another program's
 * change before saving over it (DESIGN 1.3). */
typedef struct DiskStamp {
    bool known;       /* false: no file, or it could not be read */
    long long size;
    struct timespec mtime;
    uint64_t hash;    /* FNV-1a of the contents */
    unsigned long long dev, ino, nlink; /* which file, and its hard links */
} DiskStamp;

/* The file at path as it is now (.known false when there is none or it
 * cannot be read). */
DiskStamp doc_stamp(const char *path);

/* True when a and b are both known and say the same contents, size and
 * modification time (the file did not change between them). */
bool doc_stamp_same(const DiskStamp *a, const DiskStamp *b);

typedef struct Document {
    Scenario cur;        /* the scenario as committed */
    Scenario saved;      /* as last loaded or saved: cur differs = unsaved */
    bool force_modified; /* recovered edits count as unsaved */
    char path[DOC_PATH_MAX]; /* "" = no file yet */
    UndoStack undo, redo;
    DiskStamp disk;      /* doc.path as loaded or last saved */
    /* The text of the file as opened or last saved, with where each value
     * was written: saving to the same file edits it (DESIGN 1.3). NULL = the
     * next save writes the file whole. */
    ScenarioSource *src;
    ScenarioSaveNote last_save; /* how the last doc_save went */
    /* The last `:measure` (DESIGN 10.7), malloc'd, or NULL: while cur holds
     * its values, a save writes its comment above measured_pct. */
    struct MeasureApplied *measured;
} Document;

/* Start on scenario s from file `path` (NULL = no file): nothing unsaved,
 * no undo steps, the file's state on disk noted, no source text (the next
 * save writes the file whole), no measurement to note. */
void doc_init(Document *doc, const Scenario *s, const char *path);

/* Release the undo and redo stacks, the source text and the measurement. */
void doc_free(Document *doc);

/* True when there are unsaved changes. */
bool doc_modified(const Document *doc);

/* The scenario's file, NULL when it has none. */
const char *doc_path(const Document *doc);

/* Make t the committed scenario as one undo step (the redo stack is
 * dropped). Returns false, changing nothing, when t equals it. The caller
 * has validated t. */
bool doc_commit(Document *doc, const Scenario *t);

/* doc_commit with a label for the step ("measure sacct.txt"; NULL or ""
 * = none; a longer one is cut at a character and ends in "...": callers
 * fit it first, msg_format), which doc_step_label
 * gives back when the step is undone or redone. */
bool doc_commit_as(Document *doc, const Scenario *t, const char *label);

/* The label of the step the last doc_undo (redo: doc_redo) moved, "" when
 * it had none. */
const char *doc_step_label(const Document *doc, bool redo);

/* Take recovered edits t as one undo step that counts as unsaved even when
 * t equals the file. */
void doc_recover(Document *doc, const Scenario *t);

/* Undo (or redo) one step. Returns false when there is none; else the
 * steps left on that stack go to *left. */
bool doc_undo(Document *doc, size_t *left);
bool doc_redo(Document *doc, size_t *left);

/* Load the file at path into the document (undo and redo dropped), keeping
 * its text for the next save. Returns 0, or the load's exit status with *d
 * filled and the document untouched; a path of DOC_PATH_MAX bytes or more
 * is refused (EXIT_NOINPUT), never kept cut. */
int doc_open(Document *doc, const char *path, Diag *d);

/* Save the committed scenario to path: the opened file is edited
 * (scenario_source.h, DESIGN 1.3), also when path is another name of it (a
 * link, ./NAME: then the file keeps its own name); another path is written whole, and the
 * bytes must load back as the scenario before anything is written. On
 * success path becomes the file, its text the source, nothing is unsaved,
 * and last_save says whether the layout was kept. A file with more than one hard link is written
 * in place, which keeps them: *links_kept gets their number (0 when the
 * save replaced the file atomically). Returns 0, or the save's exit status
 * with *d filled and the document untouched. */
int doc_save(Document *doc, const char *path, unsigned *links_kept, Diag *d);

/* What happened to the document's file when it changed on disk since it
 * was loaded or last saved (size, modification time or contents differ, or
 * it is gone): "changed on disk", "was removed", ... NULL when it did not,
 * or when there is no file or nothing was known about it. */
const char *doc_changed_on_disk(const Document *doc);

/* Load the document's file again (another program changed it) as one undo
 * step, so undo brings the edits back; the file's state and its text are
 * noted afresh.
 * Returns 0, or the load's exit status with *d filled and nothing changed. */
int doc_reload(Document *doc, Diag *d);

/* Drop the unsaved changes from the guard (after "discard"): the committed
 * scenario counts as saved. */
void doc_forget_changes(Document *doc);

#endif
