/*
 * mldsa: the command-line tool of libmldsa.  Keys in PEM, DER or raw form
 * (RFC 9881), ML-DSA signatures (FIPS 204) over files or stdin of any size,
 * and the speed table.  Each command has its own --help.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "apps.h"

static const APP_COMMAND commands[] = {
    { "keygen", cmd_keygen, "generate a key pair (from a seed or fresh randomness)" },
    { "pubkey", cmd_pubkey, "write the public key of a private key" },
    { "pkey", cmd_pkey, "convert a key between formats, or print it as text" },
    { "sign", cmd_sign, "sign a message (pure ML-DSA or HashML-DSA)" },
    { "verify", cmd_verify, "verify a signature: exit 0 valid, 1 invalid" },
    { "speed", cmd_speed, "measure keygen/sign/verify on every backend" },
    { "info", cmd_info, "version, build, Keccak kernel, CPU capabilities" },
    { "selftest", cmd_selftest, "run the known-answer self-tests, print what passed" },
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(void)
{
    printf("usage: mldsa COMMAND [OPTIONS]   (mldsa COMMAND --help for its options)\n\n"
           "commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        printf("  %-8s %s\n", commands[i].name, commands[i].summary);
    printf("\nFiles may be '-' for stdin or stdout.  Exit status: 0 success, "
           "1 invalid signature (verify), 2 usage or input error.\n"
           "libmldsa %s\n", MLDSA_VERSION_STRING);
}

/* Run the command; output still buffered for stdout must reach it too. */
static int run(int argc, char **argv)
{
    if (argc < 2)
        return app_error("no command given (see 'mldsa --help')");
    if (app_is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
        usage();
        return APP_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("mldsa %s\n", MLDSA_VERSION_STRING);
        return APP_EXIT_OK;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    return app_error("unknown command '%s' (see 'mldsa --help')", argv[1]);
}

int main(int argc, char **argv)
{
    char **args;
    int n, ret;

    if (app_os_init(&argc, &argv) != 0)
        return APP_EXIT_ERROR;
    if ((args = app_gnu_args(argc, argv, &n)) == NULL)
        return app_error("out of memory");
    ret = run(n, args);
    free(args);
    /* Every write error on stdout is an error (mldsa info >/dev/full);
     * a command that failed has said why already. */
    if ((fflush(stdout) != 0 || ferror(stdout)) && ret == APP_EXIT_OK) {
        app_error("stdout: cannot write: %s", strerror(errno));
        ret = APP_EXIT_ERROR;
    }
    return ret;
}
