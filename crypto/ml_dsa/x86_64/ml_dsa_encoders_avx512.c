/*
 * AVX-512 versions of the per-polynomial packers of keys and signatures
 * (FIPS 204 Algorithms 16 - 20 as used by Algorithms 22 - 26), entries of
 * the AVX-512 poly ops (declared in ml_dsa_x86_64.h); each is
 * bit-identical to its generic twin in ml_dsa_encoders.c.  Only zmm
 * registers are used (no AVX512VL).  The packers are written once
 * (ml_dsa_encoders_avx512.inc) and built twice: *_avx512 with AVX512F,
 * BW and VBMI, placing bytes with vpermb, and *_avx512bw with AVX512F and
 * BW only (Skylake-SP, Cascade Lake), placing 16-bit words with vpermw.
 * The hint encoder and decoder need F and BW only and serve both.
 *
 * Unpacking w bits (3 <= w <= 20), 16 coefficients per step from 2w
 * bytes: a masked load reads exactly those bytes (nothing past the
 * input), then dword j gets the bits from j * w on in its low bits, and a
 * mask keeps w of them.  With VBMI, vpermb copies into dword j the four
 * bytes starting with the one that holds bit j * w, and vpsrlvd drops the
 * (j * w) % 8 bits below it; with BW, vpermw copies the two 16-bit words
 * starting with the one that holds bit j * w, and vpsrlvd drops the
 * (j * w) % 16 bits below it: (j * w) % 16 + w <= 32 for every w used
 * here (3, 4, 10, 13, and 18 and 20, whose offsets are even and multiples
 * of 4), so the 32 bits hold them all.
 *
 * Packing w bits (10 <= w <= 20), 16 coefficients per step into 2w
 * bytes: the values of each dword pair join into one 2w-bit chunk per
 * qword (c_2m | c_2m+1 << w), vpsllvq moves chunk m up by the bit offset
 * of its start within its first byte (VBMI: (2w * m) % 8) or 16-bit word
 * (BW: (2w * m) % 16), and two vpermb (vpermw) put the chunks' bytes
 * (words) in place: every output byte (word) holds bits of the chunk that
 * contains its lowest bit and at most of one more, the next chunk, whose
 * first byte (word) it then is (2w >= 16).  A masked store writes the 2w
 * bytes.  The eta packer (3 or 4 bits) narrows to bytes first and joins
 * with multiply-adds instead.
 */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>
#include "internal/ct.h"
#include "ml_dsa_x86_64.h"

#define AVX512_VBMI_FN __attribute__((target("avx512f,avx512bw,avx512vbmi")))
#define AVX512_BW_FN __attribute__((target("avx512f,avx512bw")))

/* Bitwise m ? a : b (vpternlogq truth table 0xca), for ML_DSA_CT_VEC. */
#define SELECT_BITS(m, a, b) _mm512_ternarylogic_epi64(m, a, b, 0xca)

/* The opmask of the first n bytes (n < 64). */
#define FIRST_BYTES(n) ((__mmask64)(((uint64_t)1 << (n)) - 1))

/* F(w, o) for o = 0 .. 15, 0 .. 31 or 0 .. 63, as initialiser lists. */
#define L8(F, w, o) F(w, (o)), F(w, (o) + 1), F(w, (o) + 2), F(w, (o) + 3), \
    F(w, (o) + 4), F(w, (o) + 5), F(w, (o) + 6), F(w, (o) + 7)
#define L16(F, w) L8(F, w, 0), L8(F, w, 8)
#define L32(F, w) L8(F, w, 0), L8(F, w, 8), L8(F, w, 16), L8(F, w, 24)
#define L64(F, w) L32(F, w), L8(F, w, 32), L8(F, w, 40), L8(F, w, 48), \
    L8(F, w, 56)
/* F(w, o) | ... for o = 0 .. 31 or 0 .. 63. */
#define O8(F, w, o) (F(w, (o)) | F(w, (o) + 1) | F(w, (o) + 2) | F(w, (o) + 3) \
    | F(w, (o) + 4) | F(w, (o) + 5) | F(w, (o) + 6) | F(w, (o) + 7))
