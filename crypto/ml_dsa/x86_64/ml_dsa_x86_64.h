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
ML_DSA_HINT_ENCODE_FN ossl_ml_dsa_hint_encode_avx2;
ML_DSA_PACK_Z_FN ossl_ml_dsa_poly_pack_z_avx2;

/* AVX2 packers of keys (ml_dsa_packers_avx2.c). */
ML_DSA_PACK_ETA_FN ossl_ml_dsa_poly_pack_eta_avx2;
ML_DSA_UNPACK_ETA_FN ossl_ml_dsa_poly_unpack_eta_avx2;
ML_DSA_PACK_T0_FN ossl_ml_dsa_poly_pack_t0_avx2;
ML_DSA_UNPACK_T0_FN ossl_ml_dsa_poly_unpack_t0_avx2;
ML_DSA_PACK_T1_FN ossl_ml_dsa_poly_pack_t1_avx2;
ML_DSA_UNPACK_T1_FN ossl_ml_dsa_poly_unpack_t1_avx2;

/*
 * AVX-512 packers of keys and signatures (ml_dsa_encoders_avx512.c): zmm
 * only, AVX512F with BW and VBMI (the hint encoder and decoder: F and BW).
 */
ML_DSA_PACK_ETA_FN ossl_ml_dsa_poly_pack_eta_avx512;
ML_DSA_UNPACK_ETA_FN ossl_ml_dsa_poly_unpack_eta_avx512;
ML_DSA_PACK_T0_FN ossl_ml_dsa_poly_pack_t0_avx512;
ML_DSA_UNPACK_T0_FN ossl_ml_dsa_poly_unpack_t0_avx512;
ML_DSA_PACK_T1_FN ossl_ml_dsa_poly_pack_t1_avx512;
ML_DSA_UNPACK_T1_FN ossl_ml_dsa_poly_unpack_t1_avx512;
ML_DSA_PACK_Z_FN ossl_ml_dsa_poly_pack_z_avx512;
ML_DSA_UNPACK_Z_FN ossl_ml_dsa_poly_unpack_z_avx512;
ML_DSA_HINT_DECODE_FN ossl_ml_dsa_hint_decode_avx512;

/* The same packers with AVX512F and BW only (the same file). */
ML_DSA_PACK_ETA_FN ossl_ml_dsa_poly_pack_eta_avx512bw;
ML_DSA_UNPACK_ETA_FN ossl_ml_dsa_poly_unpack_eta_avx512bw;
ML_DSA_PACK_T0_FN ossl_ml_dsa_poly_pack_t0_avx512bw;
ML_DSA_UNPACK_T0_FN ossl_ml_dsa_poly_unpack_t0_avx512bw;
ML_DSA_PACK_T1_FN ossl_ml_dsa_poly_pack_t1_avx512bw;
ML_DSA_UNPACK_T1_FN ossl_ml_dsa_poly_unpack_t1_avx512bw;
ML_DSA_PACK_Z_FN ossl_ml_dsa_poly_pack_z_avx512bw;
ML_DSA_UNPACK_Z_FN ossl_ml_dsa_poly_unpack_z_avx512bw;

/* The poly ops compiled for AVX2 (ml_dsa_poly_ops_avx2.c). */
extern const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_avx2;

/* The AVX-512 poly ops (ml_dsa_poly_ops_avx512.c), and the capability
 * bits (include/internal/cpuid.h) they need. */
extern const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_avx512;
#define ML_DSA_POLY_AVX512_CAPS \
    (ML_DSA_POLY_AVX512BW_CAPS | OSSL_IA32CAP_AVX512VBMI)

/* The same ops with the packers that need AVX-512BW and not VBMI (the
 * same file, sharing the rest), and the capability bits they need. */
extern const OSSL_ML_DSA_POLY_OPS ossl_ml_dsa_poly_avx512bw;
#define ML_DSA_POLY_AVX512BW_CAPS \
    (OSSL_IA32CAP_AVX512F | OSSL_IA32CAP_AVX512VL | OSSL_IA32CAP_AVX512BW \
     | OSSL_IA32CAP_ZMM_STATE | OSSL_IA32CAP_AVX2)

/* The 4-way AVX-512VL sample ops (ml_dsa_sample_x86_64.inc, included by
 * ml_dsa_sample.c). */
extern const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_x4;
/* The 8-way zmm sample ops (the same file). */
extern const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_x8;
/* The 4-way AVX2 sample ops (the same file). */
extern const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_x4_avx2;
/* The 8-way zmm sample ops with parsers and mask decoder that need
 * AVX-512BW and not VBMI (the same file). */
extern const OSSL_ML_DSA_SAMPLE_OPS ossl_ml_dsa_sample_x8bw;

#endif /* MLDSA_ML_DSA_X86_64_H */
