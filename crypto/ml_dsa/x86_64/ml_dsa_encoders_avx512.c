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

/* F(u, w, o) for o = 0 .. 15, 0 .. 31 or 0 .. 63, as initialiser lists. */
#define L8(F, u, w, o) F(u, w, (o)), F(u, w, (o) + 1), F(u, w, (o) + 2), \
    F(u, w, (o) + 3), F(u, w, (o) + 4), F(u, w, (o) + 5), F(u, w, (o) + 6), \
    F(u, w, (o) + 7)
#define L16(F, u, w) L8(F, u, w, 0), L8(F, u, w, 8)
#define L32(F, u, w) L16(F, u, w), L8(F, u, w, 16), L8(F, u, w, 24)
#define L64(F, u, w) L32(F, u, w), L8(F, u, w, 32), L8(F, u, w, 40), \
    L8(F, u, w, 48), L8(F, u, w, 56)
/* F(u, w, o) | ... for o = 0 .. 31 or 0 .. 63. */
#define O8(F, u, w, o) (F(u, w, (o)) | F(u, w, (o) + 1) | F(u, w, (o) + 2) \
    | F(u, w, (o) + 3) | F(u, w, (o) + 4) | F(u, w, (o) + 5) \
    | F(u, w, (o) + 6) | F(u, w, (o) + 7))
#define O32(F, u, w) (O8(F, u, w, 0) | O8(F, u, w, 8) | O8(F, u, w, 16) \
    | O8(F, u, w, 24))
#define O64(F, u, w) (O32(F, u, w) | O8(F, u, w, 32) | O8(F, u, w, 40) \
    | O8(F, u, w, 48) | O8(F, u, w, 56))

/*
 * The unpack and pack tables for w bits, with units of u bits: bytes (u =
 * 8, vpermb) or 16-bit words (u = 16, vpermw); a zmm holds 512 / u units,
 * a dword 32 / u, a qword 64 / u.
 * Unpack: unit o of the index is unit o % (32 / u) of dword j = o / (32 /
 * u), the unit (j * w) / u + o % (32 / u) of the input; dword j of the
 * shift is (j * w) % u.
 * Pack: output unit o holds bit u * o of the stream, in chunk k = u * o /
 * 2w, which starts in unit 2w * k / u and (after the shift) sits in qword
 * k from its unit 0: a[o] = (64 / u) k + o - 2w * k / u.  When chunk k + 1
 * starts inside unit o (2w * (k + 1) / u == o), its unit 0 is ORed in:
 * b[o] = (64 / u)(k + 1), bit o of bmask.  Qword m of the shift is (2w *
 * m) % u, so a chunk ends by bit u - 1 + 40 of its qword.  Entries past
 * unit 16w / u are never stored (& (512 / u - 1) keeps them indices).
 */
#define UNPACK_IDX(u, w, o) \
    ((((o) / (32 / (u))) * (w)) / (u) + (o) % (32 / (u)))
#define UNPACK_SHIFT(u, w, j) (((j) * (w)) % (u))
#define PACK_K(u, w, o) ((u) * (o) / (2 * (w)))
#define PACK_A(u, w, o) (((64 / (u)) * PACK_K(u, w, o) + (o) \
    - 2 * (w) * PACK_K(u, w, o) / (u)) & (512 / (u) - 1))
#define PACK_B(u, w, o) (((64 / (u)) * (PACK_K(u, w, o) + 1)) & (512 / (u) - 1))
#define PACK_BBIT(u, w, o) ((uint64_t)((o) < 16 * (w) / (u) \
    && 2 * (w) * (PACK_K(u, w, o) + 1) / (u) == (o)) << (o))
#define PACK_SHIFT(u, w, m) ((2 * (w) * (m)) % (u))
/* Byte b of a table of units F(u, w, o): 16-bit units are little-endian,
 * their high bytes 0 (every index is below 64). */
#define UNIT_BYTE(F, u, w, b) \
    ((u) == 8 ? F(8, w, b) : (b) % 2 ? 0 : F(16, w, (b) / 2))
#define UNPACK_IDX_BYTE(u, w, b) UNIT_BYTE(UNPACK_IDX, u, w, b)
#define PACK_A_BYTE(u, w, b) UNIT_BYTE(PACK_A, u, w, b)
#define PACK_B_BYTE(u, w, b) UNIT_BYTE(PACK_B, u, w, b)