#define O32(F, w) (O8(F, w, 0) | O8(F, w, 8) | O8(F, w, 16) | O8(F, w, 24))
#define O64(F, w) (O32(F, w) | O8(F, w, 32) | O8(F, w, 40) | O8(F, w, 48) \
    | O8(F, w, 56))

/* An unpack table in registers, with the mask of w bits. */
typedef struct {
    __m512i idx, shift, mask;
    __mmask64 bytes;
} UNPACKER;

/* A pack table in registers, with the masks of w bits. */
typedef struct {
    __m512i a, b, shift, mask, low;
    __m128i hi_shift;
    __mmask64 bmask, bytes;
} PACKER;

/*
 * The eta packer's byte orders.  After vpackusdw and vpackuswb of four
 * vectors of 16 coefficients (A, B, C, D = coefficients 0-15, ... 48-63),
 * byte 4g + i of 128-bit lane L holds coefficient 16g + 4L + i.
 * eta = 4: vpmaddubsw joins byte pairs into one byte per word; output byte
 * o (coefficients 2o, 2o + 1: g = o / 8, L = (o % 8) / 2, pair o % 2) is
 * the low byte of word 2g + o % 2 of lane L.
 * eta = 2: vpmaddubsw and vpmaddwd join groups of four into 12 bits in
 * dword g of lane L; vpermd puts group n = 4g + L (coefficients 4n ..
 * 4n + 3) in dword n, from dword 4(n % 4) + n / 4; pairs then join into
 * 24 bits per qword, of which output bytes 3m .. 3m + 2 are bytes 0 - 2.
 */
#define ETA2_GROUP(w, n) (4 * ((n) % 4) + (n) / 4)
static const uint32_t eta2_group[16] = { L16(ETA2_GROUP, 0) };

/*
 * With VBMI.  Unpack tables for w bits: byte o of the vpermb index is
 * byte o % 4 of dword j = o / 4, the byte (j * w) / 8 + o % 4 of the
 * input; dword j of the shift is (j * w) % 8.
 */
typedef struct {
    uint8_t idx[64];
    uint32_t shift[16];
} UNPACK16;
#define UNPACK_IDX(w, o) ((((o) / 4) * (w)) / 8 + (o) % 4)
#define UNPACK_SHIFT(w, j) (((j) * (w)) % 8)
#define UNPACK16_TABLE(w) { { L64(UNPACK_IDX, w) }, { L16(UNPACK_SHIFT, w) } }

/*
 * With VBMI.  Pack tables for w bits: output byte o holds bit 8o of the
 * stream, in chunk k = 8o / 2w = 4o / w, which starts in byte w * k / 4
 * and (after the shift) sits in qword k from its byte 0: a[o] = 8k + o -
 * w * k / 4.  When chunk k + 1 starts inside byte o (w * (k + 1) / 4 ==
 * o), its byte 0 is ORed in: b[o] = 8(k + 1), bit o of bmask.  Qword m of
 * the shift is (2w * m) % 8.  Entries past byte 2w are never stored (& 63
 * keeps them bytes).
 */
typedef struct {
    uint8_t a[64], b[64];
    uint64_t shift[8];
    uint64_t bmask;
} PACK16;
#define PACK_K(w, o) (4 * (o) / (w))
#define PACK_A(w, o) ((8 * PACK_K(w, o) + (o) - (w) * PACK_K(w, o) / 4) & 63)
#define PACK_B(w, o) ((8 * PACK_K(w, o) + 8) & 63)
#define PACK_BBIT(w, o) \
    ((uint64_t)((o) < 2 * (w) && (w) * (PACK_K(w, o) + 1) / 4 == (o)) << (o))
#define PACK_SHIFT(w, m) ((2 * (w) * (m)) % 8)
#define PACK16_TABLE(w) { { L64(PACK_A, w) }, { L64(PACK_B, w) }, \
    { L8(PACK_SHIFT, w, 0) }, O64(PACK_BBIT, w) }

