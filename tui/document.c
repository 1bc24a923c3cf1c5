/* document.c: the scenario being edited, its file and its undo history. */
#include "config.h"

#include "document.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "file_rules.h"
#include "measure_apply.h"
#include "scenario_file.h"
#include "strbuf.h"
#include "utf8.h"

DiskStamp doc_stamp(const char *path)
{
    DiskStamp st = {.known = false};
    struct stat sb;
    char *data;
    size_t len;
    Diag d;
    if (!path || stat(path, &sb) != 0 ||
        read_whole_file(path, SCENARIO_FILE_MAX, &data, &len, &d) != 0)
        return st;
    uint64_t h = 14695981039346656037ULL; /* FNV-1a, 64 bits */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)data[i]) * 1099511628211ULL;
    free(data);
    st.known = true;
    st.size = (long long)sb.st_size;
    st.mtime = sb.st_mtim;
    st.hash = h;
    st.dev = (unsigned long long)sb.st_dev;
    st.ino = (unsigned long long)sb.st_ino;
    st.nlink = (unsigned long long)sb.st_nlink;
    return st;
}

bool doc_stamp_same(const DiskStamp *a, const DiskStamp *b)
{
    return a->known && b->known && a->size == b->size && a->hash == b->hash &&
           a->mtime.tv_sec == b->mtime.tv_sec && a->mtime.tv_nsec == b->mtime.tv_nsec;
}

static void stack_push(UndoStack *s, const Scenario *sc, const char *label)
{
    if (!s->items) {
        s->items = xmalloc(DOC_UNDO_MAX * sizeof *s->items);
        s->labels = xmalloc(DOC_UNDO_MAX * sizeof *s->labels);
    }
    if (s->count == DOC_UNDO_MAX) { /* the oldest step goes */
        s->first = (s->first + 1) % DOC_UNDO_MAX;
        s->count--;
    }
    size_t i = (s->first + s->count++) % DOC_UNDO_MAX;
    s->items[i] = *sc;
    char *l = s->labels[i];
    size_t need = (size_t)snprintf(l, DOC_STEP_LABEL, "%s", label ? label : "") + 1;
    if (need > DOC_STEP_LABEL) /* cut at a character, marked */
        snprintf(l + utf8_floor(l, strlen(l), DOC_STEP_LABEL - 4), 4, "...");
}

/* The newest step, taken off the stack (count > 0); its label in *label. */
static const Scenario *stack_pop(UndoStack *s, const char **label)
{
    size_t i = (s->first + --s->count) % DOC_UNDO_MAX;
    *label = s->labels[i];
    return &s->items[i];
}

/* The label of the newest step, "" when there is none. */
static const char *stack_top_label(const UndoStack *s)
{
    return s->count ? s->labels[(s->first + s->count - 1) % DOC_UNDO_MAX] : "";
}

static void stack_free(UndoStack *s)
{
    free(s->items);
    free(s->labels);
    s->items = NULL;
    s->labels = NULL;
    s->first = s->count = 0;
}

void doc_init(Document *doc, const Scenario *s, const char *path)
{
    doc->cur = doc->saved = *s;
    doc->force_modified = false;
    if (path != doc->path)
        snprintf(doc->path, sizeof doc->path, "%s", path ? path : "");
    doc->undo.count = doc->redo.count = 0;
    doc->disk = doc_stamp(path);
    scenario_source_free(doc->src);
    doc->src = NULL;
    free(doc->measured);
    doc->measured = NULL;
}

void doc_free(Document *doc)
{
    stack_free(&doc->undo);
    stack_free(&doc->redo);
    scenario_source_free(doc->src);
    doc->src = NULL;
    free(doc->measured);
    doc->measured = NULL;
}

bool doc_modified(const Document *doc)
{
    return doc->force_modified || !scenario_equal(&doc->cur, &doc->saved);
}

const char *doc_path(const Document *doc) { return doc->path[0] ? doc->path : NULL; }

bool doc_commit(Document *doc, const Scenario *t) { return doc_commit_as(doc, t, NULL); }

bool doc_commit_as(Document *doc, const Scenario *t, const char *label)
{
    if (scenario_equal(t, &doc->cur))
        return false;
    stack_push(&doc->undo, &doc->cur, label);
    doc->redo.count = 0;
    doc->cur = *t;
    return true;
}

void doc_recover(Document *doc, const Scenario *t)
{
    stack_push(&doc->undo, &doc->cur, NULL);
    doc->cur = *t;
    doc->force_modified = true;
}

static bool move_step(Document *doc, UndoStack *from, UndoStack *to, size_t *left)
{
    if (from->count == 0)
        return false;
    const char *label;
    const Scenario *sc = stack_pop(from, &label);
    char keep[DOC_STEP_LABEL];
    memcpy(keep, label, sizeof keep); /* its slot may be the one pushed */
    Scenario old = doc->cur;
    doc->cur = *sc;
    stack_push(to, &old, keep);
    *left = from->count;
    return true;
}

