/*
 * The AVX-512 poly ops (ml_dsa_backend.h): the zmm NTT and products
 * (ml_dsa_ntt_avx512.c), the row ops (ml_dsa_rows.inc) compiled with
 * AVX-512 so that the compiler vectorises them sixteen 32-bit lanes wide,
 * the AVX2 w1Encode and HintBitPack (ml_dsa_encoders_avx2.c), and the
 * AVX-512 packers and z decoder (ml_dsa_encoders_avx512.c).  It needs ML_DSA_POLY_AVX512_CAPS.
 * ossl_ml_dsa_poly_avx512bw shares all of it but the packers, which are
 * their versions without VBMI: it needs ML_DSA_POLY_AVX512BW_CAPS.
 */
#include "internal/cleanse.h"
#include "ml_dsa_x86_64.h"

#define ROWS(name) name##_avx512
#define ROWS_TARGET __attribute__((target("avx2,avx512f,avx512vl,avx512bw")))
#define ROWS_PACK_W1 ossl_ml_dsa_poly_pack_w1_avx2
#include "../ml_dsa_rows.inc"

/* The entries both tables share: the NTT and products, the row ops and
 * w1Encode. */
#define AVX512_ARITH \
    ossl_ml_dsa_poly_ntt_avx512, ossl_ml_dsa_poly_ntt_inverse_avx512, \
    ossl_ml_dsa_poly_ntt_mul_avx512, ossl_ml_dsa_poly_ntt_dot_avx512, \
    w1_avx512, z_avx512, r_avx512, hint_avx512, use_hint_avx512, \
    power2round_avx512, exceeds_avx512, sub_reduce_avx512, \
    ossl_ml_dsa_poly_pack_w1_avx2

const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_avx512 = {
    "avx512",
    AVX512_ARITH,
    ossl_ml_dsa_poly_unpack_z_avx512,
    ossl_ml_dsa_poly_pack_z_avx512,
    ossl_ml_dsa_hint_encode_avx2,
    ossl_ml_dsa_hint_decode_avx512,
    ossl_ml_dsa_poly_pack_eta_avx512,
    ossl_ml_dsa_poly_unpack_eta_avx512,
    ossl_ml_dsa_poly_pack_t0_avx512,
    ossl_ml_dsa_poly_unpack_t0_avx512,
    ossl_ml_dsa_poly_pack_t1_avx512,
    ossl_ml_dsa_poly_unpack_t1_avx512,
};

const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_avx512bw = {
    "avx512bw",
    AVX512_ARITH,
    ossl_ml_dsa_poly_unpack_z_avx512bw,
    ossl_ml_dsa_poly_pack_z_avx512bw,
    ossl_ml_dsa_hint_encode_avx2,
    ossl_ml_dsa_hint_decode_avx512,
    ossl_ml_dsa_poly_pack_eta_avx512bw,
    ossl_ml_dsa_poly_unpack_eta_avx512bw,
    ossl_ml_dsa_poly_pack_t0_avx512bw,
    ossl_ml_dsa_poly_unpack_t0_avx512bw,
    ossl_ml_dsa_poly_pack_t1_avx512bw,
    ossl_ml_dsa_poly_unpack_t1_avx512bw,
};
