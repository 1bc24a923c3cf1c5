/* file_picker.c: the open picker's rows: what loads as a scenario, the
 * directories to enter, and the note of what was left out; see
 * file_picker.h. */
#include "config.h"

#include "file_picker.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "scenario_name.h"
#include "file_rules.h"
#include "files.h"
#include "msg.h"
#include "prices.h"
#include "scenario_file.h"
#include "strbuf.h"
#include "term.h"
#include "utf8.h"

/* The longest reason the note gives for one file, in columns: the note
 * says why briefly; opening the file from the command line says it all. */
#define REASON_COLS 60

/* One directory's entries, sorted: directories, then scenario files. */
typedef struct Listing {
    char **dirs, **files;
    size_t ndirs, nfiles;
    StrBuf left;   /* "name (why), ..." of the files left out */
    size_t others; /* files of no scenario extension */
} Listing;

static int cmp_str(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

static void add_name(char ***v, size_t *n, const char *name)
{
    *v = xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = xstrdup(name);
}

/* True when the text of path has a `gpuplan` key (YAML: a line that starts
 * with it; JSON: the quoted key): a file without one is no scenario, and
 * the note says that rather than its first unknown key. */
static bool has_version_key(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return true; /* the loader's own words say why it cannot be read */
    char buf[4096];
    bool yaml_line = true, found = false;
    size_t n;
    /* A key cut at a buffer's end is missed only when it is not on a line
     * of its own in the first 4 KiB: scenarios write it on their first
     * lines, exports near their start. */
    while (!found && (n = fread(buf, 1, sizeof buf - 1, f)) > 0) {
        buf[n] = '\0';
        for (size_t i = 0; i < n && !found; i++) {
            if (yaml_line && strncmp(buf + i, "gpuplan", 7) == 0 &&
                strspn(buf + i + 7, " \t") + i + 7 < n &&
                buf[i + 7 + strspn(buf + i + 7, " \t")] == ':')
                found = true;
            if (buf[i] == '"' && strncmp(buf + i, "\"gpuplan\"", 9) == 0) {
                size_t k = i + 9 + strspn(buf + i + 9, " \t\r\n");
                found = k < n && buf[k] == ':';
            }
            yaml_line = buf[i] == '\n';
        }
    }
    fclose(f);
    return found;
}

/* Why the file at path does not open, briefly, appended to b. */
static void why_left_out(const char *path, const Diag *d, StrBuf *b)
{
    char m[sizeof d->path + sizeof d->message + 64];
    if (prices_is_book(path)) {
        /* p opens the shipped book only (price_picker.c) */
        char shipped[DOC_PATH_MAX];
        snprintf(shipped, sizeof shipped, "%s/prices.yaml", cli_scenario_dir());
        sb_append(b, file_same(path, shipped) ? "a price book, p opens it"
                                              : "a price book, not a scenario");
        return;
    }
    if (d->status == EXIT_DATAERR && !has_version_key(path)) {
        sb_append(b, "not a scenario, no gpuplan key");
        return;
    }
    /* Where and what, without the file (the row names it) or the
     * explanation in parentheses (opening the file gives it all). */
    char pos[48] = "";
    if (d->line)
        snprintf(pos, sizeof pos, "%lu:%lu: ", d->line, d->col);
    snprintf(m, sizeof m, "%s%s%s%s", pos, d->path, d->path[0] ? ": " : "", d->message);
    char *paren = strstr(m, " (");
    if (paren && paren > m)
        *paren = '\0';
    size_t keep = utf8_head_bytes(m, REASON_COLS);
    if (keep < strlen(m)) {
        const char *ell = term_ellipsis();
        keep = utf8_head_bytes(m, REASON_COLS - utf8_width(ell));
        sb_append_n(b, m, keep);
        sb_append(b, ell);
    } else {
        sb_append(b, m);
    }
}

/* Read directory `dir` into *l: its directories (not hidden), the files
 * that load as a scenario, and what was left out and why (each reason
 * after `where`, the place's label, when it is not NULL). */
static void list_dir(const char *dir, const char *where, Listing *l)
{
    memset(l, 0, sizeof *l);
    DIR *dp = opendir(dir);
    if (!dp)
        return;
    Scenario *s = xmalloc(sizeof *s);
    char **cand = NULL;
    size_t ncand = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (e->d_name[0] == '.') /* hidden, and . and .. themselves */
            continue;
        StrBuf p = STRBUF_INIT;
        sb_printf(&p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(sb_str(&p), &st) == 0 && S_ISDIR(st.st_mode))
            add_name(&l->dirs, &l->ndirs, e->d_name);
        else if (file_is_scenario_ext(e->d_name))
            add_name(&cand, &ncand, e->d_name);
        else
            l->others++;
        sb_free(&p);
    }
    closedir(dp);
    if (l->ndirs)
        qsort(l->dirs, l->ndirs, sizeof *l->dirs, cmp_str);
    if (ncand)
        qsort(cand, ncand, sizeof *cand, cmp_str);
    for (size_t i = 0; i < ncand; i++) {
        StrBuf p = STRBUF_INIT;
        sb_printf(&p, "%s/%s", dir, cand[i]);
        Diag d;
        struct stat st;
        if (stat(sb_str(&p), &st) != 0 || !S_ISREG(st.st_mode)) {
            l->others++; /* a pipe or a device is never read */
        } else if (scenario_load_file(sb_str(&p), s, &d) == 0) {
            add_name(&l->files, &l->nfiles, cand[i]);
        } else {
            sb_printf(&l->left, "%s%s (%s%s", l->left.len ? ", " : "", cand[i],
                      where ? where : "", where ? ": " : "");
            why_left_out(sb_str(&p), &d, &l->left);
            sb_append(&l->left, ")");
        }
        sb_free(&p);
        free(cand[i]);
    }
    free(cand);
    free(s);
}