static inline AVX512_VBMI_FN UNPACKER unpacker_avx512(const UNPACK16 *t, int w)
{
    UNPACKER u;

    u.idx = _mm512_loadu_si512(t->idx);
    u.shift = _mm512_loadu_si512(t->shift);
    u.mask = _mm512_set1_epi32((1 << w) - 1);
    u.bytes = FIRST_BYTES(2 * w);
    return u;
}

static inline AVX512_VBMI_FN PACKER packer_avx512(const PACK16 *t, int w)
{
    PACKER p;

    p.a = _mm512_loadu_si512(t->a);
    p.b = _mm512_loadu_si512(t->b);
    p.shift = _mm512_loadu_si512(t->shift);
    p.mask = _mm512_set1_epi32((1 << w) - 1);
    p.low = _mm512_set1_epi64((1 << w) - 1);
    p.hi_shift = _mm_cvtsi32_si128(32 - w);
    p.bmask = t->bmask;
    p.bytes = FIRST_BYTES(2 * w);
    return p;
}

/* 16 values of w bits from the 2w bytes at in (BitsToBytes order). */
static inline AVX512_VBMI_FN __m512i unpack16_avx512(const uint8_t *in,
                                                     const UNPACKER *u)
{
    __m512i v = _mm512_maskz_loadu_epi8(u->bytes, in);

    v = ML_DSA_CT_VEC(_mm512_permutexvar_epi8, u->idx, v);
    return _mm512_and_si512(_mm512_srlv_epi32(v, u->shift), u->mask);
}

/* 16 values of w bits (each below 2^w) into the 2w bytes at out. */
static inline AVX512_VBMI_FN void pack16_avx512(uint8_t *out, __m512i v,
                                                const PACKER *p)
{
    /* low w bits from c_2m, the next w from c_2m+1 (shifted down to w) */
    __m512i q = ML_DSA_CT_VEC(SELECT_BITS, p->low, v,
                              _mm512_srl_epi64(v, p->hi_shift));

    q = _mm512_sllv_epi64(q, p->shift);
    q = _mm512_or_si512(ML_DSA_CT_VEC(_mm512_permutexvar_epi8, p->a, q),
                        ML_DSA_CT_VEC(_mm512_maskz_permutexvar_epi8, p->bmask,
                                      p->b, q));
    _mm512_mask_storeu_epi8(out, p->bytes, q);
}

/*
 * The eta packer's last step with VBMI: vpermb puts the 32 bytes (eta =
 * 4: the low bytes of the words named above) or 24 bytes (eta = 2: bytes
 * 0 - 2 of each qword) in order, and a masked store writes them.
 */
#define ETA4_IDX(w, o) ((16 * (((o) % 8) / 2) + 4 * ((o) / 8) + 2 * ((o) % 2)) & 63)
#define ETA2_IDX(w, o) ((8 * ((o) / 3) + (o) % 3) & 63)
static const uint8_t eta4_idx[64] = { L64(ETA4_IDX, 0) };
static const uint8_t eta2_idx[64] = { L64(ETA2_IDX, 0) };

static inline AVX512_VBMI_FN void eta_store_avx512(uint8_t *out, __m512i b,
                                                   int eta)
{
    const __m512i idx = _mm512_loadu_si512(eta == 2 ? eta2_idx : eta4_idx);

    _mm512_mask_storeu_epi8(out, FIRST_BYTES(eta == 2 ? 24 : 32),
                            ML_DSA_CT_VEC(_mm512_permutexvar_epi8, idx, b));
}

