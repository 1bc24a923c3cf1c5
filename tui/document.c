/* document.c: the scenario being edited, its file and its undo history. */
#include "config.h"

#include "document.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_file.h"
#include "strbuf.h"

static void stack_push(UndoStack *s, const Scenario *sc)
{
    if (!s->items)
        s->items = xmalloc(DOC_UNDO_MAX * sizeof *s->items);
    if (s->count == DOC_UNDO_MAX) {
        memmove(s->items, s->items + 1, (DOC_UNDO_MAX - 1) * sizeof *s->items);
        s->count--;
    }
    s->items[s->count++] = *sc;
}

static void stack_free(UndoStack *s)
{
    free(s->items);
    s->items = NULL;
    s->count = 0;
}

void doc_init(Document *doc, const Scenario *s, const char *path)
{
    doc->cur = doc->saved = *s;
    doc->force_modified = false;
    if (path != doc->path)
        snprintf(doc->path, sizeof doc->path, "%s", path ? path : "");
    doc->undo.count = doc->redo.count = 0;
}

void doc_free(Document *doc)
{
    stack_free(&doc->undo);
    stack_free(&doc->redo);
}

bool doc_modified(const Document *doc)
{
    return doc->force_modified || !scenario_equal(&doc->cur, &doc->saved);
}

const char *doc_path(const Document *doc) { return doc->path[0] ? doc->path : NULL; }

bool doc_commit(Document *doc, const Scenario *t)
{
    if (scenario_equal(t, &doc->cur))
        return false;
    stack_push(&doc->undo, &doc->cur);
    doc->redo.count = 0;
    doc->cur = *t;
    return true;
}

void doc_recover(Document *doc, const Scenario *t)
{
    stack_push(&doc->undo, &doc->cur);
    doc->cur = *t;
    doc->force_modified = true;
}

static bool move_step(Document *doc, UndoStack *from, UndoStack *to, size_t *left)
{
    if (from->count == 0)
        return false;
    stack_push(to, &doc->cur);
    doc->cur = from->items[--from->count];
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

int doc_open(Document *doc, const char *path, Diag *d)
{
    Scenario t;
    diag_clear(d, path);
    int rc = scenario_load_file(path, &t, d);
    if (rc != 0)
        return rc;
    doc_init(doc, &t, path);
    return 0;
}

int doc_save(Document *doc, const char *path, Diag *d)
{
    diag_clear(d, path);
    int rc = scenario_save_file(path, &doc->cur, d);
    if (rc != 0)
        return rc;
    if (strcmp(doc->path, path) != 0)
        snprintf(doc->path, sizeof doc->path, "%s", path);
    doc->saved = doc->cur;
    doc->force_modified = false;
    return 0;
}

void doc_forget_changes(Document *doc)
{
    doc->force_modified = false;
    doc->saved = doc->cur;
}
