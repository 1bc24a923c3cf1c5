/* search.c: `/`, n and N over the fields' labels, keys and help, and
 * `:goto`'s keys; see search.h. */
#include "config.h"

#include "search.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edit.h"
#include "files.h"
#include "form.h"
#include "keys.h"
#include "list_panel.h"
#include "strbuf.h"

/* A place a field is shown: a panel's row and, on a list's item row, its
 * cell (0 elsewhere). */
typedef struct Spot {
    Panel panel;
    size_t row, col;
} Spot;

/* The rows of panel p that hold fields (not the Hybrid plan's warnings;
 * its trace's rows and groups' rows included). */
static size_t panel_rows(const App *a, Panel p)
{
    if (p == PANEL_HYBRID)
        return form_hybrid_rows(&a->doc.cur);
    const ListPanel *lp = list_panel_of(p);
    return lp ? list_panel_rows(lp, &a->doc.cur) : form_fields(p, NULL, 0);
}

/* The cells of row `row` of panel p: an item row's, else one. */
static size_t row_cols(const App *a, Panel p, size_t row)
{
    if (p == PANEL_HYBRID)
        return form_hybrid_cells(&a->doc.cur, row);
    const ListPanel *lp = list_panel_of(p);
    return lp ? list_panel_cols(lp, &a->doc.cur, row) : 1;
}

/* Every spot of the scenario, panels in order, rows, cells (malloc'd,
 * *n of them). */
static Spot *all_spots(const App *a, size_t *n)
{
    size_t cap = 128, k = 0;
    Spot *v = xmalloc(cap * sizeof *v);
    for (int p = 0; p < PANEL_COUNT; p++) {
        size_t rows = panel_rows(a, (Panel)p);
        for (size_t r = 0; r < rows; r++)
            for (size_t c = 0, nc = row_cols(a, (Panel)p, r); c < nc; c++) {
                if (k == cap) {
                    cap *= 2;
                    v = xrealloc(v, cap * sizeof *v);
                }
                v[k++] = (Spot){(Panel)p, r, c};
            }
    }
    *n = k;
    return v;
}

/* The selected spot (its cell only on an item row). */
static Spot cur_spot(const App *a)
{
    size_t row = a->sel[a->panel], nc = row_cols(a, a->panel, row);
    return (Spot){a->panel, row, nc > 1 ? (a->hcol < nc ? a->hcol : nc - 1) : 0};
}

static int spot_cmp(Spot x, Spot y)
{
    if (x.panel != y.panel)
        return x.panel < y.panel ? -1 : 1;
    if (x.row != y.row)
        return x.row < y.row ? -1 : 1;
    return x.col < y.col ? -1 : x.col > y.col;
}