static const UNPACK16 unpack_eta2_avx512 = UNPACK16_TABLE(3);
static const UNPACK16 unpack_eta4_avx512 = UNPACK16_TABLE(4);
static const UNPACK16 unpack_t0_avx512 = UNPACK16_TABLE(ML_DSA_T0_BITS);
static const UNPACK16 unpack_t1_avx512 = UNPACK16_TABLE(ML_DSA_T1_BITS);
static const UNPACK16 unpack_z18_avx512 = UNPACK16_TABLE(18);
static const UNPACK16 unpack_z20_avx512 = UNPACK16_TABLE(20);
static const PACK16 pack_t0_avx512 = PACK16_TABLE(ML_DSA_T0_BITS);
static const PACK16 pack_t1_avx512 = PACK16_TABLE(ML_DSA_T1_BITS);
static const PACK16 pack_z18_avx512 = PACK16_TABLE(18);
static const PACK16 pack_z20_avx512 = PACK16_TABLE(20);

#define ENC(name) name##_avx512
#define ENC_FN AVX512_VBMI_FN
#include "ml_dsa_encoders_avx512.inc"
#undef ENC
#undef ENC_FN

/*
 * With BW only.  Unpack tables for w bits: word o of the vpermw index is
 * word o % 2 of dword j = o / 2, the word (j * w) / 16 + o % 2 of the
 * input; dword j of the shift is (j * w) % 16.
 */
typedef struct {
    uint16_t idx[32];
    uint32_t shift[16];
} UNPACK16W;
#define UNPACKW_IDX(w, o) ((((o) / 2) * (w)) / 16 + (o) % 2)
#define UNPACKW_SHIFT(w, j) (((j) * (w)) % 16)
#define UNPACK16W_TABLE(w) { { L32(UNPACKW_IDX, w) }, \
    { L16(UNPACKW_SHIFT, w) } }

/*
 * With BW only.  Pack tables for w bits: output word o holds bit 16o of
 * the stream, in chunk k = 16o / 2w = 8o / w, which starts in word
 * w * k / 8 and (after the shift) sits in qword k from its word 0: a[o] =
 * 4k + o - w * k / 8.  When chunk k + 1 starts inside word o (w * (k + 1)
 * / 8 == o), its word 0 is ORed in: b[o] = 4(k + 1), bit o of bmask.
 * Qword m of the shift is (2w * m) % 16, so a chunk ends by bit 15 + 40
 * of its qword.  Entries past word w are never stored (& 31 keeps them
 * words).
 */
typedef struct {
    uint16_t a[32], b[32];
    uint64_t shift[8];
    uint64_t bmask;
} PACK16W;
#define PACKW_K(w, o) (8 * (o) / (w))
#define PACKW_A(w, o) ((4 * PACKW_K(w, o) + (o) - (w) * PACKW_K(w, o) / 8) & 31)
#define PACKW_B(w, o) ((4 * PACKW_K(w, o) + 4) & 31)
#define PACKW_BBIT(w, o) \
    ((uint64_t)((o) < (w) && (w) * (PACKW_K(w, o) + 1) / 8 == (o)) << (o))
#define PACKW_SHIFT(w, m) ((2 * (w) * (m)) % 16)
#define PACK16W_TABLE(w) { { L32(PACKW_A, w) }, { L32(PACKW_B, w) }, \
    { L8(PACKW_SHIFT, w, 0) }, O32(PACKW_BBIT, w) }

static inline AVX512_BW_FN UNPACKER unpacker_avx512bw(const UNPACK16W *t,
                                                      int w)
{
    UNPACKER u;

    u.idx = _mm512_loadu_si512(t->idx);
    u.shift = _mm512_loadu_si512(t->shift);
    u.mask = _mm512_set1_epi32((1 << w) - 1);
    u.bytes = FIRST_BYTES(2 * w);
    return u;
}

static inline AVX512_BW_FN PACKER packer_avx512bw(const PACK16W *t, int w)
{
    PACKER p;

    p.a = _mm512_loadu_si512(t->a);
    p.b = _mm512_loadu_si512(t->b);
    p.shift = _mm512_loadu_si512(t->shift);
    p.mask = _mm512_set1_epi32((1 << w) - 1);
    p.low = _mm512_set1_epi64((1 << w) - 1);
    p.hi_shift = _mm_cvtsi32_si128(32 - w);
    p.bmask = t->bmask;
    p.bytes = FIRST_BYTES(2 * w);
    return p;
}

