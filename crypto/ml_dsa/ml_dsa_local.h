/*
 * Internal declarations of the ML-DSA core (FIPS 204).
 */
#ifndef MLDSA_ML_DSA_LOCAL_H
#define MLDSA_ML_DSA_LOCAL_H

#include <stddef.h>
#include <stdint.h>
#include "mldsa.h"

#define ML_DSA_N 256                 /* coefficients per polynomial */
#define ML_DSA_Q 8380417             /* 2^23 - 2^13 + 1 */

/* A polynomial of R_q or of T_q: 256 coefficients. */
typedef struct ml_dsa_poly_st {
    int32_t coeff[ML_DSA_N];
} ML_DSA_POLY;

/*
 * The sample ops (FIPS 204 section 7.3, "Pseudorandom sampling").  Every
 * implementation gives byte-identical results for every input; the choice
 * between them is speed only.  All return 1 on success, 0 on failure.
 *
 * matrix_expand_A: ExpandA (Algorithm 32).  a_hat holds k * l polynomials,
 *   row-major: a_hat[r * l + s] = RejNTTPoly(rho || s || r), coefficients in
 *   [0, q).
 * vector_expand_S: ExpandS (Algorithm 33).  s holds l + k polynomials, s1
 *   then s2: s[r] = RejBoundedPoly(rho' || IntegerToBytes(r, 2)), coefficients
 *   in [-eta, eta]; eta is 2 or 4.
 * vector_expand_mask: ExpandMask (Algorithm 34).  y holds l polynomials:
 *   y[r] = BitUnpack(SHAKE256(rho'' || IntegerToBytes(kappa + r, 2)), gamma1 - 1,
 *   gamma1), coefficients in [-gamma1 + 1, gamma1]; gamma1_bits is 17 or 19.
 */
typedef int ML_DSA_MATRIX_EXPAND_A_FN(ML_DSA_POLY *a_hat, const uint8_t rho[32],
                                      size_t k, size_t l);
typedef int ML_DSA_VECTOR_EXPAND_S_FN(ML_DSA_POLY *s, const uint8_t rho_prime[64],
                                      size_t l, size_t k, int eta);
typedef int ML_DSA_VECTOR_EXPAND_MASK_FN(ML_DSA_POLY *y,
                                         const uint8_t rho_pp[64],
                                         uint16_t kappa, size_t l,
                                         int gamma1_bits);

typedef struct ossl_ml_dsa_sample_ops_st {
    const char *name;                    /* "generic", "x86_64-avx512vl-x4" */
    ML_DSA_MATRIX_EXPAND_A_FN *matrix_expand_A;
    ML_DSA_VECTOR_EXPAND_S_FN *vector_expand_S;
    ML_DSA_VECTOR_EXPAND_MASK_FN *vector_expand_mask;
} OSSL_ML_DSA_SAMPLE_OPS;

/* The ops to use on this machine: the fastest the build and the CPU allow. */
const OSSL_ML_DSA_SAMPLE_OPS *ossl_ml_dsa_sample_ops(void);
/* The portable ops, built everywhere (tests compare every other ops to these). */
const OSSL_ML_DSA_SAMPLE_OPS *ossl_ml_dsa_sample_ops_generic(void);

#endif /* MLDSA_ML_DSA_LOCAL_H */