bool doc_undo(Document *doc, size_t *left)
{
    return move_step(doc, &doc->undo, &doc->redo, left);
}

bool doc_redo(Document *doc, size_t *left)
{
    return move_step(doc, &doc->redo, &doc->undo, left);
}

const char *doc_step_label(const Document *doc, bool redo)
{
    return stack_top_label(redo ? &doc->undo : &doc->redo);
}

int doc_open(Document *doc, const char *path, Diag *d)
{
    Scenario t;
    ScenarioSource *src;
    diag_clear(d, path); /* a path too long for d->file ends in "…" */
    if (strlen(path) >= sizeof doc->path) {
        /* Kept whole or not at all: a shorter name would save elsewhere. */
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "a path longer than %zu bytes; "
                 "the planner does not open it (move the file to a shorter "
                 "path)", sizeof doc->path - 1);
        return EXIT_NOINPUT;
    }
    int rc = scenario_source_load_file(path, &t, &src, d);
    if (rc != 0)
        return rc;
    doc_init(doc, &t, path);
    doc->src = src;
    return 0;
}

int doc_save(Document *doc, const char *path, unsigned *links_kept, Diag *d)
{
    struct stat st;
    /* Another name of the opened file (a symbolic or hard link, ./NAME) is
     * the opened file: edited in place of its own name, not written whole
     * as a new one over the user's comments. */
    if (doc->path[0] && strcmp(doc->path, path) != 0 && file_same(doc->path, path))
        path = doc->path;
    diag_clear(d, path);
    *links_kept = 0;
    /* Replacing a file by rename would leave its other names with the old
     * text: write such a file in place. Only the user's own files, so a
     * planted link cannot make the planner write through it. */
    bool in_place = stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink > 1 &&
                    st.st_uid == geteuid();
    /* The opened file is edited; another path is a new file. The bytes are
     * checked to load back as doc->cur before they are written. */
    const ScenarioSource *src = strcmp(doc->path, path) == 0 ? doc->src : NULL;
    ScenarioSource *next = NULL;
    StrBuf b = STRBUF_INIT;
    /* The last :measure's comment, while the scenario holds its values. */
    YamlComment note;
    const YamlComment *c = NULL;
    const Utilization *now = &doc->cur.utilization, *was = &doc->saved.utilization;
    if (doc->measured && measure_apply_holds(&doc->cur, doc->measured)) {
        note = measure_apply_comment(doc->measured);
        c = &note;
    } else if (now->measured_pct != was->measured_pct ||
               now->measurement_weeks != was->measurement_weeks) {
        /* Other values than the ones measured: a comment saying where
         * they came from would claim them. */
        note = (YamlComment){"utilization.measured_pct", MEASURE_COMMENT_MARKER, NULL};
        c = &note;
    }
    int rc = scenario_source_render_noted(src, path, &doc->cur, c, &b, &next,
                                          &doc->last_save, d);
    if (rc == 0)
        rc = in_place ? atomic_rewrite_in_place(path, b.data ? b.data : "", b.len, d)
                      : atomic_write_file(path, b.data ? b.data : "", b.len, 0666, d);
    sb_free(&b);
    if (rc != 0) {
        scenario_source_free(next);
        return rc;
    }
    scenario_source_free(doc->src);
    doc->src = next; /* the next save edits what was written */
    if (in_place)
        *links_kept = (unsigned)st.st_nlink;
    if (strcmp(doc->path, path) != 0)
        snprintf(doc->path, sizeof doc->path, "%s", path);
    doc->saved = doc->cur;
    doc->force_modified = false;
    doc->disk = doc_stamp(path);
    return 0;
}

const char *doc_changed_on_disk(const Document *doc)
{
    if (!doc->path[0] || !doc->disk.known)
        return NULL;
    struct stat sb;
    if (stat(doc->path, &sb) != 0)
        return "was removed";
    DiskStamp now = doc_stamp(doc->path);
    if (!now.known)
        return "can no longer be read";
    if (now.size != doc->disk.size || now.hash != doc->disk.hash)
        return "changed on disk";
    if (now.mtime.tv_sec != doc->disk.mtime.tv_sec ||
        now.mtime.tv_nsec != doc->disk.mtime.tv_nsec)
        return "was rewritten on disk";
    return NULL;
}

int doc_reload(Document *doc, Diag *d)
{
    Scenario t;
    ScenarioSource *src;
    diag_clear(d, doc->path);
    int rc = scenario_source_load_file(doc->path, &t, &src, d);
    if (rc != 0)
        return rc;
    scenario_source_free(doc->src);
    doc->src = src; /* saves now edit the text on disk */
    stack_push(&doc->undo, &doc->cur, NULL);
    doc->redo.count = 0;
    doc->cur = doc->saved = t;
    doc->force_modified = false;
    doc->disk = doc_stamp(doc->path);
    return 0;
}

void doc_forget_changes(Document *doc)
{
    doc->force_modified = false;
    doc->saved = doc->cur;
}
