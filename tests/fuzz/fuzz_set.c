/* fuzz_set.c: libFuzzer harness for the command line's value parsers:
 * --set KEY=VALUE (the registry's fields and hybrid.* keys) and --vary
 * KEY=FROM:TO:STEP. The first input byte picks which (even: --set, odd:
 * --vary); the properties are in set_props.c. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "set_props.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char msg[512];
    (void)set_props_run(data, size, msg, sizeof msg);
    return 0;
}
