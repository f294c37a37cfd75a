/*
 * AVX2 versions of the hot encoders of a signing attempt, entries of
 * the x86_64-avx2 poly ops and bit-identical to the _generic
 * functions there: BitUnpack(v, gamma1 - 1, gamma1) (FIPS 204 Algorithm 27
 * line 6, and Algorithm 34 line 5, the mask), its BitPack (Algorithm 26),
 * w1Encode (Algorithm 28) and HintBitPack (Algorithm 20).
 *
 * BitUnpack: eight coefficients per step, 8 * 18 bits = 18 bytes or
 * 8 * 20 bits = 20 bytes.  Each 128-bit lane takes the bytes of four
 * coefficients (the high lane from half way through the step); vpshufb
 * puts the three bytes holding coefficient j into dword j, vpsrlvd drops
 * the bits of its left neighbour, a mask its right one.  The loads reach
 * up to 26 bytes past the step's start, so the last step reads from a
 * copy of its bytes.
 */
#include <stdint.h>
#include <string.h>
#include "ml_dsa_x86_64.h"

#include <immintrin.h>
#include "internal/cleanse.h"
#include "internal/ct.h"


/* Coefficients per step, and the bytes that one step's two loads reach. */
#define Z_STEP 8
#define Z_LOAD_REACH 32

/*
 * Eight coefficients of `bits` (18 or 20) bits from in: lane 0 from in,
 * lane 1 from in + half (the bytes of coefficients 4 - 7); shuf gives the
 * byte offsets within each lane, shift the bit offsets.
 */
static inline ML_DSA_AVX2_FN __m256i unpack8(const uint8_t *in, size_t half,
                                      __m256i shuf, __m256i shift,
                                      __m256i mask, __m256i gamma1)
{
    __m256i v = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)in)),
        _mm_loadu_si128((const __m128i *)(in + half)), 1);

    v = ML_DSA_CT_VEC(_mm256_shuffle_epi8, v, shuf);
    v = _mm256_and_si256(_mm256_srlv_epi32(v, shift), mask);
    return _mm256_sub_epi32(gamma1, v);
}

void ML_DSA_AVX2_FN ossl_ml_dsa_poly_unpack_z_avx2(ML_DSA_POLY *z, const uint8_t *in,
                                            int gamma1_bits)
{
    /*
     * Byte b of dword j of a lane (-1: zero): coefficient j of the lane
     * starts at bit bits * j, in byte (bits * j) / 8, at bit (bits * j) % 8.
     */
    const __m256i shuf18 = _mm256_setr_epi8(
        0, 1, 2, -1, 2, 3, 4, -1, 4, 5, 6, -1, 6, 7, 8, -1,
        0, 1, 2, -1, 2, 3, 4, -1, 4, 5, 6, -1, 6, 7, 8, -1);
    const __m256i shuf20 = _mm256_setr_epi8(
        0, 1, 2, -1, 2, 3, 4, -1, 5, 6, 7, -1, 7, 8, 9, -1,
        0, 1, 2, -1, 2, 3, 4, -1, 5, 6, 7, -1, 7, 8, 9, -1);
    const int bits = gamma1_bits + 1;
    const size_t step_bytes = (size_t)bits;     /* 8 coefficients */
    const __m256i shuf = bits == 18 ? shuf18 : shuf20;
    const __m256i shift = bits == 18
        ? _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)
        : _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4);
    const __m256i mask = _mm256_set1_epi32((1 << bits) - 1);
    const __m256i gamma1 = _mm256_set1_epi32(1 << gamma1_bits);
    uint8_t last[Z_LOAD_REACH];
    size_t i;

    for (i = 0; i < ML_DSA_N - Z_STEP; i += Z_STEP, in += step_bytes)
        _mm256_storeu_si256((__m256i *)&z->coeff[i],
                            unpack8(in, step_bytes / 2, shuf, shift, mask,
                                    gamma1));
    memset(last, 0, sizeof(last));
    memcpy(last, in, step_bytes);
    _mm256_storeu_si256((__m256i *)&z->coeff[i],
                        unpack8(last, step_bytes / 2, shuf, shift, mask,
                                gamma1));
    ossl_cleanse(last, sizeof(last));
}

/*
 * BitPack(z, gamma1 - 1, gamma1) (Algorithm 26 line 3): eight coefficients
 * per step, their values gamma1 - z of `bits` (18 or 20) bits.  Each odd
 * 32-bit field is shifted next to the even one below it (a 64-bit pair of
 * 2 * bits bits), the high pair of each 128-bit lane next to the low one
 * (a 128-bit quad: 9 or 10 bytes); the low lane's 16 bytes are stored at
 * the step's start, the high lane's half a step on, each store reaching
 * into bytes the next one overwrites.  The last step, whose stores would
 * pass the end, goes through a buffer.  Released in the signature.
 */
#define ZPACK_REACH(bits) ((size_t)(bits) / 2 + 16)

