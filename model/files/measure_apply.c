/* measure_apply.c: a measurement written into a scenario, DESIGN 10. */
#include "config.h"

#include "measure_apply.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "dtoa.h"
#include "scenario_edit.h"
#include "scenario_source.h"

#define FILES_MAX_BYTES 600 /* of the file list in the comment */

void measure_apply_of(const MeasureResult *r, const char *const *files,
                      size_t nfiles, MeasureApplied *a)
{
    a->pct = measure_value_pct(r);
    a->weeks = measure_value_weeks(r);
    a->active = measure_value_active(r);
    StrBuf list = STRBUF_INIT;
    for (size_t i = 0; i < nfiles; i++) {
        if (i)
            sb_append(&list, ", ");
        if (list.len + strlen(files[i]) > FILES_MAX_BYTES) {
            sb_printf(&list, "\u2026 (%zu files)", nfiles);
            break;
        }
        sb_append(&list, files[i]);
    }
    char from[64], to[64], gpus[DTOA_BUFSIZE], weeks[DTOA_BUFSIZE];
    dtoa_shortest(r->capacity, gpus);
    dtoa_shortest(a->weeks, weeks);
    snprintf(a->comment, sizeof a->comment, "%s, %s to %s (%s weeks of %s GPUs)",
             sb_str(&list), measure_time_text(r->from, r->from_offset, from,
                                              sizeof from),
             measure_time_text(r->to, r->to_offset, to, sizeof to), weeks, gpus);
    snprintf(a->files, sizeof a->files, "%s", sb_str(&list));
    sb_free(&list);
}

int measure_apply_set(Scenario *s, const MeasureApplied *a, Diag *d)
{
    char t[3][DTOA_BUFSIZE];
    dtoa_shortest(a->pct, t[0]);
    dtoa_shortest(a->weeks, t[1]);
    const char *keys[3] = {"utilization.measured_pct",
                           "utilization.measurement_weeks",
                           "utilization.active_pct"};
    const char *texts[3] = {t[0], t[1], t[2]};
    size_t n = 2, bad;
    if (isfinite(a->active)) {
        dtoa_shortest(a->active, t[2]);
        n = 3;
    }
    return scenario_set_all(s, keys, texts, n, &bad, d);
}

bool measure_apply_holds(const Scenario *s, const MeasureApplied *a)
{
    const Utilization *u = &s->utilization;
    return u->measured_pct == a->pct && u->measurement_weeks == a->weeks &&
           (!isfinite(a->active) || u->active_pct == a->active);
}

YamlComment measure_apply_comment(const MeasureApplied *a)
{
    YamlComment c = {"utilization.measured_pct", MEASURE_COMMENT_MARKER,
                     a->comment};
    return c;
}

int measure_apply_file(const char *path, const MeasureApplied *a,
                       MeasureApplyNote *note, Diag *d)
{
    memset(note, 0, sizeof *note);
    Scenario *s = xmalloc(sizeof *s);
    ScenarioSource *src = NULL;
    int rc = scenario_source_load_file(path, s, &src, d);
    if (rc == 0) {
        note->old_pct = s->utilization.measured_pct;
        note->old_weeks = s->utilization.measurement_weeks;
        note->old_active = s->utilization.active_pct;
        rc = measure_apply_set(s, a, d);
        if (rc != 0)
            snprintf(d->file, sizeof d->file, "%s", path);
    }
    StrBuf b = STRBUF_INIT;
    ScenarioSaveNote sn;
    YamlComment c = measure_apply_comment(a);
    if (rc == 0)
        rc = scenario_source_render_noted(src, path, s, &c, &b, NULL, &sn, d);
    if (rc == 0) {
        note->edited = sn.edited;
        snprintf(note->why, sizeof note->why, "%s", sn.why);
        /* A file with other names is rewritten in place, so they all see
         * the new text; only the user's own file (DESIGN 1.3). */
        struct stat st;
        bool in_place = stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
                        st.st_nlink > 1 && st.st_uid == geteuid();
        rc = in_place ? atomic_rewrite_in_place(path, sb_str(&b), b.len, d)
                      : atomic_write_file(path, sb_str(&b), b.len, 0666, d);
    }
    sb_free(&b);
    scenario_source_free(src);
    free(s);
    return rc;
}