static void listing_free(Listing *l)
{
    for (size_t i = 0; i < l->ndirs; i++)
        free(l->dirs[i]);
    for (size_t i = 0; i < l->nfiles; i++)
        free(l->files[i]);
    free(l->dirs);
    free(l->files);
    sb_free(&l->left);
}

/* The parent of dir, by name: its last part taken off ("./plans" ->
 * "."), or ".." added when there is none to take ("." -> "..", ".." ->
 * "../.."); "/" stays. False when it does not fit buf. */
static bool parent_of(const char *dir, char *buf, size_t n)
{
    const char *slash = strrchr(dir, '/');
    const char *last = slash ? slash + 1 : dir;
    int w;
    if (strcmp(dir, "/") == 0 || slash == dir)
        w = snprintf(buf, n, "/");
    else if (strcmp(dir, ".") == 0)
        w = snprintf(buf, n, "..");
    else if (strcmp(last, "..") == 0)
        w = snprintf(buf, n, "%s/..", dir);
    else if (slash)
        w = snprintf(buf, n, "%.*s", (int)(slash - dir), dir);
    else
        w = snprintf(buf, n, ".");
    return w >= 0 && (size_t)w < n;
}

/* Add l's rows under `label` (NULL: none) for directory dir; what was
 * left out goes to *note and *others. */
static void add_rows(Dialog *d, const char *dir, const char *label, const Listing *l,
                     StrBuf *note, size_t *others)
{
    for (int pass = 0; pass < 2; pass++) {
        char **names = pass == 0 ? l->dirs : l->files;
        size_t n = pass == 0 ? l->ndirs : l->nfiles;
        for (size_t i = 0; i < n; i++) {
            StrBuf item = STRBUF_INIT, shown = STRBUF_INIT;
            const char *tail = pass == 0 ? "/" : "";
            sb_printf(&item, "%s/%s%s", dir, names[i], tail);
            if (label)
                sb_printf(&shown, "%-10s %s%s", label, names[i], tail);
            else
                sb_printf(&shown, "%s%s", names[i], tail);
            dialog_list_add(d, sb_str(&shown), sb_str(&item));
            sb_free(&item);
            sb_free(&shown);
        }
    }
    if (l->left.len) {
        sb_printf(note, "%s%s", note->len ? ", " : "", sb_str(&l->left));
    }
    *others += l->others;
}

/* True when dir is the current directory (by what it names). */
static bool is_here(const char *dir)
{
    char r1[DOC_PATH_MAX], r2[DOC_PATH_MAX];
    return strcmp(dir, ".") == 0 ||
           (realpath(dir, r1) && realpath(".", r2) && strcmp(r1, r2) == 0);
}

/* Select the row whose name (its item's last part) is `name`. */
static void select_name(Dialog *d, const char *name)
{
    size_t nl = strlen(name);
    for (size_t i = 0; i < d->count; i++) {
        const char *it = d->items[i];
        size_t len = strlen(it);
        if (len && it[len - 1] == '/')
            len--;
        if (len >= nl && strncmp(it + len - nl, name, nl) == 0 &&
            (len == nl || it[len - nl - 1] == '/')) {
            d->sel = i;
            return;
        }
    }
}

