/*
 * AVX-512 versions of the ML-DSA NTT (FIPS 204 section 7.5, Algorithms 41
 * and 42) and of the products in the NTT domain (Algorithms 45 and 48).
 * They are bit-identical to the generic code of ml_dsa_ntt.c for every
 * input within its documented bounds: the same butterflies in the same
 * layers, the same Montgomery reduction (R = 2^32) on exact 64-bit
 * products, the same (lazy) reduction points, natural coefficient order in
 * and out.  Only the order in which independent butterflies run differs.
 *
 * Only AVX-512F instructions are used (target "avx512f": vpmuldq,
 * vpmulld, vpermt2d, vshufi64x2, vpunpck[lh]qdq, masked vpermq, vmovsldup,
 * vmovshdup and blends), so the CPU needs AVX-512F and the OS's ZMM state,
 * nothing more (no BW, DQ or VL).
 *
 * A zmm register holds 16 consecutive coefficients, and the whole
 * polynomial fits in 16 registers: the layers with len >= 16 pair whole
 * registers.  The layers with len <= 8 work on 32 coefficients in two
 * registers x, y, regrouped before each layer so that its butterflies pair
 * lane i of x with lane i of y.  With the coefficient index within the 32
 * written as bits b4 b3 b2 b1 b0 (b4 selects the register in natural
 * order), each regrouping swaps the register bit with one lane bit.  These
 * layers run step by step on all eight pairs at once, so that the
 * dependency chains of the pairs overlap (one pair at a time was about 40%
 * slower).
 */
#include <immintrin.h>
#include <stdint.h>
#include "internal/ct.h"
#include "ml_dsa_x86_64.h"
#include "ml_dsa_zetas_avx512.h"
#include "../ml_dsa_poly.h"

#define ZMM_FN __attribute__((target("avx512f")))
#define ZMM_INLINE \
    static inline __attribute__((target("avx512f"), always_inline))

/* zeta * q^-1 mod 2^32 as int32, for a constant zeta */
#define ZETA_QINV(z) ((int32_t)((uint32_t)(z) * (uint32_t)ML_DSA_QINV))

/*
 * The high halves of x - u of each 64-bit lane, where x - u is a multiple
 * of 2^32: xe, ue for the even coefficients, xo, uo for the odd ones.  The low
 * halves are equal, so no borrow crosses into the high half and the 32-bit
 * difference of the high halves is exactly (x - u) / 2^32.
 */
ZMM_INLINE __m512i high_halves(__m512i xe, __m512i ue, __m512i xo,
                               __m512i uo)
{
    __m512i de = _mm512_sub_epi32(xe, ue);
    __m512i d_o = _mm512_sub_epi32(xo, uo);

    /* even lanes: the high dwords of de; odd lanes: those of d_o */
    return _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(de, 32), d_o);
}

/*
 * Montgomery product of each lane of a with the matching lane of z:
 * exactly ml_dsa_montgomery_reduce((int64_t)a * z), as
 * (a * z - t * q) / 2^32 with t = a * zq mod 2^32 (zq = z * q^-1 mod
 * 2^32).  zo holds z of the odd lanes in the low half of each 64-bit lane
 * (z itself when both lanes of every pair have the same zeta).  The 64-bit
 * products are exact.
 */
ZMM_INLINE __m512i mont_mul(__m512i a, __m512i z, __m512i zq, __m512i zo)
{
    const __m512i q = _mm512_set1_epi32(ML_DSA_Q);
    __m512i t = _mm512_mullo_epi32(a, zq);
    __m512i pe = _mm512_mul_epi32(a, z);
    __m512i po = _mm512_mul_epi32(_mm512_srli_epi64(a, 32), zo);
    __m512i ue = _mm512_mul_epi32(t, q);
    __m512i uo = _mm512_mul_epi32(_mm512_srli_epi64(t, 32), q);

    return high_halves(pe, ue, po, uo);
}

/*
 * Montgomery reduction of exact 64-bit values, the even coefficients in pe
 * and the odd ones in po: ml_dsa_montgomery_reduce of each, for
 * |x| < 2^31 * q.
 */
ZMM_INLINE __m512i mont_reduce(__m512i pe, __m512i po)
{
    const __m512i q = _mm512_set1_epi32(ML_DSA_Q);
    const __m512i qinv = _mm512_set1_epi32(ML_DSA_QINV);
    __m512i ue = _mm512_mul_epi32(_mm512_mullo_epi32(pe, qinv), q);
    __m512i uo = _mm512_mul_epi32(_mm512_mullo_epi32(po, qinv), q);

    return high_halves(pe, ue, po, uo);
}

