/*
 * NEON versions of the ML-DSA NTT (FIPS 204 section 7.5, Algorithms 41
 * and 42) and of the products in the NTT domain (Algorithms 45 and 48),
 * entries of the aarch64 poly ops.  They are bit-identical to the generic
 * code (ml_dsa_ntt.c) for every input within its documented bounds: the
 * same butterflies in the same layers, the same Montgomery reduction
 * (R = 2^32) computed exactly, the same (lazy) reduction points.  Only the
 * order in which independent butterflies run differs.
 *
 * A register holds 4 consecutive coefficients.  The layers with len >= 16
 * run on 16 registers at a time (coefficients j + 16m, m = 0..15, for 4
 * consecutive j), every butterfly pairing whole registers, the zeta a lane
 * of a table row (by-element multiplies).  The layers with len <= 8 run
 * per block of 16 coefficients in 4 registers: len 8 and 4 in natural
 * order, len 2 and 1 with the block transposed (register k lane i holds
 * coefficient 4i + k, which is how st4 stores and ld4 loads it), so that
 * every butterfly again pairs lane i with lane i, with a zeta per lane.
 */
#include <arm_neon.h>
#include <stdint.h>
#include "ml_dsa_aarch64.h"
#include "../ml_dsa_poly.h"
#include "ml_dsa_zetas_neon.h"

#define NEON_INLINE static inline __attribute__((always_inline))

/* z * q^-1 mod 2^32 as int32, for a constant z */
#define ZETA_QINV(z) ((int32_t)((uint32_t)(z) * (uint32_t)ML_DSA_QINV))

/*
 * Montgomery product of the lanes of a and z (zq = z * q^-1 mod 2^32), as
 * ml_dsa_montgomery_reduce((int64_t)a * z): t = a * zq mod 2^32 and
 * (a * z - t * q) / 2^32.  sqdmulh gives floor(2 x y / 2^32); since
 * a * z and t * q agree in their low 32 bits, the two doubled high halves
 * differ by exactly 2 (a z - t q) / 2^32, which the halving subtract
 * (computed without overflow) halves.  No saturation: sqdmulh saturates
 * only for INT32_MIN times INT32_MIN, and q and the zetas are small.
 */
NEON_INLINE int32x4_t mont_mul(int32x4_t a, int32x4_t z, int32x4_t zq)
{
    int32x4_t t = vmulq_s32(a, zq);

    return vhsubq_s32(vqdmulhq_s32(a, z), vqdmulhq_n_s32(t, ML_DSA_Q));
}

/* mont_mul by lane i (a constant) of z and zq. */
#define MONT_LANE(a, z, zq, i) \
    vhsubq_s32(vqdmulhq_laneq_s32((a), (z), (i)), \
               vqdmulhq_n_s32(vmulq_laneq_s32((a), (zq), (i)), ML_DSA_Q))

/* Cooley-Tukey butterfly: t = mont(z b); (a, b) <- (a + t, a - t). */
NEON_INLINE void ct(int32x4_t *a, int32x4_t *b, int32x4_t z, int32x4_t zq)
{
    int32x4_t t = mont_mul(*b, z, zq);

    *b = vsubq_s32(*a, t);
    *a = vaddq_s32(*a, t);
}

#define CT_LANE(a, b, z, zq, i) \
    do { \
        int32x4_t t_ = MONT_LANE(b, z, zq, i); \
        (b) = vsubq_s32((a), t_); \
        (a) = vaddq_s32((a), t_); \
    } while (0)

/*
 * Gentleman-Sande butterfly of the inverse: (a, b) <- (a + b,
 * mont(-zeta (a - b))), computed as mont(zeta (b - a)) (the same 64-bit
 * product), z holding +zeta.
 */
NEON_INLINE void gs(int32x4_t *a, int32x4_t *b, int32x4_t z, int32x4_t zq)
{
    int32x4_t d = vsubq_s32(*b, *a);

    *a = vaddq_s32(*a, *b);
    *b = mont_mul(d, z, zq);
}

#define GS_LANE(a, b, z, zq, i) \
    do { \
        int32x4_t d_ = vsubq_s32((b), (a)); \
        (a) = vaddq_s32((a), (b)); \
        (b) = MONT_LANE(d_, z, zq, i); \
    } while (0)

