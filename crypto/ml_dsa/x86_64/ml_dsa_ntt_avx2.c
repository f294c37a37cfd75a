/*
 * AVX2 versions of the ML-DSA NTT (FIPS 204 section 7.5, Algorithms 41
 * and 42) and of the products in the NTT domain (Algorithms 45 and 48),
 * entries of the x86_64-avx2 poly ops.  They are bit-identical to the
 * generic code there for every input within its documented bounds: the
 * same butterflies in the same layers, the same Montgomery reduction
 * (R = 2^32) on exact 64-bit products, the same (lazy) reduction points.
 * Only the order in which independent butterflies run differs.
 *
 * A ymm register holds 8 coefficients.  The layers with len >= 32 pair
 * whole registers of 8 consecutive coefficients (8 registers, 32 apart).
 * The other five work on a quarter of the polynomial at a time, 64
 * coefficients in 8 registers, each holding 4 consecutive coefficients in
 * its low 128-bit half and the 4 that are 128 further on in its high half:
 * len = 16, 8 and 4 pair whole registers, and len = 2 and 1 regroup pairs
 * of registers within each 128-bit half (no shuffle crosses the halves),
 * then put them back.  Every layer then has 4 independent butterflies
 * in flight, and the 128-bit lane-crossing shuffles are gone.
 */
#include <stdint.h>
#include "ml_dsa_x86_64.h"

#include <immintrin.h>
#include "../ml_dsa_poly.h"
#include "ml_dsa_zetas_avx2.h"

#define AVX2_INLINE \
    static inline __attribute__((target("avx2"), always_inline))

/* zeta * q^-1 mod 2^32 as int32, for a constant zeta */
#define ZETA_QINV(z) ((int32_t)((uint32_t)(z) * (uint32_t)ML_DSA_QINV))

/* The odd 32-bit lanes of a copied into the even ones (vmovshdup, a
 * shuffle: it leaves the multiplier ports to the products). */
AVX2_INLINE __m256i odd_lanes(__m256i a)
{
    return _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(a)));
}

/*
 * Montgomery product of each lane of a with the matching lane of z
 * (zq = z * q^-1 mod 2^32): (a * z - t * q) / 2^32 with
 * t = a * zq mod 2^32, exactly ml_dsa_montgomery_reduce((int64_t)a * z).
 * zo and zqo hold z and zq of the odd lanes in the even ones.  Only
 * vpmuldq: t is the low half of a * zq, exact; a * z - t * q is a
 * multiple of 2^32, so its high half is the difference of the two
 * products' high halves, with no borrow: one 32-bit subtraction.
 */
AVX2_INLINE __m256i mont_mul(__m256i a, __m256i z, __m256i zq, __m256i zo,
                             __m256i zqo)
{
    const __m256i q = _mm256_set1_epi32(ML_DSA_Q);
    __m256i ao = odd_lanes(a);
    __m256i te = _mm256_mul_epi32(a, zq);
    __m256i to = _mm256_mul_epi32(ao, zqo);
    __m256i pe = _mm256_mul_epi32(a, z);
    __m256i po = _mm256_mul_epi32(ao, zo);

    te = _mm256_mul_epi32(te, q);
    to = _mm256_mul_epi32(to, q);
    pe = _mm256_sub_epi32(pe, te);
    po = _mm256_sub_epi32(po, to);
    return _mm256_blend_epi32(odd_lanes(pe), po, 0xAA);
}

/*
 * Montgomery reduction of exact 64-bit values, the even lanes in pe and
 * the odd ones in po: ml_dsa_montgomery_reduce of each, for |x| < 2^31 * q
 * (as in mont_mul, the high halves' difference, with no borrow).
 */
AVX2_INLINE __m256i mont_reduce(__m256i pe, __m256i po)
{
    const __m256i q = _mm256_set1_epi32(ML_DSA_Q);
    const __m256i qinv = _mm256_set1_epi32(ML_DSA_QINV);
    __m256i te = _mm256_mul_epi32(_mm256_mul_epi32(pe, qinv), q);
    __m256i to = _mm256_mul_epi32(_mm256_mul_epi32(po, qinv), q);

    pe = _mm256_sub_epi32(pe, te);
    po = _mm256_sub_epi32(po, to);
    return _mm256_blend_epi32(odd_lanes(pe), po, 0xAA);
}