/*
 * Cooley-Tukey butterfly of the NTT on 16 lanes:
 * t = mont(z * b); b = a - t; a = a + t, with one zeta per pair of lanes.
 */
ZMM_INLINE void ct(__m512i *a, __m512i *b, __m512i z, __m512i zq)
{
    __m512i t = mont_mul(*b, z, zq, z);

    *b = _mm512_sub_epi32(*a, t);
    *a = _mm512_add_epi32(*a, t);
}

/*
 * Gentleman-Sande butterfly of the inverse NTT on 16 lanes:
 * a = a + b; b = mont(-zeta * (a - b)), computed as mont(zeta * (b - a))
 * (the same 64-bit product), with one zeta per pair of lanes.
 */
ZMM_INLINE void gs(__m512i *a, __m512i *b, __m512i z, __m512i zq)
{
    __m512i d = _mm512_sub_epi32(*b, *a);

    *a = _mm512_add_epi32(*a, *b);
    *b = mont_mul(d, z, zq, z);
}

/* A table entry broadcast to 16 lanes. */
ZMM_INLINE __m512i bcast(const int32_t *z)
{
    return _mm512_set1_epi32(*z);
}

/* 16 coefficients from or to memory (any alignment). */
ZMM_INLINE __m512i load(const int32_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}

ZMM_INLINE void store(int32_t *p, __m512i v)
{
    _mm512_storeu_si512((void *)p, v);
}

/*
 * The regroupings of 32 coefficients in x, y.  Each swaps the register bit
 * with lane bit k: x takes the blocks of 2^k lanes [x0 y0 x2 y2 ...] and y
 * the blocks [x1 y1 x3 y3 ...].  Each is its own inverse.
 */
/* k = 3: the 256-bit halves */
ZMM_INLINE void swap_lane_bit3(__m512i *x, __m512i *y)
{
    __m512i a = _mm512_shuffle_i64x2(*x, *y, 0x44);
    __m512i b = _mm512_shuffle_i64x2(*x, *y, 0xEE);

    *x = a;
    *y = b;
}

/* k = 2: the 128-bit quarters (qwords 0 1 of each 256 bits of y into 2 3) */
ZMM_INLINE void swap_lane_bit2(__m512i *x, __m512i *y)
{
    __m512i a = _mm512_mask_permutex_epi64(*x, 0xCC, *y, 0x44);
    __m512i b = _mm512_mask_permutex_epi64(*y, 0x33, *x, 0xEE);

    *x = a;
    *y = b;
}

/* k = 1: the 64-bit lanes */
ZMM_INLINE void swap_lane_bit1(__m512i *x, __m512i *y)
{
    __m512i a = _mm512_unpacklo_epi64(*x, *y);
    __m512i b = _mm512_unpackhi_epi64(*x, *y);

    *x = a;
    *y = b;
}

/* k = 0: the 32-bit lanes (the even dwords of y into x's odd ones, ...) */
ZMM_INLINE void swap_lane_bit0(__m512i *x, __m512i *y)
{
    __m512 xf = _mm512_castsi512_ps(*x), yf = _mm512_castsi512_ps(*y);

    *x = _mm512_castps_si512(_mm512_mask_moveldup_ps(xf, 0xAAAA, yf));
    *y = _mm512_castps_si512(_mm512_mask_movehdup_ps(yf, 0x5555, xf));
}

/*
 * Between natural order and the order after all four regroupings, where x
 * holds the even coefficients c0 c2 .. c30 and y the odd ones c1 .. c31:
 * one two-register permutation each way.
 */
ZMM_INLINE void deinterleave(__m512i *x, __m512i *y)
{
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16,
                                           18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17,
                                          19, 21, 23, 25, 27, 29, 31);
    __m512i a = ML_DSA_CT_VEC(_mm512_permutex2var_epi32, *x, even, *y);
    __m512i b = ML_DSA_CT_VEC(_mm512_permutex2var_epi32, *x, odd, *y);

    *x = a;
    *y = b;
}

ZMM_INLINE void interleave(__m512i *x, __m512i *y)
{
    const __m512i lo = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20,
                                         5, 21, 6, 22, 7, 23);
    const __m512i hi = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12,
                                         28, 13, 29, 14, 30, 15, 31);
    __m512i a = ML_DSA_CT_VEC(_mm512_permutex2var_epi32, *x, lo, *y);
    __m512i b = ML_DSA_CT_VEC(_mm512_permutex2var_epi32, *x, hi, *y);

    *x = a;
    *y = b;
}

