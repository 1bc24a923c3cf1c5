/* scenario_file.c: loading and saving scenario files.
 *
 * Format choice (DESIGN 4.1): a file whose first non-blank byte, after an
 * optional UTF-8 byte order mark, is '{' is read as JSON (a JSON export or
 * a bare scenario object); anything else is YAML. A YAML scenario written
 * entirely in flow style on its first line would therefore be read as JSON;
 * scenario files are written in block style, so this costs nothing. */
#include "config.h"

#include "scenario_file.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "scenario_load.h"

/* ---- files ------------------------------------------------------------- */

bool scenario_looks_like_json(const char *data, size_t len)
{
    size_t i = 0;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' ||
                       data[i] == '\n'))
        i++;
    return i < len && data[i] == '{';
}

int scenario_check_file(const char *path, Diag *all, size_t max, size_t *n)
{
    char *data = NULL;
    size_t len = 0;
    Diag d;
    *n = 0;
    diag_clear(&d, path);
    int rc = read_whole_file(path, SCENARIO_FILE_MAX, &data, &len, &d);
    if (rc == 0 && scenario_looks_like_json(data, len)) {
        rc = scenario_check_json(path, data, len, all, max, n);
    } else if (rc == 0) {
        rc = scenario_check_yaml(path, data, len, all, max, n);
    }
    if (rc != 0 && *n == 0 && max > 0)
        all[(*n)++] = d;
    free(data);
    return rc;
}

int scenario_load_file(const char *path, Scenario *out, Diag *d)
{
    char *data = NULL;
    size_t len = 0;
    diag_clear(d, path);
    int rc = read_whole_file(path, SCENARIO_FILE_MAX, &data, &len, d);
    if (rc != 0)
        return rc;
    if (scenario_looks_like_json(data, len))
        rc = scenario_load_json(path, data, len, out, d);
    else
        rc = scenario_load_yaml(path, data, len, out, d);
    free(data);
    return rc;
}

int scenario_check_bytes(const char *path, const Scenario *s, const char *data,
                         size_t len, Diag *d)
{
    Scenario back;
    Diag why;
    diag_clear(d, path);
    if (scenario_load_yaml(path, data, len, &back, &why) != 0) {
        char m[sizeof why.message + sizeof why.path + 64];
        if (why.path[0])
            snprintf(m, sizeof m, "%s: %s", why.path, why.message);
        else
            snprintf(m, sizeof m, "%s", why.message);
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "not saved: the file would not "
                 "load back (line %lu: %s); the file on disk is unchanged",
                 why.line, m);
        return EXIT_DATAERR;
    }
    if (!scenario_equal(&back, s)) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "not saved: the file would load "
                 "back as a different scenario; the file on disk is "
                 "unchanged");
        return EXIT_DATAERR;
    }
    return 0;
}

int scenario_save_file(const char *path, const Scenario *s, Diag *d)
{
    StrBuf b = STRBUF_INIT;
    diag_clear(d, path);
    scenario_format_yaml(s, &b);
    /* Save only what loads (DESIGN 7): the bytes about to be written are
     * read back exactly as a load would before anything touches the disk. */
    int rc = scenario_check_bytes(path, s, sb_str(&b), b.len, d);
    if (rc == 0)
        rc = atomic_write_file(path, sb_str(&b), b.len, 0666, d);
    sb_free(&b);
    return rc;
}

int scenario_save_file_in_place(const char *path, const Scenario *s, Diag *d)
{
    StrBuf b = STRBUF_INIT;
    diag_clear(d, path);
    scenario_format_yaml(s, &b);
    /* Save only what loads (DESIGN 7), in place as well. */
    int rc = scenario_check_bytes(path, s, sb_str(&b), b.len, d);
    if (rc == 0)
        rc = atomic_rewrite_in_place(path, sb_str(&b), b.len, d);
    sb_free(&b);
    return rc;
}