/*
 * The 4 x 4 transpose of a block of 16 coefficients: natural order
 * (register m lane i = coefficient 4m + i) to the transposed one
 * (register k lane i = coefficient 4i + k), and back (it is its own
 * inverse).
 */
NEON_INLINE void transpose(int32x4x4_t *v)
{
    int32x4_t t0 = vtrn1q_s32(v->val[0], v->val[1]);
    int32x4_t t1 = vtrn2q_s32(v->val[0], v->val[1]);
    int32x4_t t2 = vtrn1q_s32(v->val[2], v->val[3]);
    int32x4_t t3 = vtrn2q_s32(v->val[2], v->val[3]);

    v->val[0] = vreinterpretq_s32_s64(vtrn1q_s64(vreinterpretq_s64_s32(t0),
                                                 vreinterpretq_s64_s32(t2)));
    v->val[1] = vreinterpretq_s32_s64(vtrn1q_s64(vreinterpretq_s64_s32(t1),
                                                 vreinterpretq_s64_s32(t3)));
    v->val[2] = vreinterpretq_s32_s64(vtrn2q_s64(vreinterpretq_s64_s32(t0),
                                                 vreinterpretq_s64_s32(t2)));
    v->val[3] = vreinterpretq_s32_s64(vtrn2q_s64(vreinterpretq_s64_s32(t1),
                                                 vreinterpretq_s64_s32(t3)));
}

/* Butterflies with zetas[n] of the big-layer table in z and zq:
 * register n / 4, lane n % 4. */
#define CT_BIG(a, b, n) CT_LANE(a, b, z[(n) / 4], zq[(n) / 4], (n) % 4)
#define GS_BIG(a, b, n) GS_LANE(a, b, z[(n) / 4], zq[(n) / 4], (n) % 4)

/*
 * The layers len = 128, 64, 32, 16 of the NTT on r[m] = coefficients
 * j + 16m (m = 0..15) for four consecutive j: layer len = 16 * 2^s pairs
 * r[m] with r[m + 2^s], block b of the layer (m / 2^(s+1)) using
 * zetas[128 / len + b].
 */
NEON_INLINE void ntt_top(int32x4_t r[16], const int32x4_t z[4],
                         const int32x4_t zq[4])
{
    CT_BIG(r[0], r[8], 1);
    CT_BIG(r[1], r[9], 1);
    CT_BIG(r[2], r[10], 1);
    CT_BIG(r[3], r[11], 1);
    CT_BIG(r[4], r[12], 1);
    CT_BIG(r[5], r[13], 1);
    CT_BIG(r[6], r[14], 1);
    CT_BIG(r[7], r[15], 1);

    CT_BIG(r[0], r[4], 2);
    CT_BIG(r[1], r[5], 2);
    CT_BIG(r[2], r[6], 2);
    CT_BIG(r[3], r[7], 2);
    CT_BIG(r[8], r[12], 3);
    CT_BIG(r[9], r[13], 3);
    CT_BIG(r[10], r[14], 3);
    CT_BIG(r[11], r[15], 3);

    CT_BIG(r[0], r[2], 4);
    CT_BIG(r[1], r[3], 4);
    CT_BIG(r[4], r[6], 5);
    CT_BIG(r[5], r[7], 5);
    CT_BIG(r[8], r[10], 6);
    CT_BIG(r[9], r[11], 6);
    CT_BIG(r[12], r[14], 7);
    CT_BIG(r[13], r[15], 7);

    CT_BIG(r[0], r[1], 8);
    CT_BIG(r[2], r[3], 9);
    CT_BIG(r[4], r[5], 10);
    CT_BIG(r[6], r[7], 11);
    CT_BIG(r[8], r[9], 12);
    CT_BIG(r[10], r[11], 13);
    CT_BIG(r[12], r[13], 14);
    CT_BIG(r[14], r[15], 15);
}

/*
 * The layers len = 16, 32, 64 of the inverse NTT on r[m] as in ntt_top
 * (layer len = 16 * 2^s, block b uses -zetas[256 / len - 1 - b]), and the
 * last one, len = 128, with the scaling by f merged in: r[m] = mont(f
 * (r[m] + r[m + 8])), r[m + 8] = mont(f * (-zetas[1]) / R (r[m] - r[m + 8])),
 * as the generic inverse does; f and f * (-zetas[1]) / R are in lanes 0
 * and 1 of z[0] (top_layers puts them there: the inverse uses no other
 * zeta of those lanes), which keeps every register for the data.
 */