/*
 * op(x, y, k) on each of the 8 pairs of registers: for the layers with
 * len <= 8, which run on all pairs step by step, so that the dependency
 * chains of the pairs overlap.
 */
#define EACH_PAIR(op) \
    do { \
        op(v0, v1, 0); op(v2, v3, 1); op(v4, v5, 2); op(v6, v7, 3); \
        op(v8, v9, 4); op(v10, v11, 5); op(v12, v13, 6); op(v14, v15, 7); \
    } while (0)

/* The steps of the layers with len <= 8 on pair k, as EACH_PAIR ops. */
#define SWAP_LANE_BIT3(x, y, k) swap_lane_bit3(&(x), &(y))
#define SWAP_LANE_BIT2(x, y, k) swap_lane_bit2(&(x), &(y))
#define SWAP_LANE_BIT1(x, y, k) swap_lane_bit1(&(x), &(y))
#define SWAP_LANE_BIT0(x, y, k) swap_lane_bit0(&(x), &(y))
#define INTERLEAVE(x, y, k) interleave(&(x), &(y))
#define DEINTERLEAVE(x, y, k) deinterleave(&(x), &(y))
/* NTT layer len = 8 >> l, zetas from ntt_zmm_small_zetas */
#define CT_SMALL(x, y, k, l) \
    ct(&(x), &(y), load(ntt_zmm_small_zetas[k][l][0]), \
       load(ntt_zmm_small_zetas[k][l][1]))
#define CT_LEN8(x, y, k) CT_SMALL(x, y, k, 0)
#define CT_LEN4(x, y, k) CT_SMALL(x, y, k, 1)
#define CT_LEN2(x, y, k) CT_SMALL(x, y, k, 2)
#define CT_LEN1(x, y, k) ct1(&(x), &(y), ntt_zmm_small_zetas[k][3])
/* inverse NTT layer len = 1 << l, zetas from intt_zmm_small_zetas */
#define GS_SMALL(x, y, k, l) \
    gs(&(x), &(y), load(intt_zmm_small_zetas[k][l][0]), \
       load(intt_zmm_small_zetas[k][l][1]))
#define GS_LEN1(x, y, k) gs1(&(x), &(y), intt_zmm_small_zetas[k][0])
#define GS_LEN2(x, y, k) GS_SMALL(x, y, k, 1)
#define GS_LEN4(x, y, k) GS_SMALL(x, y, k, 2)
#define GS_LEN8(x, y, k) GS_SMALL(x, y, k, 3)

/*
 * The butterflies of the layer len = 1, with a different zeta in every
 * lane (z[0], and z[1] its zq), in the order after all four regroupings.
 */
ZMM_INLINE void ct1(__m512i *x, __m512i *y, const int32_t z[2][16])
{
    __m512i zl = load(z[0]);
    __m512i t = mont_mul(*y, zl, load(z[1]), _mm512_srli_epi64(zl, 32));

    *y = _mm512_sub_epi32(*x, t);
    *x = _mm512_add_epi32(*x, t);
}

ZMM_INLINE void gs1(__m512i *x, __m512i *y, const int32_t z[2][16])
{
    __m512i zl = load(z[0]);
    __m512i d = _mm512_sub_epi32(*y, *x);

    *x = _mm512_add_epi32(*x, *y);
    *y = mont_mul(d, zl, load(z[1]), _mm512_srli_epi64(zl, 32));
}

/* The Cooley-Tukey butterfly of one layer with zetas[k], broadcast. */
#define CT_BIG(a, b, k) \
    ct(&(a), &(b), bcast(ntt_zmm_big_zetas[0] + (k)), \
       bcast(ntt_zmm_big_zetas[1] + (k)))
#define GS_BIG(a, b, k) \
    gs(&(a), &(b), bcast(ntt_zmm_big_zetas[0] + (k)), \
       bcast(ntt_zmm_big_zetas[1] + (k)))

/*
 * NTT (FIPS 204 Algorithm 41), as ossl_ml_dsa_poly_ntt_generic: input
 * |a| < q, output |a| < 9q in bit-reversed order.
 */
