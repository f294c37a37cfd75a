/*
 * mldsa info: what this build is and what it does on this machine: the
 * version, how it was compiled, the Keccak kernel built in (full or stubs,
 * flavour, assembler), the CPU capabilities seen (after MLDSA_IA32CAP) and
 * the sample ops chosen from them.
 */
#include <stdlib.h>
#include <string.h>
#include "apps.h"
#include "internal/cpuid.h"   /* names of the capability bits */

#define BUILD_INFO_SEPARATOR "; "

static const char info_help[] =
    "usage: mldsa info\n"
    "Print the version, the build (compiler, assembly on or off), the Keccak\n"
    "kernel (full or stubs, flavour, assembler), the CPU capabilities seen after\n"
    "MLDSA_IA32CAP, and the sample ops chosen.\n";

static const struct {
    uint32_t bit;
    const char *name;
} cap_names[] = {
    { OSSL_IA32CAP_AVX512F, "avx512f" },
    { OSSL_IA32CAP_AVX512VL, "avx512vl" },
    { OSSL_IA32CAP_ZMM_STATE, "zmm-state" },
    { OSSL_IA32CAP_AVX2, "avx2" },
    { OSSL_IA32CAP_BMI2, "bmi2" },
};

int cmd_info(int argc, char **argv)
{
    const char *info = mldsa_build_info(), *env = getenv("MLDSA_IA32CAP");
    uint32_t cap = ossl_ia32cap();

    if (argc > 1) {
        if (app_is_help(argv[1])) {
            fputs(info_help, stdout);
            return APP_EXIT_OK;
        }
        return app_usage("info", "unexpected argument '%s'", argv[1]);
    }
    printf("version:     mldsa %s\n", MLDSA_VERSION_STRING);
    printf("build:       %s, %s, C %ld\n",
#if defined(__clang__)
           "clang " __clang_version__,
#elif defined(__GNUC__)
           "gcc " __VERSION__,
#else
           "unknown compiler",
#endif
#ifdef KECCAK1600_ASM
           "perlasm Keccak kernel (KECCAK1600_ASM)",
#else
           "portable (no assembly)",
#endif
           (long)__STDC_VERSION__);
    /* The library's own line, one part per line: kernel, ia32cap, ops. */
    printf("library:     ");
    for (const char *p = info; *p != '\0';) {
        const char *sep = strstr(p, BUILD_INFO_SEPARATOR);
        size_t n = sep != NULL ? (size_t)(sep - p) : strlen(p);

        printf("%.*s\n", (int)n, p);
        p += n;
        if (sep != NULL) {
            p += strlen(BUILD_INFO_SEPARATOR);
            printf("             ");
        }
    }
    printf("cpu:         0x%02x", (unsigned)cap);
    for (size_t i = 0; i < sizeof(cap_names) / sizeof(cap_names[0]); i++)
        if (cap & cap_names[i].bit)
            printf(" %s", cap_names[i].name);
    printf("%s\n", env != NULL ? "" : " (MLDSA_IA32CAP not set)");
    if (env != NULL)
        printf("             MLDSA_IA32CAP=%s\n", env);
    printf("sample ops:  %s\n", mldsa_sample_ops_name());
    return APP_EXIT_OK;
}
