/*
 * mldsa selftest: run the library's power-on self-tests (mldsa_self_test:
 * known-answer tests of SHAKE128/256, SHA-256/512 and ML-DSA-44/65/87
 * keygen, sign and verify) on the backend in use, and print each that
 * passed with its time.
 */
#include "apps.h"

static const char selftest_help[] =
    "usage: mldsa selftest\n"
    "Run the library's known-answer self-tests (SHAKE128, SHAKE256, SHA-256,\n"
    "SHA-512, and ML-DSA-44/65/87 key generation, signing and verification)\n"
    "on the backend in use, and print each one that passed with its time.\n"
    "Exit status 0 when all passed, 2 when one failed (the library's results\n"
    "are then not to be trusted).\n";

int cmd_selftest(int argc, char **argv)
{
    const char *name;
    double start, sec, total = 0;
    size_t i;
    int ret;

    if (argc > 1) {
        if (app_is_help(argv[1])) {
            fputs(selftest_help, stdout);
            return APP_EXIT_OK;
        }
        return app_usage("selftest", "unexpected argument '%s'", argv[1]);
    }
    printf("backend: %s\n", mldsa_backend_name());
    for (i = 0;; i++) {
        start = app_os_wall_sec();
        ret = mldsa_self_test_case(i, &name);
        sec = app_os_wall_sec() - start;
        if (ret == MLDSA_ERR_PARAM)
            break;
        if (ret != MLDSA_OK) {
            fflush(stdout);
            return app_error("selftest: %s: %s", name, mldsa_strerror(ret));
        }
        total += sec;
        printf("ok   %-32s %9.1f us\n", name, sec * 1e6);
    }
    printf("all %zu self-tests passed in %.1f us\n", i, total * 1e6);
    return APP_EXIT_OK;
}