Reaction file_picker_open(App *a, const char *dir, const char *select)
{
    bool places = !dir || is_here(dir);
    char header[DOC_PATH_MAX + 8] = "";
    if (places)
        dir = ".";
    if (!places) {
        char real[DOC_PATH_MAX];
        snprintf(header, sizeof header, "in %s", realpath(dir, real) ? real : dir);
    }
    Dialog *d = &a->dlg;
    dialog_list(d, P_PICK, "open a scenario (Enter opens a file or enters a directory, "
                "Esc cancels)", places ? NULL : header, "no scenario files here");
    StrBuf item = STRBUF_INIT, note = STRBUF_INIT;
    sb_printf(&item, "%s/../", dir);
    dialog_list_add(d, places ? "here       ../" : "../", sb_str(&item));
    sb_free(&item);
    size_t others = 0;
    if (places) {
        char user[DOC_PATH_MAX];
        const char *dirs[] = {".", file_user_scenario_dir(user, sizeof user),
                              cli_scenario_dir()};
        const char *labels[] = {"here", "yours", "shipped"};
        for (size_t k = 0; k < 3; k++) {
            if (!dirs[k] || (k > 0 && is_here(dirs[k])))
                continue; /* no HOME; a place that is the current directory */
            Listing l;
            list_dir(dirs[k], labels[k], &l);
            add_rows(d, dirs[k], labels[k], &l, &note, &others);
            listing_free(&l);
        }
    } else {
        Listing l;
        list_dir(dir, NULL, &l);
        add_rows(d, dir, NULL, &l, &note, &others);
        listing_free(&l);
    }
    if (others)
        sb_printf(&note, "%s%zu other file%s (not .yaml, .yml or .json)", note.len ? ", " : "",
                  others, others == 1 ? "" : "s");
    bool empty = d->count == 1; /* `..` alone */
    if (note.len || empty) {
        StrBuf full = STRBUF_INIT;
        sb_printf(&full, "%s%s%s%s", empty ? "no scenario files or directories here" : "",
                  empty && note.len ? "; " : "", note.len ? "left out: " : "", sb_str(&note));
        dialog_list_footer(d, sb_str(&full));
        sb_free(&full);
    }
    sb_free(&note);
    /* The first row that is not `..`, unless a name is asked for. */
    d->sel = d->count > 1 ? 1 : 0;
    if (select)
        select_name(d, select);
    return R_ALL;
}

Reaction file_picker_pick(App *a, const char *item)
{
    size_t len = strlen(item);
    if (len == 0 || item[len - 1] != '/') {
        if (len >= sizeof a->pending_path)
            return msg_show(a, true, "%s: the path is too long for the planner (%zu bytes "
                           "at most)", item, sizeof a->pending_path - 1);
        snprintf(a->pending_path, sizeof a->pending_path, "%s", item);
        return files_guard(a, PEND_OPEN);
    }
    char dir[DOC_PATH_MAX], from[DOC_PATH_MAX] = "";
    if (len > sizeof dir)
        return msg_show(a, true, "%s: the path is too long for the planner (%zu bytes at "
                       "most)", item, sizeof dir - 1);
    snprintf(dir, sizeof dir, "%.*s", (int)(len - 1), item);
    /* `..` (DIR/..): DIR's parent by name, with DIR selected there. */
    size_t dl = strlen(dir);
    if (dl >= 3 && strcmp(dir + dl - 3, "/..") == 0) {
        char below[DOC_PATH_MAX], real[DOC_PATH_MAX];
        snprintf(below, sizeof below, "%.*s", (int)(dl - 3), dir);
        const char *slash = strrchr(below, '/');
        const char *last = slash ? slash + 1 : below;
        if (strcmp(last, ".") != 0 && strcmp(last, "..") != 0)
            snprintf(from, sizeof from, "%s", last);
        else if (realpath(below, real) && strrchr(real, '/')[1])
            snprintf(from, sizeof from, "%s", strrchr(real, '/') + 1);
        if (!parent_of(below, dir, sizeof dir))
            return msg_show(a, true, "%s/..: the path is too long to go up by name", below);
    }
    return file_picker_open(a, dir, from[0] ? from : NULL);
}
