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

/*@ predicate bounded{L}(int32_t *a, integer lo, integer hi, integer bnd) =
      \forall integer i; lo <= i < hi ==> -bnd < \at(a[i], L) < bnd;
    // the bound before a forward pass of layers (len, len / 2): 2q more a pass
    logic integer ntt_bound(integer len) =
      len == 128 ? ML_DSA_Q : len == 32 ? 3 * ML_DSA_Q :
      len == 8 ? 5 * ML_DSA_Q : len == 2 ? 7 * ML_DSA_Q : 9 * ML_DSA_Q;
    axiomatic Zetas {
      // The zetas are centred (ml_dsa_zetas.h, util/gen-ntt-tables):
      // |zetas[i]| < q / 2.  Admitted because the solvers time out on the
      // 256 initialisers; util/prove checks every entry of the table
      // before it runs WP.
      axiom zetas_centred{L}: \forall integer i; 0 <= i < 256 ==>
        -ML_DSA_Q / 2 < \at(zetas[i], L) < ML_DSA_Q / 2;
    }
    // A zeta (or the inverse's scaling constants f and f zeta, also in
    // (-q/2, q/2)) times a coefficient below 256q is within Montgomery's
    // input range: q/2 * 256q = 128 q^2 < 2^31 q (q < 2^24).  The lemma is
    // proved by the solvers on its own; the butterflies assert
    // zeta_operands(z, x) to instantiate it (its trigger: the solvers do
    // not find the non-linear bound among a loop's hypotheses).
    predicate zeta_operands(integer z, integer x) =
      -ML_DSA_Q / 2 < z < ML_DSA_Q / 2 && -256 * ML_DSA_Q < x < 256 * ML_DSA_Q;
    lemma zeta_product: \forall integer z, x; zeta_operands(z, x) ==>
      -2147483648 * ML_DSA_Q < z * x < 2147483648 * ML_DSA_Q;
    // Block b of a forward pass (len = 128, 32, 8 or 2; start = 2 len b <
    // 256) fits in the polynomial and its zetas' index is in the table: a
    // case split on len (the solvers do not find it among a loop's
    // hypotheses: 2 len b is non-linear); the lemma is proved on its own
    // and instantiated by asserting ntt_block_at(len, b).
    predicate ntt_block_at(integer len, integer b) =
      (len == 128 || len == 32 || len == 8 || len == 2) &&
      0 <= b && 2 * len * b < ML_DSA_N;
    lemma ntt_block_fits: \forall integer len, b; ntt_block_at(len, b) ==>
      2 * len * b + 2 * len <= ML_DSA_N && ML_DSA_N / 2 / len + b < ML_DSA_N / 2;
    // Likewise block c of an inverse pass (len = 1, 4 or 16; start =
    // 4 len c < 256) and its three zetas' indices.
    predicate inverse_block_at(integer len, integer c) =
      (len == 1 || len == 4 || len == 16) && 0 <= c && 4 * len * c < ML_DSA_N;
    lemma inverse_block_fits: \forall integer len, c; inverse_block_at(len, c) ==>
      4 * len * c + 4 * len <= ML_DSA_N && 2 * c + 2 <= ML_DSA_N / len &&
      ML_DSA_N / len <= ML_DSA_N && c + 1 <= ML_DSA_N / 2 / len;
    axiomatic Shifts {
      // ACSL's x >> 2 is floor(x / 4), x << 2 is 4 x (the len loops;
      // admitted like BitFacts in ml_dsa_poly.h).
      axiom shr2: \forall integer x, n; n == 2 && x >= 0 ==> (x >> n) == x / 4;
      // (WP rewrites a test of len >> 2 into one of len & ~3)
      axiom low2: \forall integer x, m; m == 18446744073709551612 &&
        0 <= x < 18446744073709551616 ==> (x & m) == x - x % 4;
      axiom shl2: \forall integer x, n; n == 2 && x >= 0 ==> (x << n) == 4 * x;
    }
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
/*@ requires \valid(p);
    requires bounded(&p->coeff[0], 0, ML_DSA_N, ML_DSA_Q);
    assigns p->coeff[0 .. ML_DSA_N - 1];
    ensures bounded(&p->coeff[0], 0, ML_DSA_N, 9 * ML_DSA_Q);
 */
