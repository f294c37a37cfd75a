/*
 * What every part of the tool uses, beneath all of them: the messages and
 * exit code of an error or a usage mistake, a byte-string search, and the
 * wiping of secrets.  It calls nothing else of the tool, so that the files
 * above (apps_io.c, apps_keykind.c, apps_pass.c, apps_pkcs8.c, the
 * platform files) do not depend on one another for these.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "apps.h"

int app_error(const char *fmt, ...)
{
    va_list ap;

    fputs("mldsa: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return APP_EXIT_ERROR;
}

int app_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "mldsa %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'mldsa %s --help')\n", cmd);
    return APP_EXIT_ERROR;
}

const uint8_t *app_find(const uint8_t *data, size_t len, const char *s)
{
    size_t n = strlen(s);

    for (size_t i = 0; n <= len && i <= len - n; i++)
        if (memcmp(data + i, s, n) == 0)
            return data + i;
    return NULL;
}

void app_cleanse(void *p, size_t len)
{
    if (p != NULL)
        mldsa_cleanse(p, len);
}