/*
 * Cooley-Tukey butterfly of the NTT on 8 lanes:
 * t = mont(z * b); b = a - t; a = a + t.  z holds the same zeta in both
 * halves of each 64-bit lane (broadcast, or a row of the len = 4 and 2
 * tables), zq the matching zeta * q^-1 mod 2^32.
 */
AVX2_INLINE void ct(__m256i *a, __m256i *b, __m256i z, __m256i zq)
{
    __m256i t = mont_mul(*b, z, zq, z, zq);

    *b = _mm256_sub_epi32(*a, t);
    *a = _mm256_add_epi32(*a, t);
}

/*
 * Gentleman-Sande butterfly of the inverse NTT on 8 lanes:
 * a = a + b; b = mont(-zeta * (a - b)), computed as mont(zeta * (b - a))
 * (the same 64-bit product).  z and zq as for ct().
 */
AVX2_INLINE void gs(__m256i *a, __m256i *b, __m256i z, __m256i zq)
{
    __m256i d = _mm256_sub_epi32(*b, *a);

    *a = _mm256_add_epi32(*a, *b);
    *b = mont_mul(d, z, zq, z, zq);
}

/* A table entry of zetas (or zetas * q^-1) broadcast to 8 lanes. */
AVX2_INLINE __m256i bcast(const int32_t *z)
{
    return _mm256_set1_epi32(*z);
}

/* 8 coefficients from or to memory (any alignment). */
AVX2_INLINE __m256i load(const int32_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

AVX2_INLINE void store(int32_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)p, v);
}