/* 16 values of w bits from the 2w bytes at in (BitsToBytes order). */
static inline AVX512_BW_FN __m512i unpack16_avx512bw(const uint8_t *in,
                                                     const UNPACKER *u)
{
    __m512i v = _mm512_maskz_loadu_epi8(u->bytes, in);

    v = ML_DSA_CT_VEC(_mm512_permutexvar_epi16, u->idx, v);
    return _mm512_and_si512(_mm512_srlv_epi32(v, u->shift), u->mask);
}

/* 16 values of w bits (each below 2^w) into the 2w bytes at out. */
static inline AVX512_BW_FN void pack16_avx512bw(uint8_t *out, __m512i v,
                                                const PACKER *p)
{
    /* low w bits from c_2m, the next w from c_2m+1 (shifted down to w) */
    __m512i q = ML_DSA_CT_VEC(SELECT_BITS, p->low, v,
                              _mm512_srl_epi64(v, p->hi_shift));

    q = _mm512_sllv_epi64(q, p->shift);
    q = _mm512_or_si512(ML_DSA_CT_VEC(_mm512_permutexvar_epi16, p->a, q),
                        ML_DSA_CT_VEC(_mm512_maskz_permutexvar_epi16,
                                      (__mmask32)p->bmask, p->b, q));
    _mm512_mask_storeu_epi8(out, p->bytes, q);
}

/*
 * The eta packer's last step with BW only.  eta = 4: vpermw puts the
 * words named above in order (word o of the index is ETA4_IDX(o) / 2) and
 * vpmovwb keeps their low bytes, 32 of them.  eta = 2: vpshufb packs
 * bytes 0 - 2 of both qwords of each 128-bit lane into its words 0 - 2,
 * and vpermw gathers those three words of the four lanes: 24 bytes.
 */
#define ETA4_WORD(w, o) (ETA4_IDX(w, o) / 2)
#define ETA2_WORD(w, o) ((8 * ((o) / 3) + (o) % 3) & 31)
static const uint16_t eta4_word[32] = { L32(ETA4_WORD, 0) };
static const uint16_t eta2_word[32] = { L32(ETA2_WORD, 0) };

static inline AVX512_BW_FN void eta_store_avx512bw(uint8_t *out, __m512i b,
                                                   int eta)
{
    const __m512i lane3 = _mm512_broadcast_i32x4(
        _mm_setr_epi8(0, 1, 2, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                      -1));

    if (eta == 2) {
        b = ML_DSA_CT_VEC(_mm512_shuffle_epi8, b, lane3);
        b = ML_DSA_CT_VEC(_mm512_permutexvar_epi16,
                          _mm512_loadu_si512(eta2_word), b);
        _mm512_mask_storeu_epi8(out, FIRST_BYTES(24), b);
    } else {
        b = ML_DSA_CT_VEC(_mm512_permutexvar_epi16,
                          _mm512_loadu_si512(eta4_word), b);
        _mm256_storeu_si256((__m256i *)out,
                            ML_DSA_CT_VEC(_mm512_cvtepi16_epi8, b));
    }
}

static const UNPACK16W unpack_eta2_avx512bw = UNPACK16W_TABLE(3);
static const UNPACK16W unpack_eta4_avx512bw = UNPACK16W_TABLE(4);
static const UNPACK16W unpack_t0_avx512bw = UNPACK16W_TABLE(ML_DSA_T0_BITS);
static const UNPACK16W unpack_t1_avx512bw = UNPACK16W_TABLE(ML_DSA_T1_BITS);
static const UNPACK16W unpack_z18_avx512bw = UNPACK16W_TABLE(18);
static const UNPACK16W unpack_z20_avx512bw = UNPACK16W_TABLE(20);
static const PACK16W pack_t0_avx512bw = PACK16W_TABLE(ML_DSA_T0_BITS);
static const PACK16W pack_t1_avx512bw = PACK16W_TABLE(ML_DSA_T1_BITS);
static const PACK16W pack_z18_avx512bw = PACK16W_TABLE(18);
static const PACK16W pack_z20_avx512bw = PACK16W_TABLE(20);

