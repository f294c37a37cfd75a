/*
 * CPU capability vectors: on x86-64 what CPUID and XGETBV report, masked by
 * the MLDSA_IA32CAP environment variable; on aarch64 what the OS reports
 * (getauxval(AT_HWCAP), sysctlbyname, IsProcessorFeaturePresent), masked by
 * MLDSA_ARMCAP.
 *
 * MLDSA_IA32CAP and MLDSA_ARMCAP syntax (read once per process; see
 * README.md):
 *   ~0xMASK   clear the bits of MASK from the detected vector
 *   0xVALUE   keep only the bits of VALUE that were detected
 * A capability can be masked off, never forced on.
 */
#ifndef MLDSA_INTERNAL_CPUID_H
#define MLDSA_INTERNAL_CPUID_H

#include <stdint.h>

#define OSSL_IA32CAP_AVX512F   0x1u  /* CPUID.(7,0):EBX[16] */
#define OSSL_IA32CAP_AVX512VL  0x2u  /* CPUID.(7,0):EBX[31] */
#define OSSL_IA32CAP_ZMM_STATE 0x4u  /* OSXSAVE and XCR0 saves opmask, ZMM_Hi256, Hi16_ZMM, YMM, XMM */
#define OSSL_IA32CAP_AVX2      0x8u  /* CPUID.(7,0):EBX[5], with XCR0 YMM state */
#define OSSL_IA32CAP_BMI2      0x10u /* CPUID.(7,0):EBX[8] */
#define OSSL_IA32CAP_AVX512BW  0x20u /* CPUID.(7,0):EBX[30] */
#define OSSL_IA32CAP_AVX512VBMI 0x40u /* CPUID.(7,0):ECX[1] */
/* Not an instruction set but how the CPU runs AVX2: each 256-bit operation
 * as two 128-bit halves (AMD family 17h models 00h-2Fh: Zen, Zen+), so
 * that a 4-way AVX2 Keccak call costs about 2.8 one-state permutations. */
#define OSSL_IA32CAP_YMM_HALVES 0x80u

/* The capability vector (crypto/cpuid/x86_64/, x86-64 builds only). */
uint32_t ossl_ia32cap(void);

#define OSSL_ARMCAP_ASIMD 0x1u  /* Advanced SIMD (Linux HWCAP_ASIMD) */
#define OSSL_ARMCAP_SHA3  0x2u  /* SHA-3 extension: EOR3, RAX1, XAR, BCAX
                                   (Linux HWCAP_SHA3) */

/* The capability vector (crypto/cpuid/aarch64/, aarch64 builds only). */
uint32_t ossl_armcap(void);

#endif /* MLDSA_INTERNAL_CPUID_H */
