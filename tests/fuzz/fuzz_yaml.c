/* fuzz_yaml.c: libFuzzer harness for the YAML scenario reader
 * (scenario_load_yaml) on arbitrary bytes, and for the format-preserving
 * saver (scenario_source.h) on every input that loads. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fields.h"
#include "scenario_edit.h"
#include "scenario_file.h"
#include "scenario_source.h"
#include "strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A file that loads: saved unchanged it must come back byte for byte; saved
 * with one number and the notes changed it must be written (the saver
 * checks that the bytes load back as the edited scenario). */
static void check_save(const char *buf, size_t size, const Scenario *loaded)
{
    Scenario s;
    ScenarioSource *src = NULL;
    Diag d;
    if (scenario_source_load("fuzz.yaml", buf, size, &s, &src, &d) != 0 ||
        !scenario_equal(&s, loaded))
        abort();
    StrBuf out = STRBUF_INIT;
    ScenarioSaveNote note;
    if (scenario_source_render(src, "fuzz.yaml", &s, &out, NULL, &note, &d) != 0)
        abort();
    if (note.edited && (out.len != size || memcmp(out.data ? out.data : "", buf, size) != 0))
        abort();
    sb_free(&out);
    Diag msg;
    const Field *nodes = field_find("hardware.nodes");
    field_set(nodes, &s, s.hardware.nodes > 1 ? "1" : "2", &msg);
    field_set(field_find("notes"), &s, "changed: by the\nfuzzer\n", &msg);
    if (scenario_check(&s, &d) == 0 &&
        scenario_source_render(src, "fuzz.yaml", &s, &out, NULL, &note, &d) != 0)
        abort();
    sb_free(&out);
    scenario_source_free(src);
}

/* Load the input; on failure the diagnostic must carry a status and a
 * message, and a data error must say where it is. Anything else aborts so
 * the fuzzer records the input. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A private copy without a terminator, so reads past `size` are caught. */
    char *buf = malloc(size ? size : 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    Scenario s;
    Diag d;
    int rc = scenario_load_yaml("fuzz.yaml", buf, size, &s, &d);
    if (rc != 0 && (d.status != rc || d.message[0] == '\0' ||
                    (rc == EXIT_DATAERR && size <= SCENARIO_FILE_MAX &&
                     d.line == 0)))
        abort();
    if (rc == 0)
        check_save(buf, size, &s);
    /* Gathering every problem reads the same way up to the first (and
     * never loses its place after one): the same verdict, and its first
     * problem is the one the loader stops at. */
    static Diag all[16];
    size_t n = 0;
    int crc = scenario_check_yaml("fuzz.yaml", buf, size, all, 16, &n);
    if ((crc == 0) != (rc == 0) || (crc != 0 && n == 0) || n > 16)
        abort();
    if (rc == EXIT_DATAERR &&
        (all[0].line != d.line || all[0].col != d.col ||
         strcmp(all[0].message, d.message) != 0))
        abort();
    for (size_t i = 0; i < n; i++)
        if (all[i].line == 0 || all[i].message[0] == '\0')
            abort();
    free(buf);
    return 0;
}
