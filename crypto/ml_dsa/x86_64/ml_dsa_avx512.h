/*
 * The AVX-512 (zmm) ops of ML-DSA on x86-64 (crypto/ml_dsa/x86_64/): the
 * NTT, its inverse and the products in the NTT domain, each bit-identical
 * to its generic twin in ml_dsa_ntt.c (same input and output bounds, same
 * coefficient order).  They need AVX-512F and the OS's ZMM state
 * (OSSL_IA32CAP_AVX512F and OSSL_IA32CAP_ZMM_STATE); nothing else.
 */
#ifndef MLDSA_ML_DSA_AVX512_H
#define MLDSA_ML_DSA_AVX512_H

#include <stddef.h>
#include "../ml_dsa_local.h"

/* AVX-512 NTT and products (ml_dsa_ntt_avx512.c). */
void ossl_ml_dsa_poly_ntt_avx512(ML_DSA_POLY *p);
void ossl_ml_dsa_poly_ntt_inverse_avx512(ML_DSA_POLY *p);
void ossl_ml_dsa_poly_ntt_mul_avx512(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                     const ML_DSA_POLY *b);
void ossl_ml_dsa_poly_ntt_dot_avx512(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                     const ML_DSA_POLY *b, size_t n);

#endif /* MLDSA_ML_DSA_AVX512_H */
