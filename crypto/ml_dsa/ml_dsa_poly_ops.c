/*
 * The generic poly ops (ml_dsa_backend.h): the C NTT and products
 * (ml_dsa_ntt.c), the row ops (ml_dsa_rows.inc) compiled for the baseline
 * instruction set, and the C encoders (ml_dsa_encoders.c).
 */
#include "internal/cleanse.h"
#include "ml_dsa_local.h"

#define ROWS(name) name##_generic
#define ROWS_TARGET
#define ROWS_PACK_W1 ossl_ml_dsa_poly_pack_w1_generic
#include "ml_dsa_rows.inc"

const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_generic = {
    "generic",
    ossl_ml_dsa_poly_ntt_generic,
    ossl_ml_dsa_poly_ntt_inverse_generic,
    ossl_ml_dsa_poly_ntt_mul_generic,
    ossl_ml_dsa_poly_ntt_dot_generic,
    w1_generic,
    z_generic,
    r_generic,
    hint_generic,
    use_hint_generic,
    power2round_generic,
    exceeds_generic,
    sub_reduce_generic,
    ossl_ml_dsa_poly_pack_w1_generic,
    ossl_ml_dsa_poly_unpack_z_generic,
    ossl_ml_dsa_poly_pack_z_generic,
    ossl_ml_dsa_hint_encode_generic,
    ossl_ml_dsa_hint_decode_generic,
    ossl_ml_dsa_poly_pack_eta_generic,
    ossl_ml_dsa_poly_unpack_eta_generic,
    ossl_ml_dsa_poly_pack_t0_generic,
    ossl_ml_dsa_poly_unpack_t0_generic,
    ossl_ml_dsa_poly_pack_t1_generic,
    ossl_ml_dsa_poly_unpack_t1_generic,
};
