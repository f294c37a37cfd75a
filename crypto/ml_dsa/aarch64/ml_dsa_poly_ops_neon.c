/*
 * The NEON poly ops (ml_dsa_backend.h): the NEON NTT and products
 * (ml_dsa_ntt_neon.c), the row ops (ml_dsa_rows.inc), which the compiler
 * vectorises four 32-bit lanes wide (Advanced SIMD is baseline on
 * aarch64; GCC 12 and clang do it at -O2), here calling the NEON
 * w1Encode, the NEON packers and decoders (ml_dsa_encoders_neon.c), and
 * the generic HintBitPack (it runs once per released signature and
 * branches on the public hint).
 */
#include "internal/cleanse.h"
#include "ml_dsa_aarch64.h"

#define ROWS(name) name##_neon
#define ROWS_TARGET
#define ROWS_PACK_W1 ossl_ml_dsa_poly_pack_w1_neon
#include "../ml_dsa_rows.inc"

const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_neon = {
    "neon",
    ossl_ml_dsa_poly_ntt_neon,
    ossl_ml_dsa_poly_ntt_inverse_neon,
    ossl_ml_dsa_poly_ntt_mul_neon,
    ossl_ml_dsa_poly_ntt_dot_neon,
    w1_neon,
    z_neon,
    r_neon,
    hint_neon,
    use_hint_neon,
    ossl_ml_dsa_poly_pack_w1_neon,
    ossl_ml_dsa_poly_unpack_z_neon,
    ossl_ml_dsa_poly_pack_z_neon,
    ossl_ml_dsa_hint_encode_generic,
    ossl_ml_dsa_poly_pack_eta_neon,
    ossl_ml_dsa_poly_unpack_eta_neon,
    ossl_ml_dsa_poly_pack_t0_neon,
    ossl_ml_dsa_poly_unpack_t0_neon,
    ossl_ml_dsa_poly_pack_t1_neon,
    ossl_ml_dsa_poly_unpack_t1_neon,
};