NEON_INLINE void intt_top(int32x4_t r[16], const int32x4_t z[4],
                          const int32x4_t zq[4])
{
    GS_BIG(r[0], r[1], 15);
    GS_BIG(r[2], r[3], 14);
    GS_BIG(r[4], r[5], 13);
    GS_BIG(r[6], r[7], 12);
    GS_BIG(r[8], r[9], 11);
    GS_BIG(r[10], r[11], 10);
    GS_BIG(r[12], r[13], 9);
    GS_BIG(r[14], r[15], 8);

    GS_BIG(r[0], r[2], 7);
    GS_BIG(r[1], r[3], 7);
    GS_BIG(r[4], r[6], 6);
    GS_BIG(r[5], r[7], 6);
    GS_BIG(r[8], r[10], 5);
    GS_BIG(r[9], r[11], 5);
    GS_BIG(r[12], r[14], 4);
    GS_BIG(r[13], r[15], 4);

    GS_BIG(r[0], r[4], 3);
    GS_BIG(r[1], r[5], 3);
    GS_BIG(r[2], r[6], 3);
    GS_BIG(r[3], r[7], 3);
    GS_BIG(r[8], r[12], 2);
    GS_BIG(r[9], r[13], 2);
    GS_BIG(r[10], r[14], 2);
    GS_BIG(r[11], r[15], 2);

#define LAST(m) \
    do { \
        int32x4_t s_ = vaddq_s32(r[m], r[(m) + 8]); \
        int32x4_t d_ = vsubq_s32(r[m], r[(m) + 8]); \
        \
        r[m] = MONT_LANE(s_, z[0], zq[0], 0); \
        r[(m) + 8] = MONT_LANE(d_, z[0], zq[0], 1); \
    } while (0)
    LAST(0);
    LAST(1);
    LAST(2);
    LAST(3);
    LAST(4);
    LAST(5);
    LAST(6);
    LAST(7);
#undef LAST
}

/*
 * The layers with len >= 16 of the NTT (ntt_top) or of its inverse
 * (intt_top) on all of a: four passes over r[m] = a[j + 16m], j = 0, 4, 8,
 * 12, with zetas[0..15] in registers.
 */
NEON_INLINE void top_layers(int32_t *a, int inverse)
{
    int32x4_t r[16], z[4], zq[4];
    size_t j, m;

    for (m = 0; m < 4; m++) {
        z[m] = vld1q_s32(&ntt_neon_big_zetas[0][4 * m]);
        zq[m] = vld1q_s32(&ntt_neon_big_zetas[1][4 * m]);
    }
    if (inverse) {
        /* intt_top's scaling constants in lanes 0 and 1 of z[0] */
        z[0] = vsetq_lane_s32(INV_NTT_F, z[0], 0);
        z[0] = vsetq_lane_s32(INV_NTT_F_ZETA, z[0], 1);
        zq[0] = vsetq_lane_s32(ZETA_QINV(INV_NTT_F), zq[0], 0);
        zq[0] = vsetq_lane_s32(ZETA_QINV(INV_NTT_F_ZETA), zq[0], 1);
    }
    for (m = 0; m < 4; m++) {
        /* Opaque to the optimiser: seeing constants, GCC would replace
         * each by-element multiply by a whole-vector one on a broadcast
         * constant loaded from memory (two more instructions per
         * butterfly). */
        __asm__("" : "+w"(z[m]), "+w"(zq[m]));
    }
    for (j = 0; j < 16; j += 4) {
#define EACH16(X) X(0); X(1); X(2); X(3); X(4); X(5); X(6); X(7); X(8); \
    X(9); X(10); X(11); X(12); X(13); X(14); X(15)
#define LOAD(m) r[m] = vld1q_s32(a + j + 16 * (m))
#define STORE(m) vst1q_s32(a + j + 16 * (m), r[m])
        EACH16(LOAD);
        if (inverse)
            intt_top(r, z, zq);
        else
            ntt_top(r, z, zq);
        EACH16(STORE);
#undef STORE
#undef LOAD
#undef EACH16
    }
}