/* 8 coefficients from a (low half) and a + 128 (high half), and back. */
AVX2_INLINE __m256i load_split(const int32_t *a)
{
    __m128i lo = _mm_loadu_si128((const __m128i *)a);
    __m128i hi = _mm_loadu_si128((const __m128i *)(a + 128));

    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

AVX2_INLINE void store_split(int32_t *a, __m256i v)
{
    _mm_storeu_si128((__m128i *)a, _mm256_castsi256_si128(v));
    _mm_storeu_si128((__m128i *)(a + 128), _mm256_extracti128_si256(v, 1));
}

/*
 * The 8 registers of the layers with len >= 32: v[k] holds a[32k] ..
 * a[32k + 7].
 */
AVX2_INLINE void load_spread(__m256i v[8], const int32_t *a)
{
    v[0] = load(a);
    v[1] = load(a + 32);
    v[2] = load(a + 64);
    v[3] = load(a + 96);
    v[4] = load(a + 128);
    v[5] = load(a + 160);
    v[6] = load(a + 192);
    v[7] = load(a + 224);
}

AVX2_INLINE void store_spread(int32_t *a, const __m256i v[8])
{
    store(a, v[0]);
    store(a + 32, v[1]);
    store(a + 64, v[2]);
    store(a + 96, v[3]);
    store(a + 128, v[4]);
    store(a + 160, v[5]);
    store(a + 192, v[6]);
    store(a + 224, v[7]);
}

/*
 * The 8 registers of a quarter: v[r] holds a[4r] .. a[4r + 3] in its low
 * half and a[128 + 4r] .. a[128 + 4r + 3] in its high half.
 */
AVX2_INLINE void load_quarter(__m256i v[8], const int32_t *a)
{
    v[0] = load_split(a);
    v[1] = load_split(a + 4);
    v[2] = load_split(a + 8);
    v[3] = load_split(a + 12);
    v[4] = load_split(a + 16);
    v[5] = load_split(a + 20);
    v[6] = load_split(a + 24);
    v[7] = load_split(a + 28);
}

AVX2_INLINE void store_quarter(int32_t *a, const __m256i v[8])
{
    store_split(a, v[0]);
    store_split(a + 4, v[1]);
    store_split(a + 8, v[2]);
    store_split(a + 12, v[3]);
    store_split(a + 16, v[4]);
    store_split(a + 20, v[5]);
    store_split(a + 24, v[6]);
    store_split(a + 28, v[7]);
}

/*
 * Regroupings of the 8 coefficients c0..c7 in one 128-bit half of a pair
 * of registers (the other half likewise):
 *   natural:  [c0 c1 c2 c3], [c4 c5 c6 c7]
 *   len 2:    [c0 c1 c4 c5], [c2 c3 c6 c7]
 *   len 1:    [c0 c2 c4 c6], [c1 c3 c5 c7]
 * so that in each the butterflies of that layer pair lane i with lane i.
 * Each of the two steps below is its own inverse.
 */

/* natural <-> len 2: the 64-bit halves of each 128-bit lane are swapped. */
AVX2_INLINE void swap_qwords(__m256i *x, __m256i *y)
{
    __m256i a = _mm256_unpacklo_epi64(*x, *y);
    __m256i b = _mm256_unpackhi_epi64(*x, *y);

    *x = a;
    *y = b;
}

/* len 2 <-> len 1: the 32-bit halves of each 64-bit lane are swapped
 * (vmovsldup, vmovshdup: shuffles, not shifts, which would take the
 * multiplier ports). */
AVX2_INLINE void swap_dwords(__m256i *x, __m256i *y)
{
    __m256i a = _mm256_blend_epi32(*x, _mm256_castps_si256(_mm256_moveldup_ps(
                                       _mm256_castsi256_ps(*y))), 0xAA);
    __m256i b = _mm256_blend_epi32(odd_lanes(*x), *y, 0xAA);

    *x = a;
    *y = b;
}

/* natural -> len 1 in one go: the even and the odd coefficients gathered
 * (vshufps). */
AVX2_INLINE void natural_to_len1(__m256i *x, __m256i *y)
{
    __m256 a = _mm256_castsi256_ps(*x);
    __m256 b = _mm256_castsi256_ps(*y);

    *x = _mm256_castps_si256(_mm256_shuffle_ps(a, b, 0x88));
    *y = _mm256_castps_si256(_mm256_shuffle_ps(a, b, 0xDD));
}

/* len 1 -> natural in one go: even and odd coefficients interleaved. */
AVX2_INLINE void len1_to_natural(__m256i *x, __m256i *y)
{
    __m256i lo = _mm256_unpacklo_epi32(*x, *y);
    __m256i hi = _mm256_unpackhi_epi32(*x, *y);

    *x = lo;
    *y = hi;
}

/* A regrouping step on each pair of registers 2p, 2p + 1 of a quarter. */
#define ON_PAIRS(step, v) \
    (step(&(v)[0], &(v)[1]), step(&(v)[2], &(v)[3]), \
     step(&(v)[4], &(v)[5]), step(&(v)[6], &(v)[7]))

/* ct() and gs() with a row of a zeta table and its zq row. */
AVX2_INLINE void ct_row(__m256i *x, __m256i *y, const int32_t z[2][8])
{
    ct(x, y, load(z[0]), load(z[1]));
}

AVX2_INLINE void gs_row(__m256i *x, __m256i *y, const int32_t z[2][8])
{
    gs(x, y, load(z[0]), load(z[1]));
}

/* The len = 1 butterflies: a different zeta in every lane, z for the even
 * lanes and zo (each odd lane's zeta in the even lane below it) for the
 * odd ones. */
AVX2_INLINE void ct_len1(__m256i *x, __m256i *y, const int32_t z[2][8],
                         const int32_t zo[2][8])
{
    __m256i t = mont_mul(*y, load(z[0]), load(z[1]), load(zo[0]),
                         load(zo[1]));

    *y = _mm256_sub_epi32(*x, t);
    *x = _mm256_add_epi32(*x, t);
}

AVX2_INLINE void gs_len1(__m256i *x, __m256i *y, const int32_t z[2][8],
                         const int32_t zo[2][8])
{
    __m256i d = _mm256_sub_epi32(*y, *x);

    *x = _mm256_add_epi32(*x, *y);
    *y = mont_mul(d, load(z[0]), load(z[1]), load(zo[0]), load(zo[1]));
}

/*
 * NTT (FIPS 204 Algorithm 41), as ossl_ml_dsa_poly_ntt_generic: input
 * |a| < q, output |a| < 9q in bit-reversed order.
 */
ML_DSA_AVX2_FN void ossl_ml_dsa_poly_ntt_avx2(ML_DSA_POLY *p)
{
    const int32_t *zb = ntt_big_zetas[0], *zbq = ntt_big_zetas[1];
    __m256i v[8], z, zq;
    int32_t *a;
    size_t i;

    /* len = 128, 64, 32 on registers i, i + 4, ..., i + 28 */
    for (i = 0; i < 4; i++) {
        a = p->coeff + 8 * i;
        load_spread(v, a);
        z = bcast(zb + 1);
        zq = bcast(zbq + 1);
        ct(&v[0], &v[4], z, zq);
        ct(&v[1], &v[5], z, zq);
        ct(&v[2], &v[6], z, zq);
        ct(&v[3], &v[7], z, zq);
        z = bcast(zb + 2);
        zq = bcast(zbq + 2);
        ct(&v[0], &v[2], z, zq);
        ct(&v[1], &v[3], z, zq);
        z = bcast(zb + 3);
        zq = bcast(zbq + 3);
        ct(&v[4], &v[6], z, zq);
        ct(&v[5], &v[7], z, zq);
        ct(&v[0], &v[1], bcast(zb + 4), bcast(zbq + 4));
        ct(&v[2], &v[3], bcast(zb + 5), bcast(zbq + 5));
        ct(&v[4], &v[5], bcast(zb + 6), bcast(zbq + 6));
        ct(&v[6], &v[7], bcast(zb + 7), bcast(zbq + 7));
        store_spread(a, v);
    }
    /* len = 16, 8, 4, 2, 1 on each quarter: 32i .. 32i + 31 in the low
     * halves, 128 + 32i .. 128 + 32i + 31 in the high ones */
    for (i = 0; i < 4; i++) {
        const int32_t (*zs)[2][8] = ntt_small_zetas[i];

        a = p->coeff + 32 * i;
        load_quarter(v, a);
        ct_row(&v[0], &v[4], zs[0]);
        ct_row(&v[1], &v[5], zs[0]);
        ct_row(&v[2], &v[6], zs[0]);
        ct_row(&v[3], &v[7], zs[0]);
        ct_row(&v[0], &v[2], zs[1]);
        ct_row(&v[1], &v[3], zs[1]);
        ct_row(&v[4], &v[6], zs[2]);
        ct_row(&v[5], &v[7], zs[2]);
        ct_row(&v[0], &v[1], zs[3]);
        ct_row(&v[2], &v[3], zs[4]);
        ct_row(&v[4], &v[5], zs[5]);
        ct_row(&v[6], &v[7], zs[6]);
        ON_PAIRS(swap_qwords, v);
        ct_row(&v[0], &v[1], zs[7]);
        ct_row(&v[2], &v[3], zs[8]);
        ct_row(&v[4], &v[5], zs[9]);
        ct_row(&v[6], &v[7], zs[10]);
        ON_PAIRS(swap_dwords, v);
        ct_len1(&v[0], &v[1], zs[11], zs[15]);
        ct_len1(&v[2], &v[3], zs[12], zs[16]);
        ct_len1(&v[4], &v[5], zs[13], zs[17]);
        ct_len1(&v[6], &v[7], zs[14], zs[18]);
        ON_PAIRS(len1_to_natural, v);
        store_quarter(a, v);
    }
}

/* The last layer of the inverse NTT with the scaling by f (see above). */
AVX2_INLINE void gs_last(__m256i *x, __m256i *y)
{
    const __m256i f = _mm256_set1_epi32(INV_NTT_F);
    const __m256i fq = _mm256_set1_epi32(ZETA_QINV(INV_NTT_F));
    const __m256i fz = _mm256_set1_epi32(INV_NTT_F_ZETA);
    const __m256i fzq = _mm256_set1_epi32(ZETA_QINV(INV_NTT_F_ZETA));
    __m256i s = _mm256_add_epi32(*x, *y);
    __m256i d = _mm256_sub_epi32(*x, *y);

    *x = mont_mul(s, f, fq, f, fq);
    *y = mont_mul(d, fz, fzq, fz, fzq);
}

/*
 * Inverse NTT (FIPS 204 Algorithm 42) times R = 2^32, as
 * ossl_ml_dsa_poly_ntt_inverse_generic: input |a| < q in bit-reversed
 * order, output |a| < q.
 */
ML_DSA_AVX2_FN void ossl_ml_dsa_poly_ntt_inverse_avx2(ML_DSA_POLY *p)
{
    const int32_t *zb = ntt_big_zetas[0], *zbq = ntt_big_zetas[1];
    __m256i v[8], z, zq;
    int32_t *a;
    size_t i;

    /* len = 1, 2, 4, 8, 16 on each quarter, as in the NTT */
    for (i = 0; i < 4; i++) {
        const int32_t (*zs)[2][8] = intt_small_zetas[i];

        a = p->coeff + 32 * i;
        load_quarter(v, a);
        ON_PAIRS(natural_to_len1, v);
        gs_len1(&v[0], &v[1], zs[0], zs[4]);
        gs_len1(&v[2], &v[3], zs[1], zs[5]);
        gs_len1(&v[4], &v[5], zs[2], zs[6]);
        gs_len1(&v[6], &v[7], zs[3], zs[7]);
        ON_PAIRS(swap_dwords, v);
        gs_row(&v[0], &v[1], zs[8]);
        gs_row(&v[2], &v[3], zs[9]);
        gs_row(&v[4], &v[5], zs[10]);
        gs_row(&v[6], &v[7], zs[11]);
        ON_PAIRS(swap_qwords, v);
        gs_row(&v[0], &v[1], zs[12]);
        gs_row(&v[2], &v[3], zs[13]);
        gs_row(&v[4], &v[5], zs[14]);
        gs_row(&v[6], &v[7], zs[15]);
        gs_row(&v[0], &v[2], zs[16]);
        gs_row(&v[1], &v[3], zs[16]);
        gs_row(&v[4], &v[6], zs[17]);
        gs_row(&v[5], &v[7], zs[17]);
        gs_row(&v[0], &v[4], zs[18]);
        gs_row(&v[1], &v[5], zs[18]);
        gs_row(&v[2], &v[6], zs[18]);
        gs_row(&v[3], &v[7], zs[18]);
        store_quarter(a, v);
    }
    /* len = 32, 64, and 128 with the scaling, on registers i, ..., i + 28 */
    for (i = 0; i < 4; i++) {
        a = p->coeff + 8 * i;
        load_spread(v, a);
        gs(&v[0], &v[1], bcast(zb + 7), bcast(zbq + 7));
        gs(&v[2], &v[3], bcast(zb + 6), bcast(zbq + 6));
        gs(&v[4], &v[5], bcast(zb + 5), bcast(zbq + 5));
        gs(&v[6], &v[7], bcast(zb + 4), bcast(zbq + 4));
        z = bcast(zb + 3);
        zq = bcast(zbq + 3);
        gs(&v[0], &v[2], z, zq);
        gs(&v[1], &v[3], z, zq);
        z = bcast(zb + 2);
        zq = bcast(zbq + 2);
        gs(&v[4], &v[6], z, zq);
        gs(&v[5], &v[7], z, zq);
        gs_last(&v[0], &v[4]);
        gs_last(&v[1], &v[5]);
        gs_last(&v[2], &v[6]);
        gs_last(&v[3], &v[7]);
        store_spread(a, v);
    }
}

/*
 * Pointwise product in the NTT domain (FIPS 204 Algorithm 45), as
 * ossl_ml_dsa_poly_ntt_mul_generic: r = a * b * 2^-32, for
 * |a * b| < 2^31 * q per coefficient.  r may alias a or b.
 */
ML_DSA_AVX2_FN void ossl_ml_dsa_poly_ntt_mul_avx2(ML_DSA_POLY *r,
                                           const ML_DSA_POLY *a,
                                           const ML_DSA_POLY *b)
{
    __m256i x, y;
    size_t i;

    for (i = 0; i < ML_DSA_N; i += 8) {
        x = load(a->coeff + i);
        y = load(b->coeff + i);
        store(r->coeff + i,
              mont_reduce(_mm256_mul_epi32(x, y),
                          _mm256_mul_epi32(odd_lanes(x),
                                           odd_lanes(y))));
    }
}

/*
 * Dot product of two vectors of n >= 1 polynomials in the NTT domain
 * (FIPS 204 Algorithm 48), as ossl_ml_dsa_poly_ntt_dot_generic: the
 * products summed exactly in 64 bits, then one Montgomery reduction;
 * sum_j |a[j] * b[j]| < 2^31 * q per coefficient.
 */
ML_DSA_AVX2_FN void ossl_ml_dsa_poly_ntt_dot_avx2(ML_DSA_POLY *r,
                                           const ML_DSA_POLY *a,
                                           const ML_DSA_POLY *b, size_t n)
{
    __m256i x, y, se, so;
    size_t i, j;

    for (i = 0; i < ML_DSA_N; i += 8) {
        x = load(a[0].coeff + i);
        y = load(b[0].coeff + i);
        se = _mm256_mul_epi32(x, y);
        so = _mm256_mul_epi32(odd_lanes(x),
                              odd_lanes(y));
        for (j = 1; j < n; j++) {
            x = load(a[j].coeff + i);
            y = load(b[j].coeff + i);
            se = _mm256_add_epi64(se, _mm256_mul_epi32(x, y));
            so = _mm256_add_epi64(so,
                                  _mm256_mul_epi32(odd_lanes(x),
                                                   odd_lanes(y)));
        }
        store(r->coeff + i, mont_reduce(se, so));
    }
}