ZMM_FN void ossl_ml_dsa_poly_ntt_avx512(ML_DSA_POLY *p)
{
    int32_t *a = p->coeff;
    __m512i v0 = load(a), v1 = load(a + 16), v2 = load(a + 32),
        v3 = load(a + 48), v4 = load(a + 64), v5 = load(a + 80),
        v6 = load(a + 96), v7 = load(a + 112), v8 = load(a + 128),
        v9 = load(a + 144), v10 = load(a + 160), v11 = load(a + 176),
        v12 = load(a + 192), v13 = load(a + 208), v14 = load(a + 224),
        v15 = load(a + 240);

    /* len = 128 */
    CT_BIG(v0, v8, 1);
    CT_BIG(v1, v9, 1);
    CT_BIG(v2, v10, 1);
    CT_BIG(v3, v11, 1);
    CT_BIG(v4, v12, 1);
    CT_BIG(v5, v13, 1);
    CT_BIG(v6, v14, 1);
    CT_BIG(v7, v15, 1);
    /* len = 64 */
    CT_BIG(v0, v4, 2);
    CT_BIG(v1, v5, 2);
    CT_BIG(v2, v6, 2);
    CT_BIG(v3, v7, 2);
    CT_BIG(v8, v12, 3);
    CT_BIG(v9, v13, 3);
    CT_BIG(v10, v14, 3);
    CT_BIG(v11, v15, 3);
    /* len = 32 */
    CT_BIG(v0, v2, 4);
    CT_BIG(v1, v3, 4);
    CT_BIG(v4, v6, 5);
    CT_BIG(v5, v7, 5);
    CT_BIG(v8, v10, 6);
    CT_BIG(v9, v11, 6);
    CT_BIG(v12, v14, 7);
    CT_BIG(v13, v15, 7);
    /* len = 16 */
    CT_BIG(v0, v1, 8);
    CT_BIG(v2, v3, 9);
    CT_BIG(v4, v5, 10);
    CT_BIG(v6, v7, 11);
    CT_BIG(v8, v9, 12);
    CT_BIG(v10, v11, 13);
    CT_BIG(v12, v13, 14);
    CT_BIG(v14, v15, 15);
    /* len = 8, 4, 2, 1 on each pair v[2k], v[2k + 1], then natural order */
    EACH_PAIR(SWAP_LANE_BIT3);
    EACH_PAIR(CT_LEN8);
    EACH_PAIR(SWAP_LANE_BIT2);
    EACH_PAIR(CT_LEN4);
    EACH_PAIR(SWAP_LANE_BIT1);
    EACH_PAIR(CT_LEN2);
    EACH_PAIR(SWAP_LANE_BIT0);
    EACH_PAIR(CT_LEN1);
    EACH_PAIR(INTERLEAVE);
    store(a, v0);
    store(a + 16, v1);
    store(a + 32, v2);
    store(a + 48, v3);
    store(a + 64, v4);
    store(a + 80, v5);
    store(a + 96, v6);
    store(a + 112, v7);
    store(a + 128, v8);
    store(a + 144, v9);
    store(a + 160, v10);
    store(a + 176, v11);
    store(a + 192, v12);
    store(a + 208, v13);
    store(a + 224, v14);
    store(a + 240, v15);
}

/* The last layer of the inverse NTT with the scaling by f (see the header). */
ZMM_INLINE void gs_last(__m512i *x, __m512i *y)
{
    const __m512i f = _mm512_set1_epi32(INV_NTT_F);
    const __m512i fq = _mm512_set1_epi32(ZETA_QINV(INV_NTT_F));
    const __m512i fz = _mm512_set1_epi32(INV_NTT_F_ZETA);
    const __m512i fzq = _mm512_set1_epi32(ZETA_QINV(INV_NTT_F_ZETA));
    __m512i s = _mm512_add_epi32(*x, *y);
    __m512i d = _mm512_sub_epi32(*x, *y);

    *x = mont_mul(s, f, fq, f);
    *y = mont_mul(d, fz, fzq, fz);
}

/*
 * Inverse NTT (FIPS 204 Algorithm 42) times R = 2^32, as
 * ossl_ml_dsa_poly_ntt_inverse_generic: input |a| < q in bit-reversed
 * order, output |a| < q.
 */