/* True when `hay` holds `needle`, letters in either case. */
static bool has_text(const char *hay, const char *needle)
{
    size_t nl = strlen(needle);
    for (const char *h = hay; *h; h++) {
        size_t i = 0;
        while (i < nl && h[i] &&
               tolower((unsigned char)h[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == nl)
            return true;
    }
    return nl == 0;
}

/* True when the field at spot s has `text` in its label, key or help. */
static bool spot_matches(const App *a, Spot s, const char *text)
{
    FieldRef r;
    if (!edit_ref_at(a, s.panel, s.row, s.col, &r))
        return false;
    const Field *f = field_ref(&r);
    return has_text(f->label, text) || has_text(r.path, text) || has_text(f->help, text);
}

/* Select spot s. */
static Reaction go(App *a, Spot s)
{
    a->panel = s.panel;
    a->sel[s.panel] = s.row;
    if (row_cols(a, s.panel, s.row) > 1)
        a->hcol = s.col;
    return R_FORM | R_TITLE | R_RESULTS | R_MSG | R_LINE;
}

/* The match of `text` from spot `from` on (`inclusive`: from itself too),
 * forward or back, wrapping around: true with it in *found, *wrapped
 * saying whether it is past the end (before the start); its number among
 * all matches in *hit and their count in *hits. */
static bool find(const App *a, const char *text, Spot from, bool inclusive, bool forward,
                 Spot *found, bool *wrapped, size_t *hit, size_t *hits)
{
    size_t n;
    Spot *v = all_spots(a, &n);
    bool *m = xmalloc((n ? n : 1) * sizeof *m);
    size_t count = 0, at = n; /* at: the first spot after `from` (or at it) */
    for (size_t i = 0; i < n; i++) {
        m[i] = spot_matches(a, v[i], text);
        count += m[i];
        int c = spot_cmp(v[i], from);
        if (at == n && (c > 0 || (c == 0 && (inclusive || !forward))))
            at = i;
    }
    bool ok = false;
    for (size_t k = 0; k < n && count > 0; k++) {
        size_t i;
        if (forward)
            i = (at + k) % n;
        else /* before `from`: from the spot before `at` backwards */
            i = (at + n - 1 - k) % n;
        if (!m[i])
            continue;
        *found = v[i];
        *wrapped = forward ? at + k >= n : k + 1 > at;
        size_t ord = 0;
        for (size_t j = 0; j <= i; j++)
            ord += m[j];
        *hit = ord;
        ok = true;
        break;
    }
    *hits = count;
    free(m);
    free(v);
    return ok;
}

/* Back to where the `/` line was opened. */
static void back(App *a)
{
    a->panel = a->search_from.panel;
    memcpy(a->sel, a->search_from.sel, sizeof a->sel);
    memcpy(a->top, a->search_from.top, sizeof a->top);
    a->hcol = a->search_from.hcol;
}

Reaction search_open(App *a)
{
    a->search_from.panel = a->panel;
    memcpy(a->search_from.sel, a->sel, sizeof a->sel);
    memcpy(a->search_from.top, a->top, sizeof a->top);
    a->search_from.hcol = a->hcol;
    a->search_hits = a->search_hit = 0;
    a->mode = MODE_SEARCH;
    line_edit_init(&a->cmd, NULL);
    return R_LINE | msg_clear(a);
}

/* The text typed changed: the first match from where the search began. */
static Reaction retype(App *a)
{
    back(a);
    a->search_hits = a->search_hit = 0;
    Reaction r = R_ALL;
    if (!a->cmd.text[0])
        return r;
    Spot s;
    bool wrapped;
    if (find(a, a->cmd.text, cur_spot(a), true, true, &s, &wrapped, &a->search_hit,
             &a->search_hits))
        r |= go(a, s);
    return r;
}

/* Down, Up on the search line: the next or previous match. */
static Reaction step(App *a, bool forward)
{
    Spot s;
    bool wrapped;
    if (!a->cmd.text[0] || !find(a, a->cmd.text, cur_spot(a), false, forward, &s, &wrapped,
                                 &a->search_hit, &a->search_hits))
        return R_LINE;
    return go(a, s);
}

/* The key of the selected field ("" on a row without one). */
static const char *cur_key(const App *a, FieldRef *r)
{
    return edit_cur_ref(a, r) ? r->path : "";
}

/* Enter: stay on the match, keep the text for n and N. */
static Reaction keep(App *a)
{
    a->mode = MODE_NORMAL;
    if (!a->cmd.text[0])
        return R_LINE;
    snprintf(a->search, sizeof a->search, "%s", a->cmd.text);
    if (!a->search_hits) {
        back(a);
        return R_ALL | msg_show(a, true, "no field's label, key or help has '%s'",
                                a->search);
    }
    FieldRef r;
    return R_LINE | msg_show(a, false, "/%s: match %zu of %zu, %s; n next, N previous",
                             a->search, a->search_hit, a->search_hits, cur_key(a, &r));
}

Reaction search_key(App *a, int key)
{
    switch (keys_lookup_mode(KM_EDIT, key)) {
    case ACT_LE_HELP:
        dialog_help_modes(&a->dlg); /* the keys of editing and lists */
        return R_ALL;
    case ACT_LE_QUIT: /* the search ends where it is; the quit asks as ever */
        a->mode = MODE_NORMAL;
        return R_ALL | files_guard(a, PEND_QUIT);
    default:
        break;
    }
    switch (keys_lookup_mode(KM_SEARCH, key)) {
    case ACT_SRCH_KEEP:
        return keep(a);
    case ACT_SRCH_BACK:
        back(a);
        a->mode = MODE_NORMAL;
        return R_ALL;
    case ACT_SRCH_NEXT:
        return step(a, true);
    case ACT_SRCH_PREV:
        return step(a, false);
    default:
        break;
    }
    char before[LINE_EDIT_MAX];
    snprintf(before, sizeof before, "%s", a->cmd.text);
    switch (line_edit_handle_key(&a->cmd, key)) {
    case LE_COMMITTED:
        return keep(a);
    case LE_CANCELLED:
        back(a);
        a->mode = MODE_NORMAL;
        return R_ALL;
    default:
        return strcmp(before, a->cmd.text) != 0 ? retype(a) : R_LINE;
    }
}

Reaction search_again(App *a, bool forward)
{
    if (!a->search[0])
        return msg_show(a, false, "no search yet: / searches the fields' labels, keys and "
                        "help");
    Spot s;
    bool wrapped;
    size_t hit, hits;
    if (!find(a, a->search, cur_spot(a), false, forward, &s, &wrapped, &hit, &hits))
        return msg_show(a, true, "no field's label, key or help has '%s'", a->search);
    Reaction re = go(a, s);
    FieldRef r;
    return re | msg_show(a, false, "/%s: match %zu of %zu, %s%s", a->search, hit, hits,
                         cur_key(a, &r),
                         !wrapped ? "" : forward ? " (on from the first panel)"
                                                 : " (back from the last panel)");
}

bool search_status(const App *a, char *buf, size_t n)
{
    if (!a->cmd.text[0]) {
        snprintf(buf, n, "labels, keys, help");
        return false;
    }
    if (!a->search_hits) {
        snprintf(buf, n, "no match");
        return true;
    }
    snprintf(buf, n, "%zu/%zu", a->search_hit, a->search_hits);
    return false;
}

/* The keys whose last part is `leaf` ("hybrid.seed, uncertainty.seed")
 * into buf; returns how many there are. */
static size_t leaf_keys(const char *leaf, char *buf, size_t n)
{
    size_t count = 0, len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < field_count; i++)
        if (strchr(field_table[i].key, '.') && strcmp(field_leaf(&field_table[i]), leaf) == 0) {
            if (len < n)
                len += (size_t)snprintf(buf + len, n - len, "%s%s", count ? " or " : "",
                                        field_table[i].key);
            count++;
        }
    return count;
}

Reaction search_goto(App *a, const char *key)
{
    Reaction r = R_NONE;
    FieldRef f;
    char keys[400], sec[32], full[FIELD_PATH_MAX];
    Diag d;
    if (!key[0])
        return msg_show(a, true, "goto: expected a field key or its last part, e.g. goto pue");
    if (field_resolve(key, &f, &d) == 0 || strchr(key, '[')) {
        if (field_resolve(key, &f, &d) != 0)
            return msg_show(a, true, "goto: %s", d.message);
        edit_goto_key(a, "goto", key, &r);
        return r;
    }
    if (!strchr(key, '.') && leaf_keys(key, keys, sizeof keys) > 1)
        return msg_show(a, true, "goto: `%s` is the last part of %s: give the whole key", key,
                        keys);
    const char *near = field_suggest(key, "", sec, sizeof sec);
    const Field *row = near ? field_find(near) : NULL;
    if (!row)
        return msg_show(a, true, "goto: %s", d.message);
    const char *open = strstr(near, "[]");
    if (open) {
        /* A list's row: the selected item of that list, else its first. */
        const ListPanel *lp = list_panel_of(a->panel);
        long item = lp && lp->list == row->list ? list_panel_item(a) : -1;
        snprintf(full, sizeof full, "%.*s[%ld]%s", (int)(open - near), near,
                 item < 0 ? 0 : item, open + 2);
    } else {
        snprintf(full, sizeof full, "%s", near);
    }
    if (!edit_goto_key(a, "goto", full, &r))
        return r;
    if (strcmp(field_leaf(row), key) == 0)
        return r | msg_show(a, false, "goto %s", full);
    return r | msg_show(a, false, "goto %s (the key nearest to `%s`)", full, key);
}