/* The tables, as bytes for either unit. */
typedef struct {
    uint8_t idx[64];
    uint32_t shift[16];
} UNPACK16;
typedef struct {
    uint8_t a[64], b[64];
    uint64_t shift[8];
    uint64_t bmask;
} PACK16;
#define UNPACK16_TABLE(u, w) { { L64(UNPACK_IDX_BYTE, u, w) }, \
    { L16(UNPACK_SHIFT, u, w) } }
#define PACK16_TABLE(u, w) { { L64(PACK_A_BYTE, u, w) }, \
    { L64(PACK_B_BYTE, u, w) }, { L8(PACK_SHIFT, u, w, 0) }, \
    O64(PACK_BBIT, u, w) }

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

/* An unpack or pack table in registers.  The helpers below need F and
 * BW only, and are inlined into both sets' functions. */
static inline AVX512_BW_FN UNPACKER unpacker(const UNPACK16 *t, int w)
{
    UNPACKER u;

    u.idx = _mm512_loadu_si512(t->idx);
    u.shift = _mm512_loadu_si512(t->shift);
    u.mask = _mm512_set1_epi32((1 << w) - 1);
    u.bytes = FIRST_BYTES(2 * w);
    return u;
}

static inline AVX512_BW_FN PACKER packer(const PACK16 *t, int w)
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
#define ETA2_GROUP(u, w, n) (4 * ((n) % 4) + (n) / 4)
static const uint32_t eta2_group[16] = { L16(ETA2_GROUP, 0, 0) };

/*
 * The eta packer's last step with VBMI: vpermb puts the 32 bytes (eta =
 * 4: the low bytes of the words named above) or 24 bytes (eta = 2: bytes
 * 0 - 2 of each qword) in order, and a masked store writes them.
 */
#define ETA4_IDX(u, w, o) \
    ((16 * (((o) % 8) / 2) + 4 * ((o) / 8) + 2 * ((o) % 2)) & 63)
#define ETA2_IDX(u, w, o) ((8 * ((o) / 3) + (o) % 3) & 63)
static const uint8_t eta4_idx[64] = { L64(ETA4_IDX, 0, 0) };
static const uint8_t eta2_idx[64] = { L64(ETA2_IDX, 0, 0) };

static inline AVX512_VBMI_FN void eta_store_avx512(uint8_t *out, __m512i b,
                                                   int eta)
{
    const __m512i idx = _mm512_loadu_si512(eta == 2 ? eta2_idx : eta4_idx);

    _mm512_mask_storeu_epi8(out, FIRST_BYTES(eta == 2 ? 24 : 32),
                            ML_DSA_CT_VEC(_mm512_permutexvar_epi8, idx, b));
}

#define ENC(name) name##_avx512
#define ENC_UNIT 8
#define ENC_FN AVX512_VBMI_FN
#define ENC_PERMUTE(idx, v) ML_DSA_CT_VEC(_mm512_permutexvar_epi8, idx, v)
#define ENC_MASKZ_PERMUTE(m, idx, v) \
    ML_DSA_CT_VEC(_mm512_maskz_permutexvar_epi8, m, idx, v)
#include "ml_dsa_encoders_avx512.inc"
#undef ENC
#undef ENC_UNIT
#undef ENC_FN
#undef ENC_PERMUTE
#undef ENC_MASKZ_PERMUTE

/*
 * The eta packer's last step with BW only.  eta = 4: vpermw puts the
 * words named above in order (word o of the index is ETA4_IDX(o) / 2) and
 * vpmovwb keeps their low bytes, 32 of them.  eta = 2: vpshufb packs
 * bytes 0 - 2 of both qwords of each 128-bit lane into its words 0 - 2,
 * and vpermw gathers those three words of the four lanes: 24 bytes.
 */
#define ETA4_WORD(u, w, o) (ETA4_IDX(u, w, o) / 2)
#define ETA2_WORD(u, w, o) ((8 * ((o) / 3) + (o) % 3) & 31)
static const uint16_t eta4_word[32] = { L32(ETA4_WORD, 0, 0) };
static const uint16_t eta2_word[32] = { L32(ETA2_WORD, 0, 0) };

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

#define ENC(name) name##_avx512bw
#define ENC_UNIT 16
#define ENC_FN AVX512_BW_FN
#define ENC_PERMUTE(idx, v) ML_DSA_CT_VEC(_mm512_permutexvar_epi16, idx, v)
#define ENC_MASKZ_PERMUTE(m, idx, v) \
    ML_DSA_CT_VEC(_mm512_maskz_permutexvar_epi16, (__mmask32)(m), idx, v)
#include "ml_dsa_encoders_avx512.inc"
#undef ENC
#undef ENC_UNIT
#undef ENC_FN
#undef ENC_PERMUTE
#undef ENC_MASKZ_PERMUTE

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
