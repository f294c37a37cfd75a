/*
 * AVX2 versions of the key packers, entries of the AVX2 poly ops and
 * bit-identical to the _generic functions of ml_dsa_encoders.c:
 * BitPack and BitUnpack of s1/s2 (eta, FIPS 204 Algorithm 24 lines 3 and
 * 6, Algorithm 25 lines 8 and 11), of t0 (Algorithm 24 line 9, Algorithm
 * 25 line 14) and SimpleBitPack / SimpleBitUnpack of t1 (Algorithms 22
 * and 23): fields of 3, 4, 13 and 10 bits, eight coefficients (as many
 * bytes as bits per field) per step.  No branch or memory index depends
 * on a coefficient (s1, s2 and t0 are secret).
 *
 * Pack: eight 32-bit fields become four 64-bit pairs (the odd field
 * shifted next to the even one), then two 128-bit quads (the high pair of
 * each 128-bit lane shifted next to the low one), joined in two scalar
 * registers and stored 8 bytes at a time; each step's stores reach past
 * its bytes into the next step's, which overwrites them, and the steps
 * whose stores would pass the end go through a buffer.
 *
 * Unpack: each 128-bit lane takes the bytes of four fields (the high lane
 * from the byte holding the fifth field's first bit); vpshufb puts the
 * three bytes holding field j into dword j, vpsrlvd drops the bits of its
 * left neighbour, a mask those of its right one, as the z decoder
 * (ml_dsa_encoders_avx2.c) does.  The loads reach past a step's bytes, so
 * the last steps read from a copy.
 */
#include <stdint.h>
#include <string.h>
#include "ml_dsa_x86_64.h"

#include <immintrin.h>
#include "internal/cleanse.h"
#include "internal/ct.h"

#define PACK_INLINE \
    static inline __attribute__((target("avx2"), always_inline))

/*
 * Write the eight fields of v (each below 2^bits, bits < 16) as bits bytes
 * at out, and up to 16 - bits bytes after them (see the top).
 */
PACK_INLINE void pack8(uint8_t *out, __m256i v, int bits)
{
    __m256i x = _mm256_or_si256(_mm256_blend_epi32(v, _mm256_setzero_si256(),
                                                   0xAA),
                                _mm256_srli_epi64(v, 32 - bits));
    uint64_t w0, w1, lo, hi;

    /* each 128-bit lane's low qword: its four fields, 4 * bits bits */
    x = _mm256_or_si256(x, _mm256_sll_epi64(_mm256_srli_si256(x, 8),
                                            _mm_cvtsi32_si128(2 * bits)));
    w0 = (uint64_t)_mm256_extract_epi64(x, 0);
    w1 = (uint64_t)_mm256_extract_epi64(x, 2);
    lo = w0 | w1 << (4 * bits);
    hi = w1 >> (64 - 4 * bits);
    memcpy(out, &lo, 8);
    if (bits > 8)
        memcpy(out + 8, &hi, 8);
}

/*
 * BitPack of 256 coefficients: the field of c[i] is b - c[i] (negate) or
 * c[i], in [0, 2^bits); 32 * bits bytes at out.
 */
PACK_INLINE void pack_bits_avx2(uint8_t *out, const int32_t *c, int bits,
                                int32_t b, int negate)
{
    const __m256i vb = _mm256_set1_epi32(b);
    const size_t reach = bits > 8 ? 16 : 8, len = 32 * (size_t)bits;
    uint8_t last[16];
    size_t i, pos;
    __m256i v;

    for (i = 0, pos = 0; i < ML_DSA_N; i += 8, pos += (size_t)bits) {
        v = _mm256_loadu_si256((const __m256i *)(c + i));
        if (negate)
            v = _mm256_sub_epi32(vb, v);
        if (pos + reach <= len) {
            pack8(out + pos, v, bits);
        } else {
            pack8(last, v, bits);
            memcpy(out + pos, last, (size_t)bits);
        }
    }
    ossl_cleanse(last, sizeof(last));
}

/*
 * vpshufb control of the unpacking of `bits`-bit fields: byte k < 3 of
 * dword j of 128-bit lane l takes the byte at offset k from the one
 * holding the first bit of field 4l + j, counted from the lane's first
 * byte, that holding field 4l's first bit; byte 3 is zeroed.
 */
#define UNPACK_BYTE(bits, l, j, k) \
    ((bits) * (4 * (l) + (j)) / 8 - (bits) * 4 * (l) / 8 + (k))
#define UNPACK_DWORD(bits, l, j) \
    UNPACK_BYTE(bits, l, j, 0), UNPACK_BYTE(bits, l, j, 1), \
    UNPACK_BYTE(bits, l, j, 2), -1
#define UNPACK_LANE(bits, l) \
    UNPACK_DWORD(bits, l, 0), UNPACK_DWORD(bits, l, 1), \
    UNPACK_DWORD(bits, l, 2), UNPACK_DWORD(bits, l, 3)
