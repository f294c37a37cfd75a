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
#define KERNEL_FIELD "asm: "

static const char info_help[] =
    "usage: mldsa info\n"
    "Print the version, the build (compiler, assembly on or off), the Keccak\n"
    "kernel (full or stubs, flavour, assembler), the CPU capabilities seen after\n"
    "MLDSA_IA32CAP, the sample ops chosen, and whether encrypted keys are\n"
    "available (the OpenSSL libcrypto the tool uses for them).\n";

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
    printf("cpu:         0x%02x", (unsigned)cap);
    for (size_t i = 0; i < sizeof(cap_names) / sizeof(cap_names[0]); i++)
        if (cap & cap_names[i].bit)
            printf(" %s", cap_names[i].name);
    if (env != NULL)
        printf(" (after MLDSA_IA32CAP=%s)", env);
    printf("\nsample ops:  %s\n", mldsa_sample_ops_name());
    printf("library:     %s\n", info);
    if (app_pkcs8_info() != NULL)
        printf("encrypted keys: yes (PKCS#8 PBES2 through %s)\n", app_pkcs8_info());
    else
        printf("encrypted keys: no (built without OpenSSL)\n");
    return APP_EXIT_OK;
}
