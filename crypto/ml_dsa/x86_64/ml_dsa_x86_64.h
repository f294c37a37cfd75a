/*
 * The x86-64 ops of the ML-DSA backends (crypto/ml_dsa/x86_64/): their
 * declarations, each with the typedef of its table slot
 * (ml_dsa_backend.h), and the target attributes they are compiled with.
 * Every one is bit-identical to its generic twin.  This folder is built on
 * x86-64 targets with GCC or Clang only (the Makefile's ARCH = x86_64).
 */
#ifndef MLDSA_ML_DSA_X86_64_H
#define MLDSA_ML_DSA_X86_64_H

#include "../ml_dsa_local.h"

/* AVX2 code, for functions and for the inline helpers they use. */
#define ML_DSA_AVX2_FN __attribute__((target("avx2")))

/* AVX2 NTT and products (ml_dsa_ntt_avx2.c). */
ML_DSA_NTT_FN ossl_ml_dsa_poly_ntt_avx2;
ML_DSA_NTT_INVERSE_FN ossl_ml_dsa_poly_ntt_inverse_avx2;
ML_DSA_NTT_MUL_FN ossl_ml_dsa_poly_ntt_mul_avx2;
ML_DSA_NTT_DOT_FN ossl_ml_dsa_poly_ntt_dot_avx2;

/* AVX-512F NTT and products (ml_dsa_ntt_avx512.c). */
ML_DSA_NTT_FN ossl_ml_dsa_poly_ntt_avx512;
ML_DSA_NTT_INVERSE_FN ossl_ml_dsa_poly_ntt_inverse_avx512;
ML_DSA_NTT_MUL_FN ossl_ml_dsa_poly_ntt_mul_avx512;
ML_DSA_NTT_DOT_FN ossl_ml_dsa_poly_ntt_dot_avx512;

/* AVX2 encoders (ml_dsa_encoders_avx2.c). */
ML_DSA_PACK_W1_FN ossl_ml_dsa_poly_pack_w1_avx2;
ML_DSA_UNPACK_Z_FN ossl_ml_dsa_poly_unpack_z_avx2;

/* The poly ops compiled for AVX2 (ml_dsa_poly_ops_avx2.c). */
extern const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_avx2;

/* The 4-way AVX-512VL sample ops (ml_dsa_sample_x86_64.inc, included by
 * ml_dsa_sample.c). */
extern const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_x4;

#endif /* MLDSA_ML_DSA_X86_64_H */
