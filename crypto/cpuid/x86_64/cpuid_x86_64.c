/*
 * The x86-64 capability vector (include/internal/cpuid.h): CPUID leaves 1
 * and 7 for the instruction sets, XGETBV(XCR0) for the register state the
 * OS saves on a context switch, then the MLDSA_IA32CAP mask.
 *
 * The vector is computed once per process and cached without a lock or a
 * run-once (crypto/cpuid/cpucap.h, shared with the other architectures).
 */
#include <stdint.h>
#include "internal/cpuid.h"
#include "cpuid/cpucap.h"

#if defined(_MSC_VER)
# include <intrin.h>
#endif

/* CPUID.0: EBX, EDX, ECX spell "AuthenticAMD" */
#define CPUID0_AMD_EBX 0x68747541u  /* "Auth" */
#define CPUID0_AMD_EDX 0x69746e65u  /* "enti" */
#define CPUID0_AMD_ECX 0x444d4163u  /* "cAMD" */
/* AMD family 17h: Zen and Zen+ are models 00h-2Fh, Zen 2 from 30h on */
#define AMD_FAMILY_ZEN 0x17u
#define AMD_MODEL_ZEN2 0x30u
/* CPUID.1:ECX */
#define CPUID1_ECX_OSXSAVE (1u << 27)
/* CPUID.(7,0):EBX */
#define CPUID7_EBX_AVX2 (1u << 5)
#define CPUID7_EBX_BMI2 (1u << 8)
#define CPUID7_EBX_AVX512F (1u << 16)
#define CPUID7_EBX_AVX512BW (1u << 30)
#define CPUID7_EBX_AVX512VL (1u << 31)
/* CPUID.(7,0):ECX */
#define CPUID7_ECX_AVX512VBMI (1u << 1)
/* XCR0 state components (Intel SDM vol. 1, 13.1) */
#define XCR0_SSE (1u << 1)
#define XCR0_AVX (1u << 2)
#define XCR0_OPMASK (1u << 5)
#define XCR0_ZMM_HI256 (1u << 6)
#define XCR0_HI16_ZMM (1u << 7)
#define XCR0_YMM_STATE (XCR0_SSE | XCR0_AVX)
#define XCR0_ZMM_STATE (XCR0_YMM_STATE | XCR0_OPMASK | XCR0_ZMM_HI256 \
                         | XCR0_HI16_ZMM)

/* CPUID with leaf in EAX and subleaf in ECX; r receives EAX, EBX, ECX, EDX. */
static void cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
#if defined(_MSC_VER)
    int v[4];

    __cpuidex(v, (int)leaf, (int)subleaf);
    for (int i = 0; i < 4; i++)
        r[i] = (uint32_t)v[i];
#else
    __asm__ volatile("cpuid"
                     : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
                     : "a"(leaf), "c"(subleaf));
#endif
}

/* The low half of XCR0 (XGETBV with ECX = 0); only call when OSXSAVE is set. */
static uint32_t xgetbv0(void)
{
#if defined(_MSC_VER)
    return (uint32_t)_xgetbv(0);
#else
    uint32_t lo, hi;

    /* The opcode of xgetbv, for assemblers that predate the mnemonic. */
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return lo;
#endif
}

/*
 * 1 on a CPU that runs each 256-bit operation as two 128-bit halves: AMD
 * Zen and Zen+ (family 17h below model 30h), from CPUID.0's vendor and
 * CPUID.1:EAX's family and model (AMD's extended family and model fields
 * count when the base family is 0Fh).
 */
static int ymm_halves(const uint32_t leaf0[4], uint32_t eax1)
{
    uint32_t family = (eax1 >> 8) & 0xf, model = (eax1 >> 4) & 0xf;

    if (leaf0[1] != CPUID0_AMD_EBX || leaf0[3] != CPUID0_AMD_EDX
        || leaf0[2] != CPUID0_AMD_ECX || family != 0xf)
        return 0;
    family += (eax1 >> 20) & 0xff;
    model |= ((eax1 >> 16) & 0xf) << 4;
    return family == AMD_FAMILY_ZEN && model < AMD_MODEL_ZEN2;
}

/* What CPUID and XGETBV report, as OSSL_IA32CAP_* bits. */
static uint32_t ia32cap_detect(void)
{
    uint32_t r[4], leaf0[4], max_leaf, eax1, ecx1, ebx7, ecx7, xcr0 = 0;
    uint32_t cap = 0;

    cpuid(0, 0, leaf0);
    max_leaf = leaf0[0];
    if (max_leaf < 7)
        return 0;
    cpuid(1, 0, r);
    eax1 = r[0];
    ecx1 = r[2];
    cpuid(7, 0, r);
    ebx7 = r[1];
    ecx7 = r[2];

    if ((ecx1 & CPUID1_ECX_OSXSAVE) != 0)
        xcr0 = xgetbv0();

    if ((ebx7 & CPUID7_EBX_AVX512F) != 0)
        cap |= OSSL_IA32CAP_AVX512F;
    if ((ebx7 & CPUID7_EBX_AVX512VL) != 0)
        cap |= OSSL_IA32CAP_AVX512VL;
    if ((xcr0 & XCR0_ZMM_STATE) == XCR0_ZMM_STATE)
        cap |= OSSL_IA32CAP_ZMM_STATE;
    if ((ebx7 & CPUID7_EBX_AVX2) != 0
        && (xcr0 & XCR0_YMM_STATE) == XCR0_YMM_STATE)
        cap |= OSSL_IA32CAP_AVX2;
    if ((cap & OSSL_IA32CAP_AVX2) != 0 && ymm_halves(leaf0, eax1))
        cap |= OSSL_IA32CAP_YMM_HALVES;
    if ((ebx7 & CPUID7_EBX_BMI2) != 0)
        cap |= OSSL_IA32CAP_BMI2;
    if ((ebx7 & CPUID7_EBX_AVX512BW) != 0)
        cap |= OSSL_IA32CAP_AVX512BW;
    if ((ecx7 & CPUID7_ECX_AVX512VBMI) != 0)
        cap |= OSSL_IA32CAP_AVX512VBMI;
    return cap;
}

/*
 * The capability vector, masked by MLDSA_IA32CAP, computed once per
 * process and cached without a lock (crypto/cpuid/cpucap.h says why that
 * is safe).
 */
uint32_t ossl_ia32cap(void)
{
    static atomic_uint_least32_t cached;

    return cpucap_cached(&cached, ia32cap_detect, "MLDSA_IA32CAP");
}