#define ENC(name) name##_avx512bw
#define ENC_FN AVX512_BW_FN
#include "ml_dsa_encoders_avx512.inc"
#undef ENC
#undef ENC_FN

/*
 * HintBitPack (FIPS 204 Algorithm 20), as ossl_ml_dsa_hint_encode_generic: a
 * vptestmb finds the non-zero bytes of 64 hint bytes at a time, and the
 * loop visits only the set bits of that mask.  Public data (a signature
 * that is released), so the loop may depend on it.
 */
void AVX512_BW_FN ossl_ml_dsa_hint_encode_avx512(uint8_t *out,
                                                 const ML_DSA_PARAMS *params,
                                                 const uint8_t *h)
{
    size_t i, j, index = 0;
    size_t omega = (size_t)params->omega;
    uint64_t m;
    __m512i v;

    memset(out, 0, omega + params->k);
    for (i = 0; i < params->k; i++, h += ML_DSA_N) {
        for (j = 0; j < ML_DSA_N; j += 64) {
            v = _mm512_loadu_si512(h + j);
            for (m = _mm512_test_epi8_mask(v, v); m != 0; m &= m - 1)
                out[index++] = (uint8_t)(j + (size_t)__builtin_ctzll(m));
        }
        out[omega + i] = (uint8_t)index;
    }
}

/*
 * HintBitUnpack (FIPS 204 Algorithm 21), as ossl_ml_dsa_hint_decode_generic:
 * the k counts are checked one by one (non-decreasing, at most omega),
 * which marks where each polynomial's indices start; the omega index
 * bytes (at most 80) are then checked 64 at a time, each against the byte
 * before it (a masked load one byte back; the masked-off first byte is
 * never read): an index not above the one before it, except at a
 * polynomial's start, or a non-zero byte past the total makes the encoding
 * malformed.  h is cleared 64 bytes a store, and gets its ones by index.
 * Public data (a signature), so the loops may depend on it.
 */
int AVX512_BW_FN ossl_ml_dsa_hint_decode_avx512(const ML_DSA_PARAMS *params,
                                                uint8_t *h, const uint8_t *in)
{
    const size_t omega = (size_t)params->omega, k = params->k;
    uint64_t starts[2] = { 0, 0 }, used, bad = 0;
    size_t i, j, from, n, index = 0, end;
    __mmask64 bytes;
    __m512i cur, prev;

    for (i = 0; i < k; i++, index = end) {
        end = in[omega + i];
        if (end < index || end > omega)
            return 0;
        if (end > index)
            starts[index / 64] |= (uint64_t)1 << (index % 64);
    }
    for (from = 0; from < omega; from += 64) {
        n = omega - from < 64 ? omega - from : 64;
        bytes = n < 64 ? FIRST_BYTES(n) : ~(__mmask64)0;
        used = index <= from ? 0 : index - from >= 64 ? ~(uint64_t)0
               : ((uint64_t)1 << (index - from)) - 1;
        cur = _mm512_maskz_loadu_epi8(bytes, in + from);
        prev = _mm512_maskz_loadu_epi8(from == 0 ? bytes & ~(__mmask64)1 : bytes,
                                       in + from - 1);
        bad |= _mm512_cmple_epu8_mask(cur, prev) & used & ~starts[from / 64];
        bad |= _mm512_test_epi8_mask(cur, cur) & ~used;
    }
    if (bad != 0)
        return 0;
    for (j = 0; j < k * ML_DSA_N; j += 64)
        _mm512_storeu_si512(h + j, _mm512_setzero_si512());
    for (i = 0, index = 0; i < k; i++)
        for (end = in[omega + i]; index < end; index++)
            h[i * ML_DSA_N + in[index]] = 1;
    return 1;
}
