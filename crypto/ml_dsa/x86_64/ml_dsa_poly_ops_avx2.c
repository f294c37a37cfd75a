/*
 * The AVX2 poly ops (ml_dsa_backend.h): the AVX2 NTT and products
 * (ml_dsa_ntt_avx2.c), the row ops (ml_dsa_rows.inc) compiled with AVX2 so
 * that the compiler vectorises them eight 32-bit lanes wide, with vpmulld
 * where the baseline has SSE2 only, the AVX2 w1Encode, z decoder and
 * packer and hint encoder (ml_dsa_encoders_avx2.c), the AVX2 key packers
 * (ml_dsa_packers_avx2.c), and the generic hint decoder.
 */
#include "internal/cleanse.h"
#include "ml_dsa_x86_64.h"

#define ROWS(name) name##_avx2
#define ROWS_TARGET ML_DSA_AVX2_FN
#define ROWS_PACK_W1 ossl_ml_dsa_poly_pack_w1_avx2
#include "../ml_dsa_rows.inc"

const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_avx2 = {
    "avx2",
    ossl_ml_dsa_poly_ntt_avx2,
    ossl_ml_dsa_poly_ntt_inverse_avx2,
    ossl_ml_dsa_poly_ntt_mul_avx2,
    ossl_ml_dsa_poly_ntt_dot_avx2,
    w1_avx2,
    z_avx2,
    r_avx2,
    hint_avx2,
    use_hint_avx2,
    power2round_avx2,
    exceeds_avx2,
    sub_reduce_avx2,
    ossl_ml_dsa_poly_pack_w1_avx2,
    ossl_ml_dsa_poly_unpack_z_avx2,
    ossl_ml_dsa_poly_pack_z_avx2,
    ossl_ml_dsa_hint_encode_avx2,
    /* no AVX2 hint decoder: the generic one */
    ossl_ml_dsa_hint_decode_generic,
    ossl_ml_dsa_poly_pack_eta_avx2,
    ossl_ml_dsa_poly_unpack_eta_avx2,
    ossl_ml_dsa_poly_pack_t0_avx2,
    ossl_ml_dsa_poly_unpack_t0_avx2,
    ossl_ml_dsa_poly_pack_t1_avx2,
    ossl_ml_dsa_poly_unpack_t1_avx2,
};
