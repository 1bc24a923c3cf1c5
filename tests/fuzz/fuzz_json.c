/* fuzz_json.c: libFuzzer harness for the JSON scenario reader
 * (scenario_load_json, and scenario_check_json gathering every problem) on
 * arbitrary bytes. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "scenario_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
    int rc = scenario_load_json("fuzz.json", buf, size, &s, &d);
    if (rc != 0 && (d.status != rc || d.message[0] == '\0' ||
                    (rc == EXIT_DATAERR && size <= SCENARIO_FILE_MAX &&
                     d.line == 0)))
        abort();
    /* Gathering every problem reads the same way up to the first: the same
     * verdict, and the first problem is the one the loader stops at. */
    static Diag all[16];
    size_t n = 0;
    int crc = scenario_check_json("fuzz.json", buf, size, all, 16, &n);
    if ((crc == 0) != (rc == 0) || (crc != 0 && n == 0) || n > 16)
        abort();
    if (rc == EXIT_DATAERR &&
        (all[0].line != d.line || all[0].col != d.col ||
         strcmp(all[0].path, d.path) != 0 ||
         strcmp(all[0].message, d.message) != 0))
        abort();
    for (size_t i = 0; i < n; i++)
        if (all[i].line == 0 || all[i].message[0] == '\0')
            abort();
    free(buf);
    return 0;
}