/*
 * NTT (FIPS 204 Algorithm 41) in place, output in bit-reversed order:
 * input |a| < q, output |a| < 9q, as ossl_ml_dsa_poly_ntt_generic.
 */
void ossl_ml_dsa_poly_ntt_neon(ML_DSA_POLY *p)
{
    int32_t *a = p->coeff;
    int32x4x4_t v, lo, hi;
    size_t b;

    top_layers(a, 0);
    for (b = 0; b < ML_DSA_N / 16; b++) {
        v = vld1q_s32_x4(a + 16 * b);
        lo = vld1q_s32_x4(ntt_neon_small_zetas[b][0]);
        hi = vld1q_s32_x4(ntt_neon_small_zetas[b][4]);
        /* len 8 (lane 0 of row 0) and len 4 (lanes 1, 2), natural order */
        CT_LANE(v.val[0], v.val[2], lo.val[0], lo.val[1], 0);
        CT_LANE(v.val[1], v.val[3], lo.val[0], lo.val[1], 0);
        CT_LANE(v.val[0], v.val[1], lo.val[0], lo.val[1], 1);
        CT_LANE(v.val[2], v.val[3], lo.val[0], lo.val[1], 2);
        /* len 2 and len 1, transposed; st4 puts the block back in order */
        transpose(&v);
        ct(&v.val[0], &v.val[2], lo.val[2], lo.val[3]);
        ct(&v.val[1], &v.val[3], lo.val[2], lo.val[3]);
        ct(&v.val[0], &v.val[1], hi.val[0], hi.val[1]);
        ct(&v.val[2], &v.val[3], hi.val[2], hi.val[3]);
        vst4q_s32(a + 16 * b, v);
    }
}

/*
 * Inverse NTT (FIPS 204 Algorithm 42) in place, input in bit-reversed
 * order, times R = 2^32: input |a| < q, output |a| < q, as
 * ossl_ml_dsa_poly_ntt_inverse_generic (no reduction between the layers).
 */
void ossl_ml_dsa_poly_ntt_inverse_neon(ML_DSA_POLY *p)
{
    int32_t *a = p->coeff;
    int32x4x4_t v, lo, hi;
    size_t b;

    for (b = 0; b < ML_DSA_N / 16; b++) {
        /* len 1 and len 2 on the block as ld4 transposes it */
        v = vld4q_s32(a + 16 * b);
        lo = vld1q_s32_x4(intt_neon_small_zetas[b][0]);
        hi = vld1q_s32_x4(intt_neon_small_zetas[b][4]);
        gs(&v.val[0], &v.val[1], lo.val[0], lo.val[1]);
        gs(&v.val[2], &v.val[3], lo.val[2], lo.val[3]);
        gs(&v.val[0], &v.val[2], hi.val[0], hi.val[1]);
        gs(&v.val[1], &v.val[3], hi.val[0], hi.val[1]);
        /* len 4 (lanes 0, 1 of row 6) and len 8 (lane 2), natural order */
        transpose(&v);
        GS_LANE(v.val[0], v.val[1], hi.val[2], hi.val[3], 0);
        GS_LANE(v.val[2], v.val[3], hi.val[2], hi.val[3], 1);
        GS_LANE(v.val[0], v.val[2], hi.val[2], hi.val[3], 2);
        GS_LANE(v.val[1], v.val[3], hi.val[2], hi.val[3], 2);
        vst1q_s32_x4(a + 16 * b, v);
    }
    top_layers(a, 1);
}

/*
 * Montgomery product of two vectors of coefficients:
 * ml_dsa_montgomery_reduce((int64_t)a * b) per lane, as mont_mul with
 * zq = b * q^-1 computed here.
 */
NEON_INLINE int32x4_t mont_mul_var(int32x4_t a, int32x4_t b)
{
    int32x4_t t = vmulq_s32(vmulq_s32(a, b), vdupq_n_s32(ML_DSA_QINV));

    return vhsubq_s32(vqdmulhq_s32(a, b), vqdmulhq_n_s32(t, ML_DSA_Q));
}

/*
 * Pointwise product in the NTT domain (FIPS 204 Algorithm 45,
 * MultiplyNTT) with the Montgomery factor: r = a * b * 2^-32, |a * b| <
 * 2^31 q per coefficient, output |r| < q.  r may alias a or b.
 */