/* the bit of field 4l + j's first byte that it starts at */
#define UNPACK_SHIFT(bits, l, j) ((bits) * (4 * (l) + (j)) % 8)
#define UNPACK_SHIFTS(bits) \
    UNPACK_SHIFT(bits, 0, 0), UNPACK_SHIFT(bits, 0, 1), \
    UNPACK_SHIFT(bits, 0, 2), UNPACK_SHIFT(bits, 0, 3), \
    UNPACK_SHIFT(bits, 1, 0), UNPACK_SHIFT(bits, 1, 1), \
    UNPACK_SHIFT(bits, 1, 2), UNPACK_SHIFT(bits, 1, 3)
/* the bytes a step's two loads reach: the high lane's 16 from its start */
#define UNPACK_REACH(bits) ((bits) * 4 / 8 + 16)

/* The eight fields at in (see the top), in [0, 2^bits). */
PACK_INLINE __m256i unpack8(const uint8_t *in, int bits, __m256i shuf,
                            __m256i shift)
{
    __m256i v = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)in)),
        _mm_loadu_si128((const __m128i *)(in + bits * 4 / 8)), 1);

    v = ML_DSA_CT_VEC(_mm256_shuffle_epi8, v, shuf);
    return _mm256_and_si256(_mm256_srlv_epi32(v, shift),
                            _mm256_set1_epi32((1 << bits) - 1));
}

/*
 * BitUnpack of 256 fields of `bits` bits (a constant: the controls fold)
 * from the 32 * bits bytes at in: c[i] = b - field i (negate) or field i.
 * Returns the OR of every c[i] + check (the eta decoder's range check: a
 * negative sum when some c[i] < -check).
 */
PACK_INLINE int32_t unpack_bits_avx2(int32_t *c, const uint8_t *in, int bits,
                                     int32_t b, int negate, int32_t check)
{
    const __m256i shuf = _mm256_setr_epi8(UNPACK_LANE(bits, 0),
                                          UNPACK_LANE(bits, 1));
    const __m256i shift = _mm256_setr_epi32(UNPACK_SHIFTS(bits));
    const __m256i vb = _mm256_set1_epi32(b);
    const __m256i vcheck = _mm256_set1_epi32(check);
    const size_t len = 32 * (size_t)bits;
    __m256i v, bad = _mm256_setzero_si256();
    uint8_t tail[64];
    size_t i = 0, pos = 0, rest;

    for (; pos + UNPACK_REACH(bits) <= len; i += 8, pos += (size_t)bits) {
        v = unpack8(in + pos, bits, shuf, shift);
        if (negate)
            v = _mm256_sub_epi32(vb, v);
        bad = _mm256_or_si256(bad, _mm256_add_epi32(v, vcheck));
        _mm256_storeu_si256((__m256i *)(c + i), v);
    }
    rest = len - pos;
    memset(tail, 0, sizeof(tail));
    memcpy(tail, in + pos, rest);
    for (pos = 0; i < ML_DSA_N; i += 8, pos += (size_t)bits) {
        v = unpack8(tail + pos, bits, shuf, shift);
        if (negate)
            v = _mm256_sub_epi32(vb, v);
        bad = _mm256_or_si256(bad, _mm256_add_epi32(v, vcheck));
        _mm256_storeu_si256((__m256i *)(c + i), v);
    }
    ossl_cleanse(tail, sizeof(tail));
    /* the sign bits of the lanes' ORs */
    return -(int32_t)(_mm256_movemask_ps(_mm256_castsi256_ps(bad)) != 0);
}

ML_DSA_AVX2_FN void ossl_ml_dsa_poly_pack_eta_avx2(uint8_t *out,
                                                   const ML_DSA_POLY *s,
                                                   int eta)
{
    if (eta == 2)
        pack_bits_avx2(out, s->coeff, 3, 2, 1);
    else
        pack_bits_avx2(out, s->coeff, 4, 4, 1);
}

ML_DSA_AVX2_FN int ossl_ml_dsa_poly_unpack_eta_avx2(ML_DSA_POLY *p,
                                                    const uint8_t *in, int eta)
{
    int32_t bad = eta == 2 ? unpack_bits_avx2(p->coeff, in, 3, 2, 1, 2)
                           : unpack_bits_avx2(p->coeff, in, 4, 4, 1, 4);

    return bad >= 0;
}

ML_DSA_AVX2_FN void ossl_ml_dsa_poly_pack_t0_avx2(uint8_t *out,
                                                  const ML_DSA_POLY *t0)
{
    pack_bits_avx2(out, t0->coeff, ML_DSA_T0_BITS, ML_DSA_T0_MAX, 1);
}

ML_DSA_AVX2_FN void ossl_ml_dsa_poly_unpack_t0_avx2(ML_DSA_POLY *t0,
                                                    const uint8_t *in)
{
    (void)unpack_bits_avx2(t0->coeff, in, ML_DSA_T0_BITS, ML_DSA_T0_MAX, 1,
                           0);
}

ML_DSA_AVX2_FN void ossl_ml_dsa_poly_pack_t1_avx2(uint8_t *out,
                                                  const ML_DSA_POLY *t1)
{
    pack_bits_avx2(out, t1->coeff, ML_DSA_T1_BITS, 0, 0);
}

ML_DSA_AVX2_FN void ossl_ml_dsa_poly_unpack_t1_avx2(ML_DSA_POLY *t1,
                                                    const uint8_t *in)
{
    (void)unpack_bits_avx2(t1->coeff, in, ML_DSA_T1_BITS, 0, 0, 0);
}
