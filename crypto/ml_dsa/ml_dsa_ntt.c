/*
 * The number-theoretic transform of ML-DSA (FIPS 204 section 7.5,
 * Algorithms 41 and 42) over Z_q[X]/(X^256 + 1), with Montgomery
 * multiplication (R = 2^32) on int32 coefficients, and multiplication in
 * the NTT domain (Algorithms 45 - 48, as a pointwise product and a dot
 * product of vectors).
 */
#include <stdint.h>
#include "internal/cleanse.h"
#include "ml_dsa_local.h"
#include "ml_dsa_poly.h"
#include "ml_dsa_zetas.h"

/*
 * Both transforms run their 8 layers two at a time (radix 4): each pass
 * loads four coefficients, applies the butterflies of two consecutive
 * layers to them, and stores them once, which halves the memory traffic of
 * the layer-by-layer loops of Algorithms 41 and 42 and gives the same
 * values.  Forward layer len = L, block b uses zetas[128 / L + b]; inverse
 * layer len = L, block b uses -zetas[256 / L - 1 - b].
 */

/* Cooley-Tukey butterfly: (a, b) <- (a + zeta b, a - zeta b). */
#define CT_BUTTERFLY(x, y, z) \
    do { \
        int32_t t_ = ml_dsa_montgomery_reduce((int64_t)(z) * (y)); \
        (y) = (x) - t_; \
        (x) = (x) + t_; \
    } while (0)

/* Gentleman-Sande butterfly: (a, b) <- (a + b, zeta (a - b)). */
#define GS_BUTTERFLY(x, y, z) \
    do { \
        int32_t t_ = (x); \
        (x) = t_ + (y); \
        (y) = ml_dsa_montgomery_reduce((int64_t)(z) * (t_ - (y))); \
    } while (0)

/*
 * NTT (FIPS 204 Algorithm 41), in place, Cooley-Tukey butterflies, output in
 * bit-reversed order.  Input |a| < q; output |a| < 9q (each of the 8 layers
 * adds less than q).
 */
void ossl_ml_dsa_poly_ntt_generic(ML_DSA_POLY *p)
{
    int32_t *a = p->coeff;
    int32_t a0, a1, a2, a3, z1, z2, z3;
    size_t len, h, start, j, b;

    /* layers (len, len / 2) = (128, 64), (32, 16), (8, 4), (2, 1) */
    for (len = ML_DSA_N / 2; len >= 2; len >>= 2) {
        h = len / 2;
        for (b = 0, start = 0; start < ML_DSA_N; b++, start += 2 * len) {
            z1 = zetas[ML_DSA_N / 2 / len + b];
            z2 = zetas[2 * (ML_DSA_N / 2 / len + b)];
            z3 = zetas[2 * (ML_DSA_N / 2 / len + b) + 1];
            for (j = start; j < start + h; j++) {
                a0 = a[j];
                a1 = a[j + h];
                a2 = a[j + len];
                a3 = a[j + len + h];
                CT_BUTTERFLY(a0, a2, z1);
                CT_BUTTERFLY(a1, a3, z1);
                CT_BUTTERFLY(a0, a1, z2);
                CT_BUTTERFLY(a2, a3, z3);
                a[j] = a0;
                a[j + h] = a1;
                a[j + len] = a2;
                a[j + len + h] = a3;
            }
        }
    }
}

/*
 * Inverse NTT (FIPS 204 Algorithm 42), in place, Gentleman-Sande
 * butterflies, input in bit-reversed order, with the result multiplied by
 * R = 2^32 (so that it undoes the R^-1 of a Montgomery pointwise product).
 * Input |a| < q: the sums double per layer, at most 256 * (q - 1) < 2^31
 * after the 8 layers, with no reduction in between; the products stay
 * below 2^31 * q (f * 256 q, and 3975713 * 256 q < 128 q^2).  Output |a| < q.
 */