void ossl_ml_dsa_poly_ntt_mul_neon(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                   const ML_DSA_POLY *b)
{
    size_t i;

    /* lane by lane, so r may be a or b */
    for (i = 0; i < ML_DSA_N; i += 4)
        vst1q_s32(r->coeff + i, mont_mul_var(vld1q_s32(a->coeff + i),
                                             vld1q_s32(b->coeff + i)));
}

/*
 * A row of MatrixVectorNTT (FIPS 204 Algorithm 48) on 16 coefficients
 * from i: the products of the n polynomial pairs summed exactly in 64
 * bits (smull / smlal, eight sums in registers) and reduced once, as
 * ossl_ml_dsa_poly_ntt_dot_generic: t = (low half of the sum) * q^-1 mod
 * 2^32, then the high half of sum - t * q, which is exact.
 */
NEON_INLINE void dot16(int32_t *r, const ML_DSA_POLY *a, const ML_DSA_POLY *b,
                       size_t n, size_t i)
{
    const int32x4_t qinv = vdupq_n_s32(ML_DSA_QINV);
    const int32x4_t q = vdupq_n_s32(ML_DSA_Q);
    int32x4x4_t x = vld1q_s32_x4(a[0].coeff + i);
    int32x4x4_t y = vld1q_s32_x4(b[0].coeff + i);
    int64x2_t l0, l1, l2, l3, h0, h1, h2, h3;
    int32x4x4_t out;
    int32x4_t t;
    size_t j;

#define DOT_FIRST(k) \
    do { \
        l##k = vmull_s32(vget_low_s32(x.val[k]), vget_low_s32(y.val[k])); \
        h##k = vmull_high_s32(x.val[k], y.val[k]); \
    } while (0)
#define DOT_NEXT(k) \
    do { \
        l##k = vmlal_s32(l##k, vget_low_s32(x.val[k]), vget_low_s32(y.val[k])); \
        h##k = vmlal_high_s32(h##k, x.val[k], y.val[k]); \
    } while (0)
#define DOT_REDUCE(k) \
    do { \
        t = vmulq_s32(vuzp1q_s32(vreinterpretq_s32_s64(l##k), \
                                 vreinterpretq_s32_s64(h##k)), qinv); \
        l##k = vmlsl_s32(l##k, vget_low_s32(t), vget_low_s32(q)); \
        h##k = vmlsl_high_s32(h##k, t, q); \
        out.val[k] = vuzp2q_s32(vreinterpretq_s32_s64(l##k), \
                                vreinterpretq_s32_s64(h##k)); \
    } while (0)
    DOT_FIRST(0);
    DOT_FIRST(1);
    DOT_FIRST(2);
    DOT_FIRST(3);
#pragma GCC unroll 6
    for (j = 1; j < n; j++) {
        x = vld1q_s32_x4(a[j].coeff + i);
        y = vld1q_s32_x4(b[j].coeff + i);
        DOT_NEXT(0);
        DOT_NEXT(1);
        DOT_NEXT(2);
        DOT_NEXT(3);
    }
    DOT_REDUCE(0);
    DOT_REDUCE(1);
    DOT_REDUCE(2);
    DOT_REDUCE(3);
#undef DOT_FIRST
#undef DOT_NEXT
#undef DOT_REDUCE
    vst1q_s32_x4(r + i, out);
}

/* The row below over n polynomials, n a constant where inlined (the sums
 * unrolled over the polynomials). */
NEON_INLINE void dot_row(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                         const ML_DSA_POLY *b, size_t n)
{
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16)
        dot16(r->coeff, a, b, n, i);
}

/*
 * A row of MatrixVectorNTT (FIPS 204 Algorithm 48): r = sum_j a[j] * b[j]
 * * 2^-32 over n <= 7 polynomials, as ossl_ml_dsa_poly_ntt_dot_generic
 * (dot16); unrolled for the n = l of the three parameter sets.
 */
void ossl_ml_dsa_poly_ntt_dot_neon(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                   const ML_DSA_POLY *b, size_t n)
{
    switch (n) {
    case 4:
        dot_row(r, a, b, 4);
        break;
    case 5:
        dot_row(r, a, b, 5);
        break;
    case 7:
        dot_row(r, a, b, 7);
        break;
    default:
        dot_row(r, a, b, n);
        break;
    }
}