void ossl_ml_dsa_poly_ntt_generic(ML_DSA_POLY *p)
{
    int32_t *a = p->coeff;
    int32_t a0, a1, a2, a3, z1, z2, z3;
    size_t len, h, start, j, b;

    /* layers (len, len / 2) = (128, 64), (32, 16), (8, 4), (2, 1) */
    /*@ loop invariant ntt_1: len == 128 || len == 32 || len == 8 || len == 2 || len == 0;
        loop invariant ntt_2: bounded(a, 0, ML_DSA_N, ntt_bound(len));
        loop assigns len, h, b, start, j, a0, a1, a2, a3, z1, z2, z3,
                     a[0 .. ML_DSA_N - 1];
        loop variant len;
     */
    for (len = ML_DSA_N / 2; len >= 2; len >>= 2) {
        h = len / 2;
        /*@ loop invariant ntt_3: 0 <= start <= ML_DSA_N && start == 2 * len * b;
            loop invariant ntt_4: bounded(a, 0, start, ntt_bound(len) + 2 * ML_DSA_Q);
            loop invariant ntt_5: bounded(a, start, ML_DSA_N, ntt_bound(len));
            loop assigns b, start, j, a0, a1, a2, a3, z1, z2, z3,
                         a[0 .. ML_DSA_N - 1];
            loop variant ML_DSA_N - start;
         */
        for (b = 0, start = 0; start < ML_DSA_N; b++, start += 2 * len) {
            /*@ assert ntt_block: ntt_block_at(len, b); */
            /*@ assert ntt_fits: start + 2 * len <= ML_DSA_N
                  && ML_DSA_N / 2 / len + b < ML_DSA_N / 2; */
            z1 = zetas[ML_DSA_N / 2 / len + b];
            z2 = zetas[2 * (ML_DSA_N / 2 / len + b)];
            z3 = zetas[2 * (ML_DSA_N / 2 / len + b) + 1];
            /*@ loop invariant ntt_6: start <= j <= start + h;
                loop invariant ntt_9: bounded(a, start, j, ntt_bound(len) + 2 * ML_DSA_Q);
                loop invariant ntt_10: bounded(a, start + h, j + h, ntt_bound(len) + 2 * ML_DSA_Q);
                loop invariant ntt_11: bounded(a, start + len, j + len, ntt_bound(len) + 2 * ML_DSA_Q);
                loop invariant ntt_12: bounded(a, start + len + h, j + len + h, ntt_bound(len) + 2 * ML_DSA_Q);
                loop invariant ntt_13: bounded(a, j, start + h, ntt_bound(len));
                loop invariant ntt_14: bounded(a, j + h, start + len, ntt_bound(len));
                loop invariant ntt_15: bounded(a, j + len, start + len + h, ntt_bound(len));
                loop invariant ntt_16: bounded(a, j + len + h, start + 2 * len, ntt_bound(len));
                // (the rest of a, outside the loop assigns, keeps ntt_4 and ntt_5)
                loop assigns j, a0, a1, a2, a3, a[start .. start + 2 * len - 1];
                loop variant start + h - j;
             */
            for (j = start; j < start + h; j++) {
                a0 = a[j];
                a1 = a[j + h];
                a2 = a[j + len];
                a3 = a[j + len + h];
                /*@ assert ntt_operands_1: zeta_operands(z1, a2) && zeta_operands(z1, a3); */
                /*@ assert ntt_prod_1: -2147483648 * ML_DSA_Q < z1 * a2 < 2147483648 * ML_DSA_Q
                      && -2147483648 * ML_DSA_Q < z1 * a3 < 2147483648 * ML_DSA_Q; */
                CT_BUTTERFLY(a0, a2, z1);
                CT_BUTTERFLY(a1, a3, z1);
                /*@ assert ntt_half: -ntt_bound(len) - ML_DSA_Q < a0 < ntt_bound(len) + ML_DSA_Q
                      && -ntt_bound(len) - ML_DSA_Q < a1 < ntt_bound(len) + ML_DSA_Q
                      && -ntt_bound(len) - ML_DSA_Q < a2 < ntt_bound(len) + ML_DSA_Q
                      && -ntt_bound(len) - ML_DSA_Q < a3 < ntt_bound(len) + ML_DSA_Q; */
                /*@ assert ntt_half_z: -ML_DSA_Q / 2 < z2 < ML_DSA_Q / 2
                      && -ML_DSA_Q / 2 < z3 < ML_DSA_Q / 2; */
                /*@ assert ntt_half_8q: -8 * ML_DSA_Q < a1 < 8 * ML_DSA_Q
                      && -8 * ML_DSA_Q < a3 < 8 * ML_DSA_Q; */
                /*@ assert ntt_operands: zeta_operands(z2, a1) && zeta_operands(z3, a3); */
                /*@ assert ntt_prod: -2147483648 * ML_DSA_Q < z2 * a1 < 2147483648 * ML_DSA_Q
                      && -2147483648 * ML_DSA_Q < z3 * a3 < 2147483648 * ML_DSA_Q; */
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
/*@ requires \valid(p);
    requires bounded(&p->coeff[0], 0, ML_DSA_N, ML_DSA_Q);
    assigns p->coeff[0 .. ML_DSA_N - 1];
    ensures bounded(&p->coeff[0], 0, ML_DSA_N, ML_DSA_Q);
 */
void ossl_ml_dsa_poly_ntt_inverse_generic(ML_DSA_POLY *p)
{
    int32_t *a = p->coeff;
    int32_t a0, a1, a2, a3, z1, z2, z3;
    size_t len, start, j, c;

    /* layers (len, 2 len) = (1, 2), (4, 8), (16, 32) */
    /*@ loop invariant ntt_inverse_1: len == 1 || len == 4 || len == 16 || len == 64;
        loop invariant ntt_inverse_2: bounded(a, 0, ML_DSA_N, len * ML_DSA_Q);
        loop assigns len, c, start, j, a0, a1, a2, a3, z1, z2, z3,
                     a[0 .. ML_DSA_N - 1];
        loop variant ML_DSA_N - len;
     */
    for (len = 1; len < ML_DSA_N / 4; len <<= 2) {
        /*@ loop invariant ntt_inverse_3: 0 <= start <= ML_DSA_N && start == 4 * len * c;
            loop invariant ntt_inverse_4: bounded(a, 0, start, 4 * len * ML_DSA_Q);
            loop invariant ntt_inverse_5: bounded(a, start, ML_DSA_N, len * ML_DSA_Q);
            loop assigns c, start, j, a0, a1, a2, a3, z1, z2, z3,
                         a[0 .. ML_DSA_N - 1];
            loop variant ML_DSA_N - start;
         */
        for (c = 0, start = 0; start < ML_DSA_N; c++, start += 4 * len) {
            /*@ assert inv_block: inverse_block_at(len, c); */
            /*@ assert inv_fits: start + 4 * len <= ML_DSA_N && 2 * c + 2 <= ML_DSA_N / len
                  && ML_DSA_N / len <= ML_DSA_N && c + 1 <= ML_DSA_N / 2 / len; */
            z1 = -zetas[ML_DSA_N / len - 1 - 2 * c];
            z2 = -zetas[ML_DSA_N / len - 2 - 2 * c];
            z3 = -zetas[ML_DSA_N / 2 / len - 1 - c];
            /*@ loop invariant ntt_inverse_6: start <= j <= start + len;
                loop invariant ntt_inverse_9: bounded(a, start, j, 4 * len * ML_DSA_Q);
                loop invariant ntt_inverse_10: bounded(a, start + len, j + len, 4 * len * ML_DSA_Q);
                loop invariant ntt_inverse_11: bounded(a, start + 2 * len, j + 2 * len, 4 * len * ML_DSA_Q);
                loop invariant ntt_inverse_12: bounded(a, start + 3 * len, j + 3 * len, 4 * len * ML_DSA_Q);
                loop invariant ntt_inverse_13: bounded(a, j, start + len, len * ML_DSA_Q);
                loop invariant ntt_inverse_14: bounded(a, j + len, start + 2 * len, len * ML_DSA_Q);
                loop invariant ntt_inverse_15: bounded(a, j + 2 * len, start + 3 * len, len * ML_DSA_Q);
                loop invariant ntt_inverse_16: bounded(a, j + 3 * len, start + 4 * len, len * ML_DSA_Q);
                // (the rest of a, outside the loop assigns, keeps
                // ntt_inverse_4 and ntt_inverse_5)
                loop assigns j, a0, a1, a2, a3, a[start .. start + 4 * len - 1];
                loop variant start + len - j;
             */
            for (j = start; j < start + len; j++) {
                a0 = a[j];
                a1 = a[j + len];
                a2 = a[j + 2 * len];
                a3 = a[j + 3 * len];
                /*@ assert inv_in: -16 * ML_DSA_Q < a0 < 16 * ML_DSA_Q
                      && -16 * ML_DSA_Q < a1 < 16 * ML_DSA_Q
                      && -16 * ML_DSA_Q < a2 < 16 * ML_DSA_Q
                      && -16 * ML_DSA_Q < a3 < 16 * ML_DSA_Q; */
                /*@ assert inv_z: -ML_DSA_Q / 2 < z1 < ML_DSA_Q / 2
                      && -ML_DSA_Q / 2 < z2 < ML_DSA_Q / 2
                      && -ML_DSA_Q / 2 < z3 < ML_DSA_Q / 2; */
                /*@ assert inv_operands: zeta_operands(z1, a0 - a1)
                      && zeta_operands(z2, a2 - a3); */
                /*@ assert inv_prod: -2147483648 * ML_DSA_Q < z1 * (a0 - a1) < 2147483648 * ML_DSA_Q
                      && -2147483648 * ML_DSA_Q < z2 * (a2 - a3) < 2147483648 * ML_DSA_Q; */
                GS_BUTTERFLY(a0, a1, z1);
                GS_BUTTERFLY(a2, a3, z2);
                /*@ assert inv_half: -32 * ML_DSA_Q < a0 < 32 * ML_DSA_Q
                      && -32 * ML_DSA_Q < a2 < 32 * ML_DSA_Q
                      && -ML_DSA_Q < a1 < ML_DSA_Q && -ML_DSA_Q < a3 < ML_DSA_Q; */
                /*@ assert inv_operands_2: zeta_operands(z3, a0 - a2)
                      && zeta_operands(z3, a1 - a3); */
                /*@ assert inv_prod_2: -2147483648 * ML_DSA_Q < z3 * (a0 - a2) < 2147483648 * ML_DSA_Q
                      && -2147483648 * ML_DSA_Q < z3 * (a1 - a3) < 2147483648 * ML_DSA_Q; */
                /*@ // the int64 guard of z3 (a1 - a3), in its own words (after
                    // a1 = t + a3 WP writes a3 as a1 - t and no longer matches
                    // inv_prod_2)
                    assert inv_guard: -9223372036854775808 <= (int64_t)z3 * (int64_t)(int32_t)(a1 - a3)
                      <= 9223372036854775807; */
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
    /*@ loop invariant ntt_inverse_17: 0 <= j <= 64;
        loop invariant ntt_inverse_18: bounded(a, 0, j, ML_DSA_Q);
        loop invariant ntt_inverse_19: bounded(a, 64, 64 + j, ML_DSA_Q);
        loop invariant ntt_inverse_20: bounded(a, 128, 128 + j, ML_DSA_Q);
        loop invariant ntt_inverse_21: bounded(a, 192, 192 + j, ML_DSA_Q);
        loop invariant ntt_inverse_22: bounded(a, j, 64, 64 * ML_DSA_Q);
        loop invariant ntt_inverse_23: bounded(a, 64 + j, 128, 64 * ML_DSA_Q);
        loop invariant ntt_inverse_24: bounded(a, 128 + j, 192, 64 * ML_DSA_Q);
        loop invariant ntt_inverse_25: bounded(a, 192 + j, 256, 64 * ML_DSA_Q);
        loop assigns j, a0, a1, a2, a3, a[0 .. ML_DSA_N - 1];
        loop variant 64 - j;
     */
    for (j = 0; j < len; j++) {
        a0 = a[j];
        a1 = a[j + len];
        a2 = a[j + 2 * len];
        a3 = a[j + 3 * len];
        /*@ assert inv_last_in: -64 * ML_DSA_Q < a0 < 64 * ML_DSA_Q
              && -64 * ML_DSA_Q < a1 < 64 * ML_DSA_Q
              && -64 * ML_DSA_Q < a2 < 64 * ML_DSA_Q
              && -64 * ML_DSA_Q < a3 < 64 * ML_DSA_Q
              && -ML_DSA_Q / 2 < zetas[3] < ML_DSA_Q / 2
              && -ML_DSA_Q / 2 < zetas[2] < ML_DSA_Q / 2; */
        /*@ assert inv_last_operands: zeta_operands(-zetas[3], a0 - a1)
              && zeta_operands(-zetas[2], a2 - a3); */
        /*@ assert inv_last_prod: -2147483648 * ML_DSA_Q < -zetas[3] * (a0 - a1) < 2147483648 * ML_DSA_Q
              && -2147483648 * ML_DSA_Q < -zetas[2] * (a2 - a3) < 2147483648 * ML_DSA_Q; */
        GS_BUTTERFLY(a0, a1, -zetas[3]);
        GS_BUTTERFLY(a2, a3, -zetas[2]);
        /*@ assert inv_last: -128 * ML_DSA_Q < a0 < 128 * ML_DSA_Q
                && -128 * ML_DSA_Q < a2 < 128 * ML_DSA_Q
                && -ML_DSA_Q < a1 < ML_DSA_Q && -ML_DSA_Q < a3 < ML_DSA_Q; */
        /*@ assert inv_scale_operands: zeta_operands(INV_NTT_F, a0 + a2)
              && zeta_operands(INV_NTT_F_ZETA, a0 - a2)
              && zeta_operands(INV_NTT_F, a1 + a3)
              && zeta_operands(INV_NTT_F_ZETA, a1 - a3); */
        /*@ assert inv_scale_prod: -2147483648 * ML_DSA_Q < INV_NTT_F * (a0 + a2) < 2147483648 * ML_DSA_Q
              && -2147483648 * ML_DSA_Q < INV_NTT_F_ZETA * (a0 - a2) < 2147483648 * ML_DSA_Q
              && -2147483648 * ML_DSA_Q < INV_NTT_F * (a1 + a3) < 2147483648 * ML_DSA_Q
              && -2147483648 * ML_DSA_Q < INV_NTT_F_ZETA * (a1 - a3) < 2147483648 * ML_DSA_Q; */
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
 * output |r| < q.  r is a, or b, or separate from both (a partial overlap
 * would read coefficients already replaced).
 */
/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires r == a || \separated(r, a);
    requires r == b || \separated(r, b);
    requires \forall integer i; 0 <= i < ML_DSA_N ==>
      -2147483648 * ML_DSA_Q < a->coeff[i] * b->coeff[i] < 2147483648 * ML_DSA_Q;
    assigns r->coeff[0 .. ML_DSA_N - 1];
    ensures bounded(&r->coeff[0], 0, ML_DSA_N, ML_DSA_Q);
 */
void ossl_ml_dsa_poly_ntt_mul_generic(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                      const ML_DSA_POLY *b)
{
    size_t i;

    /*@ loop invariant ntt_mul_1: 0 <= i <= ML_DSA_N;
        loop invariant ntt_mul_2: bounded(&r->coeff[0], 0, i, ML_DSA_Q);
        loop invariant ntt_mul_3: \forall integer k; i <= k < ML_DSA_N ==>
          a->coeff[k] == \at(a->coeff[k], Pre) && b->coeff[k] == \at(b->coeff[k], Pre);
        loop assigns i, r->coeff[0 .. ML_DSA_N - 1];
        loop variant ML_DSA_N - i;
     */
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
/*@ predicate dot_in{L}(int64_t *acc, integer lo, integer hi, integer m) =
      \forall integer i; lo <= i < hi ==>
        -m * 9 * ML_DSA_Q * ML_DSA_Q < \at(acc[i], L) < m * 9 * ML_DSA_Q * ML_DSA_Q;
 */
/*@ requires 1 <= n <= ML_DSA_L_MAX;
    requires \valid(r) && \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    requires \separated(r, a + (0 .. n - 1)) && \separated(r, b + (0 .. n - 1));
    requires \forall integer j, i; 0 <= j < n && 0 <= i < ML_DSA_N ==>
      -ML_DSA_Q < a[j].coeff[i] < ML_DSA_Q && -9 * ML_DSA_Q < b[j].coeff[i] < 9 * ML_DSA_Q;
    assigns r->coeff[0 .. ML_DSA_N - 1];
    ensures bounded(&r->coeff[0], 0, ML_DSA_N, ML_DSA_Q);
 */
void ossl_ml_dsa_poly_ntt_dot_generic(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                      const ML_DSA_POLY *b, size_t n)
{
    int64_t acc[ML_DSA_N];
    size_t i, j;

    /*@ loop invariant ntt_dot_1: 0 <= i <= ML_DSA_N;
        loop invariant ntt_dot_2: dot_in(&acc[0], 0, i, 1);
        loop assigns i, acc[0 .. ML_DSA_N - 1];
        loop variant ML_DSA_N - i;
     */
    for (i = 0; i < ML_DSA_N; i++)
        acc[i] = (int64_t)a[0].coeff[i] * b[0].coeff[i];
    /*@ loop invariant ntt_dot_3: 1 <= j <= n;
        loop invariant ntt_dot_4: dot_in(&acc[0], 0, ML_DSA_N, j);
        loop assigns j, i, acc[0 .. ML_DSA_N - 1];
        loop variant n - j;
     */
    for (j = 1; j < n; j++)
        /*@ loop invariant ntt_dot_5: 0 <= i <= ML_DSA_N;
            loop invariant ntt_dot_6: dot_in(&acc[0], 0, i, j + 1);
            loop invariant ntt_dot_7: dot_in(&acc[0], i, ML_DSA_N, j);
            loop assigns i, acc[0 .. ML_DSA_N - 1];
            loop variant ML_DSA_N - i;
         */
        for (i = 0; i < ML_DSA_N; i++)
            acc[i] += (int64_t)a[j].coeff[i] * b[j].coeff[i];
    /*@ loop invariant ntt_dot_8: 0 <= i <= ML_DSA_N;
        loop invariant ntt_dot_9: bounded(&r->coeff[0], 0, i, ML_DSA_Q);
        loop assigns i, r->coeff[0 .. ML_DSA_N - 1];
        loop variant ML_DSA_N - i;
     */
    for (i = 0; i < ML_DSA_N; i++)
        r->coeff[i] = ml_dsa_montgomery_reduce(acc[i]);
    /* the products of A with s1 or y are secret */
    ossl_cleanse(acc, sizeof(acc));
}
