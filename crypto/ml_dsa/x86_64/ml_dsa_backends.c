/*
 * The x86-64 backends, best first, and the capability test: the only code
 * of the ML-DSA core that reads the CPU capability vector (ossl_ia32cap(),
 * after MLDSA_IA32CAP).
 *
 *   x86_64-avx512-x8    the 8-way zmm Keccak kernel's sample ops with the
 *                       AVX-512 poly ops (zmm NTT, VBMI packers)
 *   x86_64-avx512bw-x8  the same without VBMI (Skylake-SP, Cascade Lake):
 *                       AVX-512BW parsers and packers (vpermw, vpshufb)
 *   x86_64-avx512vl-x4  the 4-way AVX-512VL Keccak kernel's sample ops
 *                       with the AVX2 poly ops (for AVX-512VL CPUs whose
 *                       zmm units are slow, or without AVX-512BW)
 *   x86_64-avx2-x4      the 4-way AVX2 Keccak kernel's sample ops with
 *                       the AVX2 poly ops (AVX2 CPUs without AVX-512)
 *   x86_64-avx2         scalar SHAKE sample ops with the AVX2 poly ops
 *                       (AVX2 CPUs, in builds whose assembler could not
 *                       build the AVX2 kernel: its stubs)
 *   generic             pure C
 */
#include "internal/cpuid.h"
#include "internal/sha3.h"
#include "ml_dsa_x86_64.h"

/*
 * Capability bits of a backend: the ossl_ia32cap() bits, and one for each
 * assembly kernel being full (not the stubs an old assembler gets).  The
 * x4 and x8 sample ops' vector parsers need AVX2 and AVX-512VL (and
 * POPCNT, which every AVX-512VL CPU has), the x8 ones' zmm parsers
 * AVX-512BW and VBMI besides (in ML_DSA_POLY_AVX512_CAPS), the x8bw ones'
 * AVX-512BW (in ML_DSA_POLY_AVX512BW_CAPS); the AVX2 x4 ones AVX2 alone
 * (no POPCNT: their left-pack table holds the counts).
 */
#define CAP_KECCAK_X4 0x80000000u
#define CAP_KECCAK_X8 0x40000000u
#define CAP_KECCAK_X4_AVX2 0x20000000u
#define CAPS_AVX512VL_X4 (OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_AVX512VL \
                          | OSSL_IA32CAP_ZMM_STATE | OSSL_IA32CAP_AVX2 \
                          | CAP_KECCAK_X4)
#define CAPS_AVX512_X8 (CAPS_AVX512VL_X4 | CAP_KECCAK_X8 \
                        | ML_DSA_POLY_AVX512_CAPS)
#define CAPS_AVX512BW_X8 (CAPS_AVX512VL_X4 | CAP_KECCAK_X8 \
                          | ML_DSA_POLY_AVX512BW_CAPS)

static const OSSL_ML_DSA_BACKEND backend_avx512_x8 = {
    "x86_64-avx512-x8",
    CAPS_AVX512_X8,
    &ossl_ml_dsa_sample_x8,
    &ossl_ml_dsa_poly_avx512,
};

static const OSSL_ML_DSA_BACKEND backend_avx512bw_x8 = {
    "x86_64-avx512bw-x8",
    CAPS_AVX512BW_X8,
    &ossl_ml_dsa_sample_x8bw,
    &ossl_ml_dsa_poly_avx512bw,
};

static const OSSL_ML_DSA_BACKEND backend_avx512vl_x4 = {
    "x86_64-avx512vl-x4",
    CAPS_AVX512VL_X4,
    &ossl_ml_dsa_sample_x4,
    &ossl_ml_dsa_poly_avx2,
};

/* The AVX2 kernel's sample ops need nothing beyond AVX2 (and the kernel
 * built full). */
#define CAPS_AVX2_X4 (OSSL_IA32CAP_AVX2 | CAP_KECCAK_X4_AVX2)

static const OSSL_ML_DSA_BACKEND backend_avx2_x4 = {
    "x86_64-avx2-x4",
    CAPS_AVX2_X4,
    &ossl_ml_dsa_sample_x4_avx2,
    &ossl_ml_dsa_poly_avx2,
};

static const OSSL_ML_DSA_BACKEND backend_avx2 = {
    "x86_64-avx2",
    OSSL_IA32CAP_AVX2,
    &ossl_ml_dsa_sample_generic,
    &ossl_ml_dsa_poly_avx2,
};

const OSSL_ML_DSA_BACKEND *const ossl_ml_dsa_backends[] = {
    &backend_avx512_x8,
    &backend_avx512bw_x8,
    &backend_avx512vl_x4,
    &backend_avx2_x4,
    &backend_avx2,
    &ossl_ml_dsa_backend_generic,
    NULL,
};

/* 1 when the CPU, the OS and the build have everything b needs. */
int ossl_ml_dsa_backend_usable(const OSSL_ML_DSA_BACKEND *b)
{
    uint32_t have = ossl_ia32cap();

    if (SHA3_avx512vl_capable())
        have |= CAP_KECCAK_X4;
    if (SHA3_avx512_capable())
        have |= CAP_KECCAK_X8;
    if (SHA3_avx2_capable())
        have |= CAP_KECCAK_X4_AVX2;
    return (have & b->caps) == b->caps;
}
