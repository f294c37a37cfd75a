/*
 * The aarch64 backends, best first, and the capability test: the only code
 * of the ML-DSA core that reads the CPU capability vector (ossl_armcap(),
 * after MLDSA_ARMCAP).
 *
 *   aarch64-sha3-x2   the 2-way SHA-3 extension Keccak kernel's sample ops
 *                     with the NEON poly ops
 *   aarch64-neon-x2   the 2-way Armv8.0 Advanced SIMD kernel's sample ops
 *                     with the NEON poly ops
 *   generic           pure C
 */
#include "internal/cpuid.h"
#include "internal/sha3.h"
#include "ml_dsa_aarch64.h"

/*
 * Capability bits of a backend: the ossl_armcap() bits, and one for each
 * Keccak kernel being usable (its capable() function: the CPU has its
 * extension and, for the SHA-3 one, the assembler could encode it, not
 * stubs).
 */
#define CAP_KECCAK_X2_NEON 0x80000000u
#define CAP_KECCAK_X2_SHA3 0x40000000u
#define CAPS_NEON_X2 (OSSL_ARMCAP_ASIMD | CAP_KECCAK_X2_NEON)
#define CAPS_SHA3_X2 (CAPS_NEON_X2 | OSSL_ARMCAP_SHA3 | CAP_KECCAK_X2_SHA3)

static const OSSL_ML_DSA_BACKEND backend_sha3_x2 = {
    "aarch64-sha3-x2",
    CAPS_SHA3_X2,
    &ossl_ml_dsa_sample_sha3_x2,
    &ossl_ml_dsa_poly_neon,
};

static const OSSL_ML_DSA_BACKEND backend_neon_x2 = {
    "aarch64-neon-x2",
    CAPS_NEON_X2,
    &ossl_ml_dsa_sample_neon_x2,
    &ossl_ml_dsa_poly_neon,
};

const OSSL_ML_DSA_BACKEND *const ossl_ml_dsa_backends[] = {
    &backend_sha3_x2,
    &backend_neon_x2,
    &ossl_ml_dsa_backend_generic,
    NULL,
};

/* 1 when the CPU and the build have everything b needs. */
int ossl_ml_dsa_backend_usable(const OSSL_ML_DSA_BACKEND *b)
{
    uint32_t have = ossl_armcap();

    if (SHA3_armv8_capable())
        have |= CAP_KECCAK_X2_NEON;
    if (SHA3_armv8_sha3_capable())
        have |= CAP_KECCAK_X2_SHA3;
    return (have & b->caps) == b->caps;
}
