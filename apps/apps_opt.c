/*
 * GNU option habits for every command: "--name=VALUE" is "--name VALUE"
 * for the options that take a value, and "--" ends the options (what
 * follows is an operand even when it starts with '-').  The commands then
 * see one shape only.
 */
#include <stdlib.h>
#include <string.h>
#include "apps.h"

#define END_OF_OPTIONS "--"

/* Every option of every command that takes a value. */
static const char *const value_opts[] = {
    "-a", "-i", "-o", "-k", "-p", "-s", "--seed", "--seed-in", "--pubout", "--format",
    "--key-format", "--context", "--context-hex", "--prehash", "--passin",
    "--passout",
};
#define NVALUE_OPTS (sizeof(value_opts) / sizeof(value_opts[0]))

/* 1 when the first n characters of arg name an option that takes a value. */
static int takes_value(const char *arg, size_t n)
{
    for (size_t i = 0; i < NVALUE_OPTS; i++)
        if (strlen(value_opts[i]) == n && strncmp(arg, value_opts[i], n) == 0)
            return 1;
    return 0;
}

/*
 * A new argv (NULL-terminated; the caller frees the array) with
 * "--name=VALUE" split in two where the '=' was (argv's strings are the
 * program's to change, C11 5.1.2.2.1); a value after its option is never
 * split, and nothing after "--" is.  NULL when out of memory.
 */
char **app_gnu_args(int argc, char **argv, int *newargc)
{
    char **out = malloc(sizeof(*out) * (2 * (size_t)argc + 1));
    int n = 0, i;

    if (out == NULL)
        return NULL;
    for (i = 0; i < argc; i++) {
        char *arg = argv[i], *eq = strchr(arg, '=');

        if (strcmp(arg, END_OF_OPTIONS) == 0)
            break;
        if (strncmp(arg, "--", 2) == 0 && eq != NULL
            && takes_value(arg, (size_t)(eq - arg))) {
            *eq = '\0';
            out[n++] = arg;
            out[n++] = eq + 1;
            continue;
        }
        out[n++] = argv[i];
        if (takes_value(arg, strlen(arg)) && i + 1 < argc)
            out[n++] = argv[++i];
    }
    for (; i < argc; i++)
        out[n++] = argv[i];
    out[n] = NULL;
    *newargc = n;
    return out;
}
