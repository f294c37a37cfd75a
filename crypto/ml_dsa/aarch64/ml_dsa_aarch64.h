/*
 * The aarch64 ops of the ML-DSA backends (crypto/ml_dsa/aarch64/): their
 * declarations, each with the typedef of its table slot
 * (ml_dsa_backend.h).  Every one is bit-identical to its generic twin.
 * This folder is built on aarch64 targets only (the Makefile's ARCH =
 * aarch64), where Advanced SIMD (NEON) is part of the base architecture:
 * the code needs no target attribute; the backends still require the
 * ASIMD capability bit, so that MLDSA_ARMCAP can mask them off.
 */
#ifndef MLDSA_ML_DSA_AARCH64_H
#define MLDSA_ML_DSA_AARCH64_H

#include "../ml_dsa_local.h"

/* NEON NTT and products (ml_dsa_ntt_neon.c). */
ML_DSA_NTT_FN ossl_ml_dsa_poly_ntt_neon;
ML_DSA_NTT_INVERSE_FN ossl_ml_dsa_poly_ntt_inverse_neon;
ML_DSA_NTT_MUL_FN ossl_ml_dsa_poly_ntt_mul_neon;
ML_DSA_NTT_DOT_FN ossl_ml_dsa_poly_ntt_dot_neon;

/* NEON encoders (ml_dsa_encoders_neon.c). */
ML_DSA_PACK_W1_FN ossl_ml_dsa_poly_pack_w1_neon;
ML_DSA_UNPACK_Z_FN ossl_ml_dsa_poly_unpack_z_neon;
ML_DSA_PACK_Z_FN ossl_ml_dsa_poly_pack_z_neon;
ML_DSA_PACK_ETA_FN ossl_ml_dsa_poly_pack_eta_neon;
ML_DSA_UNPACK_ETA_FN ossl_ml_dsa_poly_unpack_eta_neon;
ML_DSA_PACK_T0_FN ossl_ml_dsa_poly_pack_t0_neon;
ML_DSA_UNPACK_T0_FN ossl_ml_dsa_poly_unpack_t0_neon;
ML_DSA_PACK_T1_FN ossl_ml_dsa_poly_pack_t1_neon;
ML_DSA_UNPACK_T1_FN ossl_ml_dsa_poly_unpack_t1_neon;
ML_DSA_HINT_ENCODE_FN ossl_ml_dsa_hint_encode_neon;

/* The NEON poly ops (ml_dsa_poly_ops_neon.c). */
extern const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_neon;

/* The 2-way sample ops over the Armv8.0 and the SHA-3 extension Keccak
 * kernels (ml_dsa_sample_aarch64.inc, included by ml_dsa_sample.c). */
extern const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_neon_x2;
extern const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_sha3_x2;

#endif /* MLDSA_ML_DSA_AARCH64_H */
