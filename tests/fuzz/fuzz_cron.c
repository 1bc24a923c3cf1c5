/* fuzz_cron.c: libFuzzer harness for the cron expression parser
 * (cron_parse) on a NUL-terminated copy of the input. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cron.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Parse the input; a failure must name a column inside the text (or just
 * past it) and give a message; a success must only set valid bits. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    Cron c;
    Diag e;
    memset(&e, 0, sizeof e);
    if (cron_parse(text, &c, &e) == 0) {
        if ((c.minutes >> 60) != 0 || (c.hours >> 24) != 0 ||
            (c.mdays & 1u) != 0 || (c.months & ~0x1FFEu) != 0 ||
            (c.wdays & 0x80u) != 0)
            abort();
        for (int m = 1; m <= 12; m++)
            (void)cron_matches(&c, m, 1 + (m * 7) % 31, m % 7, m, m * 4);
    } else {
        size_t len = strlen(text);
        if (e.col < 1 || e.col > len + 1 ||
            e.message[0] == '\0' ||
            memchr(e.message, '\0', sizeof e.message) == NULL)
            abort();
    }
    free(text);
    return 0;
}
