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
 * zq = b * q^-1 computed here (qinv holds q^-1 mod 2^32 in every lane).
 */
NEON_INLINE int32x4_t mont_mul_var(int32x4_t a, int32x4_t b, int32x4_t qinv)
{
    int32x4_t t = vmulq_s32(vmulq_s32(a, b), qinv);

    return vhsubq_s32(vqdmulhq_s32(a, b), vqdmulhq_n_s32(t, ML_DSA_Q));
}

/*
 * Pointwise product in the NTT domain (FIPS 204 Algorithm 45,
 * MultiplyNTT) with the Montgomery factor: r = a * b * 2^-32, |a * b| <
 * 2^31 q per coefficient, output |r| < q.  r may alias a or b: each block
 * of 16 coefficients is loaded whole before it is stored.
 */
void ossl_ml_dsa_poly_ntt_mul_neon(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                   const ML_DSA_POLY *b)
{
    const int32x4_t qinv = vdupq_n_s32(ML_DSA_QINV);
    const int32_t *pa = a->coeff, *pb = b->coeff;
    int32_t *pr = r->coeff, *end = r->coeff + ML_DSA_N;
    int32x4x4_t x, y;

    for (; pr != end; pa += 16, pb += 16, pr += 16) {
        x = vld1q_s32_x4(pa);
        y = vld1q_s32_x4(pb);
        x.val[0] = mont_mul_var(x.val[0], y.val[0], qinv);
        x.val[1] = mont_mul_var(x.val[1], y.val[1], qinv);
        x.val[2] = mont_mul_var(x.val[2], y.val[2], qinv);
        x.val[3] = mont_mul_var(x.val[3], y.val[3], qinv);
        vst1q_s32_x4(pr, x);
    }
}

/*
 * A row of MatrixVectorNTT (FIPS 204 Algorithm 48): r = sum_j a[j] * b[j]
 * * 2^-32 over 1 <= n <= 7 polynomials, as
 * ossl_ml_dsa_poly_ntt_dot_generic: per block of 16 coefficients the
 * products of the n pairs summed exactly in 64 bits (smull / smlal, eight
 * sums in v16-v23), then reduced once: t = (low half of the sum) * q^-1
 * mod 2^32, and the high half of sum - t * q, which is exact.  Written in
 * assembly because the compilers' allocation of the four-register loads
 * (ld1 {4 registers}, post-indexed by the polynomial stride) adds a move
 * or an address computation for most of them.  Uses v0-v7 and v16-v24
 * only (none of the callee-saved d8-d15).
 */
void ossl_ml_dsa_poly_ntt_dot_neon(ML_DSA_POLY *r, const ML_DSA_POLY *a,
                                   const ML_DSA_POLY *b, size_t n)
{
    const int32x4_t qinv = vdupq_n_s32(ML_DSA_QINV);
    const int32x4_t q = vdupq_n_s32(ML_DSA_Q);
    const int32_t *pa = a->coeff, *pb = b->coeff;
    int32_t *pr = r->coeff;
    size_t blocks = ML_DSA_N / 16, j;
    /* back to the next block of a[0] after n post-indexed loads */
    const size_t stride = sizeof(ML_DSA_POLY), back = n * stride - 64;

#define DOT_MUL(op) \
    op "     v16.2d, v0.2s, v4.2s\n\t" \
    op "2    v17.2d, v0.4s, v4.4s\n\t" \
    op "     v18.2d, v1.2s, v5.2s\n\t" \
    op "2    v19.2d, v1.4s, v5.4s\n\t" \
    op "     v20.2d, v2.2s, v6.2s\n\t" \
    op "2    v21.2d, v2.4s, v6.4s\n\t" \
    op "     v22.2d, v3.2s, v7.2s\n\t" \
    op "2    v23.2d, v3.4s, v7.4s\n\t"
#define DOT_REDUCE(lo, hi, out) \
    "uzp1   v24.4s, " lo ".4s, " hi ".4s\n\t" \
    "mul    v24.4s, v24.4s, %[qinv].4s\n\t" \
    "smlsl  " lo ".2d, v24.2s, %[q].2s\n\t" \
    "smlsl2 " hi ".2d, v24.4s, %[q].4s\n\t" \
    "uzp2   " out ".4s, " lo ".4s, " hi ".4s\n\t"
    __asm__ volatile(
        "1:\n\t"
        "ld1    {v0.4s-v3.4s}, [%[pa]], %[stride]\n\t"
        "ld1    {v4.4s-v7.4s}, [%[pb]], %[stride]\n\t"
        DOT_MUL("smull")
        "subs   %[j], %[n], #1\n\t"
        "b.eq   3f\n"
        "2:\n\t"
        "ld1    {v0.4s-v3.4s}, [%[pa]], %[stride]\n\t"
        "ld1    {v4.4s-v7.4s}, [%[pb]], %[stride]\n\t"
        DOT_MUL("smlal")
        "subs   %[j], %[j], #1\n\t"
        "b.ne   2b\n"
        "3:\n\t"
        DOT_REDUCE("v16", "v17", "v0")
        DOT_REDUCE("v18", "v19", "v1")
        DOT_REDUCE("v20", "v21", "v2")
        DOT_REDUCE("v22", "v23", "v3")
        "st1    {v0.4s-v3.4s}, [%[pr]], #64\n\t"
        "sub    %[pa], %[pa], %[back]\n\t"
        "sub    %[pb], %[pb], %[back]\n\t"
        "subs   %[blocks], %[blocks], #1\n\t"
        "b.ne   1b"
        : [pa] "+r"(pa), [pb] "+r"(pb), [pr] "+r"(pr), [blocks] "+r"(blocks),
          [j] "=&r"(j)
        : [n] "r"(n), [stride] "r"(stride), [back] "r"(back),
          [qinv] "w"(qinv), [q] "w"(q)
        : "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v16", "v17",
          "v18", "v19", "v20", "v21", "v22", "v23", "v24", "cc", "memory");
#undef DOT_MUL
#undef DOT_REDUCE
}