ZMM_FN void ossl_ml_dsa_poly_ntt_inverse_avx512(ML_DSA_POLY *p)
{
    int32_t *a = p->coeff;
    __m512i v0 = load(a), v1 = load(a + 16), v2 = load(a + 32),
        v3 = load(a + 48), v4 = load(a + 64), v5 = load(a + 80),
        v6 = load(a + 96), v7 = load(a + 112), v8 = load(a + 128),
        v9 = load(a + 144), v10 = load(a + 160), v11 = load(a + 176),
        v12 = load(a + 192), v13 = load(a + 208), v14 = load(a + 224),
        v15 = load(a + 240);

    /* len = 1, 2, 4, 8 on each pair v[2k], v[2k + 1], from natural order */
    EACH_PAIR(DEINTERLEAVE);
    EACH_PAIR(GS_LEN1);
    EACH_PAIR(SWAP_LANE_BIT0);
    EACH_PAIR(GS_LEN2);
    EACH_PAIR(SWAP_LANE_BIT1);
    EACH_PAIR(GS_LEN4);
    EACH_PAIR(SWAP_LANE_BIT2);
    EACH_PAIR(GS_LEN8);
    EACH_PAIR(SWAP_LANE_BIT3);
    /* len = 16: block b uses -zetas[15 - b] */
    GS_BIG(v0, v1, 15);
    GS_BIG(v2, v3, 14);
    GS_BIG(v4, v5, 13);
    GS_BIG(v6, v7, 12);
    GS_BIG(v8, v9, 11);
    GS_BIG(v10, v11, 10);
    GS_BIG(v12, v13, 9);
    GS_BIG(v14, v15, 8);
    /* len = 32 */
    GS_BIG(v0, v2, 7);
    GS_BIG(v1, v3, 7);
    GS_BIG(v4, v6, 6);
    GS_BIG(v5, v7, 6);
    GS_BIG(v8, v10, 5);
    GS_BIG(v9, v11, 5);
    GS_BIG(v12, v14, 4);
    GS_BIG(v13, v15, 4);
    /* len = 64 */
    GS_BIG(v0, v4, 3);
    GS_BIG(v1, v5, 3);
    GS_BIG(v2, v6, 3);
    GS_BIG(v3, v7, 3);
    GS_BIG(v8, v12, 2);
    GS_BIG(v9, v13, 2);
    GS_BIG(v10, v14, 2);
    GS_BIG(v11, v15, 2);
    /* len = 128, with the scaling */
    gs_last(&v0, &v8);
    gs_last(&v1, &v9);
    gs_last(&v2, &v10);
    gs_last(&v3, &v11);
    gs_last(&v4, &v12);
    gs_last(&v5, &v13);
    gs_last(&v6, &v14);
    gs_last(&v7, &v15);
    store(a, v0);
    store(a + 16, v1);
    store(a + 32, v2);
    store(a + 48, v3);
    store(a + 64, v4);
    store(a + 80, v5);
    store(a + 96, v6);
    store(a + 112, v7);
    store(a + 128, v8);
    store(a + 144, v9);
    store(a + 160, v10);
    store(a + 176, v11);
    store(a + 192, v12);
    store(a + 208, v13);
    store(a + 224, v14);
    store(a + 240, v15);
}

/*
 * Pointwise product in the NTT domain (FIPS 204 Algorithm 45), as
 * ossl_ml_dsa_poly_ntt_mul_generic: r = a * b * 2^-32, for
 * |a * b| < 2^31 * q per coefficient; output |r| < q.  r may alias a or b.
 */
ZMM_FN void ossl_ml_dsa_poly_ntt_mul_avx512(ML_DSA_POLY *r,
                                            const ML_DSA_POLY *a,
                                            const ML_DSA_POLY *b)
{
    __m512i x, y;
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 16) {
        x = load(a->coeff + i);
        y = load(b->coeff + i);
        store(r->coeff + i,
              mont_reduce(_mm512_mul_epi32(x, y),
                          _mm512_mul_epi32(_mm512_srli_epi64(x, 32),
                                           _mm512_srli_epi64(y, 32))));
    }
}

/*
 * Dot product of two vectors of n >= 1 polynomials in the NTT domain
 * (FIPS 204 Algorithm 48), as ossl_ml_dsa_poly_ntt_dot_generic: the
 * products summed exactly in 64 bits, then one Montgomery reduction;
 * sum_j |a[j] * b[j]| < 2^31 * q per coefficient; output |r| < q.
 */
ZMM_FN void ossl_ml_dsa_poly_ntt_dot_avx512(ML_DSA_POLY *r,
                                            const ML_DSA_POLY *a,
                                            const ML_DSA_POLY *b, size_t n)
{
    __m512i x, y, se, so;
    size_t i, j;

    for (i = 0; i < ML_DSA_N; i += 16) {
        x = load(a[0].coeff + i);
        y = load(b[0].coeff + i);
        se = _mm512_mul_epi32(x, y);
        so = _mm512_mul_epi32(_mm512_srli_epi64(x, 32),
                              _mm512_srli_epi64(y, 32));
        for (j = 1; j < n; j++) {
            x = load(a[j].coeff + i);
            y = load(b[j].coeff + i);
            se = _mm512_add_epi64(se, _mm512_mul_epi32(x, y));
            so = _mm512_add_epi64(so,
                                  _mm512_mul_epi32(_mm512_srli_epi64(x, 32),
                                                   _mm512_srli_epi64(y, 32)));
        }
        store(r->coeff + i, mont_reduce(se, so));
    }
}