void ossl_ml_dsa_poly_ntt_inverse_generic(ML_DSA_POLY *p)
{
    int32_t *a = p->coeff;
    int32_t a0, a1, a2, a3, z1, z2, z3;
    size_t len, start, j, c;

    /* layers (len, 2 len) = (1, 2), (4, 8), (16, 32) */
    for (len = 1; len < ML_DSA_N / 4; len <<= 2) {
        for (c = 0, start = 0; start < ML_DSA_N; c++, start += 4 * len) {
            z1 = -zetas[ML_DSA_N / len - 1 - 2 * c];
            z2 = -zetas[ML_DSA_N / len - 2 - 2 * c];
            z3 = -zetas[ML_DSA_N / 2 / len - 1 - c];
            for (j = start; j < start + len; j++) {
                a0 = a[j];
                a1 = a[j + len];
                a2 = a[j + 2 * len];
                a3 = a[j + 3 * len];
                GS_BUTTERFLY(a0, a1, z1);
                GS_BUTTERFLY(a2, a3, z2);
                GS_BUTTERFLY(a0, a2, z3);
                GS_BUTTERFLY(a1, a3, z3);
                a[j] = a0;
                a[j + len] = a1;
                a[j + 2 * len] = a2;
                a[j + 3 * len] = a3;
            }
        }
    }
    /* layers 64 (zetas 3 and 2) and 128, with the scaling by f */
    len = ML_DSA_N / 4;
    for (j = 0; j < len; j++) {
        a0 = a[j];
        a1 = a[j + len];
        a2 = a[j + 2 * len];
        a3 = a[j + 3 * len];
        GS_BUTTERFLY(a0, a1, -zetas[3]);
        GS_BUTTERFLY(a2, a3, -zetas[2]);
        a[j] = ml_dsa_montgomery_reduce((int64_t)INV_NTT_F * (a0 + a2));
        a[j + 2 * len] = ml_dsa_montgomery_reduce((int64_t)INV_NTT_F_ZETA
                                                  * (a0 - a2));
        a[j + len] = ml_dsa_montgomery_reduce((int64_t)INV_NTT_F * (a1 + a3));
        a[j + 3 * len] = ml_dsa_montgomery_reduce((int64_t)INV_NTT_F_ZETA
                                                  * (a1 - a3));
    }
}

/*
 * Pointwise product in the NTT domain (FIPS 204 Algorithm 45,
 * MultiplyNTT), with the Montgomery factor R^-1: r = a * b * 2^-32.
 * Needs |a * b| < 2^31 * q per coefficient (e.g. |a| < q, |b| < 9q);
 * output |r| < q.  r may alias a or b.
 */
void ossl_ml_dsa_poly_ntt_mul_generic(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                      const ML_DSA_POLY *b)
{
    size_t i;

    for (i = 0; i < ML_DSA_N; i++)
        r->coeff[i] = ml_dsa_montgomery_reduce((int64_t)a->coeff[i]
                                               * b->coeff[i]);
}

/*
 * Dot product of two vectors of n polynomials in the NTT domain (a row of
 * A-hat times a vector, FIPS 204 Algorithm 48, MatrixVectorNTT), with the
 * Montgomery factor R^-1: r = sum_j a[j] * b[j] * 2^-32.  The products are
 * summed exactly in 64 bits and reduced once: needs
 * sum_j |a[j] * b[j]| < 2^31 * q per coefficient (n <= 7, |a| < q,
 * |b| < 9q gives 63 q^2 < 2^31 q).  Output |r| < q.
 */
void ossl_ml_dsa_poly_ntt_dot_generic(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                      const ML_DSA_POLY *b, size_t n)
{
    int64_t acc[ML_DSA_N];
    size_t i, j;

    for (i = 0; i < ML_DSA_N; i++)
        acc[i] = (int64_t)a[0].coeff[i] * b[0].coeff[i];
    for (j = 1; j < n; j++)
        for (i = 0; i < ML_DSA_N; i++)
            acc[i] += (int64_t)a[j].coeff[i] * b[j].coeff[i];
    for (i = 0; i < ML_DSA_N; i++)
        r->coeff[i] = ml_dsa_montgomery_reduce(acc[i]);
    /* the products of A with s1 or y are secret */
    ossl_cleanse(acc, sizeof(acc));
}
