/* scenario_source.c: load a scenario with its text, save it by editing
 * that text, and never write bytes that do not load back (DESIGN 1.3); see
 * scenario_source.h. */
#include "config.h"

#include "scenario_source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "scenario_file.h"
#include "scenario_load.h"
#include "yaml_comment.h"
#include "yaml_patch.h"
#include "utf8.h"
#include "yaml_spans.h"

struct ScenarioSource {
    char *data; /* the text, NUL-terminated */
    size_t len;
    YamlSpans spans;
    Scenario base; /* what the text loads as */
};

void scenario_source_free(ScenarioSource *src)
{
    if (!src)
        return;
    yaml_spans_free(&src->spans);
    free(src->data);
    free(src);
}

const char *scenario_source_text(const ScenarioSource *src, size_t *len)
{
    *len = src->len;
    return src->data;
}

int scenario_source_load(const char *name, const char *data, size_t len,
                         Scenario *out, ScenarioSource **src, Diag *d)
{
    *src = NULL;
    if (scenario_looks_like_json(data, len))
        return scenario_load_json(name, data, len, out, d);
    ScenarioSource *s = xmalloc(sizeof *s);
    memset(s, 0, sizeof *s);
    s->data = xmalloc(len + 1);
    memcpy(s->data, data, len);
    s->data[len] = '\0';
    s->len = len;
    yaml_spans_init(&s->spans, s->data, len);
    int rc = scenario_load_yaml_spans(name, s->data, len, &s->base, &s->spans,
                                      d);
    yaml_spans_done(&s->spans);
    if (rc != 0) {
        scenario_source_free(s);
        return rc;
    }
    *out = s->base;
    *src = s; /* a UTF-16 text too: its save says it is written whole */
    return 0;
}

int scenario_source_load_file(const char *path, Scenario *out,
                              ScenarioSource **src, Diag *d)
{
    char *data = NULL;
    size_t len = 0;
    *src = NULL;
    diag_clear(d, path);
    int rc = read_whole_file(path, SCENARIO_FILE_MAX, &data, &len, d);
    if (rc != 0)
        return rc;
    rc = scenario_source_load(path, data, len, out, src, d);
    free(data);
    return rc;
}

/* Load bytes b back: 0 when they give exactly s (*next gets their
 * source), else the load's status with *d filled (EXIT_DATAERR and a
 * message when they load as another scenario). */
static int check_bytes(const char *name, const StrBuf *b, const Scenario *s,
                       ScenarioSource **next, Diag *d)
{
    Scenario *t = xmalloc(sizeof *t);
    int rc = scenario_source_load(name, b->data ? b->data : "", b->len, t,
                                  next, d);
    if (rc == 0 && !scenario_equal(t, s)) {
        scenario_source_free(*next);
        *next = NULL;
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "the saved text would load as "
                 "a different scenario");
        rc = EXIT_DATAERR;
    }
    free(t);
    return rc;
}

int scenario_source_render(const ScenarioSource *src, const char *name,
                           const Scenario *s, StrBuf *out,
                           ScenarioSource **next, ScenarioSaveNote *note,
                           Diag *d)
{
    ScenarioSaveNote dummy;
    if (!note)
        note = &dummy;
    memset(note, 0, sizeof *note);
    ScenarioSource *nx = NULL;
    Diag vd;
    diag_clear(d, name);
    if (src) {
        StrBuf b = STRBUF_INIT;
        YamlPatchDoc doc = {src->data, src->len, &src->spans, &src->base};
        if (yaml_patch_render(&doc, s, &b, &vd) != 0) {
            utf8_clip(vd.message, note->why, sizeof note->why);
        } else if (check_bytes(name, &b, s, &nx, &vd) != 0) {
            char m[DIAG_TEXT_MAX], why[sizeof m + 64];
            diag_format(&vd, m, sizeof m);
            snprintf(why, sizeof why, "the edited text did not load back "
                     "(%s)", m);
            utf8_clip(why, note->why, sizeof note->why); /* cut with "…" */
        } else {
            sb_append_n(out, b.data ? b.data : "", b.len);
            sb_free(&b);
            note->edited = true;
            if (next)
                *next = nx;
            else
                scenario_source_free(nx);
            return 0;
        }
        sb_free(&b);
        note->rewrote = true;
    }
    StrBuf b = STRBUF_INIT;
    scenario_format_yaml(s, &b);
    if (check_bytes(name, &b, s, &nx, &vd) != 0) {
        char m[DIAG_TEXT_MAX];
        diag_format(&vd, m, sizeof m);
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "not saved: written out, the "
                 "scenario would not load back (%s)", m);
        sb_free(&b);
        return EXIT_DATAERR;
    }
    sb_append_n(out, b.data ? b.data : "", b.len);
    sb_free(&b);
    if (next)
        *next = nx;
    else
        scenario_source_free(nx);
    return 0;
}

int scenario_source_render_noted(const ScenarioSource *src, const char *name,
                                 const Scenario *s, const YamlComment *c,
                                 StrBuf *out, ScenarioSource **next,
                                 ScenarioSaveNote *note, Diag *d)
{
    if (!c)
        return scenario_source_render(src, name, s, out, next, note, d);
    StrBuf plain = STRBUF_INIT, noted = STRBUF_INIT;
    int rc = scenario_source_render(src, name, s, &plain, NULL, note, d);
    if (rc == 0)
        rc = yaml_comment_set(name, plain.data ? plain.data : "", plain.len,
                              c, &noted, d);
    ScenarioSource *nx = NULL;
    if (rc == 0)
        rc = check_bytes(name, &noted, s, &nx, d);
    if (rc == 0) {
        sb_append_n(out, noted.data ? noted.data : "", noted.len);
        if (next)
            *next = nx;
        else
            scenario_source_free(nx);
    }
    sb_free(&plain);
    sb_free(&noted);
    return rc;
}

int scenario_source_save_file(const char *path, const Scenario *s,
                              ScenarioSource **src, ScenarioSaveNote *note,
                              Diag *d)
{
    StrBuf b = STRBUF_INIT;
    ScenarioSource *nx = NULL;
    int rc = scenario_source_render(*src, path, s, &b, &nx, note, d);
    if (rc == 0)
        rc = atomic_write_file(path, b.data ? b.data : "", b.len, 0666, d);
    sb_free(&b);
    if (rc != 0) {
        scenario_source_free(nx);
        return rc;
    }
    scenario_source_free(*src);
    *src = nx;
    return 0;
}
