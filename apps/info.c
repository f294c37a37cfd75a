/*
 * mldsa info: what this build is and what it does on this machine: the
 * version, how it was compiled, the Keccak kernel built in (full or stubs,
 * flavour, assembler), the backends this machine runs and the one in use
 * (after MLDSA_BACKEND and MLDSA_IA32CAP / MLDSA_ARMCAP), the Keccak
 * kernels.
 */
#include <stdlib.h>
#include <string.h>
#include "apps.h"

#define BUILD_INFO_SEPARATOR "; "
#define KERNEL_FIELD "asm: "

static const char info_help[] =
    "usage: mldsa info\n"
    "Print the version, the build (compiler, assembly on or off), the Keccak\n"
    "kernel (full or stubs, flavour, assembler), the backends this machine runs\n"
    "(best first) and the one in use, the Keccak-f[1600] kernels (states per\n"
    "call, and whether this machine runs them).  Exit status 2 when MLDSA_BACKEND names a\n"
    "backend that is unknown or cannot run here (the default one is used).\n"
    "Also whether encrypted keys are available (the OpenSSL libcrypto the tool\n"
    "uses for them).\n";

/* The kernel part ("asm: ...") of mldsa_build_info(), or all of it. */
static void print_kernel(const char *info)
{
    const char *p = strstr(info, KERNEL_FIELD), *end;

    if (p == NULL) {
        printf("%s\n", info);
        return;
    }
    p += strlen(KERNEL_FIELD);
    end = strstr(p, BUILD_INFO_SEPARATOR);
    printf("%.*s\n", (int)(end != NULL ? (size_t)(end - p) : strlen(p)), p);
}

int cmd_info(int argc, char **argv)
{
    const char *info = mldsa_build_info(), *want = getenv("MLDSA_BACKEND");
    const char *inuse = mldsa_backend_name(), *name;
    unsigned ways;
    int usable;

    if (argc > 1) {
        if (app_is_help(argv[1])) {
            fputs(info_help, stdout);
            return APP_EXIT_OK;
        }
        return app_usage("info", "unexpected argument '%s'", argv[1]);
    }
    printf("version:     mldsa %s\n", MLDSA_VERSION_STRING);
    printf("build:       %s, C%02ld, %s\n",
#if defined(__clang__)
           "clang " __clang_version__,
#elif defined(__GNUC__)
           "gcc " __VERSION__,
#else
           "unknown compiler",
#endif
           (long)(__STDC_VERSION__ / 100 % 100),
#ifdef KECCAK1600_ASM
           "perlasm Keccak kernel built in (KECCAK1600_ASM)"
#else
           "portable, no assembly"
#endif
           );
    printf("kernel:      ");
    print_kernel(info);
    printf("backends:   ");
    for (size_t i = 0; (name = mldsa_backend_list(i)) != NULL; i++)
        printf(" %s", name);
    printf("\nbackend:     %s", inuse);
    if (want != NULL)
        printf(" (MLDSA_BACKEND=%s)", want);
    printf("\nsample ops:  %s\n", mldsa_sample_ops_name());
    printf("keccak:     ");
    for (size_t i = 0; (name = mldsa_keccak_kernel(i, &ways, &usable)) != NULL; i++)
        printf("%s %s (%u state%s%s)", i ? ";" : "", name, ways,
               ways == 1 ? "" : "s", usable ? "" : ", not usable here");
    printf("\n");
    printf("library:     %s\n", info);
    if (app_pkcs8_info() != NULL)
        printf("encrypted keys: yes (PKCS#8 PBES2 through %s)\n", app_pkcs8_info());
    else
        printf("encrypted keys: no (built without OpenSSL)\n");
    if (want != NULL && strcmp(want, inuse) != 0) {
        fflush(stdout);
        return app_error("info: MLDSA_BACKEND=%s is unknown or cannot run here; "
                         "using %s", want, inuse);
    }
    return APP_EXIT_OK;
}
