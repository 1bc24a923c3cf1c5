/* fuzz_yaml.c: libFuzzer harness for the YAML scenario reader
 * (scenario_load_yaml) on arbitrary bytes. */
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
    int rc = scenario_load_yaml("fuzz.yaml", buf, size, &s, &d);
    if (rc != 0 && (d.status != rc || d.message[0] == '\0' ||
                    (rc == EXIT_DATAERR && size <= SCENARIO_FILE_MAX &&
                     d.line == 0)))
        abort();
    free(buf);
    return 0;
}
