/*
 * The aarch64 capability vector (include/internal/cpuid.h): what the OS
 * says the CPU runs, as user space cannot read the ID registers everywhere
 * (Linux traps and emulates them, macOS and Windows do not), then the
 * MLDSA_ARMCAP mask.
 *
 *   Linux, Android  getauxval(AT_HWCAP): HWCAP_ASIMD, HWCAP_SHA3
 *   macOS           sysctlbyname: hw.optional.arm.FEAT_SHA3 (macOS 12 on),
 *                   hw.optional.armv8_2_sha3 (before); Advanced SIMD is
 *                   in every Apple arm64 CPU
 *   Windows         IsProcessorFeaturePresent: PF_ARM_NEON_INSTRUCTIONS_
 *                   AVAILABLE, PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE
 *   any other OS    Advanced SIMD only: the AArch64 procedure call standard
 *                   passes floating-point values in the SIMD registers, so
 *                   code built for it already needs them; the SHA-3
 *                   extension is never assumed
 *
 * The vector is computed once per process and cached without a lock or a
 * run-once (crypto/cpuid/cpucap.h, shared with the other architectures).
 */
#include <stdint.h>
#include "internal/cpuid.h"
#include "cpuid/cpucap.h"

#if defined(_WIN32)
# include <windows.h>
/* Not in older SDKs' winnt.h; older Windows answers FALSE for it. */
# ifndef PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE
#  define PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE 64
# endif
#elif defined(__APPLE__)
# include <stddef.h>
# include <sys/sysctl.h>
#elif defined(__linux__)
# include <sys/auxv.h>
/* AT_HWCAP bits (the kernel's arch/arm64/include/uapi/asm/hwcap.h). */
# define LINUX_HWCAP_ASIMD (1ul << 1)
# define LINUX_HWCAP_SHA3 (1ul << 17)
#endif

#if defined(__APPLE__)
/* 1 when the sysctl name exists and reads as a non-zero integer. */
static int apple_feature(const char *name)
{
    int v = 0;
    size_t len = sizeof(v);

    return sysctlbyname(name, &v, &len, NULL, 0) == 0 && len == sizeof(v)
           && v != 0;
}
#endif

/* What the OS reports, as OSSL_ARMCAP_* bits. */
static uint32_t armcap_detect(void)
{
    uint32_t cap = 0;

#if defined(_WIN32)
    if (IsProcessorFeaturePresent(PF_ARM_NEON_INSTRUCTIONS_AVAILABLE))
        cap |= OSSL_ARMCAP_ASIMD;
    if (IsProcessorFeaturePresent(PF_ARM_SHA3_INSTRUCTIONS_AVAILABLE))
        cap |= OSSL_ARMCAP_SHA3;
#elif defined(__APPLE__)
    cap |= OSSL_ARMCAP_ASIMD;
    if (apple_feature("hw.optional.arm.FEAT_SHA3")
        || apple_feature("hw.optional.armv8_2_sha3"))
        cap |= OSSL_ARMCAP_SHA3;
#elif defined(__linux__)
    unsigned long hwcap = getauxval(AT_HWCAP);

    if ((hwcap & LINUX_HWCAP_ASIMD) != 0)
        cap |= OSSL_ARMCAP_ASIMD;
    if ((hwcap & LINUX_HWCAP_SHA3) != 0)
        cap |= OSSL_ARMCAP_SHA3;
#else
    cap |= OSSL_ARMCAP_ASIMD;
#endif
    /* The SHA-3 instructions are Advanced SIMD ones. */
    if ((cap & OSSL_ARMCAP_ASIMD) == 0)
        cap = 0;
    return cap;
}

/*
 * The capability vector, masked by MLDSA_ARMCAP, computed once per process
 * and cached without a lock (crypto/cpuid/cpucap.h says why that is safe).
 */
uint32_t ossl_armcap(void)
{
    static atomic_uint_least32_t cached;

    return cpucap_cached(&cached, armcap_detect, "MLDSA_ARMCAP");
}