static inline ML_DSA_AVX2_FN void pack_z8(uint8_t *out, __m256i v, int bits)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i x = _mm256_or_si256(
        _mm256_blend_epi32(v, zero, 0xAA),
        _mm256_srl_epi64(_mm256_blend_epi32(zero, v, 0xAA),
                         _mm_cvtsi32_si128(32 - bits)));
    __m256i t = _mm256_srli_si256(x, 8);
    __m256i lo = _mm256_or_si256(x, _mm256_sll_epi64(
                                     t, _mm_cvtsi32_si128(2 * bits)));
    __m256i hi = _mm256_srl_epi64(t, _mm_cvtsi32_si128(64 - 2 * bits));

    x = _mm256_blend_epi32(lo, _mm256_slli_si256(hi, 8), 0xCC);
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(x));
    _mm_storeu_si128((__m128i *)(out + bits / 2),
                     _mm256_extracti128_si256(x, 1));
}

void ML_DSA_AVX2_FN ossl_ml_dsa_poly_pack_z_avx2(uint8_t *out,
                                                 const ML_DSA_POLY *z,
                                                 int gamma1_bits)
{
    const int bits = gamma1_bits + 1;
    const size_t len = 32 * (size_t)bits;
    const __m256i gamma1 = _mm256_set1_epi32(1 << gamma1_bits);
    uint8_t last[ZPACK_REACH(20)];
    size_t i, pos;
    __m256i v;

    for (i = 0, pos = 0; i < ML_DSA_N; i += 8, pos += (size_t)bits) {
        v = _mm256_sub_epi32(gamma1,
                             _mm256_loadu_si256((const __m256i *)&z->coeff[i]));
        if (pos + ZPACK_REACH(bits) <= len) {
            pack_z8(out + pos, v, bits);
        } else {
            pack_z8(last, v, bits);
            memcpy(out + pos, last, (size_t)bits);
        }
    }
}

/*
 * w1Encode: 32 coefficients per step.  Two saturating packs narrow them to
 * bytes (in range, nothing saturates), a dword permutation undoes the
 * packs' lane interleaving; vpmaddubsw joins pairs (c0 + c1 * 2^bits), for
 * 6 bits vpmaddwd then joins pairs of pairs into 24-bit groups, which a
 * byte shuffle and a dword permutation make contiguous.
 */
#define W1_STEP 32

void ML_DSA_AVX2_FN ossl_ml_dsa_poly_pack_w1_avx2(uint8_t *out, const ML_DSA_POLY *w1,
                                           int bits)
{
    const __m256i natural = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    const __m256i pair = _mm256_set1_epi16(bits == 6 ? 0x4001 : 0x1001);
    const __m256i quad = _mm256_set1_epi32(0x10000001);   /* 1, 2^12 */
    const __m256i squeeze = _mm256_setr_epi8(
        0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
        0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    const int32_t *c = w1->coeff;
    __m256i b, v;
    size_t i;

    for (i = 0; i < ML_DSA_N; i += W1_STEP, c += W1_STEP) {
        b = _mm256_packus_epi16(
            _mm256_packs_epi32(_mm256_loadu_si256((const __m256i *)c),
                               _mm256_loadu_si256((const __m256i *)(c + 8))),
            _mm256_packs_epi32(_mm256_loadu_si256((const __m256i *)(c + 16)),
                               _mm256_loadu_si256((const __m256i *)(c + 24))));
        b = ML_DSA_CT_VEC(_mm256_permutevar8x32_epi32, b, natural);
        v = _mm256_maddubs_epi16(b, pair);
        if (bits == 6) {
            v = _mm256_madd_epi16(v, quad);
            v = ML_DSA_CT_VEC(_mm256_shuffle_epi8, v, squeeze);
            v = ML_DSA_CT_VEC(_mm256_permutevar8x32_epi32, v, join);
            _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(v));
            _mm_storel_epi64((__m128i *)(out + 16),
                             _mm256_extracti128_si256(v, 1));
            out += W1_STEP * 6 / 8;
        } else {
            v = _mm256_permute4x64_epi64(_mm256_packus_epi16(v, v), 0x08);
            _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(v));
            out += W1_STEP * 4 / 8;
        }
    }
}


/*
 * HintBitPack (FIPS 204 Algorithm 20), as ossl_ml_dsa_hint_encode_generic:
 * vpcmpeqb and vpmovmskb find the non-zero bytes of 32 hint bytes at a
 * time, and the loop visits only the set bits of that mask.  Public data
 * (a signature that is released), so the loop may depend on it.
 */
void ML_DSA_AVX2_FN ossl_ml_dsa_hint_encode_avx2(uint8_t *out,
                                                 const ML_DSA_PARAMS *params,
                                                 const uint8_t *h)
{
    size_t i, j, index = 0;
    size_t omega = (size_t)params->omega;
    uint32_t m;
    __m256i v;

    memset(out, 0, omega + params->k);
    for (i = 0; i < params->k; i++, h += ML_DSA_N) {
        for (j = 0; j < ML_DSA_N; j += 32) {
            v = _mm256_loadu_si256((const __m256i *)(h + j));
            m = ~(uint32_t)_mm256_movemask_epi8(
                _mm256_cmpeq_epi8(v, _mm256_setzero_si256()));
            for (; m != 0; m &= m - 1)
                out[index++] = (uint8_t)(j + (size_t)__builtin_ctz(m));
        }
        out[omega + i] = (uint8_t)index;
    }
}
